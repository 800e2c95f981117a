import Foundation

/// Writes a set of files so that each appears whole or not at all.
///
/// Every file is first written to a hidden temporary file in its destination folder; only when
/// all are written are they renamed into place (a rename within a folder is atomic). If anything
/// fails, the temporary files are removed and no destination file is touched.
public enum AtomicFileWriter {
    public static func write(_ files: [(url: URL, data: Data)]) throws {
        var pending: [(temporary: URL, destination: URL)] = []
        defer {
            for file in pending {
                try? FileManager.default.removeItem(at: file.temporary)
            }
        }
        defer { PendingFiles.shared.remove(pending.map(\.temporary.path)) }
        for file in files {
            let folder = file.url.deletingLastPathComponent()
            let temporary = folder.appendingPathComponent(".\(file.url.lastPathComponent).\(UUID().uuidString).tmp")
            PendingFiles.shared.add(temporary.path)
            guard FileManager.default.createFile(atPath: temporary.path, contents: file.data) else {
                PendingFiles.shared.remove([temporary.path])
                throw RenderError.writeFailed(path: file.url.path, reason: "could not create a file in \(folder.path)")
            }
            pending.append((temporary, file.url))
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
    /// Deletes every temporary file a write has started but not yet renamed into place. Call it
    /// from a SIGINT/SIGTERM handler so an interrupted run leaves no partial file.
    public static func removePendingFiles() {
        for path in PendingFiles.shared.all() { unlink(path) }
    }
}

/// Temporary files being written, shared by all threads.
private final class PendingFiles: @unchecked Sendable {
    static let shared = PendingFiles()
    private var paths = Set<String>()
    private let lock = NSLock()

    func add(_ path: String) {
        lock.lock()
        paths.insert(path)
        lock.unlock()
    }

    func remove(_ removed: [String]) {
        lock.lock()
        paths.subtract(removed)
        lock.unlock()
    }

    func all() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(paths)
    }
}
