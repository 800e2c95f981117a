internal import CCairo
internal import CFastPNG
internal import CPNG
import Foundation

/// An image with transparency: premultiplied 0xAARRGGBB words (Cairo's ARGB32), row-major.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    /// The straight (not premultiplied) alpha of the pixel at `x`, `y`, 0–255.
    public func alpha(x: Int, y: Int) -> UInt8 {
        UInt8(pixels[y * width + x] >> 24)
    }

    /// The pixel's colour with straight alpha.
    public func color(x: Int, y: Int) -> Color {
        let word = pixels[y * width + x]
        let a = Int(word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (Int((word >> shift) & 0xFF) * 255 + a / 2) / a))
        }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: Double(a) / 255)
    }

    /// The image as an 8-bit RGBA PNG marked as `mark` (a framed screenshot); equal pixels always give equal bytes.
    public func pngData(compression: PNGCompression = .standard, mark: PNGMark = .framed) throws -> Data {
        mark.marking(try unmarkedPNGData(compression: compression))
    }

    private func unmarkedPNGData(compression: PNGCompression) throws -> Data {
        try checkAllocatable(width * height * 4, what: "a \(width)×\(height) framed screenshot")
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<pixels.count {
            let color = color(x: index % width, y: index / width)
            bytes[index * 4] = color.red
            bytes[index * 4 + 1] = color.green
            bytes[index * 4 + 2] = color.blue
            bytes[index * 4 + 3] = UInt8(pixels[index] >> 24)
        }
        if compression.encoder == .fast {
            return try bytes.withUnsafeBytes { raw in
                try FastPNG.encode(raw.baseAddress!, width: width, height: height, stride: width * 4, format: CR_FASTPNG_RGBA)
            }
        }
        var output = cr_png_output()
        let filters: cr_png_filters = compression.filters == .none ? CR_PNG_FILTERS_NONE : CR_PNG_FILTERS_ADAPTIVE
        let status = bytes.withUnsafeBufferPointer { buffer in
            cr_png_encode_rgba(buffer.baseAddress, UInt32(width), UInt32(height), Int32(compression.level), filters, &output)
        }
        defer { cr_png_output_free(&output) }
        guard status == 0, let data = output.data else {
            let message = withUnsafeBytes(of: output.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw RenderError.pngEncoding(detail: message.isEmpty ? "libpng failed" : message)
        }
        return Data(bytes: data, count: output.size)
    }
}

/// A screenshot inside its device's frame, and where the screen sits in it.
public struct FramedScreenshot: Sendable, Equatable {
    public var image: RGBAImage
    /// The screen's pixels in `image` (the screenshot copied 1:1, its corners clipped).
    public var screen: PixelRect
}

/// Draws a rendered screen inside its device's frame (`DeviceFrame`), at the screen's own scale,
/// so the screenshot's pixels are copied 1:1.
enum FramePainter {
    static let bandColor = Color(rgb: 0x4A4A4E)
    static let tabletBandColor = Color(rgb: 0x5E5E63)
    static let buttonColor = Color(rgb: 0x38383C)
    static let glass = Color(red: 0, green: 0, blue: 0)

