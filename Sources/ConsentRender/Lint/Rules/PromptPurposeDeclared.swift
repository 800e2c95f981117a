// `prompt.purpose-declared`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let promptPurposeDeclared: LintRule = "prompt.purpose-declared"
}

extension LintRuleInfo {
    static let promptPurposeDeclared = LintRuleInfo(
        rule: .promptPurposeDeclared, severity: "warning",
        summary: "each dangerous permission an Android app's manifest asks for (each dialog it can bring up) has a purpose in the "
            + "document (`permissionPurposes`), for the banner that says why",
        source: "MIIT 26 measures (2023); the issue's rule: no permission without its purpose",
        explanation: RuleExplanation(
            checks: "For an Android app whose AndroidManifest.xml the document reads, every permission dialog its <uses-permission>s "
                + "bring up has an entry in document.json \"permissionPurposes\".",
            why: "Android's dialog never says why the app asks; the app's own banner does, and a permission without a written "
                + "purpose is one a reviewer (or a user) is asked to grant blind.",
            fix: "Add the permission's purpose to \"permissionPurposes\", or remove the permission from the manifest if the app "
                + "does not need it."))
}
