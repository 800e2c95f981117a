import Foundation

// `text.format-specifier`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let formatSpecifier: LintRule = "text.format-specifier"
}

extension LintRuleInfo {
    static let formatSpecifier = LintRuleInfo(
        rule: .formatSpecifier, severity: "error",
        summary: "no printf format specifier (`%d`, `%@`, `%1$lld`, `%#@count@`) drawn as text: a string the app formats at run time (a Localizable or .stringsdict entry, a purpose string) shows its numbers and names there, never the specifier",
        source: "—",
        explanation: RuleExplanation(
            checks: "No title, body text or button label shows a format specifier such as %d, %@, %1$lld or %#@count@.",
            why: "The app fills a format string in at run time (String(format:), a .stringsdict plural); a screenshot that shows the specifier shows a screen no user sees, and a purpose string with one shows it on iOS's own alert, which formats nothing.",
            fix: "Name a string without specifiers for the screen (strings.<field>.key), or give the words in document.json; write a purpose string without them."))
}

extension PageLintRule {
    static let formatSpecifier = PageLintRule(.formatSpecifier) { $0.formatSpecifiers() }
}

extension PageLint {
    /// `text.format-specifier`: every text on the screen that holds a printf specifier.
    func formatSpecifiers() -> [LintFinding] {
        var texts: [(element: String, text: String, rect: Rect?)] = [("title", page.title.block.text, Rect(x: page.title.origin.x, y: page.title.origin.y, width: page.title.size.width, height: page.title.size.height))]
        texts += page.body.blocks.enumerated().map { ("body block \($0.offset)", $0.element.block.text, Rect(x: $0.element.origin.x, y: $0.element.origin.y, width: $0.element.size.width, height: $0.element.size.height)) }
        texts += page.buttons.map { ("\($0.role.rawValue) label", $0.label, $0.rect) }
        return texts.compactMap { item in
            let found = FormatSpecifier.all(in: item.text)
            guard !found.isEmpty else { return nil }
            return finding(.formatSpecifier, .error, item.element, item.rect,
                           "\"\(item.text)\" shows \(found.map { "'\($0)'" }.joined(separator: ", ")), a format specifier the app fills in at "
                           + "run time; name a string without one, or give the words themselves")
        }
    }
}

/// printf's and Foundation's format specifiers, as a text that is drawn unformatted would show them.
enum FormatSpecifier {
    /// `%d`, `%@`, `%1$lld`, `%.2f`, `%#@count@`; not `%%`, nor a percent sign before a space or a
    /// word that is no conversion ("100% of", "50%.").
    static func all(in text: String) -> [String] {
        guard text.contains("%") else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    private static let expression = try! NSRegularExpression(
        pattern: #"(?<!%)%(?:\d+\$)?(?:#@[A-Za-z_][A-Za-z0-9_]*@|[-+0#']*(?:\d+|\*)?(?:\.\d+)?(?:hh|h|ll|l|q|z|t|j|L)?[@dDiuUxXoOfFeEgGcCsSp](?![A-Za-z]))"#)
}
