import Foundation

/// What the first 25 bytes of a PNG file say: its signature, then the IHDR chunk's size and bit
/// depth. Read before a file is decoded, so a wrong or cut-short file is refused by name.
struct PNGFileHeader {
    enum Problem: Error {
        case empty
        case notPNG
        case cutShort

        /// The one sentence every reader of PNG files (backdrops, document images, `diff`, goldens)
        /// gives for this fault; each adds its own fix.
        var reason: String {
            switch self {
            case .empty: "the file is empty"
            case .notPNG: "it does not start with the PNG signature"
            case .cutShort: "the file ends before its IHDR header; it is cut short"
            }
        }
    }

    var width: Int
    var height: Int
    var bitDepth: Int

    static func read(_ data: Data) -> Result<PNGFileHeader, Problem> {
        let bytes = [UInt8](data.prefix(25))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return .failure(data.isEmpty ? .empty : .notPNG) }
        guard bytes.count == 25, String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return .failure(.cutShort) }
        func word(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 << 8 | Int($1) } }
        return .success(PNGFileHeader(width: word(16..<20), height: word(20..<24), bitDepth: Int(bytes[24])))
    }
}

/// The bytes the PNG file at `path` takes decoded (4 a pixel), from its header alone; nil for a
/// file that cannot be read or is no PNG (its decoding then says why).
package func decodedPNGBytes(ofFileAt path: String) -> Int? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 25), case let .success(png) = PNGFileHeader.read(header) else { return nil }
    return png.width * png.height * 4
}
