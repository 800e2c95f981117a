internal import CCairo
import Foundation
import Synchronization

/// Pango's warnings, taken so that a font it could not load fails the render rather than
/// drawing boxes or nothing. Pango reports that only as a warning ("failed to create cairo scaled
/// font, expect ugly output"), which happens when memory runs out under a limit (FreeType cannot
/// map the font file) or a font file is broken; the screen would come out with text missing.
enum PangoWarnings {
    private static let count = Atomic<Int>(0)
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last = ""

    /// Routes Pango's warnings here (once a process); each is still printed, as GLib would.
    static let installed: Void = {
        let handler: GLogFunc = { _, level, message, _ in
            let text = message.map { String(cString: $0) } ?? "a warning"
            if text.contains("failed to create cairo") || level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0 {
                PangoWarnings.lock.withLock { PangoWarnings.last = text }
                PangoWarnings.count.add(1, ordering: .sequentiallyConsistent)
            }
            FileHandle.standardError.write(Data("(Pango) \(text)\n".utf8))
        }
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue)
        _ = g_log_set_handler("Pango", levels, handler, nil)
    }()

    /// The number of failures so far, to compare after a render.
    static var mark: Int {
        installed
        return count.load(ordering: .sequentiallyConsistent)
    }

    /// Throws when Pango failed to load a font since `mark`.
    static func check(since mark: Int) throws {
        guard count.load(ordering: .sequentiallyConsistent) != mark else { return }
        let message = lock.withLock { last }
        throw RenderError.fontConfiguration(detail: "Pango could not load a font (\(message)); the text would be drawn without it. "
            + "Under a memory limit (ulimit -v, a container's), raise the limit or lower --jobs; otherwise a font file is broken")
    }
}
