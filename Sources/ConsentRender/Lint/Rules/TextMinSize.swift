import Foundation

// `text.min-size`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let minimumSize: LintRule = "text.min-size"
}

extension LintRuleInfo {
    static let minimumSize = LintRuleInfo(
        rule: .minimumSize, severity: "error",
        summary: "body text at least 13 pt, 14 pt for Chinese, Japanese and Korean, each run as drawn (a `<small>` footnote too)",
        source: "MIIT app rectification: \"文字过小过密\"",
        explanation: RuleExplanation(
            checks: "Body text is at least 13 points (14 for Chinese, Japanese and Korean), judged on every run as drawn: a <small> footnote or a smaller word inside a paragraph counts.",
            why: "MIIT's app rectification notices name text that is too small (文字过小过密).",
            fix: "Raise style.text.bodySize, or style.text.smallSize for <small> text (or drop the <small>)."))
}

extension PageLintRule {
    static let minimumSize = PageLintRule(.minimumSize) { $0.textSizes().filter { $0.rule == LintRule.minimumSize } }
}

extension PageLint {
    /// The words `run` sets in `block`, shortened to 30 characters.
    static func words(of run: TextRun, in block: TextBlock) -> String {
        let bytes = Array(block.text.utf8)
        guard run.start >= 0, run.end <= bytes.count, run.start < run.end else { return "" }
        let text = String(decoding: bytes[run.start..<run.end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 30 ? String(text.prefix(29)) + "…" : text
    }

    /// `text.min-size` and `text.density`: MIIT's "文字过小过密" (text too small or too dense).
    func textSizes() -> [LintFinding] {
        var results: [LintFinding] = []
        let traits = LanguageTraits(tag: page.language)
        let minimum = traits.isCJK ? 14.0 : 13.0
        // The title's smaller words (a <small> in it) too; its own size is a title's.
        let title = page.title
        if let small = title.block.runs.min(by: { $0.fontSize < $1.fontSize }), small.fontSize < minimum {
            results.append(finding(.minimumSize, .error, "title", title.frame,
                                   "\(small.fontSize) pt text ('\(Self.words(of: small, in: title.block))') is too small; text needs \(minimum) pt here "
                                   + "(drop the <small> from the title, or raise style.text.smallSize)"))
        }
        for (index, block) in page.body.blocks.enumerated() {
            guard let largest = block.block.runs.map(\.fontSize).max() else { continue }
            if let small = block.block.runs.min(by: { $0.fontSize < $1.fontSize }), small.fontSize < minimum {
                results.append(finding(.minimumSize, .error, "body block \(index + 1)", block.frame,
                                       "\(small.fontSize) pt text ('\(Self.words(of: small, in: block.block))') is too small; body text needs "
                                       + "\(minimum) pt here (raise style.text.bodySize, or style.text.smallSize for <small> text)"))
            }
            if block.block.lineHeight < largest * 1.2 - 1e-9 {
                results.append(finding(.density, .error, "body block \(index + 1)", block.frame,
                                       String(format: "lines are %.1f pt apart for %.0f pt text; keep at least 1.2× the font size",
                                              block.block.lineHeight, largest)))
            }
        }
        return results
    }
}
