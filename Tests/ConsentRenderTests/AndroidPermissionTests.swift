import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles
@testable import AndroidFiles

/// Issue 38, slice 1: Android's runtime-permission dialogs (PermissionController's
/// `grant_permissions_material3.xml`), with Android's own words in every language it ships.
@Suite struct AndroidPermissionTests {
    static let document = repositoryRoot.appendingPathComponent("Samples/android-consent")
    static let kinds: [PromptKind] = [.location, .notifications, .camera, .microphone, .contacts, .photos, .bluetooth, .calendar, .phone,
                                      .callLog, .sms, .motion, .mediaLibrary, .bodySensors]

    static func render(_ kind: PromptKind, language: String, device: String = "pixel-9", orientation: Orientation = .portrait,
                       appearance: Appearance = .light, fontScale: FontScale = .one, document: URL = document,
                       renderer: ConsentRenderer) throws -> RenderedPage {
        var request = RenderRequest(folder: try DocumentFolder(url: document, appFiles: AppFileReaders([AndroidAppFiles(), XcodeAppFiles()])),
                                    profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
                                    orientation: orientation, appearance: appearance)
        request.variant.screen = .prompt(kind)
        request.variant.fontScale = fontScale
        return try renderer.render(request)
    }

    /// Every dialog in zh-Hans, en, de and ar with Android's words and buttons, both orientations
    /// and appearances, font scales 1.0 and 2.0: each button where the map says, none missing.
    @Test(arguments: kinds)
    func everyDialogRendersWithAndroidsOwnWords(_ kind: PromptKind) throws {
        let renderer = try ConsentRenderer()
        let dialog = try #require(AndroidPermissionDialog.of(kind))
        let words = try AndroidSystemWords.android14.get()
        for language in ["zh-Hans", "en", "de", "ar"] {
            let strings = try #require(words.strings(for: LanguageTag(language)!))
            for (orientation, appearance, scale) in [(Orientation.portrait, Appearance.light, FontScale.one),
                                                     (.landscape, .dark, FontScale(2.0) ?? .one)] {
                let page = try Self.render(kind, language: language, orientation: orientation, appearance: appearance, fontScale: scale,
                                           renderer: renderer)
                let map = page.linkMap
                #expect(map.platform.name == "android")
                #expect(map.prompt?.kind == kind.rawValue)
                #expect(map.buttons.map(\.role) == dialog.buttons.map(\.role), "\(kind) \(language)")
                #expect(map.buttons.map(\.label) == dialog.buttons.map { strings.strings[$0.key] ?? "?" }, "\(kind) \(language)")
                // The title names the app (its strings.xml's app_name) in the system's sentence.
                #expect(map.prompt?.title.contains("Yunfan Go") == true, "\(kind) \(language): \(map.prompt?.title ?? "")")
                #expect(page.layout.missingCharacters.isEmpty)
                if orientation == .portrait {
                    #expect(map.buttons.allSatisfy { $0.rect.height >= 48 }, "\(kind) \(language): Material's touch target")
                }
            }
        }
    }

    /// The dialog's geometry: a card 95 % of a portrait screen's width less the window's 16 dp
    /// insets, centred, 56 dp buttons 24 dp from its sides, the 12 dp icon gap; the scrim dims.
    @Test func theDialogHasPermissionControllersFigures() throws {
        let page = try Self.render(.camera, language: "en", renderer: try ConsentRenderer())
        let map = page.linkMap
        let screen = map.size.width
        let card = map.dialog
        #expect(abs(card.width - (screen * 0.95 - 32)) < 1, "\(card.width) of \(screen)")
        #expect(abs(card.midX - screen / 2) < 1)
        for button in map.buttons {
            #expect(abs(button.rect.height - 56) < 0.01)
            #expect(abs(button.rect.x - (card.x + 24)) < 1 && abs(button.rect.maxX - (card.maxX - 24)) < 1)
        }
        #expect(map.buttons.map(\.label) == ["While using the app", "Only this time", "Don’t allow"])
        // Black at 60 % over the flat backdrop: the screen's corners are dimmed.
        let corner = page.bitmap.color(x: 5, y: page.bitmap.height / 2)
        #expect(corner.red < 110 && corner.green < 110, "\(corner)")
    }

    /// The location dialog's pictures are the last frames of PermissionController's animations,
    /// each seen through its circle.
    @Test func theLocationPicturesAreItsAnimationsLastFrames() throws {
        for precise in [true, false] {
            for appearance in [Appearance.light, .dark] {
                let image = AndroidLocationImage(precise: precise, selected: precise, appearance: appearance)
                let frame = try image.frame()
                #expect(frame.size == Size(width: 300, height: 300))
                let clip = try #require(frame.clip, "\(image.resourceName)")
                #expect(abs(clip.radius - 149.75) < 1 && abs(clip.center.x - 150) < 1, "\(image.resourceName): \(clip)")
                #expect(frame.paints.count > 20, "\(image.resourceName): \(frame.paints.count)")
                let items = try image.items(in: Rect(x: 0, y: 0, width: 130, height: 130), id: "picture")
                #expect(items.allSatisfy { $0.clipCornerRadius.map { abs($0 - 64.9) < 0.5 } == true }, "\(image.resourceName)")
            }
        }
    }

