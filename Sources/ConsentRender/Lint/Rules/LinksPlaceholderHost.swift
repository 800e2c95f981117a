import Foundation

// `links.placeholder-host`: the rule's id, what docs/lint.md says of it, its explanation and its check.

extension LintRule {
    public static let placeholderHost: LintRule = "links.placeholder-host"
}

extension LintRuleInfo {
    static let placeholderHost = LintRuleInfo(
        rule: .placeholderHost, severity: "error / warning",
        summary: "no link to a template's sample domain (your-domain.com, yourdomain.com, domain.com, yoursite.com, …), `localhost` or a bare IP address (errors), nor to a documentation domain (example.com, .net, .org, and names under `.example`, `.test` or `.invalid`: warnings, so a draft can still render)",
        source: "RFC 2606 and RFC 6761 (names reserved for documentation); PIPL Art. 17; GDPR Art. 13; App Review 5.1.1",
        explanation: RuleExplanation(
            checks: "No link goes to a placeholder: a template's sample domain (your-domain.com, yourdomain.com, domain.com, yoursite.com and their kin), localhost or a bare IP address is an error; a domain reserved for documentation (example.com, example.net, example.org, or a name under .example, .test or .invalid) is a warning.",
            why: "A policy link left as the template's sample opens nothing, or someone else's site: the user cannot read what they consent to, and App Review rejects a privacy policy link that does not work. RFC 2606 and RFC 6761 reserve the documentation names, so they never lead to a policy.",
            fix: "Point the link at the published policy's https address on your own domain."))
}

extension PageLintRule {
    static let placeholderHost = PageLintRule(.placeholderHost) { $0.placeholderHosts() }
}

extension PageLint {
    /// Domains that project templates and policy generators ship as the place to put one's own
    /// (seen in the lint corpora: your-domain.com, yourdomain.com, domain.com, yoursite.com).
    static let templateSampleDomains: Set<String> = [
        "your-domain.com", "yourdomain.com", "domain.com", "yoursite.com", "your-site.com", "yourwebsite.com", "your-website.com",
        "yourcompany.com", "your-company.com", "yourapp.com", "your-app.com", "mysite.com", "mydomain.com", "website.com",
    ]

    /// Domains RFC 2606 reserves for documentation, and the top-level names it and RFC 6761
    /// reserve (`.example`, `.test`, `.invalid`).
    static let documentationDomains: Set<String> = ["example.com", "example.net", "example.org"]
    static let reservedTopLevelNames: Set<String> = ["example", "test", "invalid"]

    /// How a link's host is a placeholder, if it is: `.error` for a template's sample domain,
    /// localhost or a bare IP address, `.warning` for a documentation domain, with what it is.
    static func placeholder(host rawHost: String) -> (severity: LintSeverity, what: String)? {
        let host = rawHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
        guard !host.isEmpty else { return nil }
        func isOrIsUnder(_ domain: String) -> Bool { host == domain || host.hasSuffix("." + domain) }
        if host == "localhost" || host.hasSuffix(".localhost") { return (.error, "localhost, this very device") }
        if isBareIPAddress(host) { return (.error, "a bare IP address, not a published site") }
        if let sample = templateSampleDomains.first(where: isOrIsUnder) { return (.error, "\(sample), a template's sample domain") }
        if let documentation = documentationDomains.first(where: isOrIsUnder) {
            return (.warning, "\(documentation), a domain reserved for documentation (RFC 2606)")
        }
        if let last = host.split(separator: ".").last, reservedTopLevelNames.contains(String(last)) {
            return (.warning, "a name under .\(last), reserved for documentation and tests (RFC 2606, RFC 6761)")
        }
        return nil
    }

    /// Whether `host` is an IPv4 address in dotted decimal or an IPv6 address.
    static func isBareIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII)
            && part.allSatisfy(\.isNumber) && Int(part).map { $0 <= 255 } == true }
    }

    /// `links.placeholder-host`: links whose host is a placeholder, a policy link named as such.
    func placeholderHosts() -> [LintFinding] {
        page.links.compactMap { link in
            let target = link.url.trimmingCharacters(in: .whitespaces)
            guard let components = URLComponents(string: target), let scheme = components.scheme?.lowercased(),
                  scheme == "https" || scheme == "http", let host = components.host,
                  let placeholder = Self.placeholder(host: host) else { return nil }
            let haystack = (link.text + " " + link.url).lowercased()
            let isPolicy = Self.policyWords.contains { haystack.contains($0) } || WordLists.firstMatch(in: link.text, of: .cookiePolicy) != nil
            let what = isPolicy ? "the policy link '\(link.text)'" : "'\(link.text)'"
            let kind = isPolicy ? "policy" : "page"
            let consequence = placeholder.severity == .error
                ? "it opens nothing the user can read"
                : "fine in a draft, but it never leads to a published \(kind)"
            return finding(.placeholderHost, placeholder.severity, link.id, link.visibleRects.first ?? link.rects.first,
                           "\(what) goes to \(placeholder.what) (\(link.url)): \(consequence); link the published \(kind) on your own domain")
        }
    }
}
