// `choice.pre-ticked`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let preTicked: LintRule = "choice.pre-ticked"
}

extension LintRuleInfo {
    static let preTicked = LintRuleInfo(
        rule: .preTicked, severity: "error",
        summary: "no task-list check box (`- [x]`) starts ticked",
        source: "CJEU C-673/17 (Planet49); GDPR Recital 32; PIPL Art. 14; MIIT: no 默认勾选",
        explanation: RuleExplanation(
            checks: "No consent check box (a Markdown task list item, - [x]) starts ticked.",
            why: "A ticked box is not an affirmative act by the user. CJEU C-673/17 (Planet49); GDPR Recital 32; PIPL Art. 14; MIIT's rule against 默认勾选 (boxes ticked by default).",
            fix: "Start every box unticked: write - [ ] instead of - [x]."))
}

extension PageLintRule {
    static let preTicked = PageLintRule(.preTicked) { $0.preTicked() }
}

extension PageLint {
    /// `choice.pre-ticked`: a consent box that starts ticked.
    func preTicked() -> [LintFinding] {
        page.semantics.body.checkboxes.enumerated().compactMap { index, box in
            guard box.checked, box.tickedByUser != true else { return nil }
            let shown = box.rect.intersection(page.body.viewport) != nil
            return finding(.preTicked, .error, "checkbox \(index + 1)", shown ? box.rect : nil,
                           "'\(box.text)'\(shown ? "" : " (below the fold)") starts ticked; consent is a box the user ticks, never one ticked for them (CJEU C-673/17 "
                           + "Planet49; GDPR Recital 32; PIPL Art. 14; MIIT: no 默认勾选); draw it unticked: - [ ] instead of - [x]")
        }
    }
}
