// `flow.att-after-explainer`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let flowATTAfterExplainer: LintRule = "flow.att-after-explainer"
}

extension LintRuleInfo {
    static let flowATTAfterExplainer = LintRuleInfo(
        rule: .flowATTAfterExplainer, severity: "error",
        summary: "the ATT prompt is reached only through an ATT explainer's `continue`, never first",
        source: "Apple, \"Asking permission to track\"; App Review 5.1.1(iv)",
        explanation: RuleExplanation(
            checks: "The tracking prompt is reached only through an ATT explainer's Continue, never first.",
            why: "Apple's guidance on asking permission to track; App Review Guideline 5.1.1(iv).",
            fix: "Put an att-explainer step before the prompt:att step in flow.json."))
}
