// `layout.truncation`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let truncation: LintRule = "layout.truncation"
}

extension LintRuleInfo {
    static let truncation = LintRuleInfo(
        rule: .truncation, severity: "error",
        summary: "the title and button labels fit their boxes, are not cut short with \"…\" and do not break inside a word; the title and buttons clear the card's rounded corners; the body has some room (only the body may scroll)",
        source: "Apple HIG",
        explanation: RuleExplanation(
            checks: "The title and button labels fit their boxes, are not cut short with \"…\" and do not break inside a word; the body keeps some room.",
            why: "A cut-off choice is an unclear choice. Apple Human Interface Guidelines.",
            fix: "Shorten the title or the labels (strings in document.json), or let the buttons stack (style.buttons.arrangement)."))
}

extension PageLintRule {
    static let truncation = PageLintRule(.truncation) { $0.truncation() }
}

extension PageLint {
    /// `layout.truncation`: the title and button labels fit their boxes; only the body may be cut.
    func truncation() -> [LintFinding] {
        var results: [LintFinding] = []
        if !page.dialog.rect.contains(page.title.frame, tolerance: 0.5) {
            results.append(finding(.truncation, .error, "title", page.title.frame, "does not fit in the dialog and is cut off"))
        } else if ellipsizedText.contains(page.semantics.titleID.id) {
            let lines = page.title.block.maximumLines.map { " to \($0) \($0 == 1 ? "line" : "lines")" } ?? ""
            results.append(finding(.truncation, .error, "title", page.title.frame,
                                   "is cut\(lines) with \"…\"; shorten it so the whole title shows"))
        } else if wordBrokenText.contains(page.semantics.titleID.id) {
            results.append(finding(.truncation, .error, "title", page.title.frame,
                                   "breaks inside a word: a word is wider than the title's box; shorten it or widen the card"))
        }
        let card = page.dialog
        if card.cornerRadius > 0, !Self.isInside(page.title.frame, roundedRect: card.rect, radius: card.cornerRadius) {
            results.append(finding(.truncation, .error, "title", page.title.frame,
                                   "reaches into the card's \(Int(card.cornerRadius)) pt rounded corners and is cut by them; "
                                   + "use a smaller card.cornerRadius or more card.padding"))
        }
        for button in page.buttons where card.cornerRadius > 0
            && !Self.isInside(button.rect, roundedRect: card.rect, radius: card.cornerRadius) {
            results.append(finding(.truncation, .error, "\(button.role.rawValue) button", button.rect,
                                   "sticks out of the card's \(Int(card.cornerRadius)) pt rounded corners; "
                                   + "use a smaller card.cornerRadius or more card.padding"))
        }
        for (button, semantics) in zip(page.buttons, page.semantics.buttons) {
            if !button.rect.contains(button.labelText.frame, tolerance: 0.5) {
                results.append(finding(.truncation, .error, "\(button.role.rawValue) label", button.labelText.frame,
                                       "does not fit in its button and is cut off"))
            } else if ellipsizedText.contains(semantics.labelID.id) {
                results.append(finding(.truncation, .error, "\(button.role.rawValue) label", button.labelText.frame,
                                       "'\(button.label)' is cut with \"…\"; shorten it so the whole label shows"))
            } else if wordBrokenText.contains(semantics.labelID.id) {
                results.append(finding(.truncation, .error, "\(button.role.rawValue) label", button.labelText.frame,
                                       "'\(button.label)' breaks inside a word: the button is narrower than one of its words; "
                                       + "shorten the label, widen the button (style.buttons.minWidth) or let the buttons "
                                       + "stack (style.buttons.arrangement auto)"))
            }
        }
        if page.body.viewport.height < 1 {
            results.append(finding(.truncation, .error, "body", page.body.viewport,
                                   "has no room at all: the title and buttons fill the dialog"))
        }
        return results
    }
}
