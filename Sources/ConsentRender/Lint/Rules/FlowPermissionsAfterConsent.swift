// `flow.permissions-after-consent`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let flowPermissionsAfterConsent: LintRule = "flow.permissions-after-consent"
}

extension LintRuleInfo {
    static let flowPermissionsAfterConsent = LintRuleInfo(
        rule: .flowPermissionsAfterConsent, severity: "error",
        summary: "no system permission prompt (location, notifications, camera, …) is reachable without passing an `accept`",
        source: "MIIT 164号文 and the seed: permissions only after the user agrees",
        explanation: RuleExplanation(
            checks: "In the consent flow, no system permission prompt (location, notifications, camera, …) can be reached without passing an accept.",
            why: "Permissions are asked only after the user agrees to the privacy policy. MIIT Notice 164; the seed's rule.",
            fix: "Lead to the permission prompts from the accept of the consent step in flow.json."))
}
