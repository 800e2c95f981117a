// `text.bundled-consent`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let bundledConsent: LintRule = "text.bundled-consent"
}

extension LintRuleInfo {
    static let bundledConsent = LintRuleInfo(
        rule: .bundledConsent, severity: "warning",
        summary: "the text does not make logging in or signing up the consent (\"登录即代表同意\", \"By signing up, you agree to our Privacy Policy\"; words below)",
        source: "PIPL Art. 14 and 16; GDPR Art. 7(2) and 7(4); 工信部信管函〔2023〕26号",
        explanation: RuleExplanation(
            checks: "The text does not make logging in or registering the act of consent (\"登录即代表您同意《用户协议》《隐私政策》\", \"By signing up, you agree to our Privacy Policy\", \"En vous inscrivant, vous acceptez…\", \"Mit der Registrierung stimmen Sie … zu\"). A warning: no regulator's text names the pattern yet.",
            why: "Consent bundled into the service is neither separate nor freely given: PIPL Art. 14 asks for consent given voluntarily and explicitly, and Art. 16 bars refusing the service to one who declines processing it does not need; GDPR Art. 7(2) asks for a request clearly distinguishable from other matters, and Art. 7(4) weighs consent made a condition of the service. MIIT's 2023 notice asks apps not to induce consent.",
            fix: "Ask for the agreement separately: an unticked box beside \"我已阅读并同意《用户协议》《隐私政策》\", or a consent dialog before the login screen."))
}

extension PageLintRule {
    static let bundledConsent = PageLintRule(.bundledConsent) { $0.bundledConsent() }
}

extension PageLint {
    /// `text.bundled-consent` (warning): logging in or signing up made the consent.
    func bundledConsent() -> [LintFinding] {
        guard let match = WordLists.firstMatch(in: screenText, of: .bundledConsent, language: page.language) else { return [] }
        return [finding(.bundledConsent, .warning, "text", page.body.viewport,
                        "says '\(match.text)': logging in or signing up is made the consent, bundled with the service (PIPL Art. 14 "
                        + "and 16; GDPR Art. 7(2) and 7(4)); ask separately, with an unticked box or a consent dialog before login")]
    }
}
