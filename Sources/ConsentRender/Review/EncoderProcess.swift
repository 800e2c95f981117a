internal import CProcess
import Foundation

/// A program (ffmpeg) started so that it dies with this process, however this process ends: the
/// kernel kills it when the thread that started it ends (`consentrender_spawn_ending_with_parent`),
/// and it holds no descriptor of this process's but its own pipes, so the end of its input comes
/// when this process closes it or dies. Owns the child: it is waited for exactly once.
final class EncoderProcess: @unchecked Sendable {
    /// How the program ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    let pid: pid_t
    /// Its standard input, written by this process.
    let input: FileHandle
    /// Its standard error: an unlinked temporary file, read once it has ended (`errorOutput`). A
    /// file rather than a pipe read by a dispatch source (`readabilityHandler`): tearing that down
    /// races on Linux, and under an address-space limit it crashed libdispatch's manager thread
    /// (SIGSEGV in 14 of 150 limited reviews, found by a first-user trial).
    private let errors: Int32
    /// Guards `ending`.
    private let state = NSLock()
    /// Held while waiting for the program, so it is waited for once.
    private let reaping = NSLock()
    private var ending: Ending?

    /// Starts `executable` with `arguments`; its standard output goes nowhere.
    init(executable: URL, arguments: [String]) throws {
        var toChild: [Int32] = [0, 0]
        guard consentrender_pipe(&toChild) == 0 else { throw Self.failure("no pipe") }
        var template = Array((NSTemporaryDirectory() + "/consentrender-encoder-XXXXXX").utf8CString)
        let errors = template.withUnsafeMutableBufferPointer { consentrender_anonymous_file($0.baseAddress!) }
        guard errors >= 0 else {
            close(toChild[0]); close(toChild[1])
            throw Self.failure("no temporary file for the encoder's messages")
        }
        let nowhere = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            close(toChild[0])
            if nowhere >= 0 { close(nowhere) }
        }
        guard nowhere >= 0 else {
            close(toChild[1]); close(errors)
            throw Self.failure("/dev/null cannot be opened")
        }
        let argv = ([executable.path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let pid = (argv + [nil]).withUnsafeBufferPointer { pointers in
            consentrender_spawn_ending_with_parent(executable.path, pointers.baseAddress!, toChild[0], nowhere, errors)
        }
        guard pid > 0 else {
            close(toChild[1]); close(errors)
            throw Self.failure("fork failed")
        }
        self.pid = pid
        self.errors = errors
        input = FileHandle(fileDescriptor: toChild[1], closeOnDealloc: true)
    }

    deinit {
        close(errors)
    }

    /// What the program has written to its standard error so far (all of it once it has ended).
    func errorOutput() -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(errors, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: chunk[0..<count])
            offset += off_t(count)
        }
        return data
    }

    private static func failure(_ what: String) -> Error {
        NSError(domain: NSPOSIXErrorDomain, code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(errno)))"])
    }

    /// Waits for the program to end (once; later calls return the same ending).
    @discardableResult
    func wait() -> Ending {
        reaping.lock()
        defer { reaping.unlock() }
        if let ended = state.withLock({ ending }) { return ended }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot call: the bits as <sys/wait.h> has them.
        let ended: Ending = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        state.withLock { ending = ended }
        return ended
    }

    /// Kills the program, unless it has been waited for already (its id may then be another
    /// process's), and waits for it; from any thread, also while another waits.
    func kill() {
        if state.withLock({ ending == nil }) { Foundation.kill(pid, SIGKILL) }
        wait()
    }
}
