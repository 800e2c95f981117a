// `choice.decline-present`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let declinePresent: LintRule = "choice.decline-present"
}

extension LintRuleInfo {
    static let declinePresent = LintRuleInfo(
        rule: .declinePresent, severity: "error",
        summary: "a decline (or a decline confirmation's exit) on the first screen; an accept-only screen, or accept with \"Manage settings\" and no decline, fails",
        source: "GDPR Art. 7 and Recital 42; EDPB Guidelines 05/2020; the CNIL's and the Irish DPC's findings on \"accept only\" banners",
        explanation: RuleExplanation(
            checks: "The first screen has a way to refuse: a decline (or, on a decline confirmation, an exit). A screen with accept alone, or accept and \"Manage settings\" without a decline, fails.",
            why: "Consent is only valid when refusing is possible and as easy as accepting. GDPR Art. 7 and Recital 42; EDPB Guidelines 05/2020 on consent; the CNIL's and the Irish DPC's findings against \"accept only\" cookie banners.",
            fix: "Show a decline beside accept: \"actions\": [\"decline\", \"accept\"] in document.json (the default)."))
}

extension PageLintRule {
    static let declinePresent = PageLintRule(.declinePresent) { $0.declinePresent() }
}

extension PageLint {
    /// `choice.decline-present`: a way to refuse on the first screen.
    func declinePresent() -> [LintFinding] {
        guard let decline, page.screenRect.contains(decline.rect) else {
            let others = page.buttons.filter { !$0.role.isPrimary }.map { "'\($0.label)'" }
            let shown = others.isEmpty ? "the screen offers accept only"
                : "the screen offers accept and \(others.joined(separator: ", ")), which is not a way to refuse"
            return [finding(.declinePresent, .error, "buttons", nil,
                            "there is no decline on the first screen: \(shown); consent needs a real choice, refusing as easy as "
                            + "accepting (GDPR Art. 7, EDPB Guidelines 05/2020, CNIL and Irish DPC findings on accept-only banners); "
                            + "add \"decline\" to document.json's \"actions\"")]
        }
        return []
    }
}
