// `text.purpose-named`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let purposeNamed: LintRule = "text.purpose-named"
}

extension LintRuleInfo {
    static let purposeNamed = LintRuleInfo(
        rule: .purposeNamed, severity: "warning",
        summary: "a consent screen says what the data is for: at least one purpose (analytics, ads, personalisation, security, \"用于…\", \"afin de\", \"um … zu\", …: words below); a cookie banner that only says \"we use cookies\" warns",
        source: "GDPR Art. 4(11), 6(1)(a) and 13(1)(c); EDPB Guidelines 05/2020 (specific, informed consent); PIPL Art. 14 and 17",
        explanation: RuleExplanation(
            checks: "The screen that asks for consent names at least one purpose: what the data is used for (analytics, advertising, personalisation, security, \"用于推荐上车点\", \"afin de mesurer l'audience\", \"um Ihnen Angebote zu zeigen\"). A banner that only says \"We use cookies\" with Accept and Decline warns.",
            why: "Consent must be specific and informed: the user agrees to purposes, so the request has to name them. GDPR Art. 4(11), 6(1)(a) and 13(1)(c); EDPB Guidelines 05/2020; PIPL Art. 14 and 17.",
            fix: "Say in a sentence what the data is for (\"We use cookies to measure visits and to show ads\"), and link the policy for the rest."))
}

extension PageLintRule {
    static let purposeNamed = PageLintRule(.purposeNamed) { $0.purposeNamed() }
}

extension PageLint {
    /// `text.purpose-named` (warning): a consent screen that names no purpose at all.
    func purposeNamed() -> [LintFinding] {
        // Only a screen that asks: accept and decline; a decline confirmation leads back instead.
        guard accept != nil, decline != nil, !page.buttons.contains(where: { $0.role == .review }) else { return [] }
        guard WordLists.firstMatch(in: screenText, of: .purpose, language: page.language) == nil else { return [] }
        return [finding(.purposeNamed, .warning, "text", page.body.viewport,
                        "names no purpose: the user is asked to agree without being told what the data is for; say it in a sentence "
                        + "(GDPR Art. 13(1)(c), EDPB Guidelines 05/2020; PIPL Art. 17)")]
    }
}
