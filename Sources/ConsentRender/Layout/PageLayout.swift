/// A text block placed on the screen: `origin` is its top-left corner in points.
public struct PlacedText: Codable, Sendable, Equatable {
    public var origin: Point
    public var size: Size
    public var block: TextBlock

    public var frame: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

/// What a button does when tapped.
public enum ButtonRole: String, Codable, Sendable {
    case accept
    case decline
    /// The decline confirmation's way back to the agreement.
    case review
    /// The decline confirmation's way out of the app.
    case exit
    /// The explainer's single action.
    case `continue`

    /// Whether the role gives consent or goes forward (drawn filled with the tint).
    public var isPrimary: Bool { self == .accept || self == .review || self == .continue }
}

/// A placed button: its filled rounded rectangle and centred label.
public struct PlacedButton: Codable, Sendable, Equatable {
    public var role: ButtonRole
    public var label: String
    public var rect: Rect
    public var cornerRadius: Double
    public var fill: Color
    /// A 1 pt outline inside the button's edge, if it has one.
    public var border: Color?
    public var labelText: PlacedText
}

/// A link of the title or body, with one rectangle per visual line.
public struct PlacedLink: Codable, Sendable, Equatable {
    public var id: String
    public var url: String
    public var text: String
    /// Every line box of the link in screen points, as if the body were unclipped.
    public var rects: [Rect]
    /// The parts of `rects` inside the body's viewport: what a user can see and tap.
    public var visibleRects: [Rect]

    public var isVisible: Bool { !visibleRects.isEmpty }
}

/// The dialog's scrolling body: its viewport on screen and the blocks inside it.
public struct BodyLayout: Codable, Sendable, Equatable {
    /// The visible part of the body on screen.
    public var viewport: Rect
    /// Height of all body content; more than the viewport when the body scrolls.
    public var contentHeight: Double
    /// Blocks at their on-screen positions with the body scrolled to the top.
    public var blocks: [PlacedText]
    /// The scroll indicator, shown only when the body scrolls.
    public var scrollIndicator: Rect?
    /// Height of the fade drawn at the fold when the body scrolls.
    public var fadeHeight: Double
    /// Shapes drawn under the body's text and clipped with it (diagram nodes, arrows, table rules).
    public var decorations: [Decoration] = []

    public var isScrollable: Bool { contentHeight > viewport.height + Self.fitTolerance }

    /// Float noise allowed when comparing the content's height with the viewport's.
    static let fitTolerance = 1e-6
}

/// The dialog card.
public struct DialogBox: Codable, Sendable, Equatable {
    public var rect: Rect
    public var cornerRadius: Double
    public var fill: Color
}

/// Everything on one rendered screen, in points: what the painter draws, the link map lists
/// and the lint checks. Holds plain values only.
public struct PageLayout: Codable, Sendable, Equatable {
    public var screen: Size
    public var scale: Double
    public var orientation: Orientation
    public var appearance: Appearance
    public var safeArea: EdgeInsets
    /// Radius of the display's rounded corners, in points.
    public var displayCornerRadius: Double
    public var backdrop: Color
    public var dimming: Color
    public var dialog: DialogBox
    public var title: PlacedText
    public var body: BodyLayout
    public var buttons: [PlacedButton]
    public var links: [PlacedLink]
    public var scrollIndicatorColor: Color
    /// The resolved BCP 47 language of the text.
    public var language: String
    /// The launch screen behind a launch-consent dialog.
    public var launchScreen: LaunchScreenLayout?
    /// Shapes drawn over the page outside the body (the explainer's section dots).
    public var decorations: [Decoration] = []

    /// Every text block on the page: title, body, then button labels.
    public var textBlocks: [TextBlock] {
        [title.block] + body.blocks.map(\.block) + buttons.map(\.labelText.block)
            + (launchScreen?.appName.map { [$0.block] } ?? [])
    }

    /// The safe area as a rectangle of the screen.
    public var safeRect: Rect {
        Rect(x: 0, y: 0, width: screen.width, height: screen.height).insetBy(safeArea)
    }
}

/// The replica of an app's launch screen that a launch-consent dialog sits on.
public struct LaunchScreenLayout: Codable, Sendable, Equatable {
    /// The logo file and where it is drawn, if the document has one.
    public var logo: PlacedImage?
    public var appName: PlacedText?
}

/// A PNG file drawn into a rectangle.
public struct PlacedImage: Codable, Sendable, Equatable {
    public var path: String
    public var rect: Rect
}

/// A shape the painter draws, in points.
public enum Decoration: Codable, Sendable, Equatable {
    /// A rounded rectangle, filled and/or outlined (1 pt).
    case box(rect: Rect, radius: Double, fill: Color?, stroke: Color?)
    case line(from: Point, to: Point, color: Color, width: Double)
    /// A filled triangle pointing down with its tip at `tip`.
    case arrowhead(tip: Point, size: Double, color: Color)
    case dot(center: Point, radius: Double, color: Color)
}
