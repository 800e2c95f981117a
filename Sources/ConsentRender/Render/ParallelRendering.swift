import Dispatch
import Foundation
import Synchronization

/// Calls `body` for every index in `0..<count` on up to `jobs` threads and returns the results in
/// index order. Each thread gets its own renderer (Pango font maps must not be shared between
/// threads), or the error that prevented making one. Indexes with the same `group` go to one
/// thread one after another, in index order (cells that differ only in colours, whose renderer
/// then shapes their text once). Groups with the same `batch` (a language and a text size: the
/// fonts a renderer finds and the text it lays out) are taken one after another by one thread, so a
/// matrix that runs device by device does not make every renderer look its fonts up again for
/// each device; threads take the next batch when they finish one. The results do not depend on
/// which thread renders what.
func renderInParallel<T: Sendable, Group: Hashable, Batch: Hashable>(
    count: Int, jobs: Int, templates: TemplateRegistry = .standard, group: (Int) -> Group, batch: (Int) -> Batch,
    _ body: @Sendable (Int, Result<ConsentRenderer, Error>) -> T
) -> [T] {
    precondition(jobs >= 1, "Parallel rendering needs at least one job")
    let (batches, workers) = parallelBatches(count: count, jobs: jobs, group: group, batch: batch)
    let slots = Slots<T>(count: count)
    let next = Atomic<Int>(0)
    onThreads(workers) { [batches] in
        let renderer = Result { try ConsentRenderer(templates: templates) }
        var memory = ConsentRenderer.MemoryReleaseCounter()
        while true {
            let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard taken < batches.count else { break }
            for index in batches[taken] {
                slots.set(index, body(index, renderer))
                memory.cellRendered()
            }
        }
    }
    return slots.values
}

/// The batches `renderInParallel` (and a matrix's worker processes) hand out, in the order they are
/// taken, and how many workers are worth starting for them: runs of one `group` kept whole, runs
/// of one `batch` together, and batches too long to share out evenly cut into pieces of whole runs.
func parallelBatches<Group: Hashable, Batch: Hashable>(count: Int, jobs: Int, group: (Int) -> Group,
                                                       batch: (Int) -> Batch) -> (batches: [[Int]], workers: Int) {
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
    // Runs by batch, in the order batches first appear.
    var batches: [[Int]] = []
    var batchOf: [Batch: Int] = [:]
    for run in runs {
        let key = batch(run[0])
        if let at = batchOf[key] {
            batches[at].append(contentsOf: run)
        } else {
            batchOf[key] = batches.count
            batches.append(run)
        }
    }
    let workers = min(jobs, max(1, runs.count))
    // A batch much longer than a worker's share in sixteen would leave the other workers idle at
    // the end (one language at one size for a hundred devices): such a batch is cut into pieces of
    // about that length, each still whole runs. A piece costs its worker one look-up of the
    // batch's fonts; an idle worker costs its whole core.
    let pieceLength = max(16, count / (16 * workers))
    if workers > 1 {
        batches = batches.flatMap { batch -> [[Int]] in
            guard batch.count > pieceLength else { return [batch] }
            let pieceCount = (batch.count + pieceLength - 1) / pieceLength
            let target = (batch.count + pieceCount - 1) / pieceCount
            var pieces: [[Int]] = [[]]
            var at = 0
            while at < batch.count {
                // Never split a run: its cells share their text.
                let runLength = runs[runOfGroup[group(batch[at])]!].count
                if pieces[pieces.count - 1].count >= target { pieces.append([]) }
                pieces[pieces.count - 1].append(contentsOf: batch[at..<at + runLength])
                at += runLength
            }
            return pieces
        }
    }
    return (batches, workers)
}

/// Runs `work` on `count` threads at once, the calling thread one of them, and returns when every
/// one has finished. Threads of their own, not Dispatch's pool: `concurrentPerform` runs its
/// iterations one after another on the calling thread while the pool is busy (a test run, a host
/// app's own work), and `--jobs 2` would then be one job. A thread the system refuses is left
/// out; callers share their work through a counter, so the others do its part.
func onThreads(_ count: Int, _ work: () -> Void) {
    guard count > 0 else { return }
    withoutActuallyEscaping(work) { work in
        let box = WorkBox(work)
        var threads: [pthread_t] = []
        for _ in 1..<count {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            // Pango and the layout code recurse; the main thread's 8 MiB, not a spawned thread's default.
            pthread_attr_setstacksize(&attributes, 8 << 20)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(box).toOpaque()
            let created = pthread_create(&thread, &attributes, { context in
                let box = Unmanaged<WorkBox>.fromOpaque(context!).takeRetainedValue()
                box.work?()
                return nil
            }, context)
            pthread_attr_destroy(&attributes)
            guard created == 0 else {
                Unmanaged<WorkBox>.fromOpaque(context).release()
                break
            }
            threads.append(thread)
        }
        work()
        for thread in threads { pthread_join(thread, nil) }
        // Every thread has ended: `work` is let go of before this call returns.
        box.work = nil
    }
}

private final class WorkBox: @unchecked Sendable {
    var work: (() -> Void)?
    init(_ work: @escaping () -> Void) { self.work = work }
}

/// `renderInParallel` with groups only.
func renderInParallel<T: Sendable, Group: Hashable>(count: Int, jobs: Int, templates: TemplateRegistry = .standard,
                                                    group: (Int) -> Group,
                                                    _ body: @Sendable (Int, Result<ConsentRenderer, Error>) -> T) -> [T] {
    renderInParallel(count: count, jobs: jobs, templates: templates, group: group, batch: group, body)
}

/// `renderInParallel` with every index on its own.
func renderInParallel<T: Sendable>(count: Int, jobs: Int, templates: TemplateRegistry = .standard,
                                   _ body: @Sendable (Int, Result<ConsentRenderer, Error>) -> T) -> [T] {
    renderInParallel(count: count, jobs: jobs, templates: templates, group: { $0 }, body)
}

/// Results filled in from several threads.
final class Slots<T: Sendable>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func has(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return storage[index] != nil
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
