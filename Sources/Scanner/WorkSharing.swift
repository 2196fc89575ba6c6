import Foundation

/// Hands out 0, 1, 2... to worker threads, each number once, and counts work done: the shared counters of
/// `DispatchQueue.concurrentPerform` loops.
final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The next number not yet handed out.
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }

    /// Adds `count` and returns the new total.
    func add(_ count: Int) -> Int {
        lock.withLock {
            value += count
            return value
        }
    }
}

/// Slots that worker threads fill concurrently, each slot written by exactly one worker and read only after all of
/// them finished: disjoint access the compiler cannot prove, so the one unchecked `Sendable` lives here.
struct DisjointSlots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }
}
