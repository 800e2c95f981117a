/// App Store Connect's localization codes, as fastlane deliver names its screenshot folders.
enum AppStoreLocale {
    public static let codes = [
        "ar-SA", "ca", "cs", "da", "de-DE", "el", "en-AU", "en-CA", "en-GB", "en-US", "es-ES", "es-MX", "fi", "fr-CA",
        "fr-FR", "he", "hi", "hr", "hu", "id", "it", "ja", "ko", "ms", "nl-NL", "no", "pl", "pt-BR", "pt-PT", "ro", "ru",
        "sk", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant",
    ]

    /// Where a language without its own App Store localization is listed.
    private static let byLanguage = [
        "ar": "ar-SA", "de": "de-DE", "fr": "fr-FR", "nl": "nl-NL", "en": "en-US", "es": "es-ES", "es-419": "es-MX",
        "pt": "pt-BR", "nb": "no", "nn": "no", "iw": "he", "in": "id",
    ]

    /// The App Store Connect code for a BCP 47 tag: zh-HK → zh-Hant, en → en-US, de-AT → de-DE, …
    public static func code(for text: String) throws -> String {
        guard let tag = LanguageTag(text) else { throw DocumentError.invalidLanguageTag(tag: text) }
        for candidate in tag.fallbackChain {
            if let code = codes.first(where: { $0.caseInsensitiveCompare(candidate) == .orderedSame }) { return code }
            if let code = byLanguage[candidate] { return code }
        }
        if let code = byLanguage[tag.language] { return code }
        throw AppStoreError.noAppStoreLocale(tag: text)
    }
}
