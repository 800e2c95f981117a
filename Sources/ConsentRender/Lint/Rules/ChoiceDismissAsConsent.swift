import Foundation

// `choice.dismiss-as-consent`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let dismissAsConsent: LintRule = "choice.dismiss-as-consent"
}

extension LintRuleInfo {
    static let dismissAsConsent = LintRuleInfo(
        rule: .dismissAsConsent, severity: "error",
        summary: "the control that gives consent is not a dismissal: an accept labelled \"Got it\", \"Close\", \"×\", \"知道了\", \"Verstanden\", \"Compris\", … (words below)",
        source: "GDPR Art. 4(11) and 7(2); EDPB Guidelines 05/2020; CNIL Recommendation 2020-092",
        explanation: RuleExplanation(
            checks: "The button that records consent says so (\"Accept\", \"同意\", \"Akzeptieren\"); one labelled as a dismissal (\"Got it\", \"OK, got it\", \"Close\", \"×\", \"知道了\", \"我知道了\", \"Verstanden\", \"J'ai compris\", \"Entendido\", \"Capito\", \"閉じる\") makes closing the notice the consent.",
            why: "Consent is a clear affirmative act that the user knows to be consent; acknowledging or closing a notice is not one. GDPR Art. 4(11) and 7(2); EDPB Guidelines 05/2020 on consent; the CNIL's recommendation on cookies (2020-092) on closing a banner.",
            fix: "Label the choice as what it is (\"Accept\" and \"Decline\"); a notice that only informs needs no accept button and records no consent."))
}

extension PageLintRule {
    static let dismissAsConsent = PageLintRule(.dismissAsConsent) { $0.dismissAsConsent() }
}

extension PageLint {
    /// Labels that dismiss a notice rather than agree to anything, by language; the whole label is
    /// compared, without spaces, case or trailing punctuation.
    static let dismissalLabels: [String: [String]] = [
        "en": ["got it", "ok, got it", "okay, got it", "ok got it", "understood", "i understand", "dismiss", "close", "×", "✕", "x"],
        "zh-Hans": ["知道了", "我知道了", "好的，知道了", "好的知道了", "关闭", "我明白了", "明白了", "×", "✕"],
        "zh-Hant": ["知道了", "我知道了", "關閉", "我明白了", "×", "✕"],
        "de": ["verstanden", "alles klar", "schließen", "ok, verstanden", "×", "✕"],
        "fr": ["compris", "j'ai compris", "fermer", "ok, compris", "×", "✕"],
        "es": ["entendido", "cerrar", "lo entiendo", "×", "✕"],
        "it": ["capito", "ho capito", "chiudi", "×", "✕"],
        "ja": ["わかりました", "分かりました", "閉じる", "了解", "×", "✕"],
        "ko": ["알겠습니다", "확인했습니다", "닫기", "×", "✕"],
    ]

    static func normalisedLabel(_ label: String) -> String {
        label.lowercased().trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: ".!。！")))
            .replacingOccurrences(of: "’", with: "'")
    }

    /// `choice.dismiss-as-consent`: the accept button dismisses instead of agreeing.
    func dismissAsConsent() -> [LintFinding] {
        guard let accept else { return [] }
        let label = Self.normalisedLabel(accept.label)
        let base = page.language.hasPrefix("zh") ? page.language : String(page.language.prefix { $0 != "-" })
        let labels = Self.dismissalLabels[base] ?? Self.dismissalLabels.values.flatMap { $0 }
        guard labels.contains(label) || ["×", "✕"].contains(label) else { return [] }
        return [finding(.dismissAsConsent, .error, "accept button", accept.rect,
                        "'\(accept.label)' records consent, but it reads as closing a notice; consent must be a clear affirmative "
                        + "act (GDPR Art. 4(11), EDPB Guidelines 05/2020); label it as the choice it is, such as Accept")]
    }
}
