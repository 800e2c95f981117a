import Foundation
import Testing
@testable import ConsentRender

/// Issue 29's last trial: what a first-time user found, each case as the user ran it.
@Suite struct ThirdTrialFaultTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    func copyOfTheSample() throws -> URL {
        let copy = root.appendingPathComponent("pa")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/privacy-agreement"), to: copy)
        return copy
    }

    func render(_ document: String, out: String, _ more: [String] = []) throws -> CLIRun {
        try runRenderCLI(["render", "--document", document, "--device", "iphone-15-pro", "--language", "en", "--out", out] + more)
    }

    /// `render --out` once replaced the document's own images and a file of the user's.
    @Test func renderNeverReplacesItsInputsOrAFileItDidNotWrite() throws {
        let document = try copyOfTheSample()
        let badge = document.appendingPathComponent("badge@3x.png")
        let before = try Data(contentsOf: badge)
        var run = try render(document.path, out: badge.path)
        #expect(run.status == 2 && run.stderr.contains("is not a screenshot render-cli wrote"), "\(run.stderr)")
        #expect(try Data(contentsOf: badge) == before)
        // A new file inside the document folder: refused too, the render reads that folder.
        run = try render(document.path, out: document.appendingPathComponent("new.png").path)
        #expect(run.status == 2 && run.stderr.contains("lies inside the document folder"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: document.appendingPathComponent("new.png").path))
        // A file of the user's that is not a render.
        let mine = root.appendingPathComponent("mine.png")
        try Data("notes".utf8).write(to: mine)
        run = try render(document.path, out: mine.path)
        #expect(run.status == 2 && (try? String(contentsOf: mine, encoding: .utf8)) == "notes")
        // A render of the tool's may be replaced, but not when it is this render's backdrop (nor a hard link to it).
        let shot = root.appendingPathComponent("shot.png")
        #expect(try render(document.path, out: shot.path).status == 0)
        #expect(try render(document.path, out: shot.path).status == 0, "a render replaces one of its own")
        run = try render(document.path, out: shot.path, ["--backdrop", shot.path])
        #expect(run.status == 2 && run.stderr.contains("would replace the --backdrop image"), "\(run.stderr)")
        let link = root.appendingPathComponent("link.png")
        try FileManager.default.linkItem(at: shot, to: link)
        run = try render(document.path, out: link.path, ["--backdrop", shot.path])
        #expect(run.status == 2 && run.stderr.contains("--backdrop image"), "\(run.stderr)")
    }

    /// A matrix may not write inside the folders its cells are read from: --over's and --app-info's.
    @Test func aMatrixNeverWritesInsideTheFoldersItReads() throws {
        let over = root.appendingPathComponent("explainer")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/att-explainer"), to: over)
        let run = try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--over", over.path, "--out",
                                    over.appendingPathComponent("m").path, "--devices", "iphone-15-pro", "--languages", "en",
                                    "--screens", "prompt:att", "--jobs", "1"])
        #expect(run.status == 2 && run.stderr.contains("--over's document folder"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: over.appendingPathComponent("m").path))
    }

    @Test func aDeviceCutShortIsTheOneItBegins() {
        #expect(closestMatch(to: "iphone-se", among: ["iphone-11", "iphone-15-pro", "iphone-se-3"]) == "iphone-se-3")
        // Several go on from it: no guess.
        #expect(closestMatch(to: "ipad-pro", among: ["ipad-pro-11", "ipad-pro-13"]) == nil)
    }

    @Test func choicesNameOnlyWhatTheCommandTakesAndSuggest() throws {
        let record = try runRenderCLI(["golden", "record", "--golden", root.path, "--mode", "failing"])
        #expect(record.status == 2)
        #expect(record.stderr.contains("is not one of: missing, failed, all. Did you mean 'failed'?"), "\(record.stderr)")
        // bench reads its options before it looks for a checkout.
        let bench = try runRenderCLI(["bench", "--figures", "stage"], in: root)
        #expect(bench.status == 2 && bench.stderr.contains("Did you mean 'stages'?"), "\(bench.stderr)")
    }
}
