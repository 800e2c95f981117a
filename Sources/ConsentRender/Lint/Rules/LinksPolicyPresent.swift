import Foundation

// `links.policy-present`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let policyPresent: LintRule = "links.policy-present"
}

extension LintRuleInfo {
    static let policyPresent = LintRuleInfo(
        rule: .policyPresent, severity: "error / warning",
        summary: "at least one link to a privacy policy (privacy, 隐私, Datenschutz, プライバシー, … in 40 languages), or on a cookie banner to its cookie policy (cookies, Cookie-Richtlinie, Cookie 政策, …), that leads somewhere: an https address with a host, or an `#anchor` to a heading of the text whose id names the policy; a policy link with an empty or broken target is an error naming it; a warning when every such link is below the fold, or when an `att-explainer` has none (Apple does not require one on a page before its tracking prompt)",
        source: "PIPL Art. 17; GDPR Art. 13; App Review 5.1.1",
        explanation: RuleExplanation(
            checks: "The screen links its privacy policy (or, on a cookie banner, its cookie policy), and the link leads somewhere: an https address, or an #anchor to a heading that names the policy. A link with an empty or broken target does not count; a policy link only below the fold warns, and so does a tracking explainer (att-explainer) without one, since Apple does not require it there.",
            why: "Users must be able to read what they consent to. PIPL Art. 17; GDPR Art. 13; App Review Guideline 5.1.1.",
            fix: "Link the full policy's https address in the first paragraph: [Privacy Policy](https://…)."))
}

extension PageLintRule {
    static let policyPresent = PageLintRule(.policyPresent) { $0.policyPresent() }
}

extension PageLint {
    /// Words that name a privacy policy, in the languages ConsentRender ships strings for.
    static let policyWords = [
        "privacy", "privacidad", "privacidade", "privacitat", "confidentialité", "confidentialite", "datenschutz",
        "riservatezza", "privacyverklaring", "personvern", "integritet", "privatliv", "tietosuoja", "prywatno",
        "ochrana osobních", "súkromi", "adatvédelm", "confidențialitate", "gizlilik", "конфиденциальн", "конфіденційн",
        "απορρήτου", "απόρρητο", "פרטיות", "خصوصية", "الخصوصية", "حریم خصوصی", "رازداری", "गोपनीयता", "ความเป็นส่วนตัว",
        "quyền riêng tư", "privasi", "privasi", "隐私", "隱私", "私隱", "个人信息", "個人資料", "プライバシー", "個人情報",
        "개인정보", "privātuma", "privatumo",
    ]

    /// `links.policy-present`: at least one link to a privacy policy.
    func policyPresent() -> [LintFinding] {
        // A decline confirmation leads back to the agreement instead of linking the policy.
        guard !page.buttons.contains(where: { $0.role == .review }) else { return [] }
        // A policy link leads somewhere: a real https address, or an #anchor to a heading of the
        // text that names the policy. A cookie banner's cookie policy counts.
        let anchors = Set(page.semantics.body.anchors.map(\.id))
        func leadsSomewhere(_ link: PlacedLink) -> Bool {
            if link.url.hasPrefix("#") {
                let id = String(link.url.dropFirst()).removingPercentEncoding ?? String(link.url.dropFirst())
                return anchors.contains(id) && Self.policyWords.contains { id.lowercased().contains($0) }
            }
            guard let url = URL(string: link.url), url.scheme?.lowercased() == "https", let host = url.host, host.contains(".") else { return false }
            return true
        }
        let named = page.links.filter { link in
            let haystack = (link.text + " " + link.url).lowercased()
            return Self.policyWords.contains { haystack.contains($0) } || WordLists.firstMatch(in: link.text, of: .cookiePolicy) != nil
        }
        let policies = named.filter(leadsSomewhere)
        guard !policies.isEmpty else {
            if let empty = named.first {
                return [finding(.policyPresent, .error, empty.id, empty.rects.first ?? page.body.viewport,
                                "'\(empty.text)' names the privacy policy but leads nowhere ('\(empty.url)'); link the policy's https "
                                + "address, or an #anchor to the heading that holds it (PIPL Art. 17, GDPR Art. 13)")]
            }
            // Apple asks for the policy in the app and its metadata (5.1.1), not on the page before
            // the tracking prompt: there a missing link is worth saying, not an error.
            if template.id == .attExplainer {
                return [finding(.policyPresent, .warning, "links", page.body.viewport,
                                "no link to the privacy policy; Apple does not require one on a tracking explainer, but a user deciding "
                                + "about tracking may want to read it before the system prompt")]
            }
            return [finding(.policyPresent, .error, "links", page.body.viewport,
                            "no link to a privacy policy; link the full policy from the dialog (PIPL Art. 17, GDPR Art. 13)")]
        }
        guard policies.contains(where: \.isVisible) else {
            return [finding(.policyPresent, .warning, policies[0].id, policies[0].rects.first ?? page.body.viewport,
                            "the privacy policy link '\(policies[0].text)' is below the fold; App Review and PIPL expect it on "
                            + "the first screen, so move it up or shorten the text above it")]
        }
        return []
    }
}
