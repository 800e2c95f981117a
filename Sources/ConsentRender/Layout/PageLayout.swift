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
    /// A system prompt's yes ("Allow").
    case allow
    /// A system prompt's no ("Don’t Allow", "Ask App Not to Track").
    case deny
    /// The location prompt's "Allow Once".
    case allowOnce = "allow-once"
    /// The location prompt's "Allow While Using App".
    case allowWhileUsing = "allow-while-using"
    /// A system prompt's acknowledgement ("OK").
    case ok
    /// The photos prompt's "Limit Access…" (iOS 17 and later).
    case limitAccess = "limit-access"
    /// "Allow Full Access" (photos, calendars and reminders, iOS 17 and later).
    case allowFull = "allow-full"
    /// The location-always prompt's "Keep Only While Using".
    case keepWhileUsing = "keep-while-using"
    /// The location-always prompt's "Change to Always Allow".
    case changeToAlways = "change-to-always"
    /// A consent dialog's way to choose purposes ("Manage settings"), offered beside accept.
    case settings
    /// An explainer's second action ("Not Now"), which Apple's rules do not allow.
    case notNow = "not-now"
    /// A login page's button ("获取验证码", "本机号码一键登录").
    case login
    /// A one-tap login page's way to log in with another number.
    case otherLogin = "other-login"
    /// A login page's other methods, each a round button named by its service (WeChat, Apple, a password).
    case loginMethod = "login-method"
    /// A preferences layer's "Save choices": consent to the purposes switched on, and only those.
    case save

    /// Whether the role gives consent or goes forward (drawn filled with the tint).
    public var isPrimary: Bool { self == .accept || self == .review || self == .continue || self == .login }
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
    /// Found in plain text by a data detector (a web address, e-mail address or phone number).
    public var detected: Bool = false

    public var isVisible: Bool { !visibleRects.isEmpty }

    public init(id: String, url: String, text: String, rects: [Rect], visibleRects: [Rect]) {
        self.id = id
        self.url = url
        self.text = text
        self.rects = rects
        self.visibleRects = visibleRects
    }
}

/// What the link map and the lint read beside the drawing: the screen's surface, title, body,
/// buttons and links, each pointing at the items that draw it.
public struct PageSemantics: Codable, Sendable, Equatable {
    /// The item the content sits on (the dialog card, or a full-screen page's background).
    public var surfaceID: ItemRef
    public var titleID: ItemRef
    public var body: BodySemantics
    public var buttons: [ButtonSemantics]
    public var links: [PlacedLink]
    /// The accent the page was drawn with (the brand tint, or system blue on a system-styled page).
    public var tint: Color
    /// The actions the template meant to show, in order; the lint checks each one is drawn and visible.
    public var declaredActions: [ButtonRole]
    /// The status bar iOS draws over the screen, when there is one.
    public var statusBar: StatusBarSemantics?
    /// The home indicator (iOS) or gesture handle (Android), when the device has one.
    public var homeIndicator: Rect?
    /// Android's 3-button navigation bar, when the device uses one.
    public var navigationBar: Rect?
    /// The Dynamic Island or notch, in this orientation's points, when the screen shows one.
    public var cutout: Rect?
    /// A system prompt's kind and words, as its link map gives them; nil on the app's own screens.
    public var prompt: LinkMap.Prompt?
    /// The size in points of the body's paragraphs (not a heading's or a list marker's).
    public var bodyTextSize: Double?
    /// True where iOS draws no home indicator over the screen: under an iOS 13–18 system alert
    /// (an iPhone 11 capture of iOS 14's ATT alert has none).
    public var hidesHomeIndicator: Bool?
    /// A login page's method and what its unticked login answers; nil on other screens.
    public var login: LoginSemantics?

    public init(surfaceID: ItemRef, titleID: ItemRef, body: BodySemantics, buttons: [ButtonSemantics], links: [PlacedLink],
                tint: Color, declaredActions: [ButtonRole]) {
        self.surfaceID = surfaceID
        self.titleID = titleID
        self.body = body
        self.buttons = buttons
        self.links = links
        self.tint = tint
        self.declaredActions = declaredActions
    }
}

/// The status bar: where it is and the time it shows.
public struct StatusBarSemantics: Codable, Sendable, Equatable {
    public var rect: Rect
    public var time: String

    public init(rect: Rect, time: String) {
        self.rect = rect
        self.time = time
    }
}

/// The scrolling body: its viewport on screen and the items inside it.
public struct BodySemantics: Codable, Sendable, Equatable {
    /// The visible part of the body on screen.
    public var viewport: Rect
    /// Height of all body content; more than the viewport when the body scrolls.
    public var contentHeight: Double
    /// How far the body is scrolled down, in points (0: the top).
    public var scrollOffset: Double
    /// The body's text items, in reading order.
    public var blockIDs: [ItemRef]
    /// The scroll indicator's item, shown only when the body scrolls.
    public var indicatorID: ItemRef?
    /// The fade at the fold, drawn only when the body scrolls.
    public var fadeID: ItemRef?
    /// Each heading's id and the offset that scrolls its first line to the viewport's top.
    public var anchors: [BodyAnchor] = []
    /// Where the body's layout stopped, when the text is longer than the layout limit.
    public var truncatedAt: Double?
    /// The body's images, on screen (as if unclipped), with the items that draw them.
    public var images: [BodyImage] = []
    /// The task list's boxes, on screen (as if unclipped).
    public var checkboxes: [BodyCheckbox] = []