    /// `screen` (the render's pixels) framed as `profile`'s device in `orientation`.
    static func framed(_ screen: Bitmap, profile: DeviceProfile, orientation: Orientation,
                       displayCornerRadius: Double, cutout: CutoutSpec?, scale: Double) throws -> FramedScreenshot {
        let frame = DeviceFrame(profile: profile)
        let display = profile.points
        // Where the display starts, snapped to a whole pixel so the screenshot is copied exactly.
        let raw = frame.displayRect(display: display)
        let snapped = Point(x: (raw.x * scale).rounded(.up) / scale, y: (raw.y * scale).rounded(.up) / scale)
        let shift = Point(x: snapped.x - raw.x, y: snapped.y - raw.y)
        let displayRect = Rect(x: snapped.x, y: snapped.y, width: display.width, height: display.height)
        let body = frame.bodySize(display: display)
        let bodyRect = Rect(x: frame.margin + shift.x, y: frame.margin + shift.y, width: body.width, height: body.height)
        let portraitWidth = Int(((bodyRect.maxX + frame.margin) * scale).rounded(.up))
        let portraitHeight = Int(((bodyRect.maxY + frame.margin) * scale).rounded(.up))
        let landscape = orientation == .landscape
        let (width, height) = landscape ? (portraitHeight, portraitWidth) : (portraitWidth, portraitHeight)
        let portraitWidthPoints = Double(portraitWidth) / scale

        let screenRect = landscape
            ? Rect(x: displayRect.y, y: portraitWidthPoints - displayRect.maxX, width: display.height, height: display.width)
            : displayRect
        let words = try ARGBPixels.drawn(width: width, height: height, operation: "drawing the device frame") { cr in
            cairo_scale(cr, scale, scale)
            if landscape {
                // The device turned with its top to the left: portrait (x, y) lands at (y, width - x).
                cairo_translate(cr, 0, portraitWidthPoints)
                cairo_rotate(cr, -Double.pi / 2)
            }
            paintBody(cr, frame: frame, body: bodyRect, display: displayRect, displayCornerRadius: displayCornerRadius)
            // The screenshot, in the canvas's own orientation, clipped to the display's corners.
            try paintScreen(cr, screen, in: screenRect, cornerRadius: displayCornerRadius, scale: scale)
            if let cutout {
                paintCutout(cr, cutout, display: displayRect)
            }
            paintHomeButtonFace(cr, frame: frame, body: bodyRect, display: displayRect)
        }
        return FramedScreenshot(image: RGBAImage(width: width, height: height, pixels: words),
                                screen: PixelRect(x: Int((screenRect.x * scale).rounded()), y: Int((screenRect.y * scale).rounded()),
                                                  width: screen.width, height: screen.height))
    }

    /// Buttons, the metal band and the black glass, in portrait points.
    private static func paintBody(_ cr: OpaquePointer, frame: DeviceFrame, body: Rect, display: Rect, displayCornerRadius: Double) {
        let glassRadius = frame.style == .homeButton ? 34 : displayCornerRadius + frame.bezel
        let bodyRadius = glassRadius + frame.band
        // Buttons first: the body covers their inner half.
        cairoSetSource(cr, buttonColor)
        for button in frame.buttons {
            let rect: Rect
            switch button.edge {
            case .left: rect = Rect(x: body.minX - 3, y: body.minY + button.offset, width: 6, height: button.length)
            case .right: rect = Rect(x: body.maxX - 3, y: body.minY + button.offset, width: 6, height: button.length)
            case .top: rect = Rect(x: body.minX + button.offset, y: body.minY - 3, width: button.length, height: 6)
            }
            cairoAddRoundedRect(cr, rect, radius: 2)
            cairo_fill(cr)
        }
        cairoSetSource(cr, frame.style == .tablet ? tabletBandColor : bandColor)
        cairoAddRoundedRect(cr, body, radius: bodyRadius)
        cairo_fill(cr)
        // A faint highlight along the band's outer edge, as light catches the metal.
        cairoSetSource(cr, Color(red: 255, green: 255, blue: 255, alpha: 0.18))
        cairo_set_line_width(cr, 0.75)
        cairoAddRoundedRect(cr, body.insetBy(EdgeInsets(top: 0.6, left: 0.6, bottom: 0.6, right: 0.6)), radius: bodyRadius - 0.6)
        cairo_stroke(cr)
        cairoSetSource(cr, glass)
        let inset = frame.band
        cairoAddRoundedRect(cr, body.insetBy(EdgeInsets(top: inset, left: inset, bottom: inset, right: inset)), radius: glassRadius)
        cairo_fill(cr)
    }

