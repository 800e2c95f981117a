/// The font families a team's style names (`document.json` `style.fonts`): by role, by language
/// and a default. Each family must come from the document's `fonts/` folder or the shipped Noto
/// fonts; the language's own Noto fonts still set every character a family lacks.
public struct BrandFonts: Sendable, Hashable {
    /// What a family can be chosen for besides a language.
    public enum Role: String, Sendable, CaseIterable {
        case title, body, buttons
    }

    public var byRole: [Role: String]
    /// Language tag → family, matched as iOS matches languages (zh-HK finds a zh-Hant entry).
    public var byLanguage: [String: String]
    public var fallback: String?

    public init(byRole: [Role: String] = [:], byLanguage: [String: String] = [:], fallback: String? = nil) {
        self.byRole = byRole
        self.byLanguage = byLanguage
        self.fallback = fallback
    }

    /// `style.fonts` as written: `default`, a role or a language tag → family.
    public init(_ entries: [String: String]) {
        self.init()
        for (key, family) in entries {
            if key == Self.defaultKey {
                fallback = family
            } else if let role = Role(rawValue: key) {
                byRole[role] = family
            } else {
                byLanguage[key] = family
            }
        }
    }

    public static let defaultKey = "default"
    public static let none = BrandFonts()

    /// Every entry as `style.fonts` spells it (key → family), sorted by key.
    public var entries: [(key: String, family: String)] {
        (byRole.map { ($0.key.rawValue, $0.value) } + byLanguage.map { ($0.key, $0.value) }
            + (fallback.map { [(Self.defaultKey, $0)] } ?? [])).sorted { $0.0 < $1.0 }
    }

    /// Every family named, sorted, each once.
    public var families: [String] {
        Array(Set(Array(byRole.values) + Array(byLanguage.values) + (fallback.map { [$0] } ?? []))).sorted()
    }

    /// The family for text in `role` of the resolved `language`: the role's, then the language's,
    /// then the default; nil for the language's own Noto fonts. The full-screen system page's
    /// roles (the ATT explainer) take no brand family: App Review asks for system fonts there.
    public func family(for role: TextRole, language: String) -> String? {
        let brandRole: Role?
        switch role {
        case .title, .loginTitle, .maskedNumber: brandRole = .title
        case .body, .heading, .agreement, .field, .caption, .small: brandRole = .body
        case .button, .actionLink: brandRole = .buttons
        case .appName: brandRole = nil
        case .pageTitle, .pageHeading, .pageBody, .pageTable: return nil
        }
        if let brandRole, let family = byRole[brandRole] { return family }
        if !byLanguage.isEmpty, let tag = LanguageTag(language),
           let match = LanguageResolver(available: byLanguage.keys.sorted(), defaultLanguage: nil).fallbackMatch(tag) {
            return byLanguage[match]
        }
        return fallback
    }
}
