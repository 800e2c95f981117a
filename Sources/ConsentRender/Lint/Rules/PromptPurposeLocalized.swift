// `prompt.purpose-localized`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let promptPurposeLocalized: LintRule = "prompt.purpose-localized"
}

extension LintRuleInfo {
    static let promptPurposeLocalized = LintRuleInfo(
        rule: .promptPurposeLocalized, severity: "warning",
        summary: "each `NS…UsageDescription` the Info.plist has is translated into every language of the document and, with `--languages all`, every localization of the app (else iOS shows the development region's)",
        source: "App Review 5.1.1; EDPB Guidelines 05/2020 (information in the user's language)",
        explanation: RuleExplanation(
            checks: "Each purpose string is translated into every language of the document and of the app. A warning.",
            why: "Otherwise iOS shows the development region's text. App Review Guideline 5.1.1; EDPB Guidelines 05/2020 (information in the user's language).",
            fix: "Add the translation to <lang>.lproj/InfoPlist.strings or InfoPlist.xcstrings."))
}
