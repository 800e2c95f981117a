import Foundation

// `links.scheme`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let linkScheme: LintRule = "links.scheme"
}

extension LintRuleInfo {
    static let linkScheme = LintRuleInfo(
        rule: .linkScheme, severity: "error / warning",
        summary: "only https links, `#anchors`, and `tel:` and `mailto:` (a service number or address); http, javascript:, data: and empty targets are errors, other schemes warn",
        source: "App Transport Security; App Review 5.1.1",
        explanation: RuleExplanation(
            checks: "Links use https (or an #anchor, tel: or mailto:); http, javascript:, data: and empty targets are errors, other schemes warn.",
            why: "A policy must open, securely, where the user expects. App Transport Security; App Review Guideline 5.1.1.",
            fix: "Point each link at its https address."))
}

extension PageLintRule {
    static let linkScheme = PageLintRule(.linkScheme) { $0.linkSchemes() }
}

extension PageLint {
    /// `links.scheme`: https pages, in-document `#anchors`, and `tel:` and `mailto:` (a customer-service
    /// number or address, which iOS opens in Phone or Mail).
    func linkSchemes() -> [LintFinding] {
        page.links.compactMap { link in
            let url = link.url.trimmingCharacters(in: .whitespaces).lowercased()
            let rect = link.visibleRects.first
            if url.hasPrefix("https://") || (url.hasPrefix("#") && url.count > 1) { return nil }
            if (url.hasPrefix("tel:") || url.hasPrefix("mailto:")) && url.split(separator: ":", maxSplits: 1).count == 2 { return nil }
            if url.isEmpty || url == "#" {
                return finding(.linkScheme, .error, link.id, rect, "'\(link.text)' has no target")
            }
            for unsafe in ["http://", "javascript:", "data:"] where url.hasPrefix(unsafe) {
                return finding(.linkScheme, .error, link.id, rect,
                               "'\(link.text)' goes to \(link.url); use https:// (\(unsafe == "http://" ? "an http" : "a \(unsafe.dropLast())") link "
                               + "is refused by App Review and insecure)")
            }
            return finding(.linkScheme, .warning, link.id, rect, "'\(link.text)' goes to \(link.url), which is not an https page")
        }
    }
}
