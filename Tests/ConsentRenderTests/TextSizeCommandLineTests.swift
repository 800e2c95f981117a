import Foundation
import Testing
@testable import ConsentRender

/// Text sizes, Bold Text and Increase Contrast as `render-cli` options and matrix axes, and the
/// singular option names every matrix-like command accepts.
@Suite struct TextSizeCommandLineTests {
    let folder = TemporaryFolder()

    @Test func renderTakesATextSizeInAnyCaseAndRecordsIt() throws {
        let out = folder.url.appendingPathComponent("ax3.png").path
        let run = try runRenderCLI(["render", "--document", "Samples/brand-agreement", "--device", "iphone-se-3", "--language", "en",
                                    "--text-size", "ax3", "--bold-text", "--increase-contrast", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("portrait-light-AX3-bold-contrast"))
        let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: URL(fileURLWithPath: out.replacingOccurrences(of: ".png", with: ".links.json"))))
        #expect(map.textSize == .accessibility3 && map.boldText == true && map.increaseContrast == true)
    }

    @Test(arguments: [
        (["--text-size", "Huge"], "--text-size 'Huge' is not a text size"),
        (["--text-size", "xlarg"], "Did you mean xLarge?"),
        (["--text-size", "AX1,AX2"], "takes one text size"),
        (["--bold-text", "both"], "render-cli matrix and lint take both in --bold-text"),
        (["--text-size", "AX6"], "Did you mean AX5?"),
    ])
    func badRenderOptionsExit2(arguments: [String], message: String) throws {
        let run = try runRenderCLI(["render", "--document", "Samples/brand-agreement", "--device", "iphone-se-3", "--language", "en",
                                    "--out", folder.url.appendingPathComponent("x.png").path] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x.png").path))
    }

    @Test func aMisspeltStyleKeyExits2WithTheFix() throws {
        let document = folder.folder("typo", files: ["en.md": "# T\n\nBody", "document.json": #"{ "style": { "cornerRadus": 20 } }"#])
        let run = try runRenderCLI(["render", "--document", document.path, "--device", "iphone-se-3", "--language", "en",
                                    "--out", folder.url.appendingPathComponent("typo.png").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown key 'cornerRadus'") && run.stderr.contains("'card.cornerRadius'"), "\(run.stderr)")
    }

    @Test func matrixTakesTextSizesAndSettingsAsAxesAndSingularNames() throws {
        let out = folder.url.appendingPathComponent("matrix")
        let run = try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en",
                                    "--text-sizes", "Large,AX2", "--bold-text", "both", "--out", out.path, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("iphone-se-3").path).sorted()
        #expect(folders == ["portrait-light", "portrait-light-AX2", "portrait-light-AX2-bold", "portrait-light-bold"])
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.cells.filter { $0.cell.textSize == .accessibility2 }.count == 2)
        #expect(manifest.cells.filter { $0.cell.boldText }.count == 2)
        let twice = try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3",
                                      "--devices", "iphone-15-pro", "--out", folder.url.appendingPathComponent("m2").path])
        #expect(twice.status == 2 && twice.stderr.contains("--device and --devices are the same option"), "\(twice.stderr)")
    }

    @Test func lintFindingsNameTheScreensAxesAndDynamicTypeWarns() throws {
        // A two-line title at Large runs past the title's three lines at AX3.
        let document = folder.folder("long-title", files: [
            "en.md": "# Your privacy choices for Morning Reads and its partners\n\nRead our [Privacy Policy](https://example.com/privacy).",
        ])
        let run = try runRenderCLI(["lint", "--document", document.path, "--device", "iphone-se-3", "--language", "en",
                                    "--orientation", "landscape", "--appearance", "light", "--format", "json"])
        let findings = try JSONDecoder().decode([LintFinding].self, from: Data(run.stdout.utf8))
        let screen = try #require(findings.first { !$0.device.isEmpty })
        let variant = try #require(screen.variant)
        #expect(screen.device == "iphone-se-3" && variant["orientation"] == "landscape" && variant["appearance"] == "light"
                && variant["textSize"] == "Large")
        #expect(findings.contains { $0.rule == LintRule.dynamicType && $0.severity == .warning }, "\(findings.map(\.rule))")
    }

    @Test func atOtherTextSizesOnlyTheLayoutRulesApply() throws {
        let run = try runRenderCLI(["lint", "--document", "Samples/privacy-agreement", "--device", "iphone-15-pro", "--language", "en",
                                    "--orientation", "portrait", "--appearance", "light", "--text-sizes", "xSmall", "--format", "json"])
        let findings = try JSONDecoder().decode([LintFinding].self, from: Data(run.stdout.utf8))
        // xSmall body text is 12 pt, which text.min-size would flag at Large.
        #expect(!findings.contains { $0.rule == LintRule.minimumSize || $0.rule == LintRule.density })
        #expect(findings.filter { !$0.device.isEmpty }.allSatisfy { PageLint.layoutRules.contains($0.rule) }, "\(findings.map(\.rule))")
    }
}
