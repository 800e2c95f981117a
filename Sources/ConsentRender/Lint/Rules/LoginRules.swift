// `login.unticked-proceeds` and `login.no-box`: the login-consent template's rules, what
// docs/lint.md says of them, their explanations and their checks.

extension LintRule {
    public static let loginUntickedProceeds: LintRule = "login.unticked-proceeds"
    public static let loginNoBox: LintRule = "login.no-box"
}

extension LintRuleInfo {
    static let loginUntickedProceeds = LintRuleInfo(
        rule: .loginUntickedProceeds, severity: "error",
        summary: "a login page's agreement box must be ticked before login goes ahead (`login.whenUnticked` is not `proceeds`)",
        source: "PIPL Art. 14; 工信部信管函〔2023〕26号; GDPR Art. 4(11) and 7(2)",
        explanation: RuleExplanation(
            checks: "On a login-consent page with an agreement box, login.whenUnticked says what tapping login does before the box is ticked; \"proceeds\" (login goes ahead) is an error.",
            why: "A box the user may leave unticked and still log in records no act of consent: logging in becomes the consent, bundled with the service. PIPL Art. 14 asks for consent given voluntarily and explicitly by an informed act; MIIT's 2023 notice asks apps not to induce consent; GDPR Art. 4(11) asks for a clear affirmative act, and Art. 7(2) a request distinguishable from other matters.",
            fix: "Answer an unticked login without logging in: set login.whenUnticked to \"toast\", \"shake\", \"dialog\" or \"disabled\"."))

    static let loginNoBox = LintRuleInfo(
        rule: .loginNoBox, severity: "warning",
        summary: "a login page's agreement line has a check box (a task-list item), not a notice that logging in is agreement",
        source: "PIPL Art. 14 and 16; GDPR Art. 7(2) and 7(4); 工信部信管函〔2023〕26号",
        explanation: RuleExplanation(
            checks: "On a login-consent page the agreement line is a task-list item (- [ ] …), drawn with a box the user ticks. A paragraph draws a notice without one, so logging in is taken as agreement. A warning, as text.bundled-consent is (which reports the notice instead when its words say so): no regulator's text names the pattern yet.",
            why: "Consent bundled into the service is neither separate nor freely given: PIPL Art. 14 and 16; GDPR Art. 7(2) and 7(4); MIIT's 2023 notice asks apps not to induce consent.",
            fix: "Write the agreement line as a task-list item: - [ ] 我已阅读并同意[《用户协议》](…)和[《隐私政策》](…)."))
}

extension PageLintRule {
    static let loginUntickedProceeds = PageLintRule(.loginUntickedProceeds) { $0.loginUntickedProceeds() }
    static let loginNoBox = PageLintRule(.loginNoBox) { $0.loginNoBox() }
}

extension PageLint {
    /// `login.unticked-proceeds`: login goes ahead with the agreement box unticked.
    func loginUntickedProceeds() -> [LintFinding] {
        guard let login = page.semantics.login, login.hasBox, login.whenUnticked == .proceeds else { return [] }
        let button = page.buttons.first { $0.role == .login }
        return [finding(.loginUntickedProceeds, .error, "login button", button?.rect,
                        "login goes ahead with the agreement box unticked (login.whenUnticked: \"proceeds\"), so the box records no "
                        + "consent and logging in becomes it (PIPL Art. 14; GDPR Art. 4(11)); answer an unticked login with \"toast\", "
                        + "\"shake\", \"dialog\" or \"disabled\"")]
    }

    /// `login.no-box`: the agreement line is a notice without a box (unless its words already
    /// drew `text.bundled-consent`, which says the same).
    func loginNoBox() -> [LintFinding] {
        guard let login = page.semantics.login, !login.hasBox, bundledConsent().isEmpty else { return [] }
        return [finding(.loginNoBox, .warning, "agreement line", page.body.viewport,
                        "the agreement line has no check box, so logging in is taken as agreement (consent bundled into login; PIPL "
                        + "Art. 14 and 16; GDPR Art. 7(2)); write it as a task-list item, - [ ] 我已阅读并同意…, to draw a box the user ticks")]
    }
}
