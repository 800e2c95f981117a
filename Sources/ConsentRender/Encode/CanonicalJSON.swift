import Foundation

/// `value` as pretty-printed JSON with sorted keys, unescaped slashes and a final newline: equal
/// values are always equal bytes, and a change reads well in a diff.
package func canonicalJSONData<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
}

/// `value`'s canonical JSON as one element of an array nested `depth` levels deep in a canonical
/// document: each line indented by two spaces per level, the blank line of an empty array left
/// blank, no final newline; as the pretty printer writes that element in place. A matrix encodes
/// each cell this way as it renders (in parallel, or in a worker process), and the manifest and
/// gallery are put together from the pieces (`canonicalJSONArray`).
package func canonicalJSONElement<T: Encodable>(_ value: T, depth: Int) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let bytes = try encoder.encode(value)
    let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth)
    // Line by line into an array (appending to `Data` a byte at a time cost a matrix cell 0.1 ms).
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + bytes.count / 4)
    bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        var lineStart = 0
        while lineStart < raw.count {
            let end = raw[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? raw.count
            if raw[lineStart] != 0x0A { result.append(contentsOf: indent) }
            result.append(contentsOf: raw[lineStart..<end])
            lineStart = end
        }
    }
    return Data(result)
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
