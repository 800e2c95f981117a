import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 35, point 3: agreement-dialog's preferences layer, a switch per purpose.
@Suite struct PreferencesTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer
    let sample = repositoryRoot.appendingPathComponent("Samples/gdpr-sheet")

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ documents: URL, _ language: String = "en", device: String = "iphone-15-pro", _ orientation: Orientation = .portrait,
                state: ScreenState = .preferences, appearance: Appearance = .light) throws -> RenderedPage {
        try renderFolder(documents, with: renderer, language: language, device: device, orientation: orientation, appearance: appearance,
                         state: state)
    }

    /// A one-language document with these purposes (JSON).
    func document(_ name: String, language: String, purposes: String, extra: String = "") -> URL {
        let body: [String: String] = [
            "zh-Hans": "# 隐私\n\n我们使用 Cookie 进行数据分析和个性化广告。请阅读[《隐私政策》](https://yunfan.cn/p)。\n",
            "en": "# Privacy\n\nWe use cookies for analytics and personalised ads. Read our [privacy policy](https://yunfan.cn/p).\n",
            "fr": "# Confidentialité\n\nNous utilisons des cookies pour les statistiques et la publicité personnalisée. Lisez notre [politique de confidentialité](https://yunfan.cn/p).\n",
            "de": "# Datenschutz\n\nWir verwenden Cookies für Analyse und personalisierte Werbung. Lesen Sie unsere [Datenschutzerklärung](https://yunfan.cn/p).\n",
        ]
        return folder.folder(name, files: ["\(language).md": body[language] ?? body["en"]!,
                                           "document.json": #"{ "purposes": \#(purposes)\#(extra) }"#])
    }

    @Test func eachPurposeGetsASwitchOffUnlessTheDocumentSaysOn() throws {
        for language in ["en", "zh-Hans", "de", "fr"] {
            let page = try render(sample, language)
            #expect(page.linkMap.state == "preferences")
            let switches = try #require(page.linkMap.checkboxes)
            #expect(switches.count == 2 && switches.allSatisfy { $0.control == .switch && !$0.checked && $0.visible }, "\(language)")
            for control in switches {
                let rect = try #require(control.rect)
                #expect(rect.width == 63 && rect.height == 28)
                // The knob (white) at the leading end, the track's grey at the trailing end.
                let knob = page.bitmap.color(x: Int((rect.minX + 12) * 3), y: Int(rect.midY * 3))
                let track = page.bitmap.color(x: Int((rect.maxX - 6) * 3), y: Int(rect.midY * 3))
                #expect(knob == Color(hex: "#FFFFFF") && track.red < 240 && track.red > 200, "\(language): \(knob) \(track)")
            }
            // The required purpose says so instead of a switch.
            let always = ["en": "Always active", "zh-Hans": "始终启用", "de": "Immer aktiv", "fr": "Toujours actif"][language]!
            #expect(page.layout.body.blocks.contains { $0.block.text == always }, "\(language)")
            #expect(Set(page.linkMap.buttons.map(\.role)) == [.accept, .decline, .save])
            // The first layer's links stay reachable: the policy is linked here too.
            #expect(page.linkMap.links.contains { $0.url == "https://example.com/privacy" })
            #expect(renderer.lint(page, device: "iphone-15-pro").filter { $0.severity == .error }.isEmpty, "\(language)")
        }
    }

    @Test func aSwitchThatStartsOnIsPreTickedInEveryLanguage() throws {
        for language in ["zh-Hans", "en", "fr", "de"] {
            let on = document("on-\(language)", language: language, purposes: #"[{ "label": "A", "on": true }, { "label": "B" }]"#)
            let page = try render(on, language)
            let found = renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == .preTicked }
            #expect(found.count == 1 && found[0].severity == .error && found[0].element == "switch 1"
                    && found[0].message.contains("starts switched on"), "\(language): \(found)")
            // Drawn on: green track, knob at the trailing end.
            let rect = try #require(page.linkMap.checkboxes?.first?.rect)
            let track = page.bitmap.color(x: Int((rect.minX + 5) * 3), y: Int(rect.midY * 3))
            #expect(track == Color(hex: "#34C759"), "\(track)")
            let off = document("off-\(language)", language: language, purposes: #"[{ "label": "A" }, { "label": "B", "required": true }]"#)
            #expect(renderer.lint(try render(off, language), device: "iphone-15-pro").allSatisfy { $0.rule != .preTicked }, "\(language)")
        }
    }

    @Test func rightToLeftMirrorsTheSwitch() throws {
        let url = folder.folder("ar", files: [
            "ar.md": "# الخصوصية\n\nنستخدم ملفات تعريف الارتباط للتحليلات. اقرأ [سياسة الخصوصية](https://yunfan.cn/p).\n",
            "document.json": #"{ "purposes": [{ "label": "التحليلات", "on": true }], "strings": { "preferencesTitle": { "ar": "التفضيلات" }, "# + "\"acceptAll\": { \"ar\": \"قبول الكل\" }, \"rejectAll\": { \"ar\": \"رفض الكل\" }, \"saveChoices\": { \"ar\": \"حفظ\" }, "
                + "\"alwaysActive\": { \"ar\": \"نشط دائمًا\" } } }"])
        let page = try render(url, "ar")
        let rect = try #require(page.linkMap.checkboxes?.first?.rect)
        #expect(rect.minX < page.layout.screen.width / 2, "on the left, the trailing side")
        // On: the knob at the left end.
        #expect(page.bitmap.color(x: Int((rect.minX + 12) * 3), y: Int(rect.midY * 3)) == Color(hex: "#FFFFFF"))
        #expect(page.bitmap.color(x: Int((rect.maxX - 5) * 3), y: Int(rect.midY * 3)) == Color(hex: "#34C759"))
    }

    @Test func theStateIsOnlyWhereTheDocumentListsPurposes() throws {
        let plain = folder.folder("plain", files: ["en.md": "# T\n\nRead the [privacy policy](https://yunfan.cn/p)."])
        let error = #expect(throws: TemplateError.self) { try render(plain) }
        #expect(error?.description.contains("document.json lists no purposes") == true)
        // What --states all stands for follows the document.
        let registry = TemplateRegistry.standard
        #expect(registry.shownStates(of: try DocumentFolder(url: plain, appFiles: XcodeAppFiles()).content) == [.initial])
        #expect(registry.shownStates(of: try DocumentFolder(url: sample, appFiles: XcodeAppFiles()).content) == [.initial, .preferences])
        let notice = folder.folder("notice", files: ["zh-Hans.md": "# 登录\n\n登录即代表同意[《隐私政策》](https://yunfan.cn/p)\n",
                                                     "document.json": #"{ "template": "login-consent" }"#])
        #expect(registry.shownStates(of: try DocumentFolder(url: notice, appFiles: XcodeAppFiles()).content) == [.initial])
        let login = repositoryRoot.appendingPathComponent("Samples/login-consent")
        #expect(registry.shownStates(of: try DocumentFolder(url: login, appFiles: XcodeAppFiles()).content) == [.initial, .ticked, .tappedUnticked])
    }

    @Test func badPurposesAreErrorsNamingTheField() throws {
        func error(_ settings: String) -> String {
            let url = folder.folder("bad-\(abs(settings.hashValue))", files: ["en.md": "# T\n\nB", "document.json": settings])
            do {
                _ = try render(url)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(error(#"{ "purposes": [{ "label": "A", "required": true }] }"#).contains("at least one purpose the user can switch"))
        #expect(error(#"{ "purposes": [{ "label": "A", "required": true, "on": false }, { "label": "B" }] }"#).contains("always active"))
        #expect(error(#"{ "template": "launch-consent", "purposes": [{ "label": "A" }] }"#).contains("only the agreement-dialog template"))
        #expect(error(#"{ "purposes": [{ "label": { "de": "A" } }] }"#).contains("purposes[0].label"))
        #expect(error(#"{ "purposes": [{ "name": "A" }] }"#).contains("unknown key 'name' (at 'purposes[0].name')"))
        let ok = error(#"{ "purposes": [{ "label": "A" }] }"#)
        #expect(ok == "no error", "\(ok)")
    }

    @Test func everyPurposeKeyTheSchemaHasDecodes() throws {
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: repositoryRoot.appendingPathComponent("Schemas/document.schema.json")))
        let properties = try #require((schema as? [String: Any])?["properties"] as? [String: Any])
        let purposes = try #require(properties["purposes"] as? [String: Any])
        let item = try #require(purposes["items"] as? [String: Any])
        let keys = Set(((item["properties"] as? [String: Any]) ?? [:]).keys)
        #expect(keys == Set(DocumentSettings.Purpose.CodingKeys.allCases.map(\.rawValue)))
        let data = Data(#"{ "purposes": [{ "label": "A", "description": { "en": "d" }, "on": false, "required": false }] }"#.utf8)
        #expect(try DocumentSettings.decode(data, source: "p.json").purposes.count == 1)
    }
}
