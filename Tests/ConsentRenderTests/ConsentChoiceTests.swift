import Foundation
import Testing
@testable import ConsentRender

/// Screens as teams ship them, faults included (`actions`, `declineStyle`, `secondaryAction`),
/// drawn as the document says and then caught by the lint.
@Suite struct ConsentChoiceTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    /// The test agreement with `settings` merged into its document.json.
    func render(_ name: String, settings: String, language: String = "en", device: String = "iphone-15-pro",
                files: [String: String] = testAgreement) throws -> RenderedPage {
        var files = files
        files["document.json"] = settings
        return try LintTests.render(renderer, files: files, in: folder, name: name, language: language, device: device)
    }

    func errors(_ page: RenderedPage, _ rule: LintRule) -> [LintFinding] {
        renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == rule && $0.severity == .error }
    }

    @Test func anAcceptOnlyOrAcceptAndSettingsScreenIsDrawnAndFailsDeclinePresent() throws {
        let only = try render("only", settings: #"{ "actions": ["accept"] }"#)
        #expect(only.linkMap.buttons.map(\.role) == [.accept])
        #expect(errors(only, .declinePresent).first?.message.contains("accept only") == true)
        let settings = try render("settings", settings: #"{ "actions": ["settings", "accept"] }"#)
        #expect(settings.linkMap.buttons.map(\.label).sorted() == ["Accept", "Manage settings"])
        #expect(errors(settings, .declinePresent).first?.message.contains("'Manage settings', which is not a way to refuse") == true)
        // The default, decline and accept, passes.
        let good = try render("good", settings: "{}")
        #expect(errors(good, .declinePresent).isEmpty && errors(good, .equalTreatment).isEmpty)
        // Side by side the buttons read in the listed order; in Arabic the row is mirrored.
        let order = try render("order", settings: #"{ "actions": ["accept", "decline"] }"#)
        let accept = try #require(order.linkMap.buttons.first { $0.role == .accept }), decline = try #require(order.linkMap.buttons.first { $0.role == .decline })
        #expect(accept.rect.x < decline.rect.x && accept.rect.y == decline.rect.y)
        #expect(good.linkMap.buttons.first { $0.role == .accept }!.rect.x > good.linkMap.buttons.first { $0.role == .decline }!.rect.x)
        // The built-in label in each language with one; the document's strings override it.
        let chinese = try render("zh", settings: #"{ "actions": ["settings", "accept"] }"#, language: "zh-Hans",
                                 files: ["en.md": testAgreement["en.md"]!, "zh-Hans.md": "# 隐私\n\n请阅读[隐私政策](https://example.com/p)。"])
        #expect(chinese.linkMap.buttons.contains { $0.role == .settings && $0.label == "管理设置" })
        let renamed = try render("renamed", settings: #"{ "actions": ["settings", "accept"], "strings": { "settings": { "en": "Choose purposes" } } }"#)
        #expect(renamed.linkMap.buttons.contains { $0.role == .settings && $0.label == "Choose purposes" })
    }

    @Test func aDeclineDrawnAsALinkIsSmallTextInTheMapAndFailsEqualTreatment() throws {
        let page = try render("link", settings: #"{ "declineStyle": "link" }"#)
        let decline = try #require(page.linkMap.buttons.first { $0.role == .decline })
        let accept = try #require(page.linkMap.buttons.first { $0.role == .accept })
        #expect(decline.style == .link && accept.style == nil)
        #expect(decline.rect.minY > accept.rect.maxY && decline.rect.height < 30 && decline.rect.width < accept.rect.width / 2)
        #expect(errors(page, .equalTreatment).first?.message.contains("small text link") == true)
        // target.size applies to it; the edge rule does not (a link has no edge).
        #expect(!errors(page, .targetSize).isEmpty && errors(page, .contrastButtonEdge).isEmpty && errors(page, .truncation).isEmpty)
        // Its words are drawn: the pixels under the link differ from the card around it.
        let scale = page.layout.scale
        let row = Int((decline.rect.midY) * scale)
        let colours = Set((Int(decline.rect.minX * scale)..<Int(decline.rect.maxX * scale)).map { page.bitmap[$0, row] })
        #expect(colours.count > 3)
    }

    @Test func anExplainerWithNotNowDrawsAPlainButtonAndFailsSingleAction() throws {
        let explainer = ["en.md": "# Personalised ads\n\n## What changes\n\nAds stay as many. Read our [Privacy Policy](https://example.com/p)."]
        let page = try render("notnow", settings: #"{ "template": "att-explainer", "secondaryAction": "notNow" }"#, files: explainer)
        #expect(page.linkMap.buttons.map(\.role) == [.continue, .notNow] && page.linkMap.buttons.last?.label == "Not Now")
        let findings = renderer.lint(page, device: "iphone-15-pro")
        #expect(findings.contains { $0.rule == LintRule.attSingleAction && $0.message.contains("Not Now") })
        #expect(!findings.contains { $0.rule == LintRule.contrastButtonEdge })
        // A walk that declines takes Not Now.
        let flow = try Flow.parse(Data(#"{ "start": "e", "steps": { "e": { "screen": "consent", "on": { "continue": "end:att", "not-now": "end:home" } } } }"#.utf8),
                                  path: "flow.json")
        let walk = try #require(Walkthrough.plan(flow: flow, buttons: ["e": page.linkMap.buttons], path: .declining))
        #expect(walk.taps.map(\.role) == [.notNow])
    }

    @Test func badActionSettingsAreRefusedNamingTheFieldAndTheFix() throws {
        let cases: [(String, String)] = [
            (#"{ "actions": ["acept", "decline"] }"#, "'acept' is not an action (did you mean accept?)"),
            (#"{ "actions": ["accept", "accept"] }"#, "'accept' is listed twice"),
            (#"{ "actions": ["decline"] }"#, "include accept"),
            (#"{ "actions": ["accept"], "declineStyle": "link" }"#, "\"actions\" has no decline"),
            (#"{ "declineStyle": "tiny" }"#, "'tiny' is not a decline style"),
            (#"{ "secondaryAction": "notNow" }"#, "only the att-explainer template has a secondary action"),
            (#"{ "template": "att-explainer", "actions": ["accept"] }"#, "an ATT explainer has one action"),
        ]
        for (json, message) in cases {
            #expect {
                try DocumentSettings.decode(Data(json.utf8), source: "/docs/x/document.json")
            } throws: { error in
                let text = "\(error)"
                return text.contains(message) && text.contains("/docs/x/document.json")
            }
        }
    }
}
