import Foundation

/// Colour distances between two opaque 0xFFRRGGBB pixels.
enum ColorDistance {
    /// Squared perceived distance in the YIQ (NTSC) space, weighted as Kotsarenko and Ramos
    /// propose (0.5053 Y², 0.299 I², 0.1957 Q²). The largest possible value is about 35215.
    static func yiqSquared(_ a: UInt32, _ b: UInt32) -> Double {
        let (r1, g1, b1) = components(a)
        let (r2, g2, b2) = components(b)
        let dy = luma(r1, g1, b1) - luma(r2, g2, b2)
        let di = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let dq = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// The largest YIQ squared distance, the scale of `yiqSquared`.
    static let maximumYIQSquared = 35215.0

    static func luma(_ pixel: UInt32) -> Double {
        let (r, g, b) = components(pixel)
        return luma(r, g, b)
    }

    /// CIE ΔE*94 (graphic-arts weights) between the two colours in CIELAB under D65.
    static func deltaE94(_ a: UInt32, _ b: UInt32) -> Double {
        let (l1, a1, b1) = lab(a)
        let (l2, a2, b2) = lab(b)
        let dL = l1 - l2
        let c1 = (a1 * a1 + b1 * b1).squareRoot()
        let c2 = (a2 * a2 + b2 * b2).squareRoot()
        let dC = c1 - c2
        let da = a1 - a2
        let db = b1 - b2
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1
        let sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    /// sRGB channel value → linear light, for all 256 values (pow is too slow per pixel).
    private static let linearTable: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func components(_ pixel: UInt32) -> (Double, Double, Double) {
        (Double(pixel >> 16 & 0xFF), Double(pixel >> 8 & 0xFF), Double(pixel & 0xFF))
    }

    private static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    private static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    private static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// sRGB → linear → XYZ (D65) → CIELAB.
    private static func lab(_ pixel: UInt32) -> (Double, Double, Double) {
        let lr = linearTable[Int(pixel >> 16 & 0xFF)]
        let lg = linearTable[Int(pixel >> 8 & 0xFF)]
        let lb = linearTable[Int(pixel & 0xFF)]
        let x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047
        let y = 0.2126729 * lr + 0.7151522 * lg + 0.0721750 * lb
        let z = (0.0193339 * lr + 0.1191920 * lg + 0.9503041 * lb) / 1.08883
        func f(_ t: Double) -> Double {
            t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
        }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }
}
