import Dispatch
import Foundation

/// Calls `body` for every index in `0..<count` on up to `jobs` threads and returns the results in
/// index order. Each thread gets its own renderer (Pango font maps must not be shared between
/// threads), or the error that prevented making one.
func renderInParallel<T: Sendable>(count: Int, jobs: Int, templates: TemplateRegistry = .standard,
                                   _ body: @Sendable (Int, Result<ConsentRenderer, Error>) -> T) -> [T] {
    precondition(jobs >= 1, "Parallel rendering needs at least one job")
    let slots = Slots<T>(count: count)
    let workers = min(jobs, max(1, count))
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
        let renderer = Result { try ConsentRenderer(templates: templates) }
        for index in stride(from: worker, to: count, by: workers) {
            slots.set(index, body(index, renderer))
        }
    }
    return slots.values
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
