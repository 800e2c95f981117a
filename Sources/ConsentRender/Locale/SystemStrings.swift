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
    /// The language the title's words were found in (`de` for `de-AT`, or `systemStrings`' tag).
    public var language: String?

    /// The keys a prompt of `kind` needs: `<kind>.title`, `notifications.message`, a label per
    /// button role (`att.deny`, `location.allow-once`) and `location.precise`, or
    /// `location.precise-off` for an app whose Info.plist sets `NSLocationDefaultAccuracyReduced`.
    public static func keys(for kind: PromptKind, reducedAccuracy: Bool = false) -> [String] {
        var keys = ["\(kind.rawValue).title"]
        if kind == .notifications { keys.append("notifications.message") }
        keys += kind.roles.map { "\(kind.rawValue).\($0.rawValue)" }
        if kind == .location { keys.append(reducedAccuracy ? "location.precise-off" : "location.precise") }
        return keys
    }

    /// Every key `systemStrings` may give: iOS's prompts' words, then Android's dialogs' (`android.…`).
    public static let keys: [String] = PromptKind.allCases.filter { !$0.isAndroidOnly }.flatMap { kind in
        kind == .location ? keys(for: kind) + ["location.precise-off"] : keys(for: kind)
    } + androidKeys

    /// The keys of Android's dialogs' words: `android.<kind>.title` (with `%1$s`, or `<b>%1$s</b>`,
    /// for the app's name), `android.<kind>.<role>` per button and `android.location.precise` /
    /// `android.location.approximate` under the location images.
    public static let androidKeys: [String] = PromptKind.allCases.compactMap(AndroidPermissionDialog.of).flatMap { dialog in
        dialog.keys.map(dialog.systemStringsKey(of:))
    }

    /// The strings of prompt `kind` in `language` (the render's, the device language): the
    /// document's `systemStrings` first, then the built-in words, each matched along the tag's
    /// fallback chain (zh-HK → zh-Hant, de-AT → de), never a more specific tag. Every missing key
    /// is named in one error that says why it is missing and shows the entry to add to `settingsPath`.
    public static func resolve(_ kind: PromptKind, language: String, settings: DocumentSettings,
                               settingsPath: String, reducedAccuracy: Bool = false) throws -> SystemStrings {
        guard let tag = LanguageTag(language) else { throw DocumentError.invalidLanguageTag(tag: language) }
        let words = try SystemWords.builtIn.get()
        let builtInLanguage = words.language(for: tag)
        var values: [String: String] = [:]
        var found: String?
        var missing: [MissingWord] = []
        // How specific a match is: its place in the tag's fallback chain (zh-HK before zh-Hant).
        let chain = tag.fallbackChain.map { $0.lowercased() }
        func place(_ match: String) -> Int { chain.firstIndex(of: match.lowercased()) ?? chain.count }
        for key in keys(for: kind, reducedAccuracy: reducedAccuracy) {
            let entry = builtInLanguage.flatMap { words.entry(key, language: $0) }
            // The document's words, unless the built-in ones are for a closer language (a zh-Hant
            // entry does not hide zh-HK's own built-in word).
            if let texts = settings.systemStrings[key],
               let match = LanguageResolver(available: texts.keys.sorted(), defaultLanguage: nil).fallbackMatch(tag),
               let text = texts[match],
               entry?.builtInText == nil || place(match) <= place(builtInLanguage ?? "") {
                values[key] = text
                if found == nil { found = match }
                continue
            }
            if let text = entry?.builtInText {
                values[key] = text
                if found == nil { found = builtInLanguage }
            } else if let entry, entry.grade == .conflicting {
                missing.append(MissingWord(key: key, reason: .conflicting(entry.wordings)))
            } else if builtInLanguage == nil {
                missing.append(MissingWord(key: key, reason: .unknownLanguage))
            } else {
                let anywhere = words.languages.contains { words.entry(key, language: $0)?.builtInText != nil }
                missing.append(MissingWord(key: key, reason: .noSource(anyLanguage: anywhere)))
            }
        }
        // A key given only for a more specific tag (de-DE) does not reach a de device: say so.
        for index in missing.indices {
            let given = (settings.systemStrings[missing[index].key] ?? [:]).keys.sorted()
            missing[index].givenFor = given.filter { LanguageTag($0)?.language == tag.language && !chain.contains($0.lowercased()) }
        }
        guard missing.isEmpty else {
            throw PromptError.missingSystemStrings(prompt: kind.rawValue, language: language, missing: missing,
                                                   settingsPath: settingsPath)
        }
        return SystemStrings(values: values, language: found)
    }

    /// The tag to give a missing word of `language` under: the language the built-in words use for
    /// it (de for de-AT, zh-Hans for zh-CN), else the tag without its region, so the entry serves
    /// every region of the language.
    static func entryTag(for language: String) -> String {
        guard let tag = LanguageTag(language) else { return language }
        if let words = try? SystemWords.builtIn.get(), let match = words.language(for: tag) { return match }
        return [tag.language, tag.script].compactMap { $0 }.joined(separator: "-")
    }

    /// What is wrong with `systemStrings` giving `text` for `key` in `language`, with the fix; nil
    /// when nothing is: the language must be a tag, the words not empty, and a title must name the
    /// app once (`%@` or `%1$@`) where a button or message names it nowhere.
    static func problem(key: String, language: String, text: String) -> String? {
        guard LanguageTag(language) != nil else {
            let suggestion = suggestedLanguageTag(for: language).map { " Did you mean '\($0)'?" } ?? ""
            return "'\(language)' is not a language tag.\(suggestion) Write a BCP 47 tag such as de, zh-Hant or pt-BR"
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return "the words are empty; give what iOS shows in \(language), or remove the entry"
        }
        if key.hasPrefix("android.") {
            let names = text.components(separatedBy: "%1$s").count - 1 + text.replacingOccurrences(of: "%1$s", with: "")
                .components(separatedBy: "%s").count - 1
            if key.hasSuffix(".title") {
                if names == 0 { return "\"\(text)\" has no %1$s; Android's dialog titles name the app: write %1$s (or <b>%1$s</b>) where its name goes" }
                if names > 1 { return "\"\(text)\" has \(names) %1$s; Android's dialog titles name the app once" }
            } else if names > 0 {
                return "\"\(text)\" has %1$s, but only a dialog's title names the app; write the words Android shows"
            }
            return nil
        }
        let names = text.components(separatedBy: "%1$@").count - 1 + text.replacingOccurrences(of: "%1$@", with: "")
            .components(separatedBy: "%@").count - 1
        if key.hasSuffix(".title") {
            if names == 0 { return "\"\(text)\" has no %@; iOS's prompt titles name the app: write %@ where its name goes" }
            if names > 1 { return "\"\(text)\" has \(names) %@; iOS's prompt titles name the app once" }
        } else if names > 0 {
            return "\"\(text)\" has %@, but only a prompt's title names the app; write the words iOS shows"
        }
        return nil
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
