import Foundation
import Testing
@testable import ConsentRender

/// Issue 35's rules that need no new screen: each catches its fault in zh-Hans, en, fr and de, and
/// passes the compliant wording beside it.
@Suite struct ConsentScreenRulesTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    func lint(_ name: String, language: String, markdown: String, template: String? = nil) throws -> [LintFinding] {
        var files = ["\(language).md": markdown]
        if let template { files["document.json"] = #"{ "template": "\#(template)" }"# }
        let page = try LintTests.render(renderer, files: files, in: folder, name: name, language: language)
        return renderer.lint(page, device: "iphone-15-pro")
    }

    static let policy: [String: String] = [
        "zh-Hans": "请阅读[《隐私政策》](https://yunfan.cn/privacy)。", "en": "Read our [Privacy Policy](https://yunfan.cn/privacy).",
        "fr": "Lisez notre [politique de confidentialité](https://yunfan.cn/privacy).",
        "de": "Lesen Sie unsere [Datenschutzerklärung](https://yunfan.cn/privacy).",
    ]

    @Test(arguments: [
        ("zh-Hans", "登录即代表您同意《用户协议》和《隐私政策》。", "我们会在您登录前单独征求您的同意。"),
        ("en", "By signing up, you agree to our Terms of Service and Privacy Policy.", "Please read our policy before you sign up."),
        ("fr", "En vous inscrivant, vous acceptez nos conditions et notre politique de confidentialité.",
         "Avant de vous inscrire, lisez notre politique."),
        ("de", "Mit der Registrierung stimmen Sie unseren Nutzungsbedingungen und der Datenschutzerklärung zu.",
         "Bitte lesen Sie vor der Registrierung unsere Datenschutzerklärung."),
    ])
    func consentBundledIntoLoginWarns(language: String, bundled: String, separate: String) throws {
        let title = language == "zh-Hans" ? "# 欢迎\n\n" : "# Welcome\n\n"
        let found = try lint("bundled-\(language)", language: language, markdown: title + bundled + " " + Self.policy[language]!)
            .filter { $0.rule == LintRule.bundledConsent }
        #expect(found.count == 1 && found[0].severity == .warning && found[0].message.contains("logging in or signing up"), "\(found)")
        let clean = try lint("separate-\(language)", language: language, markdown: title + separate + " " + Self.policy[language]!)
        #expect(!clean.contains { $0.rule == LintRule.bundledConsent }, "\(clean)")
    }

    @Test(arguments: [
        ("fr", "Si vous continuez à utiliser l'application, nous considérerons que vous acceptez notre politique.",
         "Si vous refusez, nous n'utiliserons que les cookies nécessaires."),
        ("es", "Si continúas navegando, consideraremos que aceptas el uso de cookies.",
         "Si rechazas, solo usaremos las cookies necesarias."),
        ("it", "Se continui a navigare, accetti l'uso dei cookie.", "Se rifiuti, useremo solo i cookie necessari."),
        ("de", "Wenn Sie fortfahren, gehen wir davon aus, dass Sie mit der Nutzung einverstanden sind.",
         "Wenn Sie ablehnen, verwenden wir nur notwendige Cookies."),
        ("en", "If you continue to use the app, we will assume that you are happy with it.",
         "If you decline, we only use the cookies the app needs."),
    ])
    func conditionalContinuationImpliesConsent(language: String, implied: String, affirmative: String) throws {
        let link = "[Privacy](https://yunfan.cn/privacy)"
        let found = try lint("implied-\(language)", language: language, markdown: "# Cookies\n\n\(implied) \(link)")
            .filter { $0.rule == LintRule.impliedConsent }
        #expect(found.count == 1 && found[0].severity == .warning, "\(language): \(found)")
        let clean = try lint("affirmative-\(language)", language: language, markdown: "# Cookies\n\n\(affirmative) \(link)")
        #expect(!clean.contains { $0.rule == LintRule.impliedConsent }, "\(language): \(clean)")
    }

