// `flow.decline-second-popup`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let flowDeclineSecondPopup: LintRule = "flow.decline-second-popup"
}

extension LintRuleInfo {
    static let flowDeclineSecondPopup = LintRuleInfo(
        rule: .flowDeclineSecondPopup, severity: "error",
        summary: "with the `cn` market, a decline on the privacy popup leads to a second popup (a step of its own, such as "
            + "`launch-consent`'s `decline-confirm`) or into the app (`end:home`), never straight out of it (`end:exit`)",
        source: "MIIT 191号 (no forced consent, the user may refuse); app stores' practice of a second popup after a refusal "
            + "(android-metrics.md §9)",
        explanation: RuleExplanation(
            checks: "With the cn market, the decline of every agreement-dialog or launch-consent step leads to another step or to "
                + "end:home, not to any other end (end:exit).",
            why: "Chinese app stores expect a refusal to be answered with a second popup that explains what refusing means and "
                + "offers to read the policy again, not an app that closes at the first tap (MIIT 191: refusing must not be "
                + "punished; store reviewers' practice). An app usable without consent in a basic mode (end:home) is also accepted.",
            fix: "Lead the decline to a confirmation step (\"screen\": \"consent\", \"state\": \"decline-confirm\" with "
                + "launch-consent) whose buttons read the policy again or exit."))
}
