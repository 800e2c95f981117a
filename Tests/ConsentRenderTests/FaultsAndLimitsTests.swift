import Foundation
import Testing
@testable import ConsentRender

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
        let checkout = FileManager.default.currentDirectoryPath
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        try Data(#"""
            { "profiles": "\#(checkout)/DeviceProfiles",
              "documents": { "doc": "\#(checkout)/Samples/privacy-agreement" },
              "groups": [ { "document": "doc", "devices": ["iphone-se-3"], "languages": ["en"] } ] }
            """#.utf8).write(to: golden.appendingPathComponent("matrix.json"))
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