    @Test(arguments: [
        ("zh-Hans", "请在下一步点击“允许”，以获得更相关的推荐。", "在下一步，您可以选择“允许”或“要求 App 不跟踪”。"),
        ("en", "Tap Allow on the next screen to get offers that fit you.", "On the next screen you can choose Allow or Ask App Not to Track."),
        ("fr", "Touchez « Autoriser » à l'écran suivant pour des offres adaptées.", "À l'écran suivant, vous pourrez autoriser ou refuser le suivi."),
        ("de", "Tippen Sie im nächsten Schritt auf „Erlauben“, um passende Angebote zu erhalten.",
         "Im nächsten Schritt können Sie das Tracking erlauben oder ablehnen."),
    ])
    func anExplainerThatPointsAtAllowFails(language: String, instruction: String, neutral: String) throws {
        let heading = language == "zh-Hans" ? "# 个性化广告\n\n## 您的选择\n\n" : "# Personalised ads\n\n## Your choice\n\n"
        let found = try lint("instruction-\(language)", language: language, markdown: heading + instruction + " " + Self.policy[language]!,
                             template: "att-explainer").filter { $0.rule == LintRule.attNoAllowInstruction }
        #expect(found.count == 1 && found[0].severity == .error && found[0].message.contains("which of the system alert's buttons"),
                "\(found)")
        let clean = try lint("neutral-\(language)", language: language, markdown: heading + neutral + " " + Self.policy[language]!,
                             template: "att-explainer")
        #expect(!clean.contains { $0.rule == LintRule.attNoAllowInstruction }, "\(clean)")
    }

    /// The samples stay free of the new errors (their texts are compliant).
    @Test func theSamplesHaveNoNewErrors() throws {
        for sample in ["privacy-agreement", "att-explainer", "launch-consent", "world-agreement"] {
            let run = try runRenderCLI(["lint", "--document", "Samples/\(sample)", "--devices", "iphone-15-pro", "--format", "json"])
            for rule in [LintRule.bundledConsent, .attNoAllowInstruction, .placeholderHost, .impliedConsent, .purposeNamed, .dismissAsConsent] {
                #expect(!run.stdout.contains("\"\(rule.rawValue)\"") || rule == .placeholderHost,
                        "\(sample): \(rule) fired: \(run.stdout.prefix(600))")
            }
            #expect(run.status == 0, "\(sample): \(run.stderr)")
        }
    }
}

extension ConsentScreenRulesTests {
    @Test(arguments: [("zh-Hans", "知道了", "同意"), ("en", "Got it", "Accept"), ("fr", "J'ai compris", "Accepter"), ("de", "Verstanden", "Akzeptieren")])
    func anAcceptThatReadsAsDismissalFails(language: String, dismissal: String, accept: String) throws {
        func findings(_ label: String, _ name: String) throws -> [LintFinding] {
            let files = ["document.json": #"{ "strings": { "accept": { "\#(language)": "\#(label)" } } }"#,
                         "\(language).md": "# Cookies\n\n" + Self.policy[language]!]
            let page = try LintTests.render(renderer, files: files, in: folder, name: name, language: language)
            return renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == LintRule.dismissAsConsent }
        }
        let found = try findings(dismissal, "dismiss-\(language)")
        #expect(found.count == 1 && found[0].severity == .error && found[0].message.contains("reads as closing a notice"), "\(found)")
        #expect(try findings(accept, "accept-\(language)").isEmpty)
    }
}

extension ConsentScreenRulesTests {
    /// The processing a forced refusal gates, named in the sentence before ("We use your location
    /// for offers. If you refuse, you cannot use the app."), in four languages.
    @Test(arguments: [
        ("zh-Hans", "我们会使用您的位置信息为您推荐附近的优惠。如您拒绝，将无法使用本应用。", "我们会使用您的位置信息为您推荐附近的优惠。您可以随时在设置中关闭。"),
        ("en", "We use your location to show nearby offers. If you refuse, you cannot use the app.",
         "We use your location to show nearby offers. You can turn this off in Settings."),
        ("fr", "Nous utilisons votre localisation pour des offres à proximité. Si vous refusez, vous ne pourrez pas utiliser l'application.",
         "Nous utilisons votre localisation pour des offres à proximité. Vous pouvez la désactiver dans les réglages."),
        ("de", "Wir nutzen Ihren Standort für Angebote in der Nähe. Wenn Sie ablehnen, können Sie die App nicht nutzen.",
         "Wir nutzen Ihren Standort für Angebote in der Nähe. Sie können das in den Einstellungen abschalten."),
    ])
    func aForcedRefusalOfProcessingNamedTheSentenceBeforeWarns(language: String, forced: String, free: String) throws {
        let title = language == "zh-Hans" ? "# 提示\n\n" : "# Privacy\n\n"
        let found = try lint("forced-\(language)", language: language, markdown: title + forced + " " + Self.policy[language]!)
            .filter { $0.rule == LintRule.forcedConsent }
        #expect(found.count == 1 && found[0].severity == .warning, "\(language): \(found)")
        let clean = try lint("free-\(language)", language: language, markdown: title + free + " " + Self.policy[language]!)
        #expect(!clean.contains { $0.rule == LintRule.forcedConsent }, "\(language): \(clean)")
    }
}

