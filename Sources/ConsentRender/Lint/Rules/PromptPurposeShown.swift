// `prompt.purpose-shown`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let promptPurposeShown: LintRule = "prompt.purpose-shown"
}

extension LintRuleInfo {
    static let promptPurposeShown = LintRuleInfo(
        rule: .promptPurposeShown, severity: "error",
        summary: "with the `cn` market, each location, contacts or photos dialog in a flow on Android has its purpose on screen: the "
            + "app's banner above it (`permissionPurposes`), since Android's own dialog states none",
        source: "MIIT 26 measures (2023): requests for the album, contacts or location state their purpose at the same time; "
            + "Huawei's review (\"未同步告知权限申请的使用目的\")",
        explanation: RuleExplanation(
            checks: "With the cn market, every location, contacts or photos permission dialog a flow shows on an Android device has "
                + "the app's banner above it: document.json \"permissionPurposes\" gives the permission's purpose.",
            why: "Android's permission dialog says only \"Allow … to access this device's location?\"; China's MIIT (2023) wants the "
                + "purpose stated together with the request for the album, contacts and location, and Chinese stores reject an app "
                + "whose request comes without it. Chinese apps draw a banner at the top of the screen for it.",
            fix: "Add \"permissionPurposes\": { \"location\": { \"zh-Hans\": \"用于…\" } } (or a strings.xml resource) to the document the "
                + "step shows."))
}
