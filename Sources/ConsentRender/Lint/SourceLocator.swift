import Foundation

/// Where in the team's files a finding comes from: a file and, where one exists, a line and column
/// (1-based), as SARIF and CI annotations point at it.
public struct SourceLocation: Codable, Sendable, Equatable {
    /// The file's path, as the document folder was given (absolute or relative to the current folder).
    public var file: String
    public var line: Int?
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// Finds a finding's source in a document's files:
/// - a link (`link-N`): the line and column of that link in the language's Markdown file;
/// - the title: its `# ` line;
/// - text a rule quotes (`'登录即代表同意'`), or a body block's first words: the line that holds them;
/// - a button label: its `strings` entry in `document.json`, when the document sets it;
/// - an Info.plist purpose string (`NS…UsageDescription`): the line of its key in the file it came from;
/// - anything else about a language: its Markdown file, without a line.
struct SourceLocator {
    let content: ConsentContent
    /// Each file's lines, read once.
    private var cache: [String: [String]] = [:]

    init(content: ConsentContent) {
        self.content = content
    }

    private mutating func lines(of path: String) -> [String] {
        if let lines = cache[path] { return lines }
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        cache[path] = lines
        return lines
    }

    /// The first line of `path` holding `needle` (in any letter case: a rule quotes its word list's
    /// lower-case words), with the column (in characters, 1-based) it starts at.
    private mutating func find(_ needle: String, in path: String) -> SourceLocation? {
        guard !needle.isEmpty else { return nil }
        for (index, line) in lines(of: path).enumerated() {
            if let range = line.range(of: needle) ?? line.range(of: needle, options: .caseInsensitive) {
                return SourceLocation(file: path, line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// The line holding `quoted` text of the screen: the whole of it, else its first words (the
    /// Markdown may hold a link's brackets or a line break inside it).
    private mutating func find(quoted: String, in path: String) -> SourceLocation? {
        if let found = find(quoted, in: path) { return found }
        // A word list's pattern quotes its gap as "…" (登录即代表…同意): the words before it.
        let head = String(quoted.prefix { !"《[(\n…".contains($0) }.prefix(12)).trimmingCharacters(in: .whitespaces)
        return head.count >= 2 ? find(head, in: path) : nil
    }

    /// The first web address in a message, without trailing punctuation.
    static func address(in message: String) -> String? {
        guard let start = message.range(of: "https://") ?? message.range(of: "http://") else { return nil }
        let rest = message[start.lowerBound...].prefix { !$0.isWhitespace && $0 != ")" && $0 != "'" }
        let trimmed = String(rest).trimmingCharacters(in: CharacterSet(charactersIn: ".,;:"))
        return trimmed.count > 8 ? trimmed : nil
    }

    /// Text between the first pair of straight single quotes in a message.
    static func quoted(in message: String) -> String? {
        guard let start = message.firstIndex(of: "'"), let end = message[message.index(after: start)...].firstIndex(of: "'") else { return nil }
        let text = String(message[message.index(after: start)..<end])
        return text.isEmpty ? nil : text
    }

    mutating func locate(_ finding: LintFinding, page: RenderedPage?) -> SourceLocation? {
        let element = finding.element
        // Purpose strings: the app's file the text came from.
        if element.hasPrefix("NS"), element.hasSuffix("UsageDescription") || element.hasSuffix("Description"), let app = content.app {
            let file = app.infoValue(element, language: finding.language)?.file ?? app.settingsFile
            return find(element, in: file) ?? SourceLocation(file: file)
        }
        let language = page?.layout.language ?? finding.language
        guard content.languageFiles[language] != nil || page != nil else { return nil }
        let markdown = content.path(of: language)
        if element.hasPrefix("link-"), let index = Int(element.dropFirst(5)), let links = page?.linkMap.links, index < links.count {
            let link = links[index]
            return find("[\(link.text)](", in: markdown) ?? find("](\(link.url)", in: markdown) ?? find(link.url, in: markdown)
                ?? find(link.text, in: markdown) ?? SourceLocation(file: markdown)
        }
        if element == "title" {
            if let quoted = Self.quoted(in: finding.message), let found = find(quoted: quoted, in: markdown) { return found }
            return find("# ", in: markdown) ?? SourceLocation(file: markdown)
        }
        // A button's label: the document's own words for it, in document.json.
        let parts = element.split(separator: " ")
        if parts.count == 2, ["button", "label", "link"].contains(parts[1]), let key = Self.stringKey(forRole: String(parts[0])) {
            let settings = (content.source as NSString).appendingPathComponent("document.json")
            if content.settings.strings[key] != nil || content.settings.localizableKeys[key] != nil,
               let data = FileManager.default.contents(atPath: settings), let tree = try? StrictJSONReader.parse(data),
               let member = tree.member(at: "strings.\(key)") {
                return SourceLocation(file: settings, line: member.line, column: member.column)
            }
            return nil
        }
        if let quoted = Self.quoted(in: finding.message), let found = find(quoted: quoted, in: markdown) { return found }
        // A message that names a link's address (links.parity's "link 2 goes to https://…"): that link's line.
        if let address = Self.address(in: finding.message), let found = find("](\(address)", in: markdown) ?? find(address, in: markdown) {
            return found
        }
        if element.hasPrefix("body block "), let number = Int(element.dropFirst(11)), let blocks = page?.layout.body.blocks,
           number >= 1, number <= blocks.count {
            let words = blocks[number - 1].block.text.prefix(12).trimmingCharacters(in: .whitespacesAndNewlines)
            if let found = find(words, in: markdown) { return found }
        }
        return SourceLocation(file: markdown)
    }

    /// The `strings` key that labels a button of `role`.
    static func stringKey(forRole role: String) -> String? {
        switch role {
        case "accept", "decline", "settings", "continue": role
        case "not-now": "notNow"
        case "review": "confirmReview"
        case "exit": "confirmExit"
        case "save": "saveChoices"
        default: nil
        }
    }
}
