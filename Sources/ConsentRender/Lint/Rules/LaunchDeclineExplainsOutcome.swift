// `launch.decline-explains-outcome`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let launchDeclineExplainsOutcome: LintRule = "launch.decline-explains-outcome"
}

extension LintRuleInfo {
    static let launchDeclineExplainsOutcome = LintRuleInfo(
        rule: .launchDeclineExplainsOutcome, severity: "warning",
        summary: "on a launch-consent screen the decline label says what happens (\"不同意并退出\", \"Disagree and exit\")",
        source: "MIIT guidance on first-launch privacy prompts",
        explanation: RuleExplanation(
            checks: "On a launch-consent screen the decline says what happens (\"不同意并退出\", \"Disagree and exit\"). A warning.",
            why: "MIIT guidance on first-launch privacy prompts: users must know declining ends the session.",
            fix: "Use the built-in decline label or say the outcome in strings.declineAndExit."))
}

extension PageLintRule {
    /// `launch.decline-explains-outcome` (warning): on a launch-consent screen the decline label
    /// says what happens next, e.g. "不同意并退出" (MIIT: users must know declining ends the session).
    static let launchDeclineExplainsOutcome = PageLintRule(.launchDeclineExplainsOutcome) { $0.launchDeclineOutcome() }
}

extension PageLint {
    /// Words that say a decline leaves the app, by language.
    static let exitWords = ["exit", "quit", "leave", "close", "退出", "離開", "离开", "關閉", "关闭", "beenden", "quitter",
                            "salir", "sair", "終了", "종료", "выйти", "خروج", "יציאה"]

    func launchDeclineOutcome() -> [LintFinding] {
        guard let decline, decline.role == .decline else { return [] }
        let label = decline.label.lowercased()
        guard !Self.exitWords.contains(where: { label.contains($0) }) else { return [] }
        return [finding(.launchDeclineExplainsOutcome, .warning, "decline label", decline.rect,
                        "'\(decline.label)' does not say what happens; say the app will close, e.g. \"Disagree and exit\"")]
    }
}
