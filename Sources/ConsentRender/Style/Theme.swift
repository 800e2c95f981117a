/// The colours of one appearance, by role: iOS's system colours unless a style changes them.
public struct Palette: Sendable, Equatable {
    /// The app screen behind a dialog (systemGroupedBackground).
    public var backdrop: Color
    /// Drawn over the backdrop to dim it.
    public var dimming: Color
    /// The dialog card (systemBackground, elevated in dark).
    public var card: Color
    /// Text (label).
    public var label: Color
    /// The decline button's fill (systemGray5 / systemGray4).
    public var neutralFill: Color
    /// The decline button's outline, so its edge reaches 3:1 against the card (WCAG 1.4.11).
    public var neutralBorder: Color
    /// A label on a tinted button.
    public var onTint: Color
    /// The scroll indicator of a body that does not fit.
    public var scrollIndicator: Color
    /// iOS's system blue in this appearance.
    public var systemBlue: Color
    /// System blue's Increase Contrast variant, for body-size links (#007AFF on white is only
    /// 4.0:1; WCAG 1.4.3 needs 4.5:1).
    public var accessibleLink: Color
    /// A full-screen system page's background (systemBackground).
    public var pageBackground: Color
    /// A full-screen system page's grouped fills (secondarySystemBackground).
    public var pageSecondaryFill: Color
    /// Rules and outlines (systemGray).
    public var separator: Color
    /// The dialog title's colour; nil for the tint (iOS's look).
    public var titleColor: Color? = nil

    public static let iOSLight = Palette(
        backdrop: Color(red: 0xF2, green: 0xF2, blue: 0xF7), dimming: Color(red: 0, green: 0, blue: 0, alpha: 0.4),
        card: Color(red: 0xFF, green: 0xFF, blue: 0xFF), label: Color(red: 0, green: 0, blue: 0),
        neutralFill: Color(red: 0xE5, green: 0xE5, blue: 0xEA), neutralBorder: Color(red: 0x8E, green: 0x8E, blue: 0x93),
        onTint: Color(red: 0xFF, green: 0xFF, blue: 0xFF), scrollIndicator: Color(red: 0, green: 0, blue: 0, alpha: 0.35),
        systemBlue: Color(red: 0x00, green: 0x7A, blue: 0xFF), accessibleLink: Color(red: 0x00, green: 0x40, blue: 0xDD),
        pageBackground: Color(red: 0xFF, green: 0xFF, blue: 0xFF), pageSecondaryFill: Color(red: 0xF2, green: 0xF2, blue: 0xF7),
        separator: Color(red: 0x8E, green: 0x8E, blue: 0x93))

    public static let iOSDark = Palette(
        backdrop: Color(red: 0, green: 0, blue: 0), dimming: Color(red: 0, green: 0, blue: 0, alpha: 0.4),
        card: Color(red: 0x2C, green: 0x2C, blue: 0x2E), label: Color(red: 0xFF, green: 0xFF, blue: 0xFF),
        neutralFill: Color(red: 0x3A, green: 0x3A, blue: 0x3C), neutralBorder: Color(red: 0x8E, green: 0x8E, blue: 0x93),
        onTint: Color(red: 0xFF, green: 0xFF, blue: 0xFF), scrollIndicator: Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0.35),
        systemBlue: Color(red: 0x0A, green: 0x84, blue: 0xFF), accessibleLink: Color(red: 0x40, green: 0x9C, blue: 0xFF),
        pageBackground: Color(red: 0, green: 0, blue: 0), pageSecondaryFill: Color(red: 0x1C, green: 0x1C, blue: 0x1E),
        separator: Color(red: 0x8E, green: 0x8E, blue: 0x93))
}

/// The colour roles of both appearances.
public struct ColorRoles: Sendable, Equatable {
    public var light: Palette
    public var dark: Palette

    public subscript(appearance: Appearance) -> Palette {
        appearance == .light ? light : dark
    }

    public static let iOSDefault = ColorRoles(light: .iOSLight, dark: .iOSDark)
    /// iOS's system colours under Settings › Accessibility › Increase Contrast.
    public static let iOSHighContrast = ColorRoles(light: .iOSLightHighContrast, dark: .iOSDarkHighContrast)
}

extension Palette {
    /// The light palette under Increase Contrast: UIKit's accessible variants of its system colours
    /// (systemBlue #0040DD, systemGray #6C6C70, systemGray5 #D8D8DC, grouped background #EBEBF0).
    public static let iOSLightHighContrast: Palette = {
        var palette = Palette.iOSLight
        palette.backdrop = Color(red: 0xEB, green: 0xEB, blue: 0xF0)
        palette.neutralFill = Color(red: 0xD8, green: 0xD8, blue: 0xDC)
        palette.neutralBorder = Color(red: 0x6C, green: 0x6C, blue: 0x70)
        palette.scrollIndicator = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        palette.systemBlue = Color(red: 0x00, green: 0x40, blue: 0xDD)
        palette.pageSecondaryFill = Color(red: 0xEB, green: 0xEB, blue: 0xF0)
        palette.separator = Color(red: 0x6C, green: 0x6C, blue: 0x70)
        return palette
    }()

