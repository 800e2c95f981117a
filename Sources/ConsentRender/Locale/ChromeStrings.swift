/// The dialog's own words (button labels), which do not come from the document's Markdown.
public struct ChromeStrings: Sendable, Equatable {
    public var accept: String
    public var decline: String

    public init(accept: String, decline: String) {
        self.accept = accept
        self.decline = decline
    }

    /// Built-in labels by language tag.
    static let builtIn: [String: [String: String]] = [
        "accept": [
            "zh-Hans": "同意",
            "zh-Hant": "同意",
            "en": "Accept",
        ],
        "decline": [
            "zh-Hans": "不同意",
            "zh-Hant": "不同意",
            "en": "Decline",
        ],
    ]

    /// The labels for `language`: the document's overrides first, then the built-in table, trying
    /// the tag and its shorter forms (en-GB, then en). A missing label is an error, never English.
    public static func resolve(language: String, settings: DocumentSettings, folder: String) throws -> ChromeStrings {
        func lookup(_ key: String) throws -> String {
            let candidates = LanguageResolver.candidates(for: language)
            for table in [settings.strings[key] ?? [:], builtIn[key] ?? [:]] {
                for candidate in candidates {
                    if let text = table.first(where: { $0.key.caseInsensitiveCompare(candidate) == .orderedSame })?.value {
                        return text
                    }
                }
            }
            throw DocumentError.missingChromeString(key: key, language: language, folder: folder)
        }
        return ChromeStrings(accept: try lookup("accept"), decline: try lookup("decline"))
    }
}
