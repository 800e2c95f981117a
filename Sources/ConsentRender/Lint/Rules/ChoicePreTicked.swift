// `choice.pre-ticked`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let preTicked: LintRule = "choice.pre-ticked"
}

extension LintRuleInfo {
    static let preTicked = LintRuleInfo(
        rule: .preTicked, severity: "error",
        summary: "no task-list check box (`- [x]`) starts ticked, and no preferences switch (a purpose's `\"on\": true`) starts on",
        source: "CJEU C-673/17 (Planet49); GDPR Recital 32; PIPL Art. 14; MIIT: no 默认勾选",
        explanation: RuleExplanation(
            checks: "No consent check box (a Markdown task list item, - [x]) starts ticked, and no switch of a preferences layer (a purpose with \"on\": true that is not \"required\") starts on.",
            why: "A ticked box is not an affirmative act by the user. CJEU C-673/17 (Planet49); GDPR Recital 32; PIPL Art. 14; MIIT's rule against 默认勾选 (boxes ticked by default).",
            fix: "Start every box unticked (write - [ ] instead of - [x]) and every switch off (remove \"on\": true)."))
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
            let fold = shown ? "" : " (below the fold)"
            let law = "(CJEU C-673/17 Planet49; GDPR Recital 32; PIPL Art. 14; MIIT: no 默认勾选)"
            if box.control == .switch {
                return finding(.preTicked, .error, "switch \(index + 1)", shown ? box.rect : nil,
                               "'\(box.text)'\(fold) starts switched on; consent to a purpose is a switch the user turns on, never one on for "
                               + "them \(law); remove \"on\": true from that purpose in document.json (or mark a purpose that needs no consent "
                               + "\"required\": true)")
            }
            return finding(.preTicked, .error, "checkbox \(index + 1)", shown ? box.rect : nil,
                           "'\(box.text)'\(fold) starts ticked; consent is a box the user ticks, never one ticked for them \(law); "
                           + "draw it unticked: - [ ] instead of - [x]")
        }
    }
}
