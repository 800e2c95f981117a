internal import CFastPNG
import Foundation

extension ConsentRenderer {
    /// Pixels per band at most: 1 MB, a core's cache here. Measured on the 240-cell matrix of
    /// issue 33 against painting whole: bands of 128 and 256 KB cost more CPU (Cairo and Pango
    /// set up and walk each text block once per band it touches), 1 to 4 MB about 10 % less.
    static let bandBytes = 1 << 20

    /// The screenshot's PNG (marked as a render): the bytes `paint(page).bitmap.pngData()` gives,
    /// without a full-screen bitmap. Only the rows the encoder reads are painted: runs of rows
    /// known to repeat the row above (`RepeatedRows`; on a dialog most of the backdrop) are left
    /// out, and the rest is painted a band at a time into one small buffer and handed to the
    /// encoder while it is in cache. A band with a gradient or an image is painted in its own rows
    /// of screen-sized pixels the renderer keeps (Cairo samples those in fixed point from the
    /// canvas's origin, so a band's own origin changes them slightly). A page that starts without
    /// a full-screen fill, or blurs what is under something, is painted whole. Debug builds compare
    /// every screenshot with the one painted whole.
    package func screenshotPNG(of page: LaidOutPage) throws -> Data {
        let layout = page.layout, composition = page.composition
        guard let flags = RepeatedRows.flags(for: layout, composition: composition),
              !layout.items.contains(where: { if case .shape(.backdropBlur) = $0.drawable { true } else { false } }) else {
            return try paint(page).bitmap.pngData()
        }
        let fontFailures = PangoWarnings.mark
        let engine = try engine(for: page.fonts)
        let width = composition.pixelWidth, height = composition.pixelHeight, scale = composition.scale
        let bandRows = max(1, min(height, Self.bandBytes / (width * 4)))
        let stream = try PNGStream(width: width, height: height)
        try flags.withUnsafeBufferPointer { flags in
            var next = 0
            for region in Self.paintedRegions(flags: flags, bandRows: bandRows) {
                if bandPixels.count < region.count * width { bandPixels = try Self.uninitializedPixels(region.count * width) }
                if region.lowerBound > next {
                    try stream.add(nil, rows: region.lowerBound - next, stride: width * 4, knownRepeats: flags.baseAddress! + next)
                }
                next = region.upperBound
                let top = region.lowerBound, rows = region.count
                let known = flags.baseAddress! + top
                var painter = Painter(page: layout, composition: composition)
                painter.band = (Double(top) / scale, Double(top + rows) / scale)
                if painter.bandIsOffsetExact {
                    try bandPixels.withUnsafeMutableBufferPointer { buffer in
                        let canvas = try CairoCanvas(pixels: UnsafeMutableBufferPointer(rebasing: buffer[0..<(rows * width)]),
                                                     pixelWidth: width, pixelHeight: rows, scale: scale, text: engine, firstRow: top)
                        try painter.paint(on: canvas)
                        try canvas.finish()
                        try stream.add(UnsafeRawPointer(buffer.baseAddress!), rows: rows, stride: width * 4, knownRepeats: known)
                    }
                } else {
                    // Gradients and images come out a little different a whole number of rows away
                    // (Cairo samples them in fixed point from the surface's origin): such a band is
                    // painted in its own rows of screen-sized pixels, clipped to them.
                    if wholeScreenPixels.count < width * height { wholeScreenPixels = try Self.uninitializedPixels(width * height) }
                    try wholeScreenPixels.withUnsafeMutableBufferPointer { buffer in
                        let canvas = try CairoCanvas(pixels: UnsafeMutableBufferPointer(rebasing: buffer[0..<(width * height)]),
                                                     pixelWidth: width, pixelHeight: height, scale: scale, text: engine,
                                                     clipRows: top..<(top + rows))
                        try painter.paint(on: canvas)
                        try canvas.finish()
                        try stream.add(UnsafeRawPointer(buffer.baseAddress! + top * width), rows: rows, stride: width * 4, knownRepeats: known)
                    }
                }
            }
            if next < height {
                try stream.add(nil, rows: height - next, stride: width * 4, knownRepeats: flags.baseAddress! + next)
            }
        }
        try PangoWarnings.check(since: fontFailures)
        let png = PNGMark.render.marking(try stream.finish())
        #if DEBUG
        // Every debug render checks the bands against the whole page (and, painting it whole, the
        // rows said to repeat against its pixels).
        let whole = try paint(page).bitmap.pngData()
        assert(png == whole, "the screenshot painted in bands differs from the one painted whole")
        #endif
        return png
    }
}

