internal import CCairo
internal import CPixels
import Foundation

/// A step's screen as a walkthrough shows it: the finished screen, what lies behind its consent
/// screen (the app, the dimming, the status bar), and how it makes its entrance.
package struct WalkthroughScreen: Sendable {
    /// How a screen appears after a tap, as iOS presents it.
    public enum Entrance: Sendable, Equatable {
        /// A dialog (the card, in pixels) fades in while growing from 92 % to its size.
        case dialog(card: Rect, cornerRadius: Double)
        /// A system alert pops in: it shrinks from 115 % to its size as it fades in.
        case alert(card: Rect, cornerRadius: Double)
        /// A full-screen page fades in over the last one.
        case fullScreen
    }

    public var step: String
    public var full: Bitmap
    public var behind: Bitmap
    public var entrance: Entrance
}

extension ConsentRenderer {
    /// `page` split for a walkthrough: its content layer is what makes the entrance.
    package func walkthroughScreen(of page: RenderedPage, step: String) throws -> WalkthroughScreen {
        var behindLayout = page.layout
        behindLayout.layers.removeAll { $0.kind == .content }
        let behind = try paintBitmap(behindLayout, composition: page.composition, engine: try engine(for: page.fonts))
        let content = page.layout.layers.first { $0.kind == .content }?.items ?? []
        let screen = page.layout.screenRect
        var union: Rect?
        var coversScreen = false
        for item in content {
            guard let bounds = item.bounds else {
                coversScreen = true
                break
            }
            union = union.map { $0.union(bounds) } ?? bounds
        }
        let entrance: WalkthroughScreen.Entrance
        if coversScreen || union == nil || union!.width * union!.height >= 0.85 * screen.width * screen.height {
            entrance = .fullScreen
        } else {
            let card = union!
            // The card's own background: the largest rounded shape in the content layer.
            let radius = content.compactMap { item -> (area: Double, radius: Double)? in
                switch item.drawable {
                case let .shape(.fill(rect, radius, _)), let .shape(.backdropBlur(rect, radius, _)):
                    (rect.width * rect.height, radius)
                default: nil
                }
            }.max { $0.area < $1.area }?.radius ?? 0
            let scale = page.composition.scale
            let origin = page.composition.screenOrigin
            let pixels = Rect(x: (card.x + origin.x) * scale, y: (card.y + origin.y) * scale,
                              width: card.width * scale, height: card.height * scale)
            entrance = page.template.id == "system-prompt"
                ? .alert(card: pixels, cornerRadius: radius * scale) : .dialog(card: pixels, cornerRadius: radius * scale)
        }
        return WalkthroughScreen(step: step, full: page.bitmap, behind: behind, entrance: entrance)
    }
}

/// Composes a walkthrough's frames from its screens' bitmaps (each screen converted to a video
/// frame once; the tap circle and the entrances drawn per frame) and hands them to a sink.
final class WalkthroughFrames {
    let walkthrough: Walkthrough
    let width: Int
    let height: Int
    /// The video's size: the screen's, rounded up to even.
    let frameWidth: Int
    let frameHeight: Int
    let scale: Double
    private let screens: [WalkthroughScreen]
    private var surfaces: [(full: OpaquePointer, behind: OpaquePointer)] = []
    /// Each screen's finished pixels and what lies behind its consent screen, in walk order.
    private var pixels: [(full: UnsafeMutableBufferPointer<UInt32>, behind: UnsafeMutableBufferPointer<UInt32>)] = []
    /// The canvas frames are composed on.
    private let canvas: UnsafeMutableBufferPointer<UInt32>
    private let canvasSurface: OpaquePointer

    /// `screens` in the walk's order (one per `walkthrough.screens`), all of one size.
    init(walkthrough: Walkthrough, screens: [WalkthroughScreen], scale: Double) throws {
        precondition(screens.count == walkthrough.screens.count && !screens.isEmpty, "One screen per step shown")
        self.walkthrough = walkthrough
        self.screens = screens
        self.scale = scale
        width = screens[0].full.width
        height = screens[0].full.height
        frameWidth = width + width % 2
        frameHeight = height + height % 2
        try checkAllocatable(width * height * 4 * (screens.count * 2 + 1), what: "the walkthrough video's frames")
        canvas = .allocate(capacity: width * height)
        canvas.initialize(repeating: 0)
        canvasSurface = try Self.surface(canvas, width: width, height: height)
        for screen in screens {
            precondition(screen.full.width == width && screen.full.height == height, "Every screen of a walkthrough has one size")
            let full = Self.copy(screen.full), behind = Self.copy(screen.behind)
            pixels.append((full, behind))
            surfaces.append((try Self.surface(full, width: width, height: height), try Self.surface(behind, width: width, height: height)))
        }
    }

