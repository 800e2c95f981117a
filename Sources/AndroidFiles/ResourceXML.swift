import Foundation
import ConsentRender

/// A node of an Android resource XML file, with where it starts.
struct XMLNode: Equatable {
    enum Content: Equatable {
        case element(XMLElement)
        /// Character data; `cdata` for a `<![CDATA[…]]>` section.
        case text(String, cdata: Bool)
    }

    var content: Content
    var line: Int
    var column: Int
}

/// An element: its name as written (`xliff:g`), its attributes in order, its children.
struct XMLElement: Equatable {
    var name: String
    var attributes: [(name: String, value: String)]
    var children: [XMLNode]
    var line: Int
    var column: Int

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        lhs.name == rhs.name && lhs.attributes.map(\.name) == rhs.attributes.map(\.name)
            && lhs.attributes.map(\.value) == rhs.attributes.map(\.value) && lhs.children == rhs.children
            && lhs.line == rhs.line && lhs.column == rhs.column
    }
}

/// A small XML reader for resource files: elements, attributes, text, CDATA, comments, the
/// prolog and XML's five entities and character references, each node with its line and column,
/// so an error points at the place. A DOCTYPE may declare internal entities (`<!ENTITY name
/// "value">`, as aapt2 reads them); external and parameter entities are refused.
struct ResourceXMLReader {
    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The internal entities a `<!DOCTYPE … [ <!ENTITY name "value"> ]>` declares, which aapt2
    /// expands (apps declare their name once this way: `&app_name;`).
    private var entities: [String: String] = [:]
    /// Elements nested deeper than this are refused rather than risking the stack.
    static let maximumDepth = 64

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The bytes of the file at `url`, or an error naming it.
    static func contents(of url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw AndroidResourceError.unreadable(path: url.path, reason: describeFileError(error))
        }
    }

    /// The root element of the XML document in `data` (UTF-8, an optional byte order mark).
    static func root(of data: Data, path: String) throws -> XMLElement {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw AndroidResourceError.syntax(path: path, line: 1, column: 1, problem: "the file is UTF-16",
                                              fix: "save it as UTF-8, as Android Studio writes resource files")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            let bad = Self.firstInvalidUTF8(bytes)
            let line = bytes[..<bad].filter { $0 == 0x0A }.count + 1
            throw AndroidResourceError.syntax(path: path, line: line, column: 1, problem: "the text is not valid UTF-8",
                                              fix: "save the file as UTF-8")
        }
        var reader = ResourceXMLReader(bytes: bytes, path: path)
        return try reader.document()
    }

    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var low = 0, high = bytes.count
        while low < high {
            let mid = (low + high) / 2
            if String(validating: bytes[0..<mid], as: UTF8.self) != nil || mid == 0 { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }

    // MARK: Errors and positions

    /// The column (in characters) of `index`: counted on from the last one asked for on the same
    /// line, so a file of one long line costs no more than one of many.
    private var column: Int {
        mutating get {
            if columnCache.lineStart != lineStart || columnCache.index > index { columnCache = (lineStart, lineStart, 1) }
            var characters = columnCache.column
            for byte in bytes[columnCache.index..<min(index, bytes.count)] where byte & 0xC0 != 0x80 { characters += 1 }
            columnCache = (lineStart, index, characters)
            return characters
        }
    }
    private var columnCache: (lineStart: Int, index: Int, column: Int) = (0, 0, 1)

    private mutating func error(_ problem: String, fix: String, line: Int? = nil, column: Int? = nil) -> AndroidResourceError {
        .syntax(path: path, line: line ?? self.line, column: column ?? self.column, problem: problem, fix: fix)
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    private func starts(with text: String) -> Bool {
        let prefix = Array(text.utf8)
        return index + prefix.count <= bytes.count && Array(bytes[index..<index + prefix.count]) == prefix
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { advance() }
    }

    // MARK: Grammar

    private mutating func document() throws -> XMLElement {
        var root: XMLElement?
        while true {
            skipSpace()
            guard index < bytes.count else { break }
            if starts(with: "<?") {
                try skip(past: "?>", what: "the <? … ?> declaration")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
                guard root == nil else { throw error("a <!DOCTYPE> after the root element", fix: "put it before the root element") }
                try doctype()
            } else if starts(with: "<") {
                guard root == nil else {
                    throw error("a second root element after </\(root!.name)>", fix: "keep every resource inside the one <resources> element")
                }
                root = try element(depth: 0)
            } else {
                throw error("text outside the root element", fix: "put it inside <resources>, or remove it")
            }
        }
        guard let root else {
            throw error("the file has no <resources> element", fix: "write the strings as <resources><string name=\"…\">…</string></resources>",
                        line: 1, column: 1)
        }
        return root
    }

    /// `<!DOCTYPE name [ internal subset ]>`: the subset's `<!ENTITY name "value">` declarations
    /// (the value's own character references expanded) and comments.
    private mutating func doctype() throws {
        let startLine = line, startColumn = column
        advance("<!DOCTYPE".utf8.count)
        while index < bytes.count, bytes[index] != UInt8(ascii: "[") && bytes[index] != UInt8(ascii: ">") { advance() }
        guard index < bytes.count else {
            throw error("the <!DOCTYPE> is not closed", fix: "end it with ]> (or >)", line: startLine, column: startColumn)
        }
        if bytes[index] == UInt8(ascii: ">") { advance(); return }
        advance()
        while true {
            skipSpace()
            guard index < bytes.count else {
                throw error("the <!DOCTYPE>'s [ … ] is not closed", fix: "end it with ]>", line: startLine, column: startColumn)
            }
            if starts(with: "]") {
                advance()
                skipSpace()
                guard starts(with: ">") else { throw error("']' inside <!DOCTYPE> is not followed by '>'", fix: "end the DOCTYPE with ]>") }
                advance()
                return
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<!ENTITY") {
                let entityLine = line, entityColumn = column
                advance("<!ENTITY".utf8.count)
                skipSpace()
                if starts(with: "%") {
                    throw error("a parameter entity (<!ENTITY % …>)", fix: "declare plain entities only: <!ENTITY name \"words\">")
                }
                let entityName = try name()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw error("the entity '\(entityName)' has no quoted value (an external entity, SYSTEM or PUBLIC, is not read)",
                                fix: "give its words in quotes: <!ENTITY \(entityName) \"words\">")
                }
                let quote = bytes[index]
                advance()
                let start = index
                while index < bytes.count, bytes[index] != quote { advance() }
                guard index < bytes.count else {
                    throw error("the value of the entity '\(entityName)' is not closed", fix: "end it with its quote",
                                line: entityLine, column: entityColumn)
                }
                let raw = String(decoding: bytes[start..<index], as: UTF8.self)
                advance()
                skipSpace()
                guard starts(with: ">") else { throw error("<!ENTITY \(entityName) …> is not closed", fix: "end it with >") }
                advance()
                if entities[entityName] == nil {
                    entities[entityName] = try decodeEntities(raw, line: entityLine, column: entityColumn)
                }
            } else {
                throw error("only <!ENTITY name \"words\"> declarations and comments can be read inside a <!DOCTYPE>",
                            fix: "remove the other declarations")
            }
        }
    }

    private mutating func skip(past terminator: String, what: String) throws {
        let startLine = line, startColumn = column
        while index < bytes.count {
            if starts(with: terminator) {
                advance(terminator.utf8.count)
                return
            }
            advance()
        }
        throw error("\(what) is not closed", fix: "end it with \(terminator)", line: startLine, column: startColumn)
    }

    private mutating func name() throws -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let ok = byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard ok else { break }
            advance()
        }
        guard index > start else {
            throw error("a name was expected here", fix: "write a tag or attribute name (letters, digits, _ : - .)")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func element(depth: Int) throws -> XMLElement {
        let startLine = line, startColumn = column
        guard depth < Self.maximumDepth else {
            throw error("elements are nested more than \(Self.maximumDepth) deep", fix: "a resource file needs only a few levels")
        }
        advance() // <
        let tag = try name()
        var attributes: [(name: String, value: String)] = []
        while true {
            skipSpace()
            guard index < bytes.count else {
                throw error("<\(tag)> is not closed", fix: "end the tag with > or />", line: startLine, column: startColumn)
            }
            if starts(with: "/>") {
                advance(2)
                return XMLElement(name: tag, attributes: attributes, children: [], line: startLine, column: startColumn)
            }
            if bytes[index] == UInt8(ascii: ">") {
                advance()
                break
            }
            let attributeLine = line, attributeColumn = column
            let attribute = try name()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw error("the attribute \(attribute) has no value", fix: "write \(attribute)=\"…\"")
            }
            advance()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw error("the value of \(attribute) is not quoted", fix: "write \(attribute)=\"…\"")
            }
            let quote = bytes[index]
            advance()
            let valueStart = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") {
                    throw error("'<' inside the value of \(attribute)", fix: "write &lt; for a < in an attribute value")
                }
                advance()
            }
            guard index < bytes.count else {
                throw error("the value of \(attribute) is not closed", fix: "end it with its quote", line: attributeLine, column: attributeColumn)
            }
            let raw = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            advance()
            if attributes.contains(where: { $0.name == attribute }) {
                throw error("the attribute \(attribute) is given twice", fix: "keep one", line: attributeLine, column: attributeColumn)
            }
            attributes.append((attribute, try decodeEntities(raw, line: attributeLine, column: attributeColumn)))
        }
        var children: [XMLNode] = []
        var text: [UInt8] = []
        var textLine = line, textColumn = column
        func flush() throws {
            guard !text.isEmpty else { return }
            let decoded = try decodeEntities(String(decoding: text, as: UTF8.self), line: textLine, column: textColumn)
            children.append(XMLNode(content: .text(decoded, cdata: false), line: textLine, column: textColumn))
            text = []
        }
        while true {
            guard index < bytes.count else {
                throw error("<\(tag)> is never closed", fix: "add </\(tag)>", line: startLine, column: startColumn)
            }
            if starts(with: "</") {
                try flush()
                let endLine = line, endColumn = column
                advance(2)
                let closing = try name()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                    throw error("</\(closing) is not closed", fix: "end it with >")
                }
                advance()
                guard closing == tag else {
                    throw error("</\(closing)> closes <\(tag)> (opened on line \(startLine))", fix: "write </\(tag)> here, or close <\(closing)> where it is opened",
                                line: endLine, column: endColumn)
                }
                return XMLElement(name: tag, attributes: attributes, children: children, line: startLine, column: startColumn)
            }
            if starts(with: "<!--") {
                try flush()
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<![CDATA[") {
                try flush()
                let cdataLine = line, cdataColumn = column
                advance(9)
                let start = index
                while index < bytes.count, !starts(with: "]]>") { advance() }
                guard index < bytes.count else {
                    throw error("a <![CDATA[ section is not closed", fix: "end it with ]]>", line: cdataLine, column: cdataColumn)
                }
                children.append(XMLNode(content: .text(String(decoding: bytes[start..<index], as: UTF8.self), cdata: true),
                                        line: cdataLine, column: cdataColumn))
                advance(3)
            } else if starts(with: "<?") {
                try flush()
                try skip(past: "?>", what: "a processing instruction")
            } else if bytes[index] == UInt8(ascii: "<") {
                try flush()
                let child = try element(depth: depth + 1)
                children.append(XMLNode(content: .element(child), line: child.line, column: child.column))
            } else {
                if text.isEmpty {
                    textLine = line
                    textColumn = column
                }
                text.append(bytes[index])
                advance()
            }
            if text.isEmpty {
                textLine = line
                textColumn = column
            }
        }
    }

    /// `raw` with XML's entity and character references replaced.
    private func decodeEntities(_ raw: String, line: Int, column: Int) throws -> String {
        guard raw.contains("&") else { return raw }
        var result = ""
        var rest = Substring(raw)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";"), rest.distance(from: ampersand, to: semicolon) <= 80 else {
                throw AndroidResourceError.syntax(path: path, line: line, column: column, problem: "a bare '&'",
                                                  fix: "write &amp; for an ampersand")
            }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            case _ where entities[String(entity)] != nil: result += entities[String(entity)] ?? ""
            default:
                var value: UInt32?
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    value = UInt32(entity.dropFirst(2), radix: 16)
                } else if entity.hasPrefix("#") {
                    value = UInt32(entity.dropFirst(), radix: 10)
                }
                guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                    throw AndroidResourceError.syntax(
                        path: path, line: line, column: column, problem: "&\(entity); is not an entity XML knows",
                        fix: "write the character itself (UTF-8), or &#NNNN; with its code point (&nbsp; is &#160;)")
                }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
