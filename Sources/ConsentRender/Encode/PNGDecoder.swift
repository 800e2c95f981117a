internal import CPNG
import Foundation

/// Why a PNG file could not be read.
public struct PNGDecodingError: CausedError, Equatable, Sendable, CustomStringConvertible {
    public var cause: ErrorCause { .input }
    public let path: String
    public let reason: String

    public var description: String {
        "\(path): not a readable PNG image (\(reason))."
    }
}

extension Bitmap {
    /// Decodes PNG bytes (any colour type or bit depth; transparency is composited over white).
    public init(pngData data: Data, path: String = "PNG data") throws {
        // A file that is no PNG at all is named as every PNG reader of the tool names it.
        if case let .failure(problem) = PNGFileHeader.read(data) {
            throw PNGDecodingError(path: path, reason: problem.reason)
        }
        var decoded = cr_png_decoded()
        let status = data.withUnsafeBytes { raw in
            cr_png_decode_xrgb(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &decoded)
        }
        defer { cr_png_decoded_free(&decoded) }
        guard status == 0, let pixels = decoded.pixels else {
            let reason = withUnsafeBytes(of: decoded.error) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            // Memory running out is the machine's fault, not the file's.
            if reason.lowercased().contains("out of memory") || reason.lowercased().contains("insufficient memory") {
                throw ResourceError.allocationFailed(what: "the pixels of \(path)", bytes: nil)
            }
            throw PNGDecodingError(path: path, reason: reason.isEmpty ? "libpng failed" : reason)
        }
        let count = Int(decoded.width) * Int(decoded.height)
        try checkAllocatable(count * 4, what: "the pixels of \(path)")
        self.init(width: Int(decoded.width), height: Int(decoded.height),
                  pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// Reads and decodes the PNG file at `url`.
    public init(contentsOfPNG url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PNGDecodingError(path: url.path, reason: describeFileError(error))
        }
        try self.init(pngData: data, path: url.path)
    }
}
