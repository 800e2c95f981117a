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
