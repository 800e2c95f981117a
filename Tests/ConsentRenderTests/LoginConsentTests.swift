import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 35, point 1: the login-consent template (a login page with the agreement line and its
/// box), its states, its link map and its lint.
@Suite struct LoginConsentTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer
    let phone = repositoryRoot.appendingPathComponent("Samples/login-consent")
    let oneTap = repositoryRoot.appendingPathComponent("Samples/login-one-tap")

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ documents: URL, _ language: String, device: String = "iphone-15-pro", _ orientation: Orientation = .portrait,
                state: ScreenState = .initial, appearance: Appearance = .light) throws -> RenderedPage {
        try renderFolder(documents, with: renderer, language: language, device: device, orientation: orientation, appearance: appearance,
                         state: state)
    }

    /// A login document of one language file and these `login` settings.
    func document(_ name: String, language: String = "zh-Hans", markdown: String, login: String = "{}") -> URL {
        folder.folder(name, files: ["\(language).md": markdown, "document.json": #"{ "template": "login-consent", "login": \#(login) }"#])
    }

    /// The agreement line with a box in each of the four languages the rules are tested in.
    static let boxLines: [(language: String, markdown: String)] = [
        ("zh-Hans", "# 欢迎登录\n\n- [ ] 我已阅读并同意[《用户协议》](https://yunfan.cn/terms)和[《隐私政策》](https://yunfan.cn/privacy)\n"),
        ("en", "# Log in\n\n- [ ] I have read and agree to the [Terms](https://yunfan.cn/terms) and the [Privacy Policy](https://yunfan.cn/privacy)\n"),
        ("fr", "# Connexion\n\n- [ ] J’ai lu et j’accepte les [conditions](https://yunfan.cn/terms) et la [politique de confidentialité](https://yunfan.cn/privacy)\n"),
        ("de", "# Anmelden\n\n- [ ] Ich habe die [Bedingungen](https://yunfan.cn/terms) und die [Datenschutzerklärung](https://yunfan.cn/privacy) gelesen und stimme zu\n"),
    ]

    func findings(_ page: RenderedPage, _ rule: LintRule) -> [LintFinding] {
        renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == rule }
    }

    @Test func theLinkMapGivesTheBoxEachLinkAndTheButtons() throws {
        for language in ["zh-Hans", "zh-Hant", "en", "de"] {
            let page = try render(phone, language)
            #expect(page.linkMap.template == "login-consent")
            let boxes = try #require(page.linkMap.checkboxes)
            #expect(boxes.count == 1 && boxes[0].checked == false && boxes[0].visible, "\(language): the box, unticked and on screen")
            let box = try #require(boxes[0].rect)
            #expect(box.width == 16 && box.height == 16)
            #expect(page.linkMap.links.count == 2 && page.linkMap.links.allSatisfy { !$0.rects.isEmpty })
            // The box sits beside the first line of the agreement, on its leading side.
            let firstLink = try #require(page.linkMap.links.first?.rects.first)
            #expect(box.maxX < firstLink.minX)
            let roles = page.linkMap.buttons.map(\.role)
            #expect(roles.first == .login && roles.filter { $0 == .loginMethod }.count == 3, "\(language): \(roles)")
            // The box is drawn where the map says: a grey ring, white inside.
            let pixels = box.pixelRect(scale: 3)
            let ring = page.bitmap.color(x: pixels.x + 1, y: pixels.y + pixels.height / 2)
            #expect(ring.red < 230, "\(language): the ring at the box's edge")
            #expect(page.bitmap.color(x: pixels.x + pixels.width / 2, y: pixels.y + pixels.height / 2) == Color(hex: "#FFFFFF"))
        }
    }

    @Test func tickedFillsTheBoxWithTheAccentAndIsNotPreTicked() throws {
        let page = try render(phone, "zh-Hans", state: .ticked)
        #expect(page.linkMap.state == "ticked")
        let box = try #require(page.linkMap.checkboxes?.first)
        #expect(box.checked)
        let pixels = try #require(box.rect).pixelRect(scale: 3)
        let centre = page.bitmap.color(x: pixels.x + 8, y: pixels.y + pixels.height / 2)
        #expect(centre.blue > 200 && centre.red < 60, "the accent fill")
        #expect(findings(page, .preTicked).isEmpty, "ticked by the user, not for them")
    }

    @Test func aBoxTickedInTheMarkdownIsPreTickedInEveryLanguage() throws {
        for (language, markdown) in Self.boxLines {
            let ticked = document("pre-ticked-\(language)", language: language, markdown: markdown.replacingOccurrences(of: "- [ ]", with: "- [x]"))
            let found = findings(try render(ticked, language), .preTicked)
            #expect(found.count == 1 && found[0].severity == .error, "\(language): \(found)")
            let clean = document("unticked-\(language)", language: language, markdown: markdown)
            #expect(findings(try render(clean, language), .preTicked).isEmpty, "\(language)")
        }
    }

    @Test func eachAnswerToAnUntickedLoginIsDrawn() throws {
        // toast: a dark box with the words in the middle of the screen.
        let toast = try render(phone, "zh-Hans", state: .tappedUnticked)
        #expect(toast.layout.text("toast-text")?.block.text == "请先阅读并勾选同意协议")
        let initial = try render(phone, "zh-Hans")
        #expect(initial.layout.item("toast") == nil)
        #expect(toast.linkMap.checkboxes?.first?.checked == false)

        // shake: the line at its furthest point, the ring red.
        let shake = document("shake", markdown: Self.boxLines[0].markdown, login: #"{ "whenUnticked": "shake" }"#)
        let shaken = try render(shake, "zh-Hans", state: .tappedUnticked)
        let still = try render(shake, "zh-Hans")
        let moved = try #require(shaken.linkMap.checkboxes?.first?.rect), place = try #require(still.linkMap.checkboxes?.first?.rect)
        #expect(moved.minX == place.minX + 8 && moved.minY == place.minY)
        let edge = moved.pixelRect(scale: 3)
        let red = shaken.bitmap.color(x: edge.x + 1, y: edge.y + edge.height / 2)
        #expect(red.red > 200 && red.green < 140, "the ring turns red: \(red)")

        // dialog: the page under the scrim, a dialog with the agreements' links and a real choice.
        let dialog = try render(oneTap, "zh-Hans", state: .tappedUnticked)
        #expect(Set(dialog.linkMap.buttons.map(\.role)) == [.accept, .decline])
        #expect(dialog.linkMap.links.map(\.text) == ["《中国移动认证服务条款》", "《用户协议》", "《隐私政策》"])
        #expect(renderer.lint(dialog, device: "iphone-15-pro").filter { $0.severity == .error }.isEmpty)

        // disabled: the button dimmed until the box is ticked (and exempt from the contrast rules).
        let disabled = document("disabled", markdown: Self.boxLines[0].markdown, login: #"{ "whenUnticked": "disabled" }"#)
        let inert = try render(disabled, "zh-Hans")
        #expect(inert.linkMap.buttons.first { $0.role == .login }?.disabled == true)
        #expect(renderer.lint(inert, device: "iphone-15-pro").filter { $0.rule.rawValue.hasPrefix("contrast.") }.isEmpty)
        let live = try render(disabled, "zh-Hans", state: .ticked)
        #expect(live.linkMap.buttons.first { $0.role == .login }?.disabled == nil)
        let dimFill = inert.layout.buttons.first { $0.role == .login }?.fill, fill = live.layout.buttons.first { $0.role == .login }?.fill
        #expect(dimFill != nil && dimFill!.alpha < fill!.alpha)
    }

    @Test func loginThatProceedsUntickedIsAnErrorInEveryLanguage() throws {
        for (language, markdown) in Self.boxLines {
            let proceeds = document("proceeds-\(language)", language: language, markdown: markdown, login: #"{ "whenUnticked": "proceeds" }"#)
            let found = findings(try render(proceeds, language), .loginUntickedProceeds)
            #expect(found.count == 1 && found[0].severity == .error && found[0].message.contains("records no consent"), "\(language)")
            for answer in ["toast", "shake", "dialog", "disabled"] {
                let fine = document("\(answer)-\(language)", language: language, markdown: markdown, login: #"{ "whenUnticked": "\#(answer)" }"#)
                #expect(findings(try render(fine, language), .loginUntickedProceeds).isEmpty, "\(language) \(answer)")
            }
            let error = #expect(throws: TemplateError.self) { try render(proceeds, language, state: .tappedUnticked) }
            #expect(error?.description.contains("no screen to draw") == true)
        }
    }

    @Test func aNoticeWithoutABoxWarnsOnceInEveryLanguage() throws {
        // Words that say logging in is agreement: text.bundled-consent says so, and login.no-box stays quiet.
        let bundled = [("zh-Hans", "登录即代表您同意[《用户协议》](https://yunfan.cn/t)和[《隐私政策》](https://yunfan.cn/p)"),
                       ("en", "By logging in, you agree to our [Terms](https://yunfan.cn/t) and [Privacy Policy](https://yunfan.cn/p)."),
                       ("fr", "En vous connectant, vous acceptez nos [conditions](https://yunfan.cn/t) et notre [politique de confidentialité](https://yunfan.cn/p)."),
                       ("de", "Mit der Anmeldung stimmen Sie unseren [Bedingungen](https://yunfan.cn/t) und der [Datenschutzerklärung](https://yunfan.cn/p) zu.")]
        for (language, line) in bundled {
            let page = try render(document("bundled-\(language)", language: language, markdown: "# Login\n\n\(line)\n"), language)
            #expect(findings(page, .bundledConsent).count == 1, "\(language)")
            #expect(findings(page, .loginNoBox).isEmpty, "\(language): one warning for one fault")
            #expect(page.linkMap.checkboxes == nil)
        }
        // A notice whose words do not say it: login.no-box does.
        let plain = [("zh-Hans", "[《用户协议》](https://yunfan.cn/t) [《隐私政策》](https://yunfan.cn/p)"),
                     ("en", "[Terms](https://yunfan.cn/t) · [Privacy Policy](https://yunfan.cn/p)"),
                     ("fr", "[Conditions](https://yunfan.cn/t) · [Politique de confidentialité](https://yunfan.cn/p)"),
                     ("de", "[Bedingungen](https://yunfan.cn/t) · [Datenschutzerklärung](https://yunfan.cn/p)")]
        for (language, line) in plain {
            let page = try render(document("notice-\(language)", language: language, markdown: "# Login\n\n\(line)\n"), language)
            let found = findings(page, .loginNoBox)
            #expect(found.count == 1 && found[0].severity == .warning, "\(language): \(found)")
        }
        // A box: neither.
        for (language, markdown) in Self.boxLines {
            let page = try render(document("box-\(language)", language: language, markdown: markdown), language)
            #expect(findings(page, .loginNoBox).isEmpty && findings(page, .bundledConsent).isEmpty, "\(language)")
        }
    }

    @Test func aNoticeHasNoTickedState() throws {
        let notice = document("notice", markdown: "# 欢迎登录\n\n登录即代表您同意[《隐私政策》](https://yunfan.cn/p)\n")
        for state in [ScreenState.ticked, .tappedUnticked] {
            let error = #expect(throws: TemplateError.self) { try render(notice, "zh-Hans", state: state) }
            #expect(error?.description.contains("write it as a task-list item") == true)
        }
    }

    @Test func aBodyThatIsMoreThanTheAgreementLineIsRefusedWithTheFix() throws {
        let cases = [("heading", "# T\n\n## Section\n\nText\n", "a heading"),
                     ("two-boxes", "# T\n\n- [ ] One\n- [ ] Two\n", "a task list of 2 items"),
                     ("table", "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", "a table")]
        for (name, markdown, reason) in cases {
            let error = #expect(throws: TemplateError.self) { try render(document(name, language: "en", markdown: markdown), "en") }
            #expect(error?.description.contains(reason) == true, "\(name): \(error?.description ?? "")")
            #expect(error?.description.contains("Fix: give the body only the agreement line") == true)
        }
    }

    @Test func badLoginSettingsAreErrorsNamingTheField() throws {
        func error(_ settings: String, files: [String: String] = [:]) -> String {
            var all = files
            all["en.md"] = "# T\n\n- [ ] I agree to the [Privacy Policy](https://yunfan.cn/p)\n"
            all["document.json"] = settings
            let url = folder.folder("bad-\(abs(settings.hashValue))", files: all)
            do {
                _ = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(error(#"{ "template": "login-consent", "login": { "method": "one_tap" } }"#).contains("did you mean one-tap"))
        #expect(error(#"{ "template": "login-consent", "login": { "whenUnticked": "toasts" } }"#).contains("did you mean toast"))
        #expect(error(#"{ "login": { "method": "phone" } }"#).contains("only the login-consent template draws a login page"))
        #expect(error(#"{ "template": "login-consent", "login": { "maskedNumber": " " } }"#).contains("login.maskedNumber"))
        let six = Array(repeating: #"{ "label": "X" }"#, count: 6).joined(separator: ", ")
        #expect(error(#"{ "template": "login-consent", "login": { "otherMethods": [\#(six)] } }"#).contains("5 at most"))
        let missing = error(#"{ "template": "login-consent", "login": { "otherMethods": [{ "label": "X", "icon": "x.png" }] } }"#)
        #expect(missing.contains("login.otherMethods[0].icon") && missing.contains("no such file"), "\(missing)")
        #expect(error(#"{ "template": "login-consent", "login": { "methd": "phone" } }"#).contains("method"))
    }

    @Test func everyLoginKeyTheSchemaHasDecodes() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: repositoryRoot.appendingPathComponent("Schemas/document.schema.json")))
        let root = try #require(schema as? [String: Any])
        let properties = try #require(root["properties"] as? [String: Any])
        let login = try #require(properties["login"] as? [String: Any])
        var example = try #require(DocumentSchemaTests.example(of: login) as? [String: Any])
        example["logo"] = nil
        example["otherMethods"] = [["label": "WeChat"]]
        // A masked number is a one-tap login's.
        example["method"] = "one-tap"
        let data = try JSONSerialization.data(withJSONObject: ["template": "login-consent", "login": example], options: [.sortedKeys])
        let settings = try DocumentSettings.decode(data, source: "login.json")
        #expect(settings.login.method == .oneTap && settings.login.whenUnticked == .toast && settings.login.otherMethods.count == 1)
        #expect(Set((login["properties"] as? [String: Any])?.keys.map { $0 } ?? []) == Set(LoginScreen.CodingKeys.allCases.map(\.rawValue)))
    }

    @Test func stringsBeyondTheBuiltInLanguagesAreRequiredByName() throws {
        let japanese = document("ja", language: "ja", markdown: "# ログイン\n\n- [ ] [プライバシーポリシー](https://yunfan.cn/p)に同意します\n")
        let error = #expect(throws: DocumentError.self) { try render(japanese, "ja") }
        #expect(error?.description.contains("sendCode") == true)
    }

    @Test func samplesLintWithoutErrorInEveryStateAndOrientation() throws {
        for sample in [phone, oneTap] {
            let folder = try DocumentFolder(url: sample, appFiles: XcodeAppFiles())
            for language in folder.languages {
                for state in [ScreenState.initial, .ticked, .tappedUnticked] {
                    for orientation in [Orientation.portrait, .landscape] {
                        let page = try render(sample, language, orientation, state: state)
                        let errors = renderer.lint(page, device: "iphone-15-pro").filter { $0.severity == .error }
                        #expect(errors.isEmpty, "\(sample.lastPathComponent) \(language) \(state) \(orientation): \(errors.map(\.message))")
                    }
                }
            }
        }
    }

    @Test func phonesInLandscapeSplitTheHeaderAndTheForm() throws {
        let page = try render(phone, "en", .landscape)
        let title = try #require(page.linkMap.texts?.first { $0.id == "title" }?.rect)
        let login = try #require(page.linkMap.buttons.first { $0.role == .login }?.rect)
        #expect(title.maxX < login.minX, "the title in the leading column, the button in the trailing one")
        for button in page.linkMap.buttons {
            #expect(button.rect.maxY <= page.layout.safeRect.maxY, "\(button.role) on screen")
        }
        let pad = try render(phone, "en", device: "ipad-pro-13", .landscape)
        let padTitle = try #require(pad.linkMap.texts?.first { $0.id == "title" }?.rect)
        let padLogin = try #require(pad.linkMap.buttons.first { $0.role == .login }?.rect)
        #expect(padTitle.maxY < padLogin.minY, "an iPad keeps one column")
    }

    // The first-user trial's findings.

    @Test func aMethodNameMissingForTheLanguageOrEmptyIsRefusedByField() throws {
        let url = folder.folder("no-fr", files: ["fr.md": Self.boxLines[2].markdown, "document.json":
            #"{ "template": "login-consent", "login": { "otherMethods": [{ "label": "Apple" }, { "label": { "zh-Hans": "微信" } }] } }"#])
        let error = #expect(throws: DocumentError.self) { try render(url, "fr") }
        #expect(error?.description.contains("login.otherMethods[1].label") == true && error?.description.contains("fr") == true)
        for label in [#""""#, #""  ""#, #"{ "en": " " }"#] {
            let empty = folder.folder("empty-\(abs(label.hashValue))", files: ["en.md": Self.boxLines[1].markdown, "document.json":
                #"{ "template": "login-consent", "login": { "otherMethods": [{ "label": \#(label) }] } }"#])
            let refused = #expect(throws: DocumentError.self) { try DocumentFolder(url: empty, appFiles: XcodeAppFiles()) }
            #expect(refused?.description.contains("an empty name draws an unnamed circle") == true, "\(label)")
        }
    }

    @Test func iconsAndLogosKeepTheirProportionsAndMustBePNGsInTheFolder() throws {
        let wide = try Bitmap(width: 300, height: 150, pixels: [UInt32](repeating: 0xFF0E6BA8, count: 45_000)).pngData()
        let url = folder.folder("icons", files: ["en.md": Self.boxLines[1].markdown, "document.json":
            #"{ "template": "login-consent", "login": { "logo": "wide.png", "otherMethods": [{ "label": "Wide", "icon": "wide.png" }] } }"#])
        try wide.write(to: url.appendingPathComponent("wide.png"))
        let page = try render(url, "en")
        for id in ["login-logo", "login-other-0-icon"] {
            guard case let .image(image)? = page.layout.item(id)?.drawable else {
                Issue.record("no \(id)")
                continue
            }
            #expect(abs(image.rect.width / image.rect.height - 2) < 0.02, "\(id): \(image.rect)")
        }
        let elsewhere = folder.folder("elsewhere", files: ["x.png": ""])
        try wide.write(to: elsewhere.appendingPathComponent("x.png"))
        let cases = [("../elsewhere/x.png", "inside the document folder"), (elsewhere.appendingPathComponent("x.png").path, "inside the document folder"),
                     ("sub", "it is a folder"), ("missing.png", "no such file"), ("en.md", "readable PNG")]
        for (icon, reason) in cases {
            let bad = folder.folder("bad-icon-\(abs(icon.hashValue))", files: ["en.md": Self.boxLines[1].markdown,
                "document.json": #"{ "template": "login-consent", "login": { "otherMethods": [{ "label": "A", "icon": "\#(icon)" }] } }"#])
            try FileManager.default.createDirectory(at: bad.appendingPathComponent("sub"), withIntermediateDirectories: true)
            let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: bad, appFiles: XcodeAppFiles()) }
            #expect(error?.description.contains("login.otherMethods[0].icon") == true && error?.description.contains(reason) == true,
                    "\(icon): \(error?.description ?? "")")
        }
    }

    @Test func aLanguageBeyondTheBuiltInOnesGivesOnlyTheWordsItsPageShows() throws {
        let japanese = document("ja-keys", language: "ja", markdown: "# ログイン\n\n- [ ] [プライバシーポリシー](https://yunfan.cn/p)に同意します\n",
                                login: #"{ "otherMethods": [{ "label": "Apple" }] }"#)
        let error = #expect(throws: DocumentError.self) { try render(japanese, "ja") }
        let text = error?.description ?? ""
        for key in ["sendCode", "phonePlaceholder", "countryCode", "otherMethods", "untickedToast"] {
            #expect(text.contains(key), "\(key): \(text)")
        }
        for key in ["oneTap", "carrierNote", "agreementTitle", "disagree"] {
            #expect(!text.contains(key), "\(key) is not on this page: \(text)")
        }
    }

    @Test func aLoginPageNeedsItsTitle() throws {
        let untitled = document("untitled", language: "en", markdown: "- [ ] I agree to the [Privacy Policy](https://yunfan.cn/p)\n")
        let error = #expect(throws: TemplateError.self) { try render(untitled, "en") }
        #expect(error?.description.contains("en.md: the login-consent template cannot lay it out: it has no title") == true)
        let heading = document("heading", language: "en", markdown: "## Log in\n\n- [ ] I agree to the [Privacy Policy](https://yunfan.cn/p)\n")
        let hint = #expect(throws: TemplateError.self) { try render(heading, "en") }
        #expect(hint?.description.contains("the page's title is the first # heading") == true, "\(hint?.description ?? "")")
    }

    @Test func theToastNeverCoversTheAgreementLine() throws {
        for (language, device, orientation) in [("de", "iphone-15-pro", Orientation.portrait), ("zh-Hans", "iphone-15-pro", .landscape),
                                                ("de", "iphone-se-3", .landscape), ("en", "iphone-15-pro", .portrait)] {
            let page = try render(phone, language, device: device, orientation, state: .tappedUnticked)
            guard case let .shape(.fill(toast, _, _))? = page.layout.item("toast")?.drawable else {
                Issue.record("\(language) \(device): no toast")
                continue
            }
            let line = page.layout.semantics.body.viewport
            #expect(toast.intersection(line) == nil, "\(language) \(device) \(orientation): \(toast) over \(line)")
            let text = try #require(page.layout.text("toast-text"))
            #expect(!text.block.text.isEmpty && text.frame.maxY <= toast.maxY + 0.01)
        }
        // At the largest sizes the toast grows instead of cutting its words.
        var request = RenderRequest(folder: try DocumentFolder(url: phone, appFiles: XcodeAppFiles()),
                                    profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "de",
                                    orientation: .portrait, appearance: .light, state: .tappedUnticked)
        request.variant.textSize = .accessibility3
        let large = try renderer.render(request)
        let words = try #require(large.layout.text("toast-text"))
        #expect(words.block.maximumLines == nil && words.block.text == "Bitte lesen und akzeptieren Sie zuerst die Bedingungen")
        guard case let .shape(.fill(box, _, _))? = large.layout.item("toast")?.drawable else {
            Issue.record("no toast at AX3")
            return
        }
        #expect(words.frame.maxY <= box.maxY + 0.01 && words.frame.minY >= box.minY - 0.01)
    }

    @Test func theToastStaysOnScreenAtEveryTextSize() throws {
        for device in ["iphone-se-3", "iphone-15-pro"] {
            for orientation in [Orientation.portrait, .landscape] {
                for size in [ContentSizeCategory.accessibility3, .accessibility5] {
                    var request = RenderRequest(folder: try DocumentFolder(url: phone, appFiles: XcodeAppFiles()),
                                                profile: try shippedProfiles.profile(id: device), requestedLanguage: "zh-Hans",
                                                orientation: orientation, appearance: .light, state: .tappedUnticked)
                    request.variant.textSize = size
                    let page = try renderer.render(request)
                    guard case let .shape(.fill(toast, _, _))? = page.layout.item("toast")?.drawable else {
                        Issue.record("\(device) \(orientation) \(size): no toast")
                        continue
                    }
                    let safe = page.layout.safeRect
                    #expect(toast.minY >= safe.minY - 0.01 && toast.maxY <= safe.maxY + 0.01, "\(device) \(orientation) \(size): \(toast)")
                }
            }
        }
    }

    @Test func aLoginPageRefusesADialogsButtonSettings() throws {
        for settings in [#""actions": ["accept"]"#, #""declineStyle": "text""#, #""actions": ["settings", "accept"], "settingsStyle": "link""#] {
            let url = folder.folder("dialog-keys-\(abs(settings.hashValue))", files: ["en.md": Self.boxLines[1].markdown,
                                                                                  "document.json": #"{ "template": "login-consent", \#(settings) }"#])
            let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: url, appFiles: XcodeAppFiles()) }
            #expect(error?.description.contains("a login page has no consent dialog's buttons") == true, "\(settings)")
        }
        let dialog = folder.folder("dialog-with-actions", files: ["en.md": "# T\n\nRead the [privacy policy](https://yunfan.cn/p).",
                                                                  "document.json": #"{ "declineStyle": "link" }"#])
        for template in ["login-consent", "att-explainer"] {
            let error = #expect(throws: TemplateError.self) {
                try renderer.render(RenderRequest(folder: try DocumentFolder(url: dialog, appFiles: XcodeAppFiles()),
                                                  profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "en",
                                                  orientation: .portrait, appearance: .light, template: template))
            }
            #expect(error?.description.contains("\"declineStyle\", which only a consent dialog has") == true, "\(template)")
        }
    }

    @Test func aStateTheDocumentCannotShowIsRefusedBeforeAnythingRenders() throws {
        let notice = document("notice-states", markdown: "# 登录\n\n登录即代表同意[《隐私政策》](https://yunfan.cn/p)\n")
        let content = try DocumentFolder(url: notice, appFiles: XcodeAppFiles()).content
        let template = try TemplateRegistry.standard.template(of: content)
        let error = #expect(throws: TemplateError.self) { try TemplateRegistry.standard.check([.ticked], of: template, for: content) }
        #expect(error?.description.contains("nothing to tick") == true)
        // Rendered with another template, a dialog's settings are refused, not ignored.
        let sheet = repositoryRoot.appendingPathComponent("Samples/gdpr-sheet")
        let overridden = #expect(throws: TemplateError.self) {
            try renderer.render(RenderRequest(folder: try DocumentFolder(url: sheet, appFiles: XcodeAppFiles()),
                                              profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "en",
                                              orientation: .portrait, appearance: .light, template: "login-consent"))
        }
        #expect(overridden?.description.contains("\"presentation\", \"purposes\" and \"actions\", which only a consent dialog has") == true,
                "\(overridden?.description ?? "")")
    }
}
