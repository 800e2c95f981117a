/// An sRGB colour with straight (not premultiplied) alpha.
public struct Color: Sendable, Equatable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity from 0 to 1.
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        precondition((0...1).contains(alpha), "Colour alpha must lie in 0...1, got \(alpha)")
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour written as a hex literal in code: `Color(rgb: 0xFF3B30)`. (`init?(hex:)` parses
    /// text from a file or an option.)
    public init(rgb: UInt32, alpha: Double = 1) {
        precondition(rgb <= 0xFFFFFF, "Color(rgb:) takes 0xRRGGBB, got \(String(rgb, radix: 16))")
        self.init(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF), alpha: alpha)
    }

    /// Parses `#RRGGBB` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// Why `text` is not a colour a file may hold, with the fix.
    static func problem(with text: String) -> String {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if digits.count == 3, digits.allSatisfy(\.isHexDigit) {
            let long = "#" + digits.uppercased().map { "\($0)\($0)" }.joined()
            return "'\(text)' is not a colour; write the six digits, \(long)"
        }
        if !text.hasPrefix("#"), Color(hex: text) != nil {
            return "'\(text)' is not a colour; start it with #: #\(digits.uppercased())"
        }
        return "'\(text)' is not a colour; write it as #RRGGBB, for example #007AFF"
    }

    /// `#RRGGBB`, upper case; alpha is not part of it.
    public var hex: String {
        let digits = String((UInt32(red) << 16) | (UInt32(green) << 8) | UInt32(blue), radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// This colour drawn over an opaque `background`, as Cairo blends 8-bit channels.
    public func composited(over background: Color) -> Color {
        func blend(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return Color(red: blend(red, background.red), green: blend(green, background.green), blue: blend(blue, background.blue))
    }

    /// Components as 0...1 doubles, the form Cairo takes.
    var unitComponents: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, alpha)
    }
}

extension Color: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        // Layout values carry translucent colours as #RRGGBBAA; profiles and --tint take #RRGGBB.
        if text.count == 9, let opaque = Color(hex: String(text.prefix(7))),
           let alphaByte = UInt8(text.suffix(2), radix: 16) {
            self = opaque.withAlpha(Double(alphaByte) / 255)
            return
        }
        guard text.hasPrefix("#"), let color = Color(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.problem(with: text))
        }
        self = color
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if alpha == 1 {
            try container.encode(hex)
        } else {
            let alphaDigits = String(Int((alpha * 255).rounded()), radix: 16, uppercase: true)
            try container.encode(hex + String(repeating: "0", count: 2 - alphaDigits.count) + alphaDigits)
        }
    }
}
