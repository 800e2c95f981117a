internal import CProcess
import Foundation

/// The limits this process runs under: its address space (`ulimit -v`), its open files
/// (`ulimit -n`) and its control group's memory (a container's or a CI job's `memory.max`).
/// render-cli reads them once at start, sizes its jobs to them, and refuses work that cannot fit
/// before it starts (`MemoryNeed`), rather than dying mid-run when an allocation fails inside a C
/// library (which aborts or crashes, taking the cleanup with it).
package struct ResourceLimits: Equatable, Sendable {
    /// RLIMIT_AS's soft limit in bytes; nil when unlimited.
    package var addressSpace: Int?
    /// The lowest `memory.max` (cgroup v2) or `memory.limit_in_bytes` (v1) on the path from this
    /// process's control group to the root, in bytes; nil when none is set.
    package var groupMemory: Int?
    /// The file `groupMemory` was read from.
    package var groupMemoryFile: String?
    /// RLIMIT_NOFILE's soft limit (after `raiseOpenFilesLimit`).
    package var openFiles: Int

    package init(addressSpace: Int?, groupMemory: Int?, groupMemoryFile: String?, openFiles: Int) {
        self.addressSpace = addressSpace
        self.groupMemory = groupMemory
        self.groupMemoryFile = groupMemoryFile
        self.openFiles = openFiles
    }

    /// The limits now.
    package static func read() -> ResourceLimits {
        let group = groupMemoryLimit()
        return ResourceLimits(addressSpace: softLimit(RLIMIT_AS), groupMemory: group?.bytes, groupMemoryFile: group?.file,
                              openFiles: softLimit(RLIMIT_NOFILE) ?? Int(Int32.max))
    }

    /// The limits read when render-cli started (`prepareProcess`), or, in a library user's
    /// process, when first asked (once: a renderer asks before every screen).
    package static var current: ResourceLimits {
        lock.withLock {
            if let started { return started }
            let limits = read()
            started = limits
            return limits
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var started: ResourceLimits?
    nonisolated(unsafe) private static var noteHandler: (@Sendable (String) -> Void)?

    /// Says that a run was fitted to the limits (fewer jobs than it would take): on stderr in
    /// render-cli (`setNoteHandler`), nowhere in a library user's process.
    package static func note(_ message: String) {
        lock.withLock { noteHandler }?(message)
    }

    /// Where `note` goes.
    package static func setNoteHandler(_ handler: @escaping @Sendable (String) -> Void) {
        lock.withLock { noteHandler = handler }
    }

    /// For a program (render-cli), first thing: raises the soft open-files limit to the hard one
    /// (a soft limit below it only stops work the user is allowed to do), and when the address
    /// space is limited makes the allocator fit it: one malloc arena, 1 MB stacks for the threads
    /// libraries start, and freed screens returned to the kernel. Returns the limits, also kept as `current`.
    @discardableResult
    package static func prepareProcess() -> ResourceLimits {
        raiseOpenFilesLimit()
        let limits = read()
        if limits.addressSpace != nil {
            _ = consentrender_use_one_malloc_arena()
            // GLib's and Pango's threads (renderers set their own 8 MB).
            _ = consentrender_set_default_thread_stack(1 << 20)
        } else {
            ConsentRenderer.keepFreedScreenMemory()
        }
        lock.withLock { started = limits }
        return limits
    }

    /// The memory limits in force, for a message about memory running out: " (ulimit -v is 292 MB)",
    /// or "" when none is set.
    package static var memoryLimitsSaid: String {
        let limits = current
        let said = [limits.addressSpace.map { "ulimit -v is \($0 >> 20) MB" },
                    limits.groupMemory.map { "the control group's memory limit is \($0 >> 20) MB" }].compactMap { $0 }
        return said.isEmpty ? "" : " (" + said.joined(separator: ", ") + ")"
    }

    /// Whether a renderer should give up its fonts when the script changes (`ConsentRenderer`):
    /// under an address-space limit, where each Chinese, Japanese or Korean font set is 100 MB and
    /// more of mapped files.
    package var keepsOneScriptsFonts: Bool { addressSpace != nil }

    private static func softLimit(_ resource: __rlimit_resource) -> Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return limit.rlim_cur > UInt64(Int.max) ? nil : Int(limit.rlim_cur)
    }

    private static func raiseOpenFilesLimit() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        // A very high limit makes some libraries' close-all loops slow; 65,536 is plenty.
        limit.rlim_cur = min(limit.rlim_max, 65_536)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The control group's memory limit: `/proc/self/cgroup` names the group; its `memory.max`
    /// (v2) and every parent's up to the mount point are read, and the lowest kept (a parent's
    /// limit binds its children). cgroup v1's `memory.limit_in_bytes` is read the same way; its
    /// "no limit" is a huge number, taken as none.
    package static func groupMemoryLimit(cgroupFile: String = "/proc/self/cgroup",
                                         mount: String = "/sys/fs/cgroup") -> (bytes: Int, file: String)? {
        guard let text = try? String(contentsOfFile: cgroupFile, encoding: .utf8) else { return nil }
        var candidates: [(folder: String, file: String)] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2])
            if fields[0] == "0", fields[1].isEmpty {
                candidates.append((mount + path, "memory.max"))
            } else if fields[1].split(separator: ",").contains("memory") {
                candidates.append((mount + "/memory" + path, "memory.limit_in_bytes"))
            }
        }
        var lowest: (bytes: Int, file: String)?
        for candidate in candidates {
            var folder = URL(fileURLWithPath: candidate.folder).standardizedFileURL.path
            let top = URL(fileURLWithPath: mount).standardizedFileURL.path
            while folder.hasPrefix(top) {
                let file = (folder as NSString).appendingPathComponent(candidate.file)
                if let value = try? String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
                   value != "max", let bytes = Int(value), bytes > 0, bytes < 1 << 60, bytes < (lowest?.bytes ?? .max) {
                    lowest = (bytes, file)
                }
                if folder == top { break }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return lowest
    }

    /// This process's address space in use now (VmSize), in bytes; nil where /proc cannot say.
    package static func addressSpaceInUse() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmSize:") {
            let number = line.dropFirst("VmSize:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}

/// Throws `ResourceError.allocationFailed` when `bytes` cannot be allocated now, before one of the
/// few large buffers (a screen's pixels, a decoded image) whose failed allocation Swift would
/// otherwise end the process over, leaving no message. The trial maps 4 MB more than the buffer
/// and unmaps it (a trial malloc and free was removed by the optimiser: measured, the release
/// build then trapped on a 130 MB overlay), only under an address-space limit, the one an
/// allocation of this size fails under.
package func checkAllocatable(_ bytes: Int, what: @autoclosure () -> String) throws {
    guard bytes > 1 << 20, ResourceLimits.current.addressSpace != nil else { return }
    guard consentrender_address_space_available(bytes + (4 << 20)) == 1 else {
        throw ResourceError.allocationFailed(what: what(), bytes: bytes)
    }
}
