import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 28, points 4–13: what a first-time user found wrong, each case as the user ran it.
@Suite struct FirstUserFaultTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    // MARK: 4. App Store locales

    func appstore(_ languages: String, out: URL) throws -> CLIRun {
        try runRenderCLI(["appstore", "--document", "Samples/privacy-agreement", "--languages", languages, "--out", out.path])
    }

    @Test(arguments: ["en,en-XA", "ar-XB", "zh-Hans,EN-xa"])
    func appstoreRefusesPseudoLocales(_ languages: String) throws {
        let out = root.appendingPathComponent("store")
        let run = try appstore(languages, out: out)
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("is a pseudo-locale") && run.stderr.contains("App Store Connect has no such localization"),
                "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    @Test func twoTagsOfOneAppStoreLocaleAreExportedOnceAndCountedOnce() throws {
        let out = root.appendingPathComponent("store")
        let run = try appstore("en,en-US,zh-Hans,zh-CN", out: out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("4 screenshots for en-US, zh-Hans"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "screenshots/en-US/01_").count == 2, "one render per file: \(run.stdout)")
        #expect(run.stderr.contains("note: 'en-US' is the App Store locale en-US, as 'en' is"), "\(run.stderr)")
        #expect(run.stderr.contains("note: 'zh-CN' is the App Store locale zh-Hans, as 'zh-Hans' is"), "\(run.stderr)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("screenshots").path)
            .filter { $0.hasSuffix(".png") }
        #expect(files.count == 4)
    }

    // MARK: 5. The status bar's clock

    /// ICU writes a narrow no-break space (U+202F) before the day period.
    @Test(arguments: [
        ("iphone-se-3", "de", "14:05", "14:05"),
        ("iphone-se-3", "fr", "14:05", "14:05"),
        ("iphone-se-3", "en", "14:05", "2:05\u{202F}PM"),
        ("iphone-se-3", "ko", "14:05", "오후 2:05"),
        ("iphone-8-plus", "de", "9:41", "9:41"),
        ("ipad-pro-13", "de", "14:05", "14:05  Di. 9. Jan."),
        ("ipad-pro-13", "fr", "14:05", "14:05  mar. 9 janv."),
        ("ipad-pro-13", "en", "14:05", "2:05\u{202F}PM  Tue Jan 9"),
        ("iphone-15-pro", "de", "14:05", "14:05"),
        ("iphone-15-pro", "en", "14:05", "2:05"),
        ("iphone-se-3", "en-XA", "9:41", "9:41\u{202F}AM"),
        ("iphone-se-3", "ar-XB", "9:41", "9:41\u{202F}AM"),
    ])
    func everyStatusBarKindShowsTheLanguagesClock(_ device: String, _ language: String, _ time: String, _ shown: String) throws {
        let folder = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/world-agreement"), appFiles: XcodeAppFiles())
        var request = RenderRequest(folder: folder, profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
                                    orientation: .portrait, appearance: .light)
        request.statusBar = StatusBarContent(time: time)
        let page = try ConsentRenderer().layOut(request)
        #expect(page.linkMap.statusBar?.time == shown, "\(device) \(language)")
    }

    // MARK: 6. The framed image's link map

    @Test func aFramedImageHasItsOwnMapInItsOwnCoordinates() throws {
        let out = root.appendingPathComponent("shot.png")
        let run = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-15-pro", "--language", "en",
                                    "--frame", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let framedMapURL = root.appendingPathComponent("shot.framed.links.json")
        #expect(run.stdout.contains(framedMapURL.path))
        let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: root.appendingPathComponent("shot.links.json")))
        let framedMap = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: framedMapURL))
        let shot = try Bitmap(contentsOfPNG: out)
        let framed = try Bitmap(contentsOfPNG: root.appendingPathComponent("shot.framed.png"))
        #expect(framedMap.pixelSize.width == framed.width && framedMap.pixelSize.height == framed.height)
        let screen = try #require(framedMap.framedScreen)
        #expect(screen.pixelRect.width == shot.width && screen.pixelRect.height == shot.height)
        #expect(map.framedScreen == nil, "the screenshot's own map is unchanged")
        // Every button and link rect covers the same pixels in both images (the screen is copied 1:1).
        let shotRects: [PixelRect] = map.buttons.map(\.pixelRect) + map.links.flatMap(\.pixelRects)
        let framedRects: [PixelRect] = framedMap.buttons.map(\.pixelRect) + framedMap.links.flatMap(\.pixelRects)
        let pairs = Array(zip(shotRects, framedRects))
        #expect(pairs.count > 3)
        for (inShot, inFrame) in pairs {
            #expect(inFrame.x == inShot.x + screen.pixelRect.x && inFrame.y == inShot.y + screen.pixelRect.y)
            #expect(inFrame.width == inShot.width && inFrame.height == inShot.height)
            let offsets: [(Int, Int)] = [(1, 1), (inShot.width / 2, inShot.height / 2), (inShot.width - 2, inShot.height - 2)]
            for (dx, dy) in offsets {
                let a: Color = shot.color(x: inShot.x + dx, y: inShot.y + dy)
                let b: Color = framed.color(x: inFrame.x + dx, y: inFrame.y + dy)
                #expect(a == b, "\(inShot) → \(inFrame)")
            }
        }
        // A second render replaces its own framed map; one of the user's is refused.
        try Data(#"{"mine": true}"#.utf8).write(to: framedMapURL)
        let refused = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-15-pro",
                                        "--language", "en", "--frame", "--out", out.path])
        #expect(refused.status == 2 && refused.stderr.contains("\(framedMapURL.path) exists and is not a link map"), "\(refused.stderr)")
    }

    // MARK: 7. Options accepted and ignored (every option's own test is OptionCoverageTests)

    @Test func lintRefusesOverInsteadOfIgnoringIt() throws {
        let run = try runRenderCLI(["lint", "--document", "Samples/privacy-agreement", "--over", "/nonexistent"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("lint takes no --over"), "\(run.stderr)")
        let also = try runRenderCLI(["lint", "--document", "Samples/privacy-agreement", "--over=Samples/att-explainer"])
        #expect(also.status == 2 && also.stderr.contains("lint takes no --over"), "\(also.stderr)")
    }

    // MARK: 8 and 9. Refusals leave nothing behind; paths that cannot be written are bad usage

    @Test(arguments: [
        (["render", "--document", "{T}/missing-folder", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/y/deep/a.png"],
         "does not exist"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-sf-3", "--language", "en", "--out", "{T}/y/deep/a.png"],
         "Did you mean 'iphone-se-3'"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--state", "nope",
          "--out", "{T}/y/deep/a.png"], "nope"),
        (["diff", "Golden/privacy-agreement/iphone-se-3/portrait-light/zh-Hans.png", "{T}/missing.png", "--out", "{T}/y/deep/d.png"],
         "not a readable PNG image"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/afile/x.png"],
         "afile is a file, not a folder"),
        (["diff", "Golden/privacy-agreement/iphone-se-3/portrait-light/zh-Hans.png", "Golden/privacy-agreement/iphone-se-3/portrait-light/zh-Hans.png",
          "--out", "{T}/afile/d.png"], "afile is a file, not a folder"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/.png"],
         "names only the extension"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/y/.PNG"],
         "names only the extension"),
    ])
    func aRefusedRunLeavesNothingBehind(_ arguments: [String], _ reason: String) throws {
        try Data("a file".utf8).write(to: root.appendingPathComponent("afile"))
        let run = try runRenderCLI(arguments.map { $0.replacingOccurrences(of: "{T}", with: root.path) })
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains(reason), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["afile"], "no folder or file was made")
    }

    // MARK: 10. Messages that stop short

    @Test func misspeltLanguageTagsAndActionsGetADidYouMean() throws {
        let render = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3",
                                       "--language", "en_US", "--out", root.appendingPathComponent("a.png").path])
        #expect(render.status == 2 && render.stderr.contains("'en_US' is not a BCP 47 language tag. Did you mean 'en-US'?"), "\(render.stderr)")
        let matrix = try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--languages", "zh_Hant",
                                       "--out", root.appendingPathComponent("m").path])
        #expect(matrix.status == 2 && matrix.stderr.contains("Did you mean 'zh-Hant'?"), "\(matrix.stderr)")
        let golden = try runRenderCLI(["golden", "verfy"])
        #expect(golden.status == 2 && golden.stderr.contains("Did you mean 'verify'?"), "\(golden.stderr)")
    }

    @Test func everyPNGReaderNamesAFileThatIsNoPNGTheSameWay() throws {
        let text = root.appendingPathComponent("notes.png")
        try Data("abcdefg".utf8).write(to: text)
        let diff = try runRenderCLI(["diff", text.path, text.path])
        let backdrop = try runRenderCLI(["render", "--document", "Samples/app-backdrop", "--device", "iphone-se-3", "--language", "en",
                                         "--backdrop", text.path, "--out", root.appendingPathComponent("a.png").path])
        for run in [diff, backdrop] {
            #expect(run.status == 2)
            #expect(run.stderr.contains("\(text.path): not a readable PNG image (it does not start with the PNG signature"), "\(run.stderr)")
        }
        #expect(!diff.stderr.contains("read beyond end of data"))
    }

    @Test func aDocumentWithOneLanguageNeedsNoLanguageOption() throws {
        let document = temporary.folder("one", files: ["en.md": "# Privacy\n\nWe keep your data safe. [Privacy Policy](https://example.com/privacy)\n"])
        let run = try runRenderCLI(["render", "--document", document.path, "--device", "iphone-se-3",
                                    "--out", root.appendingPathComponent("one.png").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("portrait-light en:"), "\(run.stdout)")
        let two = temporary.folder("two", files: ["en.md": "# Privacy\n\nText.\n", "de.md": "# Datenschutz\n\nText.\n"])
        let refused = try runRenderCLI(["render", "--document", two.path, "--device", "iphone-se-3",
                                        "--out", root.appendingPathComponent("two.png").path])
        #expect(refused.status == 2 && refused.stderr.contains("missing --language (this document has: de, en)"), "\(refused.stderr)")
    }

    // MARK: 11. Stopping

    @Test func watchStoppedWhileIdleEndsCleanly() throws {
        let out = root.appendingPathComponent("gallery")
        let run = try runRenderCLI(["watch", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                                    "--out", out.path], stoppedBy: SIGINT, whenPrinted: "Ctrl-C to stop", after: 0.5)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("render-cli watch: stopped; \(out.path) is complete"), "\(run.stderr)")
        #expect(!run.stderr.contains("incomplete"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("index.html").path))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aMatrixStoppedMidRunSaysSoAsReviewDoes(_ signal: Int32) throws {
        let run = try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--devices", "all", "--languages", "all",
                                    "--appearances", "light,dark", "--jobs", "1", "--out", root.appendingPathComponent("m").path],
                                   stoppedBy: signal, whenPrinted: "ok ", after: 0.2)
        #expect(run.status == 128 + signal)
        #expect(run.stderr.contains("render-cli: stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM"): files being written were removed"),
                "\(run.stderr)")
    }

    // MARK: 12. Anchor links across languages

    @Test func anchorLinksAreComparedByTheHeadingTheyLeadTo() throws {
        let document = temporary.folder("anchors", files: [
            "document.json": #"{ "defaultLanguage": "en" }"#,
            "en.md": "# Privacy\n\nSee [your rights](#2-your-rights) and [data](#1-data).\n\n## 1. Data\n\nText.\n\n## 2. Your rights\n\nText.\n",
            "zh-Hans.md": "# 隐私\n\n见[您的权利](#二您的权利)和[数据](#二您的权利)。\n\n## 一、数据\n\n文字。\n\n## 二、您的权利\n\n文字。\n",
        ])
        let lint = try DocumentLint(folder: DocumentFolder(url: document, appFiles: XcodeAppFiles())).findings().filter { $0.rule == "links.parity" }
        #expect(lint.map(\.message) == ["link 2 goes to #二您的权利 but in en.md to #1-data"], "\(lint.map(\.message))")
        let sample = try DocumentLint(folder: DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/long-agreement"), appFiles: XcodeAppFiles())).findings()
        #expect(!sample.contains { $0.rule == "links.parity" && $0.message.contains("#") }, "\(sample.map(\.message))")
    }

    // MARK: found by the second first-user trial

    @Test func aFullLengthCaptureReplacesOnlyACaptureOfItsOwn() throws {
        let mine = root.appendingPathComponent("x.full.png")
        try Data("mine".utf8).write(to: mine)
        let arguments = ["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en",
                         "--full-length", "--out", root.appendingPathComponent("x.png").path]
        let refused = try runRenderCLI(arguments)
        #expect(refused.status == 2 && refused.stderr.contains("is not a full-length capture render-cli wrote"), "\(refused.stderr)")
        #expect(try Data(contentsOf: mine) == Data("mine".utf8))
        try FileManager.default.removeItem(at: mine)
        #expect(try runRenderCLI(arguments).status == 0)
        #expect(try runRenderCLI(arguments).status == 0, "its own capture is replaced")
    }

    @Test(arguments: [
        ["render", "--document", "Samples/launch-consent", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/a.png"],
        ["matrix", "--document", "Samples/launch-consent", "--devices", "iphone-se-3", "--languages", "en", "--out", "{T}/m"],
        ["review", "--document", "Samples/launch-consent", "--devices", "iphone-se-3", "--languages", "en", "--out", "{T}/r"],
    ])
    func appInfoThatNoScreenReadsIsRefused(_ arguments: [String]) throws {
        let run = try runRenderCLI(arguments.map { $0.replacingOccurrences(of: "{T}", with: root.path) }
            + ["--app-info", "Samples/privacy-agreement/app"])
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("--app-info changes nothing here"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "nothing was written")
    }

    @Test func aMarkerThatIsNoPlainFileIsRefused() throws {
        let out = root.appendingPathComponent("m")
        try FileManager.default.createDirectory(at: out.appendingPathComponent(".consentrender-matrix"), withIntermediateDirectories: true)
        let run = try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                                    "--out", out.path])
        #expect(run.status == 2 && run.stderr.contains("is not a plain file"), "\(run.stderr)")
    }

    @Test func smallerMistakesGetTheirOwnWords() throws {
        let twice = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en",
                                      "--overlay", "--overlay", "--out", root.appendingPathComponent("a.png").path])
        #expect(twice.status == 2 && twice.stderr.contains("--overlay is given twice"), "\(twice.stderr)")
        let screens = try runRenderCLI(["matrix", "--document", "Samples/privacy-agreement", "--screens", "promts",
                                        "--out", root.appendingPathComponent("m").path])
        #expect(screens.status == 2 && screens.stderr.contains("Did you mean prompts?"), "\(screens.stderr)")
        let language = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "enn",
                                         "--out", root.appendingPathComponent("b.png").path])
        #expect(language.status == 0 && language.stderr.contains("Did you mean 'en'?"), "\(language.stderr)")
    }
}

