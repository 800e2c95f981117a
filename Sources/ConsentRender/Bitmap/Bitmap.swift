/// An opaque RGB image in memory: what the painter produces, the PNG encoder writes and the
/// diff compares.
public struct Bitmap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major pixels as 0xFFRRGGBB words, `width * height` of them.
    public private(set) var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0, "A bitmap needs a positive size, got \(width)×\(height)")
        precondition(pixels.count == width * height, "A \(width)×\(height) bitmap needs \(width * height) pixels, got \(pixels.count)")
        self.width = width
        self.height = height
        self.pixels = pixels
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