    deinit {
        for pair in surfaces {
            cairo_surface_destroy(pair.full)
            cairo_surface_destroy(pair.behind)
        }
        cairo_surface_destroy(canvasSurface)
        for pair in pixels {
            pair.full.deallocate()
            pair.behind.deallocate()
        }
        canvas.deallocate()
    }

    private static func copy(_ bitmap: Bitmap) -> UnsafeMutableBufferPointer<UInt32> {
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: bitmap.pixels.count)
        _ = buffer.initialize(from: bitmap.pixels)
        return buffer
    }

    private static func surface(_ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int) throws -> OpaquePointer {
        let bytes = UnsafeMutableRawPointer(pixels.baseAddress!).assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(bytes, CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(width * 4)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairo(operation: "cairo_image_surface_create_for_data", status: "no surface for a walkthrough frame")
        }
        return surface
    }

    /// Bytes of one I420 frame.
    var frameBytes: Int { frameWidth * frameHeight * 3 / 2 }

    /// Every frame, in order, to `sink`.
    func render(to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        let base = UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes, alignment: 64)
        let work = UnsafeMutableRawBufferPointer.allocate(byteCount: frameBytes, alignment: 64)
        defer {
            base.deallocate()
            work.deallocate()
        }
        let entranceFrames = Walkthrough.transitionFrames
        for (index, shown) in walkthrough.screens.enumerated() {
            let start = Walkthrough.frame(at: shown.time)
            let next = index + 1 < walkthrough.screens.count ? Walkthrough.frame(at: walkthrough.screens[index + 1].time) : walkthrough.frames
            let entrance = index == 0 ? 0 : entranceFrames
            for frame in 0 ..< entrance {
                let progress = Double(frame + 1) / Double(entrance + 1)
                composeEntrance(from: index - 1, to: index, progress: progress)
                cairo_surface_flush(canvasSurface)
                convert(canvas, into: work, x: 0, y: 0, width: frameWidth, height: frameHeight)
                try sink(UnsafeRawBufferPointer(work))
            }
            convert(pixels[index].full, into: base, x: 0, y: 0, width: frameWidth, height: frameHeight)
            let tap = walkthrough.taps.first { $0.step == shown.step }
            let tapFrame = tap.map { Walkthrough.frame(at: $0.time) } ?? Int.max
            for frame in start + entrance ..< next {
                guard let tap, frame >= tapFrame, frame < tapFrame + Self.circleFrames else {
                    try sink(UnsafeRawBufferPointer(base))
                    continue
                }
                work.copyMemory(from: UnsafeRawBufferPointer(base))
                drawTap(at: tap.point, progress: Double(frame - tapFrame) / Double(Self.circleFrames), screen: index, into: work)
                try sink(UnsafeRawBufferPointer(work))
            }
        }
    }

    /// How long the tap circle grows and fades (0.5 s).
    static let circleFrames = 15
    /// The circle's radius in points as it appears and when it is gone.
    static let circleRadius = (start: 22.0, end: 36.0)

    /// The canvas: screen `from` giving way to screen `to` at `progress` (0…1).
    private func composeEntrance(from previous: Int, to current: Int, progress: Double) {
        let eased = 1 - pow(1 - progress, 3)
        guard let cr = cairo_create(canvasSurface) else { return }
        defer { cairo_destroy(cr) }
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, surfaces[previous].full, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_source_surface(cr, surfaces[current].behind, 0, 0)
        cairo_paint_with_alpha(cr, eased)
        let growth: Double
        let card: Rect, radius: Double
        switch screens[current].entrance {
        case .fullScreen:
            cairo_set_source_surface(cr, surfaces[current].full, 0, 0)
            cairo_paint_with_alpha(cr, eased)
            return
        case let .dialog(rect, cornerRadius):
            growth = 0.92 + 0.08 * eased
            (card, radius) = (rect, cornerRadius)
        case let .alert(rect, cornerRadius):
            growth = 1.15 - 0.15 * eased
            (card, radius) = (rect, cornerRadius)
        }
        let centre = Point(x: card.x + card.width / 2, y: card.y + card.height / 2)
        cairo_translate(cr, centre.x, centre.y)
        cairo_scale(cr, growth, growth)
        cairo_translate(cr, -centre.x, -centre.y)
        cairoAddRoundedRect(cr, card, radius: radius)
        cairo_clip(cr)
        cairo_set_source_surface(cr, surfaces[current].full, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint_with_alpha(cr, eased)
    }

    /// Draws the tap circle (grey, with a white rim, growing and fading) over screen `index` at
    /// `point` (in points) into the frame `frame`, redoing only the pixels it covers.
    private func drawTap(at point: Point, progress: Double, screen index: Int, into frame: UnsafeMutableRawBufferPointer) {
        let radius = (Self.circleRadius.start + (Self.circleRadius.end - Self.circleRadius.start) * progress) * scale
        let alpha = 0.6 * (1 - progress)
        let centre = Point(x: point.x * scale, y: point.y * scale)
        let reach = Self.circleRadius.end * scale + 4
        // The rectangle it covers, on even pixels (one chroma sample covers 2×2) inside the frame.
        let left = max(0, Int((centre.x - reach).rounded(.down)) & ~1), top = max(0, Int((centre.y - reach).rounded(.down)) & ~1)
        let right = min(frameWidth, (Int((centre.x + reach).rounded(.up)) + 1) & ~1)
        let bottom = min(frameHeight, (Int((centre.y + reach).rounded(.up)) + 1) & ~1)
        guard right > left, bottom > top else { return }
        // Draw on the screen's pixels, in the canvas, then convert just that rectangle.
        let source = pixels[index].full
        let drawnWidth = min(right, width) - left, drawnHeight = min(bottom, height) - top
        for row in top ..< top + drawnHeight {
            let start = row * width + left
            (canvas.baseAddress! + start).update(from: source.baseAddress! + start, count: drawnWidth)
        }
        cairo_surface_flush(canvasSurface)
        cairo_surface_mark_dirty(canvasSurface)
        if let cr = cairo_create(canvasSurface) {
            cairo_rectangle(cr, Double(left), Double(top), Double(drawnWidth), Double(drawnHeight))
            cairo_clip(cr)
            cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * Double.pi)
            cairo_set_source_rgba(cr, 0.45, 0.45, 0.48, alpha)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, min(1, alpha * 1.4))
            cairo_set_line_width(cr, 2 * scale)
            cairo_stroke(cr)
            cairo_destroy(cr)
        }
        cairo_surface_flush(canvasSurface)
        convert(canvas, into: frame, x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Converts a rectangle of `pixels` (a screen-sized image) into the I420 frame.
    private func convert(_ pixels: UnsafeMutableBufferPointer<UInt32>, into frame: UnsafeMutableRawBufferPointer,
                         x: Int, y: Int, width rectWidth: Int, height rectHeight: Int) {
        let planes = frame.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let luma = frameWidth * frameHeight
        cr_argb_to_i420(pixels.baseAddress, Int32(width), Int32(height), width, planes, planes + luma, planes + luma + luma / 4,
                        Int32(frameWidth), Int32(x), Int32(y), Int32(rectWidth), Int32(rectHeight))
    }
}

extension Walkthrough {
    /// Composes the walk's frames (I420) and hands each to `sink`, encoding nothing: for measuring.
    public static func compose(_ walkthrough: Walkthrough, screens: [WalkthroughScreen], scale: Double,
                               to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try WalkthroughFrames(walkthrough: walkthrough, screens: screens, scale: scale).render(to: sink)
    }

    /// Encodes the walk as an H.264 MP4 at `url` from its `screens` (in the walk's order), and
    /// returns the frames written.
    @discardableResult
    public static func encode(_ walkthrough: Walkthrough, screens: [WalkthroughScreen], scale: Double, to url: URL,
                              in folder: OwnedFolder? = nil) throws -> Int {
        let frames = try WalkthroughFrames(walkthrough: walkthrough, screens: screens, scale: scale)
        let writer = try H264Writer(url: url, width: frames.frameWidth, height: frames.frameHeight, framesPerSecond: framesPerSecond,
                                    in: folder)
        var count = 0
        do {
            try frames.render { frame in
                try writer.write(frame)
                count += 1
            }
            try writer.finish()
        } catch {
            writer.cancel()
            throw error
        }
        return count
    }
}
