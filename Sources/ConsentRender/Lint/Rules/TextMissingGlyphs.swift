// `text.missing-glyphs`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let missingGlyphs: LintRule = "text.missing-glyphs"
}

extension LintRuleInfo {
    static let missingGlyphs = LintRuleInfo(
        rule: .missingGlyphs, severity: "error",
        summary: "no character drawn as a box",
        source: "—",
        explanation: RuleExplanation(
            checks: "No character is drawn as an empty box for want of a font.",
            why: "A missing character changes what the text says.",
            fix: "Add a font that covers it to the document's fonts/ folder, or correct the character."))
}

extension PageLintRule {
    static let missingGlyphs = PageLintRule(.missingGlyphs) { $0.glyphs() }
}

extension PageLint {
    /// `text.missing-glyphs`.
    func glyphs() -> [LintFinding] {
        guard !missingCharacters.isEmpty else { return [] }
        let names = missingCharacters.map { scalar -> String in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return [finding(.missingGlyphs, .error, "text", nil, "no installed font has \(names.joined(separator: ", ")); they show as boxes")]
    }
}
