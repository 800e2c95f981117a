// `text.implied-consent`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let impliedConsent: LintRule = "text.implied-consent"
}

extension LintRuleInfo {
    static let impliedConsent = LintRuleInfo(
        rule: .impliedConsent, severity: "warning",
        summary: "the text does not treat using the app as agreeing (words below)",
        source: "GDPR Art. 4(11) and Recital 32; EDPB Guidelines 05/2020; PIPL Art. 14",
        explanation: RuleExplanation(
            checks: "The text does not treat using the app as agreeing (\"by continuing to use\", \"继续使用即视为同意\", \"Wenn Sie die Website nutzen, … einverstanden\"). A warning.",
            why: "Consent is an affirmative act; silence or continued use is not consent. GDPR Art. 4(11) and Recital 32; EDPB Guidelines 05/2020; PIPL Art. 14.",
            fix: "Ask the user to tap a choice: \"Tap Agree to accept\", \"点击同意即表示…\"."))
}

extension PageLintRule {
    static let impliedConsent = PageLintRule(.impliedConsent) { $0.impliedConsent() }
}

extension PageLint {
    /// `text.implied-consent` (warning): wording that treats using the app as agreeing.
    func impliedConsent() -> [LintFinding] {
        guard let match = WordLists.firstMatch(in: screenText, of: .impliedConsent, language: page.language, unless: [.notImplied]) else { return [] }
        return [finding(.impliedConsent, .warning, "text", page.body.viewport,
                        "says '\(match.text)': consent must be an affirmative act, not inferred from using the app (GDPR Art. 4(11) "
                        + "and Recital 32, EDPB Guidelines 05/2020; PIPL Art. 14); ask the user to tap a choice instead")]
    }
}
