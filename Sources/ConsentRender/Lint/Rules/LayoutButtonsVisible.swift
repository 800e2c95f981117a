// `layout.buttons-visible`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let buttonsVisible: LintRule = "layout.buttons-visible"
}

extension LintRuleInfo {
    static let buttonsVisible = LintRuleInfo(
        rule: .buttonsVisible, severity: "error",
        summary: "both buttons fully on screen and in the dialog, not overlapping, in every orientation",
        source: "App Review Guideline 5.1.1",
        explanation: RuleExplanation(
            checks: "Every button is fully on screen and in the dialog, none overlapping, in every orientation.",
            why: "A choice the user cannot see is no choice. App Review Guideline 5.1.1.",
            fix: "Shorten the text, or let the body scroll (it does by default) so the buttons stay in view."))
}

extension PageLintRule {
    static let buttonsVisible = PageLintRule(.buttonsVisible) { $0.buttonsVisible() }
}

extension PageLint {
    /// `layout.buttons-visible`: both buttons wholly on screen, in the dialog, not overlapping.
    func buttonsVisible() -> [LintFinding] {
        let screen = page.screenRect
        var results = page.buttons.compactMap { button -> LintFinding? in
            guard !(screen.contains(button.rect) && page.dialog.rect.contains(button.rect)) else { return nil }
            return finding(.buttonsVisible, .error, "\(button.role.rawValue) button", button.rect,
                           "is not fully visible in \(page.orientation.rawValue)")
        }
        if let accept, let decline, accept.rect.intersection(decline.rect) != nil {
            results.append(finding(.buttonsVisible, .error, "buttons", accept.rect, "the accept and decline buttons overlap"))
        }
        let declared = page.semantics.declaredActions
        let drawn = declared.filter { role in page.buttons.contains { $0.role == role } }
        if drawn.count < declared.count {
            results.append(finding(.buttonsVisible, .error, "buttons", nil,
                                   "the screen shows \(drawn.count) of its \(declared.count) buttons"))
        }
        return results
    }
}
