import Foundation

/// WCAG 2 contrast between colours.
enum ContrastRatio {
    /// The contrast ratio of `foreground` drawn over opaque `background`, from 1 to 21.
    static func of(_ foreground: Color, on background: Color) -> Double {
        let top = foreground.alpha < 1 ? foreground.composited(over: background) : foreground
        let a = luminance(top), b = luminance(background)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// WCAG relative luminance.
    static func luminance(_ color: Color) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    static func format(_ ratio: Double) -> String {
        String(format: "%.2f:1", ratio)
    }
}
