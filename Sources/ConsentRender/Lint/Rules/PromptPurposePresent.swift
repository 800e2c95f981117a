// `prompt.purpose-present`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let promptPurposePresent: LintRule = "prompt.purpose-present"
}

extension LintRuleInfo {
    static let promptPurposePresent = LintRuleInfo(
        rule: .promptPurposePresent, severity: "error / warning",
        summary: "each prompt named with `--screens` has its `NS…UsageDescription` in the Info.plist, generated one included (iOS terminates an app that asks for a TCC service without it; Face ID and location are refused); `prompts` names only those the app declares; a warning for a purpose string only the translations give, which iOS never shows",
        source: "Apple, \"Requesting access to protected resources\"; App Review 5.1.1",
        explanation: RuleExplanation(
            checks: "Each permission prompt asked for has its NS…UsageDescription in the Info.plist.",
            why: "iOS terminates an app that asks for a protected resource (camera, photos, contacts, calendars, microphone, …) without one; Face ID is refused and location is not asked for. Apple, \"Requesting access to protected resources\"; App Review Guideline 5.1.1.",
            fix: "Add the purpose string to Info.plist."))
}
