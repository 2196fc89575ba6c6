import Foundation
import MojifyCore

/// Runs the passes of a scan: hands a pass's files to worker threads, which gather the files that pass the
/// prefilter into batches for the analyser (a translation unit costs more to set up than a file to lex), and
/// reports progress.
struct ScanScheduler {
    /// What a pass learnt about one file.
    struct Outcome {
        /// The file's index in the scan's file list.
        var index: Int
        /// Nil when the file holds none of the pass's needles.
        var result: FileResult?
        /// Whether the file contains one of the scan's markers; nil when the pass did not read it (or without markers).
        var marked: Bool?
    }

    let analyser: FileAnalyser
    let jobs: Int

    /// Analyses the files at `indices` on up to `jobs` threads; the outcomes are in the order of `indices`.
    func run(_ indices: [Int], pass: FileAnalyser.Pass, progress: IPCScanner.Progress?) -> [Outcome] {
        analyser.cache?.note(pass)
        // The headers traits macros lead to may need their AST: they are handled one by one.
        let batchSize = pass.typeNames == nil ? 48 : 1
        // Filled in place: a copy of 100,000 outcomes afterwards wrote tens of megabytes of fresh memory.
        return [Outcome](unsafeUninitializedCapacity: indices.count) { outcomes, initialized in
            for (position, index) in indices.enumerated() {
                (outcomes.baseAddress! + position).initialize(to: Outcome(index: index))
            }
            initialized = indices.count
            run(indices, pass: pass, progress: progress, batchSize: batchSize, slots: DisjointSlots(outcomes))
        }
    }

    private func run(_ indices: [Int], pass: FileAnalyser.Pass, progress: IPCScanner.Progress?, batchSize: Int, slots: DisjointSlots<Outcome>) {
        let next = WorkCounter()
        let done = WorkCounter()
        let jobs = max(1, min(jobs, indices.count))
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let workbench = FileAnalyser.Workbench()
            var pending: [(position: Int, file: FileAnalyser.PendingFile)] = []
            func store(_ results: [(position: Int, result: FileResult?)]) {
                for (position, result) in results {
                    slots.buffer[position].result = result
                }
                let snapshot = done.add(results.count)
                if !results.isEmpty, snapshot % 256 < results.count || snapshot == indices.count { progress?(snapshot, indices.count) }
            }
            func flush() {
                guard !pending.isEmpty else { return }
                let results = analyser.analyse(pending.map(\.file), pass: pass, workbench: workbench)
                store(zip(pending, results).map { ($0.position, $1) })
                pending.removeAll(keepingCapacity: true)
            }
            while true {
                let position = next.next()
                guard position < indices.count else { break }
                let (step, marked) = analyser.prefilter(indices[position], pass: pass, buffer: workbench.buffer)
                slots.buffer[position].marked = marked
                switch step {
                case let .finished(result):
                    store([(position, result)])
                case let .analyse(file):
                    pending.append((position, file))
                    if pending.count >= batchSize { flush() }
                }
            }
            flush()
        }
    }
}