/// Found by the first-user trial of issue 29's reshape.
@Suite struct ReshapeTrialTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    @Test func aVariantNamingAnotherDeviceThanItsProfileIsRefused() throws {
        let content = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/privacy-agreement"), appFiles: XcodeAppFiles()).content
        #expect(throws: RenderError.deviceMismatch(variant: "iphone-se-3", profile: "iphone-15-pro")) {
            try ConsentRenderer().render(RenderRequest(content: content, profile: try DeviceProfile.named("iphone-15-pro"),
                                                       variant: RenderVariant(device: "iphone-se-3", language: "en")))
        }
        #expect(ErrorCause(of: RenderError.deviceMismatch(variant: "a", profile: "b")) == .input)
    }

    @Test func aDocumentNamingAppFilesNeedsAReaderAndTheRendererReadsThemOnlyThroughAppStrings() throws {
        let sample = repositoryRoot.appendingPathComponent("Samples/privacy-agreement")
        #expect { try DocumentFolder(url: sample) } throws: { error in
            "\(error)".contains("privacy-agreement/document.json") && "\(error)".contains("XcodeAppFiles()")
                && ErrorCause(of: error) == .input
        }
        // Any AppStrings will do: the renderer knows the protocol, not the Xcode reader.
        struct Words: AppStrings {
            var settingsFile = "Words.plist"
            var developmentRegion = "en"
            var localizableFiles: [String] = []
            let reads = AppStringReads()
            func setting(_ key: String) -> String? { key == "NSUserTrackingUsageDescription" ? "Ads you may like." : nil }
            func localization(for language: String) -> String? { "en" }
            func infoValue(_ key: String, language: String) -> AppStringLookup? {
                let text = key == "CFBundleDisplayName" ? "Words App" : setting(key)
                return text.map { AppStringLookup(text: $0, language: "en", file: settingsFile, isFallback: false) }
            }
            func localizedString(_ key: String, language: String) -> AppStringLookup? { nil }
            func seen(on idiom: DeviceIdiom) -> any AppStrings { self }
        }
        var content = try DocumentFolder(url: sample, appFiles: XcodeAppFiles()).content
        content.app = Words()
        var variant = RenderVariant(device: "iphone-se-3", language: "en")
        variant.screen = .prompt(.att)
        let page = try ConsentRenderer().render(RenderRequest(content: content, profile: try DeviceProfile.named("iphone-se-3"), variant: variant))
        let prompt = try #require(page.linkMap.prompt)
        #expect(prompt.title.contains("Words App") && prompt.message == "Ads you may like.", "\(prompt)")
        #expect(content.app?.reads.happened == true)
    }

    @Test func helpTakesOneCommandOrTopicAndNamesTheTopics() throws {
        let rules = try runRenderCLI(["help", "rules"])
        #expect(rules.status == 0 && rules.stdout.hasPrefix("| rule | severity | what it checks | source |"))
        let extra = try runRenderCLI(["help", "rules", "extra"])
        #expect(extra.status == 2 && extra.stdout.isEmpty && extra.stderr.contains("'rules extra'"), "\(extra.stderr)")
        let typo = try runRenderCLI(["help", "rulse"])
        #expect(typo.status == 2 && typo.stderr.contains("Did you mean 'rules'?") && typo.stderr.contains("usage, axes, rules"))
    }

    @Test func aGoldenPromptWithoutItsPurposeStringIsBadInputAndTheBuiltInProfilesNeedNoFolder() throws {
        let golden = root.appendingPathComponent("g")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        // No "profiles": the built-in ones. The sample's app has no camera purpose string.
        try Data(#"{ "documents": { "d": "\#(repositoryRoot.path)/Samples/privacy-agreement" }, "groups": [ { "document": "d", "devices": "iphone-se-3", "languages": ["en"], "screens": ["consent", "prompt:camera"] } ] }"#.utf8)
            .write(to: golden.appendingPathComponent("matrix.json"))
        let run = try runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts", root.appendingPathComponent("art").path])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("NSCameraUsageDescription"), "\(run.stdout)")
        #expect(FileManager.default.fileExists(atPath: golden.appendingPathComponent("d/iphone-se-3/portrait-light/en.png").path),
                "the other cells are still recorded")
    }

    @Test func matrixCountsTheDynamicTypeWarningsLintGivesTheSameScreen() throws {
        let out = root.appendingPathComponent("m")
        let matrix = try runRenderCLI(["matrix", "--document", "Samples/world-agreement", "--devices", "iphone-se-3", "--languages", "de",
                                       "--orientations", "landscape", "--out", out.path])
        #expect(matrix.status == 0, "\(matrix.stderr)")
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        let lint = try runRenderCLI(["lint", "--document", "Samples/world-agreement", "--devices", "iphone-se-3", "--languages", "de",
                                     "--orientations", "landscape", "--appearances", "light", "--format", "json"])
        let findings = try JSONDecoder().decode([LintFinding].self, from: Data(lint.stdout.utf8)).filter { $0.variant != nil }
        #expect(manifest.cells.first?.lint.warnings == findings.filter { $0.severity == .warning }.count, "\(findings.map(\.rule))")
    }
}
