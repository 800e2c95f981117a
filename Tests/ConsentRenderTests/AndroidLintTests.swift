import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 37: the rules of the MIIT list (reference android-metrics.md §9), each with a failing and
/// a passing fixture on an Android phone: the screen rules in both looks, and the flow rules of a
/// popup on first launch and a second popup after a refusal through `lint` on pixel-9. (The
/// list's permission rules, dialogs only after consent and with their purpose on screen, need
/// Android's permission dialogs: issue 38's fixtures.)
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

    /// A launch-consent popup in Chinese, a login page, and a flow over them; `lint` on pixel-9.
    static func flowLint(_ flow: String, markets: String? = nil) throws -> CLIRun {
        let folder = TemporaryFolder()
        let popup = repositoryRoot.appendingPathComponent("Samples/launch-consent")
        let doc = folder.url.appendingPathComponent("popup")
        try FileManager.default.copyItem(at: popup, to: doc)
        if let markets {
            var settings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: doc.appendingPathComponent("document.json")))
                as? [String: Any])
            settings["markets"] = try JSONSerialization.jsonObject(with: Data(markets.utf8))
            try JSONSerialization.data(withJSONObject: settings).write(to: doc.appendingPathComponent("document.json"))
        }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/login-consent"),
                                         to: folder.url.appendingPathComponent("login"))
        try Data(flow.utf8).write(to: doc.appendingPathComponent("flow.json"))
        return try runRenderCLI(["lint", "--document", doc.path, "--devices", "pixel-9", "--languages", "zh-Hans", "--orientations", "portrait",
                                 "--appearances", "light"])
    }

    static let secondPopup = #"""
        { "start": "consent", "steps": {
            "consent": { "screen": "consent", "on": { "accept": "end:home", "decline": "confirm" } },
            "confirm": { "screen": "consent", "state": "decline-confirm", "on": { "review": "consent", "exit": "end:exit" } } } }
        """#

    @Test func thePopupMustOpenTheFlowOnFirstLaunch() throws {
        // The app opens on its login page (its agreement a box under the form), the popup never shown first.
        let loginFirst = try Self.flowLint(#"""
            { "start": "login", "steps": {
                "login": { "document": "../login", "screen": "consent", "on": { "login": "consent", "login-method": "consent" } },
                "consent": { "screen": "consent", "on": { "accept": "end:home", "decline": "confirm" } },
                "confirm": { "screen": "consent", "state": "decline-confirm", "on": { "review": "consent", "exit": "end:exit" } } } }
            """#)
        #expect(loginFirst.status == 1, "\(loginFirst.stderr)")
        #expect(loginFirst.stdout.contains("error flow.consent-on-launch login: the flow starts with the login-consent screen"), "\(loginFirst.stdout)")
        let popupFirst = try Self.flowLint(Self.secondPopup)
        #expect(!popupFirst.stdout.contains("flow.consent-on-launch login"), "\(popupFirst.stdout)")
        #expect(popupFirst.stdout.contains("passes flow.permissions-after-consent, flow.att-after-explainer, flow.consent-on-launch, "
            + "flow.decline-second-popup and prompt.purpose-shown"), "\(popupFirst.stdout)")
    }

    @Test func aRefusalGetsASecondPopupNotAnExit() throws {
        let exits = try Self.flowLint(#"""
            { "start": "consent", "steps": { "consent": { "screen": "consent", "on": { "accept": "end:home", "decline": "end:exit" } } } }
            """#)
        #expect(exits.status == 1, "\(exits.stderr)")
        #expect(exits.stdout.contains("error flow.decline-second-popup consent: the decline on 'consent' ends the flow (end:exit)"), "\(exits.stdout)")
        // Into the app in a basic mode is a refusal respected too.
        let basicMode = try Self.flowLint(#"""
            { "start": "consent", "steps": { "consent": { "screen": "consent", "on": { "accept": "end:home", "decline": "end:home" } } } }
            """#)
        #expect(!basicMode.stdout.contains("flow.decline-second-popup consent"), "\(basicMode.stdout)")
        #expect(!(try Self.flowLint(Self.secondPopup)).stdout.contains("flow.decline-second-popup consent"))
        // A Chinese document published elsewhere only: China's flow rules are not applied.
        let elsewhere = try Self.flowLint(#"""
            { "start": "consent", "steps": { "consent": { "screen": "consent", "on": { "accept": "end:home", "decline": "end:exit" } } } }
            """#, markets: #"["sg", "my"]"#)
        #expect(!elsewhere.stdout.contains("flow.decline-second-popup"), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("passes flow.permissions-after-consent and flow.att-after-explainer"), "\(elsewhere.stdout)")
    }

    @Test func marketsAreRegionCodesOrEU() throws {
        for (markets, message) in [(#"["china"]"#, #"its ISO 3166 code is "cn""#), (#"["CN"]"#, #"write it in lower case, "cn""#),
                                   (#"["cn", "cn"]"#, "listed twice"), (#"["xx"]"#, "ISO 3166 region codes")] {
            let run = try Self.flowLint(Self.secondPopup, markets: markets)
            #expect(run.status == 2, "\(markets)")
            #expect(run.stderr.contains("markets") && run.stderr.contains(message), "\(markets): \(run.stderr)")
        }
    }

    @Test func the44PointButtonPassesOnAnIPhone() throws {
        let settings = #"{ "style": { "buttons": { "height": 44 } } }"#
        #expect(!(try Self.rules(settings, Self.agreement, look: "china", device: "iphone-15-pro").contains(.targetSize)))
    }
}