extension ConsentRenderer {
    /// Pixel storage left as the allocator gives it: every band's first fill covers its rows, and
    /// pages of screen-sized storage no band reaches are never touched, so they take no memory.
    static func uninitializedPixels(_ count: Int) throws -> [UInt32] {
        try checkAllocatable(count * 4, what: "a screen's \(count) pixels")
        return [UInt32](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Rows known to repeat further than this from a row that does not are left unpainted; nearer
    /// ones are painted with it rather than start another band.
    static let unpaintedGapRows = 16

    /// The bands to paint, top to bottom: every row not known to repeat the row above (the first
    /// row never is) lies in one; runs of rows known to repeat lie in none, except short ones
    /// between painted rows. A band starts only below a row known to repeat (or at the top): no
    /// edge but a vertical one crosses there, and Cairo's scan converter, which starts an edge
    /// that comes from above where the drawing starts by a jump instead of its usual steps, puts
    /// such an edge exactly where it does on the whole page. So a band is cut at `bandRows` rows
    /// only where such a row is; without one it grows.
    static func paintedRegions(flags: UnsafeBufferPointer<UInt8>, bandRows: Int) -> [Range<Int>] {
        var regions: [Range<Int>] = []
        var row = 0
        while row < flags.count {
            if row > 0, flags[row] != 0 {
                row += 1
                continue
            }
            var last = row, end = row + 1
            /// The last row of the band, past `row`, that repeats the row above: where it may be cut.
            var cut: Int?
            while end < flags.count {
                if flags[end] == 0 {
                    last = end
                } else {
                    if end - last > unpaintedGapRows { break }
                    cut = end
                }
                if end - row >= bandRows, let cut {
                    last = cut - 1
                    break
                }
                end += 1
            }
            regions.append(row..<(last + 1))
            row = last + 1
        }
        return regions
    }
}

/// The render encoder fed a band of rows at a time (`cr_fastpng_stream_*`): the bytes of
/// `FastPNG.encode` for the same rows.
final class PNGStream {
    private var stream: OpaquePointer?

    init(width: Int, height: Int) throws {
        var output = cr_fastpng_output()
        guard let stream = cr_fastpng_stream_begin(UInt32(width), UInt32(height), CR_FASTPNG_XRGB, &output) else {
            throw RenderError.pngEncoding(detail: Self.message(of: output, or: "the PNG encoder could not start"))
        }
        self.stream = stream
    }

    /// The next `rows` rows of XRGB words, `stride` bytes apart; `pixels` may be nil when every
    /// one of them is known to repeat the row above (`knownRepeats`, a byte per row).
    func add(_ pixels: UnsafeRawPointer?, rows: Int, stride: Int, knownRepeats: UnsafePointer<UInt8>?) throws {
        guard let stream else { throw RenderError.pngEncoding(detail: "rows were given to a finished PNG") }
        // A failure is kept by the stream and reported by `finish`.
        _ = cr_fastpng_stream_rows(stream, pixels, UInt32(rows), stride, knownRepeats)
    }

    /// The PNG's bytes.
    func finish() throws -> Data {
        guard let stream else { throw RenderError.pngEncoding(detail: "the PNG was finished twice") }
        self.stream = nil
        var output = cr_fastpng_output()
        let status = cr_fastpng_stream_finish(stream, &output)
        defer { cr_fastpng_output_free(&output) }
        guard status == 0, let bytes = output.data else {
            throw RenderError.pngEncoding(detail: Self.message(of: output, or: "the PNG encoder failed"))
        }
        return Data(bytes: bytes, count: output.size)
    }

    deinit {
        if let stream { cr_fastpng_stream_cancel(stream) }
    }

    private static func message(of output: cr_fastpng_output, or fallback: String) -> String {
        let message = withUnsafeBytes(of: output.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return message.isEmpty ? fallback : message
    }
}
