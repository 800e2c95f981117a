import Dispatch
import Foundation

/// Calls `body` for every index in `0..<count` on up to `jobs` threads and returns the results in
/// index order. Each thread gets its own renderer (Pango font maps must not be shared between
/// threads), or the error that prevented making one. Indexes with the same `group` go to one
/// thread one after another, in index order (cells that differ only in colours, whose renderer
/// then shapes their text once).
func renderInParallel<T: Sendable, Group: Hashable>(count: Int, jobs: Int, templates: TemplateRegistry = .standard,
                                                    group: (Int) -> Group,
                                                    _ body: @Sendable (Int, Result<ConsentRenderer, Error>) -> T) -> [T] {
    precondition(jobs >= 1, "Parallel rendering needs at least one job")
    var runs: [[Int]] = []
    var runOfGroup: [Group: Int] = [:]
    for index in 0..<count {
        let key = group(index)
        if let run = runOfGroup[key] {
            runs[run].append(index)
        } else {
            runOfGroup[key] = runs.count
            runs.append([index])
        }
    }
    let slots = Slots<T>(count: count)
    let workers = min(jobs, max(1, runs.count))
    DispatchQueue.concurrentPerform(iterations: workers) { [runs] worker in
        let renderer = Result { try ConsentRenderer(templates: templates) }
        for run in stride(from: worker, to: runs.count, by: workers) {
            for index in runs[run] { slots.set(index, body(index, renderer)) }
        }
    }
    return slots.values
}

/// `renderInParallel` with every index on its own.
func renderInParallel<T: Sendable>(count: Int, jobs: Int, templates: TemplateRegistry = .standard,
                                   _ body: @Sendable (Int, Result<ConsentRenderer, Error>) -> T) -> [T] {
    renderInParallel(count: count, jobs: jobs, templates: templates, group: { $0 }, body)
}

/// Results filled in from several threads.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [T] {
        lock.lock()
        defer { lock.unlock() }
        return storage.map { value in
            guard let value else { preconditionFailure("Every index of a parallel render is filled before its results are read") }
            return value
        }
    }
}
