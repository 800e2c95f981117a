// `links.parity`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let linkParity: LintRule = "links.parity"
}

extension LintRuleInfo {
    static let linkParity = LintRuleInfo(
        rule: .linkParity, severity: "error / warning",
        summary: "every language file has as many links, headings and paragraphs as the default language's; different targets (language path segments aside) warn; an `#anchor` link is compared by the heading it leads to (its place among the headings), since each language has its own heading ids",
        source: "the seed's cross-language consistency check",
        explanation: RuleExplanation(
            checks: "Every language file has as many links, headings and paragraphs as the default language's; different targets "
                + "warn (an #anchor link is compared by the heading it leads to, since heading ids differ by language).",
            why: "Every language's users are owed the same information. The seed's cross-language consistency check.",
            fix: "Bring the translation in line with the default language's file."))
}
