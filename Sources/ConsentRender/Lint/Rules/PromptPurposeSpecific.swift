// `prompt.purpose-specific`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let promptPurposeSpecific: LintRule = "prompt.purpose-specific"
}

extension LintRuleInfo {
    static let promptPurposeSpecific = LintRuleInfo(
        rule: .promptPurposeSpecific, severity: "warning",
        summary: "each `NS…UsageDescription` the Info.plist has, in each language, is at least 20 Latin letters' worth (8 Chinese or Japanese characters, 10 Korean) and does not only say the app \"needs\" it, that it is \"required\" or that it \"improves the experience\" without a use (\"…to suggest nearby pick-up points\", \"…才能拨打电话\", \"地図を表示するための…\"), judged in its language's own words",
        source: "App Review 5.1.1(ii)",
        explanation: RuleExplanation(
            checks: "Each purpose string says what the data is used for, not only that the app needs it. A warning.",
            why: "App Review Guideline 5.1.1(ii): purpose strings must explain the use.",
            fix: "Name the use: \"…to suggest nearby pick-up points\"."))
}
