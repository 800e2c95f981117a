internal import CPNG
import Foundation

/// How hard the PNG encoder compresses.
public struct PNGCompression: Sendable, Equatable {
    /// zlib level, 0 (store) to 9 (smallest).
    public var level: Int
    public var strategy: Strategy
    public var filters: Filters

    public enum Filters: Sendable, CaseIterable {
        case none
        case sub
        case up
        case adaptive
    }

    /// zlib's strategies; run-length suits screens of flat colour and is fast.
    public enum Strategy: Int32, Sendable, CaseIterable {
        case standard = 0
        case filtered = 1
        case huffmanOnly = 2
        case runLength = 3
    }

    public init(level: Int, strategy: Strategy = .standard, filters: Filters) {
        precondition((0...9).contains(level), "zlib compression level must be 0...9, got \(level)")
        self.level = level
        self.strategy = strategy
        self.filters = filters
    }

    /// Renders: zlib level 1 without row filters, the fastest setting measured on these flat
    /// screens (about 15 ms for 1179×2556, 15% larger than level 6; see render-cli bench).
    public static let standard = PNGCompression(level: 1, filters: .none)
    /// Golden images, kept in the repository: smallest files.
    public static let maximum = PNGCompression(level: 9, filters: .adaptive)
}

extension Bitmap {
    /// The bitmap as an 8-bit RGB PNG without alpha; equal pixels always give equal bytes.
    public func pngData(compression: PNGCompression = .standard) throws -> Data {
        var output = cr_png_output()
        let filters: cr_png_filters = switch compression.filters {
        case .none: CR_PNG_FILTERS_NONE
        case .sub: CR_PNG_FILTERS_SUB
        case .up: CR_PNG_FILTERS_UP
        case .adaptive: CR_PNG_FILTERS_ADAPTIVE
        }
        let status = pixels.withUnsafeBufferPointer { buffer in
            cr_png_encode_xrgb(buffer.baseAddress, UInt32(width), UInt32(height), width * 4,
                               Int32(compression.level), compression.strategy.rawValue, filters, &output)
        }
        defer { cr_png_output_free(&output) }
        guard status == 0, let bytes = output.data else {
            let message = withUnsafeBytes(of: output.error) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            throw RenderError.pngEncoding(detail: message.isEmpty ? "libpng failed" : message)
        }
        return Data(bytes: bytes, count: output.size)
    }
}
