// `links.text-controls`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let linkTextControls: LintRule = "links.text-controls"
}

extension LintRuleInfo {
    static let linkTextControls = LintRuleInfo(
        rule: .linkTextControls, severity: "error",
        summary: "no bidi overrides (U+202A–202E, U+2066–2069) or control characters in link text (not checked for the ar-XB pseudo-locale, which uses them)",
        source: "Unicode TR #36; CVE-2021-42574",
        explanation: RuleExplanation(
            checks: "Link text has no bidirectional overrides or control characters.",
            why: "Such characters can make a link read differently from where it goes. Unicode Technical Report #36; CVE-2021-42574.",
            fix: "Remove the control characters from the link text."))
}

extension PageLintRule {
    static let linkTextControls = PageLintRule(.linkTextControls) { $0.linkTextControls() }
}

extension PageLint {
    /// `links.text-controls`: no bidi overrides or control characters in link text, which can
    /// make a link read as something other than where it goes (Unicode TR #36, CVE-2021-42574).
    func linkTextControls() -> [LintFinding] {
        // The ar-XB pseudo-locale draws its text with overrides on purpose.
        guard PseudoLocale(LanguageTag(page.language) ?? LanguageTag(language: "und")) != .mirrored else { return [] }
        return page.links.compactMap { link in
            let suspicious = link.text.unicodeScalars.filter { scalar in
                (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                    || scalar.properties.generalCategory == .control
            }
            guard let first = suspicious.first else { return nil }
            let names = suspicious.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
            return finding(.linkTextControls, .error, link.id, link.visibleRects.first,
                           "its text holds \(Set(names).sorted().joined(separator: ", ")) "
                           + "(\(first.properties.name ?? "a control character")), which can disguise where it goes")
        }
    }
}
