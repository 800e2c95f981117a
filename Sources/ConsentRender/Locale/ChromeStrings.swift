import Foundation

/// The dialog's own words, which do not come from the document's Markdown: button labels and the
/// title used when a document has no `# ` heading.
public struct ChromeStrings: Sendable, Equatable {
    public var accept: String
    public var decline: String
    /// The single action of explainer screens ("Continue", "继续").
    public var continueLabel: String
    /// The dialog title when the document has none.
    public var title: String

    /// Every key `document.json`'s `strings` may give: these, and the launch-consent template's.
    static let stringKeys = ["accept", "decline", "continue", "title", "settings", "notNow"] + LaunchStrings.keys + LoginStrings.keys + PreferencesStrings.keys

    /// The label of an action that only some screens show (`settings`, `notNow`), in `language`:
    /// the document's override, else the built-in; missing from both is an error naming the key.
    public static func actionLabel(_ key: String, language: String, settings: DocumentSettings, folder: String,
                                   app: (any AppStrings)? = nil) throws -> String {
        try lookup([key], language: language, settings: settings, folder: folder, table: builtIn, app: app)[0]
    }

    public init(accept: String, decline: String, continueLabel: String, title: String) {
        self.accept = accept
        self.decline = decline
        self.continueLabel = continueLabel
        self.title = title
    }

    /// The strings for `language` (a document's resolved tag): the document's overrides first,
    /// then the built-in table, both matched along the tag's fallback chain (en-GB → en).
    /// A string missing from both is an error, never another language's text.
    /// `needsTitle` false when the document has its own title (its first heading): `title` is not
    /// looked up, so a key only some languages have cannot stop a screen that never shows it.
    /// `keys` are the button strings the screen draws (a template's `chromeStrings`); the others are empty.
    public static func resolve(language: String, settings: DocumentSettings, folder: String, app: (any AppStrings)? = nil,
                               needsTitle: Bool = true, keys: [String] = ["accept", "decline", "continue"]) throws -> ChromeStrings {
        let wanted = ["accept", "decline", "continue"].filter(keys.contains) + (needsTitle ? ["title"] : [])
        let values = Dictionary(uniqueKeysWithValues: zip(wanted, try lookup(wanted, language: language, settings: settings, folder: folder,
                                                                             table: builtIn, app: app)))
        return ChromeStrings(accept: values["accept"] ?? "", decline: values["decline"] ?? "", continueLabel: values["continue"] ?? "",
                             title: values["title"] ?? "")
    }

    /// The strings for `keys` in `language`; every key missing from both the document and
    /// `table` is named in one error.
    static func lookup(_ keys: [String], language: String, settings: DocumentSettings, folder: String,
                       table: [String: [String: String]], app: (any AppStrings)? = nil) throws -> [String] {
        let find = try lookupFunction(language: language, settings: settings, folder: folder, table: table)
        var values: [String] = [], missing: [String] = []
        let settingsPath = (folder as NSString).appendingPathComponent("document.json")
        for key in keys {
            // A key of the app's Localizable strings (`"accept": { "key": "consent.accept" }`).
            if let appKey = settings.localizableKeys[key] {
                guard let app else { throw PromptError.localizableWithoutAppFiles(field: key, key: appKey, settingsPath: settingsPath) }
                // Another language's text beside this language's document would mix the two.
                guard let hit = app.localizedString(appKey, language: language),
                      !hit.isFallback || LanguageTag.same(hit.language, language) else {
                    throw PromptError.missingLocalizableKey(field: key, key: appKey, language: language, looked: app.localizableFiles,
                                                            settingsPath: settingsPath,
                                                            onlyIn: app.localizedString(appKey, language: language)?.language,
                                                            table: app.tableName, otherTables: app.otherTables,
                                                            suggestion: app.localizedString(appKey, language: language) == nil
                                                                ? closestMatch(to: appKey, among: app.stringKeys) : nil)
                }
                values.append(hit.text)
                continue
            }
            if let value = find(key) { values.append(value) } else { missing.append(key) }
        }
        guard missing.isEmpty else {
            throw DocumentError.missingChromeStrings(keys: missing, language: language, folder: folder)
        }
        return values
    }

    /// A function that finds a key for `language`: the document's overrides first, then `table`,
    /// both matched along the tag's fallback chain; nil when neither has it. A pseudo-locale takes
    /// the English overrides (the language its text is made from), transformed like the text.
    static func lookupFunction(language: String, settings: DocumentSettings, folder: String,
                               table: [String: [String: String]]) throws -> (String) -> String? {
        guard let tag = LanguageTag(language) else { throw DocumentError.invalidLanguageTag(tag: language) }
        let builtIn = builtInStrings(for: tag, in: table)
        let pseudo = PseudoLocale(tag)
        let overrideTag = pseudo == nil ? tag : LanguageTag(language: "en")
        return { key in
            if let overrides = settings.strings[key],
               let match = LanguageResolver(available: overrides.keys.sorted(), defaultLanguage: nil).match(overrideTag),
               let text = overrides[match] {
                return pseudo.map { $0.transform(text) } ?? text
            }
            return builtIn?[key]
        }
    }

    /// The built-in table's entry for `tag`, or nil when the table has no such language.
    static func builtInStrings(for tag: LanguageTag, in table: [String: [String: String]]) -> [String: String]? {
        if let pseudo = PseudoLocale(tag), let english = table["en-US"] {
            return english.mapValues(pseudo.transform)
        }
        for candidate in tag.fallbackChain {
            if let entry = table[candidate] ?? builtInAliases[candidate].flatMap({ table[$0] }) {
                return entry
            }
        }
        return nil
    }

    /// Tags that mean a table entry without being its name.
    static let builtInAliases: [String: String] = [
        "en": "en-US", "es": "es-ES", "es-419": "es-MX", "pt": "pt-BR", "fr-FR": "fr", "fr-CH": "fr",
        "fr-BE": "fr", "de-DE": "de", "de-AT": "de", "de-CH": "de", "it-IT": "it", "ja-JP": "ja", "ko-KR": "ko",
        "nb": "no", "nn": "no", "zh-Hans-CN": "zh-Hans", "zh-Hans-SG": "zh-Hans", "zh-Hant-TW": "zh-Hant",
        "zh-Hant-HK": "zh-Hant", "zh-Hant-MO": "zh-Hant", "iw": "he", "in": "id",
    ]
}
