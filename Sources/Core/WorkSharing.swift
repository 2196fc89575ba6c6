import Foundation

/// Hands out 0, 1, 2... to worker threads, each number once, and counts work done: the shared counters of
/// `DispatchQueue.concurrentPerform` loops.
package final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    package init() {}

    /// The next number not yet handed out.
    package func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }

    /// Adds `count` and returns the new total.
    package func add(_ count: Int) -> Int {
        lock.withLock {
            value += count
            return value
        }
    }
}

/// Slots that worker threads fill concurrently, each slot written by exactly one worker and read only after all of
/// them finished: disjoint access the compiler cannot prove, so the one unchecked `Sendable` lives here.
package struct DisjointSlots<Element>: @unchecked Sendable {
    package let buffer: UnsafeMutableBufferPointer<Element>

    package init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }
}

/// A value worked out on another thread while the caller does something else; `value()` waits for it.
package final class BackgroundWork<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the worker before it signals `done`, read only after waiting for it.
    private var result: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = work()
            done.signal()
        }
    }

    package func value() -> Value {
        done.wait()
        defer { done.signal() }
        return result!
    }
}

extension Array where Element: Sendable {
    /// `map` on every core, the results in the order of the elements: for work on each of a tree's files (reading,
    /// parsing) that shares nothing between elements.
    package func concurrentMap<Result>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let elements = self
        return [Result](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            let slots = DisjointSlots(buffer)
            let next = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: Swift.max(1, Swift.min(ProcessInfo.processInfo.activeProcessorCount, elements.count))) { _ in
                while case let index = next.next(), index < elements.count {
                    (slots.buffer.baseAddress! + index).initialize(to: transform(elements[index]))
                }
            }
            initialized = elements.count
        }
    }
}

/// Frees `value` on another thread. The last owner of a large structure (a tree's file list, the results of a
/// scan's files) then does not wait for hundreds of thousands of deallocations before it answers, and a process
/// that exits right after its answer is written does not wait for them at all.
package func releaseInBackground<Value>(_ value: consuming Value) {
    let box = ReleasedValue(value)
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(box) {} }
}

/// What `releaseInBackground` hands over: no thread but the one freeing it touches the value any more.
private final class ReleasedValue<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: consuming Value) {
        self.value = value
    }
}
