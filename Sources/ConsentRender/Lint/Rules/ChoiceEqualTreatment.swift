import Foundation

// `choice.equal-treatment`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let equalTreatment: LintRule = "choice.equal-treatment"
}

extension LintRuleInfo {
    static let equalTreatment = LintRuleInfo(
        rule: .equalTreatment, severity: "error / warning",
        summary: "decline drawn as a button (not a text link), in the same font, size and weight as accept, not drawn as disabled (below full opacity or under 4.5:1 label contrast); decline area under 0.8× accept warns",
        source: "EDPB Guidelines 03/2022 (deceptive design), 05/2020 (consent); CNIL",
        explanation: RuleExplanation(
            checks: "The decline is a button like accept: the same font, size and weight, drawn at full strength, not a faded or disabled-looking button, not a small text link; a decline under 80 % of accept's area warns.",
            why: "Making refusal look unavailable steers the choice. EDPB Guidelines 03/2022 on deceptive design patterns and 05/2020 on consent; the CNIL's cookie banner decisions.",
            fix: "Draw the decline as a button: remove \"declineStyle\": \"link\" and any style.declineOpacity below 1."))
}

extension PageLintRule {
    static let equalTreatment = PageLintRule(.equalTreatment) { $0.equalTreatment() }
}

extension PageLint {
    /// `choice.equal-treatment`: refusing is as easy as accepting.
    func equalTreatment() -> [LintFinding] {
        guard let decline, page.screenRect.contains(decline.rect), let accept else { return [] }
        if decline.style == .link {
            return [finding(.equalTreatment, .error, "decline link", decline.rect,
                            "'\(decline.label)' is a small text link while '\(accept.label)' is a button; refusing must be as easy "
                            + "and as visible as accepting (EDPB Guidelines 03/2022 on deceptive design, CNIL); draw the decline as "
                            + "a button: remove \"declineStyle\": \"link\"")]
        }
        var results: [LintFinding] = []
        let acceptRun = accept.labelText.block.runs.first, declineRun = decline.labelText.block.runs.first
        if let acceptRun, let declineRun, acceptRun.fontSize != declineRun.fontSize || acceptRun.weight != declineRun.weight {
            results.append(finding(.equalTreatment, .error, "decline label", decline.rect,
                "is \(declineRun.fontSize) pt \(declineRun.weight.rawValue) but accept is \(acceptRun.fontSize) pt "
                + "\(acceptRun.weight.rawValue); both choices need the same font, size and weight"))
        }
        let labelAlpha = declineRun?.color.alpha ?? 1
        let fill = decline.fill.alpha < 1 ? decline.fill.composited(over: card) : decline.fill
        let labelContrast = declineRun.map { ContrastRatio.of($0.color, on: fill) } ?? 21
        if labelAlpha < 1 || decline.fill.alpha < 1 || labelContrast < 4.5 {
            results.append(finding(.equalTreatment, .error, "decline button", decline.rect,
                "looks disabled (drawn at \(Int((min(labelAlpha, decline.fill.alpha) * 100).rounded()))% opacity, "
                + "label contrast \(ContrastRatio.format(labelContrast))); decline must look as available as accept"))
        }
        let ratio = (decline.rect.width * decline.rect.height) / max(1, accept.rect.width * accept.rect.height)
        if ratio < 0.8 {
            results.append(finding(.equalTreatment, .warning, "decline button", decline.rect,
                                   String(format: "is %.0f%% of the accept button's area; keep it at least 80%%", ratio * 100)))
        }
        return results
    }
}
