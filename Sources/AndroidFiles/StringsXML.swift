import ConsentRender
import Foundation

/// One `res/values*/strings.xml` (or any values file holding strings): its `<string>`s and
/// `<plurals>` by name, with their text as the app shows it: Android's escapes undone, white space
/// folded outside double quotes, markup such as `<b>` and `<xliff:g>` kept as its text, and format
/// arguments (`%1$s`) as written. What aapt2 refuses is refused here with the line and the fix.
public struct StringsXMLFile: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The text, or for plurals the `other` quantity's (`one`'s when it has no `other`).
        public var text: String
        /// A `<plurals>`' texts by quantity (`one`, `other`); empty for a `<string>`.
        public var quantities: [String: String]
        public var line: Int
        /// `translatable="false"`: the default text is meant for every language.
        public var translatable: Bool
    }

    public var path: String
    /// Strings and plurals by resource name.
    public var entries: [String: Entry]
    /// `tools:locale` on `<resources>`: the language of the default `values/` folder.
    public var toolsLocale: String?
    /// What was read but is worth saying (text outside any resource, which aapt2 ignores).
    public var warnings: [String] = []

    /// The resource elements a values file may hold besides strings (aapt2 compiles them all).
    static let otherResourceTypes: Set<String> = [
        "string-array", "integer-array", "array", "color", "dimen", "bool", "integer", "fraction", "item", "style", "attr",
        "declare-styleable", "eat-comment", "skip", "public", "public-group", "staging-public-group", "java-symbol", "add-resource",
        "drawable", "id", "overlayable", "macro", "symbols",
    ]

    /// Reads the strings of the values file at `url`.
    public static func load(_ url: URL) throws -> StringsXMLFile {
        try parse(try ResourceXMLReader.contents(of: url), path: url.path)
    }

    /// The strings of a values file's bytes; `path` names it in errors.
    public static func parse(_ data: Data, path: String) throws -> StringsXMLFile {
        let root = try ResourceXMLReader.root(of: data, path: path)
        guard root.name == "resources" else {
            throw AndroidResourceError.syntax(path: path, line: root.line, column: root.column,
                                              problem: "the root element is <\(root.name)>, not <resources>",
                                              fix: "a values file holds <resources> with <string name=\"…\"> elements in it")
        }
        var file = StringsXMLFile(path: path, entries: [:], toolsLocale: root.attribute("tools:locale"))
        for node in root.children {
            switch node.content {
            case let .text(text, _):
                // aapt2 passes over text between resources (a stray "&gt;" after an element).
                if !text.allSatisfy(\.isWhitespace) {
                    file.warnings.append("\(path): line \(node.line), column \(node.column): the text '\(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))' "
                        + "is outside any resource, so the app never shows it (aapt2 passes over it); remove it")
                }
            case let .element(element):
                try file.add(element)
            }
        }
        return file
    }

    private mutating func add(_ element: XMLElement) throws {
        let kinds = ["string", "plurals"]
        guard kinds.contains(element.name) else {
            if Self.otherResourceTypes.contains(element.name) || element.name.contains(":") { return }
            let near = closestMatch(to: element.name, among: kinds + Self.otherResourceTypes.sorted())
            throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column,
                                              problem: "<\(element.name)> is not a resource type aapt2 knows",
                                              fix: near.map { "did you mean <\($0)>?" } ?? "write strings as <string name=\"…\">…</string>")
        }
        guard let name = element.attribute("name"), !name.isEmpty else {
            throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column,
                                              problem: "<\(element.name)> has no name", fix: "give it name=\"…\"")
        }
        guard Self.isResourceName(name) else {
            throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column,
                                              problem: "'\(name)' is not a valid resource name",
                                              fix: "use letters, digits, _ and ., starting with a letter or _ (consent_accept)")
        }
        if let earlier = entries[name] {
            throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column,
                                              problem: "'\(name)' is defined twice (first on line \(earlier.line))",
                                              fix: "keep one: aapt2 refuses a duplicate value for a resource")
        }
        let translatable = element.attribute("translatable") != "false"
        if element.name == "string" {
            entries[name] = Entry(text: try text(of: element), quantities: [:], line: element.line, translatable: translatable)
            return
        }
        var quantities: [String: String] = [:]
        for node in element.children {
            switch node.content {
            case let .text(text, _):
                guard text.allSatisfy(\.isWhitespace) else {
                    throw AndroidResourceError.syntax(path: path, line: node.line, column: node.column, problem: "text directly inside <plurals>",
                                                      fix: "put each quantity's text in <item quantity=\"other\">…</item>")
                }
            case let .element(item):
                guard item.name == "item" else {
                    throw AndroidResourceError.syntax(path: path, line: item.line, column: item.column,
                                                      problem: "<\(item.name)> inside <plurals>", fix: "use <item quantity=\"…\">")
                }
                let quantities_ = ["zero", "one", "two", "few", "many", "other"]
                guard let quantity = item.attribute("quantity"), quantities_.contains(quantity) else {
                    let given = item.attribute("quantity").map { "quantity=\"\($0)\"" } ?? "no quantity"
                    let near = item.attribute("quantity").flatMap { closestMatch(to: $0, among: quantities_) }
                    throw AndroidResourceError.syntax(path: path, line: item.line, column: item.column, problem: "an <item> with \(given)",
                                                      fix: (near.map { "did you mean \"\($0)\"? " } ?? "") + "quantity is one of "
                                                          + quantities_.joined(separator: ", "))
                }
                if quantities[quantity] != nil {
                    throw AndroidResourceError.syntax(path: path, line: item.line, column: item.column,
                                                      problem: "the quantity \(quantity) is given twice", fix: "keep one")
                }
                quantities[quantity] = try text(of: item)
            }
        }
        guard let shown = quantities["other"] ?? quantities["one"] ?? quantities.sorted(by: { $0.key < $1.key }).first?.value else {
            throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column, problem: "<plurals name=\"\(name)\"> has no items",
                                              fix: "give it at least <item quantity=\"other\">…</item>")
        }
        entries[name] = Entry(text: shown, quantities: quantities, line: element.line, translatable: translatable)
    }

    static func isResourceName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0 == "." || CharacterSet.alphanumerics.contains($0) }
    }

    /// An element's text as Android shows it: its text, CDATA and the text of elements inside it
    /// (`<b>`, `<xliff:g>`), through aapt2's string rules.
    private func text(of element: XMLElement) throws -> String {
        var pieces: [(text: String, line: Int, column: Int)] = []
        func collect(_ nodes: [XMLNode]) {
            for node in nodes {
                switch node.content {
                case let .text(text, _): pieces.append((text, node.line, node.column))
                case let .element(child): collect(child.children)
                }
            }
        }
        collect(element.children)
        var folder = AndroidStringRules(path: path, line: element.line, column: element.column)
        for piece in pieces { try folder.append(piece.text, line: piece.line, column: piece.column) }
        return try folder.finish()
    }
}

