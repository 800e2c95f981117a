/// Checks across a document's language files (the seed's cross-language consistency check).
struct DocumentLint: Sendable {
    public var folder: DocumentFolder
    /// The language files to compare with the reference; nil compares every one.
    public var languages: [String]?

    public init(folder: DocumentFolder, languages: [String]? = nil) {
        self.folder = folder
        self.languages = languages
    }

    /// What parity compares in one language file.
    struct Outline: Equatable {
        var links: [String]
        var headings: Int
        var paragraphs: Int
    }

    /// `links.parity`: every language file has the same number of links, headings and
    /// paragraphs as the default language's (errors), and links the same targets once language
    /// path segments are set aside (warnings).
    public func findings() throws -> [LintFinding] {
        try anchorFindings() + parityFindings()
    }

    /// `links.anchor-exists`: every `#anchor` link of a language file names a heading id it has
    /// (GitHub's ids; the title's too). Such a link would scroll nowhere.
    func anchorFindings() throws -> [LintFinding] {
        var results: [LintFinding] = []
        for language in folder.languages where languages?.contains(language) ?? true {
            let document = try folder.document(language: language)
            let ids = HeadingSlugger.ids(of: document)
            for url in try outline(of: language).links where url.hasPrefix("#") {
                let id = String(url.dropFirst())
                guard !ids.contains(id) else { continue }
                let hint = closestMatch(to: id, among: ids).map { "; did you mean #\($0)?" } ?? ""
                results.append(LintFinding(
                    rule: LintRule.anchorExists, severity: .error,
                    message: "links to \(url), but no heading has the id '\(id)' (ids are GitHub's: lower case, spaces as hyphens, "
                        + "punctuation dropped)\(hint)",
                    element: "\(language).md", rect: nil, language: language, device: ""))
            }
        }
        return results
    }

    func parityFindings() throws -> [LintFinding] {
        guard folder.languages.count > 1 else { return [] }
        let reference = folder.settings.defaultLanguage.flatMap { folder.languages.contains($0) ? $0 : nil } ?? folder.languages[0]
        let base = try outline(of: reference)
        let baseHeadings = HeadingSlugger.ids(of: try folder.document(language: reference))
        var results: [LintFinding] = []
        for language in folder.languages where language != reference && (languages?.contains(language) ?? true) {
            let other = try outline(of: language)
            let headings = HeadingSlugger.ids(of: try folder.document(language: language))
            func error(_ what: String, _ mine: Int, _ theirs: Int) {
                func count(_ number: Int) -> String { "\(number) \(number == 1 ? String(what.dropLast()) : what)" }
                results.append(LintFinding(
                    rule: LintRule.linkParity, severity: .error,
                    message: "has \(count(mine)) but \(reference).md has \(count(theirs)); every language must say the same",
                    element: "\(language).md", rect: nil, language: language, device: ""))
            }
            if other.links.count != base.links.count { error("links", other.links.count, base.links.count) }
            if other.headings != base.headings { error("headings", other.headings, base.headings) }
            if other.paragraphs != base.paragraphs { error("paragraphs", other.paragraphs, base.paragraphs) }
            if other.links.count == base.links.count {
                // Heading ids are each language's own (#八您的权利, #8-your-rights): an anchor link is
                // compared by the heading it leads to, its place among the headings.
                for (index, pair) in zip(other.links, base.links).enumerated()
                where target(pair.0, language: language, headings: headings) != target(pair.1, language: reference, headings: baseHeadings) {
                    let message = pair.0 == pair.1
                        ? "link \(index + 1) goes to \(pair.0), the same address as in \(reference).md, whose path names that file's "
                            + "language ('\(reference)'); point it at the \(language) page if there is one"
                        : "link \(index + 1) goes to \(pair.0) but in \(reference).md to \(pair.1)"
                    results.append(LintFinding(
                        rule: LintRule.linkParity, severity: .warning,
                        message: message,
                        element: "\(language).md", rect: nil, language: language, device: ""))
                }
            }
        }
        return results
    }

    func outline(of language: String) throws -> Outline {
        let document = try folder.document(language: language)
        var outline = Outline(links: links(in: document.title ?? []), headings: 0, paragraphs: 0)
        func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case let .paragraph(inlines):
                    outline.paragraphs += 1
                    outline.links += links(in: inlines)
                case let .heading(_, inlines):
                    outline.headings += 1
                    outline.links += links(in: inlines)
                case let .list(_, _, items):
                    items.forEach(visit)
                case let .checklist(items):
                    items.map(\.blocks).forEach(visit)
                case let .quote(inner):
                    visit(inner)
                case let .table(header, rows):
                    outline.links += ([header] + rows).flatMap { $0.flatMap(links(in:)) }
                case .thematicBreak:
                    break
                }
            }
        }
        visit(document.blocks)
        return outline
    }

    private func links(in inlines: [Inline]) -> [String] {
        inlines.flatMap { inline -> [String] in
            switch inline {
            case let .link(url, content, _): [url] + links(in: content)
            case let .emphasis(content), let .strong(content): links(in: content)
            default: []
            }
        }
    }

    /// What a link leads to, to compare across languages: for an `#anchor` of a heading the file
    /// has, that heading's place (`#heading 9`, the title counting as the first); else the URL
    /// without its language's path segments.
    private func target(_ url: String, language: String, headings: [String]) -> String {
        if url.hasPrefix("#"), let place = headings.firstIndex(of: String(url.dropFirst())) { return "#heading \(place + 1)" }
        return normalized(url, language: language)
    }

    /// The URL without path segments that name its language (example.com/en/privacy → example.com//privacy).
    private func normalized(_ url: String, language: String) -> String {
        let names = Set([language.lowercased(), (LanguageTag(language)?.language ?? language).lowercased()])
        return url.split(separator: "/", omittingEmptySubsequences: false)
            .map { names.contains($0.lowercased()) ? "" : String($0) }.joined(separator: "/")
    }
}