    public init(viewport: Rect, contentHeight: Double, scrollOffset: Double = 0, blockIDs: [ItemRef], indicatorID: ItemRef? = nil,
                fadeID: ItemRef? = nil) {
        self.viewport = viewport
        self.contentHeight = contentHeight
        self.scrollOffset = scrollOffset
        self.blockIDs = blockIDs
        self.indicatorID = indicatorID
        self.fadeID = fadeID
    }

    public var isScrollable: Bool { contentHeight > viewport.height + Self.fitTolerance }

    /// Float noise allowed when comparing the content's height with the viewport's.
    static let fitTolerance = 1e-6
}

/// A heading of the body: its GitHub-style id, and the offset (in points from the body's top)
/// that puts its first line at the top of the viewport.
public struct BodyAnchor: Codable, Sendable, Equatable {
    public var id: String
    public var offset: Double

    public init(id: String, offset: Double) {
        self.id = id
        self.offset = offset
    }
}

/// An image of the body (`![alt](file.png)`): its source, where it is (relative to the column
/// while laid out, on screen in `PageSemantics.images`) and whether it sits in a line of text.
/// A task list's box in the body: where it is, whether it is ticked, and its item's words.
public struct BodyCheckbox: Codable, Sendable, Equatable {
    public var rect: Rect
    public var checked: Bool
    public var text: String
    /// True when the screen shows the box after the user ticked it (login-consent's `ticked`
    /// state), not as the screen opens: `choice.pre-ticked` does not report it.
    public var tickedByUser: Bool?
    /// `switch` for a preferences layer's switch (its rect the track); nil for a box.
    public var control: Control?

    public enum Control: String, Codable, Sendable {
        case `switch`
    }

    public init(rect: Rect, checked: Bool, text: String) {
        self.rect = rect
        self.checked = checked
        self.text = text
    }
}

public struct BodyImage: Codable, Sendable, Equatable {
    public var source: String
    public var rect: Rect
    public var isInline: Bool
    /// The item that draws it, once placed.
    public var itemID: ItemRef?

    public init(source: String, rect: Rect, isInline: Bool, itemID: ItemRef? = nil) {
        self.source = source
        self.rect = rect
        self.isInline = isInline
        self.itemID = itemID
    }
}

/// A button: where it is and which items draw it.
/// How an action is drawn when it is not a button.
public enum ActionStyle: String, Codable, Sendable {
    /// A small text link under the buttons (a decline made hard to see: a dark pattern).
    case link
}

public struct ButtonSemantics: Codable, Sendable, Equatable {
    public var role: ButtonRole
    public var label: String
    public var rect: Rect
    /// Nil for a button; `link` for an action drawn as a text link.
    public var style: ActionStyle?
    /// The filled shape.
    public var shapeID: ItemRef
    /// The outline, if the button has one.
    public var borderID: ItemRef?
    public var labelID: ItemRef
    /// True for a button drawn dimmed that does nothing yet (a login page's before its box is
    /// ticked): WCAG's contrast criteria exempt an inactive control.
    public var disabled: Bool?

    public init(role: ButtonRole, label: String, rect: Rect, shapeID: ItemRef, borderID: ItemRef? = nil, labelID: ItemRef,
                style: ActionStyle? = nil) {
        self.style = style
        self.role = role
        self.label = label
        self.rect = rect
        self.shapeID = shapeID
        self.borderID = borderID
        self.labelID = labelID
    }
}

/// Everything on one rendered screen, in points: layers of placed items (what the painter draws)
/// and the semantics beside them (what the link map lists and the lint checks). Holds plain
/// values only, so the pixels and the link rectangles come from one source and never disagree.
public struct PageLayout: Codable, Sendable, Equatable {
    public var screen: Size
    public var scale: Double
    public var orientation: Orientation
    public var appearance: Appearance
    public var safeArea: EdgeInsets
    /// Radius of the display's rounded corners, in points.
    public var displayCornerRadius: Double
    /// The resolved BCP 47 language of the text.
    public var language: String
    /// Bottom to top, one layer of each kind at most.
    public var layers: [Layer]
    public var semantics: PageSemantics

    /// Every item, bottom to top.
    public var items: [PlacedItem] { layers.flatMap(\.items) }

