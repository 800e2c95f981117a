import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 30: iOS's own words in every language the reference has, from one data file.
@Suite struct SystemWordsTests {
    let words = try! SystemWords.builtIn.get()

    /// An app whose Info.plist (English only) has the ATT, location and camera purpose strings.
    static func appDocument(in temporary: TemporaryFolder, systemStrings: String = "{}", languages: [String] = ["en"]) throws -> URL {
        var files: [String: String] = [
            "document.json": #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist" }, "systemStrings": \#(systemStrings) }"#,
        ]
        for language in languages {
            files["\(language).md"] = "# Terms\n\nRead the [privacy policy](https://example.com/privacy).\n"
        }
        let folder = temporary.folder("doc", files: files)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("app"), withIntermediateDirectories: true)
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
                <key>CFBundleDevelopmentRegion</key><string>en</string>
                <key>CFBundleDisplayName</key><string>Atlas</string>
                <key>NSUserTrackingUsageDescription</key><string>Atlas uses your advertising identifier to measure its ads.</string>
                <key>NSLocationWhenInUseUsageDescription</key><string>Atlas shows the shops near you.</string>
                <key>NSCameraUsageDescription</key><string>Atlas scans the barcode of a book.</string>
            </dict></plist>
            """
        try Data(plist.utf8).write(to: folder.appendingPathComponent("app/Info.plist"))
        return folder
    }

    static func render(_ folder: URL, language: String, prompt: PromptKind, look: SystemLook = .ios26) throws -> RenderedPage {
        let document = try DocumentFolder(url: folder, appFiles: XcodeAppFiles())
        var request = RenderRequest(folder: document, profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: language,
                                    orientation: .portrait, appearance: .light)
        request.variant.screen = .prompt(prompt)
        request.variant.systemLook = look
        return try ConsentRenderer().render(request)
    }

    @Test func everyEntrysAppNameCountIsItsEnglishTexts() throws {
        let english = try #require(words.words["en"])
        for (language, entries) in words.words {
            for (key, entry) in entries {
                let reference = try #require(english[key]?.wordings.first, "\(language) \(key) has no English entry")
                let expected = reference.components(separatedBy: "%@").count - 1
                let whole = entry.text.map { [$0] } ?? (entry.variants ?? []).filter { $0.abbreviated != true }.map(\.text)
                for wording in whole + (entry.reference.map { [$0.text] } ?? []) {
                    #expect(wording.components(separatedBy: "%@").count - 1 == expected, "\(language) \(key): “\(wording)”")
                }
                #expect(!entry.sources.isEmpty && entry.sources.allSatisfy { words.sources[$0] != nil }, "\(language) \(key)")
                #expect((entry.grade == .conflicting) == (entry.text == nil), "\(language) \(key): a conflicting entry has no text")
                #expect((entry.grade == .conflicting) == ((entry.variants?.count ?? 0) > 1), "\(language) \(key)")
                #expect(SystemStrings.keys.contains(key), "\(language) \(key) is no systemStrings key")
            }
        }
    }

    /// The words are the reference's, character for character, quotation marks and no-break spaces included.
    @Test func theDataKeepsTheReferencesCharacters() throws {
        #expect(words.entry("att.title", language: "fr")?.text
            == "Autoriser «\u{A0}%@\u{A0}» à suivre vos activités dans les apps et sur les sites web d’autres sociétés\u{A0}?")
        #expect(words.entry("location.title", language: "de")?.text == "Darf „%@“ deinen Standort verwenden?")
        #expect(words.entry("bluetooth.title", language: "he")?.text == "\u{200F}״%@״ מבקש להשתמש ב-Bluetooth")
        #expect(words.entry("location.title", language: "zh-Hans")?.note == "iOS 16; iOS 13.4–15: 允许“%@”使用您的位置？")
        #expect(words.entry("location.allow-once", language: "de")?.wordings == ["Einmal erlauben", "Nur einmal erlauben"])
        // es-MX in the App Store list is Apple's es_419, which every Latin American region uses.
        #expect(words.language(for: LanguageTag("es-MX")!) == "es-419")
        #expect(words.language(for: LanguageTag("pt")!) == "pt-BR")
        #expect(words.language(for: LanguageTag("nb")!) == "no")
        #expect(words.language(for: LanguageTag("de-AT")!) == "de")
        #expect(words.language(for: LanguageTag("sw")!) == nil)
    }

    /// The ATT alert in zh-Hans, zh-Hant, ja and ko keeps the words it had, with the reference's beside them.
    @Test func theATTAlertInChineseJapaneseAndKoreanKeepsItsWords() throws {
        let kept = ["zh-Hans": "允许“%@”跟踪你在其他公司的App和网站上的活动吗？", "zh-Hant": "要允許「%@」追蹤你在其他公司的 App 和網站上的活動嗎？",
                    "ja": "“%@”が他社のアプリやWebサイトを横断してあなたのアクティビティをトラッキングすることを許可しますか?",
                    "ko": "‘%@’이(가) 다른 회사의 앱 및 웹 사이트에 걸친 사용자의 활동을 추적하도록 허용하겠습니까?"]
        for (language, title) in kept {
            let entry = try #require(words.entry("att.title", language: language))
            #expect(entry.text == title && entry.sources.first == "M4.2")
            #expect(entry.reference?.sources == ["1d"] && entry.reference?.text != title, "\(language): the reference's wording is kept beside it")
        }
        #expect(words.entry("att.deny", language: "zh-Hant")?.text == "要求 App 不要追蹤")
    }

    /// Issue 30's first acceptance point: without systemStrings, location and camera in twelve
    /// languages render the reference's words (title and buttons, from the link map) or are
    /// refused listing only keys the reference lacks or marks conflicting.
    @Test(arguments: ["de", "fr", "es", "pt-BR", "ru", "tr", "ko", "ja", "zh-Hans", "zh-Hant", "ar", "he"])
    func locationAndCameraUseTheReferencesWordsOrNameOnlyWhatItLacks(language: String) throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        let tag = try #require(LanguageTag(language))
        let data = try #require(words.language(for: tag))
        for prompt in [PromptKind.location, .camera] {
            let keys = SystemStrings.keys(for: prompt)
            let lacking = keys.filter { words.entry($0, language: data)?.builtInText == nil }
            do {
                let page = try Self.render(folder, language: language, prompt: prompt)
                #expect(lacking.isEmpty, "\(language) \(prompt) rendered without \(lacking)")
                let title = try #require(words.entry("\(prompt.rawValue).title", language: data)?.text)
                #expect(page.linkMap.prompt?.title == title.replacingOccurrences(of: "%@", with: "Atlas"))
                #expect(page.linkMap.buttons.map(\.label) == prompt.roles.map { words.entry("\(prompt.rawValue).\($0.rawValue)", language: data)?.text })
            } catch let PromptError.missingSystemStrings(_, _, missing, _) {
                #expect(missing.map(\.key) == lacking, "\(language) \(prompt): refused naming \(missing.map(\.key))")
            }
        }
    }

    @Test func systemStringsStillOverrideABuiltInWord() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary, systemStrings: #"{ "camera.ok": { "de": "Okay" } }"#)
        let page = try Self.render(folder, language: "de", prompt: .camera)
        #expect(page.linkMap.prompt?.title == "„Atlas“ möchte auf deine Kamera zugreifen")
        #expect(page.linkMap.buttons.map(\.label) == ["Nicht erlauben", "Okay"])
        // Both looks take the built-in words.
        let old = try Self.render(folder, language: "de", prompt: .camera, look: .ios18)
        #expect(old.linkMap.prompt?.title == page.linkMap.prompt?.title)
    }

    @Test func aConflictingWordIsNamedWithItsWordings() throws {
        let temporary = TemporaryFolder()
        #expect {
            try Self.render(try Self.appDocument(in: temporary), language: "de", prompt: .location)
        } throws: { error in
            guard case let PromptError.missingSystemStrings(_, _, missing, _) = error else { return false }
            let message = "\(error)"
            return missing.map(\.key) == ["location.allow-once", "location.precise"]
                && message.contains("location.allow-once: the reference's sources disagree (“Einmal erlauben” / “Nur einmal erlauben”)")
                && message.contains("location.precise: no source of the reference gives it in this language")
        }
    }

    /// The entry to add serves every region: de-AT is told to write de.
    @Test func theEntryToAddIsForTheWholeLanguage() throws {
        let temporary = TemporaryFolder()
        #expect {
            try Self.render(try Self.appDocument(in: temporary), language: "de-AT", prompt: .location)
        } throws: { error in
            let message = "\(error)"
            return message.contains(#""location.precise": { "de": "…" }"#) && message.contains("under de, which serves de-AT too")
        }
    }

    /// Issue 30's second acceptance point: lint over every prompt and ten languages finishes and
    /// names each missing word once, however many devices.
    @Test func lintOverEveryPromptAndTenLanguagesFinishesNamingEachMissingWordOnce() throws {
        let temporary = TemporaryFolder()
        let languages = ["en", "de", "fr", "es", "ja", "ko", "zh-Hans", "ar", "he", "sw"]
        let folder = try Self.appDocument(in: temporary, languages: languages)
        let run = try runRenderCLI(["lint", "--document", folder.path, "--devices", "iphone-15-pro,iphone-se-3", "--screens", "prompts",
                                    "--languages", "all", "--format", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let missing = findings.filter { $0["rule"] as? String == "prompt.system-words-missing" }
        let places = missing.map { finding -> String in
            let variant = finding["variant"] as? [String: Any]
            return "\(variant?["screen"] ?? "") \(finding["language"] ?? "")"
        }
        #expect(places.count == Set(places).count, "each prompt and language once: \(places)")
        // Swahili has no words at all: every prompt asked for is named, with every key.
        let swahili = missing.filter { $0["language"] as? String == "sw" }
        #expect(swahili.count == 4, "att, location, camera (the purpose strings the app has) and notifications (which needs none)")
        // (a warning that says why, since iOS may not offer the language), each with every key.
        #expect(swahili.allSatisfy { finding in
            finding["severity"] as? String == "warning" && (finding["message"] as? String)?.contains("none of iOS's words in 'sw'") == true
                && (finding["keys"] as? [String])?.contains { $0.hasSuffix(".title") } == true
        })
        // German location lacks the conflicting allow-once and the unsourced precise only.
        let german = try #require(missing.first { $0["language"] as? String == "de" && "\($0["element"] ?? "")" == "location prompt" })
        #expect((german["message"] as? String)?.contains("location.allow-once") == true)
        #expect(german["keys"] as? [String] == ["location.allow-once", "location.precise"])
        #expect((german["message"] as? String)?.contains("location.title") == false)
        // English has every word of the prompts it draws.
        #expect(!missing.contains { $0["language"] as? String == "en" })
        // Other rules still ran on the drawn prompts.
        #expect(findings.contains { $0["rule"] as? String == "prompt.purpose-localized" })
    }

    @Test func matrixDrawsTheOtherCellsAndNamesMissingWordsOncePerPromptAndLanguage() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary, languages: ["en", "de"])
        let out = temporary.url.appendingPathComponent("matrix")
        let run = try runRenderCLI(["matrix", "--document", folder.path, "--devices", "iphone-15-pro,iphone-se-3", "--screens",
                                    "prompt:att,prompt:camera", "--languages", "en,de", "--out", out.path])
        #expect(run.status == 2)
        // German ATT lacks "Ask App Not to Track": one line for its two cells; German camera is drawn.
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("prompt.system-words-missing") }
        #expect(lines.count == 1 && lines.first?.contains("de att prompt") == true && lines.first?.contains("(2 cells not drawn)") == true,
                "\(run.stderr)")
        #expect(!run.stderr.contains("portrait-light/de-prompt-att"), "no line per cell")
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        #expect(manifest.promptFindings?.count == 1)
        #expect(manifest.cells.count == 6)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("iphone-se-3/portrait-light/de-prompt-camera.png").path))
    }

    /// A word given in systemStrings is checked where it is written: the file, the key and the fix.
    @Test(arguments: [
        (#"{ "camera.deny": { "fr": "  " } }"#, "systemStrings.camera.deny.fr", "the words are empty"),
        (#"{ "camera.title": { "fr": "Caméra" } }"#, "systemStrings.camera.title.fr", "has no %@"),
        (#"{ "camera.title": { "fr": "%@ et %@" } }"#, "systemStrings.camera.title.fr", "has 2 %@"),
        (#"{ "camera.ok": { "fr": "%@ OK" } }"#, "systemStrings.camera.ok.fr", "only a prompt's title names the app"),
        (#"{ "camera.deny": { "fr_FR": "Refuser" } }"#, "systemStrings.camera.deny.fr_FR", "Did you mean 'fr-FR'?"),
    ])
    func aBadSystemWordIsRefusedWhereItIsWritten(json: String, field: String, problem: String) throws {
        let temporary = TemporaryFolder()
        #expect {
            try Self.render(try Self.appDocument(in: temporary, systemStrings: json), language: "fr", prompt: .camera)
        } throws: { error in
            let message = "\(error)"
            return message.contains("document.json") && message.contains(field) && message.contains(problem)
        }
    }

    /// The closer language wins: a zh-Hant entry fills zh-HK's missing word but does not hide its
    /// own built-in title; Macao takes Hong Kong's words.
    @Test func theWordsOfTheClosestLanguageWin() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary, systemStrings: #"{ "att.title": { "zh-Hant": "要允許「%@」追蹤嗎？" }, "#
            + #""att.deny": { "zh-Hant": "要求 App 不要追蹤" } }"#)
        for language in ["zh-HK", "zh-MO"] {
            let page = try Self.render(folder, language: language, prompt: .att)
            #expect(page.linkMap.prompt?.title == "允許「Atlas」追蹤你在其他公司的App和網站上的活動嗎？", "\(language)")
            #expect(page.linkMap.buttons.map(\.label) == ["要求 App 不要追蹤", "允許"], "\(language)")
        }
        // For zh-Hant itself the document's title is the closer one.
        #expect(try Self.render(folder, language: "zh-Hant", prompt: .att).linkMap.prompt?.title == "要允許「Atlas」追蹤嗎？")
    }

    /// iOS keeps a Korean word together on a line (UIKit's Hangul word priority); Pango alone
    /// would break between any two syllables.
    @Test func aKoreanLineBreaksOnlyBetweenWords() throws {
        let engine = try PangoTextEngine()
        let text = "‘Atlas’이(가) 다른 회사의 앱 및 웹 사이트에 걸친 사용자의 활동을 추적하도록 허용하겠습니까?"
        let style = BaseTextStyle(fontSize: 17, weight: .semibold, color: Color(rgb: 0), linkColor: Color(rgb: 0))
        var builder = StyledTextBuilder(base: style, traits: LanguageTraits(tag: "ko"))
        var links: [LinkSource] = []
        builder.append([.text(text)], links: &links)
        for width in [160.0, 200, 240, 270] {
            let block = builder.block(width: width, alignment: .center, lineHeight: 22)
            let measurement = engine.measure(block)
            #expect(measurement.lines.count > 1)
            let bytes = Array(block.text.utf8)
            for range in measurement.lineRanges.dropLast() {
                #expect(range.upperBound < bytes.count && (bytes[range.upperBound - 1] == 0x20 || bytes[range.upperBound] == 0x20),
                        "width \(width): a line ends inside a word")
            }
        }
        // A word wider than the line is still broken, as iOS breaks it, rather than overflowing.
        let long = StyledTextBuilder(base: style, traits: LanguageTraits(tag: "ko"))
        var one = long
        one.append([.text("허용하겠습니까허용하겠습니까허용하겠습니까")], links: &links)
        let narrow = one.block(width: 80, alignment: .leading, lineHeight: 22)
        #expect(engine.measure(narrow).lines.allSatisfy { $0.width <= 80.5 })
        #expect(PangoTextEngine.hangulWords(in: "a 한국어 b 말씀") == [2..<11, 14..<20])
    }

    /// docs/system-words.md's tables are the data's (`render-cli help system-words`).
    @Test func theCoveragePageIsTheData() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/system-words.md"), encoding: .utf8)
        let begin = "<!-- system-words: generated by render-cli help system-words; do not edit -->\n"
        let end = "\n<!-- end of system-words -->"
        let start = try #require(page.range(of: begin), "docs/system-words.md has no generated part")
        let stop = try #require(page.range(of: end, range: start.upperBound..<page.endIndex))
        #expect(String(page[start.upperBound..<stop.lowerBound]) == words.coverageMarkdown,
                "docs/system-words.md is stale: paste what render-cli help system-words prints between its markers")
    }
}
