import Foundation

/// Android's font scale (Settings › Display › Font size): the text-size axis of Android screens,
/// 0.85 to 2.0. Sizes in sp become dp through Android 14's non-linear curves above 1.04 and
/// linearly below (`FontScaleConverter`).
public struct FontScale: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The scale, to two decimals.
    public let value: Double

    /// Android's default.
    public static let one = FontScale(checked: 1)
    /// The range Android's settings offer.
    public static let range: ClosedRange<Double> = 0.85...2.0
    /// A Pixel's steps (Settings › Display › Font size, Android 14; reference android-metrics.md §4).
    public static let pixelSteps: [FontScale] = [0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0].map(FontScale.init(checked:))

    private init(checked value: Double) {
        self.value = (value * 100).rounded() / 100
    }

    /// A scale in the range, else nil.
    public init?(_ value: Double) {
        guard value.isFinite, Self.range.contains((value * 100).rounded() / 100) else { return nil }
        self.init(checked: value)
    }

    /// `1.3`, `1.30`, `130%` or `fs1.3`; nil for anything else or a scale out of range.
    public init?(name: String) {
        var text = name.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("fs") { text.removeFirst(2) }
        var percent = false
        if text.hasSuffix("%") {
            text.removeLast()
            percent = true
        }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let number = Double(text) else { return nil }
        self.init(percent ? number / 100 : number)
    }

    /// `1.0`, `1.3`, `0.85`: at least one decimal.
    public var name: String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        if fraction == 0 { return "\(whole).0" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    public var description: String { name }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }

    /// The size in dp of text `sp` big at this scale.
    public func dp(forSp sp: Double) -> Double {
        FontScaleConverter.dp(forSp: sp, scale: value)
    }

    /// The nearest iOS text size to this scale (by the body size's ratio to Large's 17 pt), for
    /// messages that suggest the other platform's equivalent.
    public var nearestContentSize: ContentSizeCategory {
        ContentSizeCategory.allCases.min {
            abs(AppleTextStyle.body.size(at: $0) / 17 - value) < abs(AppleTextStyle.body.size(at: $1) / 17 - value)
        } ?? .large
    }

    /// The nearest of a Pixel's steps to an iOS text size.
    public static func nearest(to size: ContentSizeCategory) -> FontScale {
        let ratio = AppleTextStyle.body.size(at: size) / 17
        return pixelSteps.min { abs($0.value - ratio) < abs($1.value - ratio) } ?? .one
    }
}

/// Android 14's `FontScaleConverterFactory` and `FontScaleConverterImpl`: above a font scale of
/// 1.04, sp sizes map to dp through lookup tables that grow small text by the scale and large
/// text less (text of 100 sp and more is not scaled); at and below it the scale applies linearly.
/// Tables and rules: reference android-metrics.md §4 (AOSP's early table set and a One UI copy of
/// the newer one with 1.05, 1.1 and 1.2; firm).
enum FontScaleConverter {
    /// The sp sample points every table maps.
    static let fromSp: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]
    /// dp at each sample point, by scale.
    static let tables: [(scale: Double, toDp: [Double])] = [
        (1.05, [8.4, 10.5, 12.6, 14.8, 18.6, 20.6, 24.4, 30, 100]),
        (1.1, [8.8, 11, 13.2, 15.6, 19.2, 21.2, 24.8, 30, 100]),
        (1.15, [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100]),
        (1.2, [9.6, 12, 14.4, 17.2, 20.4, 22.4, 25.6, 30, 100]),
        (1.3, [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100]),
        (1.5, [12, 15, 18, 22, 24, 26, 28, 30, 100]),
        (1.8, [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100]),
        (2.0, [16, 20, 24, 26, 30, 34, 36, 38, 100]),
    ]

    /// The curves start at the first table's scale less 0.01.
    static let threshold = 1.04

    static func dp(forSp sp: Double, scale: Double) -> Double {
        guard scale >= threshold, let table = table(for: scale) else { return sp * scale }
        return convert(sp, table: table)
    }

    /// The table for `scale`: a table's own, or one interpolated point by point between the two
    /// tables around it; nil above the last (linear there).
    static func table(for scale: Double) -> [Double]? {
        if let exact = tables.first(where: { abs($0.scale - scale) < 1e-9 }) { return exact.toDp }
        guard let upper = tables.firstIndex(where: { $0.scale > scale }) else { return nil }
        guard upper > 0 else {
            // Between the threshold and the first table: from linear (dp = sp × scale at 1.04) to the first.
            let first = tables[0]
            let t = (scale - threshold) / (first.scale - threshold)
            return zip(fromSp, first.toDp).map { sp, dp in sp * threshold + (dp - sp * threshold) * t }
        }
        let low = tables[upper - 1], high = tables[upper]
        let t = (scale - low.scale) / (high.scale - low.scale)
        return zip(low.toDp, high.toDp).map { $0 + ($1 - $0) * t }
    }

    /// Interpolates `sp` along the table's points, from (0, 0) below the first; past the last,
    /// scaled by the last point's ratio (100 sp → 100 dp: no growth), as `FontScaleConverterImpl`
    /// extrapolates (graded likely: the reference did not read that file).
    static func convert(_ sp: Double, table: [Double]) -> Double {
        let xs = [0] + fromSp, ys = [0] + table
        let sign: Double = sp < 0 ? -1 : 1
        let x = abs(sp)
        for index in 1..<xs.count where x <= xs[index] {
            let t = (x - xs[index - 1]) / (xs[index] - xs[index - 1])
            return sign * (ys[index - 1] + (ys[index] - ys[index - 1]) * t)
        }
        let n = xs.count - 1
        return sign * x * ys[n] / xs[n]
    }
}
