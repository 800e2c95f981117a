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

    public init(device: String, orientation: Orientation = .portrait, appearance: Appearance = .light, language: String,
                state: ScreenState = .initial, template: String? = nil, textSize: ContentSizeCategory = .large,
                boldText: Bool = false, increasedContrast: Bool = false) {
        self.device = device
        self.orientation = orientation
        self.appearance = appearance
        self.language = language
        self.state = state
        self.template = template
        self.textSize = textSize
        self.boldText = boldText
        self.increasedContrast = increasedContrast
    }

    enum CodingKeys: String, CodingKey {
        case device, orientation, appearance, language, state, template, textSize, boldText, increasedContrast
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
                  increasedContrast: try container.decodeIfPresent(Bool.self, forKey: .increasedContrast) ?? false)
    }

    /// The cell's folder: `<orientation>-<appearance>`, then `-<textSize>` (none for Large),
    /// `-bold` and `-contrast` for the settings that are on (DESIGN.md's naming rule for cells).
    public var folderName: String {
        "\(orientation.rawValue)-\(appearance.rawValue)" + (textSize == .large ? "" : "-\(textSize.rawValue)")
            + (boldText ? "-bold" : "") + (increasedContrast ? "-contrast" : "")
    }

    /// The output's path without extension, relative to an output folder:
    /// `<device>/<folderName>/<language>`, with `-<state>` after the language for a screen other
    /// than the first (README's naming rule for cells).
    public var path: String {
        "\(device)/\(folderName)/\(language)" + (state == .initial ? "" : "-\(state.rawValue)")
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

    public init(devices: [String], orientations: [Orientation] = [.portrait], appearances: [Appearance] = [.light],
                languages: [String], states: [ScreenState] = [.initial], textSizes: [ContentSizeCategory] = [.large],
                boldText: [Bool] = [false], increasedContrast: [Bool] = [false]) {
        self.devices = devices
        self.orientations = orientations
        self.appearances = appearances
        self.languages = languages
        self.states = states
        self.textSizes = textSizes
        self.boldText = boldText
        self.increasedContrast = increasedContrast
    }

    /// Every device × orientation × appearance × text size × bold × contrast × language × state,
    /// in that order, without repeats.
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
        multiply(by: languages) { $0.language = $1 }
        multiply(by: states) { $0.state = $1 }
        var seen = Set<RenderVariant>()
        return partial.filter { seen.insert($0).inserted }
    }
}
