import ConsentRender
import Foundation
import Synchronization

/// What a command stopped by SIGINT or SIGTERM must still do before it exits (end the child
/// processes it started, remove its scratch folder), run by the signal-waiting thread in
/// `main.swift`, the last added first; and, when the usual sentence about files being written
/// does not fit the command, what it says instead.
enum StopCleanup {
    private struct State {
        var actions: [(token: Int, action: @Sendable () -> Void)] = []
        var next = 0
        var message: String?
        var stopping = false
    }

    /// Whether a stop has begun (progress lines stop: the cells it cuts off are not failures).
    static var stopping: Bool {
        get { state.withLock { $0.stopping } }
        set { state.withLock { $0.stopping = newValue } }
    }

    private static let state = Mutex(State())

    /// Once a stop has begun, waits for it to end the process: what this thread would do next
    /// (report a child the stop ended as failed, exit with its own status) is the stop's to say,
    /// and exiting now would cut short its clean-up (a scratch folder left half removed).
    /// A stop signal that has arrived and not yet been taken by the signal thread counts too.
    static func waitIfStopping() {
        var pending = sigset_t()
        sigpending(&pending)
        guard stopping || sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 else { return }
        while true { sleep(60) }
    }

    /// Registers `action`; returns a token for `remove`.
    @discardableResult
    static func add(_ action: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.next += 1
            state.actions.append((state.next, action))
            return state.next
        }
    }

    static func remove(_ token: Int) {
        state.withLock { $0.actions.removeAll { $0.token == token } }
    }

    /// What a stop says after "render-cli: stopped by SIGINT: " (nil: the sentence about files;
    /// empty: nothing, for a run whose parent says it).
    static var message: String? {
        get { state.withLock { $0.message } }
        set { state.withLock { $0.message = newValue } }
    }

    /// Runs every registered action, the last added first.
    static func runAll() {
        let actions = state.withLock { state in
            defer { state.actions = [] }
            return state.actions
        }
        for entry in actions.reversed() { entry.action() }
    }

    /// Ends child process `pid` (SIGTERM) and waits for it, at most five seconds.
    static func endChild(_ pid: Int32) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<500 {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno != EINTR) { return }
            usleep(10_000)
        }
    }
}
