import Foundation

// `text.language-mix`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let languageMix: LintRule = "text.language-mix"
}

extension LintRuleInfo {
    static let languageMix = LintRuleInfo(
        rule: .languageMix, severity: "error",
        summary: "button labels in the writing system of the screen's language (Chinese: Han; Japanese: Han and kana; Korean: Hangul with Hanja; English, German, …: Latin; and so on for 60 languages), so \"Google Analytics\" or \"AndroidID\" in a Chinese text never makes English buttons right; for a language the table lacks (and pseudo-locales), the system most of the text is in",
        source: "EDPB Guidelines 05/2020 (consent in the user's language)",
        explanation: RuleExplanation(
            checks: "The buttons are written in the writing system most of the screen's text is in (Han and kana together count as Japanese); a product name in Latin letters in a Chinese text does not make English buttons right.",
            why: "The choice must be made in the user's language. EDPB Guidelines 05/2020 on consent.",
            fix: "Translate the button labels: strings.accept and strings.decline in document.json for that language."))
}

extension PageLintRule {
    static let languageMix = PageLintRule(.languageMix) { $0.languageMix() }
}

extension PageLint {
    /// `text.language-mix`: the buttons are in the writing system of the screen's language (a
    /// product name or "Google Analytics" in Latin letters does not make English buttons right
    /// under Chinese text); for a language it does not know, the system most of the text is in.
    func languageMix() -> [LintFinding] {
        guard let majority = WritingSystem.expected(for: page.language) ?? WritingSystem.majority(of: screenText) else { return [] }
        // Another login method's name is a service's own (Apple, QQ, WeChat), not words to translate.
        return page.buttons.filter { $0.role != .loginMethod }.compactMap { button in
            let labelScripts = WritingSystem.of(button.label)
            // A label with some of the language's own letters is in that language ("同意并使用App");
            // "OK" is iOS's own word in many languages (Japanese among them).
            let foreign = labelScripts.subtracting(majority)
            guard !foreign.isEmpty, labelScripts.isDisjoint(with: majority),
                  button.label.trimmingCharacters(in: .whitespaces).uppercased() != "OK" else { return nil }
            return finding(.languageMix, .error, "\(button.role.rawValue) label", button.rect,
                           "'\(button.label)' is written in \(foreign.map(\.rawValue).sorted().joined(separator: ", ")) but most of the "
                           + "text is in \(majority.map(\.rawValue).sorted().joined(separator: " and ")); use the document's language for "
                           + "the buttons")
        }
    }
}
