import Foundation

/// `value` as pretty-printed JSON with sorted keys, unescaped slashes and a final newline: equal
/// values are always equal bytes, and a change reads well in a diff.
package func canonicalJSONData<T: Encodable>(_ value: T) throws -> Data {
    var bytes = try canonicalJSONBytes(value)
    bytes.append(0x0A)
    return Data(bytes)
}

/// `value` as Foundation's `JSONEncoder` writes it pretty-printed with sorted keys and unescaped
/// slashes, without a final newline, by `CanonicalJSONEncoder`; debug builds check every value
/// against `JSONEncoder` itself.
func canonicalJSONBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let bytes = try CanonicalJSONEncoder.encode(value)
    assert(bytes == (try? foundationJSON(value)).map([UInt8].init),
           "CanonicalJSONEncoder wrote \(String(decoding: bytes, as: UTF8.self)) where JSONEncoder writes "
           + ((try? foundationJSON(value)).map { String(decoding: $0, as: UTF8.self) } ?? "an error"))
    return bytes
}

/// What Foundation's encoder writes for `value` with the canonical options (debug checks, tests).
func foundationJSON<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
}

/// `value`'s canonical JSON as one element of an array nested `depth` levels deep in a canonical
/// document: each line indented by two spaces per level, the blank line of an empty array left
/// blank, no final newline; as the pretty printer writes that element in place. A matrix encodes
/// each cell this way as it renders (in parallel, or in a worker process), and the manifest and
/// gallery are put together from the pieces (`canonicalJSONArray`).
package func canonicalJSONElement<T: Encodable>(_ value: T, depth: Int) throws -> Data {
    let bytes = try CanonicalJSONEncoder.encode(value, depth: depth)
    assert(bytes == (try? foundationJSON(value)).map { indented([UInt8]($0), depth: depth) },
           "CanonicalJSONEncoder wrote \(String(decoding: bytes, as: UTF8.self)) where JSONEncoder writes another element")
    return Data(bytes)
}

/// `bytes` (pretty-printed JSON) with every line that is not blank indented `depth` levels more.
func indented(_ bytes: [UInt8], depth: Int) -> [UInt8] {
    let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 4)
    var lineStart = 0
    while lineStart < bytes.count {
        let end = bytes[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        if bytes[lineStart] != 0x0A { result.append(contentsOf: indent) }
        result.append(contentsOf: bytes[lineStart..<end])
        lineStart = end
    }
    return result
}

/// The canonical JSON of an array whose elements are `elements` (made by `canonicalJSONElement`
/// at `depth`), the array itself at `depth - 1`, without a final newline: `[`, the elements each
/// on their lines separated by commas, `]`; an empty array as the pretty printer writes one.
package func canonicalJSONArray(_ elements: [Data], depth: Int) -> Data {
    let closingIndent = Data(repeating: UInt8(ascii: " "), count: 2 * (depth - 1))
    guard !elements.isEmpty else { return Data("[\n\n".utf8) + closingIndent + Data("]".utf8) }
    var result = Data("[\n".utf8)
    result.reserveCapacity(elements.reduce(4) { $0 + $1.count + 2 })
    for (offset, element) in elements.enumerated() {
        if offset > 0 { result.append(contentsOf: Array(",\n".utf8)) }
        result.append(element)
    }
    return result + Data("\n".utf8) + closingIndent + Data("]".utf8)
}
