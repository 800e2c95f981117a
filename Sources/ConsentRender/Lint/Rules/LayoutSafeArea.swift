// `layout.safe-area`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let safeArea: LintRule = "layout.safe-area"
}

extension LintRuleInfo {
    static let safeArea = LintRuleInfo(
        rule: .safeArea, severity: "error",
        summary: "buttons and visible links inside the safe area and clear of the display's rounded corners",
        source: "Apple HIG, layout",
        explanation: RuleExplanation(
            checks: "Buttons and visible links are inside the safe area and clear of the display's rounded corners.",
            why: "What sits under a rounded corner or the home indicator cannot be tapped reliably. Apple Human Interface Guidelines, layout.",
            fix: "Keep the default card margins (style.card.margin) or shorten the body."))
}

extension PageLintRule {
    static let safeArea = PageLintRule(.safeArea) { $0.safeArea() }
}

extension PageLint {
    /// `layout.safe-area`: inside the safe area and clear of the display's rounded corners.
    func safeArea() -> [LintFinding] {
        let safe = page.safeRect
        var results: [LintFinding] = []
        for element in interactive {
            if !safe.contains(element.rect) {
                results.append(finding(.safeArea, .error, element.name, element.rect,
                                       "leaves the safe area (under the status bar, notch or home indicator)"))
            } else if let corner = cornerClipping(element.rect) {
                results.append(finding(.safeArea, .error, element.name, element.rect,
                                       "reaches into the display's rounded \(corner) corner"))
            }
        }
        return results
    }
}
