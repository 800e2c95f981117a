// `text.density`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let density: LintRule = "text.density"
}

extension LintRuleInfo {
    static let density = LintRuleInfo(
        rule: .density, severity: "error",
        summary: "line height at least 1.2× the font size",
        source: "MIIT, same rule",
        explanation: RuleExplanation(
            checks: "Line height is at least 1.2 times the font size.",
            why: "MIIT, the same rule: text too dense to read (文字过小过密).",
            fix: "Raise style.text.lineSpacing."))
}

extension PageLintRule {
    static let density = PageLintRule(.density) { $0.textSizes().filter { $0.rule == LintRule.density } }
}