    /// The rendered screen copied 1:1 into `rect` (canvas points), clipped to the display's corners.
    private static func paintScreen(_ cr: OpaquePointer, _ screen: Bitmap, in rect: Rect, cornerRadius: Double, scale: Double) throws {
        try screen.pixels.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeMutableRawPointer(mutating: buffer.baseAddress!).assumingMemoryBound(to: UInt8.self)
            guard let source = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_RGB24, Int32(screen.width), Int32(screen.height),
                                                                    Int32(screen.width * 4)) else {
                throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: "no surface")
            }
            defer { cairo_surface_destroy(source) }
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_identity_matrix(cr)
            cairo_scale(cr, scale, scale)
            cairoAddRoundedRect(cr, rect, radius: cornerRadius)
            cairo_clip(cr)
            cairo_identity_matrix(cr)
            cairo_set_source_surface(cr, source, (rect.x * scale).rounded(), (rect.y * scale).rounded())
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
            cairo_paint(cr)
        }
    }

    /// The Dynamic Island (a pill) or the notch (flush with the top, rounded below), in portrait points.
    private static func paintCutout(_ cr: OpaquePointer, _ cutout: CutoutSpec, display: Rect) {
        let rect = cutout.rect.offsetBy(dx: display.x, dy: display.y)
        cairoSetSource(cr, glass)
        if rect.minY > 0.5 + display.minY {
            cairoAddRoundedRect(cr, rect, radius: cutout.cornerRadius)
        } else {
            // A notch: square where it meets the bezel, its lower corners rounded, with small
            // outward curves where its sides meet the display's top edge.
            let r = min(cutout.cornerRadius, rect.height / 2), ear = 6.0
            let top = display.minY - 1
            cairo_move_to(cr, rect.minX - ear, top)
            cairo_line_to(cr, rect.maxX + ear, top)
            cairo_curve_to(cr, rect.maxX + ear / 2, top + 1, rect.maxX, top + ear / 2, rect.maxX, top + ear)
            cairo_line_to(cr, rect.maxX, rect.maxY - r)
            cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
            cairo_line_to(cr, rect.minX + r, rect.maxY)
            cairo_arc(cr, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
            cairo_line_to(cr, rect.minX, top + ear)
            cairo_curve_to(cr, rect.minX, top + ear / 2, rect.minX - ear / 2, top + 1, rect.minX - ear, top)
            cairo_close_path(cr)
        }
        cairo_fill(cr)
    }

    /// A home-button phone's earpiece, front camera and home button, in portrait points.
    private static func paintHomeButtonFace(_ cr: OpaquePointer, frame: DeviceFrame, body: Rect, display: Rect) {
        guard frame.style == .homeButton else { return }
        let topChin = Rect(x: body.minX, y: body.minY + frame.band, width: body.width, height: display.minY - body.minY - frame.band)
        let bottomChin = Rect(x: body.minX, y: display.maxY, width: body.width, height: body.maxY - frame.band - display.maxY)
        cairoSetSource(cr, Color(rgb: 0x2A2A2E))
        cairoAddRoundedRect(cr, Rect(x: body.midX - 26, y: topChin.midY - 3, width: 52, height: 6), radius: 3)
        cairo_fill(cr)
        cairo_arc(cr, body.midX - 44, topChin.midY, 4.5, 0, 2 * Double.pi)
        cairo_fill(cr)
        let radius = min(30, bottomChin.height * 0.32)
        cairoSetSource(cr, Color(rgb: 0x5A5A60))
        cairo_set_line_width(cr, 2)
        cairo_arc(cr, body.midX, bottomChin.midY, radius, 0, 2 * Double.pi)
        cairo_stroke(cr)
    }
}

extension ConsentRenderer {
    /// A rendered page inside a drawn frame of `profile`'s device: an RGBA image larger than the
    /// screen, transparent around the body (`render-cli render --frame`). Never for App Store
    /// export, whose screenshots are exact-size RGB.
    public func framed(_ page: RenderedPage, profile: DeviceProfile) throws -> FramedScreenshot {
        try FramePainter.framed(page.bitmap, profile: profile, orientation: page.linkMap.orientation,
                                displayCornerRadius: page.layout.displayCornerRadius,
                                // A screenshot with the island drawn (`--island shown`) carries its own.
                                cutout: page.layout.item("dynamic-island") == nil ? profile.cutout : nil, scale: page.layout.scale)
    }
}
