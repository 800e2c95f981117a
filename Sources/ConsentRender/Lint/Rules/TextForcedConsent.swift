import Foundation

// `text.forced-consent`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let forcedConsent: LintRule = "text.forced-consent"
}

extension LintRuleInfo {
    static let forcedConsent = LintRuleInfo(
        rule: .forcedConsent, severity: "warning",
        summary: "a sentence that says refusing blocks the whole app does not concern an optional permission or processing (location, contacts, tracking, marketing, …: words below), named in it or, when it refers back to a refusal (\"If you refuse, …\"), in the sentence before; declining the basic agreement may end the app (\"不同意并退出\" and the launch-consent confirmation lint clean)",
        source: "MIIT Notice 164 (2019) on forced bundling; PIPL Art. 16; GDPR Art. 7(4)",
        explanation: RuleExplanation(
            checks: "Refusing an optional permission or processing (location, contacts, tracking, marketing, …) is not said to block the whole app (\"拒绝将无法使用本应用\"), whether the processing is named in that sentence or in the one before it (\"We use your location for offers. If you refuse, you cannot use the app.\"). Declining the basic agreement may end the app (\"不同意并退出\"). A warning.",
            why: "Bundling optional consent with the app's use is forced consent. MIIT Notice 164 (2019) on forced bundling; PIPL Art. 16; GDPR Art. 7(4).",
            fix: "Say what declining that permission turns off, and keep the rest of the app usable."))
}

extension PageLintRule {
    static let forcedConsent = PageLintRule(.forcedConsent) { $0.forcedConsent() }
}

extension PageLint {
    /// `text.forced-consent` (warning): refusing something the app does not need said to block
    /// the whole app. Declining the basic agreement may end the app; a permission may not.
    func forcedConsent() -> [LintFinding] {
        let sentences = screenText.split(whereSeparator: { "。！？!?；;\n".contains($0) || $0 == "." }).map(String.init)
        for (index, text) in sentences.enumerated() {
            // "…将无法使用附近门店推荐功能，但不影响其他功能" scopes the refusal to one feature, as MIIT asks.
            guard let blocks = WordLists.firstMatch(in: text, of: .blocksTheApp, language: page.language),
                  WordLists.firstMatch(in: text, of: .featureScoped, language: page.language) == nil else { continue }
            // The processing is named in the sentence, or in the one before when this one refers back
            // to refusing it ("We use your location for offers. If you refuse, you cannot use the app.").
            let earlier = index > 0 && WordLists.firstMatch(in: text, of: .refusal, language: page.language) != nil
                ? WordLists.firstMatch(in: sentences[index - 1], of: .optionalData, language: page.language) : nil
            guard let what = WordLists.firstMatch(in: text, of: .optionalData, language: page.language) ?? earlier else { continue }
            return [finding(.forcedConsent, .warning, "text", page.body.viewport,
                            "'\(text.trimmingCharacters(in: .whitespaces))' makes the whole app depend on \(what.text) ('\(blocks.text)'); "
                            + "refusing a permission or optional processing must leave the app's basic functions usable (MIIT 164号文 "
                            + "on forced bundling; PIPL Art. 16; GDPR Art. 7(4))")]
        }
        return []
    }
}
