import ConsentRender
import Foundation

/// `render-cli watch`: re-render a matrix whenever the document or the profiles change.
enum WatchCommand {
    static let spec = CommandSpec(
        "watch", summary: "re-render a matrix and its gallery whenever the document changes",
        about: "Renders the matrix like render-cli matrix (the same options, but --format), then watches the document folder, "
            + "the device profiles and the --backdrop file, and renders again whenever a file changes, is added or is removed. "
            + "The gallery OUT/index.html looks every 2 seconds for a new render and reloads when there is one, so keep it open "
            + "while editing text; a file that does not load shows its error there. A file that does not parse is reported and "
            + "the watch goes on; a bad option or an output folder that is not the tool's to write into ends it with exit status "
            + "2. Stop with Ctrl-C: between renders that is how it ends (exit 0, \"stopped; OUT is complete\"); during one, "
            + "the render is interrupted (exit 130) and runs again whole next time.",
        groups: [
            OptionGroup(nil, [Options.document, MatrixCommand.outFolder, Options.profiles,
                              OptionSpec("interval", .value("SECONDS"), help: "how often to look for changes (default 0.5)")]),
            Options.axisGroup(),
            Options.chromeGroup,
            OptionGroup("Prompts:", [Options.over] + Options.appFiles),
            OptionGroup("Running and output:", [Options.frames, Options.jobs("cells"), Options.shard, Options.allowMissingGlyphs]),
        ])

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, spec: spec)
        let interval = try options.number("interval", in: 0.05...60.0, default: 0.5)
        let matrix = MatrixOptions(options)
        let document = URL(fileURLWithPath: try options.required("document", example: "Samples/privacy-agreement"))
        let profiles = try locateProfileCatalog(explicit: options.value("profiles")).directory
        // The output folder does not change while watching: a mistake there ends the watch at
        // once (exit 2) instead of repeating on every change. A document that does not load yet
        // is reported, and the watch goes on.
        let out = outputURL(try options.required("out", example: "out/matrix"))
        _ = try OwnedFolder.claim(out, kind: .matrix,
                                  protecting: [.init(url: document, role: "the document folder"),
                                               .init(url: profiles, role: "the device profiles folder"), .currentDirectory],
                                  acceptsUnmarked: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path) })
        // An outside --backdrop file is watched too.
        let watched = [document, profiles] + (options.value("backdrop").map { [URL(fileURLWithPath: $0)] } ?? [])
        var seen = snapshot(of: watched)
        // What a Ctrl-C between renders says: the output is whole either way, but may show an error.
        func idle(afterSuccess succeeded: Bool) {
            IdleStop.allow(message: succeeded ? "render-cli watch: stopped; \(out.path) is complete"
                : "render-cli watch: stopped; \(out.path) shows the last render's error (see above)")
        }
        idle(afterSuccess: try IdleStop.writing { try renderOnce(matrix, reason: "first render", out: out, document: document) })
        print("watching \(document.path) and \(profiles.path); Ctrl-C to stop")
        fflush(nil)
        while true {
            Thread.sleep(forTimeInterval: interval)
            let now = snapshot(of: watched)
            guard now != seen else { continue }
            let changed = Set(now.keys).union(seen.keys).filter { now[$0] != seen[$0] }.sorted()
            seen = now
            idle(afterSuccess: try IdleStop.writing {
                try renderOnce(matrix, reason: "changed: " + changed.map { ($0 as NSString).lastPathComponent }.joined(separator: ", "),
                               out: out, document: document)
            })
        }
    }

    /// Renders the matrix, and says whether every cell was written; a document that does not load is
    /// reported on stderr and in the gallery. A mistake in the options or the output folder ends the watch.
    private static func renderOnce(_ matrix: MatrixOptions, reason: String, out: URL, document: URL) throws -> Bool {
        let started = Date()
        do {
            let render = try matrix.matrixRender(galleryReloadSeconds: 2)
            let run = try render.run()
            let results = run.results
            printFallbackNotes(results, folder: render.folder, command: "watch")
            let failures = results.filter { $0.error != nil }
            let elapsed = Date().timeIntervalSince(started)
            let seconds = elapsed < 1 ? String(format: "%.0f ms", elapsed * 1000) : String(format: "%.1f s", elapsed)
            print("\(reason): rendered \(run.renderedCells) \(run.renderedCells == 1 ? "cell" : "cells") in \(seconds); gallery: "
                + render.outputDirectory.appendingPathComponent("index.html").path)
            for failure in failures {
                printError("render-cli watch: \(failure.cell.path): \(failure.error ?? "failed")")
            }
            fflush(nil)
            return failures.isEmpty
        } catch let error as UsageError {
            throw error
        } catch let error as OutputError {
            // A file of the user's in the way (or a folder that is not the tool's) would stop every
            // render: the watch ends, as when it starts with such a folder.
            throw error
        } catch let error as OptionError {
            throw error
        } catch let error as ResourceError {
            // Jobs (or screens) that cannot fit the process's limits would not fit the next time either.
            throw error
        } catch ProfileError.unknownDevice(let id, let suggestion, let directory) {
            throw ProfileError.unknownDevice(id: id, suggestion: suggestion, directory: directory)
        } catch {
            printError("render-cli watch: \(reason): \(error) (still watching)")
            try? MatrixRender.writeFailurePage("\(error)", document: document.lastPathComponent, to: out, reloadSeconds: 2)
            fflush(nil)
            return false
        }
    }

    /// Every file under `folders` (or the file itself, for one that is a file) with its
    /// modification time and size.
    private static func snapshot(of folders: [URL]) -> [String: String] {
        var files: [String: String] = [:]
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { continue }
            let names = isDirectory.boolValue ? (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] : [""]
            for name in names {
                let path = name.isEmpty ? folder.path : folder.appendingPathComponent(name).path
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                      attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                files[path] = "\(modified) \(attributes[.size] as? Int ?? 0)"
            }
        }
        return files
    }
}
