/// Everything that decides how a screen looks besides its words: measurements, text sizes,
/// colours and fonts. `.iOSDefault` is today's iOS look; `document.json`'s `style` changes it
/// (see `StyleTokens(document:)`).
public struct StyleTokens: Sendable, Equatable {
    public var metrics: Metrics
    public var typeScale: TypeScale
    public var colors: ColorRoles
    /// The team's colours over the system ones.
    public var brandColors: BrandPalettes
    public var fonts: FontSet
    /// The families text is set in before the language's Noto fonts.
    public var brandFonts: BrandFonts
    /// Button corner radius by language tag (`style.buttons.cornerRadiusByLanguage`), over
    /// `metrics.buttons.cornerRadius` for the languages it matches.
    public var buttonCornerRadiusByLanguage: [String: Double]
    /// How opaque the decline button is drawn, 0.1–1 (`document.json` `style.declineOpacity`).
    public var declineOpacity: Double
    /// The platform's UI family, set before the language's own fonts where no brand family
    /// applies (Roboto on Android); nil for the language's Noto fonts (iOS).
    public var systemFamily: String?

    public init(metrics: Metrics = .iOSDefault, typeScale: TypeScale = .iOSDefault, colors: ColorRoles = .iOSDefault,
                brandColors: BrandPalettes = BrandPalettes(), fonts: FontSet = .noto, brandFonts: BrandFonts = .none,
                buttonCornerRadiusByLanguage: [String: Double] = [:], declineOpacity: Double = 1, systemFamily: String? = nil) {
        self.metrics = metrics
        self.typeScale = typeScale
        self.colors = colors
        self.brandColors = brandColors
        self.fonts = fonts
        self.brandFonts = brandFonts
        self.buttonCornerRadiusByLanguage = buttonCornerRadiusByLanguage
        self.declineOpacity = declineOpacity
        self.systemFamily = systemFamily
    }

    public static let iOSDefault = StyleTokens()

    /// The style for one screen: the button radius of the resolved `language`, and iOS's
    /// high-contrast system colours under Increase Contrast.
    public func resolved(language: String, increaseContrast: Bool) -> StyleTokens {
        var style = self
        if increaseContrast { style.colors = .iOSHighContrast }
        if !buttonCornerRadiusByLanguage.isEmpty, let tag = LanguageTag(language),
           let match = LanguageResolver(available: buttonCornerRadiusByLanguage.keys.sorted(), defaultLanguage: nil)
               .fallbackMatch(tag),
           let radius = buttonCornerRadiusByLanguage[match] {
            style.metrics.buttons.cornerRadius = radius
        }
        return style
    }
}
