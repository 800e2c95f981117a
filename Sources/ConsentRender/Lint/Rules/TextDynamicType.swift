// `text.dynamic-type`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let dynamicType: LintRule = "text.dynamic-type"
}

extension LintRuleInfo {
    static let dynamicType = LintRuleInfo(
        rule: .dynamicType, severity: "warning",
        summary: "at the AX3 text size (Android: font scale 2.0), no title or label cut short and every button on screen",
        source: "Apple HIG, \"Typography: Dynamic Type\"; Android font size settings; WCAG 2.2 SC 1.4.4 (resize text)",
        explanation: RuleExplanation(
            checks: "At the AX3 text size (on Android the largest font scale, 2.0) no title or label is cut short and every button stays on screen. A warning.",
            why: "Users who set large text must still be able to choose. Apple Human Interface Guidelines, Dynamic Type; WCAG 2.2 success criterion 1.4.4.",
            fix: "Shorten the title or labels, or let the buttons stack."))
}
