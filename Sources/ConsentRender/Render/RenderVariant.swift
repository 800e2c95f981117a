/// One screen to render: every axis a render varies on. Render, matrix, golden, lint and the App
/// Store export all name and multiply variants through this type, so a new axis reaches them all.
public struct RenderVariant: Hashable, Codable, Sendable {
    /// A device profile's id (or, for a single render, a path to a profile file).
    public var device: String
    public var orientation: Orientation
    public var appearance: Appearance
    /// The language as asked for: a document file's tag, any tag to resolve, or a preference list.
    public var language: String
    public var state: ScreenState
    /// A template to use instead of the document's; nil uses the document's.
    public var template: String?
    /// The user's text size (Dynamic Type).
    public var textSize: ContentSizeCategory
    /// Settings › Accessibility › Bold Text.
    public var boldText: Bool
    /// Settings › Accessibility › Increase Contrast.
    public var increasedContrast: Bool
    /// The document's consent screen, or a system permission prompt over the app.
    public var screen: Screen
    /// The iOS whose system alert a prompt is drawn as (only prompts differ between them).
    public var systemLook: SystemLook
    /// How far the consent screen's body is scrolled.
    public var scroll: ScrollPosition = .top
    /// The whole text unclipped, on a page as tall as it needs (`--full-length`): a document
    /// capture, not a screen, written as `<name>.full.png`.
    public var fullLength = false

    public init(device: String, orientation: Orientation = .portrait, appearance: Appearance = .light, language: String,
                state: ScreenState = .initial, template: String? = nil, textSize: ContentSizeCategory = .large,
                boldText: Bool = false, increasedContrast: Bool = false, screen: Screen = .consent,
                systemLook: SystemLook = .ios26) {
        self.device = device
        self.orientation = orientation
        self.appearance = appearance
        self.language = language
        self.state = state
        self.template = template
        self.textSize = textSize
        self.boldText = boldText
        self.increasedContrast = increasedContrast
        self.screen = screen
        self.systemLook = systemLook
    }

    enum CodingKeys: String, CodingKey {
        case device, orientation, appearance, language, state, template, textSize, boldText, increasedContrast, screen, scroll, fullLength
        case systemLook = "ios"
    }

    /// Writes every axis; the screen and the iOS look only when they are not the defaults, so
    /// manifests of consent screens read as before.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(orientation, forKey: .orientation)
        try container.encode(appearance, forKey: .appearance)
        try container.encode(language, forKey: .language)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(template, forKey: .template)
        try container.encode(textSize, forKey: .textSize)
        try container.encode(boldText, forKey: .boldText)
        try container.encode(increasedContrast, forKey: .increasedContrast)
        if screen != .consent { try container.encode(screen, forKey: .screen) }
        if systemLook != .ios26 { try container.encode(systemLook, forKey: .systemLook) }
        if scroll != .top { try container.encode(scroll, forKey: .scroll) }
        if fullLength { try container.encode(true, forKey: .fullLength) }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(device: try container.decode(String.self, forKey: .device),
                  orientation: try container.decode(Orientation.self, forKey: .orientation),
                  appearance: try container.decode(Appearance.self, forKey: .appearance),
                  language: try container.decode(String.self, forKey: .language),
                  state: try container.decode(ScreenState.self, forKey: .state),
                  template: try container.decodeIfPresent(String.self, forKey: .template),
                  textSize: try container.decodeIfPresent(ContentSizeCategory.self, forKey: .textSize) ?? .large,
                  boldText: try container.decodeIfPresent(Bool.self, forKey: .boldText) ?? false,
                  increasedContrast: try container.decodeIfPresent(Bool.self, forKey: .increasedContrast) ?? false,
                  screen: try container.decodeIfPresent(Screen.self, forKey: .screen) ?? .consent,
                  systemLook: try container.decodeIfPresent(SystemLook.self, forKey: .systemLook) ?? .ios26)
        scroll = try container.decodeIfPresent(ScrollPosition.self, forKey: .scroll) ?? .top
        fullLength = try container.decodeIfPresent(Bool.self, forKey: .fullLength) ?? false
    }

    /// The cell's folder: `<orientation>-<appearance>`, then `-<textSize>` (none for Large),
    /// `-bold` and `-contrast` for the settings that are on, `-ios18` for iOS 18's system look
    /// (DESIGN.md's naming rule for cells).
    public var folderName: String {
        "\(orientation.rawValue)-\(appearance.rawValue)" + (textSize == .large ? "" : "-\(textSize.rawValue)")
            + (boldText ? "-bold" : "") + (increasedContrast ? "-contrast" : "") + (systemLook == .ios18 ? "-ios18" : "")
    }

    /// The output's path without extension, relative to an output folder:
    /// `<device>/<folderName>/<language>`, with `-<state>` after the language for a screen other
    /// than the first and `-prompt-<kind>` for a system prompt (README's naming rule for cells).
    public var path: String {
        "\(device)/\(folderName)/\(language)" + (state == .initial ? "" : "-\(state.rawValue)") + screen.fileSuffix + scroll.fileSuffix
            + (fullLength ? ".full" : "")
    }
}

