/// The colours of one render: iOS system colours for the appearance, plus the tint.
public struct Theme: Sendable, Equatable {
    public static let systemBlueLight = Color(red: 0x00, green: 0x7A, blue: 0xFF)
    public static let systemBlueDark = Color(red: 0x0A, green: 0x84, blue: 0xFF)

    public var appearance: Appearance
    /// Accent colour of the title and the accept button.
    public var tint: Color
    /// Colour of links in body text: the tint, except that iOS's system blue becomes its
    /// Increase Contrast variant (#0040DD / #409CFF), since #007AFF on white is only 4.0:1 and
    /// body-size text needs 4.5:1 (WCAG 1.4.3). A tint the user chose is used as given.
    public var link: Color
    /// The decline button's outline, so the button's edge reaches 3:1 against the card (WCAG 1.4.11).
    public var neutralBorder: Color
    /// How opaque the decline button is drawn (document.json `style.declineOpacity`); below 1 it
    /// looks disabled, which the lint reports.
    public var declineOpacity: Double
    /// The app screen behind the dialog (systemGroupedBackground).
    public var backdrop: Color
    /// Drawn over the backdrop to dim it.
    public var dimming: Color
    /// The dialog card (systemBackground, elevated in dark).
    public var card: Color
    /// Body text (label).
    public var label: Color
    /// The decline button's fill (systemGray5 / systemGray4).
    public var neutralFill: Color
    /// The accept button's label.
    public var onTint: Color
    /// The scroll indicator of a body that does not fit.
    public var scrollIndicator: Color

    /// The theme for `appearance`. `tint` nil means the profile's system blue, which iOS
    /// lightens in dark appearance (#007AFF → #0A84FF); a tint the user chose is used as given.
    public init(appearance: Appearance, tint: Color, adaptsSystemBlue: Bool, declineOpacity: Double = 1) {
        precondition((0...1).contains(declineOpacity), "Decline opacity must lie in 0...1")
        self.appearance = appearance
        self.declineOpacity = declineOpacity
        let isSystemBlue = adaptsSystemBlue && tint == Self.systemBlueLight
        neutralBorder = Color(red: 0x8E, green: 0x8E, blue: 0x93)
        switch appearance {
        case .light:
            self.tint = tint
            link = isSystemBlue ? Color(red: 0x00, green: 0x40, blue: 0xDD) : tint
            backdrop = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
            dimming = Color(red: 0, green: 0, blue: 0, alpha: 0.4)
            card = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
            label = Color(red: 0x00, green: 0x00, blue: 0x00)
            neutralFill = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
            onTint = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
            scrollIndicator = Color(red: 0, green: 0, blue: 0, alpha: 0.35)
        case .dark:
            self.tint = isSystemBlue ? Self.systemBlueDark : tint
            link = isSystemBlue ? Color(red: 0x40, green: 0x9C, blue: 0xFF) : tint
            backdrop = Color(red: 0x00, green: 0x00, blue: 0x00)
            dimming = Color(red: 0, green: 0, blue: 0, alpha: 0.4)
            card = Color(red: 0x2C, green: 0x2C, blue: 0x2E)
            label = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
            neutralFill = Color(red: 0x3A, green: 0x3A, blue: 0x3C)
            onTint = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
            scrollIndicator = Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0.35)
        }
    }
}
