import Foundation

/// What a command that waits (`watch`) says when it is stopped while nothing is being written: its
/// output is then complete, so Ctrl-C is the ordinary way to end it (exit 0), not an interruption.
///
/// The signal thread asks `stopIfIdle()`; a command marks the spans where it writes with
/// `writing(_:)`. Once a stop has been taken, no new span starts.
enum IdleStop {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var message: String?
    nonisolated(unsafe) private static var busy = 0
    nonisolated(unsafe) private static var stopping = false

    /// Says that the command is idle between writes, and what to print when it is stopped then.
    static func allow(message text: String) {
        lock.lock()
        message = text
        lock.unlock()
    }

    /// Runs `body` as a span that writes; a stop during it is an interruption.
    static func writing<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        if stopping {
            lock.unlock()
            // The signal thread is ending the process; wait for it.
            while true { sleep(60) }
        }
        busy += 1
        lock.unlock()
        defer {
            lock.lock()
            busy -= 1
            lock.unlock()
        }
        return try body()
    }

    /// The message to print when the command is idle now (and no writing span may start after), else nil.
    static func stopIfIdle() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let message, busy == 0 else { return nil }
        stopping = true
        return message
    }
}
