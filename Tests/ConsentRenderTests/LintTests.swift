import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Every lint rule fails on a crafted bad screen or document and passes on a good one.
@Suite struct LintTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer
    let good: RenderedPage

    init() throws {
        renderer = try ConsentRenderer()
        good = try Self.render(renderer, files: testAgreement, in: folder, name: "good")
    }

    static func render(_ renderer: ConsentRenderer, files: [String: String], in folder: TemporaryFolder, name: String,
                       language: String = "en", device: String = "iphone-15-pro", tint: Color? = nil,
                       orientation: Orientation = .portrait) throws -> RenderedPage {
        try renderer.render(RenderRequest(
            folder: try DocumentFolder(url: folder.folder(name, files: files), appFiles: XcodeAppFiles()), profile: try shippedProfiles.profile(id: device),
            requestedLanguage: language, orientation: orientation, appearance: .light, tint: tint, allowsMissingGlyphs: true))
    }

    func findings(_ page: PageLayout, missing: [Unicode.Scalar] = [], tcf: Bool = false) -> [LintFinding] {
        PageLint(page: page, device: "iphone-15-pro", missingCharacters: missing, options: LintOptions(tcf: tcf)).findings()
    }

    func errors(_ rule: LintRule, in findings: [LintFinding]) -> [LintFinding] {
        findings.filter { $0.rule == rule && $0.severity == .error }
    }

    @Test func theGoodScreenHasNoErrors() {
        let all = findings(good.layout)
        #expect(all.filter { $0.severity == .error }.isEmpty, "\(all.filter { $0.severity == .error })")
        // Links on 20 pt body lines, and the fixture's links to books.example.org (a documentation
        // domain), are the only warnings.
        #expect(all.allSatisfy { ($0.rule == LintRule.targetSize || $0.rule == LintRule.placeholderHost) && $0.severity == .warning })
    }

    @Test func paleTintFailsTextAndButtonEdgeContrast() throws {
        let pale = try Self.render(renderer, files: testAgreement, in: folder, name: "pale", tint: Color(hex: "#F2F2F7"))
        let all = findings(pale.layout)
        let text = errors(.contrastText, in: all)
        #expect(Set(text.map(\.element)).isSuperset(of: ["title", "link-0", "accept label"]))
        #expect(text.first { $0.element == "title" }?.message.contains("#F2F2F7 on #FFFFFF is 1.12:1; WCAG 1.4.3 needs 3.00:1") == true)
        let edge = errors(.contrastButtonEdge, in: all)
        #expect(edge.map(\.element) == ["accept button"])
        #expect(errors(.contrastText, in: findings(good.layout)).isEmpty && errors(.contrastButtonEdge, in: findings(good.layout)).isEmpty)
    }

    @Test func tcfRaisesButtonLabelContrastTo5() {
        var page = good.layout
        let index = page.buttons.firstIndex { $0.role == .accept }!
        // White on #0A7AF0 passes WCAG's 3:1 for large text but not TCF's 5:1.
        page.editButton(index) { $0.fill = Color(hex: "#0A7AF0")! }
        #expect(errors(.contrastText, in: findings(page)).isEmpty)
        #expect(errors(.contrastText, in: findings(page, tcf: true)).first?.message.contains("IAB TCF v2.2 needs 5.00:1") == true)
    }

    @Test func buttonWithoutBorderOnAPaleFillFailsTheEdgeRule() {
        var page = good.layout
        let index = page.buttons.firstIndex { $0.role == .decline }!
        page.editButton(index) { $0.border = nil }
        #expect(errors(.contrastButtonEdge, in: findings(page)).first?.message.contains("has no border") == true)
    }

    @Test func smallButtonsFailTargetSize() {
        var page = good.layout
        page.editButton(0) { $0.rect.height = 30 }
        let found = errors(.targetSize, in: findings(page))
        #expect(found.count == 1 && found[0].message.contains("44×44 pt"))
        #expect(findings(good.layout).contains { $0.rule == "target.size" && $0.severity == .warning && $0.element == "link-0" })
    }

    @Test func missingDeclineFails() {
        var page = good.layout
        page.removeButtons { $0.role == .decline }
        #expect(errors(.declinePresent, in: findings(page)).count == 1)
        #expect(errors(.declinePresent, in: findings(good.layout)).isEmpty)
    }

    @Test func declineAt40PercentOpacityLooksDisabled() throws {
        var files = testAgreement
        files["document.json"] = #"{ "defaultLanguage": "en", "style": { "declineOpacity": 0.4 } }"#
        let faded = try Self.render(renderer, files: files, in: folder, name: "faded")
        let found = errors(.equalTreatment, in: findings(faded.layout))
        #expect(found.count == 1)
        #expect(found[0].message.contains("looks disabled (drawn at 40% opacity"))
        var smaller = good.layout
        let index = smaller.buttons.firstIndex { $0.role == .decline }!
        smaller.editButton(index) { button in
            button.labelText.block.runs[0].fontSize = 13
            button.rect.width *= 0.5
        }
        let all = findings(smaller)
        #expect(errors(.equalTreatment, in: all).first?.message.contains("is 13.0 pt semibold but accept is 17.0 pt semibold") == true)
        #expect(all.contains { $0.rule == "choice.equal-treatment" && $0.severity == .warning && $0.message.contains("50%") })
        #expect(errors(.equalTreatment, in: findings(good.layout)).isEmpty)
    }

    @Test func elementsOutsideTheSafeAreaOrInARoundedCornerFail() {
        var page = good.layout
        page.editButton(0) { $0.rect.y = 10 }
        #expect(errors(.safeArea, in: findings(page)).first?.message.contains("leaves the safe area") == true)
        var corner = good.layout
        corner.safeArea = .zero
        corner.editButton(0) { [height = corner.screen.height] in $0.rect = Rect(x: 2, y: height - 46, width: 100, height: 44) }
        #expect(errors(.safeArea, in: findings(corner)).first?.message.contains("rounded bottom-left corner") == true)
        #expect(errors(.safeArea, in: findings(good.layout)).isEmpty)
    }

    @Test func cutOffTitleOrLabelFailsTruncation() {
        var page = good.layout
        page.editTitle { [height = page.dialog.rect.height] in $0.size.height = height }
        page.editButton(1) { $0.labelText.size.width = $0.rect.width + 40 }
        let found = errors(.truncation, in: findings(page))
        #expect(Set(found.map(\.element)) == ["title", "\(page.buttons[1].role.rawValue) label"])
        #expect(errors(.truncation, in: findings(good.layout)).isEmpty)
    }

    @Test func buttonOffScreenOrOverlappingFailsVisibility() {
        var page = good.layout
        page.editButton(1) { [width = page.screen.width] in $0.rect.x = width - 10 }
        #expect(errors(.buttonsVisible, in: findings(page)).first?.message.contains("not fully visible in portrait") == true)
        var overlapping = good.layout
        overlapping.editButton(1) { [first = overlapping.buttons[0].rect] in $0.rect = first }
        #expect(errors(.buttonsVisible, in: findings(overlapping)).contains { $0.message.contains("overlap") })
        #expect(errors(.buttonsVisible, in: findings(good.layout)).isEmpty)
    }

    @Test func onlyHTTPSLinksPass() throws {
        let files = ["en.md": """
            # Privacy

            Read the [privacy policy](http://example.com/privacy), [terms](javascript:alert(1)), [data](data:text/html,hi) \
            and [mail](mailto:dpo@example.com).
            """]
        let page = try Self.render(renderer, files: files, in: folder, name: "schemes")
        let all = findings(page.layout)
        let found = errors(.linkScheme, in: all)
        #expect(found.count == 3)
        #expect(found.first { $0.element == "link-0" }?.message
            == "'privacy policy' goes to http://example.com/privacy; use https:// (an http link is refused by App Review and insecure)")
        // mailto: (and tel:) open Mail and Phone: a customer-service address is allowed.
        #expect(!all.contains { $0.rule == "links.scheme" && $0.element == "link-3" })
        #expect(errors(.linkScheme, in: findings(good.layout)).isEmpty)
    }

    @Test func bidiOverridesAndControlCharactersInLinkTextFail() throws {
        let files = ["en.md": "# Privacy\n\nRead the [privacy \u{202E}cod.exe\u{202C} policy](https://example.com/p)."]
        let page = try Self.render(renderer, files: files, in: folder, name: "bidi")
        let found = errors(.linkTextControls, in: findings(page.layout))
        #expect(found.count == 1 && found[0].message.contains("U+202C, U+202E") && found[0].message.contains("RIGHT-TO-LEFT OVERRIDE"))
        #expect(errors(.linkTextControls, in: findings(good.layout)).isEmpty)
    }

    /// Issue 35: a policy link left as a template's sample, localhost or a bare IP is an error; a
    /// documentation domain warns; a real domain passes, in each of four languages.
    @Test(arguments: [
        ("en", "Read our [Privacy Policy](URL) before you continue."),
        ("zh-Hans", "请阅读[《隐私政策》](URL)后继续。"),
        ("fr", "Lisez notre [politique de confidentialité](URL) avant de continuer."),
        ("de", "Lesen Sie unsere [Datenschutzerklärung](URL), bevor Sie fortfahren."),
    ])
    func policyLinksToPlaceholderHostsFail(language: String, text: String) throws {
        let cases: [(url: String, severity: LintSeverity?, says: String)] = [
            ("https://your-domain.com/privacy", .error, "your-domain.com, a template's sample domain"),
            ("https://www.yourdomain.com/privacy", .error, "yourdomain.com, a template's sample domain"),
            ("https://domain.com/privacy", .error, "domain.com, a template's sample domain"),
            ("https://yoursite.com/legal/privacy", .error, "yoursite.com, a template's sample domain"),
            ("https://localhost:8080/privacy", .error, "localhost"),
            ("https://192.168.1.20/privacy", .error, "a bare IP address"),
            ("https://[::1]/privacy", .error, "a bare IP address"),
            ("https://example.com/privacy", .warning, "example.com, a domain reserved for documentation"),
            ("https://legal.example.org/privacy", .warning, "example.org, a domain reserved for documentation"),
            ("https://policy.app.test/privacy", .warning, "a name under .test"),
            ("https://yunfan.cn/privacy", nil, ""),
            ("https://www.mydomainname.com/privacy", nil, ""),
        ]
        for (index, item) in cases.enumerated() {
            let body = "# " + (language == "zh-Hans" ? "提示" : "Privacy") + "\n\n" + text.replacingOccurrences(of: "URL", with: item.url)
            let page = try Self.render(renderer, files: ["\(language).md": body], in: folder, name: "host-\(language)-\(index)",
                                       language: language)
            let found = findings(page.layout).filter { $0.rule == LintRule.placeholderHost }
            if let severity = item.severity {
                #expect(found.count == 1 && found[0].severity == severity && found[0].message.contains(item.says)
                        && found[0].message.contains("the policy link"), "\(language) \(item.url): \(found)")
            } else {
                #expect(found.isEmpty, "\(language) \(item.url): \(found)")
            }
        }
    }

    /// Issue 35: Apple does not require a policy link on the page before its tracking prompt, so an
    /// explainer without one warns; a consent dialog without one still fails.
    @Test func aTrackingExplainerWithoutAPolicyLinkOnlyWarns() throws {
        let files = ["document.json": #"{ "template": "att-explainer" }"#,
                     "en.md": "# Personalised ads\n\nWe use your activity to show you ads you may like.\n\n## Your choice\n\nYou can change this in Settings."]
        let page = try Self.render(renderer, files: files, in: folder, name: "att-no-policy")
        let all = renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == LintRule.policyPresent }
        #expect(all.count == 1 && all[0].severity == .warning && all[0].message.contains("Apple does not require one"), "\(all)")
    }

    @Test func aDialogWithoutAPrivacyPolicyLinkFails() throws {
        let page = try Self.render(renderer, files: ["en.md": "# Welcome\n\nSee our [terms](https://example.com/terms)."],
                                   in: folder, name: "no-policy")
        #expect(errors(.policyPresent, in: findings(page.layout)).count == 1)
        #expect(errors(.policyPresent, in: findings(good.layout)).isEmpty)
        let chinese = try Self.render(renderer, files: ["zh-Hans.md": "# 提示\n\n请阅读[《隐私政策》](https://example.com/p)。"],
                                      in: folder, name: "zh-policy", language: "zh-Hans")
        #expect(errors(.policyPresent, in: findings(chinese.layout)).isEmpty)
    }

    @Test func languageFilesThatSayDifferentThingsFailParity() throws {
        let mismatched = try DocumentFolder(url: folder.folder("parity", files: [
            "document.json": #"{ "defaultLanguage": "en" }"#,
            "en.md": "# Privacy\n\nRead the [policy](https://example.com/en/privacy) and [terms](https://example.com/en/terms).\n\nSecond paragraph.",
            "de.md": "# Datenschutz\n\nLesen Sie die [Erklärung](https://example.com/de/privacy).",
            "fr.md": "# Confidentialité\n\nLisez la [politique](https://example.com/fr/privacy) et les [conditions](https://other.example/fr/cgu).\n\nDeuxième paragraphe.",
        ]), appFiles: XcodeAppFiles())
        let found = try DocumentLint(folder: mismatched).findings()
        let german = found.filter { $0.element == "de.md" && $0.severity == .error }.map(\.message)
        #expect(german.contains("has 1 link but en.md has 2 links; every language must say the same"))
        #expect(german.contains("has 1 paragraph but en.md has 2 paragraphs; every language must say the same"))
        let french = found.filter { $0.element == "fr.md" }
        #expect(french.count == 1 && french[0].severity == .warning && french[0].message.contains("link 2 goes to https://other.example/fr/cgu"))
        let matching = try DocumentLint(folder: DocumentFolder(url: folder.folder("good-parity", files: testAgreement), appFiles: XcodeAppFiles())).findings()
        #expect(matching.filter { $0.severity == .error }.isEmpty)
    }

    @Test func smallOrDenseBodyTextFails() {
        var page = good.layout
        page.editBodyBlock(0) { $0.block.runs[0].fontSize = 11 }
        page.editBodyBlock(1) { $0.block.lineHeight = 15 }
        let all = findings(page)
        let small = errors(.minimumSize, in: all).first?.message ?? ""
        // The words set too small are quoted.
        let words = PageLint.words(of: page.body.blocks[0].block.runs[0], in: page.body.blocks[0].block)
        #expect(!words.isEmpty && small == "11.0 pt text ('\(words)') is too small; body text needs 13.0 pt here (raise style.text.bodySize, or "
            + "style.text.smallSize for <small> text)", "\(small)")
        #expect(errors(.density, in: all).first?.message.contains("lines are 15.0 pt apart for 15 pt text") == true)
        #expect(errors(.minimumSize, in: findings(good.layout)).isEmpty && errors(.density, in: findings(good.layout)).isEmpty)
    }

    @Test func missingGlyphsAreAnError() throws {
        let page = try Self.render(renderer, files: ["en.md": "# Privacy\n\nThe sign \u{E000} is missing. [Privacy](https://example.com/p)"],
                                   in: folder, name: "glyph")
        let missing = renderer.missingCharacters(in: page.layout)
        #expect(errors(.missingGlyphs, in: findings(page.layout, missing: missing)).first?.message.contains("U+E000") == true)
        #expect(errors(.missingGlyphs, in: findings(good.layout, missing: renderer.missingCharacters(in: good.layout))).isEmpty)
    }

    @Test func buttonsInAnotherLanguageThanTheTextFail() throws {
        var files = testAgreement
        files["document.json"] = #"{ "defaultLanguage": "en", "strings": { "accept": { "en": "同意" } } }"#
        let mixed = try Self.render(renderer, files: files, in: folder, name: "mixed")
        let found = errors(.languageMix, in: findings(mixed.layout))
        #expect(found.count == 1)
        #expect(found[0].message == "'同意' is written in Han but most of the text is in Latin; use the document's language for the buttons")
        #expect(errors(.languageMix, in: findings(good.layout)).isEmpty)
    }

    @Test func buttonUnderTheStatusBarOrTheIslandFails() throws {
        #expect(errors(.statusBar, in: findings(good.layout)).isEmpty)
        var underBar = good.layout
        underBar.editButton(0) { $0.rect = Rect(x: 20, y: 4, width: 60, height: 44) }
        let bar = errors(.statusBar, in: findings(underBar))
        #expect(bar.count == 1)
        #expect(bar.first?.message.contains("lies under the status bar") == true)
        // With the status bar left out, the Dynamic Island still takes taps.
        var request = RenderRequest(
            folder: try DocumentFolder(url: folder.folder("nochrome", files: testAgreement), appFiles: XcodeAppFiles()),
            profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "en", orientation: .portrait,
            appearance: .light)
        request.showsSystemChrome = false
        var bare = try renderer.render(request).layout
        #expect(bare.semantics.statusBar == nil)
        let island = try #require(bare.semantics.cutout)
        bare.editButton(0) { $0.rect = Rect(x: island.midX - 30, y: island.minY, width: 60, height: 44) }
        #expect(errors(.statusBar, in: findings(bare)).first?.message.contains("lies under the cut-out") == true)
    }

    @Test func dynamicTypeWarnsWhenAX3CutsTheTitleAndPassesTheGoodScreen() throws {
        func request(_ files: [String: String], name: String) throws -> RenderRequest {
            RenderRequest(folder: try DocumentFolder(url: folder.folder(name, files: files), appFiles: XcodeAppFiles()),
                          profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: "en", orientation: .landscape,
                          appearance: .light)
        }
        #expect(try renderer.dynamicTypeFindings(for: request(testAgreement, name: "dt-good"), device: "iphone-se-3").isEmpty)
        var long = testAgreement
        long["en.md"] = "# Your privacy choices for Morning Reads and its partners\n\nRead the [Privacy Notice](https://example.com/p)."
        let findings = try renderer.dynamicTypeFindings(for: request(long, name: "dt-long"), device: "iphone-se-3")
        #expect(findings.count == 1)
        #expect(findings.first?.rule == LintRule.dynamicType && findings.first?.severity == .warning)
        #expect(findings.first?.message.contains("at the AX3 text size") == true)
    }

    @Test func everyRuleIsTested() {
        // The ids this suite exercises; a new rule must add its cases here.
        let tested: Set<String> = ["contrast.text", "contrast.button-edge", "target.size", "choice.decline-present",
                                   "choice.equal-treatment", "layout.safe-area", "layout.truncation", "layout.buttons-visible",
                                   "links.scheme", "links.placeholder-host", "links.policy-present", "text.bundled-consent", "att.no-allow-instruction", "choice.dismiss-as-consent", "text.purpose-named", "links.parity", "text.min-size", "text.density",
                                   "text.missing-glyphs", "text.language-mix", "launch.decline-explains-outcome",
                                   "att.single-action", "att.no-allow-wording", "att.no-incentive", "links.text-controls",
                                   "layout.status-bar", "text.dynamic-type",
                                   // SystemPromptTests exercises the purpose-string rules.
                                   "prompt.purpose-present", "prompt.purpose-localized", "prompt.purpose-specific",
                                   // SystemWordsTests exercises the missing iOS words.
                                   "prompt.system-words-missing",
                                   // PromptKindsTests exercises the format specifiers.
                                   "text.format-specifier",
                                   // XcodeProjectTests exercises the Xcode variables.
                                   "app.unexpanded-variable",
                                   // ScrollTests exercises the anchors.
                                   "links.anchor-exists",
                                   // FlowTests exercises the flow rules.
                                   "flow.permissions-after-consent", "flow.att-after-explainer",
                                   // AndroidLintTests exercises China's flow rules on pixel-9.
                                   "flow.consent-on-launch", "flow.decline-second-popup",
                                   // AndroidPurposeTests exercises the purpose banner's rules.
                                   "prompt.purpose-shown", "prompt.purpose-declared",
                                   // RealScreenLintTests exercises these.
                                   "choice.pre-ticked", "text.implied-consent", "text.forced-consent",
                                   // LoginConsentTests exercises the login page's rules.
                                   "login.unticked-proceeds", "login.no-box"]
        #expect(Set(LintRule.builtIn.map(\.rawValue)) == tested)
    }
}
