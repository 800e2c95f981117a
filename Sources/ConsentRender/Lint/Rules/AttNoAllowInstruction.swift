// `att.no-allow-instruction`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let attNoAllowInstruction: LintRule = "att.no-allow-instruction"
}

extension LintRuleInfo {
    static let attNoAllowInstruction = LintRuleInfo(
        rule: .attNoAllowInstruction, severity: "error",
        summary: "the explainer does not tell the user which of the system alert's buttons to tap (\"tap Allow on the next screen\", \"请在下一步点击“允许”\"; words below); a sentence naming both answers is a neutral account and passes",
        source: "HIG, Accessing private data (ATT); App Review 5.1.1(iv)",
        explanation: RuleExplanation(
            checks: "The tracking explainer does not direct the user to the system alert's Allow button (\"tap Allow on the next screen\", \"请在下一步点击“允许”\", \"Tippen Sie auf „Erlauben“\", \"touchez « Autoriser »\"). A sentence that names both answers (\"tap Allow or Ask App Not to Track\") passes.",
            why: "Apple's Human Interface Guidelines say not to draw people's attention to the system alert's Allow button, and App Review 5.1.1(iv) rejects apps that try to manipulate people into consenting.",
            fix: "Say what tracking is for and that the choice is theirs; leave the buttons to the system alert."))
}

extension PageLintRule {
    static let attNoAllowInstruction = PageLintRule(.attNoAllowInstruction) { lint in
        let text = lint.page.textBlocks.map(\.text).joined(separator: "\n")
        guard let match = WordLists.firstMatch(in: text, of: .allowInstruction, language: lint.page.language, unless: [.bothAnswers])
        else { return [] }
        return [lint.finding(.attNoAllowInstruction, .error, "text", lint.page.body.viewport,
                             "says '\(match.text)' (\(match.language)): it tells the user which of the system alert's buttons to tap; "
                             + "Apple's guidelines forbid drawing attention to Allow (HIG, App Review 5.1.1(iv)); explain the choice and "
                             + "leave the buttons to the alert")]
    }
}
