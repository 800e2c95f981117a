import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 31, every usage description and lint over an app: the prompts iOS shows for Face ID,
/// add-to-Photos, calendars, reminders, Siri, speech, motion, the local network, Apple Music and
/// the location-always upgrade; the photos prompt's three buttons; "Precise: Off"; the purpose
/// rules over every `NS…UsageDescription` key and every language; `text.format-specifier`.
@Suite struct PromptKindsTests {
    let temporary = TemporaryFolder()

    /// An app that declares every prompt ConsentRender draws, asks for approximate location, and
    /// has a German translation of two purpose strings; its Localizable strings hold a format.
    func document(systemStrings: String = "{}", accept: String = #"{ "key": "consent.accept" }"#) throws -> URL {
        let purposes: [(String, String)] = [
            ("NSFaceIDUsageDescription", "Atlas uses Face ID to unlock your saved places without typing your passcode."),
            ("NSPhotoLibraryUsageDescription", "Atlas attaches the photos you choose to the places you save."),
            ("NSPhotoLibraryAddUsageDescription", "Atlas saves the map snapshots you export to your photo library."),
            ("NSCalendarsFullAccessUsageDescription", "Atlas shows your events on the map and suggests when to leave."),
            ("NSCalendarsWriteOnlyAccessUsageDescription", "Atlas adds the trips you plan to your calendar as events."),
            ("NSRemindersFullAccessUsageDescription", "Atlas reminds you of places on your lists when you arrive near them."),
            ("NSSiriUsageDescription", "Siri can ask Atlas for directions to the places you saved."),
            ("NSSpeechRecognitionUsageDescription", "Atlas turns the voice notes you record at a place into text."),
            ("NSMotionUsageDescription", "Atlas counts your steps on walking routes to show how far you have come."),
            ("NSLocalNetworkUsageDescription", "Atlas finds the car display on your Wi-Fi to send it the route."),
            ("NSAppleMusicUsageDescription", "Atlas plays your driving playlist from your music library when a route starts."),
            ("NSLocationWhenInUseUsageDescription", "Atlas shows the pick-up points near you on the map."),
            ("NSLocationAlwaysAndWhenInUseUsageDescription", "Atlas tells you when you arrive at a saved place, even when it is closed."),
            ("NSHealthShareUsageDescription", "Health data"),
        ]
        let plist = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>\n"
            + "<key>CFBundleDisplayName</key><string>Atlas</string>\n<key>CFBundleDevelopmentRegion</key><string>en</string>\n"
            + "<key>NSLocationDefaultAccuracyReduced</key><true/>\n"
            + purposes.map { "<key>\($0.0)</key><string>\($0.1)</string>\n" }.joined() + "</dict></plist>\n"
        let folder = temporary.url.appendingPathComponent("doc")
        let files: [String: String] = [
            "en.md": "# Terms\n\nRead the [privacy policy](https://example.com/privacy).\n",
            "de.md": "# AGB\n\nLesen Sie die [Datenschutzerklärung](https://example.com/privacy).\n",
            "document.json": """
                { "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" },
                  "strings": { "accept": \(accept), "decline": { "en": "Not now", "de": "Nicht jetzt" } },
                  "systemStrings": \(systemStrings) }
                """,
            "app/Info.plist": plist,
            "app/en.lproj/Localizable.strings": "\"consent.accept\" = \"Agree\";\n\"inbox.unread\" = \"%d unread\";\n",
            "app/de.lproj/Localizable.strings": "\"consent.accept\" = \"Zustimmen\";\n\"inbox.unread\" = \"%d ungelesen\";\n",
            "app/de.lproj/InfoPlist.strings": "\"NSFaceIDUsageDescription\" = \"Atlas entsperrt deine gespeicherten Orte mit Face ID, ohne Code.\";\n"
                + "\"NSLocationWhenInUseUsageDescription\" = \"Atlas zeigt dir Abholpunkte in deiner Nähe auf der Karte.\";\n",
            "app/ja.lproj/InfoPlist.strings": "\"NSLocationWhenInUseUsageDescription\" = \"周辺の地図を表示するための位置情報が必要です。\";\n",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    func render(_ folder: URL, _ kind: PromptKind, language: String = "en", look: SystemLook = .ios26) throws -> RenderedPage {
        try SystemPromptTests.render(folder, language: language, screen: .prompt(kind), look: look)
    }

    /// Build point 3: the words research found (docs/system-words.md) are built in for English;
    /// each prompt's buttons are iOS's, in iOS's order.
    @Test func theAddedPromptsDrawIOSsEnglishWords() throws {
        let folder = try document(systemStrings: #"""
            { "calendar.title": { "en": "“%@” Would Like Full Access to Your Calendar" },
              "reminders.title": { "en": "“%@” Would Like Full Access to Your Reminders" },
              "calendar-write-only.title": { "en": "“%@” Would Like to Add Events to Your Calendar" },
              "calendar-write-only.deny": { "en": "Don’t Allow" }, "calendar-write-only.allow": { "en": "Allow" },
              "local-network.deny": { "en": "Don’t Allow" } }
            """#)
        let expected: [(PromptKind, String, [String])] = [
            (.faceID, "Do you want to allow “Atlas” to use Face ID?", ["Don’t Allow", "OK"]),
            (.photos, "“Atlas” Would Like to Access Your Photos", ["Limit Access…", "Allow Full Access", "Don’t Allow"]),
            (.photosAdd, "“Atlas” Would Like to Add to your Photos", ["Don’t Allow", "OK"]),
            (.calendar, "“Atlas” Would Like Full Access to Your Calendar", ["Don’t Allow", "Allow Full Access"]),
            (.calendarWriteOnly, "“Atlas” Would Like to Add Events to Your Calendar", ["Don’t Allow", "Allow"]),
            (.reminders, "“Atlas” Would Like Full Access to Your Reminders", ["Don’t Allow", "Allow Full Access"]),
            (.siri, "Would You Like to Use “Atlas” with Siri?", ["Don’t Allow", "OK"]),
            (.speech, "“Atlas” Would Like to Access Speech Recognition", ["Don’t Allow", "OK"]),
            (.motion, "“Atlas” Would Like to Access Your Motion & Fitness Activity", ["Don’t Allow", "OK"]),
            (.localNetwork, "“Atlas” would like to find and connect to devices on your local network", ["Don’t Allow", "OK"]),
            (.mediaLibrary, "“Atlas” would like to access Apple Music, your music and video activity, and your media library", ["Don’t Allow", "OK"]),
            (.locationAlways, "Allow “Atlas” to also use your location even when you are not using the app?",
             ["Keep Only While Using", "Change to Always Allow"]),
        ]
        for (kind, title, buttons) in expected {
            for look in SystemLook.allCases {
                let page = try render(folder, kind, look: look)
                #expect(page.linkMap.prompt?.title == title, "\(kind) \(look)")
                #expect(page.linkMap.buttons.map(\.label) == buttons, "\(kind) \(look)")
                #expect(page.linkMap.prompt?.infoPlistKey == kind.infoPlistKey)
            }
        }
        // Three buttons, and two long ones, stack; the TCC alerts' two sit side by side.
        let photos = try render(folder, .photos).linkMap.buttons.map(\.rect)
        #expect(Set(photos.map(\.x)).count == 1 && photos[0].y < photos[1].y && photos[1].y < photos[2].y)
        let always = try render(folder, .locationAlways).linkMap.buttons.map(\.rect)
        #expect(always[0].x == always[1].x && always[0].y < always[1].y)
        let faceID = try render(folder, .faceID).linkMap.buttons.map(\.rect)
        #expect(faceID[0].y == faceID[1].y && faceID[0].x < faceID[1].x)
    }

    /// "Never guess words": a prompt whose words have no source is drawn only from systemStrings,
    /// and the refusal names each missing key with why.
    @Test func aPromptWithoutSourcedWordsNamesWhatToGive() throws {
        let folder = try document()
        #expect { try render(folder, .calendar) } throws: { error in
            guard case let PromptError.missingSystemStrings(_, _, missing, _) = error else { return false }
            return missing.map(\.key) == ["calendar.title"] && missing[0].explanation.contains("any language")
        }
        #expect { try render(folder, .calendarWriteOnly) } throws: { error in
            guard case let PromptError.missingSystemStrings(_, _, missing, _) = error else { return false }
            return missing.map(\.key) == ["calendar-write-only.title", "calendar-write-only.deny", "calendar-write-only.allow"]
        }
        // Outside English the photos prompt's iOS 17 buttons have no source: named, never drawn in English.
        #expect { try render(folder, .photos, language: "de") } throws: { error in
            guard case let PromptError.missingSystemStrings(_, _, missing, _) = error else { return false }
            return missing.map(\.key) == ["photos.limit-access", "photos.allow-full"]
        }
    }

    /// Fault 8: NSLocationDefaultAccuracyReduced draws "Precise: Off" and the approximate map.
    @Test func reducedAccuracyShowsPreciseOffAndTheApproximateArea() throws {
        let folder = try document()
        let page = try render(folder, .location)
        #expect(page.layout.items.contains { $0.id == "map-approximate-area" })
        #expect(!page.layout.items.contains { $0.id == "map-dot" })
        let label = page.layout.items.first { $0.id == "map-precise-label" }
        guard case let .text(text)? = label?.drawable else { Issue.record("no precise label"); return }
        #expect(text.block.text == "Precise: Off")
        // In German "Precise: Off" has no source: named as the one missing word.
        #expect { try render(folder, .location, language: "de") } throws: { error in
            guard case let PromptError.missingSystemStrings(_, _, missing, _) = error else { return false }
            return missing.map(\.key).contains("location.precise-off") && !missing.map(\.key).contains("location.precise")
        }
    }

    /// A purpose string missing for a prompt of iOS 17 names the key an older app gave instead.
    @Test func theFormerCalendarKeyIsNamed() throws {
        let folder = try document(systemStrings: #"{ "reminders.title": { "en": "“%@” Would Like Full Access to Your Reminders" } }"#)
        let plist = folder.appendingPathComponent("app/Info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "NSRemindersFullAccessUsageDescription",
                                                                                       with: "NSRemindersUsageDescription")
        try Data(text.utf8).write(to: plist)
        #expect { try render(folder, .reminders) } throws: { error in
            "\(error)".contains("The app gives NSRemindersUsageDescription, which iOS 17 and later do not show in this prompt")
        }
    }

    /// Build point 4: `prompts` is what the app declares; the purpose rules run over every
    /// NS…UsageDescription key and every language (the app's too), whether or not iOS's words are
    /// known there; every finding names its screen; a specifier that would be drawn is an error.
    @Test func lintOverTheAppNeverStopsShort() throws {
        let folder = try document(accept: #"{ "key": "inbox.unread" }"#)
        let run = try runRenderCLI(["lint", "--document", folder.path, "--devices", "iphone-15-pro", "--orientations", "portrait",
                                    "--appearances", "light", "--screens", "all", "--languages", "all", "--format", "json"])
        #expect(run.status == 1, "\(run.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        func with(_ rule: String) -> [[String: Any]] { findings.filter { $0["rule"] as? String == rule } }
        // No prompt the app does not declare is an error (it declares no ATT, camera, …).
        #expect(with("prompt.purpose-present").isEmpty, "\(with("prompt.purpose-present"))")
        // ja is the app's localization only: its purpose strings are judged (the Japanese one passes).
        #expect(with("prompt.purpose-localized").contains { $0["language"] as? String == "ja" })
        #expect(!with("prompt.purpose-specific").contains { ($0["message"] as? String)?.contains("周辺の地図") == true })
        // A key no prompt of ConsentRender's shows is judged too.
        #expect(with("prompt.purpose-specific").contains { $0["element"] as? String == "NSHealthShareUsageDescription" })
        // Every finding about a prompt names its screen and language.
        for finding in findings where (finding["rule"] as? String)?.hasPrefix("prompt.") == true
            && finding["element"] as? String != "NSHealthShareUsageDescription" {
            let variant = finding["variant"] as? [String: Any]
            #expect((variant?["screen"] as? String)?.hasPrefix("prompt:") == true && variant?["language"] != nil, "\(finding)")
        }
        // The consent screen's accept button shows "%d unread": an error, in both languages.
        let specifiers = with("text.format-specifier")
        #expect(Set(specifiers.compactMap { $0["language"] as? String }) == ["en", "de"], "\(specifiers)")
        #expect(specifiers.allSatisfy { ($0["variant"] as? [String: Any])?["screen"] == nil || ($0["variant"] as? [String: Any])?["screen"] as? String == "consent" })
        // iOS draws the alerts: no rule about a layout the team controls judges them.
        let onPrompts = findings.filter { (($0["variant"] as? [String: Any])?["screen"] as? String)?.hasPrefix("prompt:") == true }
        #expect(onPrompts.allSatisfy { ($0["rule"] as? String).map { $0.hasPrefix("prompt.") || $0 == "text.format-specifier" || $0 == "text.missing-glyphs" } == true },
                "\(onPrompts.map { $0["rule"] ?? "" })")
        let render = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--language", "en",
                                       "--out", temporary.url.appendingPathComponent("out/consent.png").path])
        #expect(render.status == 0 && render.stderr.contains("'%d', a format specifier"), "\(render.stderr)")
    }

    /// Fault 8's rest: an English purpose string in a Hebrew alert aligns to the alert's leading
    /// (right) edge; the link map's resolved language is iOS's words' (de for de-AT) and its
    /// appLanguage the localization iOS picks; a matrix manifest gives no tint for a prompt.
    @Test func theAlertsLanguageIsTheSystems() throws {
        let folder = try document()
        let hebrew = try render(folder, .faceID, language: "he")
        let message = try #require(hebrew.layout.body.blocks.first)
        #expect(message.block.alignment == .leadingRightToLeft && message.block.language == "en")
        let title = hebrew.layout.title
        let lines = try #require(try ConsentRenderer().measure(message.block).lines.first)
        // The message's first line ends at the title's trailing (right) edge, as the title's does.
        #expect(abs((message.origin.x + lines.maxX) - (title.origin.x + title.size.width)) < 1.5, "\(lines) \(message.origin) \(title.origin)")
        let austrian = try render(folder, .faceID, language: "de-AT")
        #expect(austrian.linkMap.language.resolved == "de" && austrian.linkMap.language.requested == "de-AT")
        #expect(austrian.linkMap.prompt?.systemLanguage == "de" && austrian.linkMap.prompt?.appLanguage == "de")
        #expect(austrian.linkMap.prompt?.message == "Atlas entsperrt deine gespeicherten Orte mit Face ID, ohne Code.")
        let out = temporary.url.appendingPathComponent("matrix")
        let run = try runRenderCLI(["matrix", "--document", folder.path, "--devices", "iphone-15-pro", "--languages", "en",
                                    "--screens", "consent,prompt:faceid", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any])
        let cells = try #require(manifest["cells"] as? [[String: Any]])
        #expect(cells.count == 2)
        for cell in cells {
            let screen = (cell["variant"] as? [String: Any])?["screen"] as? String
            #expect((cell["tint"] == nil) == (screen == "prompt:faceid"), "\(cell)")
        }
    }

    /// The second trial's findings about lint and messages.
    @Test func lintFilesEachFindingWhereItsFixIs() throws {
        let folder = try document(systemStrings: #"{ "calendar.title": { "de-DE": "„%@“ möchte vollen Zugriff auf deinen Kalender" } }"#)
        let app = folder.appendingPathComponent("app")
        // The Info.plist's short camera text shows in every language; a Dutch "translation" is the
        // English word for word; the microphone key is only translated; Belarusian has no iOS words.
        let plist = app.appendingPathComponent("Info.plist")
        try Data(try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "</dict>",
            with: "<key>NSCameraUsageDescription</key><string>Needed.</string>\n</dict>").utf8).write(to: plist)
        for (lproj, text) in [("nl.lproj", "\"NSSiriUsageDescription\" = \"Siri can ask Atlas for directions to the places you saved.\";\n"),
                              ("be.lproj", "\"NSMicrophoneUsageDescription\" = \"Atlas запісвае галасавыя нататкі, якія вы дадаеце да месца.\";\n")] {
            try FileManager.default.createDirectory(at: app.appendingPathComponent(lproj), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: app.appendingPathComponent("\(lproj)/InfoPlist.strings"))
        }
        let document = try DocumentFolder(url: folder, appFiles: XcodeAppFiles())
        let info = try #require(document.content.app)
        let findings = PromptLint(app: info, languages: ["de", "ja", "en", "nl", "be"], prompts: []).findings()
        let needed = findings.filter { $0.rule == .promptPurposeSpecific && $0.element == "NSCameraUsageDescription" }
        #expect(needed.map(\.language) == ["en"], "the English text is filed under en, not the first language that shows it")
        #expect(needed.first?.message.contains("The camera scans the QR code") == true)
        #expect(findings.contains { $0.rule == .promptPurposeLocalized && $0.language == "nl" && $0.message.contains("word for word") })
        #expect(findings.contains { $0.rule == .promptPurposePresent && $0.severity == .warning && $0.element == "NSMicrophoneUsageDescription" })
        // A language with no iOS words at all is a warning that says why; a missing word in a known one an error.
        let belarusian = LintFinding.systemWordsMissing(prompt: "camera", language: "be", missing: [MissingWord(key: "camera.title", reason: .unknownLanguage)])
        #expect(belarusian.severity == .warning && belarusian.message.contains("39 App Store languages"))
        // A systemStrings entry for de-DE does not reach a de device, and the refusal says so.
        #expect { try render(folder, .calendar, language: "de") } throws: { "\($0)".contains("document.json gives it for de-DE") }
        // matrix leaves a prompt in such a language out without failing; a missing word elsewhere fails.
        var matrix = try runRenderCLI(["matrix", "--document", folder.path, "--devices", "iphone-15-pro", "--languages", "en,be",
                                       "--screens", "prompt:faceid", "--out", temporary.url.appendingPathComponent("m1").path])
        #expect(matrix.status == 0 && matrix.stdout.contains("1 prompt cell left out"), "\(matrix.stdout) \(matrix.stderr)")
        matrix = try runRenderCLI(["matrix", "--document", folder.path, "--devices", "iphone-15-pro", "--languages", "de",
                                   "--screens", "prompt:calendar", "--out", temporary.url.appendingPathComponent("m2").path])
        #expect(matrix.status == 2, "\(matrix.stdout) \(matrix.stderr)")
        // A list word inside a list is named for what it is.
        let run = try runRenderCLI(["lint", "--document", folder.path, "--screens", "prompts,consent"])
        #expect(run.status == 2 && run.stderr.contains("'prompts' (every prompt the app declares") && run.stderr.contains("use 'all'"), "\(run.stderr)")
    }

    /// A dialog-title key only the development region has: unused beside the document's own
    /// heading, and named as "in en only" where a screen would need it.
    @Test func aKeyOnlyTheDevelopmentRegionHasIsNamedAsSuch() throws {
        let folder = try document(accept: #"{ "key": "consent.accept" }, "title": { "key": "consent.title" }"#)
        try Data("\"consent.accept\" = \"Agree\";\n\"consent.title\" = \"Terms\";\n".utf8)
            .write(to: folder.appendingPathComponent("app/en.lproj/Localizable.strings"))
        // de.md has its own heading, so the key is never drawn: the German screen renders.
        _ = try SystemPromptTests.render(folder, language: "de", screen: .consent)
        try Data("Lesen Sie die [Datenschutzerklärung](https://example.com/privacy).\n".utf8).write(to: folder.appendingPathComponent("de.md"))
        #expect { try SystemPromptTests.render(folder, language: "de", screen: .consent) } throws: {
            "\($0)".contains("have no translation of for 'de': the app would show its 'en' text")
        }
    }

    /// A misspelt "key" in a strings entry is no language (it would draw the built-in "Accept").
    @Test func aMisspeltKeyIsNoLanguage() throws {
        for typo in ["kye", "Key", "keys"] {
            let folder = try document(accept: "{ \"\(typo)\": \"consent.accept\" }")
            #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("did you mean \"key\"") }
            try FileManager.default.removeItem(at: folder)
        }
    }

    /// systemStrings' own mistakes name the whole key and the line.
    @Test func systemStringsMistakesNameTheKeyAndLine() throws {
        var folder = try document(systemStrings: #"{ "reminder.title": { "en": "x %@" } }"#)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: {
            "\($0)".contains("unknown key 'reminder.title' (at 'systemStrings.reminder.title'). Did you mean 'reminders.title'?")
        }
        try FileManager.default.removeItem(at: folder)
        folder = try document(systemStrings: #"{ "reminders.title": { "en": "no name" } }"#)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("document.json: line 3, column 43: field 'systemStrings.reminders.title.en'") }
    }

    @Test(arguments: [
        ("%d unread", ["%d"]), ("%1$lld days until the %2$@.", ["%1$lld", "%2$@"]), ("Share with %#@partners@", ["%#@partners@"]),
        ("100% of your data stays here.", []), ("Save 50%.", []), ("%% done", []), ("%.2f km", ["%.2f"]), ("Hello %@!", ["%@"]),
    ])
    func formatSpecifiersAreFound(text: String, found: [String]) {
        #expect(FormatSpecifier.all(in: text) == found)
    }
}
