import Foundation

/// The link-rect map written beside every PNG (`<name>.links.json`, schemaVersion 2): where every
/// link, button, the dialog and the body are, in points and in pixels. A platform-neutral core
/// (screen, rects, buttons, links, texts), the render's `variant` object, and a `platform` object
/// for what only its platform has (iOS's alert look, a prompt's Info.plist key).
public struct LinkMap: Codable, Sendable, Equatable {
    public struct Language: Codable, Sendable, Equatable {
        public var requested: String
        public var resolved: String
    }

    public struct PixelSize: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
    }

    public struct Body: Codable, Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var contentHeight: Double
        public var scrollable: Bool
        /// How far the body is scrolled and can scroll, in points; present when a render asks for
        /// a scroll position (`--scroll`).
        public var scrollOffset: Double?
        public var maxScrollOffset: Double?
        /// Where the layout of a text longer than its limit stopped; present only then.
        public var truncatedAt: Double?
    }

    /// Where an `#anchor` link leads: the heading's id and the scroll offset a tap sets.
    public struct Anchor: Codable, Sendable, Equatable {
        public var id: String
        public var scrollOffset: Double
    }

    public struct Link: Codable, Sendable, Equatable {
        public var id: String
        public var url: String
        public var text: String
        public var visible: Bool
        /// For an `#anchor` link whose heading exists: where a tap scrolls the body.
        public var anchor: Anchor?
        /// Present (true) for a link a data detector found in plain text.
        public var detected: Bool?
        /// One rectangle per visual line, in points; empty when the link is below the fold.
        public var rects: [Rect]
        public var pixelRects: [PixelRect]
    }

    public struct StatusBar: Codable, Sendable, Equatable {
        public var rect: Rect
        public var pixelRect: PixelRect
        /// The time it shows, as drawn.
        public var time: String
    }

    public struct HomeIndicator: Codable, Sendable, Equatable {
        public var rect: Rect
        public var pixelRect: PixelRect
    }

    public struct Button: Codable, Sendable, Equatable {
        public var role: ButtonRole
        public var label: String
        public var rect: Rect
        public var pixelRect: PixelRect
        /// `link` for an action drawn as a small text link (`declineStyle: link`); absent for a button.
        public var style: ActionStyle?
        /// True for a button drawn dimmed that does nothing yet (a login page's before its box is ticked); absent otherwise.
        public var disabled: Bool?

        public init(role: ButtonRole, label: String, rect: Rect, pixelRect: PixelRect, style: ActionStyle? = nil, disabled: Bool? = nil) {
            self.style = style
            self.disabled = disabled
            self.role = role
            self.label = label
            self.rect = rect
            self.pixelRect = pixelRect
        }
    }

    /// A piece of text on the screen (the title, the body, a button's label): where it is, its
    /// size, and the font files that set it, so a fallback font shows.
    public struct Text: Codable, Sendable, Equatable {
        /// `title`, `body`, or `button-<role>`.
        public var id: String
        public var rect: Rect
        public var pixelRect: PixelRect
        /// The size of its text in points (a body's paragraphs; its headings are larger).
        public var size: Double
        /// File names of the fonts that set it: a shipped font's file name, or `fonts/<file>` for
        /// one of the document's own.
        public var fonts: [String]

        public init(id: String, rect: Rect, pixelRect: PixelRect, size: Double, fonts: [String]) {
            self.id = id
            self.rect = rect
            self.pixelRect = pixelRect
            self.size = size
            self.fonts = fonts
        }
    }

    /// A system prompt: which, its words, and where its message comes from.
    public struct Prompt: Codable, Sendable, Equatable {
        public var kind: String
        public var title: String
        public var message: String
        /// The Info.plist key of the purpose string; absent for notifications.
        public var infoPlistKey: String?
        /// The app localization the name and purpose string were taken from.
        public var appLanguage: String?
        /// Present (true) when the app lacks the device language and iOS shows the development region's text.
        public var usesDevelopmentRegion: Bool?
        /// The language iOS's own words (the title sentence, the buttons) are in: the built-in
        /// words' or `systemStrings`' match for the device language (`de` for `de-AT`).
        public var systemLanguage: String?
    }

    /// What only the screen's platform has: its name, the system look a prompt is drawn in, the
    /// prompt's words and where its message comes from.
    public struct PlatformInfo: Codable, Sendable, Equatable {
        /// `ios`.
        public var name: String
        /// The system look (`26`, `18`) of a prompt; absent on the app's own screens.
        public var look: String?
        /// The system prompt shown, when the screen is one.
        public var prompt: Prompt?
        /// The unit of the map's rects where it is not iOS's points: `dp` on Android, whose
        /// `pixelRects` are the same rects at `density` / 160 pixels per dp.
        public var unit: String?
        /// Android's screen density in dpi (420 on a Pixel 9); absent on iOS.
        public var density: Double?
    }

    public var schemaVersion: Int
    public var template: TemplateID
    /// The render's variant, as every JSON that holds one gives it (see README's Axes).
    public var variant: VariantRecord
    public var platform: PlatformInfo
    /// The screen when it is not the document's consent screen (`prompt:att`); nil otherwise.
    public var screen: String? { variant["screen"] }
    /// The iOS whose system alert a prompt is drawn as (26 or 18); nil for consent screens.
    public var ios: Int? { platform.name == "ios" ? platform.look.flatMap { Int($0) } : nil }
    /// The system prompt shown, when the screen is one.
    public var prompt: Prompt? { platform.prompt }
    /// True on a full-length capture (`--full-length`): the whole text, not a screen.
    public var fullLength: Bool? { variant["fullLength"] == "on" ? true : nil }
    /// The body's images, when it has any: the file, whether it sits in a line of text, and where
    /// it shows (no rect when it is out of view).
    public var images: [Image]?
    /// The body's task list boxes, when it has any: the item's words, whether the box is ticked,
    /// and where it is when it shows.
    public var checkboxes: [Checkbox]?

    public struct Checkbox: Codable, Sendable, Equatable {
        public var text: String
        public var checked: Bool
        public var visible: Bool
        public var rect: Rect?
        public var pixelRect: PixelRect?
        /// `switch` for a preferences layer's switch (its rect the track); absent for a box.
        public var control: BodyCheckbox.Control?
    }

    public struct Image: Codable, Sendable, Equatable {
        public var source: String
        public var inline: Bool
        public var visible: Bool
        public var rect: Rect?
        public var pixelRect: PixelRect?
    }
    /// The template's screen when it is not the first (`decline-confirm`); nil otherwise.
    public var state: String? { variant["state"] }
    public var device: String { variant["device"] ?? "" }
    public var orientation: Orientation { variant["orientation"].flatMap(Orientation.init(rawValue:)) ?? .portrait }
    public var appearance: Appearance { variant["appearance"].flatMap(Appearance.init(rawValue:)) ?? .light }
    public var language: Language
    public var scale: Double
    public var size: Size
    public var pixelSize: PixelSize
    public var safeArea: EdgeInsets
    public var dialog: Rect
    public var body: Body
    public var links: [Link]
    public var buttons: [Button]
    /// iOS's status bar, when the render shows one (absent otherwise, and in earlier maps).
    public var statusBar: StatusBar?
    /// The home indicator (iOS) or gesture handle (Android), when the device has one.
    public var homeIndicator: HomeIndicator?
    /// Android's 3-button navigation bar, when the device uses one.
    public var navigationBar: HomeIndicator?
    /// The user's text size (Dynamic Type) the screen was laid out at.
    public var textSize: ContentSizeCategory? { variant["textSize"].flatMap(ContentSizeCategory.init(rawValue:)) }
    /// True when the screen shows Bold Text.
    public var boldText: Bool? { variant["boldText"] == "on" ? true : nil }
    /// True when the screen shows Increase Contrast.
    public var increaseContrast: Bool? { variant["increaseContrast"] == "on" ? true : nil }
    /// The title, the body and each button label, with the fonts that set them.
    public var texts: [Text]?
    /// In the map of a framed image (`FILE.framed.links.json`): where the screen sits in it. Every
    /// other rect of that map is in the framed image's coordinates.
    public var framedScreen: FramedScreen?

    /// The screen's place in a framed image, in points and in pixels.
    public struct FramedScreen: Codable, Sendable, Equatable {
        public var rect: Rect
        public var pixelRect: PixelRect
    }

    /// 2 since the axes moved into `variant` and iOS's own fields into `platform` (README's Link map
    /// gives the migration from 1).
    public static let currentSchemaVersion = 2

    /// Thousandths of a point: finer than any device pixel, and the JSON stays readable.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    static func rounded(_ rect: Rect) -> Rect {
        Rect(x: rounded(rect.x), y: rounded(rect.y), width: rounded(rect.width), height: rounded(rect.height))
    }

    /// The map of `page`, drawn on a canvas as `composition` places it, rendered for `device` as
    /// `variant` asks: a pure function of the page and the variant, its only author. Rects are in
    /// screen points; pixel rects are in the output image's pixels. `documentFonts` is the folder
    /// of the document's own fonts, which `texts` names as `fonts/<file>`.
    package init(page: PageLayout, composition: Composition, template: TemplateID, device: String, variant: RenderVariant,
                platform: Platform = .ios, documentFonts: String) {
        var recorded = variant
        recorded.device = device
        self.init(page: page, composition: composition, template: template, variant: recorded,
                  platform: PlatformInfo(name: platform.name, look: page.semantics.prompt == nil ? nil : platform.look(variant),
                                         prompt: page.semantics.prompt, unit: platform.layoutUnit,
                                         density: platform.layoutUnit == nil ? nil : (composition.scale * 160 * 1000).rounded() / 1000))
        texts = Self.texts(of: page, composition: composition, documentFonts: documentFonts)
        let body = page.semantics.body
        let maximum = page.maximumScrollOffset
        if variant.scroll != .top {
            self.body.scrollOffset = Self.rounded(body.scrollOffset)
            self.body.maxScrollOffset = Self.rounded(maximum)
        }
        self.body.truncatedAt = body.truncatedAt.map(Self.rounded)
        // `#anchor` links: the heading they scroll to (the title's id scrolls to the top).
        for index in links.indices where links[index].url.hasPrefix("#") {
            let id = String(links[index].url.dropFirst())
            if let anchor = body.anchors.first(where: { $0.id == id }) {
                links[index].anchor = Anchor(id: id, scrollOffset: Self.rounded(min(anchor.offset, maximum)))
            }
        }
        if variant.fullLength {
            // A capture taller than the tallest page Cairo draws stops at its end.
            if body.contentHeight > body.viewport.height + BodySemantics.fitTolerance {
                let stop = body.viewport.height
                self.body.truncatedAt = Self.rounded(min(stop, body.truncatedAt ?? stop))
            }
        }
    }

    /// The link map's `texts`: the title, the body and each button label, with the font files that
    /// set them (from the facts the layout recorded).
    static func texts(of page: PageLayout, composition: Composition, documentFonts: String) -> [Text] {
        let documentPrefix = (documentFonts as NSString).standardizingPath + "/"
        func names(_ texts: [PlacedText]) -> [String] {
            let files = texts.reduce(into: Set<String>()) { $0.formUnion($1.facts?.fontFiles ?? []) }
            return files.map { file in
                file.hasPrefix(documentPrefix) ? "fonts/" + file.dropFirst(documentPrefix.count) : (file as NSString).lastPathComponent
            }.sorted()
        }
        func text(_ id: String, rect: Rect, texts: [PlacedText]) -> Text {
            Text(id: id, rect: rounded(rect), pixelRect: composition.pixelRect(rect), size: texts.first?.block.runs.first?.fontSize ?? 0,
                 fonts: names(texts))
        }
        var result = [text("title", rect: page.title.frame, texts: [page.title])]
        let body = page.body
        if !body.blocks.isEmpty {
            // The body's size is its paragraphs', not a heading's or a list marker's.
            var blocks = body.blocks
            if let index = blocks.firstIndex(where: { $0.block.runs.first?.fontSize == page.semantics.bodyTextSize }) {
                blocks.swapAt(0, index)
            }
            result.append(text("body", rect: body.viewport, texts: blocks))
        }
        for button in page.buttons {
            result.append(text("button-\(button.role.rawValue)", rect: button.labelText.frame, texts: [button.labelText]))
        }
        return result
    }

    /// The core of the map: screen, rects, links and buttons.
    init(page: PageLayout, composition: Composition, template: TemplateID, variant: RenderVariant, platform: PlatformInfo) {
        let requestedLanguage = variant.language
        let scale = page.scale
        func r(_ value: Double) -> Double { Self.rounded(value) }
        func rounded(_ rect: Rect) -> Rect { Self.rounded(rect) }
        schemaVersion = Self.currentSchemaVersion
        self.template = template
        self.variant = variant.record
        self.platform = platform
        // A prompt is drawn in the language of iOS's words it found; a consent screen in its file's.
        language = Language(requested: requestedLanguage, resolved: platform.prompt?.systemLanguage ?? page.language)
        self.scale = scale
        size = Size(width: r(page.screen.width), height: r(page.screen.height))
        pixelSize = PixelSize(width: composition.pixelWidth, height: composition.pixelHeight)
        safeArea = page.safeArea
        dialog = rounded(page.dialog.rect)
        let viewport = page.body.viewport
        body = Body(x: r(viewport.x), y: r(viewport.y), width: r(viewport.width), height: r(viewport.height),
                    contentHeight: r(page.body.contentHeight), scrollable: page.body.isScrollable)
        links = page.links.map { link in
            Link(id: link.id, url: link.url, text: link.text, visible: link.isVisible, detected: link.detected ? true : nil,
                 rects: link.visibleRects.map(rounded), pixelRects: link.visibleRects.map(composition.pixelRect))
        }
        statusBar = page.semantics.statusBar.map {
            StatusBar(rect: rounded($0.rect), pixelRect: composition.pixelRect($0.rect), time: $0.time)
        }
        homeIndicator = page.semantics.homeIndicator.map { HomeIndicator(rect: rounded($0), pixelRect: composition.pixelRect($0)) }
        navigationBar = page.semantics.navigationBar.map { HomeIndicator(rect: rounded($0), pixelRect: composition.pixelRect($0)) }
        let images = page.semantics.body.images.map { image -> Image in
            let shown = image.rect.intersection(viewport)
            return Image(source: image.source, inline: image.isInline, visible: shown != nil, rect: shown.map(rounded),
                         pixelRect: shown.map(composition.pixelRect))
        }
        self.images = images.isEmpty ? nil : images
        let checkboxes = page.semantics.body.checkboxes.map { box -> Checkbox in
            // Whole within a device pixel: a switch at the body's trailing edge may pass a viewport
            // snapped to the pixel grid by a fraction of a pixel (0.38 dp at 2.625 px per dp).
            let slack = 1 / composition.scale + 0.01
            let shown = box.rect.intersection(viewport).flatMap { $0.width >= box.rect.width - slack && $0.height >= box.rect.height - slack ? $0 : nil }
            return Checkbox(text: box.text, checked: box.checked, visible: shown != nil, rect: shown.map(rounded),
                            pixelRect: shown.map(composition.pixelRect), control: box.control)
        }
        self.checkboxes = checkboxes.isEmpty ? nil : checkboxes
        buttons = page.buttons.map { button in
            Button(role: button.role, label: button.label, rect: rounded(button.rect), pixelRect: composition.pixelRect(button.rect),
                   style: button.style, disabled: button.disabled ? true : nil)
        }
    }
}
