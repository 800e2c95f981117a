import Foundation

/// How strictly two bitmaps are compared.
///
/// The defaults fail on any visible change: a pixel differs when its YIQ distance exceeds
/// `threshold` (pixelmatch's 0.1) or its ΔE94 exceeds `maximumDeltaE` (2, about a just
/// noticeable difference; YIQ alone at 0.1 does not see #007AFF turn into #0A84FF), and one
/// differing pixel fails the comparison. Anti-aliased edge pixels are ignored only when
/// `ignoresAntiAliasing` is on; a 1 pt shift moves whole glyph stems and fills, so it fails either way.
public struct DiffOptions: Sendable, Equatable {
    /// YIQ distance threshold from 0 (any change) to 1 (nothing), as in pixelmatch.
    public var threshold: Double
    /// ΔE94 above which a pixel differs whatever its YIQ distance; nil turns the check off.
    public var maximumDeltaE: Double?
    /// Whether differing pixels that look like anti-aliasing in either image are ignored.
    public var ignoresAntiAliasing: Bool
    /// How many differing pixels are still a pass.
    public var maxDiffPixels: Int
    /// What share (0...1) of all pixels may differ and still pass. With both allowances set,
    /// the larger one applies.
    public var maxDiffRatio: Double

    /// The most differing pixels an image of `pixelCount` pixels may have and pass.
    public func allowedPixels(of pixelCount: Int) -> Int {
        max(maxDiffPixels, Int((maxDiffRatio * Double(pixelCount)).rounded(.down)))
    }

    public init(threshold: Double = 0.1, maximumDeltaE: Double? = 2.0, ignoresAntiAliasing: Bool = true,
                maxDiffPixels: Int = 0, maxDiffRatio: Double = 0) {
        precondition((0...1).contains(threshold), "The YIQ threshold must lie in 0...1, got \(threshold)")
        precondition(maxDiffPixels >= 0 && (0...1).contains(maxDiffRatio), "Diff allowances must not be negative")
        self.threshold = threshold
        self.maximumDeltaE = maximumDeltaE
        self.ignoresAntiAliasing = ignoresAntiAliasing
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }
}

/// The outcome of comparing an expected and an actual bitmap.
public struct DiffResult: Sendable, Equatable, CustomStringConvertible {
    /// What each pixel turned out to be, for the diff image.
    public enum PixelClass: UInt8, Sendable {
        case same = 0
        case different = 1
        case antiAliased = 2
    }

    public let expectedSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    /// Pixels whose values changed at all, counted or not.
    public let changedPixels: Int
    /// Pixels that count as different.
    public let differingPixels: Int
    /// Pixels that differ but were taken for anti-aliasing and ignored.
    public let antiAliasedPixels: Int
    /// The smallest rectangle holding every counted differing pixel.
    public let boundingBox: PixelRect?
    /// The largest ΔE94 among pixels whose values differ (0 when none do).
    public let maximumDeltaE: Double
    /// Whether the comparison passes under the options it was made with.
    public let passes: Bool
    /// Per-pixel classes (row-major) when sizes match and some pixel differs; empty otherwise.
    public let classes: [PixelClass]

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var isIdentical: Bool { sizesMatch && changedPixels == 0 }

    public static func == (lhs: DiffResult, rhs: DiffResult) -> Bool {
        lhs.expectedSize == rhs.expectedSize && lhs.actualSize == rhs.actualSize && lhs.changedPixels == rhs.changedPixels
            && lhs.differingPixels == rhs.differingPixels && lhs.antiAliasedPixels == rhs.antiAliasedPixels
            && lhs.boundingBox == rhs.boundingBox && lhs.maximumDeltaE == rhs.maximumDeltaE
            && lhs.passes == rhs.passes && lhs.classes == rhs.classes
    }

    public var description: String { summary }

