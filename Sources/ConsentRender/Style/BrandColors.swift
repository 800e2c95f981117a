/// A team's colours for one appearance (`document.json` `style.colors.light`, …): each role
/// it sets replaces iOS's system colour for that role; a role left out keeps it.
public struct BrandColors: Codable, Sendable, Equatable {
    /// The dialog title (default: the tint).
    public var title: Color?
    /// Body text and the labels of neutral text (default: label).
    public var text: Color?
    /// Links in the body (default: the tint, or system blue's Increase Contrast variant).
    public var link: Color?
    /// The dialog card (default: systemBackground, elevated in dark).
    public var card: Color?
    /// The accept button's fill and its label (default: the tint, white).
    public var accentFill: Color?
    public var accentLabel: Color?
    /// The decline button's fill, label and outline (default: systemGray5, label, systemGray).
    public var declineFill: Color?
    public var declineLabel: Color?
    public var declineBorder: Color?
    /// How dark the dimming over the app is, 0–1 (default 0.4).
    public var dim: Double?

    public init(title: Color? = nil, text: Color? = nil, link: Color? = nil, card: Color? = nil, accentFill: Color? = nil,
                accentLabel: Color? = nil, declineFill: Color? = nil, declineLabel: Color? = nil, declineBorder: Color? = nil,
                dim: Double? = nil) {
        self.title = title
        self.text = text
        self.link = link
        self.card = card
        self.accentFill = accentFill
        self.accentLabel = accentLabel
        self.declineFill = declineFill
        self.declineLabel = declineLabel
        self.declineBorder = declineBorder
        self.dim = dim
    }

    /// The colour keys, as `document.json` spells them (`dim` is a number).
    static let colorKeys = ["title", "text", "link", "card", "accentFill", "accentLabel", "declineFill", "declineLabel",
                            "declineBorder"]
}

/// A team's colours for every appearance: one set each for light and dark, and optionally one for
/// each under Increase Contrast, whose roles replace the appearance's own one by one. Roles
/// no set names keep iOS's colours (under Increase Contrast, its high-contrast ones).
public struct BrandPalettes: Codable, Sendable, Equatable {
    public var light: BrandColors?
    public var dark: BrandColors?
    public var lightHighContrast: BrandColors?
    public var darkHighContrast: BrandColors?

    public init(light: BrandColors? = nil, dark: BrandColors? = nil, lightHighContrast: BrandColors? = nil,
                darkHighContrast: BrandColors? = nil) {
        self.light = light
        self.dark = dark
        self.lightHighContrast = lightHighContrast
        self.darkHighContrast = darkHighContrast
    }

    /// The brand colours of `appearance`, with or without Increase Contrast: a high-contrast set
    /// replaces the roles it sets, and the appearance's own set keeps the rest.
    public func colors(for appearance: Appearance, increaseContrast: Bool) -> BrandColors? {
        let base = appearance == .light ? light : dark
        guard increaseContrast, let high = appearance == .light ? lightHighContrast : darkHighContrast else { return base }
        guard let base else { return high }
        return BrandColors(title: high.title ?? base.title, text: high.text ?? base.text, link: high.link ?? base.link,
                           card: high.card ?? base.card, accentFill: high.accentFill ?? base.accentFill,
                           accentLabel: high.accentLabel ?? base.accentLabel, declineFill: high.declineFill ?? base.declineFill,
                           declineLabel: high.declineLabel ?? base.declineLabel,
                           declineBorder: high.declineBorder ?? base.declineBorder, dim: high.dim ?? base.dim)
    }
}
