// `att.single-action`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let attSingleAction: LintRule = "att.single-action"
}

extension LintRuleInfo {
    static let attSingleAction = LintRuleInfo(
        rule: .attSingleAction, severity: "error",
        summary: "an ATT explainer has exactly one control, `continue`; a second action (`\"secondaryAction\": \"notNow\"`) fails",
        source: "Apple, \"Asking permission to track\"; App Review 5.1.1(iv)",
        explanation: RuleExplanation(
            checks: "An ATT explainer offers exactly one action, Continue, which leads to the system prompt; a second action such as \"Not Now\" fails.",
            why: "Apple's guidance on asking permission to track; App Review Guideline 5.1.1(iv): the explainer may not pre-empt or bypass the system prompt.",
            fix: "Remove \"secondaryAction\" from document.json; the system prompt gives the user both choices."))
}

extension PageLintRule {
    /// `att.single-action`, `att.no-allow-wording`, `att.no-incentive` (App Store Review
    /// Guideline 5.1.1(iv) and Apple's ATT guidance): the explainer template's rules.
    static let attSingleAction = PageLintRule(.attSingleAction) { lint in
        let page = lint.page
        guard page.buttons.count != 1 || page.buttons.first?.role != .continue else { return [] }
        return [lint.finding(.attSingleAction, .error, "buttons", page.buttons.first?.rect,
                             "an explainer offers exactly one action, leading to the system prompt; this one has "
                             + "\(page.buttons.count) (\(page.buttons.map(\.label).joined(separator: ", "))); remove \"secondaryAction\" "
                             + "from document.json: the system prompt gives both choices")]
    }
}