    /// The dark palette under Increase Contrast (systemBlue #409CFF, systemGray #AEAEB2, elevated
    /// background #363638, systemGray4 #444446).
    public static let iOSDarkHighContrast: Palette = {
        var palette = Palette.iOSDark
        palette.card = Color(red: 0x36, green: 0x36, blue: 0x38)
        palette.neutralFill = Color(red: 0x44, green: 0x44, blue: 0x46)
        palette.neutralBorder = Color(red: 0xAE, green: 0xAE, blue: 0xB2)
        palette.scrollIndicator = Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0.5)
        palette.systemBlue = Color(red: 0x40, green: 0x9C, blue: 0xFF)
        palette.accessibleLink = Color(red: 0x40, green: 0x9C, blue: 0xFF)
        palette.pageSecondaryFill = Color(red: 0x24, green: 0x24, blue: 0x26)
        palette.separator = Color(red: 0xAE, green: 0xAE, blue: 0xB2)
        return palette
    }()
}

/// The colours of one render: a palette for the appearance, the tint, and the team's colours
/// over them.
public struct Theme: Sendable, Equatable {
    public static let systemBlueLight = Palette.iOSLight.systemBlue
    public static let systemBlueDark = Palette.iOSDark.systemBlue

    public var appearance: Appearance
    /// The system colours, with the team's card, text, decline and dimming colours applied.
    public var palette: Palette
    /// The accent colour: the profile's or the user's tint.
    public var tint: Color
    /// Colour of links in body text: the brand's link colour, else the tint, except that iOS's
    /// system blue becomes its Increase Contrast variant. A tint the user chose is used as given.
    public var link: Color
    /// The dialog title's colour (the tint unless the brand sets one).
    public var title: Color
    /// The accept button's fill (the tint unless the brand sets one).
    public var accentFill: Color
    /// The label of a neutral (decline) button.
    public var neutralLabel: Color
    /// How opaque the decline button is drawn; below 1 it looks disabled, which the lint reports.
    public var declineOpacity: Double
    /// The palette before the team's colours, for system-styled pages.
    private var systemPalette: Palette

    /// The theme for `appearance`. `adaptsSystemBlue` says the tint is the profile's, not the
    /// user's: iOS's system blue then follows the appearance (#007AFF → #0A84FF); a tint the user
    /// chose is used as given. `brand` colours replace the system colour of each role they set.
    public init(colors: ColorRoles = .iOSDefault, brand: BrandColors? = nil, appearance: Appearance, tint: Color,
                adaptsSystemBlue: Bool, declineOpacity: Double = 1) {
        precondition((0...1).contains(declineOpacity), "Decline opacity must lie in 0...1")
        self.appearance = appearance
        self.declineOpacity = declineOpacity
        systemPalette = colors[appearance]
        palette = systemPalette
        let isSystemBlue = adaptsSystemBlue && (tint == ColorRoles.iOSDefault.light.systemBlue || tint == colors.light.systemBlue)
        self.tint = isSystemBlue ? palette.systemBlue : tint
        link = isSystemBlue ? palette.accessibleLink : tint
        title = palette.titleColor ?? self.tint
        accentFill = self.tint
        neutralLabel = palette.label
        guard let brand else { return }
        if let color = brand.title { title = color }
        if let color = brand.text { palette.label = color; neutralLabel = color }
        if let color = brand.link { link = color }
        if let color = brand.card { palette.card = color }
        if let color = brand.accentFill { accentFill = color }
        if let color = brand.accentLabel { palette.onTint = color }
        if let color = brand.declineFill { palette.neutralFill = color }
        if let color = brand.declineLabel { neutralLabel = color }
        if let color = brand.declineBorder { palette.neutralBorder = color }
        if let dim = brand.dim { palette.dimming = palette.dimming.withAlpha(dim) }
    }

    /// The same theme on a system-styled page, which takes neither the brand's tint nor its colours.
    public var system: Theme {
        var theme = self
        theme.palette = systemPalette
        theme.tint = palette.systemBlue
        theme.link = palette.accessibleLink
        theme.title = systemPalette.label
        theme.accentFill = palette.systemBlue
        theme.neutralLabel = systemPalette.label
        return theme
    }

    public var backdrop: Color { palette.backdrop }
    public var dimming: Color { palette.dimming }
    public var card: Color { palette.card }
    public var label: Color { palette.label }
    public var neutralFill: Color { palette.neutralFill }
    public var neutralBorder: Color { palette.neutralBorder }
    public var onTint: Color { palette.onTint }
    public var scrollIndicator: Color { palette.scrollIndicator }
}
