// `contrast.text`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let contrastText: LintRule = "contrast.text"
}

extension LintRuleInfo {
    static let contrastText = LintRuleInfo(
        rule: .contrastText, severity: "error",
        summary: "title, body, link and button-label text at least 4.5:1 against what is behind it (3:1 for text ≥ 18 pt or ≥ 14 pt bold), in light and dark; with `--tcf` button labels 5:1",
        source: "WCAG 2.2 SC 1.4.3; IAB TCF v2.2",
        explanation: RuleExplanation(
            checks: "Every piece of text on the screen (title, body, links, button labels) stands out from what is behind it: at least 4.5:1, or 3:1 for large text (18 pt, or 14 pt bold), in light and dark appearance; with --tcf, button labels at least 5:1.",
            why: "Text that cannot be read is not information given. WCAG 2.2 success criterion 1.4.3; IAB TCF v2.2 policy for consent buttons.",
            fix: "Darken the text or lighten what is behind it: the brand tint, style.colors, or the decline's opacity in document.json."))
}

extension PageLintRule {
    static let contrastText = PageLintRule(.contrastText) { $0.textContrast() }
}

extension PageLint {
    /// `contrast.text`: WCAG 1.4.3, 4.5:1 (3:1 for large text); TCF 5:1 for button labels.
    func textContrast() -> [LintFinding] {
        var results: [LintFinding] = []
        var seen = Set<String>()
        func check(_ runs: [TextRun], element: (TextRun) -> String, rect blockRect: Rect, background: Color, isLabel: Bool) {
            for run in runs {
                let name = element(run)
                let rect = run.linkIndex.flatMap { page.links[$0].visibleRects.first } ?? blockRect
                let key = "\(name) \(run.color.hex) \(run.color.alpha) \(background.hex)"
                guard seen.insert(key).inserted else { continue }
                let ratio = ContrastRatio.of(run.color, on: background)
                var needed = isLarge(run) ? 3.0 : 4.5
                if isLabel && options.tcf { needed = 5 }
                if ratio < needed {
                    let source = isLabel && options.tcf ? "IAB TCF v2.2" : "WCAG 1.4.3"
                    results.append(finding(.contrastText, .error, name, rect,
                        "\(run.color.hex)\(run.color.alpha < 1 ? " at \(Int(run.color.alpha * 100))%" : "") on \(background.hex) "
                        + "is \(ContrastRatio.format(ratio)); \(source) needs \(ContrastRatio.format(needed)) here"))
                }
            }
        }
        check(page.title.block.runs, element: { _ in "title" }, rect: page.title.frame, background: card, isLabel: false)
        for block in page.body.blocks {
            check(block.block.runs, element: { run in run.linkIndex.map { "link-\($0)" } ?? "body text" },
                  rect: block.frame, background: card, isLabel: false)
        }
        // An inactive control's label is exempt (WCAG 1.4.3).
        for button in page.buttons where !button.disabled {
            let fill = button.fill.alpha < 1 ? button.fill.composited(over: card) : button.fill
            check(button.labelText.block.runs, element: { _ in "\(button.role.rawValue) label" }, rect: button.rect,
                  background: fill, isLabel: true)
        }
        return results
    }
}
