import Foundation
import Testing
@testable import ConsentRender

/// No command deletes or overwrites what it did not write: golden artifacts, matrix and watch
/// output and App Store exports, each tried the way a user might point them at the wrong place.
@Suite struct OutputSafetyTests {
    let folder = TemporaryFolder()
    var root: URL { folder.url }
    var golden: URL { root.appendingPathComponent("Golden") }

    init() throws {
        _ = folder.folder("doc", files: testAgreement)
        let profiles = root.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: shippedProfiles.directory.appendingPathComponent("iphone-se-3.json"),
                                         to: profiles.appendingPathComponent("iphone-se-3.json"))
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        try Data(#"""
            { "profiles": "../profiles", "documents": { "doc": "../doc" },
              "groups": [ { "document": "doc", "devices": ["iphone-se-3"], "languages": ["en"] } ] }
            """#.utf8).write(to: golden.appendingPathComponent("matrix.json"))
    }

    /// Every file under `url` with its contents, to show that a refused run touched nothing.
    func contents(of url: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: url.path) {
            var isDirectory: ObjCBool = false
            let file = url.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: file)
            }
        }
        return files
    }

    func verify(artifacts: String, in directory: URL? = nil, golden goldenPath: String? = nil) throws -> CLIRun {
        try runRenderCLI(["golden", "verify", "--golden", goldenPath ?? golden.path, "--artifacts", artifacts],
                         environment: ["CONSENT_GOLDEN": "never"], in: directory ?? root)
    }

    func recordGoldens() throws {
        let recorded = try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts",
                                         root.appendingPathComponent("artifacts").path], in: root)
        #expect(recorded.status == 0, "\(recorded.stderr)")
    }

    /// Breaks the golden so verify fails and writes artifacts.
    func breakGolden() throws {
        let links = golden.appendingPathComponent("doc/iphone-se-3/portrait-light/en.links.json")
        let text = try String(contentsOf: links, encoding: .utf8).replacingOccurrences(of: "\"light\"", with: "\"dark\"")
        try Data(text.utf8).write(to: links)
    }

    @Test(arguments: [
        ("a file of the user's", "notes.txt"),
        ("a folder of the user's documents", "Documents"),
        ("the golden folder", "Golden"),
        ("a folder holding the golden folder", "."),
        ("the document folder", "doc"),
        ("a folder inside the golden folder", "Golden/failures"),
        ("the device profiles folder", "profiles"),
    ])
    func artifactsNeverClearWhatTheToolDidNotWrite(_ named: String, _ path: String) throws {
        try recordGoldens()
        try Data("keep me".utf8).write(to: root.appendingPathComponent("notes.txt"))
        _ = folder.folder("Documents", files: ["passport.pdf": "scan", "taxes.csv": "2025"])
        let before = try contents(of: root)
        let result = try verify(artifacts: root.appendingPathComponent(path).path)
        #expect(result.status == 2, "\(named): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("nothing was touched"), "\(named): \(result.stderr)")
        #expect(try contents(of: root) == before, "\(named): every file is as it was")
    }

    @Test func artifactsRefuseTheCurrentDirectoryAndKeepIt() throws {
        try recordGoldens()
        let workspace = folder.folder("workspace", files: ["README.md": "mine"])
        let before = try contents(of: root)
        let result = try verify(artifacts: ".", in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is the current directory"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: workspace.path))
        #expect(try contents(of: root) == before)
    }

    @Test func anEmptyFolderIsAcceptedAndMarkedThenClearedOnTheNextRun() throws {
        try recordGoldens()
        let artifacts = root.appendingPathComponent("ci-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try breakGolden()
        let failed = try verify(artifacts: artifacts.path)
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(".consentrender-artifacts").path))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("doc/iphone-se-3/portrait-light/en/actual.png").path))
        // The broken golden is a file the user changed: golden record refuses to replace it until
        // it is deleted.
        let refused = try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts",
                                        root.appendingPathComponent("artifacts").path], in: root)
        #expect(refused.status == 2, "\(refused.stdout)")
        #expect(refused.stdout.contains("is not a file golden record wrote"), "\(refused.stdout)")
        try FileManager.default.removeItem(at: golden.appendingPathComponent("doc/iphone-se-3/portrait-light/en.links.json"))
        // A marked folder is the tool's: a passing run clears the old failures and keeps the marker.
        try recordGoldens()
        let passed = try verify(artifacts: artifacts.path)
        #expect(passed.status == 0, "\(passed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: artifacts.path) == [".consentrender-artifacts"])
    }

    @Test func theConventionalBuildFolderIsAcceptedWithoutAMarker() throws {
        try recordGoldens()
        let workspace = folder.folder("workspace", files: [:])
        let artifacts = workspace.appendingPathComponent(".build/golden-failures")
        try FileManager.default.createDirectory(at: artifacts.appendingPathComponent("old/cell"), withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: artifacts.appendingPathComponent("old/cell/actual.png"))
        let result = try verify(artifacts: ".build/golden-failures", in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        // The file from before the folder had a ledger is not known to be the tool's: it stays, and the run says so.
        #expect(try FileManager.default.contentsOfDirectory(atPath: artifacts.path).sorted() == [".consentrender-artifacts", "old"])
        #expect(result.stdout.contains("note: kept a file in") && result.stdout.contains("old/cell/actual.png"), "\(result.stdout)")
    }

    @Test func aNewFolderIsMadeAndMarkedBeforeAnyWork() throws {
        try recordGoldens()
        let artifacts = root.appendingPathComponent("new/artifacts")
        #expect(try verify(artifacts: artifacts.path).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: artifacts.path) == [".consentrender-artifacts"])
    }

    @Test func anArtifactsPathThroughAFileStopsTheRunBeforeItRenders() throws {
        try recordGoldens()
        try Data("keep me".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let result = try verify(artifacts: root.appendingPathComponent("notes.txt/failures").path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot be made: '\(root.appendingPathComponent("notes.txt").path)' is a file"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "no cell was rendered")
    }

    @Test func aDefaultFolderThatIsASymbolicLinkIsNotTheTools() throws {
        try recordGoldens()
        let workspace = folder.folder("workspace", files: [:])
        let documents = folder.folder("Documents", files: ["passport.pdf": "scan"])
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: workspace.appendingPathComponent(".build/golden-failures"),
                                                   withDestinationURL: documents)
        let before = try contents(of: documents)
        let result = try verify(artifacts: ".build/golden-failures", in: workspace)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(try contents(of: documents) == before)
    }

    @Test func goldenCellNamesMustNotLeaveTheirFolders() throws {
        try Data(#"""
            { "profiles": "../profiles", "documents": { "doc": "../doc" },
              "groups": [ { "document": "doc", "devices": ["../profiles/iphone-se-3"], "languages": ["en"] } ] }
            """#.utf8).write(to: golden.appendingPathComponent("matrix.json"))
        let result = try runRenderCLI(["golden", "record", "--golden", golden.path], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("groups[0].devices") && result.stderr.contains("without '/'"), "\(result.stderr)")
    }

    // MARK: matrix and watch

    func matrix(out: String, in directory: URL? = nil) throws -> CLIRun {
        try runRenderCLI(["matrix", "--document", root.appendingPathComponent("doc").path, "--devices", "iphone-se-3",
                          "--languages", "en", "--profiles", root.appendingPathComponent("profiles").path, "--out", out],
                         in: directory ?? root)
    }

    @Test(arguments: [
        ("a folder of the user's documents", "Documents", "already holds files ConsentRender did not write"),
        ("a file of the user's", "notes.txt", "is a file; nothing was touched"),
        ("the document folder", "doc", "is the document folder"),
        ("a folder inside the document folder", "doc/renders", "lies inside the document folder"),
        ("the current directory", ".", "is the current directory"),
    ])
    func matrixNeverOverwritesWhatTheToolDidNotWrite(_ named: String, _ path: String, _ reason: String) throws {
        try Data("keep me".utf8).write(to: root.appendingPathComponent("notes.txt"))
        _ = folder.folder("Documents", files: ["index.html": "my page", "manifest.json": "{}"])
        let workspace = folder.folder("workspace", files: ["README.md": "mine"])
        let before = try contents(of: root)
        let result = try matrix(out: path == "." ? "." : root.appendingPathComponent(path).path, in: workspace)
        #expect(result.status == 2, "\(named): \(result.stdout)")
        #expect(result.stderr.contains(reason), "\(named): \(result.stderr)")
        #expect(try contents(of: root) == before, "\(named): every file is as it was")
    }

    @Test func matrixWritesIntoItsOwnFolderAgainAndAdoptsAnEarlierUnmarkedOne() throws {
        let out = root.appendingPathComponent("out")
        #expect(try matrix(out: out.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(".consentrender-matrix").path))
        #expect(try matrix(out: out.path).status == 0, "a marked folder is the tool's own")
        // Without its marker the folder's files are no longer known to be the tool's (as in a folder an
        // earlier version wrote): the run refuses to replace them, naming them, and touches nothing.
        try FileManager.default.removeItem(at: out.appendingPathComponent(".consentrender-matrix"))
        let before = try contents(of: out)
        let again = try matrix(out: out.path)
        #expect(again.status == 2, "\(again.stderr)")
        #expect(again.stderr.contains("An earlier version of render-cli wrote into this folder") && again.stderr.contains("en.png"),
                "\(again.stderr)")
        #expect(try contents(of: out) == before)
    }

    @Test func matrixNeverWritesThroughASymbolicLinkInItsOwnFolder() throws {
        let out = root.appendingPathComponent("out")
        #expect(try matrix(out: out.path).status == 0)
        let cellFolder = out.appendingPathComponent("iphone-se-3/portrait-light")
        let theirs = folder.folder("theirs", files: ["en.png": "mine"])
        try FileManager.default.removeItem(at: cellFolder)
        try FileManager.default.createSymbolicLink(at: cellFolder, withDestinationURL: theirs)
        let result = try matrix(out: out.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("holds a symbolic link at"), "\(result.stderr)")
        #expect(try contents(of: theirs) == ["en.png": Data("mine".utf8)])
    }

    @Test func watchEndsAtOnceWhenItsOutputFolderIsRefused() throws {
        _ = folder.folder("Documents", files: ["index.html": "my page"])
        let result = try runRenderCLI(["watch", "--document", root.appendingPathComponent("doc").path, "--devices", "iphone-se-3",
                                       "--languages", "en", "--out", root.appendingPathComponent("Documents").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("already holds files ConsentRender did not write"), "\(result.stderr)")
    }

    // MARK: appstore

    func appstore(out: URL, allClasses: Bool) throws -> CLIRun {
        try runRenderCLI(["appstore", "--document", root.appendingPathComponent("doc").path, "--languages", "en,zh-Hans",
                          "--out", out.path] + (allClasses ? ["--all-classes"] : []))
    }

    func screenshots(in out: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("screenshots").path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
    }

    @Test func appstoreLeavesExactlyTheSecondRunsFiles() throws {
        let out = root.appendingPathComponent("fastlane")
        _ = folder.folder("fastlane", files: ["Deliverfile": "app_identifier 'x'"])
        #expect(try appstore(out: out, allClasses: true).status == 0)
        #expect(try screenshots(in: out).count == 8)
        let second = try appstore(out: out, allClasses: false)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try screenshots(in: out) == [
            "en-US/01_6.9_iphone-16-pro-max_portrait.png", "en-US/02_iPad-13_ipad-pro-13_portrait.png",
            "zh-Hans/01_6.9_iphone-16-pro-max_portrait.png", "zh-Hans/02_iPad-13_ipad-pro-13_portrait.png",
        ])
        #expect(second.stdout.contains("removed screenshots/en-US/03_5.5_iphone-8-plus_portrait.png"))
        #expect(try String(contentsOf: out.appendingPathComponent("Deliverfile"), encoding: .utf8) == "app_identifier 'x'")
        let ledger = FileLedger.parse(try String(contentsOf: out.appendingPathComponent(".consentrender-appstore"), encoding: .utf8))
        #expect(ledger.entries.keys.sorted() == (try screenshots(in: out)).map { "screenshots/" + $0 })
    }

    @Test func appstoreLeavesFilesItDidNotWriteAndWarns() throws {
        let out = root.appendingPathComponent("store")
        #expect(try appstore(out: out, allClasses: true).status == 0)
        let handMade = out.appendingPathComponent("screenshots/en-US/00_hand-made.png")
        try Data("designer's".utf8).write(to: handMade)
        let edited = out.appendingPathComponent("screenshots/zh-Hans/03_5.5_iphone-8-plus_portrait.png")
        try Data("retouched".utf8).write(to: edited)
        let second = try appstore(out: out, allClasses: false)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Data(contentsOf: handMade) == Data("designer's".utf8))
        #expect(try Data(contentsOf: edited) == Data("retouched".utf8), "a screenshot changed since it was written is not ours any more")
        #expect(second.stderr.contains("00_hand-made.png was not written by the App Store export"), "\(second.stderr)")
        #expect(second.stderr.contains("03_5.5_iphone-8-plus_portrait.png changed since an earlier export wrote it"))
        #expect(!second.stderr.contains("03_5.5_iphone-8-plus_portrait.png was not written"), "one warning per file")
    }

    @Test func appstoreStopsBeforeOverwritingAFileItDidNotWrite() throws {
        let out = root.appendingPathComponent("store")
        let theirs = out.appendingPathComponent("screenshots/en-US/01_6.9_iphone-16-pro-max_portrait.png")
        try FileManager.default.createDirectory(at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not ours".utf8).write(to: theirs)
        let before = try contents(of: root)
        let result = try appstore(out: out, allClasses: false)
        #expect(result.status == 2)
        #expect(result.stderr.contains("holds a file that render-cli did not write") && result.stderr.contains(theirs.path)
                && result.stderr.contains("Nothing was written"), "\(result.stderr)")
        #expect(try contents(of: root) == before)
    }

    @Test func appstoreRefusesAManifestThatPointsOutsideItsScreenshots() throws {
        let out = folder.folder("store", files: [
            AppStoreManifest.fileName: #"{ "schemaVersion": 1, "document": "doc", "screenshots": [ { "path": "../notes.txt" } ] }"#,
        ])
        try Data("keep me".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let result = try appstore(out: out, allClasses: false)
        #expect(result.status == 2)
        #expect(result.stderr.contains("'../notes.txt' is not a path screenshots/<locale>/<file>.png"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("notes.txt").path))
    }
}
