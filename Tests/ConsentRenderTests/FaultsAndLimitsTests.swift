import Foundation
import Synchronization
import Testing
@testable import ConsentRender

/// Writes a golden folder's `matrix.json` at `golden` (made if missing): one group of `document`
/// (a folder of Samples/) on `devices` in `languages`, with the checkout's profiles.
func writeGoldenMatrix(at golden: URL, document: String = "privacy-agreement", devices: [String] = ["iphone-se-3"],
                       languages: [String] = ["en"]) throws {
    let checkout = FileManager.default.currentDirectoryPath
    try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
    let matrix: [String: Any] = [
        "profiles": checkout + "/DeviceProfiles",
        "documents": ["doc": checkout + "/Samples/" + document],
        "groups": [["document": "doc", "devices": devices, "languages": languages]],
    ]
    try JSONSerialization.data(withJSONObject: matrix, options: [.sortedKeys]).write(to: golden.appendingPathComponent("matrix.json"))
}

/// Issue 34, data loss (points 1–4): every command that writes into a tree refuses a symbolic link
/// below its root, replaces only the files its ledger lists, keeps what the user added, and keeps
/// out of golden and document folders.
@Suite struct FaultsAndLimitsTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    /// A folder-writing command, run on a small input, and the folders it writes.
    struct TreeWriter: CustomTestStringConvertible, Sendable {
        var name: String
        /// The arguments, given the output folder (and the golden folder, for golden runs).
        var arguments: @Sendable (_ out: URL, _ golden: URL) -> [String]
        /// A folder inside the output that a run writes into (a link there is refused).
        var writtenSubfolder: String
        /// A file a run writes, relative to the output (a file of the user's there is refused).
        var writtenFile: String
        /// Whether the output folder is the golden folder (golden record) rather than a folder of its own.
        var writesTheGoldenFolder = false
        /// Whether the command needs a failing golden to write anything (golden verify's artifacts).
        var needsAFailingGolden = false
        var environment: [String: String] = [:]

        var testDescription: String { name }
    }

    static let goldenCell = "doc/iphone-se-3/portrait-light"

    static let writers: [TreeWriter] = [
        TreeWriter(name: "matrix", arguments: { out, _ in
            ["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en", "--out", out.path]
        }, writtenSubfolder: "iphone-se-3/portrait-light", writtenFile: "iphone-se-3/portrait-light/en.png"),
        TreeWriter(name: "review", arguments: { out, _ in
            ["review", "--document", "Samples/att-explainer", "--devices", "iphone-se-3", "--languages", "en", "--out", out.path]
        }, writtenSubfolder: "iphone-se-3/en", writtenFile: "iphone-se-3/en/flow.png"),
        TreeWriter(name: "appstore", arguments: { out, _ in
            ["appstore", "--document", "Samples/privacy-agreement", "--languages", "ja", "--out", out.path]
        }, writtenSubfolder: "screenshots/ja", writtenFile: "screenshots/ja/01_6.9_iphone-16-pro-max_portrait.png"),
        TreeWriter(name: "golden record", arguments: { _, golden in
            ["golden", "record", "--golden", golden.path, "--artifacts", golden.deletingLastPathComponent().appendingPathComponent("artifacts").path]
        }, writtenSubfolder: goldenCell, writtenFile: goldenCell + "/en.png", writesTheGoldenFolder: true),
        TreeWriter(name: "golden verify --artifacts", arguments: { out, golden in
            ["golden", "verify", "--golden", golden.path, "--artifacts", out.path]
        }, writtenSubfolder: goldenCell, writtenFile: goldenCell + "/en/actual.png", needsAFailingGolden: true,
                   environment: ["CONSENT_GOLDEN": "never"]),
    ]

    /// A golden folder of one cell (privacy-agreement on the iPhone SE in English), recorded.
    func recordedGolden() throws -> URL {
        let golden = root.appendingPathComponent("Golden")
        try writeGoldenMatrix(at: golden)
        let run = try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts", root.appendingPathComponent("artifacts").path])
        #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
        return golden
    }

    /// Makes the recorded golden image fail verification: a flat red image of the same size.
    func spoil(_ golden: URL) throws {
        let png = golden.appendingPathComponent(Self.goldenCell + "/en.png")
        let bitmap = try Bitmap(contentsOfPNG: png)
        try Bitmap(width: bitmap.width, height: bitmap.height, pixels: [UInt32](repeating: 0xFF0000, count: bitmap.pixels.count))
            .pngData().write(to: png)
    }

    /// Runs `writer` once so its tree exists, and returns the output folder and the golden folder.
    func firstRun(of writer: TreeWriter) throws -> (out: URL, golden: URL) {
        let golden = try recordedGolden()
        if writer.needsAFailingGolden { try spoil(golden) }
        let out = writer.writesTheGoldenFolder ? golden : root.appendingPathComponent("out")
        let run = try runRenderCLI(writer.arguments(out, golden), environment: writer.environment)
        #expect(run.status == (writer.needsAFailingGolden ? 1 : 0), "\(run.stdout) \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(writer.writtenFile).path), "\(run.stdout)")
        return (out, golden)
    }

    /// A folder of the user's, with a file named like one the tool writes and one of its own.
    func usersFolder() throws -> (url: URL, contents: [String: Data]) {
        let mine = root.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        let contents = ["en.png": Data("the designer's picture".utf8), "flow.png": Data("my chart".utf8),
                        "mine.txt": Data("my notes".utf8)]
        for (name, data) in contents { try data.write(to: mine.appendingPathComponent(name)) }
        return (mine, contents)
    }

    func contents(of folder: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            found[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return found
    }

    // MARK: point 1: never through a link

    @Test(arguments: writers)
    func aSymbolicLinkBelowTheRootIsRefusedAndNothingIsWrittenThroughIt(_ writer: TreeWriter) throws {
        let (out, golden) = try firstRun(of: writer)
        let mine = try usersFolder()
        // The user's folder also holds a copy of the very file the tool wrote there (a golden the
        // user kept): still the user's, and never listed through the link.
        let copy = mine.url.appendingPathComponent((writer.writtenFile as NSString).lastPathComponent)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: out.appendingPathComponent(writer.writtenFile), to: copy)
        let userFiles = try contents(of: mine.url)
        let linked = out.appendingPathComponent(writer.writtenSubfolder)
        try FileManager.default.removeItem(at: linked)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: mine.url)
        let listedBefore = try listed(in: out, under: writer.writtenSubfolder)
        let run = try runRenderCLI(writer.arguments(out, golden), environment: writer.environment)
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect((run.stdout + run.stderr).contains(linked.path) && (run.stdout + run.stderr).contains("symbolic link"),
                "\(run.stdout) \(run.stderr)")
        #expect(try contents(of: mine.url) == userFiles, "nothing was written, replaced or removed through the link")
        #expect(try listed(in: out, under: writer.writtenSubfolder).subtracting(listedBefore).isEmpty,
                "nothing through the link was listed as the tool's")
    }

    /// Every (path, fingerprint) the output's markers list under `subfolder`.
    func listed(in out: URL, under subfolder: String) throws -> Set<String> {
        var found = Set<String>()
        for marker in try FileManager.default.contentsOfDirectory(atPath: out.path) where marker.hasPrefix(".consentrender-") {
            let entries = FileLedger.parse(try String(contentsOf: out.appendingPathComponent(marker), encoding: .utf8)).entries
            for (path, fingerprints) in entries where path.hasPrefix(subfolder + "/") {
                for fingerprint in fingerprints { found.insert("\(path) \(fingerprint.size) \(fingerprint.checksumText)") }
            }
        }
        return found
    }

    @Test func aLinkInPlaceOfAFileOrAsADanglingOutputIsRefusedByName() throws {
        let out = root.appendingPathComponent("matrix")
        let arguments = { (out: URL) in
            ["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en", "--out", out.path]
        }
        #expect(try runRenderCLI(arguments(out)).status == 0)
        let mine = root.appendingPathComponent("my.png")
        let cell = out.appendingPathComponent("iphone-se-3/portrait-light/en.png")
        try FileManager.default.moveItem(at: cell, to: mine)
        try FileManager.default.createSymbolicLink(at: cell, withDestinationURL: mine)
        let refused = try runRenderCLI(arguments(out))
        #expect(refused.status == 2 && refused.stderr.contains("symbolic link at '\(cell.path)'"), "\(refused.stderr)")
        let dangling = root.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(at: dangling, withDestinationURL: root.appendingPathComponent("nowhere"))
        let nowhere = try runRenderCLI(arguments(dangling))
        #expect(nowhere.status == 2 && nowhere.stderr.contains("is a symbolic link") && nowhere.stderr.contains("leads nowhere"),
                "\(nowhere.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("nowhere").path))
    }

    // MARK: points 2 and 3: only the files the ledger lists

    @Test(arguments: writers)
    func aFileOfTheUsersWhereARunWritesIsRefusedAndKept(_ writer: TreeWriter) throws {
        let (out, golden) = try firstRun(of: writer)
        let theirs = out.appendingPathComponent(writer.writtenFile)
        try Data("the user's own file".utf8).write(to: theirs)
        let run = try runRenderCLI(writer.arguments(out, golden), environment: writer.environment)
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect((run.stdout + run.stderr).contains(theirs.path), "\(run.stdout) \(run.stderr)")
        #expect(try Data(contentsOf: theirs) == Data("the user's own file".utf8))
    }

    @Test(arguments: writers)
    func filesTheUserAddedSurviveTheNextRun(_ writer: TreeWriter) throws {
        let (out, golden) = try firstRun(of: writer)
        let added = [out.appendingPathComponent("notes.txt"), out.appendingPathComponent(writer.writtenSubfolder + "/notes.txt")]
        for file in added { try Data("mine".utf8).write(to: file) }
        let run = try runRenderCLI(writer.arguments(out, golden), environment: writer.environment)
        #expect(run.status == (writer.needsAFailingGolden ? 1 : 0), "\(run.stdout) \(run.stderr)")
        for file in added {
            #expect((try? Data(contentsOf: file)) == Data("mine".utf8), "\(file.path) was removed or changed")
        }
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(writer.writtenFile).path))
    }

    // MARK: point 4: one list of folders no command writes into

    @Test(arguments: writers.filter { !$0.writesTheGoldenFolder })
    func noCommandWritesIntoAGoldenOrDocumentFolder(_ writer: TreeWriter) throws {
        let golden = try recordedGolden()
        if writer.needsAFailingGolden { try spoil(golden) }
        let document = root.appendingPathComponent("document")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/privacy-agreement"), to: document)
        let before = try FileManager.default.subpathsOfDirectory(atPath: golden.path).sorted()
        for (out, role) in [(golden, "golden folder"), (golden.appendingPathComponent("doc"), "golden folder"),
                            (golden.appendingPathComponent("new"), "golden folder"), (document, "document folder"),
                            (document.appendingPathComponent("screens"), "document folder")] {
            let run = try runRenderCLI(writer.arguments(out, golden), environment: writer.environment)
            #expect(run.status == 2, "\(out.path): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("'\(out.path)'") && run.stderr.contains(role) && run.stderr.contains("nothing was touched"),
                    "\(run.stderr)")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: golden.path).sorted() == before)
        #expect(!FileManager.default.fileExists(atPath: document.appendingPathComponent("screens").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: document.path).sorted()
                == FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Samples/privacy-agreement").path).sorted())
    }
}

