import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// The lint on screens as other people write them: the faults regulators cite are caught, and
/// compliant texts the rules were not written from lint without errors.
@Suite struct RealScreenLintTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    func lint(_ name: String, _ files: [String: String], language: String) throws -> [LintFinding] {
        let page = try LintTests.render(renderer, files: files, in: folder, name: name, language: language)
        return renderer.lint(page, device: "iphone-15-pro")
    }

    /// Compliant consent texts: Chinese first-launch popups (a product name and "AndroidID" in Latin
    /// letters among them), EU banners with equal Accept and Reject, ATT explainers that say Continue.
    static let compliant: [(name: String, language: String, settings: String, markdown: String)] = [
        ("gdpr-en", "en", "{}", "# We value your privacy\n\nWe use cookies to measure traffic and to personalise content. You can accept or reject all non-essential cookies. Read our [Cookie Policy](https://example.com/cookies).\n\nYou can change your choice at any time in Settings."),
        ("app-en", "en", "{}", "# Before you start\n\nWe use your location to find drivers near you. Our [Privacy Policy](https://example.com/privacy) explains what we collect and why. Tap Accept to agree, or Decline to use the app without location."),
        ("launch-zh", "zh-Hans", "{}", "# 个人信息保护指引\n\n欢迎使用云帆出行！我们依据[《隐私政策》](https://example.com/zh/privacy)处理您的个人信息。点击“同意”即表示您已阅读并同意上述政策；若不同意本政策，很遗憾我们将无法为您提供服务。"),
        ("latin-in-zh", "zh-Hans", "{}", "# 隐私政策提示\n\n为向您提供出行服务，YunfanGo App 需要收集设备信息（如 AndroidID、IDFA 及网络状态），用于账号安全和风险控制。请仔细阅读[《隐私政策》](https://example.com/zh/p)和[《用户协议》](https://example.com/zh/t)。"),
        ("checkbox-zh", "zh-Hans", "{}", "# 用户协议与隐私政策\n\n请阅读[《隐私政策》](https://example.com/zh/p)。\n\n- [ ] 我已阅读并同意《隐私政策》\n- [ ] 接收优惠活动短信（可选）"),
        ("banner-de", "de", "{}", "# Datenschutz\n\nWir verwenden Cookies, um unser Angebot zu verbessern. Sie können alle akzeptieren oder ablehnen. Mehr dazu in unserer [Datenschutzerklärung](https://example.com/de/datenschutz)."),
        ("cookies-de", "de", "{}", "# Cookie-Einstellungen\n\nMit Ihrer Einwilligung setzen wir Cookies für Statistik und Marketing ein. Details finden Sie in der [Cookie-Richtlinie](https://example.com/de/cookies). Ihre Wahl können Sie jederzeit ändern."),
        ("app-ja", "ja", "{}", "# プライバシーについて\n\n本アプリは配車のために位置情報を利用します。詳しくは[プライバシーポリシー](https://example.com/ja/privacy)をご覧ください。"),
        ("banner-fr", "fr", "{}", "# Votre vie privée\n\nNous utilisons des cookies de mesure d'audience, avec votre accord. Consultez notre [politique de confidentialité](https://example.com/fr/privacy)."),
        ("anchor-en", "en", "{}", "# Privacy\n\nPlease read the [privacy policy](#privacy-policy) below before you choose.\n\n## Privacy policy\n\nWe collect your trips to bill you and nothing else."),
        ("app-ko", "ko", "{}", "# 개인정보 처리 안내\n\n서비스 제공을 위해 위치 정보를 수집합니다. 자세한 내용은 [개인정보 처리방침](https://example.com/ko/privacy)을 확인하세요."),
        ("att-en", "en", #"{ "template": "att-explainer" }"#, "# Personalised ads\n\n## What changes\n\nWe use your advertising identifier to show ads that match your trips. You can change this at any time in Settings. Read our [Privacy Policy](https://example.com/p)."),
        ("att-zh", "zh-Hans", #"{ "template": "att-explainer" }"#, "# 个性化广告\n\n## 会有什么变化\n\n我们会使用广告标识符为您展示与出行相关的广告。您可以随时在“设置”中更改。查看[《隐私政策》](https://example.com/p)。"),
        ("att-de", "de", #"{ "template": "att-explainer" }"#, "# Personalisierte Werbung\n\n## Was sich ändert\n\nWir nutzen die Werbe-ID, um Ihnen passende Anzeigen zu zeigen. Sie können das jederzeit in den Einstellungen ändern. Mehr in der [Datenschutzerklärung](https://example.com/de/p)."),
        // Texts a first-user trial found false alarms in.
        ("scoped-zh", "zh-Hans", "{}", "# 权限说明\n\n请阅读[《隐私政策》](https://example.com/p)。如您拒绝开启定位，将无法使用附近门店推荐功能，但不影响其他功能。拒绝通知权限后，您将无法继续使用消息提醒，其他功能不受影响。如有疑问，可拨打免费客服热线。我们不会视为您已同意。"),
        ("withdraw-en", "en", "{}", "# Your choices\n\nYou can withdraw consent at any time by using the app's privacy settings. If you continue to use the site without choosing, we set only essential cookies. See our [Privacy Policy](https://example.com/p)."),
        ("withdraw-fr", "fr", "{}", "# Vos choix\n\nVous pouvez retirer votre consentement à tout moment en utilisant l'application, rubrique Réglages. Voir notre [politique de confidentialité](https://example.com/p)."),
        ("cookies-use-de", "de", "{}", "# Cookies\n\nDurch die Nutzung von Cookies, denen Sie zustimmen, messen wir die Reichweite. Mehr in der [Datenschutzerklärung](https://example.com/p)."),
        ("att-points-en", "en", #"{ "template": "att-explainer" }"#, "# Personalised ads\n\n## What changes\n\nPick-up points, discounts in your wallet and your location settings do not change. Read our [Privacy Policy](https://example.com/p)."),
        ("tap-zh", "zh-Hans", "{}", "# 隐私政策\n\n点击“同意”即视为您同意上述协议的全部内容。请阅读[《隐私政策》](https://example.com/p)。需要获取相机权限，否则无法使用扫一扫功能。"),
        ("guest-en", "en", "{}", "# Privacy\n\nIf you continue to use the app without agreeing, only basic features are available. Read our [Privacy Policy](https://example.com/p)."),
        ("guest-es", "es", "{}", "# Privacidad\n\nSi continúa navegando sin aceptar, solo usaremos cookies técnicas. Lea nuestra [política de privacidad](https://example.com/p)."),
        ("app-label-zh", "zh-Hans", #"{ "strings": { "accept": { "zh-Hans": "同意并使用App" } } }"#, "# 隐私政策\n\n请阅读[《隐私政策》](https://example.com/p)。"),
        ("hotline-fr", "fr", #"{ "template": "att-explainer" }"#, "# Publicité personnalisée\n\n## Ce qui change\n\nLes annonces restent aussi nombreuses. Questions : appel gratuit au 0 800 000 000. Lisez notre [politique de confidentialité](https://example.com/p)."),
        ("no-change-zh", "zh-Hans", #"{ "template": "att-explainer" }"#, "# 个性化广告\n\n## 会有什么变化\n\n不会影响您的会员积分和优惠券。查看[《隐私政策》](https://example.com/p)。"),
        ("ok-ja", "ja", #"{ "strings": { "accept": { "ja": "OK" } } }"#, "# プライバシー\n\n[プライバシーポリシー](https://example.com/p)をご覧ください。"),
        ("scoped-ja", "ja", "{}", "# 位置情報\n\n位置情報を許可しない場合、周辺検索機能はご利用いただけませんが、その他の機能は通常どおりご利用いただけます。[プライバシーポリシー](https://example.com/p)"),
        ("att-points-ja", "ja", #"{ "template": "att-explainer" }"#, "# パーソナライズ広告\n\n## 変わること\n\n乗車ポイントの履歴は変わりません。[プライバシーポリシー](https://example.com/p)をご覧ください。"),
    ]

    @Test(arguments: compliant.map(\.name))
    func aCompliantTextLintsWithoutErrors(name: String) throws {
        let text = try #require(Self.compliant.first { $0.name == name })
        let findings = try lint(name, ["document.json": text.settings, "\(text.language).md": text.markdown], language: text.language)
        let errors = findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(name): \(errors.map(\.description))")
        // No wording rule raises even a warning on them.
        let wording = findings.filter { [LintRule.impliedConsent, .forcedConsent].contains($0.rule) }
        #expect(wording.isEmpty, "\(name): \(wording.map(\.description))")
    }

    @Test func theTableCoversChineseEnglishAndGermanAndMoreThanTenTexts() {
        #expect(Self.compliant.count >= 10)
        #expect(Set(Self.compliant.map(\.language)).isSuperset(of: ["zh-Hans", "en", "de"]))
    }

    @Test func aPreTickedConsentBoxFails() throws {
        let findings = try lint("ticked", ["zh-Hans.md": "# 隐私政策\n\n请阅读[《隐私政策》](https://example.com/p)。\n\n- [x] 我已阅读并同意《隐私政策》"],
                                language: "zh-Hans")
        let ticked = findings.filter { $0.rule == LintRule.preTicked }
        #expect(ticked.count == 1 && ticked[0].severity == .error && ticked[0].message.contains("我已阅读并同意"))
        // The box is in the link map, ticked, where it is drawn.
        let page = try LintTests.render(renderer, files: ["zh-Hans.md": "# 隐私政策\n\n请阅读[《隐私政策》](https://example.com/p)。\n\n- [x] 我已阅读并同意"],
                                        in: folder, name: "ticked-map", language: "zh-Hans")
        let box = try #require(page.linkMap.checkboxes?.first)
        #expect(box.checked && box.visible && box.text == "我已阅读并同意")
        let rect = try #require(box.rect)
        let scale = page.layout.scale
        // Ticked: the accent fills the box's centre band, apart from the white check mark.
        let inside = page.bitmap.color(x: Int((rect.minX + 2) * scale), y: Int(rect.midY * scale))
        let card = page.bitmap.color(x: Int((rect.minX - 4) * scale), y: Int(rect.midY * scale))
        #expect(inside != card)
    }

    @Test func anExplainerThatSaysAuthoriseOrPromisesTheAppStaysFreeFails() throws {
        let body = "# Personalised ads\n\n## What changes\n\nWe use your advertising identifier for ads. Read our [Privacy Policy](https://example.com/p)."
        // Each language's words on a screen in that language.
        for (language, label, word) in [("en", "Authorise", "authorise"), ("en", "Turn on tracking", "turn on"), ("zh-Hans", "授权", "授权"),
                                        ("de", "Erlauben", "erlauben"), ("en", "Enable ads", "enable"), ("en", "Yes, please", "yes"),
                                        ("fr", "D'accord", "d'accord"), ("ja", "はい", "はい")] {
            let findings = try lint("allow-\(language)-\(word)", ["document.json": #"{ "template": "att-explainer", "strings": { "continue": { "\#(language)": "\#(label)" } } }"#,
                                                     "\(language).md": body], language: language)
            #expect(findings.contains { $0.rule == LintRule.attNoAllowWording && $0.message.contains("'\(word)'") }, "\(label)")
        }
        for (language, text, word) in [("en", "Allowing tracking helps keep the app free of charge.", "keep…free"),
                                       ("en", "Tracking lets you support the developer.", "support the developer"),
                                       ("zh-Hans", "允许追踪即可获得 100 金币。", "金币"), ("de", "So bleibt die App kostenlos.", "bleibt…kostenlos")] {
            let findings = try lint("incentive-\(word)", ["document.json": #"{ "template": "att-explainer" }"#,
                                                         "\(language).md": "# Personalised ads\n\n## Why\n\n\(text) Read our [Privacy Policy](https://example.com/p)."],
                                    language: language)
            #expect(findings.contains { $0.rule == LintRule.attNoIncentive && $0.message.contains("'\(word)'") }, "\(text)")
        }
    }

    @Test func usingTheAppAsConsentWarnsInEveryLanguage() throws {
        for (language, text) in [("en", "By continuing to use the app you agree to our [Privacy Policy](https://example.com/p)."),
                                 ("zh-Hans", "继续使用即视为同意[《隐私政策》](https://example.com/p)。"),
                                 ("de", "Wenn Sie die Website nutzen, sind Sie mit unserer [Datenschutzerklärung](https://example.com/p) einverstanden.")] {
            let findings = try lint("implied-\(language)", ["\(language).md": "# Privacy\n\n\(text)"], language: language)
            let implied = findings.filter { $0.rule == LintRule.impliedConsent }
            #expect(implied.count == 1 && implied[0].severity == .warning, "\(language): \(findings.map(\.description))")
        }
    }

    @Test func refusingAPermissionSaidToBlockTheAppWarnsButDecliningTheAgreementDoesNot() throws {
        let forced = try lint("forced", ["zh-Hans.md": "# 权限说明\n\n请阅读[《隐私政策》](https://example.com/p)。拒绝开启定位权限将无法使用本应用。"],
                              language: "zh-Hans")
        #expect(forced.contains { $0.rule == LintRule.forcedConsent && $0.severity == .warning && $0.message.contains("定位") })
        // The launch-consent sample's decline confirmation ("若不同意本隐私政策，很遗憾我们将无法为您提供服务") lints clean.
        let launch = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/launch-consent"), appFiles: XcodeAppFiles())
        for state in [ScreenState.initial, .declineConfirm] {
            let page = try renderer.render(RenderRequest(folder: launch, profile: try shippedProfiles.profile(id: "iphone-15-pro"),
                                                         requestedLanguage: "zh-Hans", orientation: .portrait, appearance: .light, state: state))
            #expect(!renderer.lint(page, device: "iphone-15-pro").contains { $0.rule == LintRule.forcedConsent })
        }
    }

    @Test func aPolicyLinkThatLeadsNowhereDoesNotCount() throws {
        for (name, link) in [("empty", "[隐私政策]()"), ("anchor", "[隐私政策](#nowhere)"), ("http", "[隐私政策](http:)")] {
            let findings = try lint("policy-\(name)", ["zh-Hans.md": "# 提示\n\n请阅读\(link)。"], language: "zh-Hans")
            #expect(findings.contains { $0.rule == LintRule.policyPresent && $0.severity == .error && $0.message.contains("leads nowhere") },
                    "\(name): \(findings.map(\.description))")
        }
    }

    @Test func englishButtonsUnderAChineseTextWithSomeLatinWordsFail() throws {
        let markdown = "# 隐私政策提示\n\n为保障账号安全，我们会收集设备信息（如 AndroidID）。请阅读[《隐私政策》](https://example.com/p)。"
        let english = try lint("mix", ["document.json": #"{ "strings": { "accept": { "zh-Hans": "Accept" }, "decline": { "zh-Hans": "Decline" } } }"#,
                                       "zh-Hans.md": markdown], language: "zh-Hans")
        #expect(english.filter { $0.rule == LintRule.languageMix }.count == 2)
        let chinese = try lint("nomix", ["zh-Hans.md": markdown], language: "zh-Hans")
        #expect(!chinese.contains { $0.rule == LintRule.languageMix })
    }

    @Test func everyRuleExplainsItself() {
        for info in LintRuleInfo.builtIn {
            let text = info.explanation
            #expect(!text.checks.isEmpty && !text.why.isEmpty && !text.fix.isEmpty, "\(info.rule)")
            #expect(!info.summary.isEmpty && !info.source.isEmpty && ["error", "warning", "error / warning"].contains(info.severity))
        }
        #expect(Set(LintRule.builtIn).count == LintRuleInfo.builtIn.count, "each rule once")
        #expect(LintRule.preTicked.explanation?.why.contains("Planet49") == true)
        #expect(LintRule("notice.hairlines").explanation == nil)
    }

    @Test func theMatrixManifestAndGalleryCarryEachCellsFindings() throws {
        let document = try folder.folder("matrix-ticked", files: [
            "zh-Hans.md": "# 隐私政策\n\n请阅读[《隐私政策》](https://example.com/p)。\n\n- [x] 我已阅读并同意《隐私政策》",
            "en.md": "# Privacy\n\nRead our [Privacy Policy](https://example.com/p).\n\nA paragraph the Chinese file lacks.\n\n- [ ] I agree"])
        let out = folder.url.appendingPathComponent("matrix-out")
        let run = try runRenderCLI(["matrix", "--document", document.path, "--devices", "iphone-15-pro", "--languages", "zh-Hans,en",
                                    "--orientations", "portrait", "--appearances", "light", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let manifest = try JSONDecoder().decode(MatrixManifest.self, from: Data(contentsOf: out.appendingPathComponent("manifest.json")))
        // The languages against each other: findings about the document, in the manifest and at the top of the gallery.
        #expect(manifest.documentFindings?.contains { $0.contains("links.parity") } == true, "\(manifest.documentFindings ?? [])")
        let findings = try #require(manifest.cells.first { $0.language.resolved == "zh-Hans" }?.lint.findings)
        #expect(findings.contains { $0.hasPrefix("error choice.pre-ticked checkbox 1:") })
        let gallery = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains("choice.pre-ticked") && gallery.contains("text.title = cell.lintFindings.join"))
        #expect(gallery.contains("document-findings") && gallery.contains("links.parity"))
    }

    @Test func explainPrintsTheRuleOrNamesTheNearest() throws {
        let explained = try runRenderCLI(["lint", "--explain", "text.forced-consent"])
        #expect(explained.status == 0 && explained.stdout.contains("What it checks:") && explained.stdout.contains("164"))
        let typo = try runRenderCLI(["lint", "--explain", "choice.preticked"])
        #expect(typo.status == 2 && typo.stderr.contains("Did you mean 'choice.pre-ticked'?"))
        let all = try runRenderCLI(["lint", "--explain", "all"])
        #expect(LintRule.builtIn.allSatisfy { all.stdout.contains($0.rawValue + "\n  What it checks:") })
    }

    @Test func theATTWordListsCoverEveryLanguageWithBuiltInStrings() {
        // en-US, es-MX, pt-BR, fr-CA… share their language's words.
        let languages = Set(ChromeStrings.builtIn.keys.map { key in key.hasPrefix("zh-") ? key : String(key.prefix { $0 != "-" }) })
        for list in [WordLists.allowWording, WordLists.incentive] {
            let covered = Set(list.map(\.language))
            #expect(languages.subtracting(covered).isEmpty, "missing: \(languages.subtracting(covered).sorted())")
        }
        // Word starts for spaced scripts: "accept" is not found in "unacceptable", "פרסום" (advertising) holds no reward.
        #expect(WordLists.firstMatch(in: "Accept tracking", of: WordLists.allowWording)?.text == "accept")
        #expect(WordLists.firstMatch(in: "This is unacceptable", of: WordLists.allowWording) == nil)
        #expect(WordLists.firstMatch(in: "אנו משתמשים במזהה לפרסום מותאם", of: WordLists.incentive) == nil)
        #expect(WordLists.firstMatch(in: "กดอนุญาตเพื่อรับ", of: WordLists.allowWording)?.text == "อนุญาต")
    }

    /// The remembered answers (named lists) are the answers: asked twice, in several languages,
    /// with and without `unless`, they agree with the search over the entries themselves.
    @Test func rememberedMatchesAgreeWithTheSearch() {
        let texts = ["Allow tracking to keep this app free", "继续使用即表示您同意", "Tracking keeps the app free? No, it does not change",
                     "Tippen Sie auf Zulassen", "Ничего", "使用本应用即视为同意。不会影响您的使用", ""]
        for text in texts {
            for language in [nil, "en", "zh-Hans", "de", "ru"] as [String?] {
                for (list, unless) in [(WordLists.List.incentive, [WordLists.List.noIncentive]), (.impliedConsent, [.notImplied]),
                                       (.allowWording, []), (.cookiePolicy, [])] {
                    let searched = WordLists.firstMatch(in: text, of: list.entries, language: language,
                                                        unless: unless.flatMap { WordLists.entries(of: $0.entries, for: language) })
                    for _ in 0..<2 {
                        let remembered = WordLists.firstMatch(in: text, of: list, language: language, unless: unless)
                        #expect(remembered?.text == searched?.text && remembered?.language == searched?.language,
                                "\(text) \(language ?? "any") \(list)")
                    }
                }
            }
        }
    }

    @Test func faultsAFirstUserTrialFoundAreCaught() throws {
        // English buttons under Chinese text full of SDK names.
        let mix = try lint("mix-sdk", ["document.json": #"{ "strings": { "accept": { "zh-Hans": "Agree" }, "decline": { "zh-Hans": "Disagree" } } }"#,
                                       "zh-Hans.md": "# 隐私\n\n我们使用 Google Analytics 和 Firebase Crashlytics 统计崩溃。请阅读[《隐私政策》](https://example.com/p)。"],
                           language: "zh-Hans")
        #expect(mix.filter { $0.rule == LintRule.languageMix }.count == 2)
        let body = "# Personalised ads\n\n## What changes\n\nWe use your advertising identifier for ads. Read our [Privacy Policy](https://example.com/p)."
        for (language, label) in [("en", "Agree"), ("en", "I agree"), ("zh-Hans", "同意"), ("de", "Einverstanden"), ("es", "De acuerdo")] {
            let findings = try lint("agree-\(label)", ["document.json": #"{ "template": "att-explainer", "strings": { "continue": { "\#(language)": "\#(label)" } } }"#,
                                                       "\(language).md": body], language: language)
            #expect(findings.contains { $0.rule == LintRule.attNoAllowWording }, "\(label)")
        }
        for (index, (language, text)) in [("en", "You'll also earn 50 points."), ("en", "Keep Yunfan free."), ("en", "Get 20% off your next ride."),
                                          ("en", "So the app costs you nothing."), ("zh-Hans", "零收费，还有额外抽奖机会。"),
                                          ("de", "So bleibt die App für Sie kostenfrei."), ("zh-Hans", "允许追踪即送5元打车券。"),
                                          ("en", "Your next ride is on us."), ("ja", "ポイント2倍キャンペーン中。")].enumerated() {
            let findings = try lint("incentive2-\(index)", ["document.json": #"{ "template": "att-explainer" }"#,
                                                            "\(language).md": "# Personalised ads\n\n## Why\n\n\(text) Read our [Privacy Policy](https://example.com/p)."],
                                    language: language)
            #expect(findings.contains { $0.rule == LintRule.attNoIncentive }, "\(text)")
        }
        for (index, (language, text)) in [("en", "By using Yunfan, you consent to our policy."), ("zh-Hans", "您继续使用本应用，即表示您同意本政策。"),
                                          ("de", "Wenn Sie die App weiter nutzen, stimmen Sie der Verarbeitung zu."),
                                          ("fr", "En poursuivant votre navigation, vous acceptez les cookies."),
                                          ("en", "If you keep browsing, we'll assume you agree.")].enumerated() {
            let findings = try lint("implied2-\(index)", ["\(language).md": "# Privacy\n\n\(text) [Privacy Policy](https://example.com/p)"], language: language)
            #expect(findings.contains { $0.rule == LintRule.impliedConsent }, "\(text)")
        }
        let forced = try lint("forced2", ["zh-Hans.md": "# 权限\n\n若您拒绝授权通讯录，您将不能使用本应用的全部功能。请阅读[《隐私政策》](https://example.com/p)。"],
                              language: "zh-Hans")
        #expect(forced.contains { $0.rule == LintRule.forcedConsent })
    }
}
