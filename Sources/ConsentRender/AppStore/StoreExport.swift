import Foundation

/// The steps the App Store and Google Play exports share: a store language per requested tag,
/// each tag's language file checked, and a written screenshot read back.
enum StoreExport {
    /// The store language of each tag, the first tag of each language kept and the others named in
    /// a note (two tags of one store language would write the same files twice); a pseudo-locale,
    /// which no store has, is refused with `pseudo`'s error.
    static func locales(of languages: [String], store: String, code: (String) throws -> String,
                        pseudo: (String) -> Error) throws -> (locales: [(language: String, code: String)], notes: [String]) {
        var locales: [(language: String, code: String)] = []
        var notes: [String] = []
        for language in languages {
            if let tag = LanguageTag(language), PseudoLocale(tag) != nil { throw pseudo(language) }
            let code = try code(language)
            if let first = locales.first(where: { $0.code == code }) {
                notes.append("'\(language)' is the \(store) \(code), as '\(first.language)' is; its screenshots are made once, from '\(first.language)'")
                continue
            }
            locales.append((language, code))
        }
        return (locales, notes)
    }

    /// Refuses a language the document has no file for: its screenshots would show another.
    static func checkInDocument(_ languages: [String], folder: DocumentFolder) throws {
        let resolver = LanguageResolver(available: folder.languages, defaultLanguage: folder.settings.defaultLanguage)
        for language in languages {
            let shown = try resolver.resolution(of: language, folder: folder.url.path)
            if shown.isDefaultFallback {
                throw AppStoreError.languageNotInDocument(tag: language, shown: shown.language, folder: folder.url.path)
            }
        }
    }

    /// A written screenshot's size from its PNG header, refused when it has an alpha channel
    /// (neither store takes one).
    static func readBack(_ png: Data, path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](png.prefix(26))
        guard bytes.count == 26 else { throw PNGDecodingError(path: path, reason: "file too short") }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard bytes[25] & 4 == 0 else { throw AppStoreError.hasAlpha(path: path) }
        return (width, height)
    }
}
