// `prompt.system-words-missing`: the rule's id, what docs/lint.md says of it, its explanation and its finding.

extension LintRule {
    public static let promptSystemWordsMissing: LintRule = "prompt.system-words-missing"
}

extension LintRuleInfo {
    static let promptSystemWordsMissing = LintRuleInfo(
        rule: .promptSystemWordsMissing, severity: "error",
        summary: "each prompt asked for has all of iOS's own words (title, buttons, message) in each language: built in (docs/system-words.md) or in `systemStrings`; one finding per prompt and language, listing the keys",
        source: "iOS's own alert texts (shared/reference/ios-system-strings.md); a screenshot never shows words iOS does not",
        explanation: RuleExplanation(
            checks: "Each permission prompt asked for has iOS's own words in each language: its title, buttons and (notifications) message, built in or from systemStrings. One finding per prompt and language lists every missing key; the other cells and rules still run.",
            why: "ConsentRender draws only the words iOS shows. Where its reference has no text for a key, or its sources disagree, it cannot know them, and a screenshot with words iOS never shows is worse than none.",
            fix: "Add each key to document.json's systemStrings in that language (\"systemStrings\": { \"location.precise\": { \"de\": \"…\" } }), %@ standing for the app's name. docs/system-words.md lists what is built in."))
}

extension LintFinding {
    /// The finding for a prompt whose words in `language` are missing, about no one device.
    static func systemWordsMissing(prompt: String, language: String, missing: [MissingWord]) -> LintFinding {
        var finding = LintFinding(
            rule: .promptSystemWordsMissing, severity: .error,
            message: "iOS's words for the \(prompt) prompt in '\(language)' are missing, so its cells are not drawn: "
                + missing.map { "\($0.key) (\($0.explanation))" }.joined(separator: "; ")
                + ". Add them to document.json's systemStrings.",
            element: "\(prompt) prompt", rect: nil, language: language, device: "")
        finding.variant = VariantRecord(partial: [("language", language), ("screen", "prompt:\(prompt)")])
        finding.keys = missing.map(\.key)
        return finding
    }
}
