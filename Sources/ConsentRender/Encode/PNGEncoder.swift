import CPNG
import Foundation

/// How hard the PNG encoder compresses.
public struct PNGCompression: Sendable, Equatable {
    /// zlib level, 0 (store) to 9 (smallest).
    public var level: Int
    public var filters: Filters

    public enum Filters: Sendable {
        case none
        case sub
        case adaptive
    }

    public init(level: Int, filters: Filters) {
        precondition((0...9).contains(level), "zlib compression level must be 0...9, got \(level)")
        self.level = level
        self.filters = filters
    }

    /// Renders: quick to write, still small.
    public static let standard = PNGCompression(level: 6, filters: .adaptive)
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
        case .adaptive: CR_PNG_FILTERS_ADAPTIVE
        }
        let status = pixels.withUnsafeBufferPointer { buffer in
            cr_png_encode_xrgb(buffer.baseAddress, UInt32(width), UInt32(height), width * 4,
                               Int32(compression.level), filters, &output)
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
