import Foundation

/// Writes a set of files so that each appears whole or not at all.
///
/// Every file is first written to a hidden temporary file in its destination folder, created
/// exclusively with POSIX `open` and `write` (no library writes a temporary of its own that a kill
/// could leave behind); only when all are written are they renamed into place, once each (a
/// rename within a folder is atomic). If anything fails, the temporary files are removed and no
/// destination file is touched.
package enum AtomicFileWriter {
    public static func write(_ files: [(url: URL, data: Data)]) throws {
        // After Ctrl-C or a kill no new write starts (the process is about to exit), and the
        // stopping thread waits for the writes under way to finish whole.
        guard PendingFiles.shared.beginWrite() else {
            while true { sleep(60) }
        }
        defer { PendingFiles.shared.endWrite() }
        var pending: [(temporary: URL, destination: URL)] = []
        defer {
            for file in pending {
                try? FileManager.default.removeItem(at: file.temporary)
            }
        }
        defer { PendingFiles.shared.remove(pending.map(\.temporary.path)) }
        for file in files {
            let name = file.url.lastPathComponent
            guard name.utf8.count <= 255 else {
                throw RenderError.writeFailed(path: file.url.path, reason: "its name is \(name.utf8.count) bytes long and file "
                    + "systems allow at most 255; choose a shorter name")
            }
            let folder = file.url.deletingLastPathComponent()
            let temporary = folder.appendingPathComponent(temporaryName(for: name))
            PendingFiles.shared.add(temporary.path)
            if let reason = writeNewFile(at: temporary.path, data: file.data) {
                unlink(temporary.path)
                PendingFiles.shared.remove([temporary.path])
                throw RenderError.writeFailed(path: file.url.path, reason: "could not write a file in \(folder.path) (\(reason))")
            }
            pending.append((temporary, file.url))
            FaultInjection.temporaryFileWritten()
        }
        while let file = pending.first {
            guard rename(file.temporary.path, file.destination.path) == 0 else {
                throw RenderError.writeFailed(path: file.destination.path, reason: String(cString: strerror(errno)))
            }
            pending.removeFirst()
        }
    }
}

extension AtomicFileWriter {
    /// Creates `path` (it must not exist), mode 0644, and writes all of `data` to it; nil when
    /// that worked, else the system's reason.
    /// A hidden name beside `name` for its temporary file: the start of the name (at most 200
    /// bytes, so the whole stays within 255 however long the name is), a UUID and `.tmp`.
    static func temporaryName(for name: String) -> String {
        var start = ""
        for character in name {
            guard start.utf8.count + String(character).utf8.count <= 200 else { break }
            start.append(character)
        }
        return ".\(start).\(UUID().uuidString).tmp"
    }

    /// Whether `name` is one `temporaryName` makes: a run stopped mid-write leaves such a file, and
    /// the next run into a marked folder removes it.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let uuid = parts.last else { return false }
        return UUID(uuidString: String(uuid)) != nil
    }

    static func writeNewFile(at path: String, data: Data) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure = data.withUnsafeBytes { writeAll($0, to: descriptor) }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }

    /// Writes all of `bytes` to `descriptor` (at file offset `position` when given, else at its
    /// current one), again after an interruption; nil when that worked, else the system's reason.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at position: Int? = nil) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = position.map { pwrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset, off_t($0 + offset)) }
                ?? Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            offset += written
        }
        return nil
    }

    /// Stops new writes, waits (up to five seconds) for the writes under way to finish whole, and
    /// deletes any temporary file still left. Call it from the thread that takes SIGINT/SIGTERM,
    /// before exiting, so an interrupted run leaves no partial file.
    public static func removePendingFiles() {
        PendingFiles.shared.stopWriting(timeout: 5)
        for action in PendingFiles.shared.stopActions() { action() }
        for path in PendingFiles.shared.all() { unlink(path) }
    }

    /// A file written by something else over time (a video from ffmpeg): the hidden temporary
    /// path to have it written to, which an interrupted run deletes. Finish with
    /// `commitStreamedFile` or `abandonStreamedFile`. `stop` runs first when the run is
    /// interrupted (to end the writer, so it cannot recreate the file).
    public static func beginStreamedFile(_ url: URL, stop: @escaping @Sendable () -> Void) throws -> URL {
        let name = url.lastPathComponent
        guard name.utf8.count <= 255 else {
            throw RenderError.writeFailed(path: url.path, reason: "its name is \(name.utf8.count) bytes long and file "
                + "systems allow at most 255; choose a shorter name")
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(temporaryName(for: name))
        PendingFiles.shared.add(temporary.path, stop: stop)
        return temporary
    }

    /// Renames a streamed file's temporary into place (atomic within a folder).
    public static func commitStreamedFile(_ temporary: URL, to url: URL) throws {
        defer { PendingFiles.shared.remove([temporary.path]) }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw RenderError.writeFailed(path: url.path, reason: reason)
        }
    }

    /// Deletes a streamed file's temporary, after a failure.
    public static func abandonStreamedFile(_ temporary: URL) {
        unlink(temporary.path)
        PendingFiles.shared.remove([temporary.path])
    }
}

/// Temporary files being written, and how many writes are under way, shared by all threads.
private final class PendingFiles: @unchecked Sendable {
    static let shared = PendingFiles()
    private var paths = Set<String>()
    private var stops: [String: @Sendable () -> Void] = [:]
    private var writesUnderWay = 0
    private var stopping = false
    private let lock = NSLock()

    /// Counts a write as under way; false once writing has stopped.
    func beginWrite() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping else { return false }
        writesUnderWay += 1
        return true
    }

    func endWrite() {
        lock.lock()
        writesUnderWay -= 1
        lock.unlock()
    }

    /// Lets no new write start and waits until none is under way, or `timeout` seconds pass.
    func stopWriting(timeout: Double) {
        lock.lock()
        stopping = true
        lock.unlock()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock()
            let busy = writesUnderWay > 0
            lock.unlock()
            guard busy else { return }
            usleep(1000)
        }
    }

    func add(_ path: String, stop: (@Sendable () -> Void)? = nil) {
        lock.lock()
        paths.insert(path)
        if let stop { stops[path] = stop }
        lock.unlock()
    }

    func remove(_ removed: [String]) {
        lock.lock()
        paths.subtract(removed)
        for path in removed { stops[path] = nil }
        lock.unlock()
    }

    /// What ends the writers of streamed files, run before their files are deleted.
    func stopActions() -> [@Sendable () -> Void] {
        lock.lock()
        defer { lock.unlock() }
        return Array(stops.values)
    }

    func all() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(paths)
    }
}
