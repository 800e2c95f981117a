/// `manifest.json` of a matrix render: every cell's inputs and outputs, without timestamps, so the
/// same matrix always writes the same bytes.
public struct MatrixManifest: Codable, Sendable, Equatable {
    public struct Cell: Codable, Sendable, Equatable {
        public var device: String
        public var deviceName: String
        public var orientation: Orientation
        public var appearance: Appearance
        public var language: LinkMap.Language
        /// The template's screen when it is not the first (`decline-confirm`); absent otherwise.
        public var state: ScreenState?
        /// The text size (Dynamic Type) the cell was laid out at.
        public var textSize: ContentSizeCategory?
        /// Present (true) when the cell shows Bold Text or Increase Contrast.
        public var boldText: Bool?
        public var increaseContrast: Bool?
        /// A system prompt (`prompt:att`) and its iOS look (26 or 18); absent for the consent screen.
        public var screen: String?
        public var ios: Int?
        /// The body's scroll position (`bottom`, `#details`, `240`); absent for the top.
        public var scroll: String?
        /// The accent the screen was drawn with.
        public var tint: String
        /// Paths relative to the manifest's folder.
        public var png: String
        public var links: String
        /// The screenshot inside its device frame (`--frame`), and where the screen sits in it.
        public var framed: String?
        /// The framed image's link map, its rects in the framed image's coordinates.
        public var framedLinks: String?
        public var framedScreen: PixelRect?
        public var framedSize: LinkMap.PixelSize?
        public var size: Size
        public var pixelSize: LinkMap.PixelSize
        public var scrollable: Bool
        /// The App Store Connect screenshot class of this pixel size, or nil.
        public var appStoreClass: String?
        /// How many lint errors and warnings the screen has.
        public var lint: LintSummary
    }

    public struct LintSummary: Codable, Sendable, Equatable {
        public var errors: Int
        public var warnings: Int
        /// Each finding in a line ("error choice.pre-ticked checkbox 1: …"), errors first; absent
        /// when there are none (and in manifests written before they were listed).
        public var findings: [String]?

        public init(errors: Int, warnings: Int, findings: [String]? = nil) {
            self.errors = errors
            self.warnings = warnings
            self.findings = findings
        }
    }

    public var schemaVersion: Int
    public var document: String
    /// Findings about the document rather than one screen (`links.parity`: the languages against
    /// each other), a line each; absent when there are none.
    public var documentFindings: [String]?
    /// `I/N` when this is one shard of a larger matrix.
    public var shard: String?
    public var cells: [Cell]
}
