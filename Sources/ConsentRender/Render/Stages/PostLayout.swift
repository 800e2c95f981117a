import Foundation

/// The stage after a template's layout: what the platform adds and checks on every screen (the
/// body scrolled, the cut-out, iOS's status bar and home indicator, the facts of every text, the
/// glyph check), and the full-length relayout.
extension ConsentRenderer {
    /// The traits and layout context of a screen, the same for the app's screens and for prompts.
    func layoutContext(for request: RenderRequest, resolved: ResolvedScreen, engine: PangoTextEngine) -> LayoutContext {
        let variant = request.variant
        var traits = ScreenTraits(appearance: variant.appearance, language: LanguageTraits(tag: resolved.language),
                                  sizeCategory: variant.textSize, boldText: variant.boldText,
                                  increaseContrast: variant.increaseContrast,
                                  tint: variant.tint ?? request.profile.tint, adaptsSystemBlue: variant.tint == nil)
        traits.fontScale = variant.fontScale
        return LayoutContext(profile: request.profile, orientation: variant.orientation, style: resolved.style, traits: traits,
                             measurer: engine)
    }

    /// The platform's steps after the template's layout; notes and warnings go to `resolved`. A
    /// character no font has is an error unless the request allows it (then a warning).
    func finishLayout(_ layout: PageLayout, request: RenderRequest, resolved: inout ResolvedScreen, context: LayoutContext,
                      engine: PangoTextEngine) throws -> PageLayout {
        var layout = layout
        if request.variant.scroll != .top, let scroll = resolved.scrollDocument {
            let offset = try Self.scrollOffset(request.variant.scroll, of: layout, document: scroll.document, file: scroll.file,
                                               notes: &resolved.notes)
            layout = layout.scrolled(by: offset)
        }
        // The cut-out is hardware: it takes no taps whether or not the status bar is drawn.
        layout.semantics.cutout = request.profile.cutout.map { Self.cutoutRect($0.rect, profile: request.profile,
                                                                               orientation: request.variant.orientation) }
        if request.showsSystemChrome {
            resolved.notes += resolved.platform.chrome(&layout, context,
                                                       (request.content.settings.statusBar ?? StatusBarContent()).overridden(by: request.statusBar))
        }
        if request.variant.showsIsland, let island = SystemChrome.island(of: request.profile, orientation: request.variant.orientation) {
            layout.addLayer(.island, items: [island])
            // What the picture shows is the cut-out the overlay outlines and the lint keeps taps off.
            layout.semantics.cutout = island.bounds
        }
        layout.semantics.prompt = resolved.prompt
        layout.semantics.bodyTextSize = context.fontSize(.body)
        layout.recordTextFacts(using: engine)
        let missing = layout.missingCharacters
        if !missing.isEmpty {
            let error = RenderError.missingGlyphs(characters: missing.map(Self.describe), language: resolved.language, file: resolved.textFile)
            guard request.allowsMissingGlyphs else { throw error }
            resolved.warnings.append(error.description)
        }
        return layout
    }

    /// The folder of a request's document fonts, as the link map names them (`fonts/<file>`).
    static func documentFonts(of request: RenderRequest) -> String {
        (request.content.source as NSString).appendingPathComponent("fonts")
    }

