/// Tells anti-aliased edge pixels from real changes, after V. Vysniauskas, "Anti-aliased pixel
/// and intensity slope detector" (2009), as pixelmatch also does.
///
/// A pixel is taken for anti-aliasing when it is not part of a flat area, it lies on a slope
/// between a darker and a brighter neighbour, and one of those extremes sits in a flat area in
/// both images: the pixel is then a blend between two solid regions, which a sub-pixel shift of
/// an edge changes without anything visible moving.
enum AntiAliasing {
    static func isAntiAliased(_ x: Int, _ y: Int, in image: UnsafeBufferPointer<UInt32>, other: UnsafeBufferPointer<UInt32>,
                              width: Int, height: Int) -> Bool {
        let center = image[y * width + x]
        let centerLuma = ColorDistance.luma(center)
        var equalNeighbours = 0
        var darkest = 0.0, brightest = 0.0
        var darkestAt: (Int, Int)?
        var brightestAt: (Int, Int)?
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) where nx != x || ny != y {
                let neighbour = image[ny * width + nx]
                if neighbour == center {
                    equalNeighbours += 1
                    // Part of a flat area: a real pixel, not an edge blend.
                    if equalNeighbours > 2 { return false }
                    continue
                }
                let delta = ColorDistance.luma(neighbour) - centerLuma
                if delta < darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (nx, ny)
                }
            }
        }
        // Not between a darker and a brighter neighbour: not on a slope.
        guard let dark = darkestAt, let bright = brightestAt else { return false }
        return (isInFlatArea(dark.0, dark.1, image, width, height) && isInFlatArea(dark.0, dark.1, other, width, height))
            || (isInFlatArea(bright.0, bright.1, image, width, height) && isInFlatArea(bright.0, bright.1, other, width, height))
    }

    /// Whether at least three neighbours of the pixel have exactly its colour.
    private static func isInFlatArea(_ x: Int, _ y: Int, _ image: UnsafeBufferPointer<UInt32>, _ width: Int, _ height: Int) -> Bool {
        let center = image[y * width + x]
        var equal = x == 0 || x == width - 1 || y == 0 || y == height - 1 ? 1 : 0
        for ny in max(0, y - 1)...min(height - 1, y + 1) {
            for nx in max(0, x - 1)...min(width - 1, x + 1) where (nx != x || ny != y) && image[ny * width + nx] == center {
                equal += 1
                if equal > 2 { return true }
            }
        }
        return false
    }
}
