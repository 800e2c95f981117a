import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// iOS's permission prompts, drawn from the app's own Info.plist, `.strings` files and String
/// Catalogs, in the device language.
@Suite struct SystemPromptTests {
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleDevelopmentRegion</key><string>en</string>
            <key>CFBundleDisplayName</key><string>Morning Reads</string>
            <key>NSUserTrackingUsageDescription</key>
            <string>Morning Reads uses your advertising identifier to show ads for books that match what you read.</string>
            <key>NSLocationWhenInUseUsageDescription</key>
            <string>Your location is used to find bookshops near you that have your saved books in stock.</string>
        </dict>
        </plist>
        """

    /// A document folder with an app folder: an XML Info.plist, `ja.lproj/InfoPlist.strings` in
    /// UTF-16 (the display name), an `InfoPlist.xcstrings` (the Japanese purpose string),
    /// `zh-Hant.lproj` and a `Base.lproj`, and `Localizable.xcstrings` for the dialog.
    static func appDocument(in temporary: TemporaryFolder, settings: String? = nil) throws -> URL {
        var files = testAgreement
        files["document.json"] = settings ?? #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" } }"#
        files["ja.md"] = "# 利用規約とプライバシー\n\n朝読をご利用いただきありがとうございます。[プライバシーポリシー](https://books.example.org/ja/privacy)をお読みください。\n"
        let folder = temporary.folder("doc", files: files)
        let app = folder.appendingPathComponent("app")
        for lproj in ["ja.lproj", "zh-Hant.lproj", "en.lproj"] {
            try FileManager.default.createDirectory(at: app.appendingPathComponent(lproj), withIntermediateDirectories: true)
        }
        try Data(infoPlist.utf8).write(to: app.appendingPathComponent("Info.plist"))
        let japanese = "/* 表示名 */\n\"CFBundleDisplayName\" = \"朝読\";\n"
        try (Data([0xFF, 0xFE]) + japanese.data(using: .utf16LittleEndian)!).write(to: app.appendingPathComponent("ja.lproj/InfoPlist.strings"))
        try Data("\"CFBundleDisplayName\" = \"晨讀\";\n\"NSUserTrackingUsageDescription\" = \"晨讀會使用您的廣告識別碼，顯示與您閱讀內容相符的書籍廣告。\";\n".utf8)
            .write(to: app.appendingPathComponent("zh-Hant.lproj/InfoPlist.strings"))
        try Data("\"NSUserTrackingUsageDescription\" = \"Morning Reads uses your advertising identifier to show ads for books that match what you read.\";\n".utf8)
            .write(to: app.appendingPathComponent("en.lproj/InfoPlist.strings"))
        let catalog = """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "NSUserTrackingUsageDescription" : { "localizations" : {
                "ja" : { "stringUnit" : { "state" : "translated", "value" : "朝読は広告識別子を使って、読んでいる本に合った本の広告を表示します。" } } } },
              "consent.accept" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "I agree" } },
                "ja" : { "variations" : { "device" : {
                  "ipad" : { "stringUnit" : { "state" : "translated", "value" : "同意します（iPad）" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "同意します" } } } } } } } } }
            """
        try Data(catalog.utf8).write(to: app.appendingPathComponent("InfoPlist.xcstrings"))
        try Data(catalog.utf8).write(to: app.appendingPathComponent("Localizable.xcstrings"))
        return folder
    }

    static func render(_ folder: URL, language: String, screen: Screen = .prompt(.att), look: SystemLook = .ios26,
                       device: String = "iphone-15-pro", orientation: Orientation = .portrait) throws -> RenderedPage {
        let document = try DocumentFolder(url: folder, appFiles: XcodeAppFiles())
        var request = RenderRequest(folder: document, profile: try shippedProfiles.profile(reference: device), requestedLanguage: language,
                                    orientation: orientation, appearance: .light)
        request.variant.screen = screen
        request.variant.systemLook = look
        return try ConsentRenderer().render(request)
    }

    @Test func japaneseATTPromptTakesTheAppsJapaneseNameAndPurposeAndIOSsJapaneseButtons() throws {
        let temporary = TemporaryFolder()
        let page = try Self.render(try Self.appDocument(in: temporary), language: "ja")
        let map = try #require(page.linkMap.prompt)
        #expect(map.title == "“朝読”が他社のアプリやWebサイトを横断してあなたのアクティビティをトラッキングすることを許可しますか?")
        #expect(map.message == "朝読は広告識別子を使って、読んでいる本に合った本の広告を表示します。")
        #expect(map.infoPlistKey == "NSUserTrackingUsageDescription")
        #expect(map.appLanguage == "ja")
        #expect(map.usesDevelopmentRegion == nil)
        #expect(page.linkMap.buttons.map(\.role) == [.deny, .allow])
        #expect(page.linkMap.buttons.map(\.label) == ["アプリにトラッキングしないように要求", "許可"])
        #expect(page.linkMap.screen == "prompt:att")
        #expect(page.linkMap.ios == 26)
        // The text engine's zero-width break opportunities aside, the title is drawn as mapped.
        #expect(page.layout.title.block.text.replacingOccurrences(of: "\u{200B}", with: "") == map.title)
    }

    @Test func englishATTPromptIsTheReferencesText() throws {
        let temporary = TemporaryFolder()
        let page = try Self.render(try Self.appDocument(in: temporary), language: "en")
        #expect(page.linkMap.prompt?.title == "Allow “Morning Reads” to track your activity across other companies’ apps and websites?")
        #expect(page.linkMap.prompt?.message == "Morning Reads uses your advertising identifier to show ads for books that match what you read.")
        #expect(page.linkMap.buttons.map(\.label) == ["Ask App Not to Track", "Allow"])
    }

    /// The app's texts come from zh-Hant.lproj; iOS's words are Hong Kong's own (the reference has
    /// zh-HK's title and Allow, not its deny button, which the document gives).
    @Test func hongKongChineseFindsTheTraditionalChineseLocalization() throws {
        let temporary = TemporaryFolder()
        let settings = #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" }, "#
            + #""systemStrings": { "att.deny": { "zh-HK": "要求 App 不要追蹤" } } }"#
        let page = try Self.render(try Self.appDocument(in: temporary, settings: settings), language: "zh-HK")
        #expect(page.linkMap.prompt?.title == "允許「晨讀」追蹤你在其他公司的App和網站上的活動嗎？")
        #expect(page.linkMap.prompt?.appLanguage == "zh-Hant")
        #expect(page.linkMap.buttons.map(\.label) == ["要求 App 不要追蹤", "允許"])
    }

    @Test func aLanguageTheAppLacksShowsTheDevelopmentRegionsTextWithAWarning() throws {
        let temporary = TemporaryFolder()
        let settings = #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" }, "#
            + #""systemStrings": { "att.title": { "de": "Darf „%@“ deine Aktivitäten in Apps und auf Websites anderer Unternehmen erfassen?" }, "#
            + #""att.deny": { "de": "App bitten, kein Tracking durchzuführen" }, "att.allow": { "de": "Erlauben" } } }"#
        let page = try Self.render(try Self.appDocument(in: temporary, settings: settings), language: "de")
        #expect(page.linkMap.prompt?.title == "Darf „Morning Reads“ deine Aktivitäten in Apps und auf Websites anderer Unternehmen erfassen?")
        #expect(page.linkMap.prompt?.message.hasPrefix("Morning Reads uses") == true)
        #expect(page.linkMap.prompt?.usesDevelopmentRegion == true)
        #expect(page.warnings.contains { $0.contains("NSUserTrackingUsageDescription") && $0.contains("'de'") })
    }

    @Test func aPromptWithoutItsPurposeStringIsRefusedNamingTheKey() throws {
        let temporary = TemporaryFolder()
        #expect {
            try Self.render(try Self.appDocument(in: temporary), language: "en", screen: .prompt(.camera))
        } throws: { error in
            guard case let PromptError.missingPurposeString(_, key, _, _, _) = error else { return false }
            return key == "NSCameraUsageDescription" && "\(error)".contains("terminates")
        }
    }

    @Test func aLanguageWithoutIOSsWordsListsEveryMissingKeyAtOnce() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        // Swahili: the reference has no words in it at all.
        #expect {
            try Self.render(folder, language: "sw")
        } throws: { error in
            guard case let PromptError.missingSystemStrings(prompt, language, missing, _) = error else { return false }
            let message = "\(error)"
            return prompt == "att" && language == "sw" && missing.map(\.key) == ["att.title", "att.deny", "att.allow"]
                && missing.allSatisfy { $0.reason == .unknownLanguage }
                && message.contains(#""att.title": { "sw": "…" }"#) && message.contains("systemStrings")
        }
        // Thai: the title and Allow are built in; "Ask App Not to Track" has no source in it.
        #expect {
            try Self.render(folder, language: "th")
        } throws: { error in
            guard case let PromptError.missingSystemStrings(_, _, missing, _) = error else { return false }
            return missing == [MissingWord(key: "att.deny", reason: .noSource(anyLanguage: true))]
                && "\(error)".contains("att.deny: no source of the reference gives it in this language")
                && !"\(error)".contains("att.title")
        }
    }

    @Test func theCommandLineRefusesBothWithExit2AndWritesNothing() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        for (language, screen, words) in [("en", "prompt:camera", "NSCameraUsageDescription"), ("sw", "prompt:att", "systemStrings")] {
            let out = temporary.url.appendingPathComponent("out-\(language).png")
            let run = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--language", language,
                                        "--screen", screen, "--out", out.path])
            #expect(run.status == 2)
            #expect(run.stderr.contains(words))
            #expect(!FileManager.default.fileExists(atPath: out.path))
            #expect(!FileManager.default.fileExists(atPath: out.deletingPathExtension().appendingPathExtension("links.json").path))
        }
    }

    @Test func aPromptWithoutAppFilesSaysHowToGiveThem() throws {
        let temporary = TemporaryFolder()
        let folder = temporary.folder("plain", files: testAgreement)
        #expect {
            try Self.render(folder, language: "en")
        } throws: { error in
            guard case PromptError.noAppFiles = error else { return false }
            return "\(error)".contains("--app-info")
        }
    }

    @Test func dialogStringsCanNameKeysOfTheAppsLocalizableStrings() throws {
        let temporary = TemporaryFolder()
        let settings = #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" }, "#
            + #""strings": { "accept": { "key": "consent.accept" } } }"#
        let folder = try Self.appDocument(in: temporary, settings: settings)
        let english = try Self.render(folder, language: "en", screen: .consent)
        #expect(english.linkMap.buttons.first { $0.role == .accept }?.label == "I agree")
        // The catalog's device variation: an iPad gets its own text.
        let iPad = try Self.render(folder, language: "ja", screen: .consent, device: "ipad-pro-13")
        #expect(iPad.linkMap.buttons.first { $0.role == .accept }?.label == "同意します（iPad）")

        let missing = #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" }, "#
            + #""strings": { "decline": { "key": "consent.nope" } } }"#
        let other = TemporaryFolder()
        #expect {
            try Self.render(try Self.appDocument(in: other, settings: missing), language: "en", screen: .consent)
        } throws: { error in
            guard case let PromptError.missingLocalizableKey(field, key, _, _, _, _, _, _, _) = error else { return false }
            return field == "decline" && key == "consent.nope"
        }
    }

    @Test func theTwoLooksFollowTheReferencesMeasurements() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        let glass = try Self.render(folder, language: "en")
        #expect(glass.linkMap.dialog.width == 320)
        #expect(glass.layout.dialog.cornerRadius == 35)
        // ATT stacks its buttons, 48-pt capsules 16 pt inside the alert, 8 pt apart.
        let buttons = glass.linkMap.buttons.map(\.rect)
        #expect(buttons.allSatisfy { $0.height == 48 && $0.width == 288 })
        #expect(abs(buttons[1].y - buttons[0].maxY - 8) < 0.01)
        #expect(abs(glass.linkMap.dialog.maxY - buttons[1].maxY - 16) < 0.4)
        #expect(glass.layout.title.block.alignment == .leading)

        let classic = try Self.render(folder, language: "en", screen: .prompt(.notifications), look: .ios18)
        #expect(classic.linkMap.dialog.width == 270)
        #expect(classic.layout.dialog.cornerRadius == 14)
        #expect(classic.linkMap.ios == 18)
        #expect(classic.layout.title.block.alignment == .center)
        // Notifications: "Don’t Allow" and "Allow" side by side, 44 pt, split by a hairline.
        let pair = classic.linkMap.buttons
        #expect(pair.map(\.role) == [.deny, .allow])
        #expect(pair[0].rect.y == pair[1].rect.y && pair[0].rect.height == 44 && pair[0].rect.maxX <= pair[1].rect.x + 0.01)
        #expect(classic.layout.item("separator-0") != nil)
        #expect(classic.linkMap.prompt?.message == "Notifications may include alerts, sounds, and icon badges. These can be configured in Settings.")
    }

    @Test func locationShowsThreeChoicesOverAMapWithPreciseOn() throws {
        let temporary = TemporaryFolder()
        let page = try Self.render(try Self.appDocument(in: temporary), language: "en", screen: .prompt(.location))
        #expect(page.linkMap.buttons.map(\.role) == [.allowOnce, .allowWhileUsing, .deny])
        #expect(page.linkMap.buttons.map(\.label) == ["Allow Once", "Allow While Using App", "Don’t Allow"])
        let land = try #require(page.layout.item("map-land")?.bounds)
        #expect(land.maxY <= page.linkMap.buttons[0].rect.minY)
        #expect(page.layout.text("map-precise-label")?.block.text == "Precise: On")
        #expect(page.layout.item("map-land")?.clipCornerRadius == 19)
    }

    @Test func sideBySideButtonsMirrorInRightToLeftLanguages() throws {
        let temporary = TemporaryFolder()
        let settings = #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" }, "#
            + #""systemStrings": { "notifications.title": { "ar": "يريد „%@“ أن يرسل لك إشعارات" }, "#
            + #""notifications.message": { "ar": "قد تتضمن الإشعارات تنبيهات وأصواتًا وشارات أيقونات." }, "#
            + #""notifications.deny": { "ar": "عدم السماح" }, "notifications.allow": { "ar": "سماح" } } }"#
        let page = try Self.render(try Self.appDocument(in: temporary, settings: settings), language: "ar", screen: .prompt(.notifications))
        let deny = try #require(page.linkMap.buttons.first { $0.role == .deny }), allow = try #require(page.linkMap.buttons.first { $0.role == .allow })
        #expect(deny.rect.y == allow.rect.y)
        #expect(deny.rect.x > allow.rect.x)
    }

    @Test func aPromptCanBeDrawnOverAnotherDocumentsScreen() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        let document = try DocumentFolder(url: folder, appFiles: XcodeAppFiles())
        let explainer = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/att-explainer"), appFiles: XcodeAppFiles())
        var request = RenderRequest(folder: document, profile: try shippedProfiles.profile(reference: "iphone-15-pro"),
                                    requestedLanguage: "en", orientation: .portrait, appearance: .light)
        request.variant.screen = .prompt(.att)
        let renderer = try ConsentRenderer()
        let flat = try renderer.render(request)
        request.over = explainer.content
        let over = try renderer.render(request)
        #expect(over.layout.item("app-backdrop") != nil)
        #expect(flat.layout.item("app-backdrop") == nil)
        // The explainer's page shows through the dim above the alert: the pixels differ there.
        let y = Int(over.linkMap.dialog.y * 3) - 200
        let row = (0..<over.bitmap.width).map { over.bitmap.pixels[y * over.bitmap.width + $0] }
        let flatRow = (0..<flat.bitmap.width).map { flat.bitmap.pixels[y * flat.bitmap.width + $0] }
        #expect(row != flatRow)
    }

    @Test func theLinkMapOfAConsentScreenHasNoPromptFields() throws {
        let temporary = TemporaryFolder()
        let page = try Self.render(try Self.appDocument(in: temporary), language: "en", screen: .consent)
        let json = String(decoding: try page.linkMap.jsonData(), as: UTF8.self)
        #expect(!json.contains("\"look\"") && !json.contains("\"screen\"") && !json.contains("\"prompt\""))
        #expect(page.linkMap.platform.name == "ios" && page.linkMap.platform.look == nil && page.linkMap.platform.prompt == nil)
    }

    @Test func cellNamesAndAxesFollowTheNamingRule() {
        let variant = RenderVariant(device: "iphone-15-pro", language: "ja", screen: .prompt(.att), systemLook: .ios18)
        #expect(variant.folderName == "portrait-light-ios18")
        #expect(variant.path == "iphone-15-pro/portrait-light-ios18/ja-prompt-att")
        let axes = VariantAxes(devices: ["d"], languages: ["en"], states: [.initial, .declineConfirm],
                               screens: [.consent, .prompt(.att)], systemLooks: [.ios26, .ios18])
        let paths = axes.variants.map(\.path)
        // The consent screen once (its look does not change it), each in both states; a prompt in
        // each look, over the first state only.
        #expect(paths.sorted() == ["d/portrait-light-ios18/en-prompt-att", "d/portrait-light/en", "d/portrait-light/en-decline-confirm",
                                   "d/portrait-light/en-prompt-att"])
        #expect(Screen(name: "PROMPT:ATT") == .prompt(.att))
        #expect(Screen(name: "prompt:calendar") == .prompt(.calendar))
        #expect(Screen(name: "prompt:calendars") == nil)
        #expect(SystemLook(name: "iOS 18") == .ios18)
    }

    @Test func purposeStringsAreLintedForEveryLanguageOfTheDocument() throws {
        let temporary = TemporaryFolder()
        let document = try DocumentFolder(url: try Self.appDocument(in: temporary), appFiles: XcodeAppFiles())
        let app = try #require(document.content.app)
        let findings = PromptLint(app: app, languages: document.languages, prompts: [.att, .camera]).findings()
        // No camera purpose string: an error.
        #expect(findings.contains { $0.rule == "prompt.purpose-present" && $0.severity == .error && $0.message.contains("NSCameraUsageDescription") })
        // zh-Hans has no translation of either purpose string, zh-Hant none of the location one:
        // warnings; en (the development region) and ja (its catalog) are translated.
        let localized = findings.filter { $0.rule == "prompt.purpose-localized" }.map { "\($0.language) \($0.element)" }
        #expect(Set(localized) == ["zh-Hans NSUserTrackingUsageDescription", "zh-Hans NSLocationWhenInUseUsageDescription",
                                   "zh-Hant NSLocationWhenInUseUsageDescription", "ja NSLocationWhenInUseUsageDescription"])
        #expect(!findings.contains { $0.rule == "prompt.purpose-specific" })
    }

    @Test(arguments: [
        ("We need your location.", "en", true),
        ("This app needs access to your camera.", "en", true),
        ("Location is required to improve your experience.", "en", true),
        ("Your location is used to suggest nearby pick-up points.", "en", false),
        ("We need access to your camera to scan the QR code on a bike.", "en", false),
        ("需要使用您的位置", "zh-Hans", true),
        ("为了提升用户体验，我们需要获取您的位置信息", "zh-Hans", true),
        ("我们需要您的位置，用于推荐附近的上车点", "zh-Hans", false),
        ("現在地は、近くの乗車地点の提案に使用します。", "ja", false),
        ("This app needs your location to improve your overall experience.", "en", true),
        ("Location access is required for this app to function properly.", "en", true),
        ("Your location is required to improve the user experience of the app.", "en", true),
        ("We use your location when you book a ride, to set your pick-up point.", "en", false),
        ("Photos you choose are attached to your support request so our team can see the problem.", "en", false),
        // Issue 31 fault 7: a "needs" that goes on to say what for passes, in each language's own words.
        ("IceCubes需要访问您的麦克风才能拨打和接听电话。", "zh-Hans", false),
        ("本应用需要获取您的位置信息才能正常使用。", "zh-Hans", true),
        ("周辺の地図を表示するための位置情報が必要です。", "ja", false),
        ("位置情報へのアクセスが必要です。", "ja", true),
        ("주변 승차 지점을 추천하기 위해 위치를 사용합니다.", "ko", false),
        ("위치 정보 접근 권한이 필요합니다.", "ko", true),
        ("Die App benötigt deinen Standort, um Abholpunkte in deiner Nähe zu zeigen.", "de", false),
        ("Die App benötigt Zugriff auf deinen Standort.", "de", true),
        ("L’application a besoin d’accéder à votre position.", "fr", true),
        ("Votre position sert à proposer les points de retrait les plus proches.", "fr", false),
        ("La aplicación necesita acceder a tu ubicación.", "es", true),
        ("Приложению необходим доступ к вашей геопозиции.", "ru", true),
        // Short ones that say what for pass (DuckDuckGo's, IceCubes'); under 20 letters is too short.
        ("Allows you to unlock using Face ID", "en", false),
        ("Upload photos & videos to Mastodon", "en", false),
        ("Teile deinen Standort", "de", true),
        ("Needed for scans.", "en", true),
        // Script-aware length: seven Han characters are 17.5 Latin letters' worth, too few; ten are enough.
        ("推荐附近上车点", "zh-Hans", true),
        ("用于推荐附近的上车点", "zh-Hans", false),
    ])
    func vaguePurposeStringsAreFound(text: String, language: String, vague: Bool) {
        #expect((PromptLint.vagueness(of: text, language: language) != nil) == vague)
    }

    @Test func lintAndMatrixTakeScreensAndLooks() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        let one = ["--devices", "iphone-15-pro", "--languages", "en", "--orientations", "portrait", "--appearances", "light"]
        let lint = try runRenderCLI(["lint", "--document", folder.path, "--screens", "prompt:camera,prompt:att"] + one)
        #expect(lint.status == 1, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("error prompt.purpose-present"))
        #expect(lint.stdout.contains("NSCameraUsageDescription"))
        // Only the languages asked for are checked: en has every purpose string.
        #expect(!lint.stdout.contains("prompt.purpose-localized"))

        let out = temporary.url.appendingPathComponent("matrix")
        let matrix = try runRenderCLI(["matrix", "--document", folder.path, "--out", out.path, "--screens", "consent,prompt:att",
                                       "--ios", "both"] + one)
        #expect(matrix.status == 0, "\(matrix.stderr)")
        for path in ["iphone-15-pro/portrait-light/en.png", "iphone-15-pro/portrait-light/en-prompt-att.png",
                     "iphone-15-pro/portrait-light-ios18/en-prompt-att.png"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("iphone-15-pro/portrait-light-ios18/en.png").path))

        let typo = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--language", "en",
                                     "--screen", "promt:att", "--out", temporary.url.appendingPathComponent("t.png").path])
        #expect(typo.status == 2 && typo.stderr.contains("Did you mean prompt:att?"))
        let iosOnConsent = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--language", "en",
                                             "--ios", "18", "--out", temporary.url.appendingPathComponent("t.png").path])
        #expect(iosOnConsent.status == 2 && iosOnConsent.stderr.contains("--screen prompt:att"))
    }

    @Test(arguments: [("iphone-15-pro", Orientation.landscape, ContentSizeCategory.large, SystemLook.ios26),
                      ("iphone-15-pro", .portrait, .accessibility5, .ios26), ("iphone-se-3", .portrait, .accessibility5, .ios18),
                      ("iphone-se-3", .landscape, .accessibility3, .ios18), ("iphone-15-pro", .landscape, .accessibility5, .ios26)])
    func anAlertTallerThanTheScreenKeepsItsButtonsAndScrollsItsHeader(device: String, orientation: Orientation,
                                                                       size: ContentSizeCategory, look: SystemLook) throws {
        let temporary = TemporaryFolder()
        let document = try DocumentFolder(url: try Self.appDocument(in: temporary), appFiles: XcodeAppFiles())
        let profile = try shippedProfiles.profile(reference: device)
        var request = RenderRequest(folder: document, profile: profile, requestedLanguage: "ja", orientation: orientation, appearance: .light)
        request.variant.screen = .prompt(.location)
        request.variant.systemLook = look
        request.variant.textSize = size
        request.content.settings.systemStrings = ["location.title": ["ja": "“%@”に位置情報の使用を許可しますか?"],
                                                  "location.allow-once": ["ja": "1度だけ許可"], "location.allow-while-using": ["ja": "Appの使用中は許可"],
                                                  "location.deny": ["ja": "許可しない"], "location.precise": ["ja": "正確な位置情報: オン"]]
        let page = try ConsentRenderer().render(request)
        let safe = page.layout.safeRect
        let alert = page.linkMap.dialog
        #expect(alert.minY >= safe.minY - 0.01 && alert.maxY <= safe.maxY + 0.01, "\(alert) in \(safe)")
        // The title is cut by the header's scroll view, never drawn outside the alert.
        let title = try #require(page.layout.item("title"))
        #expect(title.clip != nil && title.clip!.maxY <= alert.maxY)
        #expect(page.layout.semantics.body.indicatorID?.id == "scroll-indicator")
        // The first button stays inside the alert, and every button's rect is where it shows.
        let first = try #require(page.linkMap.buttons.first)
        #expect(first.rect.minY >= alert.minY && first.rect.minY < alert.maxY)
        for button in page.linkMap.buttons { #expect(button.rect.maxY <= alert.maxY + 0.01) }
        // At least the title's first line shows whole.
        let firstLine = try ConsentRenderer().measure(try #require(page.layout.text("title")).block).lines[0]
        #expect(title.clip!.height + 0.01 >= firstLine.maxY)
    }

    @Test func aPurposeStringOnlyInATranslationIsNoPurposeString() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        let plist = folder.appendingPathComponent("app/Info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8)
        try text.replacingOccurrences(of: "<key>NSUserTrackingUsageDescription</key>", with: "<key>Unused</key>")
            .write(to: plist, atomically: true, encoding: .utf8)
        // zh-Hant.lproj still translates it; iOS reads the Info.plist's own key.
        #expect(throws: PromptError.self) { try Self.render(folder, language: "zh-Hant") }
    }

    @Test func overADocumentWithoutTheLanguageIsRefused() throws {
        let temporary = TemporaryFolder()
        let document = try DocumentFolder(url: try Self.appDocument(in: temporary), appFiles: XcodeAppFiles())
        var request = RenderRequest(folder: document, profile: try shippedProfiles.profile(reference: "iphone-15-pro"),
                                    requestedLanguage: "ko", orientation: .portrait, appearance: .light)
        request.variant.screen = .prompt(.att)
        request.over = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/att-explainer"), appFiles: XcodeAppFiles()).content
        #expect {
            try ConsentRenderer().render(request)
        } throws: { error in
            guard case let PromptError.overLacksLanguage(_, language, shown, _) = error else { return false }
            return language == "ko" && shown == "en"
        }
    }

    @Test func aKeyEntryTakesNoTextsAndALocalizableFallbackIsRefused() throws {
        let both = #"{ "strings": { "accept": { "key": "consent.accept", "de": "Ja" } } }"#
        #expect {
            try DocumentSettings.decode(Data(both.utf8), source: "document.json")
        } throws: { error in "\(error)".contains("not both") }

        // zh-Hant's document with a key the app has only in English (its development region).
        let temporary = TemporaryFolder()
        let settings = #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist", "localizations": "app" }, "#
            + #""strings": { "accept": { "key": "consent.accept" } } }"#
        let folder = try Self.appDocument(in: temporary, settings: settings)
        #expect {
            try Self.render(folder, language: "zh-Hant", screen: .consent)
        } throws: { error in
            guard case let PromptError.missingLocalizableKey(field, _, language, _, _, _, _, _, _) = error else { return false }
            return field == "accept" && language == "zh-Hant"
        }
    }

    @Test func theAppsTextsFollowThePreferenceListAndAnEmptyPurposeIsNone() throws {
        let temporary = TemporaryFolder()
        let folder = try Self.appDocument(in: temporary)
        // iOS in Korean (built-in ATT words), the app's first language in the list it has: Japanese.
        let page = try Self.render(folder, language: "ko,ja")
        #expect(page.linkMap.buttons.map(\.label) == ["앱에 추적 금지 요청", "허용"])
        #expect(page.linkMap.prompt?.appLanguage == "ja" && page.linkMap.prompt?.usesDevelopmentRegion == nil)
        #expect(page.linkMap.prompt?.title.contains("朝読") == true)

        let plist = folder.appendingPathComponent("app/Info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8)
        try text.replacingOccurrences(of: "<string>Your location is used to find bookshops near you that have your saved books in stock.</string>",
                                      with: "<string>  </string>").write(to: plist, atomically: true, encoding: .utf8)
        #expect(throws: PromptError.self) { try Self.render(folder, language: "en", screen: .prompt(.location)) }
        let app = try #require(try DocumentFolder(url: folder, appFiles: XcodeAppFiles()).content.app)
        let findings = PromptLint(app: app, languages: ["en"], prompts: [.location]).findings()
        #expect(findings.contains { $0.rule == "prompt.purpose-present" })
    }
}
