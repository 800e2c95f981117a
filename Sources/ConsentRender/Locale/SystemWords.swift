import Foundation

/// iOS's own words in its permission prompts, as ConsentRender has them built in: the resource
/// `system-words.json`, which `scripts/import-system-words` writes from the project's reference
/// (`shared/reference/ios-system-strings.md`, and `ios-metrics.md` §4.2–4.3 where that has no
/// text). Every entry has a grade and its sources; firm and likely ones are built in for both
/// looks, conflicting ones are not (their words come from `systemStrings`). Loaded once.
package struct SystemWords: Sendable, Decodable {
    package enum Grade: String, Sendable, Codable {
        /// Two sources agree, or one read from iOS's own files and identified without doubt.
        case firm
        /// One source whose identification needed judgement.
        case likely
        /// The sources or iOS versions disagree: not built in.
        case conflicting
    }

    /// One wording of a conflicting entry, with its note (`iOS 16`, `newer`).
    package struct Variant: Sendable, Codable, Equatable {
        package var text: String
        package var note: String?
        /// The reference's shorthand for a wording that ends differently from the first (`… к Камере.`).
        package var abbreviated: Bool?
    }

    /// Another source's wording of an entry that keeps its own (the ATT alert in zh-Hans, zh-Hant,
    /// ja and ko keeps ios-metrics' newer words over the reference's iOS 14.5 capture).
    package struct Alternative: Sendable, Codable, Equatable {
        package var text: String
        package var sources: [String]
    }

    package struct Entry: Sendable, Codable, Equatable {
        /// The words, for a firm or likely entry; nil for a conflicting one.
        package var text: String?
        package var grade: Grade
        /// Every wording, for a conflicting entry.
        package var variants: [Variant]?
        /// Keys of `SystemWords.sources`.
        package var sources: [String]
        /// What the reference says beside the words (an older wording, the iOS version).
        package var note: String?
        package var reference: Alternative?

        /// The words a render uses, where the entry is built in.
        package var builtInText: String? { grade == .conflicting ? nil : text }

        /// Every wording the entry gives.
        package var wordings: [String] { text.map { [$0] } ?? variants?.map(\.text) ?? [] }
    }

    /// What each source key stands for.
    package let sources: [String: String]
    /// Languages that take another's entry where they have none (`en-GB` → `en`).
    package let inherits: [String: String]
    /// Entries by language tag, then `systemStrings` key.
    package let words: [String: [String: Entry]]

    /// The built-in words, read from the package's resource once.
    package static let builtIn: Result<SystemWords, RenderError> = {
        guard let url = Bundle.module.url(forResource: "system-words", withExtension: "json") else {
            return .failure(.brokenResource(name: "system-words.json", detail: "is missing from \(Bundle.module.bundlePath)"))
        }
        do {
            return .success(try JSONDecoder().decode(SystemWords.self, from: Data(contentsOf: url)))
        } catch {
            return .failure(.brokenResource(name: "system-words.json", detail: "cannot be read (\(error))"))
        }
    }()

    /// The languages with at least one entry, sorted.
    package var languages: [String] { words.keys.sorted() }

    /// The language whose entries `tag` uses: the first of its fallback chain the data has
    /// (zh-HK, de-AT → de, es-MX → es-419, pt → pt-BR), never a more specific one; nil for none.
    package func language(for tag: LanguageTag) -> String? {
        LanguageResolver(available: languages, defaultLanguage: nil).fallbackMatch(tag)
    }

    /// The entry for `key` in `language` (a tag the data has), or in the language it inherits from.
    package func entry(_ key: String, language: String) -> Entry? {
        if let entry = words[language]?[key] { return entry }
        return inherits[language].flatMap { words[$0]?[key] }
    }

    /// The languages that have every word of `kind` built in.
    package func languages(completing kind: PromptKind) -> [String] {
        languages.filter { language in SystemStrings.keys(for: kind).allSatisfy { entry($0, language: language)?.builtInText != nil } }
    }
}

/// Why a prompt's word is not built in for a language.
public enum MissingWordReason: Sendable, Equatable {
    /// ConsentRender's reference has no text for the key in the language; `anyLanguage` is whether
    /// it has one in some other language.
    case noSource(anyLanguage: Bool)
    /// The reference's sources disagree: these are the wordings it has.
    case conflicting([String])
    /// The reference has nothing for the language at all.
    case unknownLanguage
}

/// A word of a system prompt that neither `systemStrings` nor the built-in words give.
public struct MissingWord: Sendable, Equatable {
    public var key: String
    public var reason: MissingWordReason
    /// The more specific tags of the same language `systemStrings` gives the key for (de-DE for a
    /// de render), which a device of the render's language does not use.
    public var givenFor: [String] = []

    public init(key: String, reason: MissingWordReason) {
        self.key = key
        self.reason = reason
    }

    /// Why, in words: `the reference's sources disagree (“Einmal erlauben” / “Nur einmal erlauben”)`.
    public var explanation: String {
        guard givenFor.isEmpty else {
            return reasonText + "; document.json gives it for " + givenFor.joined(separator: ", ")
                + ", which a device of this language does not use: give it for the language itself"
        }
        return reasonText
    }

    private var reasonText: String {
        switch reason {
        case .noSource(anyLanguage: false):
            return "no source of the reference gives it in any language"
        case .noSource(anyLanguage: true):
            return "no source of the reference gives it in this language"
        case let .conflicting(wordings):
            return "the reference's sources disagree (" + wordings.map { "“\($0)”" }.joined(separator: " / ")
                + "); give the one the iOS you show uses"
        case .unknownLanguage:
            return "the reference has no words in this language"
        }
    }
}
