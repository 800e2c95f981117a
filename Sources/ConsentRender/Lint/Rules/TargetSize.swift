import Foundation

// `target.size`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let targetSize: LintRule = "target.size"
}

extension LintRuleInfo {
    static let targetSize = LintRuleInfo(
        rule: .targetSize, severity: "error / warning",
        summary: "buttons at least 44×44 pt (48×48 dp on Android); links on line boxes under 24 pt warn",
        source: "Apple HIG; Material Design (accessibility: touch targets); WCAG 2.2 SC 2.5.8",
        explanation: RuleExplanation(
            checks: "Buttons (and a decline drawn as a link) are at least 44 × 44 points on iOS, 48 × 48 dp on Android; links on lines under 24 points warn.",
            why: "A choice that is hard to hit is a choice made harder. Apple Human Interface Guidelines (hit targets); WCAG 2.2 success criterion 2.5.8.",
            fix: "Keep the buttons at their default size; put links on lines of at least 24 points (style.text.lineSpacing)."))
}

extension PageLintRule {
    static let targetSize = PageLintRule(.targetSize) { $0.targetSizes() }
}

extension PageLint {
    /// `target.size`: buttons at least the platform's minimum (44×44 pt, Apple HIG); links on
    /// lines under 24 pt (WCAG 2.5.8) warn.
    func targetSizes() -> [LintFinding] {
        let minimum = minimumTapTarget
        var results = page.buttons.compactMap { button -> LintFinding? in
            guard button.rect.width < minimum || button.rect.height < minimum else { return nil }
            return finding(.targetSize, .error, "\(button.role.rawValue) button", button.rect,
                           String(format: "is %.0f×%.0f pt; tap targets need %.0f×%.0f pt", button.rect.width, button.rect.height,
                                  minimum, minimum))
        }
        for link in page.links {
            guard let small = link.visibleRects.first(where: { $0.height < 24 }) else { continue }
            results.append(finding(.targetSize, .warning, link.id, small,
                                   String(format: "sits on %.1f pt lines; a 24 pt tall target is easier to tap", small.height)))
        }
        return results
    }
}
