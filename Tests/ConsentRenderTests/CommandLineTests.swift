import Foundation
import Synchronization
import Testing
@testable import ConsentRender

/// `render-cli` run as a user would: exit status, the one-line reason, and the files it leaves.
@Suite struct CommandLineTests {
    typealias Run = CLIRun

    static var executable: URL { renderCLI }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        try runRenderCLI(arguments, environment: environment)
    }

    let folder = TemporaryFolder()

    var document: String { folder.folder("doc", files: testAgreement).path }

    func files(in url: URL) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix("doc") }.sorted()
    }

    @Test func renderWritesThePNGAndItsLinkMap() throws {
        let out = folder.url.appendingPathComponent("shots/cell.png")
        let result = try run(["render", "--document", document, "--device", "iphone-15-pro", "--language", "zh-CN",
                              "--orientation", "landscape", "--appearance", "dark", "--tint", "#34C759", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try Data(contentsOf: out)
        let header = try #require(pngHeader(png))
        #expect(header.width == 2556 && header.height == 1179)
        let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: folder.url.appendingPathComponent("shots/cell.links.json")))
        #expect(map.language.resolved == "zh-Hans" && map.language.requested == "zh-CN")
        #expect(map.orientation == .landscape && map.appearance == .dark)
        #expect(files(in: folder.url) == ["shots", "shots/cell.links.json", "shots/cell.png"])
    }

    @Test func hostFontSettingsDoNotChangeABit() throws {
        // A host configuration that turns on subpixel rendering and hinting, prefers DejaVu and
        // asks for Japanese glyphs must not reach the renderer.
        let hostile = folder.folder("hostile", files: ["fonts.conf": """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>/usr/share/fonts</dir>
              <match target="font">
                <edit name="rgba" mode="assign"><const>rgb</const></edit>
                <edit name="hinting" mode="assign"><bool>true</bool></edit>
                <edit name="hintstyle" mode="assign"><const>hintfull</const></edit>
              </match>
              <alias><family>Noto Sans</family><prefer><family>DejaVu Sans</family></prefer></alias>
            </fontconfig>
            """])
        let arguments = ["render", "--document", document, "--device", "iphone-se-3", "--language", "zh-Hans"]
        let plain = folder.url.appendingPathComponent("plain.png")
        let underHostileHost = folder.url.appendingPathComponent("hostile.png")
        #expect(try run(arguments + ["--out", plain.path]).status == 0)
        let result = try run(arguments + ["--out", underHostileHost.path], environment: [
            "FONTCONFIG_FILE": hostile.appendingPathComponent("fonts.conf").path, "LANGUAGE": "ja", "LANG": "ja_JP.UTF-8",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: plain) == Data(contentsOf: underHostileHost))
    }

    struct BadUsage: CustomStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let message: String
        var description: String { name }
    }

    static let badUsages: [BadUsage] = [
        .init(name: "unknown device", arguments: ["--device", "iphone-15-pr"], message: "Did you mean 'iphone-15-pro'?"),
        .init(name: "missing language file", arguments: ["--language", "fr", "--document", "DOC-NO-DEFAULT"], message: "no language file for 'fr'"),
        .init(name: "unknown orientation", arguments: ["--orientation", "sideways"], message: "--orientation 'sideways' is not an orientation. Use one of: portrait, landscape"),
        .init(name: "bad tint", arguments: ["--tint", "#12345"], message: "--tint '#12345' is not a colour"),
        .init(name: "out not png", arguments: ["--out", "OUT/cell.jpg"], message: "must name a .png file"),
        .init(name: "out is a directory", arguments: ["--out", "OUT/folder.png"], message: "is a directory"),
        .init(name: "unknown option", arguments: ["--langauge", "en"], message: "unknown option --langauge. Did you mean --language?"),
        .init(name: "missing document", arguments: ["--document", "OUT/nowhere"], message: "does not exist"),
        .init(name: "malformed profile", arguments: ["--device", "OUT/broken.json"], message: "not valid JSON"),
    ]

    @Test(arguments: badUsages)
    func badUsageExitsTwoWithOneLineAndWritesNothing(_ usage: BadUsage) throws {
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        try Data(#"{ "id": "broken", "scale": "#.utf8).write(to: out.appendingPathComponent("broken.json"))
        let noDefault = folder.folder("doc-no-default", files: ["en.md": "# T\n\nBody"])
        var options = ["--document": document, "--device": "iphone-15-pro", "--language": "en",
                       "--out": out.appendingPathComponent("cell.png").path]
        var index = 0
        while index < usage.arguments.count {
            options[usage.arguments[index]] = usage.arguments[index + 1]
                .replacingOccurrences(of: "OUT", with: out.path)
                .replacingOccurrences(of: "DOC-NO-DEFAULT", with: noDefault.path)
            index += 2
        }
        if usage.arguments.first == "--langauge" { options["--language"] = nil }
        let before = files(in: out)
        let result = try run(["render"] + options.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] })
        #expect(result.status == 2)
        #expect(result.stderr.contains(usage.message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(files(in: out) == before, "a failed render left files behind")
    }

    @Test func fallingBackToTheDefaultLanguageIsSaid() throws {
        let out = folder.url.appendingPathComponent("fallback.png")
        let result = try run(["render", "--document", document, "--device", "iphone-se-3", "--language", "fr",
                              "--out", out.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("no language file matches 'fr'"))
        #expect(result.stderr.contains("rendered its defaultLanguage 'en'"))
        let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: folder.url.appendingPathComponent("fallback.links.json")))
        #expect(map.language.requested == "fr" && map.language.resolved == "en")
    }

    @Test func diffExitsOneForATintChangeAndZeroForACopy() throws {
        let a = folder.url.appendingPathComponent("a.png"), b = folder.url.appendingPathComponent("b.png")
        let copy = folder.url.appendingPathComponent("copy.png"), diffImage = folder.url.appendingPathComponent("d/diff.png")
        let base = ["render", "--document", document, "--device", "iphone-se-3", "--language", "en"]
        #expect(try run(base + ["--out", a.path]).status == 0)
        #expect(try run(base + ["--tint", "#0A84FF", "--out", b.path]).status == 0)
        try FileManager.default.copyItem(at: a, to: copy)

        let differ = try run(["diff", a.path, b.path, "--out", diffImage.path])
        #expect(differ.status == 1, "\(differ.stderr)")
        #expect(differ.stdout.contains("pixels differ") && differ.stdout.contains(" in x "))
        let marked = try Bitmap(contentsOfPNG: diffImage)
        #expect(marked.pixels.contains(0xFFFF_0000))

        let same = try run(["diff", a.path, copy.path])
        #expect(same.status == 0 && same.stdout == "match: identical\n")

        #expect(try run(["diff", a.path, b.path, "--max-diff-ratio", "0.5"]).status == 0)
        #expect(try run(["diff", a.path]).status == 2)
        #expect(try run(["diff", a.path, folder.url.appendingPathComponent("missing.png").path]).status == 2)
        #expect(try run(["diff", a.path, b.path, "--threshold", "2"]).status == 2)
    }

    @Test func goldenRecordThenVerifyATeamsOwnFolder() throws {
        let team = folder.folder("team", files: [:])
        let golden = team.appendingPathComponent("screens")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        let matrix = """
            { "profiles": "\(repositoryRoot.path)/DeviceProfiles", "documents": { "consent": "\(document)" },
              "groups": [ { "document": "consent", "devices": ["iphone-se-3", "ipad-10"], "languages": ["en"] } ] }
            """
        try Data(matrix.utf8).write(to: golden.appendingPathComponent("matrix.json"))
        let artifacts = team.appendingPathComponent("failures")
        let common = ["--golden", golden.path, "--artifacts", artifacts.path]

        let record = try run(["golden", "record"] + common)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("2 golden cells: 0 passed, 0 failed, 2 recorded"))
        #expect(FileManager.default.fileExists(atPath: golden.appendingPathComponent("consent/ipad-10/portrait-light/en.png").path))

        let verify = try run(["golden", "verify"] + common, environment: ["CI": "true"])
        #expect(verify.status == 0 && verify.stdout.contains("2 passed"))

        let only = try run(["golden", "verify", "--only", "consent/ipad-10/*"] + common, environment: ["CI": "true"])
        #expect(only.stdout.hasPrefix("1 golden cell: 1 passed"))

        try FileManager.default.removeItem(at: golden.appendingPathComponent("consent/iphone-se-3/portrait-light/en.png"))
        let missing = try run(["golden", "verify"] + common, environment: ["CI": "true"])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("no golden at"))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("index.html").path))
        #expect(!FileManager.default.fileExists(atPath: golden.appendingPathComponent("consent/iphone-se-3/portrait-light/en.png").path))
    }

    @Test func missingGlyphFailsUnlessAllowed() throws {
        let documents = folder.folder("pua", files: ["en.md": "# Note\n\nThe sign \u{E000} has no glyph."])
        let out = folder.url.appendingPathComponent("glyph.png")
        let base = ["render", "--document", documents.path, "--device", "iphone-se-3", "--language", "en", "--out", out.path]
        let failed = try run(base)
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("U+E000") && failed.stderr.contains("(language en)"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let allowed = try run(base + ["--allow-missing-glyphs"])
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("warning:") && allowed.stderr.contains("U+E000"))
        #expect(FileManager.default.fileExists(atPath: out.path))
    }

    @Test func matrixShardsTogetherEqualTheWholeMatrix() throws {
        let base = ["matrix", "--document", document, "--devices", "iphone-se-3,ipad-10", "--languages", "en,zh-Hans",
                    "--orientations", "portrait,landscape"]
        let whole = folder.url.appendingPathComponent("whole")
        let full = try run(base + ["--out", whole.path, "--jobs", "2"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stdout.components(separatedBy: "\nok ").count - 1 + (full.stdout.hasPrefix("ok ") ? 1 : 0) == 8)
        let expected = try images(in: whole)
        #expect(expected.count == 16)
        var union: [String: Data] = [:]
        for index in 1...3 {
            let part = folder.url.appendingPathComponent("shard-\(index)")
            #expect(try run(base + ["--out", part.path, "--shard", "\(index)/3", "--jobs", "1"]).status == 0)
            for (path, data) in try images(in: part) {
                #expect(union[path] == nil, "\(path) is in two shards")
                union[path] = data
            }
        }
        #expect(union == expected)
        let json = try run(base + ["--out", folder.url.appendingPathComponent("json").path, "--format", "json"])
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(json.stdout.utf8))
        #expect(manifest.cells.count == 8 && manifest.cells.allSatisfy { $0.appStoreClass != nil })
        #expect(try run(base + ["--out", whole.path, "--shard", "4/3"]).status == 2)
        let typo = try run(["matrix", "--document", document, "--devices", "iphone-se-3,iphone-15-pr", "--out", whole.path])
        #expect(typo.status == 2 && typo.stderr.contains("Did you mean 'iphone-15-pro'?"))
    }

    /// Every file under `url` (the marker too), by relative path.
    func everyFile(in url: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: url.path) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &isFolder),
                  !isFolder.boolValue else { continue }
            result[path] = try Data(contentsOf: url.appendingPathComponent(path))
        }
        return result
    }

    /// `--jobs 2` renders in two worker processes (each its own fonts): every file, the manifest,
    /// gallery and ownership marker included, has the bytes one process writes.
    @Test func matrixWorkerProcessesWriteTheBytesOneProcessWrites() throws {
        let base = ["matrix", "--document", repositoryRoot.appendingPathComponent("Samples/world-agreement").path,
                    "--devices", "iphone-se-3,ipad-10", "--languages", "en,ar,ja,hi,th,zh-Hans,ko,he",
                    "--orientations", "portrait,landscape", "--text-sizes", "Large,AX2"]
        var outputs: [[String: Data]] = []
        for jobs in ["1", "2", "3"] {
            let out = folder.url.appendingPathComponent("jobs-\(jobs)")
            let result = try run(base + ["--out", out.path, "--jobs", jobs])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("64 cells in"), "\(result.stdout.suffix(300))")
            outputs.append(try everyFile(in: out))
        }
        #expect(outputs[0].count == 64 * 2 + 3)
        for other in outputs.dropFirst() {
            let differing = Set(outputs[0].keys).union(other.keys).filter { outputs[0][$0] != other[$0] }.sorted()
            #expect(differing.isEmpty, "worker processes wrote other bytes in \(differing)")
        }
        // The worker is not a command for people.
        let byHand = try run(["matrix-worker"] + base.dropFirst())
        #expect(byHand.status == 2 && byHand.stderr.contains("use render-cli matrix --jobs N"), "\(byHand.stderr)")
    }

    /// A worker process killed mid-run fails the cells it had not reported (exit 3, saying how it
    /// ended); the others are written whole, a new worker takes the next batches, and nothing
    /// partial or hidden is left.
    @Test func aKilledWorkerFailsItsCellsAndLeavesNothingPartial() throws {
        let out = folder.url.appendingPathComponent("killed-worker")
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["matrix", "--document", document, "--devices", "iphone-se-3,ipad-10,iphone-15-pro",
                             "--orientations", "portrait,landscape", "--appearances", "light,dark",
                             "--text-sizes", "Large,AX1,AX3", "--jobs", "2", "--out", out.path]
        process.currentDirectoryURL = repositoryRoot
        let stderr = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        var killed: Int32?
        for _ in 0..<500 where killed == nil {
            Thread.sleep(forTimeInterval: 0.01)
            guard (try? FileManager.default.subpathsOfDirectory(atPath: out.path))?.contains(where: { $0.hasSuffix(".png") }) == true
            else { continue }
            // A child of the matrix whose command line is a worker's.
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry),
                      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")"),
                      Int32(stat[close...].split(separator: " ")[2]) == process.processIdentifier,
                      let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline")),
                      String(decoding: command, as: UTF8.self).contains("matrix-worker") else { continue }
                kill(pid, SIGKILL)
                killed = pid
                break
            }
        }
        let said = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(killed != nil, "no worker process was found")
        #expect(process.terminationStatus == 3, "\(said)")
        #expect(said.contains("A worker process of the matrix failed") && said.contains("signal 9"), "\(said)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path)
        let hidden = files.filter { ($0 as NSString).lastPathComponent.hasPrefix(".") && $0 != OwnedFolder.Kind.matrix.markerName }
        #expect(hidden.isEmpty, "hidden files were left: \(hidden)")
        let pngs = files.filter { $0.hasSuffix(".png") }
        #expect(pngs.count > 0 && pngs.count < 108, "\(pngs.count) of 108 cells")
        for png in pngs {
            #expect(throws: Never.self) { try Bitmap(contentsOfPNG: out.appendingPathComponent(png)) }
        }
        // The next run into the folder completes it.
        let again = try run(process.arguments! + [])
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// A worker that ends before it says it is ready (killed while starting, or a program that is
    /// not a worker at all) fails its start with how it ended, instead of leaving the matrix waiting
    /// for a message that cannot come (the parent once held the worker's end of the pipe open
    /// until the worker had answered: a first-user trial's kill hung a matrix for half an hour).
    @Test func aWorkerThatEndsBeforeItIsReadyFailsItsStart() throws {
        let outcome = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try MatrixWorkerProcess(MatrixWorkerLaunch(executable: URL(fileURLWithPath: "/bin/sh"),
                                                               arguments: ["-c", "echo starting >&2; exit 7"]))
                outcome.withLock { $0 = "it started" }
            } catch {
                outcome.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 20) == .success, "the start still waits for the worker's first message")
        let said = outcome.withLock { $0 } ?? ""
        #expect(said.contains("A worker process of the matrix failed") && said.contains("7"), "\(said)")
    }

    /// PNGs and link maps under `url`, by relative path.
    func images(in url: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: url.path)
        where path.hasSuffix(".png") || path.hasSuffix(".links.json") {
            result[path] = try Data(contentsOf: url.appendingPathComponent(path))
        }
        return result
    }

    @Test func overlayMarksLinksButtonsAndTheSafeArea() throws {
        let out = folder.url.appendingPathComponent("review/cell.png")
        let result = try run(["render", "--document", document, "--device", "iphone-15-pro", "--language", "en", "--overlay",
                              "--out", out.path])
        #expect(result.status == 0)
        let plain = try Bitmap(contentsOfPNG: out)
        let overlay = try Bitmap(contentsOfPNG: folder.url.appendingPathComponent("review/cell.overlay.png"))
        #expect(overlay.width == plain.width && overlay.height == plain.height)
        let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: folder.url.appendingPathComponent("review/cell.links.json")))
        let link = try #require(map.links.first?.pixelRects.first)
        #expect(overlay[link.x + 1, link.y + 1] != plain[link.x + 1, link.y + 1], "link rects are filled")
        #expect(overlay[2, 2] != plain[2, 2], "outside the safe area is shaded")
        let body = map.body
        let middle = (x: Int((body.x + 2) * 3), y: Int((body.y + body.height + 8) * 3))
        #expect(overlay[middle.x, middle.y] == plain[middle.x, middle.y], "the rest is the render itself")
    }

    @Test func appStoreExportHoldsOnlyAcceptedSizesWithoutAlphaInDeliversLayout() throws {
        let out = folder.url.appendingPathComponent("store")
        let result = try run(["appstore", "--document", document, "--languages", "zh-Hans,en-GB,zh-Hant", "--all-classes",
                              "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let screenshots = out.appendingPathComponent("screenshots")
        #expect(try FileManager.default.contentsOfDirectory(atPath: screenshots.path).sorted() == ["en-GB", "zh-Hans", "zh-Hant"])
        for locale in ["en-GB", "zh-Hans", "zh-Hant"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: screenshots.appendingPathComponent(locale).path).sorted()
            #expect(files == ["01_6.9_iphone-16-pro-max_portrait.png", "02_6.5_iphone-11-pro-max_portrait.png",
                              "03_5.5_iphone-8-plus_portrait.png", "04_iPad-13_ipad-pro-13_portrait.png"])
            for file in files {
                let header = try #require(pngHeader(try Data(contentsOf: screenshots.appendingPathComponent("\(locale)/\(file)"))))
                #expect(header.colorType == 2)
                #expect(AppStoreScreenshotClass.forPixelSize(width: header.width, height: header.height) != nil)
            }
        }
        let required = try run(["appstore", "--document", document, "--languages", "en", "--out", folder.url.appendingPathComponent("two").path])
        #expect(required.stdout.contains("2 screenshots for en-US"))
        let missing = try run(["appstore", "--document", document, "--languages", "fr", "--out", folder.url.appendingPathComponent("fr").path])
        #expect(missing.status == 2 && missing.stderr.contains("no language file for 'fr'"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("fr/screenshots").path))
    }

    @Test func watchRendersAgainWhenTheDocumentChanges() throws {
        let documents = folder.folder("editing", files: testAgreement)
        let out = folder.url.appendingPathComponent("live")
        let png = out.appendingPathComponent("iphone-se-3/portrait-light/en.png")
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["watch", "--document", documents.path, "--devices", "iphone-se-3", "--languages", "en",
                             "--out", out.path, "--interval", "0.1"]
        process.currentDirectoryURL = repositoryRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        func waitFor(_ condition: () -> Bool) -> Bool {
            for _ in 0..<300 where !condition() { Thread.sleep(forTimeInterval: 0.1) }
            return condition()
        }
        // The gallery is written after every cell, so once it exists the first render is complete.
        #expect(waitFor { FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path) })
        let before = try Data(contentsOf: png)
        // The page polls reload.js and reloads only when the version there changes.
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("reload.js") && !page.contains("http-equiv=\"refresh\""))
        let reload = out.appendingPathComponent("reload.js")
        let firstVersion = try String(contentsOf: reload, encoding: .utf8)
        #expect(page.contains(firstVersion.components(separatedBy: "\"")[1]), "the page carries the version reload.js names")
        let english = documents.appendingPathComponent("en.md")
        try (try String(contentsOf: english, encoding: .utf8).replacingOccurrences(of: "Morning Reads", with: "Evening Reads"))
            .write(to: english, atomically: true, encoding: .utf8)
        #expect(waitFor { (try? Data(contentsOf: png)).map { $0 != before } ?? false }, "the render did not follow the edit")
        #expect(waitFor { (try? String(contentsOf: reload, encoding: .utf8)).map { $0 != firstVersion } ?? false },
                "a new render is a new version")
        // A document that stops loading shows its error in the gallery, and the watch goes on.
        try Data("{ \"templte\": 1 }".utf8).write(to: documents.appendingPathComponent("document.json"))
        #expect(waitFor {
            (try? String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8))?.contains("unknown key &#39;templte&#39;") == true
                || (try? String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8))?.contains("unknown key 'templte'") == true
        }, "the gallery shows the error")
        #expect(process.isRunning)
    }

    @Test func benchPrintsEveryFigure() throws {
        // Figures only, never thresholds: speed is judged from the benchmark, not in a test.
        let result = try run(["bench", "--iterations", "1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let stages = try #require(figures["stages"] as? [[String: Any]])
        #expect(stages.map { $0["pixels"] as? String } == ["1179×2556", "2064×2752"])
        #expect(stages.allSatisfy { ($0["encodeMs"] as? Double ?? 0) > 0 && ($0["totalMs"] as? Double ?? 0) > 0 })
        #expect(stages.allSatisfy { ($0["linkMapMs"] as? Double ?? -1) >= 0 && ($0["zlibEncodeMs"] as? Double ?? 0) > 0 },
                "the link map's JSON and the zlib encoder beside are timed")
        let matrix = try #require(figures["matrix"] as? [[String: Any]])
        #expect(matrix.first?["screenshots"] as? Int == 20 && matrix.first?["jobs"] as? Int == 1)
        #expect((figures["diffIdenticalMs"] as? Double ?? -1) >= 0 && (figures["diffDifferingMs"] as? Double ?? 0) > 0)
        #expect((figures["peakMemoryMBFor100Cells"] as? Double ?? 0) > 10)
        let walkthrough = try #require(figures["walkthrough"] as? [String: Any])
        #expect(walkthrough["pixels"] as? String == "1179×2556" && (walkthrough["frames"] as? Int ?? 0) > 100)
        #expect((walkthrough["encodedFps"] as? Double ?? 0) > 0 && (walkthrough["composedFps"] as? Double ?? 0) > 0
                && (walkthrough["mp4KB"] as? Int ?? 0) > 0)
    }

    @Test func lintPassesTheSampleAndNamesEachCraftedProblem() throws {
        let sample = repositoryRoot.appendingPathComponent("Samples/privacy-agreement").path
        let clean = try run(["lint", "--document", sample, "--devices", "iphone-se-3,iphone-15-pro,ipad-pro-13"])
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout.contains("48 screens of privacy-agreement linted: 0 errors"))

        let pale = try run(["lint", "--document", document, "--devices", "iphone-15-pro", "--appearances", "light", "--tint", "#F2F2F7"])
        #expect(pale.status == 1)
        #expect(pale.stdout.contains("error contrast.text [iphone-15-pro portrait-light en] title"))
        #expect(pale.stdout.contains("#F2F2F7 on #FFFFFF is 1.12:1; WCAG 1.4.3 needs 3.00:1 here"))
        #expect(pale.stdout.contains("error contrast.button-edge"))

        var insecure = testAgreement
        insecure["en.md"] = insecure["en.md"]!.replacingOccurrences(of: "https://books.example.org/en/privacy", with: "http://books.example.org/en/privacy")
        let http = try run(["lint", "--document", folder.folder("insecure", files: insecure).path, "--devices", "iphone-se-3", "--languages", "en"])
        #expect(http.status == 1)
        #expect(http.stdout.contains("error links.scheme") && http.stdout.contains("goes to http://books.example.org/en/privacy; use https://"))

        var faded = testAgreement
        faded["document.json"] = #"{ "defaultLanguage": "en", "style": { "declineOpacity": 0.4 } }"#
        let disabled = try run(["lint", "--document", folder.folder("faded", files: faded).path, "--devices", "iphone-se-3",
                                "--languages", "en", "--format", "json"])
        #expect(disabled.status == 1)
        let findings = try JSONDecoder().decode([LintFinding].self, from: Data(disabled.stdout.utf8))
        let equal = findings.filter { $0.rule == "choice.equal-treatment" && $0.severity == .error }
        #expect(equal.count == 4, "portrait and landscape, light and dark")
        #expect(equal.allSatisfy { $0.message.hasPrefix("looks disabled (drawn at 40% opacity") && $0.rect != nil && $0.language == "en" })
    }

    @Test func lintTakesTheEqualsFormOfItsListOptions() throws {
        let result = try run(["lint", "--document", document, "--devices=iphone-se-3", "--languages=en", "--orientations=landscape",
                              "--appearances=dark"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 screens of doc linted") || result.stdout.contains("1 screen of doc linted"),
                "\(result.stdout)")
    }

    @Test func matrixManifestGivesTheTintAnExplainerWasDrawnWith() throws {
        let out = folder.url.appendingPathComponent("att")
        let result = try run(["matrix", "--document", repositoryRoot.appendingPathComponent("Samples/att-explainer").path,
                              "--devices", "iphone-se-3", "--languages", "en", "--appearances", "light,dark",
                              "--tint", "#D81B60", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.cells.map(\.tint) == ["#007AFF", "#0A84FF"], "system blue, never the brand tint")
    }

    @Test func matrixRendersEveryStateOfATemplateAndRefusesAStateItLacks() throws {
        let launch = repositoryRoot.appendingPathComponent("Samples/launch-consent").path
        let out = folder.url.appendingPathComponent("states")
        let result = try run(["matrix", "--document", launch, "--devices", "iphone-se-3", "--languages", "en",
                              "--states", "initial,decline-confirm", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["en.png", "en.links.json", "en-decline-confirm.png", "en-decline-confirm.links.json"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("iphone-se-3/portrait-light/\(name)").path), "\(name)")
        }
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.cells.map(\.cell.state) == [.initial, .declineConfirm])
        #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8).contains(#""state" : "decline-confirm""#))

        let agreement = try run(["matrix", "--document", document, "--devices", "iphone-se-3", "--languages", "en",
                                 "--states", "initial,decline-confirm", "--out", folder.url.appendingPathComponent("agreement").path])
        #expect(agreement.status == 2)
        #expect(agreement.stderr.contains("--states: the agreement-dialog template has no state 'decline-confirm'. Its states are: initial, preferences."))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("agreement/iphone-se-3").path), "nothing rendered")
    }

    @Test func lintAndTheAppStoreExportTakeStatesToo() throws {
        let launch = repositoryRoot.appendingPathComponent("Samples/launch-consent").path
        let lint = try run(["lint", "--document", launch, "--devices", "iphone-se-3", "--languages", "en", "--orientations", "portrait",
                            "--appearances", "light", "--states", "all", "--format", "json"])
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(try JSONDecoder().decode([LintFinding].self, from: Data(lint.stdout.utf8)).filter { $0.severity == .error }.isEmpty)
        let text = try run(["lint", "--document", launch, "--devices", "iphone-se-3", "--languages", "en", "--states", "all"])
        #expect(text.stdout.contains("8 screens of launch-consent linted"), "\(text.stdout)")
        let store = folder.url.appendingPathComponent("store")
        let export = try run(["appstore", "--document", launch, "--languages", "en", "--states", "initial,decline-confirm",
                              "--out", store.path])
        #expect(export.status == 0, "\(export.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: store.appendingPathComponent("screenshots/en-US").path).sorted()
        #expect(files == ["01_6.9_iphone-16-pro-max_portrait.png", "02_6.9_iphone-16-pro-max_portrait-decline-confirm.png",
                          "03_iPad-13_ipad-pro-13_portrait.png", "04_iPad-13_ipad-pro-13_portrait-decline-confirm.png"])
    }

    @Test func reshapeTrialFindings() throws {
        let launch = repositoryRoot.appendingPathComponent("Samples/launch-consent").path
        // A broken font in a document's fonts folder is bad input, named with its fix.
        let broken = folder.folder("broken-font", files: testAgreement)
        try FileManager.default.createDirectory(at: broken.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data("not a font".utf8).write(to: broken.appendingPathComponent("fonts/bad.ttf"))
        let font = try run(["render", "--document", broken.path, "--device", "iphone-se-3", "--language", "en",
                            "--out", folder.url.appendingPathComponent("font.png").path])
        #expect(font.status == 2)
        #expect(font.stderr.contains("fonts/bad.ttf: not a font fontconfig can load. Replace it"), "\(font.stderr)")
        // appstore takes --states all like matrix and lint.
        let store = try run(["appstore", "--document", launch, "--languages", "en", "--states", "all",
                             "--out", folder.url.appendingPathComponent("store-all").path])
        #expect(store.status == 0 && store.stdout.contains("4 screenshots for en-US"), "\(store.stderr)")
        // No doubled period, no "1 cells", an empty list item refused, a misspelt state suggested.
        let option = try run(["render", "--bogus"])
        #expect(option.stderr.contains("unknown option --bogus. Run render-cli render --help") && !option.stderr.contains(".."))
        let one = try run(["matrix", "--document", launch, "--devices", "iphone-se-3", "--languages", "en",
                           "--out", folder.url.appendingPathComponent("one").path])
        #expect(one.stdout.contains("1 cell in "), "\(one.stdout)")
        let empty = try run(["matrix", "--document", launch, "--devices", "iphone-se-3", "--languages", "en",
                             "--states", "initial,,decline-confirm", "--out", folder.url.appendingPathComponent("empty").path])
        #expect(empty.status == 2 && empty.stderr.contains("has an empty item"), "\(empty.stderr)")
        let typo = try run(["render", "--document", launch, "--device", "iphone-se-3", "--language", "en", "--state", "decline-confirn",
                            "--out", folder.url.appendingPathComponent("typo.png").path])
        #expect(typo.status == 2 && typo.stderr.contains("Did you mean 'decline-confirm'?"), "\(typo.stderr)")
        // Lint JSON gives a later screen's state its own field and rounds rects as the link map does.
        let lint = try run(["lint", "--document", launch, "--devices", "iphone-se-3", "--languages", "en", "--states", "all",
                            "--format", "json"])
        let findings = try JSONDecoder().decode([LintFinding].self, from: Data(lint.stdout.utf8))
        for finding in findings {
            #expect(!finding.device.contains("decline-confirm"))
            if let rect = finding.rect { #expect((rect.x * 1000).rounded() == rect.x * 1000) }
        }
    }

    @Test func anIOFailureExitsThreeNotTwo() throws {
        let result = try run(["render", "--document", document, "--device", "iphone-se-3", "--language", "en",
                              "--out", "/proc/consentrender/x.png"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("/proc/consentrender"))
    }

    @Test(arguments: [0.0, 0.05, 0.15])
    func aSIGTERMMidMatrixLeavesNoHiddenOrPartialFile(delay: Double) throws {
        let out = folder.url.appendingPathComponent("killed-\(delay)")
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["matrix", "--document", document, "--orientations", "portrait,landscape",
                             "--appearances", "light,dark", "--jobs", "2", "--out", out.path]
        process.currentDirectoryURL = repositoryRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Stop it once it has written something (and a little later), in the middle of the 192 cells.
        for _ in 0..<200 where (try? FileManager.default.subpathsOfDirectory(atPath: out.path))?.contains(where: { $0.hasSuffix(".png") }) != true {
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM || process.terminationStatus == 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path)
        // Only the folder's ownership marker is a dot file: no temporary file of ours or of a library's.
        let hidden = files.filter { ($0 as NSString).lastPathComponent.hasPrefix(".") && $0 != OwnedFolder.Kind.matrix.markerName }
        #expect(hidden.isEmpty, "hidden files were left: \(hidden)")
        for png in files where png.hasSuffix(".png") {
            #expect(throws: Never.self) { try Bitmap(contentsOfPNG: out.appendingPathComponent(png)) }
        }
    }

    @Test func profilesListsEveryDevice() throws {
        let result = try run(["profiles"])
        #expect(result.status == 0)
        for expected in expectedProfiles {
            #expect(result.stdout.contains(expected.id))
        }
        #expect(result.stdout.contains("1179×2556") && result.stdout.contains(#"6.3""#))
    }

    @Test(arguments: [["--help"], ["render", "--help"], ["profiles", "--help"], ["diff", "--help"], ["golden", "--help"],
                      ["matrix", "--help"], ["appstore", "--help"], ["watch", "--help"], ["bench", "--help"], ["lint", "--help"]])
    func helpExitsZeroAndShowsUsage(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: render-cli"))
    }

    @Test func unknownCommandSuggestsTheClosestOne() throws {
        let result = try run(["rendr"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Did you mean 'render'?"))
    }

    @Test func frameWritesAnRGBAPictureBesideTheScreenshotButNeverForTheAppStore() throws {
        let out = folder.url.appendingPathComponent("framed/shot.png")
        let result = try run(["render", "--document", document, "--device", "iphone-15-pro", "--language", "en", "--frame",
                              "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let framed = try Data(contentsOf: folder.url.appendingPathComponent("framed/shot.framed.png"))
        let header = try #require(pngHeader(framed))
        #expect(header.width > 1179 && header.height > 2556)
        #expect(framed[25] == 6, "RGBA")
        #expect(try #require(pngHeader(Data(contentsOf: out))).width == 1179, "the screenshot keeps its exact size")

        let matrix = folder.url.appendingPathComponent("matrix")
        let cells = try run(["matrix", "--document", document, "--devices", "iphone-se-3", "--languages", "en", "--frame",
                             "--out", matrix.path])
        #expect(cells.status == 0, "\(cells.stderr)")
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: matrix.appendingPathComponent("manifest.json")))
        let cell = try #require(manifest.cells.first)
        #expect(cell.framed == "iphone-se-3/portrait-light/en.framed.png")
        #expect(FileManager.default.fileExists(atPath: matrix.appendingPathComponent(cell.framed ?? "").path))
        #expect(try String(contentsOf: matrix.appendingPathComponent("index.html"), encoding: .utf8).contains("framedScreen"))

        let store = try run(["appstore", "--document", document, "--languages", "en", "--frame",
                             "--out", folder.url.appendingPathComponent("store").path])
        #expect(store.status == 2)
        #expect(store.stderr.contains("--frame is not for App Store screenshots"))
    }

    @Test func backdropOptionDrawsTheAppAndRefusesWhatItCannotUse() throws {
        let shot = folder.url.appendingPathComponent("home.png")
        try BackdropTests.stripes(width: 50, height: 100).write(to: shot)
        let out = folder.url.appendingPathComponent("out/app.png")
        let drawn = try run(["render", "--document", document, "--device", "iphone-se-3", "--language", "en", "--backdrop", shot.path,
                             "--out", out.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let bitmap = try Bitmap(contentsOfPNG: out)
        #expect(bitmap.color(x: 10, y: bitmap.height - 4).red > 60, "the red half of the screenshot shows, dimmed")

        let notPNG = folder.url.appendingPathComponent("home.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: notPNG)
        let refused = try run(["render", "--document", document, "--device", "iphone-se-3", "--language", "en", "--backdrop", notPNG.path,
                               "--out", folder.url.appendingPathComponent("out/bad.png").path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--backdrop: \(notPNG.path): not a readable PNG image"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/bad.png").path))

        // A file cut short is found before a matrix writes anything.
        let cut = folder.url.appendingPathComponent("cut.png")
        let whole = try BackdropTests.stripes(width: 300, height: 300)
        try whole.prefix(whole.count / 2).write(to: cut)
        let damaged = try run(["matrix", "--document", document, "--devices", "iphone-se-3", "--languages", "en", "--backdrop", cut.path,
                               "--out", folder.url.appendingPathComponent("damaged").path])
        #expect(damaged.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("damaged/manifest.json").path))
        #expect(try run(["render", "--document", document, "--device", "iphone-se-3", "--time", "25:00",
                         "--out", folder.url.appendingPathComponent("t.png").path]).status == 2)

        let launch = folder.folder("launch", files: testAgreement.merging(["document.json": #"{ "template": "launch-consent" }"#]) { $1 })
        let matrix = try run(["matrix", "--document", launch.path, "--devices", "iphone-se-3", "--languages", "en", "--backdrop", shot.path,
                              "--out", folder.url.appendingPathComponent("matrix").path])
        #expect(matrix.status == 2)
        #expect(matrix.stderr.contains("the launch-consent screen covers the whole display"), "\(matrix.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("matrix/manifest.json").path))
    }
}

@Suite struct AtomicFileWriterTests {
    @Test func failedWriteLeavesNoFileBehind() throws {
        let folder = TemporaryFolder()
        let first = folder.url.appendingPathComponent("cell.png")
        let second = folder.url.appendingPathComponent("missing-folder/cell.links.json")
        #expect(throws: RenderError.self) {
            try AtomicFileWriter.write([(first, Data([1, 2, 3])), (second, Data([4]))])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func writeReplacesExistingFilesWhole() throws {
        let folder = TemporaryFolder()
        let file = folder.url.appendingPathComponent("cell.png")
        try Data("old".utf8).write(to: file)
        try AtomicFileWriter.write([(file, Data("new".utf8))])
        #expect(try Data(contentsOf: file) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["cell.png"])
    }

    /// Any name the file system takes can be written (the temporary name beside it stays within
    /// 255 bytes, found by a first-user trial: 207-byte names failed), and a longer one is refused
    /// by name and length, with nothing left behind.
    @Test func namesUpTo255BytesAreWrittenAndLongerOnesExplained() throws {
        let folder = TemporaryFolder()
        let longest = folder.url.appendingPathComponent(String(repeating: "é", count: 123) + "-cell.png")  // 255 bytes
        #expect(longest.lastPathComponent.utf8.count == 255)
        try AtomicFileWriter.write([(longest, Data([1]))])
        #expect(try Data(contentsOf: longest) == Data([1]))
        let tooLong = folder.url.appendingPathComponent(String(repeating: "a", count: 252) + ".png")
        do {
            try AtomicFileWriter.write([(tooLong, Data([3]))])
            Issue.record("a 256-byte name was written")
        } catch {
            #expect("\(error)".contains("256 bytes long") && "\(error)".contains("at most 255"), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [longest.lastPathComponent])
    }
}
