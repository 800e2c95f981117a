import Foundation

/// The layers a page is drawn in, bottom to top.
public enum LayerKind: String, Codable, Sendable, CaseIterable {
    /// The app's screen behind everything: its background colour.
    case backdrop
    /// The app's own interface behind the consent screen (a launch screen's logo and name).
    case appChrome
    /// The dimming laid over the app while a dialog shows.
    case scrim
    /// The consent screen itself: card, title, body, buttons.
    case content
    /// iOS's own chrome over everything the app draws (status bar, home indicator).
    case systemChrome
    /// The Dynamic Island as iOS 26's simulator draws it in a screenshot (`--island shown`).
    case island
    /// Design-review marks (safe area, link rects, buttons), drawn only when asked for.
    case overlay
}

/// One layer of a page: its items in drawing order.
public struct Layer: Codable, Sendable, Equatable {
    public var kind: LayerKind
    public var items: [PlacedItem]

    public init(kind: LayerKind, items: [PlacedItem]) {
        self.kind = kind
        self.items = items
    }
}

/// Something drawn at a place on the screen, with an id the page's semantics refer to.
public struct PlacedItem: Codable, Sendable, Equatable {
    /// Unique on its page: `title`, `body-3`, `button-accept-label`, …
    public var id: String
    public var drawable: Drawable
    /// Drawn only inside this rectangle (a scrolling body's viewport); nil draws everywhere.
    public var clip: Rect?
    /// The clip's corner radius (a map inside a rounded panel); nil for a square clip.
    public var clipCornerRadius: Double?

    public init(id: String, drawable: Drawable, clip: Rect? = nil, clipCornerRadius: Double? = nil) {
        self.id = id
        self.drawable = drawable
        self.clip = clip
        self.clipCornerRadius = clipCornerRadius
    }

    /// The smallest rectangle the item draws in, before clipping; nil when it covers the screen.
    public var bounds: Rect? {
        switch drawable {
        case let .text(text): text.frame
        case let .image(image): image.rect
        case let .shape(shape): shape.bounds
        }
    }
}

/// What an item draws.
public enum Drawable: Codable, Sendable, Equatable {
    case text(PlacedText)
    case shape(Shape)
    case image(PlacedImage)
}

/// A text block placed on the screen: `origin` is its top-left corner in points.
public struct PlacedText: Codable, Sendable, Equatable {
    public var origin: Point
    public var size: Size
    public var block: TextBlock
    /// What setting the block found (lines, "…", word breaks, missing glyphs, font files),
    /// recorded when the page is laid out; nil before.
    public var facts: TextFacts?

    public init(origin: Point, size: Size, block: TextBlock) {
        self.origin = origin
        self.size = size
        self.block = block
    }

    public var frame: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

/// A PNG image drawn into a rectangle (its transparency kept). The bytes travel with the page, so
/// a page needs no file to be drawn.
public struct PlacedImage: Codable, Sendable, Equatable {
    public var png: Data
    public var rect: Rect
    /// How the image meets `rect`: stretched to it, or scaled to cover it and cropped (an app backdrop).
    public var fit: ImageFit
    /// The file it came from, for messages.
    public var source: String?

    public init(png: Data, rect: Rect, fit: ImageFit = .stretch, source: String? = nil) {
        self.png = png
        self.rect = rect
        self.fit = fit
        self.source = source
    }

    enum CodingKeys: String, CodingKey { case png, rect, fit, source }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        png = try container.decode(Data.self, forKey: .png)
        rect = try container.decode(Rect.self, forKey: .rect)
        fit = try container.decodeIfPresent(ImageFit.self, forKey: .fit) ?? .stretch
        source = try container.decodeIfPresent(String.self, forKey: .source)
    }
}

/// How an image fills its rectangle.
public enum ImageFit: String, Codable, Sendable, Equatable {
    /// Scaled to the rectangle's size exactly.
    case stretch
    /// Scaled evenly to cover the rectangle, centred, the overflow cropped (UIKit's aspect-fill).
    case aspectFill
}

/// A shape, in points.
public enum Shape: Codable, Sendable, Equatable {
    /// The whole screen in one opaque colour, replacing whatever was there.
    case screenFill(Color)
    /// A rectangle, rounded by `cornerRadius`, filled.
    case fill(Rect, cornerRadius: Double, color: Color)
    /// Everything inside `outer` that is outside `hole`, filled.
    case fillOutside(Rect, hole: Rect, color: Color)
    /// A rectangle's outline, rounded by `cornerRadius`, centred on its edge; dashed when `dash`
    /// gives on and off lengths.
    case stroke(Rect, cornerRadius: Double, color: Color, width: Double, dash: [Double])
    case line(from: Point, to: Point, color: Color, width: Double)
    case polygon([Point], color: Color)
    /// Several outlines filled as one with the non-zero winding rule (a hole wound the other way
    /// stays open): a vector icon, a rectangle with a radius of its own at each corner.
    case path([[Point]], color: Color)
    /// Outlines stroked `width` wide, each closed or open as `closed` says, with round or square
    /// caps and joins.
    case strokePath([[Point]], closed: [Bool], color: Color, width: Double, round: Bool)
    case circle(center: Point, radius: Double, color: Color)
    /// A ring segment between `innerRadius` and `outerRadius`, from `startAngle` to `endAngle`
    /// (radians, clockwise from the positive x axis, y pointing down), filled: a Wi-Fi arc.
    case ringSegment(center: Point, innerRadius: Double, outerRadius: Double, startAngle: Double, endAngle: Double, color: Color)
    /// A rectangle filled with a gradient from `top` to `bottom`.
    case verticalGradient(Rect, top: Color, bottom: Color)
    /// What is already drawn under `rect` (rounded by `cornerRadius`), blurred with a Gaussian of
    /// `sigma` points: the material behind a system alert. A PDF cannot blur and leaves it out.
    case backdropBlur(Rect, cornerRadius: Double, sigma: Double)