/// Issue 34, leftovers, orphans and one writer per folder (points 5–7): a run killed at an exact
/// instant (`FaultInjection`) leaves its hidden temporary files and no process behind, and the
/// next run into the folder removes them; a second run into a folder waits for the first.
@Suite struct KilledRunTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    struct KilledRun: CustomTestStringConvertible, Sendable {
        var name: String
        var arguments: @Sendable (_ out: URL) -> [String]
        /// The fault: `CONSENTRENDER_KILL_AFTER_WRITES` or `…_FRAMES`, with its count.
        var fault: [String: String]
        /// Whether the output folder is a golden folder holding `matrix.json`.
        var isGolden = false

        var testDescription: String { name }
    }

    static let runs: [KilledRun] = [
        KilledRun(name: "matrix", arguments: { out in
            ["matrix", "--document", "Samples/world-agreement", "--devices", "iphone-se-3", "--languages", "en,ja,ar",
             "--jobs", "1", "--out", out.path]
        }, fault: ["CONSENTRENDER_KILL_AFTER_WRITES": "4"]),
        KilledRun(name: "appstore", arguments: { out in
            ["appstore", "--document", "Samples/privacy-agreement", "--languages", "en,ja", "--out", out.path]
        }, fault: ["CONSENTRENDER_KILL_AFTER_WRITES": "3"]),
        KilledRun(name: "golden record", arguments: { out in
            ["golden", "record", "--golden", out.path, "--artifacts", out.deletingLastPathComponent().appendingPathComponent("artifacts").path]
        }, fault: ["CONSENTRENDER_KILL_AFTER_WRITES": "3"], isGolden: true),
        KilledRun(name: "review (in a video)", arguments: { out in
            ["review", "--document", "Samples/att-explainer", "--devices", "iphone-se-3", "--languages", "en", "--out", out.path]
        }, fault: ["CONSENTRENDER_KILL_AFTER_FRAMES": "40"]),
    ]

    /// The hidden temporary files (`AtomicFileWriter`'s names) anywhere in `folder`.
    func temporaries(in folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter {
            AtomicFileWriter.isTemporaryName(($0 as NSString).lastPathComponent)
        }
    }

    /// Processes still running (not zombies) whose command line names `folder`: an encoder left behind.
    func runningProcesses(naming folder: URL) -> [String] {
        var found: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let state = stat.split(separator: ")").last?.split(separator: " ").first, state != "Z",
                  let command = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline")) else { continue }
            let text = String(decoding: command.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            if text.contains(folder.path) { found.append("\(entry): \(text)") }
        }
        return found
    }

    @Test(arguments: runs)
    func aKilledRunLeavesNoProcessAndTheNextRunLeavesNoHiddenFileAndEveryFileWhole(_ run: KilledRun) throws {
        let out = root.appendingPathComponent("out")
        if run.isGolden {
            try writeGoldenMatrix(at: out, document: "world-agreement", languages: ["en", "ja", "ar"])
        }
        let killed = try runRenderCLI(run.arguments(out), environment: run.fault)
        #expect(killed.status == SIGKILL, "the fault stops the run: \(killed.stdout) \(killed.stderr)")
        // The kernel ends the encoder with its parent; give it a moment to go.
        var orphans = runningProcesses(naming: out)
        for _ in 0..<5 where !orphans.isEmpty {
            Thread.sleep(forTimeInterval: 0.05)
            orphans = runningProcesses(naming: out)
        }
        #expect(orphans.isEmpty, "still running after the kill: \(orphans)")
        if run.fault["CONSENTRENDER_KILL_AFTER_WRITES"] != nil {
            #expect(!temporaries(in: out).isEmpty, "the kill came with a temporary file written and not yet in place")
        }
        let again = try runRenderCLI(run.arguments(out))
        #expect(again.status == 0, "\(again.stdout) \(again.stderr)")
        #expect(temporaries(in: out).isEmpty, "\(temporaries(in: out))")
        for path in FileManager.default.subpaths(atPath: out.path) ?? [] {
            let file = out.appendingPathComponent(path)
            if path.hasSuffix(".png") {
                #expect((try? Bitmap(contentsOfPNG: file)) != nil, "\(path) does not decode whole")
            } else if path.hasSuffix(".json") {
                #expect((try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) != nil, "\(path) does not parse")
            }
        }
    }

    @Test func aHiddenFileOfAnotherNameIsKept() throws {
        let out = root.appendingPathComponent("out")
        let arguments = ["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                         "--out", out.path]
        #expect(try runRenderCLI(arguments).status == 0)
        let mine = [".notes.tmp", ".en.png.not-a-uuid.tmp", "iphone-se-3/.draft.tmp"].map { out.appendingPathComponent($0) }
        for file in mine { try Data("mine".utf8).write(to: file) }
        let left = out.appendingPathComponent("iphone-se-3/portrait-light/.en.png.\(UUID().uuidString).tmp")
        try Data("partial".utf8).write(to: left)
        #expect(try runRenderCLI(arguments).status == 0)
        #expect(!FileManager.default.fileExists(atPath: left.path), "a run's own temporary file, by its exact name, is removed")
        for file in mine { #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path) is the user's") }
    }

    // MARK: point 7: one writer per folder

    /// Locks `folder` as another process's run would (`flock`), for `seconds` (or until the test ends).
    func holdLock(on folder: URL, releasingAfter seconds: Double? = nil) throws -> Int32 {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        if let seconds {
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: seconds)
                close(descriptor)
            }
        }
        return descriptor
    }

    @Test func aSecondWriterWaitsForTheFirstAndGivesUpAfterFiveSecondsWithExit3() throws {
        let out = root.appendingPathComponent("matrix")
        let arguments = ["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                         "--out", out.path]
        let held = try holdLock(on: out)
        let started = Date()
        let refused = try runRenderCLI(arguments)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(Date().timeIntervalSince(started) >= 4.9)
        #expect(refused.stderr.contains(out.path) && refused.stderr.contains("process \(getpid())") && refused.stderr.contains("waited 5 seconds"),
                "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.isEmpty, "nothing was written")
        close(held)
        _ = try holdLock(on: out, releasingAfter: 1)
        let waited = try runRenderCLI(arguments)
        #expect(waited.status == 0, "the second run waits for the first to end: \(waited.stderr)")
    }

    @Test func aRunThatWaitedReadsWhatTheRunBeforeItWroteAndListed() throws {
        let out = root.appendingPathComponent("matrix")
        let arguments = ["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                         "--out", out.path]
        #expect(try runRenderCLI(arguments).status == 0)
        let held = try holdLock(on: out)
        let second = Mutex<CLIRun?>(nil)
        let waiting = Thread { second.withLock { $0 = try? runRenderCLI(arguments) } }
        waiting.start()
        Thread.sleep(forTimeInterval: 1)
        // Meanwhile "another run" replaces the cell with other bytes and lists them, as a run does.
        let cell = out.appendingPathComponent("iphone-se-3/portrait-light/en.png")
        let other = try Bitmap(contentsOfPNG: cell).pngData(compression: .zlibFast)
        try other.write(to: cell)
        let fingerprint = FileFingerprint(of: other)
        let marker = try FileHandle(forWritingTo: out.appendingPathComponent(".consentrender-matrix"))
        try marker.seekToEnd()
        try marker.write(contentsOf: Data("\(fingerprint.size) \(fingerprint.checksumText) iphone-se-3/portrait-light/en.png\n".utf8))
        try marker.close()
        close(held)
        while second.withLock({ $0 == nil }) { Thread.sleep(forTimeInterval: 0.1) }
        let run = try #require(second.withLock { $0 })
        #expect(run.status == 0, "the waiting run reads the list again once it holds the folder: \(run.stderr)")
    }

    @Test func aRenderIntoAGoldenFolderWaitsWhileARecordHoldsIt() throws {
        let golden = root.appendingPathComponent("Golden")
        try writeGoldenMatrix(at: golden, devices: ["iphone-se-3"], languages: ["en"])
        #expect(try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts", root.appendingPathComponent("a").path]).status == 0)
        _ = try holdLock(on: golden, releasingAfter: 2)
        let started = Date()
        let render = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en",
                                       "--tint", "#FF0000", "--out", golden.appendingPathComponent("doc/iphone-se-3/red.png").path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(Date().timeIntervalSince(started) >= 1.5, "the render waited for the folder")
    }

    @Test func verificationsOfOneGoldenFolderRunSideBySide() throws {
        let golden = root.appendingPathComponent("Golden")
        try writeGoldenMatrix(at: golden, devices: ["iphone-se-3", "iphone-15-pro"], languages: ["en", "zh-Hans"])
        #expect(try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts", root.appendingPathComponent("a").path]).status == 0)
        let results = Mutex<[Int32]>([])
        let artifacts = [root.appendingPathComponent("v0"), root.appendingPathComponent("v1")]
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let run = try? runRenderCLI(["golden", "verify", "--golden", golden.path, "--artifacts", artifacts[index].path],
                                        environment: ["CONSENT_GOLDEN": "never"])
            results.withLock { $0.append(run?.status ?? -1) }
        }
        #expect(results.withLock { $0 } == [0, 0])
    }
}

