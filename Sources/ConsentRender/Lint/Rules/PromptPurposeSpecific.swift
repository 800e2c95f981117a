// `prompt.purpose-specific`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let promptPurposeSpecific: LintRule = "prompt.purpose-specific"
}

extension LintRuleInfo {
    static let promptPurposeSpecific = LintRuleInfo(
        rule: .promptPurposeSpecific, severity: "warning",
        summary: "each purpose string is at least about 30 characters (12 in Chinese or Japanese) and does not only say the app \"needs\" it, that it is \"required\" or that it \"improves the experience\" without a use (\"…to suggest nearby pick-up points\")",
        source: "App Review 5.1.1(ii)",
        explanation: RuleExplanation(
            checks: "Each purpose string says what the data is used for, not only that the app needs it. A warning.",
            why: "App Review Guideline 5.1.1(ii): purpose strings must explain the use.",
            fix: "Name the use: \"…to suggest nearby pick-up points\"."))
}
