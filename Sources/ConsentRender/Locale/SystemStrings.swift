/// iOS's own words in its permission prompts: titles (with `%@` for the app's name), the
/// notification prompt's message, button labels and the location map's "Precise: On".
///
/// Built in only where `shared/reference/ios-metrics.md` gives them (§4.2, §4.3): English for
/// the ATT, location and notification prompts, and the ATT title and buttons in zh-Hans, zh-Hant,
/// ja and ko (the newer wording where it gives two). Everything else comes from `document.json`'s
/// `systemStrings`; a render that lacks a word is refused, never drawn in another language.
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
    /// document's `systemStrings` first, then the built-in table, each matched along the tag's
    /// fallback chain (zh-HK → zh-Hant, en-GB → en), never a more specific tag. Every missing key
    /// is named in one error that shows the entry to add to `settingsPath`.
    public static func resolve(_ kind: PromptKind, language: String, settings: DocumentSettings,
                               settingsPath: String) throws -> SystemStrings {
        guard let tag = LanguageTag(language) else { throw DocumentError.invalidLanguageTag(tag: language) }
        let builtInLanguage = LanguageResolver(available: builtIn.keys.sorted(), defaultLanguage: nil).fallbackMatch(tag)
        var values: [String: String] = [:]
        var missing: [String] = []
        for key in keys(for: kind) {
            if let texts = settings.systemStrings[key],
               let match = LanguageResolver(available: texts.keys.sorted(), defaultLanguage: nil).fallbackMatch(tag),
               let text = texts[match] {
                values[key] = text
            } else if let builtInLanguage, let text = builtIn[builtInLanguage]?[key] {
                values[key] = text
            } else {
                missing.append(key)
            }
        }
        guard missing.isEmpty else {
            throw PromptError.missingSystemStrings(prompt: kind.rawValue, language: language, keys: missing,
                                                   builtIn: builtInLanguages(for: kind), settingsPath: settingsPath)
        }
        for key in keys(for: kind) where key.hasSuffix(".title") {
            if let title = values[key], !title.contains("%@"), !title.contains("%1$@") {
                throw PromptError.titleWithoutAppName(key: key, language: language, title: title, settingsPath: settingsPath)
            }
        }
        return SystemStrings(values: values)
    }

    /// The languages that have every word of `kind` built in.
    static func builtInLanguages(for kind: PromptKind) -> [String] {
        builtIn.keys.sorted().filter { language in keys(for: kind).allSatisfy { builtIn[language]?[$0] != nil } }
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

    /// Reference §4.2 and §4.3. Curly quotes and U+2019 apostrophes as iOS writes them.
    static let builtIn: [String: [String: String]] = [
        "en": [
            "att.title": "Allow “%@” to track your activity across other companies’ apps and websites?",
            "att.deny": "Ask App Not to Track",
            "att.allow": "Allow",
            "location.title": "Allow “%@” to use your location?",
            "location.allow-once": "Allow Once",
            "location.allow-while-using": "Allow While Using App",
            "location.deny": "Don’t Allow",
            "location.precise": "Precise: On",
            "notifications.title": "“%@” Would Like to Send You Notifications",
            "notifications.message": "Notifications may include alerts, sounds, and icon badges. These can be configured in Settings.",
            "notifications.deny": "Don’t Allow",
            "notifications.allow": "Allow",
        ],
        "zh-Hans": [
            "att.title": "允许“%@”跟踪你在其他公司的App和网站上的活动吗？",
            "att.deny": "要求 App 不跟踪",
            "att.allow": "允许",
        ],
        // The reference grades this title U ("likely"); its buttons are B.
        "zh-Hant": [
            "att.title": "要允許「%@」追蹤你在其他公司的 App 和網站上的活動嗎？",
            "att.deny": "要求 App 不要追蹤",
            "att.allow": "允許",
        ],
        "ja": [
            "att.title": "“%@”が他社のアプリやWebサイトを横断してあなたのアクティビティをトラッキングすることを許可しますか?",
            "att.deny": "アプリにトラッキングしないように要求",
            "att.allow": "許可",
        ],
        "ko": [
            "att.title": "‘%@’이(가) 다른 회사의 앱 및 웹 사이트에 걸친 사용자의 활동을 추적하도록 허용하겠습니까?",
            "att.deny": "앱에 추적 금지 요청",
            "att.allow": "허용",
        ],
    ]
}
