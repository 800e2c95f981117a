import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 29: what a first-time user found in the reshaped tool, each case as the user ran it.
@Suite struct SecondTrialFaultTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    /// `render-cli` under a time limit: a hang fails the test instead of stopping the suite.
    func limited(_ arguments: [String], in directory: URL = repositoryRoot) throws -> CLIRun {
        try runProcess(URL(fileURLWithPath: "/usr/bin/timeout"), ["60", renderCLI.path] + arguments, in: directory)
    }

    @Test func anOutPathThroughAMissingFolderAndDotDotIsWrittenWhereItLeads() throws {
        let shots = root.appendingPathComponent("r")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let render = try limited(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3",
                                  "--out", shots.path + "/zz/../y.png"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent("y.png").path))
        #expect(!FileManager.default.fileExists(atPath: shots.appendingPathComponent("zz").path), "no folder made only to step out of")
        let matrix = try limited(["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                                  "--out", root.path + "/m/miss/../m1"])
        #expect(matrix.status == 0, "\(matrix.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("m/m1/manifest.json").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("m/miss").path))
    }

    @Test func benchStartedFromThePathMeasuresMemory() throws {
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("render-cli"), withDestinationURL: renderCLI)
        let run = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "render-cli bench --iterations 1 --figures memory --format json"],
                                 environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.stderr)")
        let figures = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect((figures?["peakMemoryMBFor100Cells"] as? Double ?? 0) > 10, "\(run.stdout)")
    }

    @Test func benchOutsideACheckoutSaysItNeedsOne() throws {
        let profiles = root.appendingPathComponent("profiles")
        try FileManager.default.copyItem(at: shippedProfiles.directory.resolvingSymlinksInPath(), to: profiles)
        let run = try limited(["bench", "--figures", "stages", "--profiles", profiles.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("bench renders a ConsentRender checkout's Samples") && run.stderr.contains("--profiles <checkout>/DeviceProfiles"),
                "\(run.stderr)")
    }

    @Test func everySideFileOfTheUsersIsNamed() throws {
        for (name, text) in [("s.overlay.png", "x"), ("s.framed.links.json", "{}")] {
            try Data(text.utf8).write(to: root.appendingPathComponent(name))
        }
        let run = try limited(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--out",
                               root.appendingPathComponent("s.png").path, "--overlay", "--frame"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("s.overlay.png (not an overlay image render-cli wrote) and ")
                && run.stderr.contains("s.framed.links.json (not a link map render-cli wrote) exist"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("s.png").path))
    }

    @Test func aGoldenPatternThatNamesAFolderSaysHowToTakeItsCells() throws {
        let run = try limited(["golden", "verify", "--only", "privacy-agreement/iphone-se-3", "--artifacts", root.appendingPathComponent("a").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("'privacy-agreement/iphone-se-3/*' takes the cells in it"), "\(run.stderr)")
    }

    @Test func aMatrixDocumentThatIsNotAFolderNamesTheField() throws {
        let golden = root.appendingPathComponent("g")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        try Data(#"{ "documents": { "launch": "/nowhere/launch" }, "groups": [ { "document": "launch", "devices": ["iphone-se-3"], "languages": ["en"] } ] }"#.utf8)
            .write(to: golden.appendingPathComponent("matrix.json"))
        let run = try limited(["golden", "verify", "--golden", golden.path, "--artifacts", root.appendingPathComponent("a").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("matrix.json: field 'documents.launch': '/nowhere/launch'") && run.stderr.contains("is not a folder"),
                "\(run.stderr)")
    }

    struct Unnamed: ScreenTemplate {
        var id: TemplateID
        var summary: String { "a template without a proper id or states" }
        var states: [ScreenState]
        func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
            throw PageError.duplicateItem(id: "never laid out")
        }
    }

    @Test func aTemplateWithoutAnIdOrStatesIsAnErrorNotACrash() throws {
        var templates = TemplateRegistry.standard
        let empty = #expect(throws: TemplateError.self) { try templates.register(Unnamed(id: "", states: [.initial])) }
        #expect(empty?.description.contains("its id is empty") == true)
        let stateless = #expect(throws: TemplateError.self) { try templates.register(Unnamed(id: "notice", states: [])) }
        #expect(stateless?.description == "The template 'notice' cannot be registered: it lists no states; list at least .initial.")
        #expect(stateless.map { ErrorCause(of: $0) } == .environment)
        #expect(templates.ids == TemplateRegistry.standard.ids, "nothing was registered")
    }

    @Test func aSuggestionIsANearMissNotAnyWordOfTheSameLength() {
        #expect(closestMatch(to: "xx", among: ["en", "ja", "zh-Hans"]) == nil, "'xx' shares no letter with 'en'")
        #expect(closestMatch(to: "enn", among: ["en", "ja", "zh-Hans"]) == "en")
        #expect(closestMatch(to: "jp", among: ["en", "ja"]) == "ja")
        #expect(closestMatch(to: "iphone-15-pr", among: ["iphone-15-pro", "iphone-se-3"]) == "iphone-15-pro")
    }
}