extension ConsentScreenRulesTests {
    /// A consent banner that only says it uses cookies names no purpose; one that says what for passes.
    @Test(arguments: [
        ("zh-Hans", "本应用使用 Cookie。", "我们使用 Cookie 统计访问量，用于改进服务。"),
        ("en", "This app uses cookies.", "We use cookies to measure visits and to show you relevant ads."),
        ("fr", "Cette application utilise des cookies.", "Nous utilisons des cookies afin de mesurer l'audience."),
        ("de", "Diese App verwendet Cookies.", "Wir verwenden Cookies, um die Nutzung zu messen und Werbung anzuzeigen."),
    ])
    func aBannerThatNamesNoPurposeWarns(language: String, bare: String, purposeful: String) throws {
        let link = language == "zh-Hans" ? "[《Cookie 政策》](https://yunfan.cn/cookies)" : "[Cookies](https://yunfan.cn/cookies)"
        let found = try lint("bare-\(language)", language: language, markdown: "# Cookies\n\n\(bare) \(link)")
            .filter { $0.rule == LintRule.purposeNamed }
        #expect(found.count == 1 && found[0].severity == .warning && found[0].message.contains("names no purpose"), "\(language): \(found)")
        let clean = try lint("purposeful-\(language)", language: language, markdown: "# Cookies\n\n\(purposeful) \(link)")
        #expect(!clean.contains { $0.rule == LintRule.purposeNamed }, "\(language): \(clean)")
    }
}

extension ConsentScreenRulesTests {
    /// Login footers as real apps' public code writes them (found by a search of public repositories).
    @Test(arguments: [("zh-Hans", "注册或登录即代表您同意《用户协议》"), ("zh-Hans", "登录即代表您同意我们的服务协议和隐私政策"),
                      ("zh-Hant", "通過登錄你同意Lify的《隱私政策和條款》"),
                      ("en", "By signing up, you agree to our Terms and that you have read our Data Use Policy.")])
    func realLoginFootersAreBundledConsent(language: String, footer: String) throws {
        let link = language == "en" ? "[Privacy Policy](https://yunfan.cn/privacy)" : "[《隐私政策》](https://yunfan.cn/privacy)"
        let found = try lint("real-\(language)-\(footer.count)", language: language, markdown: "# Login\n\n\(footer) \(link)")
        #expect(found.contains { $0.rule == LintRule.bundledConsent }, "\(footer): \(found)")
    }

    /// `choice.equal-treatment` judged from the drawn buttons: a filled "Accept all" against grey text.
    @Test(arguments: [
        ("zh-Hans", "# 隐私\n\n我们使用 Cookie 进行数据分析和个性化广告。请阅读[《隐私政策》](https://yunfan.cn/p)。", "管理选项"),
        ("en", "# Privacy\n\nWe use cookies for analytics and personalised ads. Read our [privacy policy](https://yunfan.cn/p).", "Manage"),
        ("fr", "# Confidentialité\n\nNous utilisons des cookies pour les statistiques et la publicité. Lisez notre [politique de confidentialité](https://yunfan.cn/p).", "Gérer"),
        ("de", "# Datenschutz\n\nWir verwenden Cookies für Analyse und Werbung. Lesen Sie unsere [Datenschutzerklärung](https://yunfan.cn/p).", "Verwalten"),
    ])
    func aRefusalDrawnAsGreyTextBesideAFilledAcceptFails(language: String, markdown: String, manage: String) throws {
        func lint(_ name: String, _ settings: String) throws -> [LintFinding] {
            let page = try LintTests.render(renderer, files: ["\(language).md": markdown, "document.json": settings], in: folder,
                                            name: "\(name)-\(language)", language: language)
            return renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == LintRule.equalTreatment }
        }
        let strings = #""strings": { "settings": { "\#(language)": "\#(manage)" } }"#
        // "Accept all" filled, "Manage" as grey text, no decline: the way to refuse is the Manage path.
        let manageText = try lint("manage-text", #"{ "actions": ["settings", "accept"], "settingsStyle": "text", \#(strings) }"#)
        #expect(manageText.contains { $0.severity == .error && $0.element == "settings button" && $0.message.contains("no fill or outline") },
                "\(language): \(manageText)")
        let manageLink = try lint("manage-link", #"{ "actions": ["settings", "accept"], "settingsStyle": "link", \#(strings) }"#)
        #expect(manageLink.contains { $0.severity == .error && $0.element == "settings link" }, "\(language): \(manageLink)")
        // The same Manage drawn as a button is not lower weight (choice.decline-present still asks for a decline).
        let manageButton = try lint("manage-button", #"{ "actions": ["settings", "accept"], \#(strings) }"#)
        #expect(manageButton.isEmpty, "\(language): \(manageButton)")
        // A decline as grey text fails; as a button it passes, whatever Manage looks like.
        let declineText = try lint("decline-text", #"{ "declineStyle": "text" }"#)
        #expect(declineText.contains { $0.severity == .error && $0.element == "decline button" && $0.message.contains("no fill or outline") },
                "\(language): \(declineText)")
        let declineButton = try lint("decline-button", #"{ "actions": ["settings", "decline", "accept"], "settingsStyle": "text", \#(strings) }"#)
        #expect(declineButton.isEmpty, "\(language): \(declineButton)")
    }
}
