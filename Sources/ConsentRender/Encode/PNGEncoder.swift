internal import CFastPNG
internal import CPNG
import Foundation

/// Which encoder writes a PNG and how hard it compresses.
public struct PNGCompression: Sendable, Equatable {
    /// The encoders.
    public enum Encoder: Sendable, Equatable {
        /// The project's PNG writer (`CFastPNG`) around ISA-L's deflate: renders.
        case fast
        /// libpng with zlib at `level`, `strategy` and `filters`: goldens, which are stored.
        case libpng
    }

    public var encoder: Encoder
    /// zlib level, 0 (store) to 9 (smallest); libpng only.
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

    /// libpng at `level` with `strategy` and `filters`.
    public init(level: Int, strategy: Strategy = .standard, filters: Filters) {
        precondition((0...9).contains(level), "zlib compression level must be 0...9, got \(level)")
        encoder = .libpng
        self.level = level
        self.strategy = strategy
        self.filters = filters
    }

    /// Renders: the project's own writer (`fast`).
    public static let standard = fast
    /// The project's PNG writer: rows converted in cache-sized bands, a row equal to the one above
    /// written with the Up filter, ISA-L's level-1 deflate through its stateful API, and runs of
    /// repeated rows as the writer's own blocks of distance-1 copies. Its bytes depend on the
    /// pixels alone (not on threads, memory or timing) on a given CPU; about 7× faster than
    /// `zlibFast` and about the same size.
    public static let fast: PNGCompression = {
        var fast = PNGCompression(level: 1, filters: .none)
        fast.encoder = .fast
        return fast
    }()
    /// libpng with zlib level 1 and no row filters: the encoder renders used before `fast`, kept
    /// for comparisons (`render-cli bench`).
    public static let zlibFast = PNGCompression(level: 1, filters: .none)
    /// Golden images, kept in the repository: smallest files.
    public static let maximum = PNGCompression(level: 9, filters: .adaptive)
}

extension Bitmap {
    /// The bitmap as an 8-bit RGB PNG without alpha, marked as `mark` (see `PNGMark`); equal
    /// pixels always give equal bytes.
    public func pngData(compression: PNGCompression = .standard, mark: PNGMark = .render) throws -> Data {
        mark.marking(try unmarkedPNGData(compression: compression))
    }

    /// The PNG the encoders write, without the mark (for measuring the encoders).
    func unmarkedPNGData(compression: PNGCompression = .standard) throws -> Data {
        if compression.encoder == .fast {
            assert(knownRepeatsHold(), "a row the painter said repeats differs from the row above")
            return try pixels.withUnsafeBytes { raw in
                try FastPNG.encode(raw.baseAddress!, width: width, height: height, stride: width * 4, format: CR_FASTPNG_XRGB,
                                   knownRepeats: knownRepeats)
            }
        }
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

/// The render encoder (`CFastPNG`), for opaque screenshots and RGBA frames alike.
enum FastPNG {
    /// `knownRepeats`: one byte per row, non-zero where the row is known to equal the row above
    /// (see `Bitmap.knownRepeats`); the bytes are the same without it.
    static func encode(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, format: cr_fastpng_format,
                       knownRepeats: [UInt8]? = nil) throws -> Data {
        var output = cr_fastpng_output()
        precondition(knownRepeats.map { $0.count == height } ?? true, "one repeat flag per row")
        let status = knownRepeats.withUnsafeBufferPointerIfPresent { flags in
            cr_fastpng_encode(pixels, UInt32(width), UInt32(height), stride, format, flags, &output)
        }
        defer { cr_fastpng_output_free(&output) }
        guard status == 0, let bytes = output.data else {
            let message = withUnsafeBytes(of: output.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw RenderError.pngEncoding(detail: message.isEmpty ? "the PNG encoder failed" : message)
        }
        return Data(bytes: bytes, count: output.size)
    }

    /// Keeps freed screens' memory in the process (see `ConsentRenderer.keepFreedScreenMemory`).
    static func keepFreedScreens() { cr_fastpng_keep_freed_screens() }

    static func releaseFreedMemory() { cr_fastpng_release_freed_memory() }

}

extension Optional where Wrapped == [UInt8] {
    /// The array's storage for the duration of `body`, or nil when there is no array.
    func withUnsafeBufferPointerIfPresent<T>(_ body: (UnsafePointer<UInt8>?) throws -> T) rethrows -> T {
        switch self {
        case let .some(array): try array.withUnsafeBufferPointer { try body($0.baseAddress) }
        case .none: try body(nil)
        }
    }
}
