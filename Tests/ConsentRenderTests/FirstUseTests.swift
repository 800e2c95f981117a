import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles
import CZlib

/// What a first-time user tripped over, each as a regression test: silent wrong output, errors
/// that blamed the wrong thing, and friction.
@Suite struct FirstUseTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ files: [String: String], name: String, language: String = "en", device: String = "iphone-15-pro",
                state: ScreenState = .initial) throws -> RenderedPage {
        try renderer.render(RenderRequest(folder: try DocumentFolder(url: folder.folder(name, files: files), appFiles: XcodeAppFiles()),
                                          profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
                                          orientation: .portrait, appearance: .light, allowsMissingGlyphs: true, state: state))
    }

    func cli(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRun {
        try runRenderCLI(arguments, environment: environment)
    }

    // MARK: 1. Wrong output without a word

    @Test func aGoldenLanguageWithoutAFileIsAnErrorUnlessTheGroupAllowsTheFallback() throws {
        let profiles = repositoryRoot.appendingPathComponent("DeviceProfiles").path
        let document = folder.folder("doc", files: testAgreement)
        let golden = folder.url.appendingPathComponent("Golden")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        func matrix(_ languages: String, allow: String = "") throws -> CLIRun {
            try Data(#"{ "profiles": "\#(profiles)", "documents": { "doc": "\#(document.path)" }, "groups": [ { "document": "doc", "devices": ["iphone-se-3"], "languages": [\#(languages)]\#(allow) } ] }"#.utf8)
                .write(to: golden.appendingPathComponent("matrix.json"))
            return try cli(["golden", "record", "--golden", golden.path, "--artifacts", folder.url.appendingPathComponent("a").path])
        }
        let fallback = try matrix(#""fr""#)
        #expect(fallback.status == 2)
        #expect(fallback.stderr.contains("groups[0].languages") && fallback.stderr.contains("'fr' has no language file"), "\(fallback.stderr)")
        #expect(!FileManager.default.fileExists(atPath: golden.appendingPathComponent("doc").path), "nothing recorded")
        #expect(try matrix(#""fr""#, allow: #", "allowFallback": true"#).status == 0)
        // Resolving by iOS's rules, and pseudo-locales, are not fallbacks.
        #expect(try matrix(#""zh-HK", "zh-CN", "en-AU", "en-XA""#).status == 0)
        // matrix says what it did.
        let out = folder.url.appendingPathComponent("out")
        let run = try cli(["matrix", "--document", document.path, "--devices", "iphone-se-3", "--languages", "en,fr", "--out", out.path])
        #expect(run.status == 0)
        #expect(run.stderr.contains("note: no language file matches 'fr'") && run.stderr.contains("defaultLanguage 'en'"), "\(run.stderr)")
    }

    @Test func htmlCommentsAreDroppedAndStrikethroughFootnotesBreaksAndTablesAreDrawn() throws {
        let markdown = """
            # Privacy

            <!-- TODO: legal review -->
            We keep your data safe.<!-- check this --> ~~We sell it.~~ See the [privacy policy](https://example.com/p).[^law]

            ---

            | Data | Why |
            |---|---|
            | Location | Pickup points |

            [^law]: As PIPL Art. 17 requires.
            """
        let page = try render(["en.md": markdown], name: "rich")
        let text = page.layout.textBlocks.map(\.text).joined(separator: "|")
        #expect(!text.contains("TODO") && !text.contains("check this") && !text.contains("<!--"))
        let struck = page.layout.body.blocks.flatMap(\.block.runs).filter(\.strikethrough)
        #expect(struck.count == 1)
        #expect(text.contains("policy¹") || text.contains("policy.¹") || text.contains("¹"), "\(text)")
        #expect(text.contains("As PIPL Art. 17 requires."))
        #expect(page.layout.body.blocks.contains { $0.block.text == "1." }, "footnotes are a numbered list")
        let shapes = page.layout.items.filter { $0.id.hasPrefix("body-shape-") }
        #expect(shapes.count >= 2 + 1 + 1, "a table's rules, the thematic break and the footnotes' break")
        #expect(page.layout.body.blocks.contains { $0.block.text == "Location" }, "a table is a table, not one flattened line")
        #expect(!text.contains(" · "))
    }

    @Test func listsDeeperThanSixLevelsKeepTheirBullets() throws {
        var markdown = "# Nested\n\n"
        for depth in 0..<9 {
            markdown += String(repeating: "  ", count: depth) + "- level \(depth)\n"
        }
        let page = try render(["en.md": markdown + "\n[privacy](https://example.com/p)\n"], name: "deep")
        let markers = page.layout.body.blocks.filter { ["•", "◦"].contains($0.block.text) }
        #expect(markers.count == 9, "every item keeps its bullet")
        let items = page.layout.body.blocks.filter { $0.block.text.hasPrefix("level ") }.map(\.frame.minX)
        #expect(items[8] == items[5] && items[5] > items[4], "the indent stops at the sixth level")
    }

    @Test func sixteenBitPNGsAreRefusedAndPalettePNGsReadCorrectly() throws {
        func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
        func png(width: Int, bitDepth: UInt8, colorType: UInt8, row: [UInt8], palette: [UInt8]? = nil) -> Data {
            func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
                let typed = Array(type.utf8) + body
                let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
                return bigEndian(UInt32(body.count)) + typed + bigEndian(UInt32(crc))
            }
            let header = bigEndian(UInt32(width)) + bigEndian(1) + [bitDepth, colorType, 0, 0, 0]
            let raw: [UInt8] = [0] + row
            var compressed = [UInt8](repeating: 0, count: 256)
            var length = uLongf(compressed.count)
            _ = compress(&compressed, &length, raw, uLong(raw.count))
            compressed.removeSubrange(Int(length)...)
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            if let palette { bytes += chunk("PLTE", palette) }
            bytes += chunk("IDAT", Array(compressed)) + chunk("IEND", [])
            return Data(bytes)
        }
        let sixteen = png(width: 1, bitDepth: 16, colorType: 2, row: [0x80, 0x80, 0x80, 0x80, 0x80, 0x80])
        let error = #expect(throws: PNGDecodingError.self) { try Bitmap(pngData: sixteen, path: "grey16.png") }
        #expect(error?.description.contains("16 bits per channel; save it with 8 bits per channel") == true)
        let palette = png(width: 1, bitDepth: 8, colorType: 3, row: [1], palette: [0, 0, 0, 128, 128, 128])
        #expect(try Bitmap(pngData: palette).color(x: 0, y: 0) == Color(red: 128, green: 128, blue: 128))
    }

    @Test func lintCatchesAnEllipsizedTitleOrLabelAndAPolicyLinkBelowTheFold() throws {
        var files = testAgreement
        files["document.json"] = #"{ "defaultLanguage": "en", "strings": { "accept": { "en": "\#(String(repeating: "Agree ", count: 40))" } } }"#
        files["en.md"] = "# " + String(repeating: "Terms and privacy ", count: 30) + "\n\nRead the [privacy policy](https://example.com/p).\n"
        let page = try render(files, name: "long-words", device: "iphone-se-3")
        let truncation = renderer.lint(page, device: "iphone-se-3").filter { $0.rule == "layout.truncation" && $0.severity == .error }
        #expect(truncation.contains { $0.element == "title" && $0.message.contains("is cut to 3 lines") }, "\(truncation)")
        #expect(truncation.contains { $0.element == "accept label" && $0.message.contains("is cut with") }, "\(truncation)")

        let below = "# Privacy\n\n" + (0..<60).map { "Paragraph \($0) about how we use data." }.joined(separator: "\n\n")
            + "\n\nRead the [privacy policy](https://example.com/p).\n"
        let folded = try render(["en.md": below], name: "below-fold", device: "iphone-se-3")
        let policy = renderer.lint(folded, device: "iphone-se-3").filter { $0.rule == "links.policy-present" }
        #expect(policy.count == 1 && policy[0].severity == .warning && policy[0].message.contains("below the fold"), "\(policy)")
    }

    @Test(arguments: ["en", "zh-Hans", "zh-Hant"])
    func theExplainerSampleFitsACurrentPhoneAndItsFoldNeverHalvesALine(language: String) throws {
        let sample = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/att-explainer"), appFiles: XcodeAppFiles())
        for device in ["iphone-13-mini", "iphone-15-pro", "iphone-16-pro-max"] {
            let page = try renderer.render(RenderRequest(folder: sample, profile: try shippedProfiles.profile(id: device),
                                                         requestedLanguage: language, orientation: .portrait, appearance: .light))
            #expect(!page.linkMap.body.scrollable && page.linkMap.links.allSatisfy(\.visible), "\(device) \(language)")
        }
        // Where it does scroll (iPhone SE, landscape), the viewport ends on a whole line.
        let small = try renderer.layOut(RenderRequest(folder: sample, profile: try shippedProfiles.profile(id: "iphone-se-3"),
                                                      requestedLanguage: language, orientation: .landscape, appearance: .light))
        let viewport = small.layout.body.viewport
        let engine = try renderer.engine(for: .noto)
        let lineBottoms = small.layout.body.blocks.flatMap { block in
            engine.measure(block.block).lines.map { block.origin.y + $0.maxY }
        }
        #expect(lineBottoms.contains { abs($0 - viewport.maxY) < 1 / 3 + 1e-6 }, "the fold is the bottom of a line")
    }

    @Test func pseudoLocalesTransformTheDocumentsOwnLabels() throws {
        var files = testAgreement
        files["document.json"] = #"{ "defaultLanguage": "en", "strings": { "accept": { "en": "Agree and continue" } } }"#
        let accented = try render(files, name: "pseudo", language: "en-XA")
        let acceptXA = try #require(accented.linkMap.buttons.first { $0.role == .accept }).label
        #expect(acceptXA.hasPrefix("[Åĝŕéé åñð çöñţîñûé"), "\(acceptXA)")
        let mirrored = try render(files, name: "pseudo-rtl", language: "ar-XB")
        let acceptXB = try #require(mirrored.linkMap.buttons.first { $0.role == .accept }).label
        #expect(acceptXB.contains("Agree and continue") && acceptXB.hasPrefix("\u{202E}"), "\(acceptXB)")
    }

    @Test func theLaunchScreenShowsEachLanguagesAppName() throws {
        let sample = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/launch-consent"), appFiles: XcodeAppFiles())
        for (language, name) in [("zh-Hans", "云帆出行"), ("zh-Hant", "雲帆出行"), ("en", "Yunfan Rides")] {
            let page = try renderer.render(RenderRequest(folder: sample, profile: try shippedProfiles.profile(id: "iphone-15-pro"),
                                                         requestedLanguage: language, orientation: .portrait, appearance: .light))
            #expect(page.layout.text("launch-app-name")?.block.text == name)
        }
    }

    // MARK: 2. Errors that name the input that is wrong

    struct ErrorCase: CustomStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let message: String
        var description: String { name }
    }

    static let folderErrors: [ErrorCase] = [
        .init(name: "english.md", files: ["english.md": "# T\n\nB"], message: "english.md: a language file's name must be a BCP 47 language tag, and 'english' is not one; rename it en.md"),
        .init(name: "zh_CN.md", files: ["zh_CN.md": "# T\n\nB"], message: "rename it zh-CN.md"),
        .init(name: "defaultLanguage without its file", files: ["en.md": "# T\n\nB", "document.json": #"{ "defaultLanguage": "fr" }"#],
              message: "document.json: field 'defaultLanguage' is 'fr'; no language file matches it; add fr.md or name one of: en."),
        .init(name: "a title without text", files: ["en.md": "# Just a title\n"],
              message: "the document has its title but no text under it"),
    ]

    @Test(arguments: folderErrors)
    func aFolderErrorNamesTheFileThatIsWrong(_ testCase: ErrorCase) throws {
        let url = folder.folder(testCase.name.replacingOccurrences(of: " ", with: "-"), files: testCase.files)
        let error = #expect(throws: DocumentError.self) {
            let documents = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
            _ = try documents.document(language: documents.languages[0])
        }
        #expect(error?.description.contains(testCase.message) == true, "\(String(describing: error))")
    }

    @Test func aReadmeIsLeftOutWithANote() throws {
        let documents = try DocumentFolder(url: folder.folder("with-readme", files: testAgreement.merging(["README.md": "# Notes"]) { $1 }), appFiles: XcodeAppFiles())
        #expect(!documents.languages.contains("README"))
        #expect(documents.notes.first?.contains("README.md is not a language file") == true)
    }

    @Test func commandLineErrorsBlameTheRightInput() throws {
        let document = folder.folder("doc", files: testAgreement)
        let out = folder.url.appendingPathComponent("x.png").path
        let base = ["render", "--device", "iphone-se-3", "--language", "en", "--out", out]
        let file = try cli(base + ["--document", document.appendingPathComponent("en.md").path])
        #expect(file.status == 2 && file.stderr.contains("is a file; a document is a folder"), "\(file.stderr)")
        let profiles = try cli(base + ["--document", document.path, "--profiles", "/nonexistent"])
        #expect(profiles.status == 2 && profiles.stderr.contains("--profiles '/nonexistent' does not exist"), "\(profiles.stderr)")
        let environment = try cli(base + ["--document", document.path], environment: ["CONSENT_PROFILES_DIR": "/nonexistent"])
        #expect(environment.status == 2 && environment.stderr.contains("CONSENT_PROFILES_DIR '/nonexistent' does not exist"))
        let watch = folder.url.appendingPathComponent("watch.json")
        try String(contentsOf: shippedProfiles.directory.appendingPathComponent("iphone-se-3.json"), encoding: .utf8)
            .replacingOccurrences(of: #""phone""#, with: #""watch""#).write(to: watch, atomically: true, encoding: .utf8)
        let idiom = try cli(["render", "--device", watch.path, "--language", "en", "--out", out, "--document", document.path])
        #expect(idiom.stderr.contains("'watch' is not one of: phone, pad"), "\(idiom.stderr)")
        let pixels = try cli(["diff", "a.png", "b.png", "--max-diff-pixels", "-1"])
        #expect(pixels.stderr.contains("must be a whole number, 0 or more") && !pixels.stderr.contains("9223372036854775807"))
        let deltaE = try cli(["diff", "a.png", "b.png", "--max-delta-e", "x"])
        #expect(deltaE.stderr.contains("from 0.0 to 100.0, or off"), "\(deltaE.stderr)")
        let device = folder.url.appendingPathComponent("Golden")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try Data(#"{ "profiles": "\#(shippedProfiles.directory.path)", "documents": { "doc": "\#(document.path)" }, "groups": [ { "document": "doc", "devices": ["iphone-15-pr"], "languages": ["en"] } ] }"#.utf8)
            .write(to: device.appendingPathComponent("matrix.json"))
        let unknown = try cli(["golden", "verify", "--golden", device.path, "--artifacts", folder.url.appendingPathComponent("a").path])
        #expect(unknown.status == 2 && unknown.stderr.contains("groups[0].devices") && unknown.stderr.contains("Did you mean 'iphone-15-pro'?"),
                "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("--device"))
    }

    @Test func lintSaysAJavascriptLinkWithTheRightArticle() throws {
        let page = try render(["en.md": "# Privacy\n\nSee [the privacy policy](javascript:alert(1))."], name: "js")
        let scheme = renderer.lint(page, device: "iphone-15-pro").first { $0.rule == "links.scheme" }
        #expect(scheme?.message.contains("(a javascript link is refused") == true, "\(String(describing: scheme))")
    }

    // MARK: 3. Smaller friction

    @Test func versionAndHelpCommand() throws {
        let version = try cli(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("render-cli \(ConsentRenderVersion.version)"))
        for library in ["cairo", "pango", "harfbuzz", "freetype", "fontconfig", "libpng"] {
            #expect(version.stdout.contains("  \(library) "))
        }
        let help = try cli(["help", "render"])
        let renderHelp = try cli(["render", "--help"])
        #expect(help.status == 0 && help.stdout == renderHelp.stdout)
        #expect(help.stdout.contains("$CONSENT_PROFILES_DIR"), "render --help says where profiles are looked up, as README does")
    }

    @Test func theDeltaE94OfLightToDarkSystemBlueIsWhatREADMESays() {
        let value = ColorDistance.deltaE94(0xFF00_7AFF, 0xFF0A_84FF)
        #expect(abs(value - 3.7) < 0.05, "README gives 3.7; it is \(value)")
    }

    @Test func diffSaysItWroteNothingForIdenticalImages() throws {
        let png = folder.url.appendingPathComponent("a.png")
        try Bitmap(width: 2, height: 2, pixels: [UInt32](repeating: 0xFF00_0000, count: 4)).pngData().write(to: png)
        let out = folder.url.appendingPathComponent("d.png")
        let result = try cli(["diff", png.path, png.path, "--out", out.path])
        #expect(result.status == 0 && result.stdout.contains("no diff image written"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test(arguments: Appearance.allCases)
    func theOverlaysCornerOutlineShowsOnLightAndDark(appearance: Appearance) throws {
        let page = try renderer.render(RenderRequest(folder: try DocumentFolder(url: folder.folder("corner", files: testAgreement), appFiles: XcodeAppFiles()),
                                                     profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "en",
                                                     orientation: .portrait, appearance: appearance))
        let overlay = try renderer.overlay(of: page)
        // Along the top edge, between the corners, the outline alternates black and white.
        let y = 4, shades = Set((400..<460).map { overlay.color(x: $0, y: y).red })
        #expect(shades.contains { $0 < 60 } && shades.contains { $0 > 200 }, "\(shades.sorted())")
    }

    // MARK: From the second first-use trial

    @Test func secondTrialFindings() throws {
        // Two files for one language are an error, not a silent pick.
        let twins = folder.folder("twins", files: ["en.md": "# T\n\nB", "EN.md": "x"])
        let duplicate = #expect(throws: DocumentError.self) { try DocumentFolder(url: twins, appFiles: XcodeAppFiles()) }
        #expect(duplicate?.description.contains("are two files for one language") == true)
        // The explainer warns when its policy link is below the fold.
        let att = try runRenderCLI(["lint", "--document", repositoryRoot.appendingPathComponent("Samples/att-explainer").path,
                                    "--devices", "iphone-se-3", "--languages", "en", "--orientations", "portrait",
                                    "--appearances", "light", "--format", "json"])
        let findings = try JSONDecoder().decode([LintFinding].self, from: Data(att.stdout.utf8))
        #expect(findings.contains { $0.rule == "links.policy-present" && $0.severity == .warning }, "\(att.stdout)")
        // A bad language tag in a matrix writes nothing and names the option.
        let document = folder.folder("doc", files: testAgreement)
        let out = folder.url.appendingPathComponent("bad-language")
        let matrix = try runRenderCLI(["matrix", "--document", document.path, "--devices", "iphone-se-3", "--languages", "xx_YY",
                                       "--out", out.path])
        #expect(matrix.status == 2 && matrix.stderr.contains("--languages 'xx_YY' is not a BCP 47 language tag"), "\(matrix.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let devices = try runRenderCLI(["matrix", "--document", document.path, "--devices", "iphone-15-pr", "--out", out.path])
        #expect(devices.stderr.contains("--devices: unknown device 'iphone-15-pr'"), "\(devices.stderr)")
        let state = try runRenderCLI(["render", "--document", document.path, "--device", "iphone-se-3", "--language", "en",
                                      "--state", "foo", "--out", folder.url.appendingPathComponent("s.png").path])
        #expect(state.status == 2 && state.stderr.contains("--state: the agreement-dialog template has no state 'foo'"), "\(state.stderr)")
        // A profile given by its path needs no profiles folder.
        let byPath = try runRenderCLI(["render", "--document", document.path, "--language", "en",
                                       "--device", shippedProfiles.directory.appendingPathComponent("iphone-se-3.json").path,
                                       "--out", folder.url.appendingPathComponent("p.png").path],
                                      environment: ["CONSENT_PROFILES_DIR": "/nonexistent"])
        #expect(byPath.status == 0, "\(byPath.stderr)")
        let huge = try runRenderCLI(["diff", "a.png", "b.png", "--max-diff-pixels", "99999999999999999999"])
        #expect(huge.stderr.contains("is too large"), "\(huge.stderr)")
        // Lint compares only the languages asked for.
        var files = testAgreement
        files["fr.md"] = "# Confidentialité\n\nUn paragraphe."
        let parity = try runRenderCLI(["lint", "--document", folder.folder("parity", files: files).path, "--devices", "iphone-se-3",
                                       "--languages", "en,zh-Hans", "--format", "json"])
        let parityFindings = try JSONDecoder().decode([LintFinding].self, from: Data(parity.stdout.utf8))
        #expect(!parityFindings.contains { $0.element == "fr.md" })
    }

    @Test func messagesSaySingularAndNameTheWholeFile() throws {
        let one = diff(expected: Bitmap(width: 2, height: 1, pixels: [0xFF00_0000, 0xFF00_0000]),
                       actual: Bitmap(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF]), options: DiffOptions())
        #expect(one.summary.hasPrefix("1 pixel differs"))
        let root = #expect(throws: DocumentError.self) { try DocumentSettings.decode(Data("[]".utf8), source: "document.json") }
        #expect(root?.description.contains("field '(the whole file)'") == true, "\(String(describing: root))")
        let strings = #expect(throws: DocumentError.self) {
            try DocumentSettings.decode(Data(#"{ "strings": { "accept": "OK" } }"#.utf8), source: "document.json")
        }
        #expect(strings?.description.contains("an object of language tag → text") == true, "\(String(describing: strings))")
    }
}
