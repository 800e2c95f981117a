import Foundation
import Testing
@testable import ConsentRender

/// Issue 28, points 1–3: one ownership ledger for every folder a command writes into, and a mark
/// of their own on single files, so no run removes or replaces a file the tool did not write.
@Suite struct OwnershipLedgerTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func ledger(of marker: URL) throws -> [String: [FileFingerprint]] {
        FileLedger.parse(try String(contentsOf: marker, encoding: .utf8)).entries
    }

    // MARK: the ledger itself

    @Test func theMarkerListsEveryFileWithItsSizeAndChecksum() throws {
        let folder = try OwnedFolder.claim(root.appendingPathComponent("out"), kind: .matrix, protecting: [])
        try folder.prepare()
        let data = Data("hello".utf8)
        _ = try folder.subfolder("a")
        try folder.write(relative: [(path: "a/b.txt", data: data)])
        try folder.finish()
        let text = try String(contentsOf: folder.url.appendingPathComponent(".consentrender-matrix"), encoding: .utf8)
        #expect(text.hasPrefix("This folder holds a matrix render written by ConsentRender (render-cli)"))
        // ISA-L's reflected ECMA-182 CRC is CRC-64/XZ, whose check value for "123456789" is 0x995dc9bbdf1939fa.
        #expect(FileFingerprint(of: Data("123456789".utf8)).checksumText == "995dc9bbdf1939fa")
        #expect(text.hasSuffix("files:\n5 \(FileFingerprint(of: data).checksumText) a/b.txt\n"), "\(text)")
        #expect(folder.ownership(of: "a/b.txt") == .ours)
        try Data("hello!".utf8).write(to: folder.url.appendingPathComponent("a/b.txt"))
        #expect(folder.ownership(of: "a/b.txt") == .changed)
        #expect(throws: OutputError.self) { try folder.write(relative: [(path: "a/b.txt", data: data)]) }
        #expect(try String(contentsOf: folder.url.appendingPathComponent("a/b.txt"), encoding: .utf8) == "hello!")
    }

    @Test func aRunStoppedBetweenListingAndRenamingLeavesTheFileItsOwn() throws {
        // Both fingerprints listed (the old file's and the new one's): whichever is on disk is the tool's.
        let old = FileFingerprint(of: Data("old".utf8)), new = FileFingerprint(of: Data("new".utf8))
        let text = FileLedger.header(for: "a matrix render")
            + "3 \(old.checksumText) x.png\n3 \(new.checksumText) x.png\n- gone.png\nnot a line\n3 \(old.checksumText) ../escape\n"
        let parsed = FileLedger.parse(text)
        #expect(parsed.hasList)
        #expect(parsed.entries == ["x.png": [old, new]], "a hand-edited or escaping line is ignored")
        #expect(!FileLedger.parse("This folder holds files written by ConsentRender (render-cli).\n").hasList,
                "an older version's marker has no list")
    }

    @Test func removingAFolderKeepsTheUsersFilesAndLinksAndSaysWhichItKept() throws {
        let folder = try OwnedFolder.claim(root.appendingPathComponent("out"), kind: .review, protecting: [])
        try folder.prepare()
        _ = try folder.subfolder("dev/en")
        try folder.write(relative: [(path: "dev/en/a.png", data: Data("a".utf8)), (path: "dev/b.json", data: Data("b".utf8))])
        try write("mine", to: folder.url.appendingPathComponent("dev/en/notes.txt"))
        try write("mine too", to: root.appendingPathComponent("elsewhere/keep.txt"))
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("dev/link"),
                                                   withDestinationURL: root.appendingPathComponent("elsewhere"))
        try write("partial", to: folder.url.appendingPathComponent("dev/.a.png.\(UUID().uuidString).tmp"))
        let kept = try folder.removeOwned("dev")
        #expect(kept == ["dev/en/notes.txt", "dev/link"])
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("dev/en/a.png").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("dev/b.json").path))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("dev").path))?.sorted()
                == ["en", "link"], "the temporary file of a stopped run is removed by its exact name")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("elsewhere/keep.txt").path))
    }

    // MARK: review (the reproduction of point 1)

    func review(devices: String, out: URL) throws -> CLIRun {
        try runRenderCLI(["review", "--document", "Samples/att-explainer", "--devices", devices, "--languages", "en",
                          "--jobs", "2", "--out", out.path])
    }

    @Test func aSecondReviewKeepsTheUsersFilesAndTheDevicesItLeavesOut() throws {
        let out = root.appendingPathComponent("review")
        let first = try review(devices: "iphone-se-3,ipad-10", out: out)
        #expect(first.status == 0, "\(first.stderr)")
        let annotations = out.appendingPathComponent("iphone-se-3/annotations.txt")
        try write("the reviewer's notes", to: annotations)
        let ipadPack = try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("ipad-10").path).sorted()
        let second = try review(devices: "iphone-se-3", out: out)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try String(contentsOf: annotations, encoding: .utf8) == "the reviewer's notes")
        #expect(second.stderr.contains("note: kept \(annotations.path)"), "\(second.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("ipad-10").path).sorted() == ipadPack,
                "a device left out of this run keeps its pack")
        // A file of the user's where the review writes is refused before anything is touched.
        let theirs = out.appendingPathComponent("iphone-se-3/en/flow.png")
        try write("my chart", to: theirs)
        let refused = try review(devices: "iphone-se-3", out: out)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("holds a file that render-cli did not write") && refused.stderr.contains(theirs.path),
                "\(refused.stderr)")
        #expect(try String(contentsOf: theirs, encoding: .utf8) == "my chart")
    }

    // MARK: matrix

    func matrix(out: URL) throws -> CLIRun {
        try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                          "--out", out.path])
    }

    @Test func matrixRefusesToReplaceAFileTheUserPutAtACellsPath() throws {
        let out = root.appendingPathComponent("matrix")
        #expect(try matrix(out: out).status == 0)
        let cell = out.appendingPathComponent("iphone-se-3/portrait-light/en.png")
        #expect(try ledger(of: out.appendingPathComponent(".consentrender-matrix")).keys.sorted() == [
            "index.html", "iphone-se-3/portrait-light/en.links.json", "iphone-se-3/portrait-light/en.png", "manifest.json",
        ])
        try write("the designer's version", to: cell)
        let refused = try matrix(out: out)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(cell.path) && refused.stderr.contains("Nothing was written"), "\(refused.stderr)")
        #expect(try String(contentsOf: cell, encoding: .utf8) == "the designer's version")
        try FileManager.default.removeItem(at: cell)
        #expect(try matrix(out: out).status == 0, "once the file is gone the cell is written again")
    }

    @Test func aFolderAnOlderVersionMarkedGetsItsListAndLosesNothing() throws {
        let out = root.appendingPathComponent("matrix")
        try write("This folder holds files written by ConsentRender (render-cli).\n"
            + "A later run may overwrite or delete what is in it. Delete this file to keep it from doing so.\n",
                  to: out.appendingPathComponent(".consentrender-matrix"))
        try write("mine", to: out.appendingPathComponent("old-device/portrait-light/en.png"))
        let run = try matrix(out: out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: out.appendingPathComponent("old-device/portrait-light/en.png"), encoding: .utf8) == "mine")
        let listed = try ledger(of: out.appendingPathComponent(".consentrender-matrix"))
        #expect(listed["iphone-se-3/portrait-light/en.png"] != nil && listed["old-device/portrait-light/en.png"] == nil)
    }

    // MARK: golden

    @Test func goldenRecordListsWhatItWroteAndReplacesOnlyThat() throws {
        let golden = root.appendingPathComponent("Golden")
        try write(#"""
            { "profiles": "\#(FileManager.default.currentDirectoryPath)/DeviceProfiles",
              "documents": { "doc": "\#(FileManager.default.currentDirectoryPath)/Samples/privacy-agreement" },
              "groups": [ { "document": "doc", "devices": ["iphone-se-3"], "languages": ["en"] } ] }
            """#, to: golden.appendingPathComponent("matrix.json"))
        func record(_ mode: String = "all") throws -> CLIRun {
            try runRenderCLI(["golden", "record", "--mode", mode, "--golden", golden.path, "--artifacts",
                              root.appendingPathComponent("artifacts").path])
        }
        #expect(try record().status == 0)
        let png = golden.appendingPathComponent("doc/iphone-se-3/portrait-light/en.png")
        #expect(PNGMark.of(fileAt: png.path) == .render)
        #expect(try ledger(of: golden.appendingPathComponent(".consentrender-golden")).keys.sorted() == [
            "ENVIRONMENT.json", "doc/iphone-se-3/portrait-light/en.links.json", "doc/iphone-se-3/portrait-light/en.png",
        ])
        // A golden with the same pixels but other bytes (an earlier version's, or one copied from a
        // failure's actual.png) is kept as it is and listed.
        let bitmap = try Bitmap(contentsOfPNG: png)
        try bitmap.unmarkedPNGData(compression: .zlibFast).write(to: png)
        try FileManager.default.removeItem(at: golden.appendingPathComponent(".consentrender-golden"))
        #expect(try record().status == 0)
        #expect(PNGMark.of(fileAt: png.path) == nil, "the identical golden was not rewritten")
        #expect(try ledger(of: golden.appendingPathComponent(".consentrender-golden"))["doc/iphone-se-3/portrait-light/en.png"]
                == [FileFingerprint(ofFileAt: png.path)!])
        // A golden of other pixels that the ledger does not list is refused (exit 2) and kept.
        try Bitmap(width: bitmap.width, height: bitmap.height, pixels: [UInt32](repeating: 0xFF0000, count: bitmap.pixels.count))
            .pngData().write(to: png)
        let mine = try Data(contentsOf: png)
        let refused = try record()
        #expect(refused.status == 2)
        #expect(refused.stdout.contains("is not a file golden record wrote"), "\(refused.stdout)")
        #expect(try Data(contentsOf: png) == mine)
        // What is there and what would be recorded are written aside, to be compared.
        let artifacts = root.appendingPathComponent("artifacts/doc/iphone-se-3/portrait-light/en")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("diff.png").path), "\(refused.stdout)")
    }

    // MARK: single files and their marks

    func render(out: URL, extra: [String] = []) throws -> CLIRun {
        try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en",
                          "--out", out.path] + extra)
    }

    @Test func renderReplacesOnlySideFilesItWrote() throws {
        let out = root.appendingPathComponent("mine.png")
        let links = root.appendingPathComponent("mine.links.json")
        try write(#"{ "my": "notes" }"#, to: links)
        let refused = try render(out: out)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(links.path) exists and is not a link map render-cli wrote"), "\(refused.stderr)")
        #expect(try String(contentsOf: links, encoding: .utf8) == #"{ "my": "notes" }"#)
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing was written")
        try FileManager.default.removeItem(at: links)

        #expect(try render(out: out, extra: ["--overlay", "--frame"]).status == 0)
        #expect(PNGMark.of(fileAt: out.path) == .render)
        #expect(PNGMark.of(fileAt: root.appendingPathComponent("mine.overlay.png").path) == .overlay)
        #expect(PNGMark.of(fileAt: root.appendingPathComponent("mine.framed.png").path) == .framed)
        #expect(LinkMap.isLinkMapFile(at: links.path))
        #expect(try render(out: out, extra: ["--overlay", "--frame", "--appearance", "dark"]).status == 0, "its own files are replaced")

        // An overlay of the user's (a PNG without the overlay mark) is not.
        let overlay = root.appendingPathComponent("mine.overlay.png")
        try Data(contentsOf: out).write(to: overlay)
        let notOverlay = try render(out: out, extra: ["--overlay"])
        #expect(notOverlay.status == 2)
        #expect(notOverlay.stderr.contains("is not an overlay image render-cli wrote"), "\(notOverlay.stderr)")
    }

    @Test func diffNeverWritesOverAnInputOrAFileOfTheUsers() throws {
        let a = root.appendingPathComponent("a.png"), b = root.appendingPathComponent("b.png")
        #expect(try render(out: a).status == 0)
        #expect(try render(out: b, extra: ["--appearance", "dark"]).status == 0)
        let expected = try Data(contentsOf: a)
        for out in [a.path, b.path, root.appendingPathComponent("./a.png").path] {
            let run = try runRenderCLI(["diff", a.path, b.path, "--out", out])
            #expect(run.status == 2, "\(out): \(run.stdout)")
            #expect(run.stderr.contains("one of the images being compared"), "\(run.stderr)")
        }
        try FileManager.default.linkItem(at: a, to: root.appendingPathComponent("hard-link.png"))
        #expect(try runRenderCLI(["diff", a.path, b.path, "--out", root.appendingPathComponent("hard-link.png").path]).status == 2,
                "the same file under another name is an input too")
        #expect(try Data(contentsOf: a) == expected)
        let photo = root.appendingPathComponent("photo.png")
        try write("my photo", to: photo)
        let notOurs = try runRenderCLI(["diff", a.path, b.path, "--out", photo.path])
        #expect(notOurs.status == 2 && notOurs.stderr.contains("is not a diff image render-cli wrote"), "\(notOurs.stderr)")
        let diffImage = root.appendingPathComponent("diff.png")
        #expect(try runRenderCLI(["diff", a.path, b.path, "--out", diffImage.path]).status == 1)
        #expect(PNGMark.of(fileAt: diffImage.path) == .diff)
        #expect(try runRenderCLI(["diff", a.path, b.path, "--out", diffImage.path]).status == 1, "a diff image of its own is replaced")
    }

    // MARK: found by the first-user trial

    @Test func anEnvironmentFileOfTheUsersStopsARecordBeforeAnyGoldenIsTouched() throws {
        let golden = root.appendingPathComponent("Golden")
        try write(#"""
            { "profiles": "\#(FileManager.default.currentDirectoryPath)/DeviceProfiles",
              "documents": { "doc": "\#(FileManager.default.currentDirectoryPath)/Samples/privacy-agreement" },
              "groups": [ { "document": "doc", "devices": ["iphone-se-3"], "languages": ["en"], "tint": "#34C759" } ] }
            """#, to: golden.appendingPathComponent("matrix.json"))
        func record() throws -> CLIRun {
            try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts", root.appendingPathComponent("artifacts").path])
        }
        #expect(try record().status == 0)
        let png = golden.appendingPathComponent("doc/iphone-se-3/portrait-light/en.png")
        let environment = golden.appendingPathComponent("ENVIRONMENT.json")
        let recorded = try Data(contentsOf: png)
        let matrix = try String(contentsOf: golden.appendingPathComponent("matrix.json"), encoding: .utf8)
        try write(matrix.replacingOccurrences(of: "#34C759", with: "#FF9500"), to: golden.appendingPathComponent("matrix.json"))
        for edit in [#"{"mine": "notes"}"#, String(decoding: try Data(contentsOf: environment), as: UTF8.self) + " "] {
            try write(edit, to: environment)
            let refused = try record()
            #expect(refused.status == 2, "\(refused.stdout)")
            #expect(refused.stderr.contains(environment.path) && refused.stderr.contains("Nothing was written"), "\(refused.stderr)")
            #expect(try Data(contentsOf: png) == recorded, "no golden was re-recorded")
            #expect(try String(contentsOf: environment, encoding: .utf8) == edit)
        }
        // Once the file is gone, a record writes it again, even when no golden changes.
        try FileManager.default.removeItem(at: environment)
        try write(matrix, to: golden.appendingPathComponent("matrix.json"))
        #expect(try record().status == 0)
        #expect(EnvironmentFingerprint.load(from: environment) != nil)
    }

    @Test func watchEndsAtOnceWhenAFileOfTheUsersIsInTheWay() throws {
        let out = root.appendingPathComponent("gallery")
        #expect(try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                                  "--out", out.path]).status == 0)
        try write("my own script", to: out.appendingPathComponent("reload.js"))
        let run = try runRenderCLI(["watch", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                                    "--out", out.path], stoppedBy: SIGINT, whenPrinted: "Ctrl-C to stop")
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("reload.js") && !run.stdout.contains("watching"), "\(run.stderr)")
        #expect(try String(contentsOf: out.appendingPathComponent("reload.js"), encoding: .utf8) == "my own script")
    }

    @Test func appstoreNeverFollowsALocaleFolderThatIsALinkAndNamesEveryFileInTheWay() throws {
        let out = root.appendingPathComponent("store")
        func export(_ languages: String) throws -> CLIRun {
            try runRenderCLI(["appstore", "--document", "Samples/privacy-agreement", "--languages", languages, "--out", out.path])
        }
        #expect(try export("ja").status == 0)
        let mine = root.appendingPathComponent("mine")
        try write("keep", to: mine.appendingPathComponent("keep.png"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("screenshots/ja"))
        try FileManager.default.createSymbolicLink(at: out.appendingPathComponent("screenshots/ja"), withDestinationURL: mine)
        let refused = try export("ja")
        #expect(refused.status == 2 && refused.stderr.contains("holds a symbolic link at"), "\(refused.stderr)")
        let other = try export("en")
        #expect(other.status == 0 && other.stderr.contains("screenshots/ja is a symbolic link; left alone and never followed"),
                "\(other.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path) == ["keep.png"])
        // A marker an earlier version wrote, without its list: every file in the way is named, and why.
        try write("This folder holds files written by ConsentRender (render-cli).\n", to: out.appendingPathComponent(".consentrender-appstore"))
        let older = try export("en")
        #expect(older.status == 2)
        #expect(older.stderr.contains("2 files that render-cli did not write") && older.stderr.contains("An earlier version of render-cli"),
                "\(older.stderr)")
    }

    @Test func promptOptionsWithoutAPromptAreRefused() throws {
        for (command, option) in [("matrix", ["--over", "Samples/att-explainer"]), ("matrix", ["--ios", "18"]), ("lint", ["--ios", "18"])] {
            let arguments = [command, "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en"]
                + (command == "matrix" ? ["--out", root.appendingPathComponent("m").path] : []) + option
            let run = try runRenderCLI(arguments)
            #expect(run.status == 2, "\(command) \(option)")
            #expect(run.stderr.contains("\(option[0]) applies to \(option[0] == "--ios" ? "iOS's " : "")system prompts, and --screens asks for none"),
                    "\(run.stderr)")
        }
    }
}
