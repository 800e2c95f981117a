import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 37: the screen rules of the MIIT list (reference android-metrics.md §9), each with a
/// failing and a passing fixture on an Android phone, in both looks. (The flow rules of that list,
/// a second popup after a refusal and permission dialogs only after consent with their purpose,
/// need Android's permission dialogs: issue 38.)
@Suite struct AndroidLintTests {
    struct Fixture: CustomStringConvertible, Sendable {
        let rule: LintRule
        /// document.json and the Chinese text that break the rule, and those that keep it.
        let failing: (settings: String, text: String)
        let passing: (settings: String, text: String)
        var description: String { rule.rawValue }
    }

    static let agreement = "# 个人信息保护指引\n\n欢迎使用云帆出行！请仔细阅读[《隐私政策》](https://yunfan.example/privacy)。我们会使用您的位置信息推荐上车点。\n"

    static let fixtures: [Fixture] = [
        // Agree and disagree both buttons: an accept-only popup fails.
        Fixture(rule: .declinePresent, failing: (#"{ "actions": ["accept"] }"#, agreement), passing: ("{}", agreement)),
        // Of similar prominence: a refusal drawn as a small link fails.
        Fixture(rule: .equalTreatment, failing: (#"{ "declineStyle": "link" }"#, agreement), passing: ("{}", agreement)),
        // No pre-ticked box.
        Fixture(rule: .preTicked,
                failing: ("{}", agreement + "\n- [x] 我已阅读并同意上述协议\n"), passing: ("{}", agreement + "\n- [ ] 我已阅读并同意上述协议\n")),
        // The policy link present.
        Fixture(rule: .policyPresent, failing: ("{}", "# 个人信息保护指引\n\n欢迎使用云帆出行！我们会使用您的位置信息推荐上车点。\n"),
                passing: ("{}", agreement)),
        // Text not too small.
        Fixture(rule: .minimumSize, failing: (#"{ "style": { "text": { "bodySize": 11 } } }"#, agreement), passing: ("{}", agreement)),
        // Nor too faint.
        Fixture(rule: .contrastText, failing: (##"{ "style": { "colors": { "light": { "text": "#C8C8C8" } } } }"##, agreement),
                passing: ("{}", agreement)),
        // Buttons big enough to tap: Material's 48 dp, so iOS's 44 is too small on Android.
        Fixture(rule: .targetSize, failing: (#"{ "style": { "buttons": { "height": 44 } } }"#, agreement), passing: ("{}", agreement)),
    ]

    static func rules(_ settings: String, _ text: String, look: String, device: String = "pixel-9") throws -> Set<LintRule> {
        let folder = TemporaryFolder()
        var json = try JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Any] ?? [:]
        var style = json["style"] as? [String: Any] ?? [:]
        style["androidLook"] = look
        json["style"] = style
        let data = try JSONSerialization.data(withJSONObject: json)
        let url = folder.folder("doc", files: ["document.json": String(decoding: data, as: UTF8.self), "zh-Hans.md": text])
        let renderer = try ConsentRenderer()
        let page = try renderer.render(RenderRequest(folder: try DocumentFolder(url: url, appFiles: XcodeAppFiles()),
                                                     profile: try shippedProfiles.profile(id: device), requestedLanguage: "zh-Hans",
                                                     orientation: .portrait, appearance: .light))
        return Set(renderer.lint(page).filter { $0.severity == .error }.map(\.rule))
    }

    @Test(arguments: fixtures, ["china", "material"])
    func eachRuleFailsAndPassesOnAndroid(_ fixture: Fixture, look: String) throws {
        #expect(try Self.rules(fixture.failing.settings, fixture.failing.text, look: look).contains(fixture.rule),
                "\(fixture.rule) fails its failing fixture (\(look))")
        #expect(!(try Self.rules(fixture.passing.settings, fixture.passing.text, look: look).contains(fixture.rule)),
                "\(fixture.rule) passes its passing fixture (\(look))")
    }

    @Test func the44PointButtonPassesOnAnIPhone() throws {
        let settings = #"{ "style": { "buttons": { "height": 44 } } }"#
        #expect(!(try Self.rules(settings, Self.agreement, look: "china", device: "iphone-15-pro").contains(.targetSize)))
    }
}