/// aapt2's rules for a string's text: outside double quotes, runs of white space become one space
/// and the ends are trimmed, and an apostrophe must be escaped; `"` starts and ends a quoted run
/// kept as written; backslash escapes `\n`, `\t`, `\'`, `\"`, `\\`, `\@`, `\?` and `\uXXXX`.
struct AndroidStringRules {
    let path: String
    let line: Int
    let column: Int
    private var result: [Character] = []
    private var quoted = false
    private var pendingSpace = false
    private var escaping = false
    private var unicode: String?
    private var highSurrogate: UInt32?

    init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    mutating func append(_ text: String, line: Int, column: Int) throws {
        for character in text {
            if var digits = unicode {
                digits.append(character)
                if digits.count == 4 {
                    unicode = nil
                    guard let value = UInt32(digits, radix: 16) else {
                        throw AndroidResourceError.syntax(path: path, line: line, column: column, problem: "\\u\(digits) is not a character",
                                                          fix: "write \\u with four hex digits (\\u00A0)")
                    }
                    // A UTF-16 surrogate pair (\uD83E\uDD73, an emoji) is one character, as aapt2 reads it.
                    if (0xD800...0xDBFF).contains(value) {
                        highSurrogate = value
                        continue
                    }
                    var scalarValue = value
                    if (0xDC00...0xDFFF).contains(value) {
                        guard let high = highSurrogate else {
                            throw AndroidResourceError.syntax(path: path, line: line, column: column,
                                                              problem: "\\u\(digits) is the second half of a surrogate pair without its first",
                                                              fix: "write the character itself, or both halves (\\uD83D\\uDE00)")
                        }
                        scalarValue = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        highSurrogate = nil
                    }
                    guard let scalar = Unicode.Scalar(scalarValue) else {
                        throw AndroidResourceError.syntax(path: path, line: line, column: column, problem: "\\u\(digits) is not a character",
                                                          fix: "write \\u with four hex digits (\\u00A0)")
                    }
                    emit(Character(scalar))
                } else {
                    unicode = digits
                }
                continue
            }
            if escaping {
                escaping = false
                switch character {
                case _ where highSurrogate != nil && character != "u":
                    throw AndroidResourceError.syntax(path: path, line: line, column: column,
                                                      problem: "a \\u escape of a surrogate pair's first half is not followed by its second",
                                                      fix: "write the character itself, or both halves (\\uD83D\\uDE00)")
                case "n": emit("\n")
                case "t": emit("\t")
                case "u": unicode = ""
                default: emit(character)
                }
                continue
            }
            if highSurrogate != nil && character != "\\" {
                throw AndroidResourceError.syntax(path: path, line: line, column: column,
                                                  problem: "a \\u escape of a surrogate pair's first half is not followed by its second",
                                                  fix: "write the character itself, or both halves (\\uD83D\\uDE00)")
            }
            switch character {
            case "\\":
                escaping = true
            case "\"":
                quoted.toggle()
            case "'" where !quoted:
                throw AndroidResourceError.syntax(path: path, line: line, column: column, problem: "unescaped apostrophe in string",
                                                  fix: "write \\' (or put the text in double quotes), as aapt2 requires")
            case _ where !quoted && character.isWhitespace:
                pendingSpace = !result.isEmpty
            default:
                emit(character)
            }
        }
    }

    private mutating func emit(_ character: Character) {
        if pendingSpace {
            result.append(" ")
            pendingSpace = false
        }
        result.append(character)
    }

    mutating func finish() throws -> String {
        if highSurrogate != nil || unicode != nil {
            throw AndroidResourceError.syntax(path: path, line: line, column: column,
                                              problem: unicode != nil ? "a \\u escape ends before its four hex digits"
                                                  : "a \\u escape of a surrogate pair's first half is not followed by its second",
                                              fix: "write \\u with four hex digits, and both halves of a pair (\\uD83D\\uDE00)")
        }
        return String(result)
    }
}
