import Foundation

// `choice.equal-treatment`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let equalTreatment: LintRule = "choice.equal-treatment"
}

extension LintRuleInfo {
    static let equalTreatment = LintRuleInfo(
        rule: .equalTreatment, severity: "error / warning",
        summary: "the way to refuse (the decline, or \"Manage settings\" where there is none) judged as drawn: a button, not a text link or grey text without a fill or outline beside a filled accept, in the same font, size and weight as accept, not drawn as disabled (below full opacity or under 4.5:1 label contrast); under 0.8× accept's area warns",
        source: "EDPB Guidelines 03/2022 (deceptive design), 05/2020 (consent); CNIL",
        explanation: RuleExplanation(
            checks: "The way to refuse looks as available as accept, judged from the drawn buttons, not their roles: the decline, or where there is none the \"Manage settings\" path. It is a button with a visible fill or outline when accept has one (not a small text link, not grey text in a button's place), in the same font, size and weight, drawn at full strength, not faded or disabled-looking; under 80 % of accept's area warns.",
            why: "Making refusal look unavailable steers the choice: a filled \"Accept all\" beside a grey text \"Manage\" or \"Reject\". EDPB Guidelines 03/2022 on deceptive design patterns and 05/2020 on consent; the CNIL's cookie banner decisions.",
            fix: "Draw the way to refuse as a button: remove \"declineStyle\" / \"settingsStyle\" (\"link\", \"text\") and any style.declineOpacity below 1."))
}

extension PageLintRule {
    static let equalTreatment = PageLintRule(.equalTreatment) { $0.equalTreatment() }
}

extension PageLint {
    /// `choice.equal-treatment`: refusing is as easy as accepting, judged on the drawn buttons.
    func equalTreatment() -> [LintFinding] {
        // The way to refuse: the decline, or "Manage settings" where the screen has none.
        guard let accept, let refusal = decline ?? page.buttons.first(where: { $0.role == .settings }),
              page.screenRect.contains(refusal.rect) else { return [] }
        let isDecline = refusal.role != .settings
        let name = isDecline ? "decline" : "settings"
        let key = isDecline ? "declineStyle" : "settingsStyle"
        if refusal.style == .link {
            return [finding(.equalTreatment, .error, "\(name) link", refusal.rect,
                            "'\(refusal.label)' is a small text link while '\(accept.label)' is a button; refusing must be as easy "
                            + "and as visible as accepting (EDPB Guidelines 03/2022 on deceptive design, CNIL); draw \(isDecline ? "the decline" : "it") as "
                            + "a button: remove \"\(key)\": \"link\"")]
        }
        var results: [LintFinding] = []
        // Drawn weight: a filled (or outlined) accept against words with no fill and no outline.
        func edge(_ button: PageLayout.Button) -> Bool {
            let fill = button.fill.alpha > 0 ? ContrastRatio.of(button.fill.composited(over: card), on: card) : 1
            let border = button.border.map { ContrastRatio.of($0.composited(over: card), on: card) } ?? 1
            return fill >= 1.1 || border >= 1.1
        }
        if edge(accept) && !edge(refusal) {
            results.append(finding(.equalTreatment, .error, "\(name) button", refusal.rect,
                "'\(refusal.label)' is words with no fill or outline while '\(accept.label)' is a filled button: refusing looks less "
                + "available than accepting (EDPB Guidelines 03/2022 on deceptive design, CNIL); draw it as a button: remove \"\(key)\": "
                + "\"text\" if the document sets it, and give it a visible fill or outline (style.colors declineFill, declineBorder)"))
        }
        let acceptRun = accept.labelText.block.runs.first, refusalRun = refusal.labelText.block.runs.first
        if let acceptRun, let refusalRun, acceptRun.fontSize != refusalRun.fontSize || acceptRun.weight != refusalRun.weight {
            results.append(finding(.equalTreatment, .error, "\(name) label", refusal.rect,
                "is \(refusalRun.fontSize) pt \(refusalRun.weight.rawValue) but accept is \(acceptRun.fontSize) pt "
                + "\(acceptRun.weight.rawValue); both choices need the same font, size and weight"))
        }
        let labelAlpha = refusalRun?.color.alpha ?? 1
        let fill = refusal.fill.alpha < 1 ? refusal.fill.composited(over: card) : refusal.fill
        let labelContrast = refusalRun.map { ContrastRatio.of($0.color, on: fill) } ?? 21
        // A text button's own grey (secondaryLabel, 60 %) is its look, judged above; its contrast still counts.
        let faded = edge(refusal) && (labelAlpha < 1 || (refusal.fill.alpha > 0 && refusal.fill.alpha < 1))
        if faded || labelContrast < 4.5 {
            results.append(finding(.equalTreatment, .error, "\(name) button", refusal.rect,
                "looks disabled (drawn at \(Int((min(labelAlpha, refusal.fill.alpha > 0 ? refusal.fill.alpha : 1) * 100).rounded()))% opacity, "
                + "label contrast \(ContrastRatio.format(labelContrast))); \(name) must look as available as accept"))
        }
        let ratio = (refusal.rect.width * refusal.rect.height) / max(1, accept.rect.width * accept.rect.height)
        if ratio < 0.8 {
            results.append(finding(.equalTreatment, .warning, "\(name) button", refusal.rect,
                                   String(format: "is %.0f%% of the accept button's area; keep it at least 80%%", ratio * 100)))
        }
        return results
    }
}