    /// What the other platform has is refused with the reason; what Android lacks words for needs
    /// `systemStrings`, every missing key named.
    @Test func refusalsAndMissingWordsSayWhy() throws {
        let renderer = try ConsentRenderer()
        #expect { try Self.render(.att, language: "en", renderer: renderer) } throws: {
            "\($0)".contains("App Tracking Transparency is iOS's")
        }
        #expect { try Self.render(.locationAlways, language: "en", renderer: renderer) } throws: {
            "\($0)".contains("settings page")
        }
        #expect { try Self.render(.phone, language: "en", device: "iphone-15-pro", renderer: renderer) } throws: {
            "\($0)".contains("one of Android's permission dialogs; iOS has no such prompt")
        }
        // Welsh: PermissionController ships no strings in it.
        let folder = TemporaryFolder()
        var files = [
            "cy.md": "# Preifatrwydd\n\nDarllenwch y [polisi](https://example.com/privacy).\n",
            "document.json": #"{ "launch": { "appName": "Yunfan" }, "strings": { "accept": { "cy": "Derbyn" }, "decline": { "cy": "Gwrthod" } } }"#,
        ]
        let welsh = folder.folder("welsh", files: files)
        #expect { try Self.render(.notifications, language: "cy", document: welsh, renderer: renderer) } throws: { error in
            let text = "\(error)"
            return text.contains("\"android.notifications.title\": { \"cy\": \"…\" }") && text.contains("\"android.notifications.allow\"")
                && text.contains("\"android.notifications.deny\"")
        }
        files["document.json"] = #"""
            { "launch": { "appName": "Yunfan" }, "strings": { "accept": { "cy": "Derbyn" }, "decline": { "cy": "Gwrthod" } },
              "systemStrings": { "android.notifications.title": { "cy": "Caniatáu i <b>%1$s</b> anfon hysbysiadau atoch?" },
                                 "android.notifications.allow": { "cy": "Caniatáu" }, "android.notifications.deny": { "cy": "Peidio â chaniatáu" } } }
            """#
        let given = folder.folder("given", files: files)
        let page = try Self.render(.notifications, language: "cy", document: given, renderer: renderer)
        #expect(page.linkMap.prompt?.title == "Caniatáu i Yunfan anfon hysbysiadau atoch?")
        #expect(page.linkMap.buttons.map(\.label) == ["Caniatáu", "Peidio â chaniatáu"])
    }

    /// Android's resource folders for device languages, as its resolution picks them.
    @Test func deviceLanguagesReadPermissionControllersFolders() throws {
        let expected: [String: String] = ["zh-Hans": "zh-rCN", "zh-Hant": "zh-rTW", "zh-HK": "zh-rHK", "en": "default", "en-GB": "en-rGB",
                                          "en-NZ": "default", "he": "iw", "id": "in", "pt": "pt-rBR", "pt-PT": "pt-rPT", "es-MX": "es-rUS",
                                          "es": "es", "sr-Latn": "b+sr+Latn", "fil": "tl", "de-AT": "de", "nb": "nb"]
        let words = try AndroidSystemWords.android14.get()
        for (tag, qualifier) in expected {
            #expect(words.strings(for: LanguageTag(tag)!)?.qualifier == qualifier, "\(tag)")
        }
        #expect(words.strings(for: LanguageTag("cy")!) == nil)
        #expect(AndroidSystemWords.languageTag(of: "b+sr+Latn") == "sr-Latn")
        #expect(AndroidSystemWords.languageTag(of: "zh-rCN") == "zh-CN")
        #expect(AndroidSystemWords.languageTag(of: "iw") == "he")
        #expect(words.locales.count == 86)
        // The words are PermissionController's: the app's name bold in the title.
        #expect(words.locales["zh-rCN"]?["permgrouprequest_location"] == "要允许“<b>%1$s</b>”获取此设备的位置信息吗？")
        #expect(words.locales["default"]?["grant_dialog_button_deny"] == "Don\u{2019}t allow")
    }

    /// Path data as SVG and Android's vector drawables write it.
    @Test func pathDataIsRead() throws {
        let square = try VectorPath("M0,0 L10,0 10,10 H0 z")
        #expect(square.subpaths == [[Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]])
        let relative = try VectorPath("m5,5l5-5v10h-5z")
        #expect(relative.subpaths.first?.last == Point(x: 5, y: 10))
        // A half circle from (0, 5) to (10, 5) through (5, 0).
        let arc = try VectorPath("M0,5 A5,5 0 0 1 10,5")
        let points = try #require(arc.subpaths.first)
        #expect(points.allSatisfy { abs(hypot($0.x - 5, $0.y - 5) - 5) < 1e-6 })
        #expect(points.contains { abs($0.y) < 0.1 })
        #expect(throws: VectorPath.SyntaxError.self) { try VectorPath("M0,0 L10") }
        #expect(throws: VectorPath.SyntaxError.self) { try VectorPath("5,5") }
        #expect(throws: VectorPath.SyntaxError.self) { try VectorPath("M0,0 X1,1") }
        for icon in AndroidPermissionIcon.allCases {
            let outline = try icon.outline()
            #expect(outline.viewport.width > 0 && !outline.paths.isEmpty, "\(icon.drawable)")
        }
    }
}

/// Issue 38, slice 5: `--android 15` and `--android 16`, read in AOSP's Permission module at
/// android-15.0.0_r6 and android-16.0.0_r4.
@Suite struct AndroidVersionTests {
    static func render(_ kind: PromptKind, language: String, version: AndroidVersion, fontScale: FontScale = .one) throws -> RenderedPage {
        var request = RenderRequest(folder: try DocumentFolder(url: AndroidPermissionTests.document,
                                                               appFiles: AppFileReaders([AndroidAppFiles(), XcodeAppFiles()])),
                                    profile: try shippedProfiles.profile(id: "pixel-9"), requestedLanguage: language,
                                    orientation: .portrait, appearance: .light)
        request.variant.screen = .prompt(kind)
        request.variant.androidVersion = version
        request.variant.fontScale = fontScale
        return try ConsentRenderer().render(request)
    }

    @Test func eachVersionHasItsButtonsAndWords() throws {
        // 14: 56 dp buttons, a label that needs more cut; 15: they grow with a wrapped label.
        let large = FontScale(2.0) ?? .one
        let fourteen = try Self.render(.location, language: "de", version: .v14, fontScale: large)
        let fifteen = try Self.render(.location, language: "de", version: .v15, fontScale: large)
        #expect(fourteen.linkMap.buttons.allSatisfy { abs($0.rect.height - 56) < 0.01 })
        #expect(fifteen.linkMap.buttons.contains { $0.rect.height > 56 }, "\(fifteen.linkMap.buttons.map(\.rect.height))")
        // 16: Material 3 Expressive: 40 dp slots, each pill 32 dp and fully rounded, filled primary.
        let sixteen = try Self.render(.camera, language: "en", version: .v16)
        #expect(sixteen.linkMap.buttons.allSatisfy { abs($0.rect.height - 40) < 0.01 })
        let pill = try #require(sixteen.layout.items.first { $0.id == "button-allow-while-using" }?.bounds)
        #expect(abs(pill.height - 32) < 0.1)
        #expect(sixteen.linkMap.platform.look == "16" && fourteen.linkMap.platform.look == "14")
        // The words are each version's: Android 16 reworded the Arabic location title.
        let words14 = try AndroidSystemWords.of(.v14), words16 = try AndroidSystemWords.of(.v16)
        #expect(words14.locales["ar"]?["permgrouprequest_location"] != words16.locales["ar"]?["permgrouprequest_location"])
        let arabic16 = try Self.render(.location, language: "ar", version: .v16)
        #expect(arabic16.linkMap.prompt?.title == words16.locales["ar"]?["permgrouprequest_location"]?
            .replacingOccurrences(of: "<b>", with: "").replacingOccurrences(of: "</b>", with: "").replacingOccurrences(of: "%1$s", with: "Yunfan Go"))
    }

    @Test func theVersionIsAnAxisAndiOSRefusesIt() throws {
        let folder = TemporaryFolder()
        let out = folder.url.appendingPathComponent("m")
        let run = try runRenderCLI(["matrix", "--document", "Samples/android-consent", "--devices", "pixel-9", "--languages", "en",
                                    "--screens", "prompt:notifications", "--android", "all", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        for suffix in ["portrait-light/", "portrait-light-android15/", "portrait-light-android16/"] {
            #expect(run.stdout.contains("pixel-9/\(suffix)en-prompt-notifications"), "\(run.stdout)")
        }
        let iphone = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-15-pro", "--language", "en",
                                       "--screen", "prompt:camera", "--android", "16", "--out", folder.url.appendingPathComponent("x.png").path])
        #expect(iphone.status == 2 && iphone.stderr.contains("--android 16 names an Android version"), "\(iphone.stderr)")
        let typo = try runRenderCLI(["render", "--document", "Samples/android-consent", "--device", "pixel-9", "--language", "en",
                                     "--screen", "prompt:camera", "--android", "17", "--out", folder.url.appendingPathComponent("y.png").path])
        #expect(typo.status == 2 && typo.stderr.contains("'17' is not an Android version"), "\(typo.stderr)")
    }
}
