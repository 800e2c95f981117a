// `contrast.button-edge`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let contrastButtonEdge: LintRule = "contrast.button-edge"
}

extension LintRuleInfo {
    static let contrastButtonEdge = LintRuleInfo(
        rule: .contrastButtonEdge, severity: "error",
        summary: "each button's fill or border at least 3:1 against the card (a plain text button or a link has no edge; `contrast.text` judges its words)",
        source: "WCAG 2.2 SC 1.4.11",
        explanation: RuleExplanation(
            checks: "Each button's fill, or its outline, is at least 3:1 against the card, so the button can be seen as a button. Text buttons and links have no edge and are judged by contrast.text.",
            why: "A control that cannot be seen cannot be chosen. WCAG 2.2 success criterion 1.4.11 (non-text contrast).",
            fix: "Give the button a darker fill or a visible border (style.colors)."))
}

extension PageLintRule {
    static let contrastButtonEdge = PageLintRule(.contrastButtonEdge) { $0.buttonEdges() }
}

extension PageLint {
    /// `contrast.button-edge`: WCAG 1.4.11, a button's fill or border 3:1 against the card.
    func buttonEdges() -> [LintFinding] {
        page.buttons.compactMap { button in
            // A text button or link has no edge to see: its words are the control (contrast.text judges them).
            if button.fill.alpha == 0, button.border == nil { return nil }
            // An inactive control is exempt (WCAG 1.4.11).
            if button.disabled { return nil }
            let fill = ContrastRatio.of(button.fill, on: card)
            let border = button.border.map { ContrastRatio.of($0, on: card) } ?? 0
            guard max(fill, border) < 3 else { return nil }
            return finding(.contrastButtonEdge, .error, "\(button.role.rawValue) button", button.rect,
                           "its fill is \(ContrastRatio.format(fill)) against the card"
                           + (button.border == nil ? " and it has no border" : " and its border \(ContrastRatio.format(border))")
                           + "; WCAG 1.4.11 needs 3:1 for one of them")
        }
    }
}
