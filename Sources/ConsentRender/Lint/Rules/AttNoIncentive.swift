// `att.no-incentive`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let attNoIncentive: LintRule = "att.no-incentive"
}

extension LintRuleInfo {
    static let attNoIncentive = LintRuleInfo(
        rule: .attNoIncentive, severity: "error",
        summary: "nothing offered for allowing tracking: rewards, coins, points, discounts, the app staying free, supporting the developer (words below)",
        source: "App Review 3.2.2(vi), 5.1.1(iv)",
        explanation: RuleExplanation(
            checks: "The explainer offers nothing in return for allowing tracking: rewards, coins, points, discounts, keeping the app free, supporting the developer, in every language with built-in strings (docs/lint.md lists the words).",
            why: "Apple rejects apps that offer incentives for allowing tracking. App Review Guidelines 3.2.2(vi) and 5.1.1(iv).",
            fix: "Explain what tracking is used for and what changes without it; promise nothing in return."))
}

extension PageLintRule {
    static let attNoIncentive = PageLintRule(.attNoIncentive) { lint in
        let text = lint.page.textBlocks.map(\.text).joined(separator: "\n")
        guard let match = WordLists.firstMatch(in: text, of: .incentive, language: lint.page.language, unless: [.noIncentive]) else { return [] }
        return [lint.finding(.attNoIncentive, .error, "text", lint.page.body.viewport,
                             "says '\(match.text)' (\(match.language)): something in return for allowing tracking, an app that stays "
                             + "free or a developer to support included, is an incentive, and Apple rejects it (App Review 3.2.2(vi), "
                             + "5.1.1(iv))")]
    }
}
