extension DiffResult {
    /// The expected image faded to a light grey, with counted differences in red and ignored
    /// anti-aliasing in yellow, so a reviewer sees at once where the change is.
    /// Nil when the sizes differ (there is no common pixel grid to mark).
    public func diffImage(expected: Bitmap) -> Bitmap? {
        guard sizesMatch else { return nil }
        var pixels = [UInt32](repeating: 0, count: expected.width * expected.height)
        expected.pixels.withUnsafeBufferPointer { source in
            for index in 0..<pixels.count {
                let pixelClass = classes.isEmpty ? .same : classes[index]
                switch pixelClass {
                case .different:
                    pixels[index] = 0xFFFF_0000
                case .antiAliased:
                    pixels[index] = 0xFFFF_C800
                case .same:
                    // Keep 10% of the original contrast against white.
                    let luma = ColorDistance.luma(source[index])
                    let faded = UInt32(255 - (255 - luma) * 0.1)
                    pixels[index] = 0xFF00_0000 | faded << 16 | faded << 8 | faded
                }
            }
        }
        return Bitmap(width: expected.width, height: expected.height, pixels: pixels)
    }
}

extension Bitmap {
    /// The part of the bitmap inside `rect`, clamped to the bitmap.
    public func cropped(to rect: PixelRect) -> Bitmap {
        let left = max(0, rect.x), top = max(0, rect.y)
        let right = min(width, rect.x + rect.width), bottom = min(height, rect.y + rect.height)
        precondition(right > left && bottom > top, "A crop must overlap the bitmap")
        var pixels: [UInt32] = []
        pixels.reserveCapacity((right - left) * (bottom - top))
        for y in top..<bottom {
            pixels.append(contentsOf: self.pixels[(y * width + left)..<(y * width + right)])
        }
        return Bitmap(width: right - left, height: bottom - top, pixels: pixels)
    }

    /// Bitmaps placed left to right, top-aligned, 24 pixels apart on a dark grey ground.
    public static func sideBySide(_ images: [Bitmap]) -> Bitmap {
        precondition(!images.isEmpty, "A side-by-side strip needs at least one image")
        let gap = 24
        let width = images.reduce(0) { $0 + $1.width } + gap * (images.count + 1)
        let height = (images.map(\.height).max() ?? 0) + 2 * gap
        var pixels = [UInt32](repeating: 0xFF3A_3A3C, count: width * height)
        var left = gap
        for image in images {
            image.pixels.withUnsafeBufferPointer { source in
                for y in 0..<image.height {
                    let target = (y + gap) * width + left
                    for x in 0..<image.width {
                        pixels[target + x] = source[y * image.width + x]
                    }
                }
            }
            left += image.width + gap
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
