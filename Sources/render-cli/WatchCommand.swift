import ConsentRender
import Foundation

/// `render-cli watch`: re-render a matrix whenever the document or the profiles change.
enum WatchCommand {
    static let help = """
    Usage: render-cli watch --document DIR --out DIR [matrix options] [--interval SECONDS]

    Renders the matrix like render-cli matrix (same options), then watches the document folder and
    the device profiles and renders again whenever a file changes, is added or is removed. The
    gallery OUT/index.html reloads itself every 2 seconds, so keep it open while editing text.
    A file that does not parse is reported and the watch goes on; a bad option or an output folder
    that is not the tool's to write into ends it with exit status 2. Stop with Ctrl-C.

      --interval SECONDS   how often to look for changes (default 0.5)
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(
            arguments, options: ["document", "out", "devices", "languages", "orientations", "appearances", "states", "tint", "jobs",
                                 "shard", "profiles", "interval"], flags: ["allow-missing-glyphs"])
        let interval = try options.number("interval", in: 0.05...60.0, default: 0.5)
        let matrix = MatrixOptions(options)
        let document = URL(fileURLWithPath: try options.required("document", example: "Samples/privacy-agreement"))
        let profiles = try locateProfileCatalog(explicit: options.value("profiles")).directory
        // The options and the output folder do not change while watching: a mistake there ends
        // the watch at once (exit 2) instead of repeating on every change.
        _ = try matrix.matrixRender(galleryReloadSeconds: 2).claimOutput()
        var seen = snapshot(of: [document, profiles])
        renderOnce(matrix, reason: "first render")
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = snapshot(of: [document, profiles])
            guard now != seen else { continue }
            let changed = Set(now.keys).union(seen.keys).filter { now[$0] != seen[$0] }.sorted()
            seen = now
            renderOnce(matrix, reason: "changed: " + changed.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "))
        }
    }

    private static func renderOnce(_ matrix: MatrixOptions, reason: String) {
        let started = Date()
        do {
            let render = try matrix.matrixRender(galleryReloadSeconds: 2)
            let (manifest, results) = try render.run()
            let failures = results.filter { $0.error != nil }
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            print("\(reason): rendered \(manifest.cells.count) cells in \(seconds) s; gallery: "
                + render.outputDirectory.appendingPathComponent("index.html").path)
            for failure in failures {
                printError("render-cli watch: \(failure.cell.path): \(failure.error ?? "failed")")
            }
        } catch let error as UsageError {
            printError("render-cli watch: \(error.message)")
        } catch {
            printError("render-cli watch: \(reason): \(error) (still watching)")
        }
        fflush(nil)
    }

    /// Every file under `folders` with its modification time and size.
    private static func snapshot(of folders: [URL]) -> [String: String] {
        var files: [String: String] = [:]
        for folder in folders {
            guard let names = try? FileManager.default.subpathsOfDirectory(atPath: folder.path) else { continue }
            for name in names {
                let path = folder.appendingPathComponent(name).path
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                      attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                files[path] = "\(modified) \(attributes[.size] as? Int ?? 0)"
            }
        }
        return files
    }
}
