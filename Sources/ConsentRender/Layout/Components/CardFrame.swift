/// Where a dialog card sits and how its surface is drawn: centred in the safe area (the default),
/// or at the bottom as a sheet or a banner (`document.json`'s `"presentation"`).
///
/// `x` and `width` are the card's own (its content is padded inside it); `surfaceOutset` carries
/// the drawn surface past it to the screen's edges where a sheet or banner reaches them.
struct CardFrame {
    enum Anchor {
        /// Centred in `band`; a card taller than the room starts `margin` below its top.
        case centred(band: Rect, margin: Double)
        /// Its bottom on `edge`.
        case bottom(edge: Double)
        /// Its top at `y`.
        case top(y: Double)
    }

    struct Grabber {
        var width: Double
        var height: Double
        /// From the card's top to the grabber's.
        var top: Double
        var color: Color
    }

    var x: Double
    var width: Double
    /// The most the card may be tall; content beyond it scrolls (or, for the title and buttons alone, is clipped).
    var maximumHeight: Double
    var topPadding: Double
    var bottomPadding: Double
    var anchor: Anchor
    var cornerRadius: Double
    var surfaceOutset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var grabber: Grabber?
    /// Body in the leading column, buttons in the trailing one (phones in landscape).
    var usesSideColumn: Bool
    /// As tall as `maximumHeight` whatever the content (a full-screen sheet).
    var fillsHeight = false

    /// The default: centred in the safe area. A style's maximum width holds on every device;
    /// without one a phone's card is as wide as the safe area allows and an iPad's stops at its
    /// maximum, except at the accessibility text sizes, where it takes the whole safe area as a
    /// UIKit layout does.
    static func centred(in context: LayoutContext) -> CardFrame {
        let metrics = context.metrics.card
        let safe = context.safeRect
        let marginWidth = max(1, safe.width - 2 * metrics.sideMargin)
        let availableWidth = metrics.widthShare.map { min(marginWidth, safe.width * $0) } ?? marginWidth
        let maximumWidth = metrics.maximumWidth
            ?? (context.profile.idiom == .pad && !context.traits.sizeCategory.isAccessibilitySize ? metrics.maximumPadWidth : nil)
        let width = context.snap(min(maximumWidth ?? availableWidth, availableWidth))
        return CardFrame(x: context.snap(safe.midX - width / 2), width: width, maximumHeight: max(1, safe.height - 2 * metrics.verticalMargin),
                         topPadding: metrics.padding, bottomPadding: metrics.bottomPadding ?? metrics.padding,
                         anchor: .centred(band: safe, margin: metrics.verticalMargin), cornerRadius: metrics.cornerRadius,
                         usesSideColumn: metrics.landscapeSideColumn && context.profile.idiom == .phone && context.orientation == .landscape)
    }

    /// A sheet as iOS 26 presents one (UISheetPresentationController with a detent that fits the
    /// content): on a phone in portrait, floating 8 pt from the sides and the bottom with a grabber
    /// (`large` false), or, for content taller than that leaves room for, the large detent: full
    /// width from the safe area's top, attached to the bottom edge. On a phone in landscape (compact
    /// height) the sheet is full screen without a grabber, iOS's default there. On iPad a centred
    /// form sheet with a grabber.
    static func sheet(in context: LayoutContext, large: Bool) -> CardFrame {
        let metrics = context.metrics.sheet
        let card = context.metrics.card
        let screen = context.screenRect
        let safe = context.safeRect
        let insets = context.safeArea
        let dark = context.traits.appearance == .dark
        let grabber = Grabber(width: metrics.grabberWidth, height: metrics.grabberHeight, top: metrics.grabberTop,
                              color: dark ? metrics.grabberDark : metrics.grabberLight)
        if metrics.edgeAttached {
            // Android: attached to the bottom edge, top corners round, the content's height.
            let width = context.snap(min(safe.width, metrics.padWidth))
            let x = context.snap(safe.midX - width / 2)
            return CardFrame(x: x, width: width, maximumHeight: max(1, screen.maxY - safe.minY - metrics.edgeTopMargin),
                             topPadding: metrics.topPadding, bottomPadding: card.padding + insets.bottom, anchor: .bottom(edge: screen.maxY),
                             cornerRadius: metrics.largeCornerRadius,
                             surfaceOutset: EdgeInsets(top: 0, left: 0, bottom: metrics.largeCornerRadius, right: 0),
                             grabber: grabber, usesSideColumn: false)
        }
        if context.profile.idiom == .pad {
            var frame = centred(in: context)
            let width = context.snap(min(metrics.padWidth, max(1, safe.width - 2 * card.sideMargin)))
            frame.x = context.snap(safe.midX - width / 2)
            frame.width = width
            frame.topPadding = metrics.topPadding
            frame.cornerRadius = metrics.padCornerRadius
            frame.grabber = grabber
            return frame
        }
        if context.orientation == .landscape {
            // Full screen at compact height: the surface covers the screen, the content keeps to the safe area.
            return CardFrame(x: safe.minX, width: safe.width, maximumHeight: safe.height, topPadding: card.padding, bottomPadding: card.padding,
                             anchor: .top(y: safe.minY), cornerRadius: 0,
                             surfaceOutset: EdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right),
                             usesSideColumn: true, fillsHeight: true)
        }
        if large {
            return CardFrame(x: screen.minX, width: screen.width, maximumHeight: screen.maxY - safe.minY, topPadding: metrics.topPadding,
                             bottomPadding: card.padding + insets.bottom, anchor: .bottom(edge: screen.maxY),
                             cornerRadius: metrics.largeCornerRadius,
                             surfaceOutset: EdgeInsets(top: 0, left: 0, bottom: metrics.largeCornerRadius, right: 0),
                             grabber: grabber, usesSideColumn: false, fillsHeight: true)
        }
        // Concentric with the display's corners where it has round ones (our choice: the radius is unmeasured).
        let inset = metrics.floatingInset
        let radius = max(metrics.largeCornerRadius, context.profile.cornerRadius - inset)
        return CardFrame(x: screen.minX + inset, width: screen.width - 2 * inset,
                         maximumHeight: screen.maxY - inset - (safe.minY + metrics.floatingTopGap), topPadding: metrics.topPadding,
                         bottomPadding: card.padding + max(0, insets.bottom - inset), anchor: .bottom(edge: screen.maxY - inset),
                         cornerRadius: radius, grabber: grabber, usesSideColumn: false)
    }

    /// A banner pinned to the bottom over the app (no dimming): as wide as the screen, its content
    /// in the safe area (on iPad in a centred column), at most half the screen tall before its body
    /// scrolls; its buttons beside the body on a phone in landscape.
    static func banner(in context: LayoutContext) -> CardFrame {
        let metrics = context.metrics.sheet
        let card = context.metrics.card
        let screen = context.screenRect
        let safe = context.safeRect
        let insets = context.safeArea
        let width = context.snap(min(safe.width, metrics.bannerMaximumColumnWidth + 2 * card.padding))
        let x = context.snap(safe.midX - width / 2)
        return CardFrame(x: x, width: width, maximumHeight: max(1, context.snap(screen.height * metrics.bannerMaximumShare)),
                         topPadding: card.padding, bottomPadding: card.padding + insets.bottom, anchor: .bottom(edge: screen.maxY),
                         cornerRadius: metrics.bannerCornerRadius,
                         surfaceOutset: EdgeInsets(top: 0, left: x - screen.minX, bottom: metrics.bannerCornerRadius, right: screen.maxX - x - width),
                         usesSideColumn: context.profile.idiom == .phone && context.orientation == .landscape)
    }
}
