import ConsentRender
import Foundation

/// One value of a property list (an `Info.plist`, say), as Apple's formats define them.
package indirect enum PropertyListValue: Equatable, Sendable {
    case string(String), integer(Int64), real(Double), bool(Bool), date(Date), data(Data)
    case array([PropertyListValue]), dictionary([String: PropertyListValue])
}

/// Reads property lists: the XML form Xcode writes and the binary form (`bplist00`) a built app
/// carries. Both readers are the project's own, so every error can say where in the file it lies.
package enum PropertyList {
    /// XML (`<?xml … <plist version="1.0">`) or binary (`bplist00`) property lists. `path` names the file in errors.
    public static func parse(_ data: Data, path: String) throws -> PropertyListValue {
        try read(data, path: path).value
    }

    /// The value, and what was read but is worth saying: a key given twice in a dictionary, whose
    /// later value is used as Xcode and Apple's tools use it, named with both lines.
    public static func read(_ data: Data, path: String) throws -> (value: PropertyListValue, warnings: [String]) {
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist".utf8)) {
            return (try BinaryPropertyListReader.parse(bytes, path: path), [])
        }
        let text = try XMLPropertyListReader.utf8Text(bytes, path: path)
        guard XMLPropertyListReader.looksLikeXML(text) else { throw AppFileError.notAPropertyList(path: path) }
        return try XMLPropertyListReader.read(utf8: text, path: path)
    }
}