/// Issue 34, exit codes and signals (points 8–10): an I/O failure is exit 3 whatever else the run
/// found, and a stop the user sends decides the exit status, from the first instant.
@Suite struct StopAndFailureStatusTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    func goldenFolder() throws -> URL {
        let golden = root.appendingPathComponent("Golden")
        try writeGoldenMatrix(at: golden, devices: ["iphone-se-3"], languages: ["en", "zh-Hans"])
        return golden
    }

    @Test func goldenRecordThatCannotWriteExits3NotAMismatch() throws {
        let golden = try goldenFolder()
        // A file-size limit of 64 KB (ulimit -f counts 512-byte blocks): every golden PNG is larger, so
        // each write fails as on a full disk (EFBIG instead of ENOSPC; SIGXFSZ is ignored).
        let script = "ulimit -f 128; exec \"$0\" golden record --golden \"$1\" --artifacts \"$2\""
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, renderCLI.path, golden.path,
                                                                  root.appendingPathComponent("artifacts").path])
        #expect(run.status == 3, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("File too large"), "\(run.stdout)")
        let left = (FileManager.default.subpaths(atPath: golden.path) ?? []).filter {
            $0.hasSuffix(".png") || AtomicFileWriter.isTemporaryName(($0 as NSString).lastPathComponent)
        }
        #expect(left.isEmpty, "no partial golden or temporary file: \(left)")
    }

    @Test func aStopThatArrivesBeforeAnyLibraryHasStartedExits130WithItsMessage() throws {
        let golden = try goldenFolder()
        let run = try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts", root.appendingPathComponent("a").path],
                                   environment: ["CONSENTRENDER_STOP_AT_START": "1"])
        #expect(run.status == 130, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("render-cli: stopped by SIGINT"), "\(run.stderr)")
    }

    @Test func aStopDuringAVideoExits143AndLeavesNoFileOrEncoder() throws {
        let out = root.appendingPathComponent("review")
        let run = try runRenderCLI(["review", "--document", "Samples/att-explainer", "--devices", "iphone-se-3", "--languages", "en",
                                    "--out", out.path], environment: ["CONSENTRENDER_TERM_AFTER_FRAMES": "30"])
        #expect(run.status == 143, "the signal decides, not the encoder it ended: \(run.stderr)")
        #expect(run.stderr.contains("stopped by SIGTERM") && !run.stderr.contains("ffmpeg stopped taking frames"), "\(run.stderr)")
        #expect((FileManager.default.subpaths(atPath: out.path) ?? []).filter { $0.hasSuffix(".tmp") || $0.hasSuffix(".mp4") }.isEmpty)
    }

    @Test func aStopSentToTheWholeProcessGroupExits143() throws {
        // A terminal's Ctrl-C, `timeout` and CI runners signal the whole group: the encoder, in a
        // group of its own, is stopped by render-cli after render-cli's own stop has begun.
        let script = #"""
            import os, signal, subprocess, sys, time
            cli, out = sys.argv[1], sys.argv[2]
            p = subprocess.Popen([cli, "review", "--document", "Samples/att-explainer", "--devices", "iphone-se-3",
                                  "--languages", "en", "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                 start_new_session=True)
            def encoding():
                for pid in filter(str.isdigit, os.listdir("/proc")):
                    try:
                        stat = open(f"/proc/{pid}/stat").read()
                    except OSError:
                        continue
                    if "(ffmpeg)" in stat and int(stat.rsplit(")", 1)[1].split()[1]) == p.pid:
                        return True
                return False
            deadline = time.time() + 120
            while time.time() < deadline and p.poll() is None and not encoding():
                time.sleep(0.005)
            os.killpg(p.pid, signal.SIGTERM)
            err = p.stderr.read().decode()
            print(p.wait(), err.strip().splitlines()[-1] if err.strip() else "")
            """#
        let run = try runPython(script, arguments: [renderCLI.path, root.appendingPathComponent("review").path])
        #expect(run.stdout.hasPrefix("143 render-cli: stopped by SIGTERM"), "\(run.stdout) \(run.stderr)")
    }
}

/// Issue 34, point 12: fontconfig's cache is kept only where no other user can plant files.
@Suite struct FontCacheTests {
    let temporary = TemporaryFolder()

    @Test func theRenderersCacheFolderIsTheUsersOwnAndNoSharedOne() throws {
        let configuration = try FontConfiguration.configuration(for: .noto)
        let folder = try #require(FontCache.folder)
        #expect(configuration.cacheFolders == [folder])
        var status = stat()
        #expect(lstat(folder, &status) == 0 && status.st_uid == geteuid() && status.st_mode & 0o022 == 0,
                "\(folder) is its user's, and no one else may write it")
        #expect(!configuration.cacheFolders.contains("/tmp/consentrender-fontconfig-cache"))
    }

    @Test func onlyARealFolderOfThisUsersThatNoOneElseCanWriteIsUsed() throws {
        let made = temporary.url.appendingPathComponent("a/b/fontconfig").path
        #expect(FontCache.makeSafeFolder(made))
        var status = stat()
        #expect(lstat(made, &status) == 0 && status.st_mode & 0o777 == 0o700)
        let shared = temporary.url.appendingPathComponent("shared").path
        #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o777) == 0)
        #expect(!FontCache.makeSafeFolder(shared), "a folder others may write")
        let link = temporary.url.appendingPathComponent("link").path
        #expect(symlink(made, link) == 0)
        #expect(!FontCache.makeSafeFolder(link), "a symbolic link, wherever it leads")
        if geteuid() == 0 {
            let theirs = temporary.url.appendingPathComponent("theirs").path
            #expect(mkdir(theirs, 0o700) == 0 && chown(theirs, 65534, 65534) == 0)
            #expect(!FontCache.makeSafeFolder(theirs), "a folder another user made")
        }
        #expect(FontCache.xmlEscaped("/a&b/<c>\"") == "/a&amp;b/&lt;c&gt;&quot;")
    }
}
