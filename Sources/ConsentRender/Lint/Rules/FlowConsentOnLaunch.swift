// `flow.consent-on-launch`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let flowConsentOnLaunch: LintRule = "flow.consent-on-launch"
}

extension LintRuleInfo {
    static let flowConsentOnLaunch = LintRuleInfo(
        rule: .flowConsentOnLaunch, severity: "error",
        summary: "with the `cn` market, the flow starts with the privacy popup: an `agreement-dialog` or `launch-consent` step, before "
            + "any other screen (an ATT explainer, a login page, a permission prompt)",
        source: "MIIT 191号 and 164号; Huawei AppGallery's review (the popup on first launch, the app usable only after consent); "
            + "android-metrics.md §9",
        explanation: RuleExplanation(
            checks: "With the cn market (document.json \"markets\", or by default a document with zh-Hans), the flow's start step is "
                + "the privacy popup: an agreement-dialog or launch-consent screen in its first state.",
            why: "China's regulators and app stores want the privacy policy shown, with agree and disagree, the first time the app "
                + "opens, before the app collects anything or asks for anything. MIIT 191 and 164; Huawei AppGallery rejects an app "
                + "whose popup is missing on first launch.",
            fix: "Make the privacy popup the flow's \"start\" and lead from its accept to the rest; or, if the app is not "
                + "published in mainland China, say so with \"markets\" in document.json."))
}