/// Reads the XML form of a property list, keeping the line and column of every element so an
/// error can point at it (Foundation's `XMLParser` and `PropertyListSerialization` do not).
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    /// What was read but is worth saying (a key given twice), a sentence each.
    private(set) var warnings: [String] = []
    private var line = 1
    private var lineStart = 0
    /// Whether the file is a `.strings` file written as a property list: a dictionary of strings.
    private var stringsDictionary = false
    /// Nesting deeper than this is refused rather than risking the stack.
    private static let maximumDepth = 256

    private init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The file's text as UTF-8 bytes without a byte order mark: UTF-8 as it is, UTF-16 (which
    /// must then start with its byte order mark) converted.
    static func utf8Text(_ bytes: [UInt8], path: String) throws -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let bigEndian: Bool
        if bytes.starts(with: [0xFE, 0xFF]) {
            bigEndian = true
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            bigEndian = false
        } else {
            return bytes
        }
        let scalars = try TextDecoding.utf16Scalars(bytes, from: 2, bigEndian: bigEndian, path: path)
        var text: [UInt8] = []
        text.reserveCapacity(scalars.count)
        for scalar in scalars { UTF8.encode(scalar) { text.append($0) } }
        return text
    }

    /// Whether UTF-8 text opens (after white space) as an XML document does.
    static func looksLikeXML(_ text: [UInt8]) -> Bool {
        text.first(where: { !isWhitespace($0) }) == UInt8(ascii: "<")
    }

    /// The value of the XML property list in `text` (UTF-8, no byte order mark).
    /// With `stringsDictionary`, the value must be a dictionary of strings, as a `.strings` file's.
    static func parse(utf8 text: [UInt8], path: String, stringsDictionary: Bool = false) throws -> PropertyListValue {
        try read(utf8: text, path: path, stringsDictionary: stringsDictionary).value
    }

    /// The value, and what was read but is worth saying (a key given twice).
    static func read(utf8 text: [UInt8], path: String, stringsDictionary: Bool = false) throws -> (value: PropertyListValue, warnings: [String]) {
        var reader = XMLPropertyListReader(bytes: text, path: path)
        reader.stringsDictionary = stringsDictionary
        let value = try reader.document()
        return (value, reader.warnings)
    }

    // MARK: Document structure

    private mutating func document() throws -> PropertyListValue {
        try skipMisc(allowDoctype: true)
        guard index < bytes.count else { throw failure("the file holds no property list", fix: "re-save it in Xcode") }
        let root = try startTag()
        guard root.name == "plist" else {
            throw failure(at: root, "the root element is <\(root.name)>, not <plist>",
                          fix: "wrap the value in <plist version=\"1.0\"> … </plist>")
        }
        guard !root.isEmpty else { throw failure(at: root, "<plist/> holds no value", fix: "put one value (such as <dict>) inside <plist>") }
        try skipMisc(allowDoctype: false)
        guard index < bytes.count else { throw unclosed(root) }
        if startsWith("</") {
            throw failure("<plist> holds no value", fix: "put one value (such as <dict>) inside <plist>")
        }
        let value = try self.value(depth: 0)
        try skipMisc(allowDoctype: false)
        if index < bytes.count, !startsWith("</") {
            throw failure("<plist> holds a second value (\(describeCurrent()))",
                          fix: "a property list has one root value: put them in an <array> or <dict>")
        }
        try endTag(of: root)
        try skipMisc(allowDoctype: false)
        guard index >= bytes.count else {
            throw failure("\(describeCurrent()) after the end of </plist>", fix: "remove everything after </plist>")
        }
        return value
    }

    /// A place in the text; its column is counted only when an error needs it, so reading a long
    /// line of many tags stays linear.
    private struct Mark {
        var line: Int
        var lineStart: Int
        var index: Int
    }

    private struct Tag {
        var name: String
        var isEmpty: Bool
        var mark: Mark
        var line: Int { mark.line }
    }

    private mutating func value(depth: Int) throws -> PropertyListValue {
        guard depth < Self.maximumDepth else {
            throw failure("values are nested more than \(Self.maximumDepth) levels deep", fix: "flatten the property list")
        }
        guard startsWith("<"), !startsWith("</") else {
            throw failure("\(describeCurrent()) where a value should be", fix: "write a value element such as <string>…</string>")
        }
        let tag = try startTag()
        if stringsDictionary && depth == 0 && tag.name != "dict" {
            throw failure(at: tag, "the property list holds <\(tag.name)>, but a .strings file holds a <dict> of strings",
                          fix: "put the entries in a <dict>, each a <key> and a <string>")
        }
        if stringsDictionary && depth == 1 && tag.name != "string" && tag.name != "key" {
            throw failure(at: tag, "a <\(tag.name)> in a .strings file, whose values are all strings",
                          fix: "write the text as <string>…</string>")
        }
        switch tag.name {
        case "dict": return try dictionary(tag, depth: depth)
        case "array": return try array(tag, depth: depth)
        case "string": return .string(try text(of: tag))
        case "key":
            throw failure(at: tag, "a <key> where a value should be",
                          fix: "keys belong directly inside a <dict>, each followed by its value")
        case "integer": return .integer(try integer(try text(of: tag), tag: tag))
        case "real": return .real(try real(try text(of: tag), tag: tag))
        case "true", "false":
            let content = try text(of: tag)
            guard content.allSatisfy({ $0.isWhitespace }) else {
                throw failure(at: tag, "<\(tag.name)> holds text", fix: "write <\(tag.name)/>")
            }
            return .bool(tag.name == "true")
        case "date": return .date(try date(try text(of: tag), tag: tag))
        case "data": return .data(try base64(try text(of: tag), tag: tag))
        default:
            throw failure(at: tag, "<\(tag.name)> is not a property list element",
                          fix: "use dict, array, key, string, integer, real, true, false, date or data")
        }
    }

    private mutating func dictionary(_ tag: Tag, depth: Int) throws -> PropertyListValue {
        var result: [String: PropertyListValue] = [:]
        var keyLines: [String: Int] = [:]
        guard !tag.isEmpty else { return .dictionary(result) }
        while true {
            try skipMisc(allowDoctype: false)
            guard index < bytes.count else { throw unclosed(tag) }
            if startsWith("</") {
                try endTag(of: tag)
                return .dictionary(result)
            }
            guard startsWith("<") else {
                throw failure("text \(describeCurrent()) directly inside <dict>", fix: "put it in a <key> or a value element")
            }
            let keyTag = try startTag()
            guard keyTag.name == "key" else {
                throw failure(at: keyTag, "a <\(keyTag.name)> where a <key> should be",
                              fix: "give every value in a <dict> a <key> before it")
            }
            let key = try text(of: keyTag)
            try skipMisc(allowDoctype: false)
            guard index < bytes.count else { throw unclosed(tag) }
            if startsWith("</") {
                throw failure(at: keyTag, "the key '\(key)' has no value", fix: "write its value after </key>, or remove the key")
            }
            if startsWith("<key") {
                let next = bytes.count - index > 4 ? bytes[index + 4] : 0
                if next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || Self.isWhitespace(next) {
                    throw failure(at: keyTag, "the key '\(key)' has no value", fix: "write its value after </key>, or remove the key")
                }
            }
            let value = try self.value(depth: depth + 1)
            if let first = keyLines[key] {
                // Xcode, plutil and Foundation read such a file, the later value winning: so does this reader, saying so.
                warnings.append(AppFileError.duplicateKey(path: path, key: key, line: keyTag.line, firstLine: first).description)
            }
            keyLines[key] = keyTag.line
            result[key] = value
        }
    }

    private mutating func array(_ tag: Tag, depth: Int) throws -> PropertyListValue {
        var result: [PropertyListValue] = []
        guard !tag.isEmpty else { return .array(result) }
        while true {
            try skipMisc(allowDoctype: false)
            guard index < bytes.count else { throw unclosed(tag) }
            if startsWith("</") {
                try endTag(of: tag)
                return .array(result)
            }
            result.append(try value(depth: depth + 1))
        }
    }

    // MARK: Tags and text

    /// Reads `<name attributes…>` or `<name …/>`; attributes are skipped.
    private mutating func startTag() throws -> Tag {
        let tagMark = mark
        index += 1
        let name = try self.name()
        var tag = Tag(name: name, isEmpty: false, mark: tagMark)
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw AppFileError.syntax(path: path, place: place(tagMark),
                                          problem: "the tag <\(name) is never closed", fix: "end it with >")
            }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
                return tag
            case UInt8(ascii: "/"):
                guard startsWith("/>") else { throw failure("a '/' inside the tag <\(name)>", fix: "end an empty element with />") }
                index += 2
                tag.isEmpty = true
                return tag
            default:
                _ = try self.name()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw failure("an attribute in <\(name)> has no value", fix: "write name=\"value\"")
                }
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw failure("an attribute value in <\(name)> is not quoted", fix: "put it in double quotes")
                }
                let quote = bytes[index]
                let valueMark = mark
                index += 1
                while index < bytes.count, bytes[index] != quote { advance() }
                guard index < bytes.count else {
                    throw AppFileError.syntax(path: path, place: place(valueMark),
                                              problem: "an attribute value in <\(name)> is never closed",
                                              fix: "close it with \(Character(Unicode.Scalar(quote)))")
                }
                index += 1
            }
        }
    }

    /// An XML name: letters, digits and `_ - . :` (and any non-ASCII byte).
    private mutating func name() throws -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNameByte = byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            guard isNameByte else { break }
            index += 1
        }
        guard index > start else {
            // At the end of the file an element is unclosed; elsewhere a bare '<' in text is the likely slip.
            throw failure("\(describeCurrent()) where an element or attribute name should be",
                          fix: index >= bytes.count ? "the file ends inside a tag: close every element (</dict>, </plist>)"
                            : "write a '<' as &lt; in text")
        }
        return try utf8String(bytes[start..<index])
    }

    /// Reads `</name>` closing `tag`.
    private mutating func endTag(of tag: Tag) throws {
        let closeMark = mark
        index += 2
        let name = try self.name()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw failure("the closing tag </\(name) is not ended", fix: "end it with >")
        }
        index += 1
        guard name == tag.name else {
            throw AppFileError.syntax(path: path, place: place(closeMark),
                                      problem: "</\(name)> closes the <\(tag.name)> opened on line \(tag.line)",
                                      fix: "close it with </\(tag.name)>")
        }
    }

    /// The text inside a simple element (entities and CDATA decoded, comments dropped), and its end tag.
    private mutating func text(of tag: Tag) throws -> String {
        guard !tag.isEmpty else { return "" }
        var text = ""
        var run = index
        func flush(_ reader: inout XMLPropertyListReader) throws {
            if run < reader.index { text += try reader.utf8String(reader.bytes[run..<reader.index]) }
        }
        while true {
            guard index < bytes.count else { throw unclosed(tag) }
            switch bytes[index] {
            case UInt8(ascii: "<"):
                try flush(&self)
                if startsWith("</") {
                    try endTag(of: tag)
                    return text
                } else if startsWith("<!--") {
                    try skipComment()
                } else if startsWith("<![CDATA[") {
                    let startMark = mark
                    index += 9
                    let contentStart = index
                    while index < bytes.count, !startsWith("]]>") { advance() }
                    guard index < bytes.count else {
                        throw AppFileError.syntax(path: path, place: place(startMark),
                                                  problem: "the CDATA section is never closed", fix: "close it with ]]>")
                    }
                    text += try utf8String(bytes[contentStart..<index])
                    index += 3
                } else {
                    let inner = try startTag()
                    throw failure(at: inner, "<\(inner.name)> inside <\(tag.name)>, which holds only text",
                                  fix: "close the <\(tag.name)> opened on line \(tag.line) with </\(tag.name)> first")
                }
                run = index
            case UInt8(ascii: "&"):
                try flush(&self)
                text.unicodeScalars.append(try entity())
                run = index
            default:
                advance()
            }
        }
    }

    /// Reads `&name;` or `&#NN;` / `&#xHH;`.
    private mutating func entity() throws -> Unicode.Scalar {
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - start < 12,
              !Self.isWhitespace(bytes[index]), bytes[index] != UInt8(ascii: "<") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            index = start
            throw failure("a '&' that starts no entity", fix: "write a literal & as &amp;")
        }
        let name = String(decoding: bytes[(start + 1)..<index], as: UTF8.self)
        index += 1
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var number: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                number = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                number = UInt32(name.dropFirst(), radix: 10)
            }
            if let number, let scalar = Unicode.Scalar(number), number != 0 { return scalar }
            index = start
            throw failure("&\(name); is not an entity a property list knows",
                          fix: "use &lt; &gt; &amp; &quot; &apos; or a character number such as &#233;")
        }
    }

    /// Skips white space, comments and processing instructions (and, before the root, a DOCTYPE).
    private mutating func skipMisc(allowDoctype: Bool) throws {
        while true {
            skipWhitespace()
            if startsWith("<!--") {
                try skipComment()
            } else if startsWith("<?") {
                let startMark = mark
                while index < bytes.count, !startsWith("?>") { advance() }
                guard index < bytes.count else {
                    throw AppFileError.syntax(path: path, place: place(startMark),
                                              problem: "the <? … declaration is never closed", fix: "close it with ?>")
                }
                index += 2
            } else if allowDoctype && startsWith("<!DOCTYPE") {
                let startMark = mark
                var bracket = false
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "[") { bracket = true }
                    if byte == UInt8(ascii: "]") { bracket = false }
                    if byte == UInt8(ascii: ">") && !bracket { break }
                    advance()
                }
                guard index < bytes.count else {
                    throw AppFileError.syntax(path: path, place: place(startMark),
                                              problem: "the <!DOCTYPE declaration is never closed", fix: "close it with >")
                }
                index += 1
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws {
        let startMark = mark
        index += 4
        while index < bytes.count, !startsWith("-->") { advance() }
        guard index < bytes.count else {
            throw AppFileError.syntax(path: path, place: place(startMark),
                                      problem: "the comment <!-- is never closed", fix: "close it with -->")
        }
        index += 3
    }

    // MARK: Scalar values

    private func integer(_ text: String, tag: Tag) throws -> Int64 {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var digits = Substring(trimmed)
        var negative = false
        if digits.hasPrefix("-") || digits.hasPrefix("+") {
            negative = digits.hasPrefix("-")
            digits = digits.dropFirst()
        }
        var value: Int64?
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            let hex = digits.dropFirst(2)
            if !hex.isEmpty, hex.allSatisfy(\.isHexDigit), let magnitude = UInt64(hex, radix: 16) {
                let bits = Int64(bitPattern: magnitude)
                value = negative ? (bits == .min ? bits : -bits) : bits
            }
        } else if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            value = Int64((negative ? "-" : "") + digits)
        }
        guard let value else {
            throw failure(at: tag, "<integer> holds '\(trimmed)', which is not a whole number from −2⁶³ to 2⁶³−1",
                          fix: "write a decimal such as 42 or -7, or hexadecimal such as 0x2A")
        }
        return value
    }

    private func real(_ text: String, tag: Tag) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        let special: [String: Double] = ["nan": .nan, "inf": .infinity, "+inf": .infinity, "-inf": -.infinity,
                                         "infinity": .infinity, "+infinity": .infinity, "-infinity": -.infinity]
        if let value = special[lowered] { return value }
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(trimmed) else {
            throw failure(at: tag, "<real> holds '\(trimmed)', which is not a number", fix: "write a number such as 1.5 or -2e3")
        }
        return value
    }

    private func date(_ text: String, tag: Tag) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let date = Self.iso8601Date(trimmed) else {
            throw failure(at: tag, "<date> holds '\(trimmed)', which is not a date and time in UTC",
                          fix: "write it as 2024-01-02T03:04:05Z")
        }
        return date
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the one date form Apple's XML property lists use.
    static func iso8601Date(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        guard characters.count == 20, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
              characters[10] == UInt8(ascii: "T"), characters[13] == UInt8(ascii: ":"), characters[16] == UInt8(ascii: ":"),
              characters[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = characters[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= monthLengths[month - 1] else { return nil }
        // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private func base64(_ text: String, tag: Tag) throws -> Data {
        var compact = text.filter { !$0.isWhitespace }
        let remainder = compact.utf8.count % 4
        if remainder == 2 || remainder == 3 { compact += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: compact) else {
            throw failure(at: tag, "<data> does not hold base64 text",
                          fix: "write the bytes in base64 (A–Z, a–z, 0–9, + and /, padded with =), or re-save the file in Xcode")
        }
        return data
    }

    // MARK: Reading helpers

    private var mark: Mark { Mark(line: line, lineStart: lineStart, index: index) }

    /// The line and column of `mark` (columns count characters, not bytes).
    private func place(_ mark: Mark) -> AppFileError.Place {
        let column = bytes[mark.lineStart..<min(mark.index, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return .line(mark.line, column: column)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Moves past one byte, counting lines.
    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { advance() }
    }

    private func startsWith(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.count - index >= expected.count else { return false }
        return bytes[index..<(index + expected.count)].elementsEqual(expected)
    }

    private func utf8String(_ slice: ArraySlice<UInt8>) throws -> String {
        if let string = String(validating: slice, as: UTF8.self) { return string }
        // Find the first byte that is not UTF-8, and its line and column.
        var iterator = slice.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var bad = slice.startIndex
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded): bad += encoded.count
            case .emptyInput, .error: break parsing
            }
        }
        var badMark = Mark(line: 1, lineStart: 0, index: bad)
        for position in 0..<bad where bytes[position] == 0x0A {
            badMark.line += 1
            badMark.lineStart = position + 1
        }
        throw AppFileError.encoding(path: path, place: place(badMark))
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the file" }
        if startsWith("<") {
            let end = bytes[index...].prefix(40).firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? min(index + 20, bytes.count)
            return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        }
        let end = bytes[index...].prefix(20).firstIndex(where: { $0 == 0x0A || $0 == UInt8(ascii: "<") }) ?? min(index + 20, bytes.count)
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    private func failure(_ problem: String, fix: String) -> AppFileError {
        .syntax(path: path, place: place(mark), problem: problem, fix: fix)
    }

    private func failure(at tag: Tag, _ problem: String, fix: String) -> AppFileError {
        .syntax(path: path, place: place(tag.mark), problem: problem, fix: fix)
    }

    private func unclosed(_ tag: Tag) -> AppFileError {
        failure(at: tag, "the file ends before this <\(tag.name)> is closed", fix: "close it with </\(tag.name)>")
    }
}
