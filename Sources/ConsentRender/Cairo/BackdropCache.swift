internal import CCairo
internal import CPNG
import Foundation

/// Premultiplied ARGB pixels (Cairo's ARGB32 words), read-only once made.
final class ARGBPixels: Sendable {
    let width: Int
    let height: Int
    let words: [UInt32]

    init(width: Int, height: Int, words: [UInt32]) {
        self.width = width
        self.height = height
        self.words = words
    }

    var byteCount: Int { words.count * 4 }

    /// Transparent pixels of `width`×`height` that `draw` paints through a Cairo context (in
    /// pixels); fails if Cairo reports an error for `operation`.
    static func drawn(width: Int, height: Int, operation: String, _ draw: (OpaquePointer) throws -> Void) throws -> [UInt32] {
        var words = [UInt32](repeating: 0, count: width * height)
        try words.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeMutableRawPointer(buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
            guard let surface = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                                     Int32(width * 4)) else {
                throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: "no surface")
            }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { throw RenderError.cairo(operation: "cairo_create", status: "no context") }
            defer { cairo_destroy(cr) }
            try draw(cr)
            cairo_surface_flush(surface)
            let status = cairo_status(cr)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RenderError.cairo(operation: operation, status: CairoCanvas.describe(status))
            }
        }
        return words
    }

    /// Runs `body` with a Cairo image surface over the pixels (no copy; Cairo only reads a source).
    func withSurface<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        try words.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeMutableRawPointer(mutating: buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
            guard let surface = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                                     Int32(width * 4)) else {
                throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: "no surface")
            }
            defer { cairo_surface_destroy(surface) }
            let status = cairo_surface_status(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: CairoCanvas.describe(status))
            }
            return try body(surface)
        }
    }
}

/// App backdrops decoded once and scaled once per pixel size, shared by every render of a
/// process (a matrix draws one screenshot on many cells of the same device). Thread-safe; keeps
/// at most `budget` bytes, dropping the oldest entries first.
final class BackdropCache: @unchecked Sendable {
    static let shared = BackdropCache(budget: 768 << 20)

    private struct Key: Hashable {
        let png: Data
        let width: Int
        let height: Int
    }

    private let lock = NSLock()
    private let budget: Int
    private var entries: [Key: ARGBPixels] = [:]
    private var order: [Key] = []
    private var bytes = 0
    /// How many decodes and scalings were done (not served from the cache), for tests and benchmarks.
    private(set) var misses = 0

    init(budget: Int) {
        self.budget = budget
    }

    /// The image decoded at its own size; throws `PNGDecodingError` naming its file.
    func decoded(_ image: BackdropImage) throws -> ARGBPixels {
        try cached(Key(png: image.png, width: 0, height: 0)) {
            var decoded = cr_png_decoded()
            let status = image.png.withUnsafeBytes { raw in
                cr_png_decode_premultiplied_argb(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &decoded)
            }
            defer { cr_png_decoded_free(&decoded) }
            guard status == 0, let pixels = decoded.pixels else {
                let reason = withUnsafeBytes(of: decoded.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                throw PNGDecodingError(path: image.path, reason: reason.isEmpty ? "libpng failed" : reason)
            }
            let count = Int(decoded.width) * Int(decoded.height)
            return ARGBPixels(width: Int(decoded.width), height: Int(decoded.height),
                              words: Array(UnsafeBufferPointer(start: pixels, count: count)))
        }
    }

    /// The image scaled to cover `width`×`height` pixels, centred and cropped (aspect-fill), with
    /// Cairo's good filter.
    func aspectFilled(_ image: BackdropImage, width: Int, height: Int) throws -> ARGBPixels {
        let source = try decoded(image)
        if source.width == width && source.height == height { return source }
        return try cached(Key(png: image.png, width: width, height: height)) {
            let words = try ARGBPixels.drawn(width: width, height: height, operation: "scaling a backdrop") { cr in
                let fill = AspectFill(source: Size(width: Double(source.width), height: Double(source.height)),
                                      target: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
                try source.withSurface { surface in
                    cairo_translate(cr, fill.origin.x, fill.origin.y)
                    cairo_scale(cr, fill.scale, fill.scale)
                    cairo_set_source_surface(cr, surface, 0, 0)
                    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                    // Edge pixels repeat rather than fade into transparency where the crop meets them.
                    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
                    cairo_paint(cr)
                }
            }
            return ARGBPixels(width: width, height: height, words: words)
        }
    }

    /// The average colour (with its average opacity) of the image drawn aspect-filled into `area`
    /// (points) under `rect`, at `scale` pixels per point.
    func averageColor(_ image: BackdropImage, filling area: Rect, under rect: Rect, scale: Double) throws -> Color {
        let width = Int((area.width * scale).rounded()), height = Int((area.height * scale).rounded())
        let pixels = try aspectFilled(image, width: width, height: height)
        let x0 = max(0, Int(((rect.minX - area.minX) * scale).rounded(.down))), x1 = min(width, Int(((rect.maxX - area.minX) * scale).rounded(.up)))
        let y0 = max(0, Int(((rect.minY - area.minY) * scale).rounded(.down))), y1 = min(height, Int(((rect.maxY - area.minY) * scale).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        var sums = (a: 0, r: 0, g: 0, b: 0)
        for y in y0..<y1 {
            for x in x0..<x1 {
                let word = pixels.words[y * width + x]
                sums.a += Int(word >> 24)
                sums.r += Int((word >> 16) & 0xFF)
                sums.g += Int((word >> 8) & 0xFF)
                sums.b += Int(word & 0xFF)
            }
        }
        guard sums.a > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        // Premultiplied sums: dividing by the alpha sum gives the straight colour.
        func channel(_ sum: Int) -> UInt8 { UInt8(min(255, (sum * 255 + sums.a / 2) / sums.a)) }
        let count = (x1 - x0) * (y1 - y0)
        return Color(red: channel(sums.r), green: channel(sums.g), blue: channel(sums.b), alpha: Double(sums.a) / Double(count * 255))
    }

    private func cached(_ key: Key, make: () throws -> ARGBPixels) throws -> ARGBPixels {
        lock.lock()
        defer { lock.unlock() }
        if let hit = entries[key] { return hit }
        let made = try make()
        misses += 1
        entries[key] = made
        order.append(key)
        bytes += made.byteCount
        while bytes > budget, order.count > 1 {
            let oldest = order.removeFirst()
            if let dropped = entries.removeValue(forKey: oldest) { bytes -= dropped.byteCount }
        }
        return made
    }

    /// Empties the cache (for tests).
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries = [:]
        order = []
        bytes = 0
        misses = 0
    }
}

/// How an image of `source` size covers `target`: scaled by the larger of the two ratios and
/// centred, so it fills the target and its overflow is cropped evenly on both sides.
struct AspectFill: Equatable {
    let scale: Double
    let origin: Point

    init(source: Size, target: Rect) {
        scale = max(target.width / source.width, target.height / source.height)
        origin = Point(x: target.x + (target.width - source.width * scale) / 2,
                       y: target.y + (target.height - source.height * scale) / 2)
    }
}
