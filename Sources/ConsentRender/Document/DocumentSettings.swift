/// The optional `document.json` beside a document's language files.
public struct DocumentSettings: Codable, Sendable, Equatable {
    /// Which screen the document is laid out as: a template's id (`agreement-dialog`,
    /// `launch-consent`, `att-explainer`, or one a library user registered), checked when it renders.
    public var template: String
    /// The language used when none of the requested ones has a file.
    public var defaultLanguage: String?
    /// Overrides of the built-in chrome strings: key (`accept`, `decline`) → language tag → text.
    public var strings: [String: [String: String]]
    /// Brand styling of the dialog.
    public var style: DocumentStyle

    /// What `document.json`'s `style` may change.
    public struct DocumentStyle: Codable, Sendable, Equatable {
        /// How opaque the decline button is drawn, 0.1–1 (default 1). Below 1 it looks disabled,
        /// which `render-cli lint` reports as an error.
        public var declineOpacity: Double?

        public init(declineOpacity: Double? = nil) {
            self.declineOpacity = declineOpacity
        }
    }

    /// The launch screen a `launch-consent` dialog sits on.
    public var launch: LaunchScreen

    public struct LaunchScreen: Codable, Sendable, Equatable {
        /// `#RRGGBB`; omitted uses the system background.
        public var background: String?
        /// A PNG file in the document folder, drawn centred (72 pt on phones, 112 pt on iPad).
        public var logo: String?
        /// Shown under the logo.
        public var appName: String?

        public init(background: String? = nil, logo: String? = nil, appName: String? = nil) {
            self.background = background
            self.logo = logo
            self.appName = appName
        }
    }

    public init(template: String = "agreement-dialog", defaultLanguage: String? = nil,
                strings: [String: [String: String]] = [:], style: DocumentStyle = DocumentStyle(),
                launch: LaunchScreen = LaunchScreen()) {
        self.template = template
        self.defaultLanguage = defaultLanguage
        self.strings = strings
        self.style = style
        self.launch = launch
    }

    enum CodingKeys: String, CodingKey {
        case template, defaultLanguage, strings, style, launch
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        template = try container.decodeIfPresent(String.self, forKey: .template) ?? "agreement-dialog"
        defaultLanguage = try container.decodeIfPresent(String.self, forKey: .defaultLanguage)
        strings = try container.decodeIfPresent([String: [String: String]].self, forKey: .strings) ?? [:]
        style = try container.decodeIfPresent(DocumentStyle.self, forKey: .style) ?? DocumentStyle()
        launch = try container.decodeIfPresent(LaunchScreen.self, forKey: .launch) ?? LaunchScreen()
    }
}
