internal import CZlib
import Foundation

/// What a PNG that ConsentRender wrote is, said in the file itself: a `tEXt` chunk right after
/// `IHDR` with the keyword `Software` and the text `ConsentRender <kind>`.
///
/// A single output file carries no ledger, so this mark is how a later run knows a side file
/// (`FILE.overlay.png`, `FILE.framed.png`) or a diff image is its own and may be replaced: a PNG
/// without it is the user's. The chunk holds no date or version, so equal pixels still give equal
/// bytes; viewers and App Store Connect ignore it.
public enum PNGMark: String, Sendable, CaseIterable {
    /// A screenshot (render, matrix cell, golden, App Store screenshot, review step).
    case render
    /// The safe area, link rects and buttons drawn over a render (`--overlay`).
    case overlay
    /// A screenshot inside its drawn device (`--frame`).
    case framed
    /// A comparison image: `render-cli diff --out`, a golden failure's diff, side-by-side or zoom strip.
    case diff
    /// A review's flow chart.
    case chart

    static let keyword = "Software"
    private static let prefix = "ConsentRender "

    /// The chunk's text.
    var text: String { Self.prefix + rawValue }

    /// `png` with this mark inserted after its IHDR chunk (`png` as the encoders write it: the
    /// signature, then IHDR, with no mark yet).
    func marking(_ png: Data) -> Data {
        let ihdrEnd = 8 + 12 + 13
        precondition(png.count > ihdrEnd && png[png.startIndex + 12..<png.startIndex + 16].elementsEqual(Array("IHDR".utf8)),
                     "An encoder's PNG starts with its signature and IHDR")
        let payload = Array(Self.keyword.utf8) + [0] + Array(text.utf8)
        let typeAndData = Array("tEXt".utf8) + payload
        let crc = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        var chunk = Self.bigEndian(UInt32(payload.count))
        chunk += typeAndData
        chunk += Self.bigEndian(UInt32(crc))
        var marked = Data(capacity: png.count + chunk.count)
        marked.append(png.prefix(ihdrEnd))
        marked.append(contentsOf: chunk)
        marked.append(png.dropFirst(ihdrEnd))
        return marked
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// The mark of the PNG file at `path`, or nil when it is not a PNG ConsentRender marked (the
    /// user's, or one from a version before marks). Reads the chunks before the first IDAT only.
    public static func of(fileAt path: String) -> PNGMark? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4096) else { return nil }
        return of(head)
    }

    /// The mark in the start of a PNG's bytes.
    static func of(_ data: Data) -> PNGMark? {
        let bytes = [UInt8](data)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return nil }
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let dataStart = offset + 8
            guard type != "IDAT", length <= bytes.count - dataStart else { return nil }
            if type == "tEXt" {
                let payload = bytes[dataStart..<dataStart + length]
                if let zero = payload.firstIndex(of: 0),
                   String(decoding: payload[..<zero], as: UTF8.self) == keyword {
                    let text = String(decoding: payload[(zero + 1)...], as: UTF8.self)
                    if text.hasPrefix(prefix) { return PNGMark(rawValue: String(text.dropFirst(prefix.count))) }
                }
            }
            offset = dataStart + length + 4
        }
        return nil
    }
}
