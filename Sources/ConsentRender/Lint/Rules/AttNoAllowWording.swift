// `att.no-allow-wording`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let attNoAllowWording: LintRule = "att.no-allow-wording"
}

extension LintRuleInfo {
    static let attNoAllowWording = LintRuleInfo(
        rule: .attNoAllowWording, severity: "error",
        summary: "no explainer button asks to allow: allow, authorise/authorize, enable, turn on, accept, 允许, 开启, 授权, 同意追踪, erlauben, autoriser, permitir, 許可, 허용, … (words below)",
        source: "same",
        explanation: RuleExplanation(
            checks: "The explainer's button does not ask to allow: allow, authorise/authorize, enable, turn on, accept, agree, 允许, 开启, 授权, 同意, erlauben, autoriser, permitir, 許可, 허용 and the other words docs/lint.md lists.",
            why: "The button leads to the system prompt, which asks the question; wording that answers it for the user is rejected. App Review Guideline 5.1.1(iv).",
            fix: "Label it \"Continue\" (继续, Weiter, …): the built-in continue string."))
}

extension PageLintRule {
    static let attNoAllowWording = PageLintRule(.attNoAllowWording) { $0.allowWording() }
}

extension PageLint {
    func allowWording() -> [LintFinding] {
        var results: [LintFinding] = []
        for button in page.buttons {
            if let match = WordLists.firstMatch(in: button.label, of: .allowWording, language: page.language) {
                results.append(finding(.attNoAllowWording, .error, "\(button.role.rawValue) label", button.rect,
                                       "'\(button.label)' says '\(match.text)' (\(match.language)); label it like \"Continue\"/\"继续\": "
                                       + "the system prompt asks the question"))
            }
        }
        return results
    }
}
