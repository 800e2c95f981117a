import Foundation
import Synchronization

/// Test-only faults, switched on by environment variables, so the suite can stop a run at an
/// exact instant instead of a random one (issue 34's kill tests):
///
/// - `CONSENTRENDER_KILL_AFTER_WRITES=N`: the process SIGKILLs itself once its Nth hidden
///   temporary file is written, before it is put in place (the file stays behind, as after a
///   kill at that instant).
/// - `CONSENTRENDER_KILL_AFTER_FRAMES=N`: the process SIGKILLs itself once N video frames have
///   gone to the encoder (ffmpeg is then writing its own temporary file).
/// - `CONSENTRENDER_TERM_AFTER_FRAMES=N`: the process is sent SIGTERM (as `kill` sends it) once N
///   frames have gone to the encoder: the stop ends ffmpeg while frames are still being written.
///
/// Unset, each costs one look-up per process.
enum FaultInjection {
    private static let writeLimit = limit("CONSENTRENDER_KILL_AFTER_WRITES")
    private static let frameLimit = limit("CONSENTRENDER_KILL_AFTER_FRAMES")
    private static let termFrameLimit = limit("CONSENTRENDER_TERM_AFTER_FRAMES")
    private static let writes = Atomic<Int>(0)
    private static let frames = Atomic<Int>(0)

    private static func limit(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// A temporary file was written.
    static func temporaryFileWritten() {
        guard let limit = writeLimit else { return }
        if writes.wrappingAdd(1, ordering: .relaxed).newValue >= limit { kill(getpid(), SIGKILL) }
    }

    /// A frame went to the encoder.
    static func frameEncoded() {
        guard frameLimit != nil || termFrameLimit != nil else { return }
        let count = frames.wrappingAdd(1, ordering: .relaxed).newValue
        if let limit = frameLimit, count >= limit { kill(getpid(), SIGKILL) }
        if let limit = termFrameLimit, count == limit { kill(getpid(), SIGTERM) }
    }
}
