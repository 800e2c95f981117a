/// iOS's own words in its permission prompts: titles (with `%@` for the app's name), the
/// notification prompt's message, button labels and the location map's "Precise: On".
///
/// Built in wherever ConsentRender's reference has firm or likely words (`SystemWords`, the
/// resource `system-words.json`: 39 languages; docs/system-words.md lists them). `document.json`'s
/// `systemStrings` gives the rest and overrides any built-in text; a render that lacks a word is
/// refused, never drawn in another language.
struct SystemStrings: Sendable, Equatable {
    /// The texts by key, for one prompt in one language.
    public var values: [String: String]

    /// The keys a prompt of `kind` needs: `<kind>.title`, `notifications.message`, a label per
    /// button role (`att.deny`, `location.allow-once`) and `location.precise`.
    public static func keys(for kind: PromptKind) -> [String] {
        var keys = ["\(kind.rawValue).title"]
        if kind == .notifications { keys.append("notifications.message") }
        keys += kind.roles.map { "\(kind.rawValue).\($0.rawValue)" }
        if kind == .location { keys.append("location.precise") }
        return keys
    }

    /// Every key `systemStrings` may give.
    public static let keys: [String] = PromptKind.allCases.flatMap { keys(for: $0) }

    /// The strings of prompt `kind` in `language` (the render's, the device language): the
    /// document's `systemStrings` first, then the built-in words, each matched along the tag's
    /// fallback chain (zh-HK → zh-Hant, de-AT → de), never a more specific tag. Every missing key
    /// is named in one error that says why it is missing and shows the entry to add to `settingsPath`.
    public static func resolve(_ kind: PromptKind, language: String, settings: DocumentSettings,
                               settingsPath: String) throws -> SystemStrings {
        guard let tag = LanguageTag(language) else { throw DocumentError.invalidLanguageTag(tag: language) }
        let words = try SystemWords.builtIn.get()
        let builtInLanguage = words.language(for: tag)
        var values: [String: String] = [:]
        var missing: [MissingWord] = []
        for key in keys(for: kind) {
            if let texts = settings.systemStrings[key],
               let match = LanguageResolver(available: texts.keys.sorted(), defaultLanguage: nil).fallbackMatch(tag),
               let text = texts[match] {
                values[key] = text
                continue
            }
            let entry = builtInLanguage.flatMap { words.entry(key, language: $0) }
            if let text = entry?.builtInText {
                values[key] = text
            } else if let entry, entry.grade == .conflicting {
                missing.append(MissingWord(key: key, reason: .conflicting(entry.wordings)))
            } else if builtInLanguage == nil {
                missing.append(MissingWord(key: key, reason: .unknownLanguage))
            } else {
                let anywhere = words.languages.contains { words.entry(key, language: $0)?.builtInText != nil }
                missing.append(MissingWord(key: key, reason: .noSource(anyLanguage: anywhere)))
            }
        }
        guard missing.isEmpty else {
            throw PromptError.missingSystemStrings(prompt: kind.rawValue, language: language, missing: missing,
                                                   settingsPath: settingsPath)
        }
        for key in keys(for: kind) where key.hasSuffix(".title") {
            if let title = values[key], !title.contains("%@"), !title.contains("%1$@") {
                throw PromptError.titleWithoutAppName(key: key, language: language, title: title, settingsPath: settingsPath)
            }
        }
        return SystemStrings(values: values)
    }

    /// The title with the app's name in place of `%@` (or `%1$@`).
    public func title(of kind: PromptKind, appName: String) -> String {
        let format = values["\(kind.rawValue).title"] ?? ""
        return format.replacingOccurrences(of: "%1$@", with: appName).replacingOccurrences(of: "%@", with: appName)
    }

    public func label(_ role: ButtonRole, of kind: PromptKind) -> String {
        values["\(kind.rawValue).\(role.rawValue)"] ?? ""
    }

    public func text(_ key: String) -> String? { values[key] }
}
