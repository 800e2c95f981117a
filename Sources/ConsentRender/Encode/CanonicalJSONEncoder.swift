import Foundation

/// Writes any `Encodable` value as exactly the bytes Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and its default strategies, at a
/// fraction of the cost: a matrix writes a link map, a manifest entry and a gallery entry for
/// every cell, and Foundation's generic containers, boxes and key sorting were 5 % of a cell.
///
/// The format, as that encoder writes it (measured on this toolchain, and checked against it on
/// every value in debug builds, so every test's JSON compares the two): two spaces of indent,
/// `"key" : value`, keys in the order of their UTF-8 bytes, an empty array or object as its
/// brackets around a blank line; numbers as Swift prints them without a trailing `.0` (`1`,
/// `0.5`, `1e-05`, `-0`); strings with `"` and `\` escaped, `\b \f \n \r \t` for those controls and
/// `\u00XX` for the others, everything else as UTF-8; `URL` as its absolute string, `Data` as
/// Base64, `Date` as seconds since 2001; a non-finite number is an error, as there.
enum CanonicalJSONEncoder {
    /// `value`'s JSON, without a final newline; at `depth`, as an element nested that deep in a
    /// document: every line indented two spaces per level, blank lines left blank.
    static func encode<T: Encodable>(_ value: T, depth: Int = 0) throws -> [UInt8] {
        let slot = try box(value, codingPath: [])
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        indent(depth, into: &out)
        write(slot, depth: depth, into: &out)
        return out
    }

    // MARK: The tree

    /// A value being encoded: finished, or a container still being filled (containers are
    /// references because a nested container is filled after its parent hands it out).
    fileprivate enum Slot {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case object(Object)
        case array(Array)
        /// What a super-encoder encoded, read when the tree is written.
        case encoder(TreeEncoder)
    }

    /// An object's members in the order they were encoded (a key encoded again replaces the
    /// earlier value, as in `JSONEncoder`); sorted when written. An array, not a dictionary: most
    /// objects have a handful of keys, and hashing them was most of an object's cost.
    fileprivate final class Object {
        var keys: [String] = []
        var values: [Slot] = []

        func set(_ slot: Slot, forKey key: String) {
            keys.append(key)
            values.append(slot)
        }

        /// The members to write: sorted by the UTF-8 bytes of their keys, the last value of a key
        /// encoded more than once.
        var sortedMembers: [(key: String, value: Slot)] {
            let order = keys.indices.sorted { a, b in
                keys[a] == keys[b] ? a < b : keys[a].utf8.lexicographicallyPrecedes(keys[b].utf8)
            }
            var members: [(key: String, value: Slot)] = []
            members.reserveCapacity(order.count)
            for (position, index) in order.enumerated() {
                if position + 1 < order.count, keys[order[position + 1]] == keys[index] { continue }
                members.append((keys[index], values[index]))
            }
            return members
        }
    }

    fileprivate final class Array {
        var items: [Slot] = []
    }