    /// The smallest rectangle the shape draws in; nil when it covers the screen.
    public var bounds: Rect? {
        switch self {
        case .screenFill: nil
        case let .fill(rect, _, _), let .fillOutside(rect, _, _), let .verticalGradient(rect, _, _), let .backdropBlur(rect, _, _): rect
        case let .stroke(rect, _, _, width, _): rect.insetBy(EdgeInsets(top: -width / 2, left: -width / 2,
                                                                         bottom: -width / 2, right: -width / 2))
        case let .line(from, to, _, width):
            Rect(x: min(from.x, to.x) - width / 2, y: min(from.y, to.y) - width / 2,
                 width: abs(to.x - from.x) + width, height: abs(to.y - from.y) + width)
        case let .path(subpaths, _):
            Shape.polygon(subpaths.flatMap { $0 }, color: Color(rgb: 0)).bounds
        case let .strokePath(subpaths, _, _, width, _):
            Shape.polygon(subpaths.flatMap { $0 }, color: Color(rgb: 0)).bounds?.insetBy(EdgeInsets(top: -width / 2, left: -width / 2,
                                                                                                     bottom: -width / 2, right: -width / 2))
        case let .polygon(points, _):
            Rect(x: points.map(\.x).min() ?? 0, y: points.map(\.y).min() ?? 0,
                 width: (points.map(\.x).max() ?? 0) - (points.map(\.x).min() ?? 0),
                 height: (points.map(\.y).max() ?? 0) - (points.map(\.y).min() ?? 0))
        case let .circle(center, radius, _), let .ringSegment(center, _, radius, _, _, _):
            Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        }
    }

    /// The fill colour of a filled shape, for contrast checks.
    public var fillColor: Color? {
        switch self {
        case let .screenFill(color), let .fill(_, _, color), let .fillOutside(_, _, color), let .polygon(_, color), let .path(_, color),
             let .circle(_, _, color), let .ringSegment(_, _, _, _, _, color): color
        case .stroke, .line, .verticalGradient, .backdropBlur, .strokePath: nil
        }
    }
}

extension PlacedItem {
    /// How far past its bounds the item may put ink, in points: a text block's glyphs reach past
    /// its frame (accents, tall scripts, italic overhangs) by up to its largest font size, at least
    /// 8; a shape or an image by its anti-aliased edge.
    var inkMargin: Double {
        if case let .text(text) = drawable { return max(8, text.block.runs.map(\.fontSize).max() ?? 0) }
        return 2
    }

    /// The band of the screen, top to bottom in points, the item may draw in before clipping (its
    /// bounds and `inkMargin`); nil when it may draw anywhere.
    var inkRows: (top: Double, bottom: Double)? {
        guard let bounds else { return nil }
        if case .shape(.backdropBlur) = drawable { return nil }
        let margin = inkMargin
        return (bounds.minY - margin, bounds.maxY + margin)
    }

    /// The same item moved by `dx`, `dy` points (its clip too).
    func offsetBy(dx: Double, dy: Double) -> PlacedItem {
        var item = self
        item.clip = clip?.offsetBy(dx: dx, dy: dy)
        switch drawable {
        case var .text(text):
            text.origin = Point(x: text.origin.x + dx, y: text.origin.y + dy)
            item.drawable = .text(text)
        case var .image(image):
            image.rect = image.rect.offsetBy(dx: dx, dy: dy)
            item.drawable = .image(image)
        case let .shape(shape):
            item.drawable = .shape(shape.offsetBy(dx: dx, dy: dy))
        }
        return item
    }
}

extension Shape {
    func offsetBy(dx: Double, dy: Double) -> Shape {
        func move(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y + dy) }
        switch self {
        case .screenFill: return self
        case let .fill(rect, radius, color): return .fill(rect.offsetBy(dx: dx, dy: dy), cornerRadius: radius, color: color)
        case let .fillOutside(rect, hole, color):
            return .fillOutside(rect.offsetBy(dx: dx, dy: dy), hole: hole.offsetBy(dx: dx, dy: dy), color: color)
        case let .stroke(rect, radius, color, width, dash):
            return .stroke(rect.offsetBy(dx: dx, dy: dy), cornerRadius: radius, color: color, width: width, dash: dash)
        case let .line(from, to, color, width): return .line(from: move(from), to: move(to), color: color, width: width)
        case let .polygon(points, color): return .polygon(points.map(move), color: color)
        case let .path(subpaths, color): return .path(subpaths.map { $0.map(move) }, color: color)
        case let .strokePath(subpaths, closed, color, width, round):
            return .strokePath(subpaths.map { $0.map(move) }, closed: closed, color: color, width: width, round: round)
        case let .circle(center, radius, color): return .circle(center: move(center), radius: radius, color: color)
        case let .ringSegment(center, inner, outer, start, end, color):
            return .ringSegment(center: move(center), innerRadius: inner, outerRadius: outer, startAngle: start, endAngle: end, color: color)
        case let .verticalGradient(rect, top, bottom):
            return .verticalGradient(rect.offsetBy(dx: dx, dy: dy), top: top, bottom: bottom)
        case let .backdropBlur(rect, radius, sigma):
            return .backdropBlur(rect.offsetBy(dx: dx, dy: dy), cornerRadius: radius, sigma: sigma)
        }
    }
}
