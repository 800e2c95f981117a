import ConsentRender
import Foundation

/// Reads `.strings` files (`InfoPlist.strings`, `Localizable.strings`): `"key" = "value";` entries
/// in UTF-8 or UTF-16, as Xcode and Apple's own reader take them.
package enum StringsFile {
    /// A `.strings` file: key → value.
    public static func parse(_ data: Data, path: String) throws -> [String: String] {
        let scalars = try decode([UInt8](data), path: path)
        let firstText = scalars.firstIndex(where: { !OldStylePropertyListReader.isWhitespace($0) }) ?? scalars.endIndex
        let opening = String(String.UnicodeScalarView(scalars[firstText..<min(firstText + 6, scalars.endIndex)]))
        if opening.hasPrefix("<?xml") || opening.hasPrefix("<plist") {
            var text: [UInt8] = []
            text.reserveCapacity(scalars.count)
            for scalar in scalars { UTF8.encode(scalar) { text.append($0) } }
            let value = try XMLPropertyListReader.parse(utf8: text, path: path, stringsDictionary: true)
            guard case let .dictionary(entries) = value else { return [:] }
            return entries.compactMapValues { if case let .string(text) = $0 { text } else { nil } }
        }
        var reader = OldStylePropertyListReader(scalars: scalars, path: path)
        return try reader.entries()
    }

    /// The file's scalars: UTF-16 when it starts with a UTF-16 byte order mark or (without one)
    /// holds zero bytes, else UTF-8; a byte order mark is dropped.
    static func decode(_ bytes: [UInt8], path: String) throws -> [Unicode.Scalar] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try TextDecoding.utf8Scalars(bytes, from: 3, path: path) }
        if bytes.starts(with: [0xFF, 0xFE]) { return try TextDecoding.utf16Scalars(bytes, from: 2, bigEndian: false, path: path) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try TextDecoding.utf16Scalars(bytes, from: 2, bigEndian: true, path: path) }
        if let zero = bytes.firstIndex(of: 0) {
            // Text has no NUL characters, so a zero byte is half of a UTF-16 unit: the high half
            // of an ASCII character, first in big-endian order (even positions), second in little-endian.
            return try TextDecoding.utf16Scalars(bytes, from: 0, bigEndian: zero % 2 == 0, path: path)
        }
        return try TextDecoding.utf8Scalars(bytes, from: 0, path: path)
    }
}

/// The old-style (OpenStep) property list grammar: a `.strings` file, which is a dictionary with
/// its braces left out (`key = value;` or `key;` entries), and an Xcode `project.pbxproj`, which is
/// one whole value: dictionaries `{ key = value; }`, arrays `( value, value, )`, data `<0fbd 77>`,
/// and strings, quoted or bare words, with `/* */` and `//` comments between them.
struct OldStylePropertyListReader {
    private let scalars: [Unicode.Scalar]
    private let path: String
    private var index = 0
    private var line = 1