    /// (The coding paths are made only when needed, for an error or a nested encoder: making one
    /// for every value was a fifth of the cost.)
    fileprivate static func number<N: BinaryFloatingPoint & LosslessStringConvertible>(_ value: N, codingPath: @autoclosure () -> [CodingKey]) throws -> Slot {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath(),
                                                                          debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    fileprivate static func box<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [CodingKey]) throws -> Slot {
        // The common types by their metadata first (a comparison each), then by casting.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Double.self { return try number(unsafeBitCast(value, to: Double.self), codingPath: codingPath()) }
        if T.self == Int.self { return .number(String(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        switch value {
        case let value as String: return .string(value)
        case let value as Bool: return .bool(value)
        case let value as Int: return .number(String(value))
        case let value as Double: return try number(value, codingPath: codingPath())
        case let value as Float: return try number(value, codingPath: codingPath())
        case let value as Int8: return .number(String(value))
        case let value as Int16: return .number(String(value))
        case let value as Int32: return .number(String(value))
        case let value as Int64: return .number(String(value))
        case let value as UInt: return .number(String(value))
        case let value as UInt8: return .number(String(value))
        case let value as UInt16: return .number(String(value))
        case let value as UInt32: return .number(String(value))
        case let value as UInt64: return .number(String(value))
        case let value as URL: return .string(value.absoluteString)
        case let value as Data: return .string(value.base64EncodedString())
        case let value as Date: return try number(value.timeIntervalSinceReferenceDate, codingPath: codingPath())
        default:
            let encoder = TreeEncoder(codingPath: codingPath())
            try value.encode(to: encoder)
            return encoder.result ?? .object(Object())
        }
    }

    // MARK: Writing

    private static func write(_ slot: Slot, depth: Int, into out: inout [UInt8]) {
        switch slot {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case let .number(text): out.append(contentsOf: text.utf8)
        case let .string(text): writeString(text, into: &out)
        case let .encoder(encoder): write(encoder.result ?? .object(Object()), depth: depth, into: &out)
        case let .array(array):
            out.append(UInt8(ascii: "["))
            out.append(0x0A)
            for (index, item) in array.items.enumerated() {
                if index > 0 { out.append(contentsOf: ",\n".utf8) }
                indent(depth + 1, into: &out)
                write(item, depth: depth + 1, into: &out)
            }
            out.append(0x0A)
            indent(depth, into: &out)
            out.append(UInt8(ascii: "]"))
        case let .object(object):
            out.append(UInt8(ascii: "{"))
            out.append(0x0A)
            for (index, member) in object.sortedMembers.enumerated() {
                if index > 0 { out.append(contentsOf: ",\n".utf8) }
                indent(depth + 1, into: &out)
                writeString(member.key, into: &out)
                out.append(contentsOf: " : ".utf8)
                write(member.value, depth: depth + 1, into: &out)
            }
            out.append(0x0A)
            indent(depth, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func indent(_ depth: Int, into out: inout [UInt8]) {
        for _ in 0..<(2 * depth) { out.append(UInt8(ascii: " ")) }
    }

    private static let hex = Swift.Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                                   hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: The encoder and its containers

    fileprivate final class TreeEncoder: Encoder {
        let codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        var result: Slot?

        init(codingPath: [CodingKey]) {
            self.codingPath = codingPath
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let object: Object
            if case let .object(existing)? = result {
                object = existing
            } else {
                object = Object()
                result = .object(object)
            }
            return KeyedEncodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            let array: Array
            if case let .array(existing)? = result {
                array = existing
            } else {
                array = Array()
                result = .array(array)
            }
            return UnkeyedContainer(array: array, codingPath: codingPath)
        }

        func singleValueContainer() -> SingleValueEncodingContainer {
            SingleContainer(encoder: self)
        }
    }

    fileprivate struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: Object
        let codingPath: [CodingKey]

        private func set(_ slot: Slot, _ key: Key) { object.set(slot, forKey: key.stringValue) }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { set(try number(value, codingPath: codingPath + [key]), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { set(try number(value, codingPath: codingPath + [key]), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try box(value, codingPath: codingPath + [key]), key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                            forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = Object()
            set(.object(nested), key)
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            let nested = Array()
            set(.array(nested), key)
            return UnkeyedContainer(array: nested, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> Encoder {
            let encoder = TreeEncoder(codingPath: codingPath + [JSONKey(stringValue: "super")])
            object.set(.encoder(encoder), forKey: "super")
            return encoder
        }

        mutating func superEncoder(forKey key: Key) -> Encoder {
            let encoder = TreeEncoder(codingPath: codingPath + [key])
            set(.encoder(encoder), key)
            return encoder
        }
    }

    fileprivate struct UnkeyedContainer: UnkeyedEncodingContainer {
        let array: Array
        let codingPath: [CodingKey]
        var count: Int { array.items.count }

        private var nextPath: [CodingKey] { codingPath + [JSONKey(intValue: array.items.count)] }

        mutating func encodeNil() throws { array.items.append(.null) }
        mutating func encode(_ value: Bool) throws { array.items.append(.bool(value)) }
        mutating func encode(_ value: String) throws { array.items.append(.string(value)) }
        mutating func encode(_ value: Double) throws { array.items.append(try number(value, codingPath: nextPath)) }
        mutating func encode(_ value: Float) throws { array.items.append(try number(value, codingPath: nextPath)) }
        mutating func encode(_ value: Int) throws { array.items.append(.number(String(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws { array.items.append(try box(value, codingPath: nextPath)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = Object()
            let path = nextPath
            array.items.append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, codingPath: path))
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            let nested = Array()
            let path = nextPath
            array.items.append(.array(nested))
            return UnkeyedContainer(array: nested, codingPath: path)
        }

        mutating func superEncoder() -> Encoder {
            let encoder = TreeEncoder(codingPath: nextPath)
            array.items.append(.encoder(encoder))
            return encoder
        }
    }

    fileprivate struct SingleContainer: SingleValueEncodingContainer {
        let encoder: TreeEncoder
        var codingPath: [CodingKey] { encoder.codingPath }

        func encodeNil() throws { encoder.result = .null }
        func encode(_ value: Bool) throws { encoder.result = .bool(value) }
        func encode(_ value: String) throws { encoder.result = .string(value) }
        func encode(_ value: Double) throws { encoder.result = try number(value, codingPath: codingPath) }
        func encode(_ value: Float) throws { encoder.result = try number(value, codingPath: codingPath) }
        func encode(_ value: Int) throws { encoder.result = .number(String(value)) }
        func encode(_ value: Int8) throws { encoder.result = .number(String(value)) }
        func encode(_ value: Int16) throws { encoder.result = .number(String(value)) }
        func encode(_ value: Int32) throws { encoder.result = .number(String(value)) }
        func encode(_ value: Int64) throws { encoder.result = .number(String(value)) }
        func encode(_ value: UInt) throws { encoder.result = .number(String(value)) }
        func encode(_ value: UInt8) throws { encoder.result = .number(String(value)) }
        func encode(_ value: UInt16) throws { encoder.result = .number(String(value)) }
        func encode(_ value: UInt32) throws { encoder.result = .number(String(value)) }
        func encode(_ value: UInt64) throws { encoder.result = .number(String(value)) }
        func encode<T: Encodable>(_ value: T) throws { encoder.result = try box(value, codingPath: codingPath) }
    }

    fileprivate struct JSONKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }
}
