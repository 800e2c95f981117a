import Foundation

/// An opaque RGB image in memory: what the painter produces, the PNG encoder writes and the
/// diff compares.
public struct Bitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major pixels as 0xFFRRGGBB words, `width * height` of them.
    public private(set) var pixels: [UInt32]
    /// One byte per row, non-zero where the painter knows, from what it drew, that the row equals
    /// the row above (see `RepeatedRows`); the PNG encoder then neither compares nor reads it. Nil
    /// when nothing is known. Not part of the bitmap's value: equal pixels are equal bitmaps.
    let knownRepeats: [UInt8]?

    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.init(width: width, height: height, pixels: pixels, knownRepeats: nil)
    }

    init(width: Int, height: Int, pixels: [UInt32], knownRepeats: [UInt8]?) {
        precondition(width > 0 && height > 0, "A bitmap needs a positive size, got \(width)×\(height)")
        precondition(pixels.count == width * height, "A \(width)×\(height) bitmap needs \(width * height) pixels, got \(pixels.count)")
        precondition(knownRepeats.map { $0.count == height && $0.first == 0 } ?? true, "one repeat flag per row, none on the first")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.knownRepeats = knownRepeats
    }

    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
    }

    /// Whether every row `knownRepeats` names does equal the row above (checked in debug builds
    /// before each encode, so every test render checks the painter's claims).
    func knownRepeatsHold() -> Bool {
        guard let knownRepeats else { return true }
        return pixels.withUnsafeBufferPointer { buffer in
            knownRepeats.indices.allSatisfy { row in
                knownRepeats[row] == 0 || row > 0 && memcmp(buffer.baseAddress! + row * width,
                                                            buffer.baseAddress! + (row - 1) * width, width * 4) == 0
            }
        }
    }

    public subscript(x: Int, y: Int) -> UInt32 {
        pixels[y * width + x]
    }

    /// The colour of a pixel.
    public func color(x: Int, y: Int) -> Color {
        let pixel = self[x, y]
        return Color(red: UInt8(pixel >> 16 & 0xFF), green: UInt8(pixel >> 8 & 0xFF), blue: UInt8(pixel & 0xFF))
    }
}