    /// The offset `position` scrolls the body of `layout` to: the bottom, a heading's first line at
    /// the viewport's top (clamped to the end), or a number of points (clamped). A heading past the
    /// layout limit stops at the limit, with a note; an id no heading has is an error.
    static func scrollOffset(_ position: ScrollPosition, of layout: PageLayout, document: ConsentDocument, file: String,
                             notes: inout [String]) throws -> Double {
        let body = layout.semantics.body
        let maximum = layout.maximumScrollOffset
        if let limit = body.truncatedAt, position != .top {
            notes.append("the text is longer than the \(Int(BodyText.measuredHeightLimit)) pt that are laid out; it stops at \(Int(limit)) pt")
        }
        switch position {
        case .top:
            return 0
        case .bottom:
            return maximum
        case let .points(value):
            if value > maximum + 1e-6 {
                notes.append("--scroll \(position): the body scrolls \(ScrollPosition.number(LinkMap.rounded(maximum))) pt at most; shown at its end")
            }
            return min(value, maximum)
        case let .anchor(id):
            if let anchor = body.anchors.first(where: { $0.id == id }) { return min(anchor.offset, maximum) }
            let ids = HeadingSlugger.ids(of: document)
            if ids.first == id && document.title != nil { return 0 }
            guard ids.contains(id) else {
                throw DocumentError.unknownAnchor(id: id, file: file, ids: ids, suggestion: closestMatch(to: id, among: ids))
            }
            if body.truncatedAt != nil {
                notes.append("--scroll #\(id): that heading is past the layout limit; shown at the limit")
                return maximum
            }
            notes.append("--scroll #\(id): this screen does not scroll to that heading (it is not in its scrolling text); shown at the top")
            return 0
        }
    }

    /// The cut-out in the screen's coordinates: profiles give it in portrait; in landscape the device
    /// is turned with its top to the left (home indicator on the right), so the cut-out sits on the left edge.
    static func cutoutRect(_ portrait: Rect, profile: DeviceProfile, orientation: Orientation) -> Rect {
        guard orientation == .landscape else { return portrait }
        return Rect(x: portrait.y, y: profile.points.width - portrait.maxX, width: portrait.height, height: portrait.width)
    }

    /// `U+1F9FF '🧿'`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " '\(Character(scalar))'"
    }
    /// The tallest full-length page, in pixels: Cairo draws images of at most 32,767 rows.
    package static let fullLengthPixelLimit = 32_000

    /// A full-length capture: the screen laid out once as it is, then again on a device made taller
    /// by what its body hides, so the body's viewport holds the whole text, whatever the template.
    /// No status bar, home indicator or app backdrop: it is a document, not a screen.
    func layOutFullLength(_ request: RenderRequest) throws -> LaidOutPage {
        var screen = request
        screen.variant.fullLength = false
        screen.variant.scroll = .top
        screen.showsSystemChrome = false
        screen.backdrop = nil
        screen.content.backdrops = AppBackdrops()
        let first = try layOut(screen)
        let body = first.layout.semantics.body
        let hidden = max(0, body.contentHeight - body.viewport.height)
        guard hidden > 0 else { return mapped(first, as: request) }
        let orientation = request.variant.orientation
        let current = request.profile.screenSize(in: orientation).height
        let limit = (Double(Self.fullLengthPixelLimit) / request.profile.scale).rounded(.down)
        let height = min(current + hidden.rounded(.up) + 1, limit)
        var tall = screen
        // Profiles give portrait points; a landscape screen's height is their width.
        if orientation == .portrait { tall.profile.points.height = height } else { tall.profile.points.width = height }
        tall.profile.cutout = nil
        var page = mapped(try layOut(tall), as: request)
        let shown = page.layout.semantics.body
        if shown.contentHeight > shown.viewport.height + BodySemantics.fitTolerance {
            page.notes.append("the full-length page stops at \(Int(limit)) pt (\(Self.fullLengthPixelLimit) pixels at \(ScrollPosition.number(request.profile.scale))×): "
                              + "the text runs on past it")
        }
        return page
    }

    /// `page` with the link map of `request`'s variant (a full-length capture's, of the device asked for).
    private func mapped(_ page: LaidOutPage, as request: RenderRequest) -> LaidOutPage {
        var page = page
        page.linkMap = LinkMap(page: page.layout, composition: page.composition, template: page.template.id, device: request.profile.id,
                               variant: request.variant, platform: page.platform, documentFonts: Self.documentFonts(of: request))
        return page
    }
}