    /// One line for logs: "identical", or the count, share and bounding box of what changed.
    public var summary: String {
        if !sizesMatch {
            return "size changed from \(expectedSize.width)×\(expectedSize.height) to \(actualSize.width)×\(actualSize.height)"
        }
        if changedPixels == 0 {
            return "identical"
        }
        if differingPixels == 0 {
            return "no counted difference: \(changedPixels) pixels changed, \(antiAliasedPixels) of them anti-aliasing, "
                + "the rest below the thresholds (largest ΔE94 \(String(format: "%.1f", maximumDeltaE)))"
        }
        let total = Double(expectedSize.width * expectedSize.height)
        let share = String(format: "%.3f%%", Double(differingPixels) / total * 100)
        let box = boundingBox.map { " in x \($0.x)…\($0.x + $0.width - 1), y \($0.y)…\($0.y + $0.height - 1)" } ?? ""
        return "\(differingPixels) \(differingPixels == 1 ? "pixel differs" : "pixels differ") (\(share))\(box); largest ΔE94 \(String(format: "%.1f", maximumDeltaE))"
    }
}

/// Compares two bitmaps: an exact check first, then per-pixel YIQ and ΔE94 distances.
public func diff(expected: Bitmap, actual: Bitmap, options: DiffOptions = DiffOptions()) -> DiffResult {
    let expectedSize = (expected.width, expected.height)
    let actualSize = (actual.width, actual.height)
    guard expected.width == actual.width, expected.height == actual.height else {
        return DiffResult(expectedSize: expectedSize, actualSize: actualSize, changedPixels: 0, differingPixels: 0,
                          antiAliasedPixels: 0, boundingBox: nil, maximumDeltaE: 0, passes: false, classes: [])
    }
    // memcmp first: most comparisons are of identical images.
    let identical = expected.pixels.withUnsafeBytes { a in
        actual.pixels.withUnsafeBytes { b in
            guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == b.count }
            return memcmp(left, right, a.count) == 0
        }
    }
    if identical {
        return DiffResult(expectedSize: expectedSize, actualSize: actualSize, changedPixels: 0, differingPixels: 0,
                          antiAliasedPixels: 0, boundingBox: nil, maximumDeltaE: 0, passes: true, classes: [])
    }

    let width = expected.width, height = expected.height
    let maximumYIQ = ColorDistance.maximumYIQSquared * options.threshold * options.threshold
    var classes = [DiffResult.PixelClass](repeating: .same, count: width * height)
    var changed = 0, differing = 0, antiAliased = 0, largestDeltaE = 0.0
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    expected.pixels.withUnsafeBufferPointer { a in
        actual.pixels.withUnsafeBufferPointer { b in
            for y in 0..<height {
                let row = y * width
                for x in 0..<width where a[row + x] != b[row + x] {
                    let index = row + x
                    changed += 1
                    let deltaE = ColorDistance.deltaE94(a[index], b[index])
                    largestDeltaE = max(largestDeltaE, deltaE)
                    let yiqDiffers = ColorDistance.yiqSquared(a[index], b[index]) > maximumYIQ
                    let colourDiffers = options.maximumDeltaE.map { deltaE > $0 } ?? false
                    guard yiqDiffers || colourDiffers else { continue }
                    if options.ignoresAntiAliasing
                        && (AntiAliasing.isAntiAliased(x, y, in: a, other: b, width: width, height: height)
                            || AntiAliasing.isAntiAliased(x, y, in: b, other: a, width: width, height: height)) {
                        classes[index] = .antiAliased
                        antiAliased += 1
                        continue
                    }
                    classes[index] = .different
                    differing += 1
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
        }
    }
    let box = differing > 0 ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
    return DiffResult(
        expectedSize: expectedSize, actualSize: actualSize, changedPixels: changed, differingPixels: differing,
        antiAliasedPixels: antiAliased, boundingBox: box, maximumDeltaE: largestDeltaE, passes: differing <= options.allowedPixels(of: width * height),
        classes: classes)
}
