/// Everything a system prompt shows, resolved for one render: iOS's words in the device language,
/// the app's name and purpose string in the app's localization for it.
public struct PromptContent: Sendable, Equatable {
    public struct Action: Sendable, Equatable {
        public var role: ButtonRole
        public var label: String

        public init(role: ButtonRole, label: String) {
            self.role = role
            self.label = label
        }
    }

    public var kind: PromptKind
    public var look: SystemLook
    /// iOS's sentence with the app's display name.
    public var title: String
    /// The purpose string (or, for notifications, iOS's own message).
    public var message: String
    /// The language the message is written in (the app's localization, or iOS's language).
    public var messageLanguage: String
    /// The Info.plist key the message comes from; nil for notifications.
    public var infoPlistKey: String?
    /// The app localization the name and purpose string come from.
    public var appLanguage: String?
    /// True when the app has no text in the device language and iOS shows the development region's.
    public var usesDevelopmentRegion: Bool
    public var actions: [Action]
    /// The location prompt's "Precise: On" over its map ("Precise: Off" for reduced accuracy).
    public var preciseLabel: String?
    /// Android: the title with `<b>…</b>` around the app's name, as PermissionController sets it.
    public var titleMarkup: String?
    /// Android: the version whose dialog is drawn.
    public var androidVersion: AndroidVersion = .v14
    /// Android: the app's banner above the dialog, saying why it asks (`permissionPurposes`).
    public var bannerTitle: String?
    public var bannerText: String?
    /// The banner's colours, from the app's own style: its card, title, text and border.
    public var bannerColors: [Color] = []
    /// Android's location dialog: the label under its Approximate image (`preciseLabel` is the other's).
    public var approximateLabel: String?
    /// The app asks for approximate location by default (`NSLocationDefaultAccuracyReduced`):
    /// the map shows the wide area an approximate location covers, not the dot.
    public var reducedAccuracy = false
    /// The screen behind the alert: `--over`'s render, `--backdrop`, or the document's app backdrop.
    public var backdrop: BackdropImage?

    public init(kind: PromptKind, look: SystemLook, title: String, message: String, messageLanguage: String, infoPlistKey: String?,
                appLanguage: String?, usesDevelopmentRegion: Bool, actions: [Action], preciseLabel: String?,
                backdrop: BackdropImage?) {
        self.kind = kind
        self.look = look
        self.title = title
        self.message = message
        self.messageLanguage = messageLanguage
        self.infoPlistKey = infoPlistKey
        self.appLanguage = appLanguage
        self.usesDevelopmentRegion = usesDevelopmentRegion
        self.actions = actions
        self.preciseLabel = preciseLabel
        self.backdrop = backdrop
    }
}
