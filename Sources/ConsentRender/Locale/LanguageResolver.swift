import Foundation

/// Picks which of a document's language files to render for a requested language list, the way
/// iOS matches the user's preferred languages against an app's localizations.
///
/// Each requested tag is tried in order along its `LanguageTag.fallbackChain` (zh-HK → zh-Hant-HK
/// → zh-HK → zh-Hant; en-AU → en-GB → en; es-MX → es-419 → es; …), then against any file of the
/// same language and script (de → de-DE). When no requested language has a file, the document's
/// `defaultLanguage` is used.
package struct LanguageResolver: Sendable {
    public let available: [String]
    public let defaultLanguage: String?

    public init(available: [String], defaultLanguage: String?) {
        self.available = available
        self.defaultLanguage = defaultLanguage
    }

    /// The available tag to render for `requested`, a comma-separated preference list.
    public func resolve(_ requested: String, folder: String) throws -> String {
        try resolution(of: requested, folder: folder).language
    }

    /// The tag to render for `requested`, and whether it is the document's default because no
    /// requested language has a file.
    public func resolution(of requested: String, folder: String) throws -> (language: String, isDefaultFallback: Bool) {
        let preferences = try Self.parse(requested)
        for tag in preferences {
            if let match = match(tag) { return (match, false) }
        }
        if let defaultLanguage, available.contains(defaultLanguage) {
            return (defaultLanguage, true)
        }
        throw DocumentError.missingLanguage(requested: requested, folder: folder, available: available)
    }

    /// The available tag for one requested tag, or nil.
    package func match(_ tag: LanguageTag) -> String? {
        let parsedAvailable = available.map { (name: $0, tag: LanguageTag($0)) }
        if let hit = fallbackMatch(tag) { return hit }
        // For a file, a more specific one of the same language and script (de → de-DE) is better
        // than none, except that European and Brazilian Portuguese stay apart. (Style settings
        // keyed by language use `fallbackMatch` alone.)
        guard tag.language != "pt" else { return nil }
        return parsedAvailable.first { entry in
            guard let other = entry.tag else { return false }
            return other.language == tag.language && other.effectiveScript == tag.effectiveScript
        }?.name
    }

    /// The available tag the requested one falls back to as iOS falls back (zh-HK → zh-Hant,
    /// en-GB → en), never a more specific one: a setting for `en-GB` is for British English only.
    func fallbackMatch(_ tag: LanguageTag) -> String? {
        let parsedAvailable = available.map { (name: $0, tag: LanguageTag($0)) }
        for candidate in tag.fallbackChain {
            if let hit = parsedAvailable.first(where: { $0.tag?.description.lowercased() == candidate.lowercased() }) {
                return hit.name
            }
        }
        return nil
    }

    /// The tags of a comma-separated preference list; an error names the first malformed one.
    package static func parse(_ requested: String) throws -> [LanguageTag] {
        let texts = requested.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !texts.isEmpty else { throw DocumentError.invalidLanguageTag(tag: requested) }
        return try texts.map { text in
            guard let tag = LanguageTag(text) else { throw DocumentError.invalidLanguageTag(tag: text) }
            return tag
        }
    }
}