/// The values of each axis; their product is a set of variants.
public struct VariantAxes: Sendable, Equatable {
    public var devices: [String]
    public var orientations: [Orientation]
    public var appearances: [Appearance]
    public var languages: [String]
    public var states: [ScreenState]
    public var textSizes: [ContentSizeCategory]
    /// Bold Text off, on, or both (`[false, true]`).
    public var boldText: [Bool]
    /// Increase Contrast off, on, or both.
    public var increasedContrast: [Bool]
    /// The consent screen and system prompts.
    public var screens: [Screen]
    /// iOS 26, iOS 18 or both; it changes only the prompts, so a consent screen is made once.
    public var systemLooks: [SystemLook]
    /// Where the body is scrolled to; a prompt is drawn over the unscrolled screen.
    public var scrolls: [ScrollPosition]

    public init(devices: [String], orientations: [Orientation] = [.portrait], appearances: [Appearance] = [.light],
                languages: [String], states: [ScreenState] = [.initial], textSizes: [ContentSizeCategory] = [.large],
                boldText: [Bool] = [false], increasedContrast: [Bool] = [false], screens: [Screen] = [.consent],
                systemLooks: [SystemLook] = [.ios26], scrolls: [ScrollPosition] = [.top]) {
        self.devices = devices
        self.orientations = orientations
        self.appearances = appearances
        self.languages = languages
        self.states = states
        self.textSizes = textSizes
        self.boldText = boldText
        self.increasedContrast = increasedContrast
        self.screens = screens
        self.systemLooks = systemLooks
        self.scrolls = scrolls
    }

    /// Every device × orientation × appearance × text size × bold × contrast × iOS look × language
    /// × state × screen, in that order, without repeats (a consent screen once, whatever the look).
    /// A prompt is shown over the template's first screen, so it is not multiplied by the states.
    public var variants: [RenderVariant] {
        // Each axis multiplies the variants so far, the first axis varying slowest.
        var partial = devices.map { RenderVariant(device: $0, language: "") }
        func multiply<Value>(by values: [Value], _ set: (inout RenderVariant, Value) -> Void) {
            partial = partial.flatMap { variant in
                values.map { value in
                    var next = variant
                    set(&next, value)
                    return next
                }
            }
        }
        multiply(by: orientations) { $0.orientation = $1 }
        multiply(by: appearances) { $0.appearance = $1 }
        multiply(by: textSizes) { $0.textSize = $1 }
        multiply(by: boldText) { $0.boldText = $1 }
        multiply(by: increasedContrast) { $0.increasedContrast = $1 }
        multiply(by: systemLooks) { $0.systemLook = $1 }
        multiply(by: languages) { $0.language = $1 }
        multiply(by: states) { $0.state = $1 }
        multiply(by: screens) { $0.screen = $1 }
        multiply(by: scrolls) { $0.scroll = $1 }
        partial = partial.map { variant in
            var normal = variant
            if normal.screen == .consent {
                normal.systemLook = .ios26
            } else {
                normal.state = .initial
                normal.scroll = .top
            }
            return normal
        }
        var seen = Set<RenderVariant>()
        return partial.filter { seen.insert($0).inserted }
    }
}
