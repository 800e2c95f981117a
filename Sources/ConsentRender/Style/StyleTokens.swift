/// Everything that decides how a screen looks besides its words: measurements, text sizes,
/// colours and fonts. `.iOSDefault` is today's iOS look.
public struct StyleTokens: Sendable, Equatable {
    public var metrics: Metrics
    public var typeScale: TypeScale
    public var colors: ColorRoles
    public var fonts: FontSet
    /// How opaque the decline button is drawn, 0.1–1 (`document.json` `style.declineOpacity`).
    public var declineOpacity: Double

    public init(metrics: Metrics = .iOSDefault, typeScale: TypeScale = .iOSDefault, colors: ColorRoles = .iOSDefault,
                fonts: FontSet = .noto, declineOpacity: Double = 1) {
        self.metrics = metrics
        self.typeScale = typeScale
        self.colors = colors
        self.fonts = fonts
        self.declineOpacity = declineOpacity
    }

    public static let iOSDefault = StyleTokens()
}
