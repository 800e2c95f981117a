/// Everything one render needs, in memory.
public struct RenderRequest: Sendable {
    public var content: ConsentContent
    public var profile: DeviceProfile
    public var variant: RenderVariant
    /// Whether characters no font covers are a warning instead of an error.
    public var allowsMissingGlyphs: Bool

    // What follows is the variant's (every input that changes pixels is), named here too.

    /// A tint the user chose; nil uses the profile's.
    public var tint: Color? {
        get { variant.tint }
        set { variant.tint = newValue }
    }
    /// Whether iOS's status bar and home indicator are drawn (the default) or left out.
    public var showsSystemChrome: Bool {
        get { variant.showsSystemChrome }
        set { variant.showsSystemChrome = newValue }
    }
    /// What the status bar shows, over the document's `statusBar` settings (`--time`).
    public var statusBar: StatusBarContent? {
        get { variant.statusBar }
        set { variant.statusBar = newValue }
    }
    /// The app's screen to draw behind the dialog (`--backdrop`), over the document's own.
    public var backdrop: BackdropImage? {
        get { variant.backdrop }
        set { variant.backdrop = newValue }
    }
    /// Another document whose consent screen a system prompt is drawn over (`--over DIR`): the
    /// ATT explainer under the tracking prompt.
    public var over: ConsentContent? {
        get { variant.over?.content }
        set { variant.over = newValue.map { OverScreen(content: $0, state: variant.over?.state ?? .initial) } }
    }
    /// Which screen of `over` (a flow step's state); the first by default.
    public var overState: ScreenState {
        get { variant.over?.state ?? .initial }
        set { variant.over?.state = newValue }
    }

    public init(content: ConsentContent, profile: DeviceProfile, variant: RenderVariant, tint: Color? = nil,
                allowsMissingGlyphs: Bool = false) {
        self.content = content
        self.profile = profile
        self.variant = variant
        self.allowsMissingGlyphs = allowsMissingGlyphs
        if let tint { self.variant.tint = tint }
    }

    /// A request for one screen of a document folder.
    public init(folder: DocumentFolder, profile: DeviceProfile, requestedLanguage: String, orientation: Orientation,
                appearance: Appearance, tint: Color? = nil, allowsMissingGlyphs: Bool = false, state: ScreenState = .initial,
                template: String? = nil) {
        self.init(content: folder.content, profile: profile,
                  variant: RenderVariant(device: profile.id, orientation: orientation, appearance: appearance,
                                         language: requestedLanguage, state: state, template: template),
                  tint: tint, allowsMissingGlyphs: allowsMissingGlyphs)
    }

    /// The style the document asks for: iOS's look with its `style` settings and its fonts.
    public var style: StyleTokens {
        StyleTokens(document: content.settings.style, fontFiles: content.fontFiles)
    }
}
