// `links.anchor-exists`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let anchorExists: LintRule = "links.anchor-exists"
}

extension LintRuleInfo {
    static let anchorExists = LintRuleInfo(
        rule: .anchorExists, severity: "error",
        summary: "every `#anchor` link names a heading id of its file (GitHub's ids)",
        source: "— (a link that scrolls nowhere)",
        explanation: RuleExplanation(
            checks: "Every #anchor link names a heading of its file (GitHub's heading ids).",
            why: "A link that scrolls nowhere hides what it promised to show.",
            fix: "Correct the anchor to the heading's id; lint lists the ids the file has."))
}
