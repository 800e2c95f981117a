/// A lint rule's id: `contrast.text`. Findings carry it. Each built-in rule is declared in its own
/// file of `Lint/Rules/`, with what docs/lint.md says of it, its explanation and its check; a
/// template's own rule may use any id (`PageLintRule(id: "notice.hairlines")`).
public struct LintRule: Identifier {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Every built-in rule, in docs/lint.md's order.
    public static var builtIn: [LintRule] { LintRuleInfo.builtIn.map(\.rule) }

    /// What docs/lint.md says of a built-in rule; nil for a template's own.
    public var info: LintRuleInfo? { LintRuleInfo.builtIn.first { $0.rule == self } }

    /// What the rule checks, why and how to fix what it finds (`render-cli lint --explain RULE`);
    /// nil for a template's own rule.
    public var explanation: RuleExplanation? { info?.explanation }
}

/// What each rule checks, why (its source), and how to fix what it finds, in a compliance
/// reviewer's words: `render-cli lint --explain RULE`.
public struct RuleExplanation: Sendable, Equatable {
    public var checks: String
    public var why: String
    public var fix: String
}

/// A built-in rule as docs/lint.md's table gives it, with its explanation; each is declared in the
/// rule's own file.
public struct LintRuleInfo: Sendable {
    public var rule: LintRule
    /// `error`, `warning`, or `error / warning` for a rule whose findings can be either.
    public var severity: String
    /// What it checks, in a line of the table (Markdown).
    public var summary: String
    /// The regulation, guideline or store rule it comes from (Markdown).
    public var source: String
    public var explanation: RuleExplanation

    /// Every built-in rule, in the table's order: the screen, document and prompt rules, then the flow rules.
    public static let builtIn: [LintRuleInfo] = [
        .contrastText,
        .contrastButtonEdge,
        .targetSize,
        .declinePresent,
        .equalTreatment,
        .statusBar,
        .safeArea,
        .truncation,
        .buttonsVisible,
        .linkScheme,
        .placeholderHost,
        .policyPresent,
        .linkParity,
        .minimumSize,
        .density,
        .missingGlyphs,
        .formatSpecifier,
        .languageMix,
        .preTicked,
        .dismissAsConsent,
        .impliedConsent,
        .forcedConsent,
        .bundledConsent,
        .purposeNamed,
        .attSingleAction,
        .attNoAllowWording,
        .attNoIncentive,
        .attNoAllowInstruction,
        .linkTextControls,
        .dynamicType,
        .anchorExists,
        .launchDeclineExplainsOutcome,
        .loginUntickedProceeds,
        .loginNoBox,
        .promptPurposePresent,
        .promptPurposeLocalized,
        .promptPurposeSpecific,
        .promptSystemWordsMissing,
        .appUnexpandedVariable,
        .flowPermissionsAfterConsent,
        .flowATTAfterExplainer,
        .flowConsentOnLaunch,
        .flowDeclineSecondPopup,
        .promptPurposeShown,
        .promptPurposeDeclared,
    ]

    /// docs/lint.md's table of `rules` (every built-in rule by default): `render-cli help rules`.
    public static func markdownTable(_ rules: [LintRuleInfo] = builtIn) -> String {
        (["| rule | severity | what it checks | source |", "|---|---|---|---|"]
            + rules.map { "| `\($0.rule)` | \($0.severity) | \($0.summary) | \($0.source) |" }).joined(separator: "\n")
    }
}
