// `app.unexpanded-variable`: the rule's id, what docs/lint.md says of it, its explanation and its finding.

extension LintRule {
    public static let appUnexpandedVariable: LintRule = "app.unexpanded-variable"
}

extension LintRuleInfo {
    static let appUnexpandedVariable = LintRuleInfo(
        rule: .appUnexpandedVariable, severity: "error",
        summary: "no app text a prompt shows (its name, a purpose string) holds an Xcode variable such as `$(PRODUCT_NAME)` that nothing expands; one finding per key and file",
        source: "Xcode's Info.plist preprocessing (build settings expand in the Info.plist only; a .strings translation is shown as written)",
        explanation: RuleExplanation(
            checks: "The app's name and each purpose string a prompt shows hold no $(VAR) or ${VAR} that nothing expands.",
            why: "Xcode's build expands build-setting variables in the Info.plist; ConsentRender cannot read the build here unless it is told, and iOS shows a translation in InfoPlist.strings exactly as written, so \"$(PRODUCT_NAME)\" would reach the user's screen.",
            fix: "Give the variable's value in document.json (\"app\": { \"buildSettings\": { \"PRODUCT_NAME\": \"…\" } }), or write the text itself (in a translation, always)."))
}
