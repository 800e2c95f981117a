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

    /// Routes GLib's log through here (once a process; Pango logs in GLib's structured form, so
    /// a writer function, not a domain handler): a Pango message about a font it could not load
    /// is counted; every message is then written as GLib would.
    static let installed: Void = {
        let writer: GLogWriterFunc = { level, fields, count, data in
            var domain = "", message = ""
            if let fields {
                for index in 0..<Int(count) {
                    let field = fields[index]
                    guard let key = field.key, let value = field.value, field.length < 0 else { continue }
                    let text = String(cString: value.assumingMemoryBound(to: CChar.self))
                    switch String(cString: key) {
                    case "GLIB_DOMAIN": domain = text
                    case "MESSAGE": message = text
                    default: break
                    }
                }
            }
            if domain == "Pango", message.contains("failed to create cairo") {
                PangoWarnings.lock.withLock { PangoWarnings.last = message }
                PangoWarnings.count.add(1, ordering: .sequentiallyConsistent)
            }
            return g_log_writer_default(level, fields, count, data)
        }
        g_log_set_writer_func(writer, nil, nil)
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
