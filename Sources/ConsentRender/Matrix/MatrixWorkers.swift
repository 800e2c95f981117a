internal import CProcess
import Foundation
import Synchronization

/// How a matrix starts its worker processes: this program again, with arguments that make it
/// build the same `MatrixRender` and serve its cells (`serveCells`) instead of running it.
///
/// Why processes: every thread's renderer has its own Pango font map, but Cairo keeps one cache of
/// open FreeType faces for the whole process, which is not safe to share, so text is measured and
/// drawn under one process-wide lock. With two threads that lock (and the allocator they share)
/// costs about a quarter of the second core; two processes share nothing but the output folder.
public struct MatrixWorkerLaunch: Sendable {
    /// The program to start (render-cli's own binary).
    public var executable: URL
    /// Its arguments, without the program's name.
    public var arguments: [String]

    public init(executable: URL, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// What a worker process reports: that it is ready (with the cells it planned, which must be the
/// parent's), a cell's result, that a batch is done, or why it could not start. One JSON object per line.
struct MatrixWorkerMessage: Codable {
    struct Ready: Codable {
        /// The protocol's version: a worker of another build is refused.
        var version: Int
    }

    static let version = 1

    struct Failure: Codable {
        var message: String
        /// "input" or "environment", as `ErrorCause`.
        var cause: String
    }

    /// One cell's `CellResult`, by its index in the plan. Its manifest and gallery elements follow
    /// the line as raw bytes, `manifestBytes` then `galleryBytes` of them: JSON made once, in the worker.
    struct Result: Codable {
        var index: Int
        var pixelSize: LinkMap.PixelSize?
        var resolvedLanguage: String?
        var manifestBytes: Int?
        var galleryBytes: Int?
        var error: String?
        var errorCause: String?
        var usedDefaultLanguage: Bool
        var pngChecksum: String?
        var warnings: [String]
        var missingWords: LintFinding?
    }

    var ready: Ready?
    var result: Result?
    var done: Bool?
    var failed: Failure?
}

/// What the parent asks of a worker: render these cells, in this order. Each cell comes with its
/// variant, so the worker renders exactly the parent's cells (a sample of a plan, as `bench`
/// takes, too) and takes only the document and options from its arguments.
struct MatrixWorkerRequest: Codable {
    struct Cell: Codable {
        /// Its index in the parent's cells, which the result names.
        var index: Int
        var variant: VariantRecord
    }

    var batch: [Cell]
}

extension ErrorCause {
    var wireName: String { self == .input ? "input" : "environment" }

    init(wireName: String) {
        self = wireName == "input" ? .input : .environment
    }
}

extension MatrixRender {
    /// Whether every cell is what its variant record reads back as, so a worker can be told it:
    /// true for every matrix plan's cells, whose axes the record holds.
    var cellsTravel: Bool {
        cells.allSatisfy { RenderVariant(record: $0.record) == $0 }
    }

    /// Serves cells to the process that started this one, over `input` (requests) and `output`
    /// (messages), until `input` ends. The output folder must be one the parent has claimed and
    /// marked; cells are written into it as `run` writes them, and listed in its marker.
    ///
    /// - Parameter parent: the parent's process id: this process ends (SIGTERM) when the parent does.
    package func serveCells(parent: Int32, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws {
        let channel = MatrixWorkerChannel(input: input, output: output)
        guard consentrender_end_with_parent(parent) == 0 else {
            throw RenderError.workerFailed(detail: "its parent process \(parent) had ended before it started")
        }
        let folder = OwnedFolder(url: outputDirectory, kind: .matrix)
        guard folder.isMarked else {
            throw RenderError.workerFailed(detail: "\(outputDirectory.path) is not a matrix folder its parent has claimed")
        }
        var profiles: [String: DeviceProfile] = [:]
        let renderer = Result { try ConsentRenderer(templates: templates) }
        try channel.send(MatrixWorkerMessage(ready: .init(version: MatrixWorkerMessage.version)))
        var memory = ConsentRenderer.MemoryReleaseCounter()
        while let request = try channel.receive(MatrixWorkerRequest.self) {
            for cell in request.batch {
                defer { memory.cellRendered() }
                let variant = RenderVariant(record: cell.variant)
                if profiles[variant.device] == nil { profiles[variant.device] = try catalog.profile(reference: variant.device) }
                guard let profile = profiles[variant.device] else { preconditionFailure("The profile was just loaded") }
                let result = render(variant, profile: profile, into: folder, renderer: renderer)
                try channel.send(MatrixWorkerMessage(result: .init(
                    index: cell.index, pixelSize: result.pixelSize, resolvedLanguage: result.resolvedLanguage,
                    manifestBytes: result.manifestElement?.count, galleryBytes: result.galleryElement?.count, error: result.error,
                    errorCause: result.errorCause?.wireName, usedDefaultLanguage: result.usedDefaultLanguage,
                    pngChecksum: result.pngChecksum, warnings: result.warnings, missingWords: result.missingWords)),
                    followedBy: (result.manifestElement ?? Data()) + (result.galleryElement ?? Data()))
            }
            try channel.send(MatrixWorkerMessage(done: true))
        }
    }

    /// Asks the kernel to end this process (SIGTERM) when process `parent`, which started it, ends
    /// (a benchmark's child run); false when the parent has ended already or the kernel refused.
    package static func endWithParent(_ parent: Int32) -> Bool {
        consentrender_end_with_parent(parent) == 0
    }

    /// Ends every worker process this process has running and waits for each: for a run stopped by
    /// SIGINT or SIGTERM, so that no worker goes on writing after the command has said it stopped.
    /// (Each worker removes its own files in progress as it ends.)
    package static func endWorkers() {
        let running = MatrixWorkerProcess.running.withLock { $0 }
        for pid in running { kill(pid, SIGTERM) }
        for pid in running {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// The sum of the peak resident memory of every worker process this process has waited for, in MB.
    package static func workersPeakMemoryMB() -> Double {
        MatrixWorkerProcess.peakKilobytes.withLock { Double($0) / 1024 }
    }

    /// Tells the parent why this worker could not serve cells (its document no longer loads, say).
    package static func reportWorkerFailure(_ message: String, cause: ErrorCause, output: Int32 = STDOUT_FILENO) {
        let channel = MatrixWorkerChannel(input: -1, output: output)
        try? channel.send(MatrixWorkerMessage(failed: .init(message: message, cause: cause.wireName)))
    }

    /// Renders every cell in `workers` worker processes started by `launch`, which take batches
    /// (as `renderInParallel` makes them) from a shared counter. A cell's bytes depend only on its
    /// inputs, so which process renders it changes nothing. A worker that ends early (a crash, a
    /// kill) fails the cells of its batch that it did not report; the next batch starts a new one.
    func renderInWorkers(_ launch: MatrixWorkerLaunch, spool: MatrixElementSpool, progress: (@Sendable (CellResult) -> Void)?) -> [CellResult] {
        let (batches, workers) = parallelBatches(count: cells.count, jobs: jobs, group: { cells[$0].sameText },
                                                 batch: { cells[$0].textBatch })
        let slots = Slots<CellResult>(count: cells.count)
        let next = Atomic<Int>(0)
        let aWorkerFailed = Atomic<Bool>(false)
        // A worker that ended between batches closed its pipe: writing to it must fail with EPIPE
        // (and fail that worker's batch), not end this process.
        signal(SIGPIPE, SIG_IGN)
        let oneFontSetEach = ResourceLimits.current.keepsOneScriptsFonts
        onThreads(workers) { [batches] in
            var worker: MatrixWorkerProcess?
            // The CJK font set the worker has drawn with (nil: none yet).
            var workerFontSet: String?
            while true {
                let taken = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard taken < batches.count else { break }
                let batch = batches[taken]
                do {
                    // Under an address-space limit a worker draws one CJK font set: another set
                    // gets a new worker, which maps only its own fonts (`workersHoldOneFontSet`).
                    let families = batch.first.map { LanguageTraits(tag: cells[$0].language).fontFamilies }
                    let fontSet = families.flatMap { $0.hasPrefix("Noto Sans CJK") ? $0 : nil }
                    if oneFontSetEach, let fontSet, let drawn = workerFontSet, drawn != fontSet {
                        worker?.finish()
                        worker = nil
                    }
                    if worker == nil { worker = try MatrixWorkerProcess(launch); workerFontSet = nil }
                    if let fontSet { workerFontSet = fontSet }
                    try worker?.render(batch.map { MatrixWorkerRequest.Cell(index: $0, variant: cells[$0].record) }) { result, manifestElement, galleryElement in
                        guard batch.contains(result.index), !slots.has(result.index) else {
                            throw RenderError.workerFailed(detail: "it reported cell \(result.index), which it was not given")
                        }
                        let cell = cells[result.index]
                        var value = CellResult(cell: cell, pixelSize: result.pixelSize, resolvedLanguage: result.resolvedLanguage,
                                               manifestElement: manifestElement, galleryElement: galleryElement, error: result.error,
                                               errorCause: result.errorCause.map(ErrorCause.init(wireName:)),
                                               usedDefaultLanguage: result.usedDefaultLanguage, pngChecksum: result.pngChecksum,
                                               warnings: result.warnings, missingWords: result.missingWords)
                        spool.keep(&value, at: result.index)
                        slots.set(result.index, value)
                        progress?(value)
                    }
                } catch {
                    let cause = (error as? MatrixWorkerProcess.StartFailure)?.cause ?? ErrorCause(of: error)
                    aWorkerFailed.store(true, ordering: .relaxed)
                    worker?.stop()
                    worker = nil
                    for index in batch where !slots.has(index) {
                        let value = CellResult(cell: cells[index], error: "\(error)", errorCause: cause, warnings: [])
                        slots.set(index, value)
                        progress?(value)
                    }
                }
            }
            worker?.finish()
        }
        // A worker killed while writing a cell leaves that file's hidden temporary; with every
        // worker ended, no temporary in the folder but this process's own is being written.
        if aWorkerFailed.load(ordering: .relaxed) {
            OwnedFolder(url: outputDirectory, kind: .matrix).removeTemporaries(except: spool.temporaryPath)
        }
        return slots.values
    }
}

/// One worker process, from the parent's side: its pipes and the file its stderr goes to.
final class MatrixWorkerProcess {
    /// The worker said it could not start (its `failed` message): the cells it was given fail with
    /// its message and cause.
    struct StartFailure: Error, CustomStringConvertible {
        var message: String
        var cause: ErrorCause
        var description: String { message }
    }

    /// The workers started and not yet waited for.
    static let running = Mutex<Set<pid_t>>([])
    /// The peak resident memory of each worker waited for, added up (for `bench`).
    static let peakKilobytes = Mutex<Int>(0)

    private let pid: pid_t
    private let channel: MatrixWorkerChannel
    /// An unlinked temporary file holding what the worker wrote to stderr, told when it fails.
    private let errors: Int32
    private var ended = false

    init(_ launch: MatrixWorkerLaunch) throws {
        var toWorker: [Int32] = [0, 0], fromWorker: [Int32] = [0, 0]
        guard consentrender_pipe(&toWorker) == 0 else { throw RenderError.workerFailed(detail: "no pipe: \(String(cString: strerror(errno)))") }
        guard consentrender_pipe(&fromWorker) == 0 else {
            close(toWorker[0]); close(toWorker[1])
            throw RenderError.workerFailed(detail: "no pipe: \(String(cString: strerror(errno)))")
        }
        var template = Array((NSTemporaryDirectory() + "/consentrender-worker-XXXXXX").utf8CString)
        let errors = template.withUnsafeMutableBufferPointer { consentrender_anonymous_file($0.baseAddress!) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], STDOUT_FILENO)
        if errors >= 0 {
            posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The parent blocks SIGINT and SIGTERM for its signal thread; the worker starts with none blocked.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = [launch.executable.path] + launch.arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, launch.executable.path, &actions, &attributes, &cArguments, environ)
        // The worker's ends, closed here before anything is read: a worker that dies before it says
        // it is ready must leave its pipe with no writer, so the read below ends instead of waiting
        // for ever (found by a first-user trial: a worker killed while starting hung its matrix).
        close(toWorker[0])
        close(fromWorker[1])
        guard spawned == 0 else {
            close(toWorker[1]); close(fromWorker[0])
            if errors >= 0 { close(errors) }
            throw RenderError.workerFailed(detail: "\(launch.executable.path) could not be started: \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        Self.running.withLock { _ = $0.insert(pid) }
        self.errors = errors
        channel = MatrixWorkerChannel(input: fromWorker[0], output: toWorker[1])
        guard let message = try receive() else { throw endedEarly(during: "starting") }
        if let failed = message.failed { throw StartFailure(message: failed.message, cause: ErrorCause(wireName: failed.cause)) }
        guard let ready = message.ready else { throw RenderError.workerFailed(detail: "it did not say it was ready") }
        guard ready.version == MatrixWorkerMessage.version else {
            throw RenderError.workerFailed(detail: "it speaks version \(ready.version) of the workers' protocol, not \(MatrixWorkerMessage.version): "
                + "\(launch.executable.path) is another build")
        }
    }

    /// Has the worker render `batch`, calling `report` with each cell's result as it arrives.
    func render(_ batch: [MatrixWorkerRequest.Cell], report: (MatrixWorkerMessage.Result, _ manifestElement: Data?, _ galleryElement: Data?) throws -> Void) throws {
        do {
            try channel.send(MatrixWorkerRequest(batch: batch))
        } catch {
            throw endedEarly(during: "rendering")
        }
        while true {
            guard let message = try receive() else { throw endedEarly(during: "rendering") }
            if let result = message.result {
                let sizes = [result.manifestBytes, result.galleryBytes]
                guard sizes.allSatisfy({ ($0 ?? 0) >= 0 && ($0 ?? 0) < 1 << 26 }) else {
                    throw RenderError.workerFailed(detail: "it announced a cell's JSON of an impossible size")
                }
                let manifestElement = try result.manifestBytes.map { try bytes($0) }
                let galleryElement = try result.galleryBytes.map { try bytes($0) }
                try report(result, manifestElement, galleryElement)
            } else if message.done == true {
                return
            } else if let failed = message.failed {
                throw StartFailure(message: failed.message, cause: ErrorCause(wireName: failed.cause))
            } else {
                throw RenderError.workerFailed(detail: "it sent a message that is neither a result nor the end of a batch")
            }
        }
    }

    private func bytes(_ count: Int) throws -> Data {
        guard let data = try channel.receiveBytes(count) else { throw endedEarly(during: "rendering") }
        return data
    }

    private func receive() throws -> MatrixWorkerMessage? {
        do {
            return try channel.receive(MatrixWorkerMessage.self)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.workerFailed(detail: "it sent a message that does not read (\(error))")
        }
    }

    /// Closes the worker's input, so it ends, and waits for it.
    func finish() {
        channel.closeOutput()
        _ = wait()
        cleanUp()
    }

    /// Ends the worker now (it failed, or sent nonsense).
    func stop() {
        if !ended { kill(pid, SIGTERM) }
        channel.closeOutput()
        _ = wait()
        cleanUp()
    }

    private func cleanUp() {
        channel.closeInput()
        if errors >= 0 { close(errors) }
    }

    /// Waits for the worker to end; returns how, in words.
    private func wait() -> String {
        guard !ended else { return "ended" }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        ended = true
        Self.running.withLock { _ = $0.remove(pid) }
        Self.peakKilobytes.withLock { $0 += usage.ru_maxrss }
        let signal = status & 0x7f
        if signal != 0 { return "was ended by signal \(signal) (\(String(cString: strsignal(signal))))" }
        return "exited with status \((status >> 8) & 0xff)"
    }

    /// The error for a worker whose output ended before it should have: how it ended and the end of what it said on stderr.
    private func endedEarly(during stage: String) -> RenderError {
        channel.closeOutput()
        let how = wait()
        var said = ""
        if errors >= 0 {
            var bytes = [UInt8](repeating: 0, count: 4096)
            let size = lseek(errors, 0, SEEK_END)
            let start = max(0, size - off_t(bytes.count))
            let count = pread(errors, &bytes, bytes.count, start)
            if count > 0 {
                said = String(decoding: bytes[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return RenderError.workerFailed(detail: "it \(how) while \(stage)" + (said.isEmpty ? "" : "; it said: \(said)"))
    }
}

/// Newline-separated JSON messages over two file descriptors.
final class MatrixWorkerChannel {
    private var input: Int32
    private var output: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Sends `message` on a line, then `payload` as it is.
    func send<T: Encodable>(_ message: T, followedBy payload: Data = Data()) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes = [UInt8](try encoder.encode(message))
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: payload)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(output, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw RenderError.workerFailed(detail: "its pipe closed (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
    }

    /// The next message, or nil when the other side closed its end.
    func receive<T: Decodable>(_ type: T.Type) throws -> T? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Data(buffer[start..<newline])
                consume(upTo: newline + 1)
                return try JSONDecoder().decode(type, from: line)
            }
            guard try fill() else { return nil }
        }
    }

    /// The next `count` bytes, or nil when the other side closed its end before sending them.
    func receiveBytes(_ count: Int) throws -> Data? {
        while buffer.count - start < count {
            guard try fill() else { return nil }
        }
        let data = Data(buffer[start..<start + count])
        consume(upTo: start + count)
        return data
    }

    private func consume(upTo end: Int) {
        start = end
        if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// Reads what the pipe has; false at its end.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw RenderError.workerFailed(detail: "its pipe could not be read (\(String(cString: strerror(errno))))")
            }
            if count == 0 { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }

    func closeOutput() {
        if output >= 0 { close(output) }
        output = -1
    }

    func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }
}
