// `layout.status-bar`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let statusBar: LintRule = "layout.status-bar"
}

extension LintRuleInfo {
    static let statusBar = LintRuleInfo(
        rule: .statusBar, severity: "error",
        summary: "no button or visible link under the status bar or the cut-out",
        source: "Apple HIG (status bar)",
        explanation: RuleExplanation(
            checks: "No button or visible link lies under the status bar or the Dynamic Island or notch.",
            why: "iOS takes touches there for itself. Apple Human Interface Guidelines, status bar.",
            fix: "Keep the card inside the safe area (style.card.margin) or shorten the text."))
}

extension PageLintRule {
    static let statusBar = PageLintRule(.statusBar) { $0.statusBarClear() }
}

extension PageLint {
    /// `layout.status-bar`: no button or visible link under the status bar or the cut-out.
    func statusBarClear() -> [LintFinding] {
        let areas = [page.semantics.statusBar.map { ("the status bar", $0.rect) }, page.semantics.cutout.map { ("the cut-out", $0) }]
            .compactMap { $0 }
        var results: [LintFinding] = []
        for element in interactive {
            if let (name, _) = areas.first(where: { $0.1.intersection(element.rect) != nil }) {
                results.append(finding(.statusBar, .error, element.name, element.rect,
                                       "lies under \(name), where iOS draws over the app and a tap does not reach it"))
            }
        }
        return results
    }
}
