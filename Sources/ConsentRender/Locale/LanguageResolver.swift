import Foundation

/// Picks which of a document's language files to render for a requested language list.
///
/// Each requested tag is tried in order: an exact file, the Chinese script mapping
/// (zh, zh-CN, zh-SG → zh-Hans; zh-TW, zh-HK, zh-MO → zh-Hant), then the tag with its last
/// subtag dropped (en-US → en). If none matches, the document's `defaultLanguage` is used.
public struct LanguageResolver: Sendable {
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
        let preferences = requested.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !preferences.isEmpty else {
            throw DocumentError.invalidLanguageTag(tag: requested)
        }
        for tag in preferences {
            guard Self.isWellFormed(tag) else {
                throw DocumentError.invalidLanguageTag(tag: tag)
            }
            for candidate in Self.candidates(for: tag) {
                if let match = available.first(where: { $0.caseInsensitiveCompare(candidate) == .orderedSame }) {
                    return (match, false)
                }
            }
        }
        if let defaultLanguage, available.contains(defaultLanguage) {
            return (defaultLanguage, true)
        }
        throw DocumentError.missingLanguage(requested: requested, folder: folder, available: available)
    }

    /// Tags to look for, most specific first.
    static func candidates(for tag: String) -> [String] {
        var result = [tag]
        let subtags = tag.split(separator: "-").map(String.init)
        if subtags.first?.lowercased() == "zh" {
            let rest = subtags.dropFirst().map { $0.lowercased() }
            if rest.contains("hant") || rest.contains("tw") || rest.contains("hk") || rest.contains("mo") {
                result.append("zh-Hant")
            } else {
                result.append("zh-Hans")
            }
        }
        var trimmed = subtags
        while trimmed.count > 1 {
            trimmed.removeLast()
            result.append(trimmed.joined(separator: "-"))
        }
        return result
    }

    /// A light syntax check of a BCP 47 tag: a 2–3 letter language, then 1–8 character subtags.
    static func isWellFormed(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
