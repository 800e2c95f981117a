// `prompt.system-words-missing`: the rule's id, what docs/lint.md says of it, its explanation and its finding.

extension LintRule {
    public static let promptSystemWordsMissing: LintRule = "prompt.system-words-missing"
}

extension LintRuleInfo {
    static let promptSystemWordsMissing = LintRuleInfo(
        rule: .promptSystemWordsMissing, severity: "error / warning",
        summary: "each prompt asked for has all of iOS's own words (title, buttons, message) in each language: built in (docs/system-words.md) or in `systemStrings`; one finding per prompt and language, listing the keys; a warning for a language ConsentRender has none of iOS's words in (an app localization iOS may not offer as a system language)",
        source: "iOS's own alert texts (shared/reference/ios-system-strings.md); a screenshot never shows words iOS does not",
        explanation: RuleExplanation(
            checks: "Each permission prompt asked for has iOS's own words in each language: its title, buttons and (notifications) message, built in or from systemStrings. One finding per prompt and language lists every missing key; the other cells and rules still run.",
            why: "ConsentRender draws only the words iOS shows. Where its reference has no text for a key, or its sources disagree, it cannot know them, and a screenshot with words iOS never shows is worse than none.",
            fix: "Add each key to document.json's systemStrings in that language (\"systemStrings\": { \"location.precise\": { \"de\": \"…\" } }), %@ standing for the app's name. docs/system-words.md lists what is built in."))
}

extension LintFinding {
    /// The finding for a prompt whose words in `language` are missing, about no one device.
    static func systemWordsMissing(prompt: String, language: String, missing: [MissingWord]) -> LintFinding {
        // A language with none of iOS's words at all (be, eu, kab: an app's localization that is
        // not one of the App Store languages) is worth saying, not failing the run over.
        let noneAtAll = !missing.isEmpty && missing.allSatisfy { $0.reason == .unknownLanguage }
        var finding = LintFinding(
            rule: .promptSystemWordsMissing, severity: noneAtAll ? .warning : .error,
            message: noneAtAll
                ? "ConsentRender has none of iOS's words in '\(language)' (its reference covers the 39 App Store languages), so the "
                    + "\(prompt) prompt is not drawn in it. If iOS offers '\(language)' as a system language, give its words in document.json's "
                    + "systemStrings (" + missing.map(\.key).joined(separator: ", ") + "); if not, a device shows iOS's alerts in its system "
                    + "language, with the app's texts in '\(language)'. The purpose rules still checked this language."
                : "iOS's words for the \(prompt) prompt in '\(language)' are missing, so its cells are not drawn: "
                    + missing.map { "\($0.key) (\($0.explanation))" }.joined(separator: "; ")
                    + ". Add them to document.json's systemStrings.",
            element: "\(prompt) prompt", rect: nil, language: language, device: "")
        finding.variant = VariantRecord(partial: [("language", language), ("screen", "prompt:\(prompt)")])
        finding.keys = missing.map(\.key)
        return finding
    }
}