    /// Adds `items` as the layer `kind`, keeping the layers in their bottom-to-top order.
    public mutating func addLayer(_ kind: LayerKind, items: [PlacedItem]) {
        guard !items.isEmpty else { return }
        precondition(!layers.contains { $0.kind == kind }, "A page has one \(kind) layer")
        let order = LayerKind.allCases
        let index = layers.firstIndex { order.firstIndex(of: $0.kind)! > order.firstIndex(of: kind)! } ?? layers.count
        layers.insert(Layer(kind: kind, items: items), at: index)
    }

    /// The item with `id`, if the page has one.
    public func item(_ id: String) -> PlacedItem? {
        for layer in layers {
            if let item = layer.items.first(where: { $0.id == id }) { return item }
        }
        return nil
    }

    /// The placed text of item `id`, if it is text.
    public func text(_ id: String) -> PlacedText? {
        if case let .text(text)? = item(id)?.drawable { return text }
        return nil
    }

    /// The item a reference names, if the page has it.
    public func item(_ ref: ItemRef) -> PlacedItem? { item(ref.id) }

    /// The placed text of the item a reference names, if it is text.
    public func text(_ ref: ItemRef) -> PlacedText? { text(ref.id) }

    /// Every text block on the page, in drawing order: derived from the items, so no text can
    /// escape the glyph check or the font fingerprint.
    public var textBlocks: [TextBlock] {
        items.compactMap { item in if case let .text(text) = item.drawable { text.block } else { nil } }
    }

    /// The safe area as a rectangle of the screen.
    public var safeRect: Rect {
        screenRect.insetBy(safeArea)
    }

    /// The whole screen.
    public var screenRect: Rect {
        Rect(x: 0, y: 0, width: screen.width, height: screen.height)
    }
}

// Read-only views of the semantics with the items they point at, for the link map and the lint.
extension PageLayout {
    /// The surface the content sits on.
    public struct Surface: Sendable, Equatable {
        public var rect: Rect
        public var cornerRadius: Double
        public var fill: Color
    }

    /// The scrolling body with its text.
    public struct Body: Sendable, Equatable {
        public var viewport: Rect
        public var contentHeight: Double
        public var scrollOffset: Double
        public var blocks: [PlacedText]
        public var scrollIndicator: Rect?
        /// Height of the fade at the fold; 0 when there is none.
        public var fadeHeight: Double
        public var isScrollable: Bool
    }

    /// A button with its fill, outline and label.
    public struct Button: Sendable, Equatable {
        public var role: ButtonRole
        public var label: String
        public var rect: Rect
        public var cornerRadius: Double
        public var fill: Color
        public var border: Color?
        public var labelText: PlacedText
        /// Nil for a button; `link` for an action drawn as a text link.
        public var style: ActionStyle?
        /// Drawn dimmed, inactive (exempt from the contrast criteria).
        public var disabled: Bool
    }

    public var dialog: Surface {
        switch item(semantics.surfaceID)?.drawable {
        case let .shape(.fill(rect, radius, color))?: Surface(rect: rect, cornerRadius: radius, fill: color)
        case let .shape(.screenFill(color))?: Surface(rect: screenRect, cornerRadius: 0, fill: color)
        default: preconditionFailure("The surface '\(semantics.surfaceID)' of a page must be a filled shape")
        }
    }

    public var title: PlacedText {
        guard let title = text(semantics.titleID) else {
            preconditionFailure("The title '\(semantics.titleID)' of a page must be a text item")
        }
        return title
    }

    public var body: Body {
        var texts: [ItemRef: PlacedText] = [:]
        var indicator: Rect?
        var fadeHeight = 0.0
        for item in items {
            switch item.drawable {
            case let .text(text): texts[item.ref] = text
            case let .shape(shape):
                if item.ref == semantics.body.indicatorID { indicator = shape.bounds }
                if item.ref == semantics.body.fadeID { fadeHeight = shape.bounds?.height ?? 0 }
            case .image: break
            }
        }
        let body = semantics.body
        return Body(viewport: body.viewport, contentHeight: body.contentHeight, scrollOffset: body.scrollOffset,
                    blocks: body.blockIDs.compactMap { texts[$0] }, scrollIndicator: indicator, fadeHeight: fadeHeight,
                    isScrollable: body.isScrollable)
    }

    public var buttons: [Button] {
        semantics.buttons.map { button in
            var fill = Color(red: 0, green: 0, blue: 0, alpha: 0)
            var radius = 0.0
            if case let .shape(.fill(_, cornerRadius, color))? = item(button.shapeID)?.drawable {
                fill = color
                radius = cornerRadius
            }
            var border: Color?
            if let id = button.borderID, case let .shape(.stroke(_, _, color, _, _))? = item(id)?.drawable {
                border = color
            }
            guard let label = text(button.labelID) else {
                preconditionFailure("The label '\(button.labelID)' of a button must be a text item")
            }
            return Button(role: button.role, label: button.label, rect: button.rect, cornerRadius: radius, fill: fill,
                          border: border, labelText: label, style: button.style, disabled: button.disabled == true)
        }
    }

    public var links: [PlacedLink] { semantics.links }
}