    init(scalars: [Unicode.Scalar], path: String) {
        self.scalars = scalars
        self.path = path
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
            || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// Characters a key or value may be written with, unquoted.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": true
        default: false
        }
    }

    mutating func entries() throws -> [String: String] {
        var result: [String: String] = [:]
        try skipWhitespaceAndComments()
        // An old-style property list dictionary keeps its braces.
        var braceLine: Int?
        if index < scalars.count, scalars[index] == "{" {
            braceLine = line
            index += 1
        }
        while true {
            try skipWhitespaceAndComments()
            guard index < scalars.count else {
                if let braceLine {
                    throw failure(at: braceLine, "the { on line \(braceLine) is never closed", fix: "close it with } after the last entry")
                }
                return result
            }
            if braceLine != nil, scalars[index] == "}" {
                index += 1
                try skipWhitespaceAndComments()
                guard index >= scalars.count else {
                    throw failure("\(describeCurrent()) after the closing }", fix: "remove it, or move the entry inside the braces")
                }
                return result
            }
            let keyLine = line
            guard let key = try word() else {
                throw failure("unexpected \(describeCurrent()) where a key should be",
                              fix: "write entries as \"key\" = \"value\"; (quote text that has other characters than "
                                + "letters, digits and _$+/:.-)")
            }
            try skipWhitespaceAndComments()
            guard index < scalars.count else {
                throw failure(at: keyLine, "the entry for \"\(key)\" is not finished", fix: "end the entry with ;")
            }
            if scalars[index] == ";" {
                index += 1
                result[key] = key
                continue
            }
            guard scalars[index] == "=" else {
                throw failure("expected = after the key \"\(key)\", found \(describeCurrent())",
                              fix: "write the entry as \"key\" = \"value\";")
            }
            index += 1
            try skipWhitespaceAndComments()
            let valueStartLine = line
            guard let value = try word() else {
                throw failure("expected the value of \"\(key)\" after =, found \(describeCurrent())",
                              fix: "write the value in double quotes: \"key\" = \"value\";")
            }
            let valueLine = line
            try skipWhitespaceAndComments()
            guard index < scalars.count, scalars[index] == ";" else {
                if valueStartLine != valueLine {
                    // Most likely the string's closing quote is missing and it ran on to the next quote.
                    throw failure(at: valueStartLine, "the value of \"\(key)\" runs from line \(valueStartLine) to line "
                                    + "\(valueLine), and no ; follows it",
                                  fix: "close the string with \" on line \(valueStartLine), or end the entry with ;")
                }
                let found = index < scalars.count ? ", and \(describeCurrent()) follows on line \(line)" : ""
                throw failure(at: valueLine, "the entry for \"\(key)\" does not end with a semicolon\(found)", fix: "end the entry with ;")
            }
            index += 1
            // As with Apple's reader, a key given twice takes its last value.
            result[key] = value
        }
    }

    /// The file as one value (a `project.pbxproj`): nothing but comments may follow it.
    mutating func wholeValue() throws -> PropertyListValue {
        try skipWhitespaceAndComments()
        guard index < scalars.count else {
            throw failure("the file holds no value", fix: "give a property list such as { key = value; }")
        }
        let value = try value(depth: 0)
        try skipWhitespaceAndComments()
        guard index >= scalars.count else {
            throw failure("\(describeCurrent()) after the end of the property list", fix: "remove it, or move it inside the outer braces")
        }
        return value
    }

    /// Deeper nesting than any project has is refused rather than read (it would exhaust the stack).
    private static let maximumDepth = 256

    /// One value: a dictionary, an array, data or a string.
    private mutating func value(depth: Int) throws -> PropertyListValue {
        guard depth < Self.maximumDepth else {
            throw failure("values are nested more than \(Self.maximumDepth) deep", fix: "a property list this deep is not an Xcode file; check where its braces close")
        }
        guard index < scalars.count else { throw failure("the file ends where a value should be", fix: "give the value, then close what is open") }
        switch scalars[index] {
        case "{": return try dictionary(depth: depth)
        case "(": return try array(depth: depth)
        case "<": return try data()
        default:
            guard let text = try word() else {
                throw failure("unexpected \(describeCurrent()) where a value should be",
                              fix: "write a value: a \"string\", a word of letters, digits and _$+/:.-, ( an array ) or { a dictionary }")
            }
            return .string(text)
        }
    }

    private mutating func dictionary(depth: Int) throws -> PropertyListValue {
        let openLine = line
        index += 1
        var entries: [String: PropertyListValue] = [:]
        while true {
            try skipWhitespaceAndComments()
            guard index < scalars.count else {
                throw failure(at: openLine, "the { on line \(openLine) is never closed", fix: "close it with } after its last entry")
            }
            if scalars[index] == "}" {
                index += 1
                return .dictionary(entries)
            }
            guard let key = try word() else {
                throw failure("unexpected \(describeCurrent()) where a key should be", fix: "write entries as key = value; inside { }")
            }
            try skipWhitespaceAndComments()
            guard index < scalars.count, scalars[index] == "=" else {
                throw failure("expected = after the key \"\(key)\", found \(describeCurrent())", fix: "write the entry as key = value;")
            }
            index += 1
            try skipWhitespaceAndComments()
            let value = try value(depth: depth + 1)
            try skipWhitespaceAndComments()
            guard index < scalars.count, scalars[index] == ";" else {
                throw failure("the entry for \"\(key)\" does not end with a semicolon (found \(describeCurrent()))", fix: "end the entry with ;")
            }
            index += 1
            // As with Apple's reader, a key given twice takes its last value.
            entries[key] = value
        }
    }

    private mutating func array(depth: Int) throws -> PropertyListValue {
        let openLine = line
        index += 1
        var items: [PropertyListValue] = []
        while true {
            try skipWhitespaceAndComments()
            guard index < scalars.count else {
                throw failure(at: openLine, "the ( on line \(openLine) is never closed", fix: "close it with ) after its last item")
            }
            if scalars[index] == ")" {
                index += 1
                return .array(items)
            }
            items.append(try value(depth: depth + 1))
            try skipWhitespaceAndComments()
            guard index < scalars.count else { continue }
            if scalars[index] == "," {
                index += 1
            } else if scalars[index] != ")" {
                throw failure("expected , or ) after an item of the array opened on line \(openLine), found \(describeCurrent())",
                              fix: "separate the items with commas")
            }
        }
    }

    /// `<0fbd 7a3c>`: hexadecimal digits in pairs, spaces between them allowed.
    private mutating func data() throws -> PropertyListValue {
        let openLine = line
        index += 1
        var bytes: [UInt8] = []
        var high: UInt8?
        while true {
            guard index < scalars.count else {
                throw failure(at: openLine, "the data < on line \(openLine) is never closed", fix: "close it with >")
            }
            let scalar = scalars[index]
            index += 1
            if scalar == ">" { break }
            if Self.isWhitespace(scalar) {
                if scalar == "\n" { line += 1 }
                continue
            }
            guard scalar.isASCII, let digit = Character(scalar).hexDigitValue else {
                throw failure("'\(Character(scalar))' in data, which holds hexadecimal digits only", fix: "write the bytes as pairs of 0–9 and a–f")
            }
            if let first = high {
                bytes.append(first << 4 | UInt8(digit))
                high = nil
            } else {
                high = UInt8(digit)
            }
        }
        guard high == nil else { throw failure(at: openLine, "the data on line \(openLine) has an odd number of digits", fix: "write each byte as two digits") }
        return .data(Data(bytes))
    }

    /// A quoted string or a bare word, or nil when neither starts here.
    private mutating func word() throws -> String? {
        guard index < scalars.count else { return nil }
        if scalars[index] == "\"" { return try quoted() }
        let start = index
        while index < scalars.count, Self.isWordCharacter(scalars[index]) { index += 1 }
        guard index > start else { return nil }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private mutating func quoted() throws -> String {
        let startLine = line
        index += 1
        var text = String.UnicodeScalarView()
        while true {
            guard index < scalars.count else {
                throw failure(at: startLine, "the string that starts on line \(startLine) is never closed",
                              fix: "close the string with \"")
            }
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"":
                return String(text)
            case "\\":
                text.append(try escape())
            default:
                if scalar == "\n" { line += 1 }
                text.append(scalar)
            }
        }
    }

    /// The character an escape after `\` stands for.
    private mutating func escape() throws -> Unicode.Scalar {
        guard index < scalars.count else { throw failure("the file ends after a \\", fix: "close the string with \"") }
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "0"..."7":
            var value = scalar.value - 0x30
            var digits = 1
            while digits < 3, index < scalars.count, ("0"..."7").contains(scalars[index]) {
                value = value * 8 + scalars[index].value - 0x30
                index += 1
                digits += 1
            }
            // Three octal digits reach 0o777; only values up to 0o377 are a byte.
            guard let result = Unicode.Scalar(value), value <= 0o377 else {
                throw failure("the octal escape \\\(String(value, radix: 8)) is above \\377", fix: "write the character as \\UXXXX")
            }
            return result
        case "U", "u":
            let high = try hexQuad(scalar)
            if (0xDC00...0xDFFF).contains(high) {
                throw failure("\\\(scalar)\(hex(high)) is the second half of a surrogate pair without its first half",
                              fix: "write the character's two halves as \\UD8xx\\UDCxx, or the character itself")
            }
            guard (0xD800...0xDBFF).contains(high) else {
                // Below the surrogates or above them, every value is a character.
                return Unicode.Scalar(high) ?? "\u{FFFD}"
            }
            guard scalars.count - index >= 2, scalars[index] == "\\", scalars[index + 1] == "U" || scalars[index + 1] == "u" else {
                throw failure("\\\(scalar)\(hex(high)) is the first half of a surrogate pair without its second half",
                              fix: "follow it with the second half (\\UDCxx to \\UDFxx), or write the character itself")
            }
            let second = scalars[index + 1]
            index += 2
            let low = try hexQuad(second)
            guard (0xDC00...0xDFFF).contains(low),
                  let combined = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw failure("\\\(scalar)\(hex(high)) is followed by \\\(second)\(hex(low)), which is not the second half of a surrogate pair",
                              fix: "follow it with the second half (\\UDCxx to \\UDFxx), or write the character itself")
            }
            return combined
        default:
            // `\"`, `\\`, `\'` and any other character stand for themselves.
            if scalar == "\n" { line += 1 }
            return scalar
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private mutating func hexQuad(_ letter: Unicode.Scalar) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < scalars.count, scalars[index].isASCII, let digit = Character(scalars[index]).hexDigitValue else {
                throw failure("\\\(letter) needs four hexadecimal digits", fix: "write it as \\\(letter)00E9, for example")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func skipWhitespaceAndComments() throws {
        while index < scalars.count {
            let scalar = scalars[index]
            if Self.isWhitespace(scalar) {
                if scalar == "\n" { line += 1 }
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                let startLine = line
                index += 2
                while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                    if scalars[index] == "\n" { line += 1 }
                    index += 1
                }
                guard index < scalars.count else {
                    throw failure(at: startLine, "the comment /* that starts on line \(startLine) is never closed", fix: "close it with */")
                }
                index += 2
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else {
                return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < scalars.count else { return "the end of the file" }
        let scalar = scalars[index]
        if scalar.value < 0x20 || scalar.value == 0x7F { return String(format: "the control character U+%04X", scalar.value) }
        return "'\(Character(scalar))'"
    }

    private func failure(_ problem: String, fix: String) -> AppFileError {
        failure(at: line, problem, fix: fix)
    }

    private func failure(at line: Int, _ problem: String, fix: String) -> AppFileError {
        .syntax(path: path, place: .line(line, column: nil), problem: problem, fix: fix)
    }
}
