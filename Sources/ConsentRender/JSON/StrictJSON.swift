import Foundation

/// A JSON value with the place of every object key, from a strict RFC 8259 reader: no trailing
/// commas, no comments, no single quotes, nothing after the value.
package indirect enum JSONValue: Equatable, Sendable {
    /// Members in the order they stand, each with the line and column of its key.
    case object([JSONMember])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
}

extension JSONValue {
    /// The member at a dotted path (`style.text.bodySize`), if the value has one.
    func member(at path: String) -> JSONMember? {
        // A key may hold dots itself (systemStrings' "location.title"): the longest key that
        // starts the rest of the path is taken first.
        guard case let .object(members) = self else { return nil }
        for member in members.reversed().sorted(by: { $0.key.count > $1.key.count }) {
            if path == member.key { return member }
            if path.hasPrefix(member.key + "."), let inner = member.value.member(at: String(path.dropFirst(member.key.count + 1))) {
                return inner
            }
        }
        return nil
    }

    /// The dotted path, line and column of the first `null` member value, in reading order.
    func firstNull(path: String = "") -> (path: String, line: Int, column: Int)? {
        switch self {
        case let .object(members):
            for member in members {
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                if member.value == .null { return (memberPath, member.line, member.column) }
                if let inner = member.value.firstNull(path: memberPath) { return inner }
            }
        case let .array(values):
            for (index, value) in values.enumerated() {
                if let inner = value.firstNull(path: "\(path)[\(index)]") { return inner }
            }
        default:
            break
        }
        return nil
    }
}

/// One member of a JSON object.
package struct JSONMember: Equatable, Sendable {
    package var key: String
    package var value: JSONValue
    package var line: Int
    package var column: Int
}

/// Where JSON text breaks the grammar, and how.
package struct JSONSyntaxError: Error, Equatable {
    package var line: Int
    package var column: Int
    package var message: String

    package var description: String { "line \(line), column \(column): \(message)" }
}

/// Reads JSON strictly. Foundation's readers accept trailing commas and do not say where an
/// error is; this one refuses them and gives the line and column of every problem.
package struct StrictJSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Nesting deeper than this is refused rather than risking the stack.
    private static let maximumDepth = 256

    private init(_ data: Data) {
        bytes = Array(data)
    }

    /// The value `data` holds.
    package static func parse(_ data: Data) throws -> JSONValue {
        var reader = StrictJSONReader(data)
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader.index = 3
            reader.lineStart = 3
        }
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count else { throw reader.error("the file is empty; write a JSON object") }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    private var column: Int {
        // Columns count characters, not bytes: skip UTF-8 continuation bytes.
        bytes[lineStart..<min(index, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: column, message: message)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard index < bytes.count else { throw error("the file ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "'"): throw error("strings take double quotes (\"), not single quotes")
        case UInt8(ascii: "/"): throw error("JSON has no comments; remove it")
        case UInt8(ascii: "}"), UInt8(ascii: "]"): throw error("a value is missing before \(describeCurrent())")
        default: throw error("unexpected \(describeCurrent()) where a value should be")
        }
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside an object; close it with }") }
            if bytes[index] == UInt8(ascii: "}") { throw error("a trailing comma before }; remove the comma") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyLine = line, keyColumn = column
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let member = try value(depth: depth + 1)
            if members.contains(where: { $0.key == key }) {
                throw JSONSyntaxError(line: keyLine, column: keyColumn, message: "the key \"\(key)\" is given twice in one object")
            }
            members.append(JSONMember(key: key, value: member, line: keyLine, column: keyColumn))
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside an object; close it with }") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw error("expected ',' or '}' after the value of \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside a list; close it with ]") }
            if bytes[index] == UInt8(ascii: "]") { throw error("a trailing comma before ]; remove the comma") }
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("the file ends inside a list; close it with ]") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']' in a list, found \(describeCurrent())") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error("unexpected \(describeCurrent()) where a value should be (strings take double quotes)")
        }
        index += expected.count
    }

    private mutating func number() throws -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("a number needs a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("a number may not start with 0 (write 7, not 07)")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after its '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw error("the number \(text) is out of range") }
        return number
    }

    private mutating func string() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush() throws {
            guard run < index else { return }
            guard let text = String(bytes: bytes[run..<index], encoding: .utf8) else { throw error("a string holds bytes that are not UTF-8") }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("the file ends inside a string; close it with \"") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                index += 1
                guard index < bytes.count else { throw error("the file ends inside a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                default: throw error("\\\(Character(Unicode.Scalar(escape))) is not a JSON escape")
                }
                run = index
            case 0x00..<0x20:
                throw error(byte == 0x0A ? "a string runs past the end of the line; close it with \"" : "a control character inside a string; escape it")
            default:
                index += 1
            }
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { throw error("\\u needs four hex digits") }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        let high = try hexQuad()
        if (0xD800...0xDBFF).contains(high) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("a \\u surrogate needs its pair")
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low),
                  let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw error("a \\u surrogate needs its pair")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("\\u\(String(high, radix: 16)) is a lone surrogate") }
        return scalar
    }
}
