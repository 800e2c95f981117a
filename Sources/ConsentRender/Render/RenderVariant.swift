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

    public init(device: String, orientation: Orientation = .portrait, appearance: Appearance = .light, language: String,
                state: ScreenState = .initial, template: String? = nil) {
        self.device = device
        self.orientation = orientation
        self.appearance = appearance
        self.language = language
        self.state = state
        self.template = template
    }

    /// The output's path without extension, relative to an output folder:
    /// `<device>/<orientation>-<appearance>/<language>`, with `-<state>` after the language for a
    /// screen other than the first (README's naming rule for cells).
    public var path: String {
        "\(device)/\(orientation.rawValue)-\(appearance.rawValue)/\(language)" + (state == .initial ? "" : "-\(state.rawValue)")
    }
}

/// The values of each axis; their product is a set of variants.
public struct VariantAxes: Sendable, Equatable {
    public var devices: [String]
    public var orientations: [Orientation]
    public var appearances: [Appearance]
    public var languages: [String]
    public var states: [ScreenState]

    public init(devices: [String], orientations: [Orientation] = [.portrait], appearances: [Appearance] = [.light],
                languages: [String], states: [ScreenState] = [.initial]) {
        self.devices = devices
        self.orientations = orientations
        self.appearances = appearances
        self.languages = languages
        self.states = states
    }

    /// Every device × orientation × appearance × language × state, in that order, without repeats.
    public var variants: [RenderVariant] {
        var seen = Set<RenderVariant>()
        var result: [RenderVariant] = []
        for device in devices {
            for orientation in orientations {
                for appearance in appearances {
                    for language in languages {
                        for state in states {
                            let variant = RenderVariant(device: device, orientation: orientation, appearance: appearance,
                                                        language: language, state: state)
                            if seen.insert(variant).inserted { result.append(variant) }
                        }
                    }
                }
            }
        }
        return result
    }
}
