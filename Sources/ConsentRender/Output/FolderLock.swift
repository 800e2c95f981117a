import Foundation
import Synchronization

/// A lock (`flock` on the folder itself) held while a run writes into a folder, so that two runs
/// never write one folder at once: a second run from another process waits up to
/// `FolderLock.patience` seconds for the first to end, then fails (exit 3) naming the folder and
/// the process that holds it. A golden folder is locked shared by runs that only read it and
/// exclusively by runs that may record, so verifications run side by side.
///
/// Runs of one process (parallel tests writing one golden folder) share one lock: the first takes
/// it, the last to end releases it. A lock on the folder rather than on a file in it leaves
/// nothing behind and survives the marker being replaced; the kernel releases it when the process
/// ends, however it ends.
package final class FolderLock: @unchecked Sendable {
    package enum Mode: Sendable {
        /// Others may read alongside (`golden verify` without recording).
        case shared
        /// The one writer.
        case exclusive
    }

    /// How long a second run waits for the folder, in seconds.
    package static let patience = 5.0

    /// The canonical path of the locked folder.
    package let path: String
    /// Whether no other run of this process held the folder when this lock was taken (so nothing
    /// of this process's is being written there: a run may clean up what a killed run left).
    package let isFirstInProcess: Bool
    private var released = false

    private final class Holding {
        let descriptor: Int32
        var mode: Mode
        var count = 1

        init(descriptor: Int32, mode: Mode) {
            self.descriptor = descriptor
            self.mode = mode
        }
    }

    private static let held = Mutex<[String: Holding]>([:])
    /// Taken for the whole of an `acquire`, so two runs of this process never both take the
    /// kernel's lock (the second would wait for the first as for another process).
    private static let acquiring = NSLock()

    private init(path: String, isFirstInProcess: Bool) {
        self.path = path
        self.isFirstInProcess = isFirstInProcess
    }

    deinit {
        release()
    }

    /// Locks the folder at `url` (which must exist) in `mode`, waiting up to `patience` seconds
    /// for a run of another process to release it.
    package static func acquire(_ url: URL, mode: Mode, patience: Double = FolderLock.patience) throws -> FolderLock {
        let path = canonicalPath(of: url)
        acquiring.lock()
        defer { acquiring.unlock() }
        // Within one process the lock is shared; the kernel's lock is taken (or made exclusive)
        // outside the registry's mutex, since it may wait.
        let joined: Bool = held.withLock { held in
            guard let holding = held[path], holding.mode == .exclusive || mode == .shared else { return false }
            holding.count += 1
            return true
        }
        if joined { return FolderLock(path: path, isFirstInProcess: false) }
        let existing: Int32? = held.withLock { $0[path]?.descriptor }
        let descriptor = existing ?? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RenderError.writeFailed(path: path, reason: "cannot open the folder to lock it (\(String(cString: strerror(errno))))")
        }
        let operation = (mode == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        let deadline = Date().addingTimeInterval(patience)
        while flock(descriptor, operation) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR, Date() < deadline else {
                if existing == nil { close(descriptor) }
                if reason == EWOULDBLOCK {
                    throw RenderError.folderBusy(path: path, holder: holder(of: path), seconds: Int(patience))
                }
                throw RenderError.writeFailed(path: path, reason: "cannot lock the folder (\(String(cString: strerror(reason))))")
            }
            usleep(50_000)
        }
        let first: Bool = held.withLock { held in
            if let holding = held[path] {
                holding.mode = .exclusive
                holding.count += 1
                return false
            }
            held[path] = Holding(descriptor: descriptor, mode: mode)
            return true
        }
        return FolderLock(path: path, isFirstInProcess: first)
    }

    /// Releases this run's hold; the folder is unlocked when the last run of the process releases it.
    package func release() {
        guard !released else { return }
        released = true
        Self.held.withLock { held in
            guard let holding = held[path] else { return }
            holding.count -= 1
            if holding.count == 0 {
                close(holding.descriptor)
                held[path] = nil
            }
        }
    }

    /// The process holding a lock on the folder at `path`, from the kernel's list of locks
    /// (`/proc/locks`); nil when it cannot be told.
    static func holder(of path: String) -> Int32? {
        var status = stat()
        guard stat(path, &status) == 0, let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let device = UInt64(status.st_dev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let wanted = String(format: "%02llx:%02llx:%llu", major, minor, UInt64(status.st_ino))
        // "1: FLOCK  ADVISORY  WRITE 1234 fd:00:393219 0 EOF"; a waiter's line starts "1: ->".
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == wanted, let pid = Int32(fields[4]) else { continue }
            return pid
        }
        return nil
    }
}
