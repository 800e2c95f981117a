internal import CCairo
internal import CPNG
import Foundation
internal import CPixels

/// A Cairo surface (an opaque image in memory, or a PDF page) and its drawing context, in points
/// scaled to device pixels, drawing text with one `PangoTextEngine`.
final class CairoCanvas: Canvas {
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let textEngine: PangoTextEngine

    /// A canvas drawing straight into `pixels` (row-major 0xAARRGGBB words, `pixelWidth` per
    /// row), which must outlive it: no copy is made when the drawing is done. Pages start with an
    /// opaque full-screen fill (`replace`) and draw everything else over it, so every pixel ends
    /// opaque (0xFF in the top byte) without a pass to set it.
    ///
    /// `firstRow` makes the pixels a band of a taller page: row `firstRow` of the page and the
    /// `pixelHeight` below it, drawn in the page's coordinates (Cairo's device offset).
    /// `clipRows` limits drawing to those rows of the pixels.
    init(pixels: UnsafeMutableBufferPointer<UInt32>, pixelWidth: Int, pixelHeight: Int, scale: Double,
         text engine: PangoTextEngine, firstRow: Int = 0, clipRows: Range<Int>? = nil) throws {
        precondition(pixelWidth > 0 && pixelHeight > 0 && pixels.count == pixelWidth * pixelHeight,
                     "A canvas needs a positive size and one word per pixel")
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        precondition(stride == pixelWidth * 4, "ARGB32 rows are one word per pixel")
        guard let base = pixels.baseAddress else { preconditionFailure("A canvas needs pixel storage") }
        let bytes = UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, Int32(pixelWidth),
                                                                 Int32(pixelHeight), Int32(stride)) else {
            throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: "no surface")
        }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: Self.describe(surfaceStatus))
        }
        if firstRow != 0 { cairo_surface_set_device_offset(surface, 0, -Double(firstRow)) }
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw RenderError.cairo(operation: "cairo_create", status: "no context")
        }
        let contextStatus = cairo_status(cr)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
            throw RenderError.cairo(operation: "cairo_create", status: Self.describe(contextStatus))
        }
        self.surface = surface
        self.cr = cr
        textEngine = engine
        if let clipRows {
            // In device pixels, so the clip's edges are whole rows.
            cairo_rectangle(cr, 0, Double(clipRows.lowerBound), Double(pixelWidth), Double(clipRows.count))
            cairo_clip(cr)
        }
        cairo_scale(cr, scale, scale)
    }

    /// A canvas drawing one PDF page of `size` points into `stream`, which receives the file's
    /// bytes as Cairo writes them (until `finish`).
    init(pdfPageOf size: Size, writingTo stream: PDFStream, text engine: PangoTextEngine) throws {
        let closure = Unmanaged.passUnretained(stream).toOpaque()
        guard let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PDFStream>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, closure, size.width, size.height) else {
            throw RenderError.cairo(operation: "cairo_pdf_surface_create_for_stream", status: "no surface")
        }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError.cairo(operation: "cairo_pdf_surface_create_for_stream", status: Self.describe(surfaceStatus))
        }
        // No creation date: the same page gives the same bytes.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw RenderError.cairo(operation: "cairo_create", status: "no context")
        }
        self.surface = surface
        self.cr = cr
        textEngine = engine
    }

    /// PDF only: ends the current page and starts the next, of `size` points.
    func startPDFPage(of size: Size) {
        cairo_show_page(cr)
        cairo_pdf_surface_set_size(surface, size.width, size.height)
    }

    /// PDF only: makes `rect` of the current page a link to `uri` (a clickable annotation).
    func addLink(_ rect: Rect, to uri: String) {
        // Cairo's attribute strings quote with ' and escape it, and the backslash, with \.
        let quoted = uri.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        let box = String(format: "%.2f %.2f %.2f %.2f", rect.x, rect.y, rect.width, rect.height)
        let attributes = "rect=[\(box)] uri='\(quoted)'"
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    /// PDF only: the document's title and its creation and modification date (`YYYY-MM-DD`), the
    /// one date the file holds.
    func setPDFInfo(title: String, date: String) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "ConsentRender")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "\(date)T00:00:00Z")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "\(date)T00:00:00Z")
    }

    /// Runs `body` with everything drawn scaled by `factor` (after translating to `origin`).
    func transformed(origin: Point, scale factor: Double, _ body: () throws -> Void) rethrows {
        try withSavedState { cr in
            cairo_translate(cr, origin.x, origin.y)
            cairo_scale(cr, factor, factor)
            try body()
        }
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Runs `body` with the context, restoring clip, source and transform afterwards.
    private func withSavedState<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        return try body(cr)
    }

    func drawText(_ block: TextBlock, at origin: Point) {
        withSavedState { cr in
            cairo_move_to(cr, origin.x, origin.y)
            textEngine.show(block, in: cr)
        }
    }

    func translated(by offset: Point, _ body: () throws -> Void) rethrows {
        try withSavedState { cr in
            cairo_translate(cr, offset.x, offset.y)
            try body()
        }
    }

    func fillRoundedRect(_ rect: Rect, radius: Double, with color: Color) {
        withSavedState { cr in
            setSource(color)
            addRoundedRect(rect, radius: radius)
            cairo_fill(cr)
        }
    }

    /// Outlines `rect` (rounded by `radius`) with a line `width` points wide, dashed when `dash`
    /// gives on/off lengths.
    func strokeRoundedRect(_ rect: Rect, radius: Double, with color: Color, width: Double, dash: [Double]) {
        withSavedState { cr in
            setSource(color)
            cairo_set_line_width(cr, width)
            if !dash.isEmpty { cairo_set_dash(cr, dash, Int32(dash.count), 0) }
            addRoundedRect(rect, radius: radius)
            cairo_stroke(cr)
        }
    }

    /// Draws PNG bytes (transparency kept) scaled into `rect`.
    func drawImage(png: Data, in rect: Rect) throws {
        var decoded = cr_png_decoded()
        let status = png.withUnsafeBytes { raw in
            cr_png_decode_premultiplied_argb(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &decoded)
        }
        defer { cr_png_decoded_free(&decoded) }
        guard status == 0, let pixels = decoded.pixels else {
            throw RenderError.pngEncoding(detail: "an image of the page could not be decoded (libpng status \(status))")
        }
        let width = Int32(decoded.width), height = Int32(decoded.height)
        let bytes = UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self)
        guard let image = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_ARGB32, width, height, width * 4) else {
            throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: "no surface")
        }
        defer { cairo_surface_destroy(image) }
        let imageStatus = cairo_surface_status(image)
        guard imageStatus == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: Self.describe(imageStatus))
        }
        withSavedState { cr in
            cairo_translate(cr, rect.x, rect.y)
            cairo_scale(cr, rect.width / Double(width), rect.height / Double(height))
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        }
    }

    func drawImage(_ image: PlacedImage) throws {
        switch image.fit {
        case .stretch:
            try drawImage(png: image.png, in: image.rect)
        case .aspectFill:
            let backdrop = BackdropImage(png: image.png, path: image.source ?? "an image of the page")
            let rect = image.rect
            guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else {
                // A PDF keeps the whole image, scaled by the PDF viewer.
                let source = try BackdropCache.shared.decoded(backdrop)
                let fill = AspectFill(source: Size(width: Double(source.width), height: Double(source.height)), target: rect)
                try clipped(to: rect) {
                    try drawImage(png: image.png, in: Rect(x: fill.origin.x, y: fill.origin.y, width: Double(source.width) * fill.scale,
                                                           height: Double(source.height) * fill.scale))
                }
                return
            }
            // On pixels: the screenshot scaled once per pixel size (cached), then copied 1:1.
            var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
            cairo_user_to_device(cr, &x0, &y0)
            cairo_user_to_device(cr, &x1, &y1)
            let left = min(x0, x1).rounded(), top = min(y0, y1).rounded()
            let width = Int((max(x0, x1) - min(x0, x1)).rounded()), height = Int((max(y0, y1) - min(y0, y1)).rounded())
            guard width > 0, height > 0 else { return }
            let pixels = try BackdropCache.shared.aspectFilled(backdrop, width: width, height: height)
            try pixels.withSurface { source in
                withSavedState { cr in
                    cairo_identity_matrix(cr)
                    cairo_set_source_surface(cr, source, left, top)
                    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
                    cairo_rectangle(cr, left, top, Double(width), Double(height))
                    cairo_fill(cr)
                }
            }
        }
    }

    /// Draws a straight line.
    func strokeLine(from start: Point, to end: Point, with color: Color, width: Double) {
        withSavedState { cr in
            setSource(color)
            cairo_set_line_width(cr, width)
            cairo_move_to(cr, start.x, start.y)
            cairo_line_to(cr, end.x, end.y)
            cairo_stroke(cr)
        }
    }

    /// Fills a polygon through `points`.
    func fillPolygon(_ points: [Point], with color: Color) {
        guard let first = points.first else { return }
        withSavedState { cr in
            setSource(color)
            cairo_move_to(cr, first.x, first.y)
            for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            cairo_close_path(cr)
            cairo_fill(cr)
        }
    }

    func fillPath(_ subpaths: [[Point]], with color: Color) {
        withSavedState { cr in
            setSource(color)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            for subpath in subpaths {
                guard let first = subpath.first else { continue }
                cairo_move_to(cr, first.x, first.y)
                for point in subpath.dropFirst() { cairo_line_to(cr, point.x, point.y) }
                cairo_close_path(cr)
            }
            cairo_fill(cr)
        }
    }

    func strokePath(_ subpaths: [[Point]], closed: [Bool], with color: Color, width: Double, round: Bool) {
        withSavedState { cr in
            setSource(color)
            cairo_set_line_width(cr, width)
            cairo_set_line_cap(cr, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            cairo_set_line_join(cr, round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
            for (index, subpath) in subpaths.enumerated() {
                guard let first = subpath.first else { continue }
                cairo_move_to(cr, first.x, first.y)
                for point in subpath.dropFirst() { cairo_line_to(cr, point.x, point.y) }
                if index < closed.count, closed[index] { cairo_close_path(cr) }
            }
            cairo_stroke(cr)
        }
    }

    /// Fills a circle.
    func fillCircle(center: Point, radius: Double, with color: Color) {
        withSavedState { cr in
            setSource(color)
            cairo_new_sub_path(cr)
            cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
            cairo_fill(cr)
        }
    }

    /// Fills the ring between two radii from `start` to `end` (radians, clockwise).
    func fillRingSegment(center: Point, innerRadius: Double, outerRadius: Double, from start: Double, to end: Double,
                         with color: Color) {
        withSavedState { cr in
            setSource(color)
            cairo_new_sub_path(cr)
            cairo_arc(cr, center.x, center.y, outerRadius, start, end)
            if innerRadius > 0 {
                cairo_arc_negative(cr, center.x, center.y, innerRadius, end, start)
            } else {
                cairo_line_to(cr, center.x, center.y)
            }
            cairo_close_path(cr)
            cairo_fill(cr)
        }
    }

    /// Fills everything inside `outer` that is outside `inner`.
    func fill(_ outer: Rect, excluding inner: Rect, with color: Color) {
        withSavedState { cr in
            setSource(color)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_rectangle(cr, outer.x, outer.y, outer.width, outer.height)
            cairo_rectangle(cr, inner.x, inner.y, inner.width, inner.height)
            cairo_fill(cr)
        }
    }

    /// Fills `rect` with a vertical gradient from `top` to `bottom`.
    func fillVerticalGradient(_ rect: Rect, from top: Color, to bottom: Color) {
        guard let gradient = cairo_pattern_create_linear(0, rect.minY, 0, rect.maxY) else { return }
        defer { cairo_pattern_destroy(gradient) }
        let start = top.unitComponents
        let end = bottom.unitComponents
        cairo_pattern_add_color_stop_rgba(gradient, 0, start.red, start.green, start.blue, start.alpha)
        cairo_pattern_add_color_stop_rgba(gradient, 1, end.red, end.green, end.blue, end.alpha)
        withSavedState { cr in
            cairo_set_source(cr, gradient)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cr)
        }
    }

    /// Limits drawing inside `body` to `rect`.
    func clipped(to rect: Rect, _ body: () throws -> Void) rethrows {
        try clipped(to: rect, cornerRadius: 0, body)
    }

    func clipped(to rect: Rect, cornerRadius: Double, _ body: () throws -> Void) rethrows {
        try withSavedState { cr in
            if cornerRadius > 0 {
                addRoundedRect(rect, radius: cornerRadius)
            } else {
                cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            }
            cairo_clip(cr)
            try body()
        }
    }

    /// Copies the pixels under `rect` (device pixels, whole, inside the surface), blurs them in C
    /// and draws them back inside the rounded rectangle. On a PDF page there are no pixels to blur.
    func blurBehind(_ rect: Rect, cornerRadius: Double, sigma: Double) throws {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE, sigma > 0 else { return }
        cairo_surface_flush(surface)
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let surfaceWidth = Int(cairo_image_surface_get_width(surface)), surfaceHeight = Int(cairo_image_surface_get_height(surface))
        let left = max(0, Int(min(x0, x1).rounded(.down))), top = max(0, Int(min(y0, y1).rounded(.down)))
        let right = min(surfaceWidth, Int(max(x0, x1).rounded(.up))), bottom = min(surfaceHeight, Int(max(y0, y1).rounded(.up)))
        guard right > left, bottom > top, let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let width = right - left, height = bottom - top
        var region = [UInt32](repeating: 0, count: width * height)
        let words = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            region.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + y * width).update(from: words + (top + y) * stride + left, count: width)
            }
        }
        let pixelsPerPoint = abs(x1 - x0) / max(rect.width, 1e-9)
        let status = region.withUnsafeMutableBufferPointer { buffer in
            cr_blur_argb(buffer.baseAddress, Int32(width), Int32(height), width, sigma * pixelsPerPoint)
        }
        guard status == 0 else { throw RenderError.cairo(operation: "blurring behind an alert", status: "out of memory") }
        try region.withUnsafeMutableBytes { raw in
            guard let blurred = cairo_image_surface_create_for_data(raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                                                    CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                                    Int32(width * 4)) else {
                throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: "no surface")
            }
            defer { cairo_surface_destroy(blurred) }
            withSavedState { cr in
                addRoundedRect(rect, radius: cornerRadius)
                cairo_identity_matrix(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_set_source_surface(cr, blurred, Double(left), Double(top))
                cairo_fill(cr)
            }
            cairo_surface_flush(blurred)
        }
    }

    /// Finishes drawing (a PDF is written out to its stream); fails if any drawing call left
    /// Cairo in an error state.
    func finish() throws {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(operation: "drawing", status: Self.describe(status))
        }
        cairo_surface_flush(surface)
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(operation: "cairo_surface_finish", status: Self.describe(surfaceStatus))
        }
    }

    /// Paints `rect` with `color`, replacing what is there (no blending: cheaper for opaque fills).
    /// A screen has no transparency: a translucent colour is laid over black, as a screen shows it.
    func replace(_ rect: Rect, with color: Color) {
        withSavedState { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            setSource(color.alpha < 1 ? color.composited(over: Color(red: 0, green: 0, blue: 0)) : color)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cr)
        }
    }

    private func setSource(_ color: Color) {
        cairoSetSource(cr, color)
    }

    private func addRoundedRect(_ rect: Rect, radius: Double) {
        cairoAddRoundedRect(cr, rect, radius: radius)
    }

    static func describe(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }
}

/// Sets a Cairo context's source to `color`.
func cairoSetSource(_ cr: OpaquePointer, _ color: Color) {
    let c = color.unitComponents
    cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
}

/// Adds `rect`, its corners rounded by `radius` (at most half its shorter side), as a closed sub-path.
func cairoAddRoundedRect(_ cr: OpaquePointer, _ rect: Rect, radius: Double) {
    let r = min(radius, rect.width / 2, rect.height / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
    cairo_arc(cr, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
}

/// The bytes of a PDF as Cairo writes them.
final class PDFStream {
    var data = Data()
}
