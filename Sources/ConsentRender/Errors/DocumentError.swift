/// A consent document folder or one of its files could not be used.
public enum DocumentError: Error, Equatable, Sendable {
    case missingFolder(path: String)
    /// `document.json` names app files, and the folder was opened without a reader for them.
    case noAppFilesReader(path: String)
    case notAFolder(path: String)
    case fileNameNotALanguageTag(path: String, suggestion: String?)
    case duplicateLanguageFiles(first: String, second: String)
    case noLanguageFiles(folder: String)
    case missingLanguage(requested: String, folder: String, available: [String])
    case invalidLanguageTag(tag: String)
    case notUTF8(path: String)
    case unreadableFile(path: String, reason: String)
    case unreadableFont(path: String)
    case emptyDocument(path: String)
    case titleWithoutText(path: String)
    case missingTitle(path: String)
    case malformedSettings(path: String, detail: String)
    case invalidSetting(path: String, field: String, value: String, fix: String)
    /// Two font files name their families alike but for letter case, which fontconfig treats as one.
    case fontFamilyClash(folder: String, uses: [String])
    /// `style.fonts` names a family no font provides.
    case unknownFontFamily(path: String, key: String, family: String, documentFamilies: [String], suggestion: String?)
    case missingChromeStrings(keys: [String], language: String, folder: String)
    case markdownParserFailed(path: String)
    case invalidBackdrop(path: String, fix: String)
    case backdropNotShown(template: String, source: String)
    /// `--scroll #id` names a heading id the document does not have.
    case unknownAnchor(id: String, file: String, ids: [String], suggestion: String?)
    /// A Markdown image that cannot be shown: remote, missing, outside the folder, or not a PNG.
    case invalidImage(file: String, source: String, fix: String)
}

extension DocumentError: CausedError { public var cause: ErrorCause { .input } }

extension DocumentError {
    /// Whether the error is about the language a render asked for (not a file of the document).
    package var isAboutTheRequestedLanguage: Bool {
        switch self {
        case .missingLanguage, .invalidLanguageTag: true
        default: false
        }
    }
}

extension DocumentError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .noAppFilesReader(path):
            return "\(path): \"app\" names the app's files, and this folder was opened without a reader for them. "
                + "Open it with DocumentFolder(url:appFiles: XcodeAppFiles()) (import XcodeFiles), or remove \"app\"."
        case let .missingFolder(path):
            return "'\(path)' does not exist. A document is a folder holding one <language>.md file per language, "
                + "for example Samples/privacy-agreement."
        case let .notAFolder(path):
            return "'\(path)' is a file; a document is a folder holding one <language>.md file per language (and an optional "
                + "document.json). Give the folder, for example Samples/privacy-agreement."
        case let .duplicateLanguageFiles(first, second):
            return "\(second) and \(first) are two files for one language (tags ignore case); keep one of them."
        case let .fileNameNotALanguageTag(path, suggestion):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let rename = suggestion.map { "rename it \($0).md" } ?? "rename it after its language, for example en.md or zh-Hans.md"
            return "\(path): a language file's name must be a BCP 47 language tag, and '\(name.dropLast(3))' is not one; "
                + "\(rename), or move it out of the document folder."
        case let .noLanguageFiles(folder):
            return "\(folder): no language files. Add one Markdown file per language named by its BCP 47 tag, for example en.md or zh-Hans.md."
        case let .missingLanguage(requested, folder, available):
            return "\(folder): no language file for '\(requested)'. Available: \(available.joined(separator: ", ")). "
                + "Add \(requested).md or ask for one of those."
        case let .invalidLanguageTag(tag):
            let suggestion = suggestedLanguageTag(for: tag).map { " Did you mean '\($0)'?" } ?? ""
            return "'\(tag)' is not a BCP 47 language tag.\(suggestion) Use a tag such as en, zh-Hans or pt-BR."
        case let .notUTF8(path):
            return "\(path): the file is not UTF-8 text. Save it as UTF-8."
        case let .unreadableFile(path, reason):
            return "\(path): cannot read the file (\(reason))."
        case let .unreadableFont(path):
            return "\(path): not a font fontconfig can load. Replace it with a TrueType or OpenType file (.ttf, .otf, .ttc) "
                + "or remove it from the fonts folder."
        case let .emptyDocument(path):
            return "\(path): the document has no text. Write a '# Title' line and at least one paragraph."
        case let .titleWithoutText(path):
            return "\(path): the document has its title but no text under it. Write at least one paragraph after the '# ' line."
        case let .missingTitle(path):
            return "\(path): the level-1 heading is empty. Write the dialog title after '# ', or remove the line to use the built-in title."
        case let .malformedSettings(path, detail):
            return "\(path): not valid JSON (\(detail)). Fix the syntax or delete the file to use the defaults."
        case let .invalidSetting(path, field, value, fix):
            return "\(path): field '\(field)' is \(value); \(fix)."
        case let .fontFamilyClash(folder, uses):
            return "\(folder): the fonts name their families \(uses.joined(separator: " and ")), which differ only in letter "
                + "case; fontconfig takes them for one family, so style.fonts could not tell them apart. Rename one family "
                + "or remove one of the files."
        case let .unknownFontFamily(path, key, family, documentFamilies, suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            let found = documentFamilies.isEmpty ? "The document has no fonts/ folder with fonts in it"
                : "The document's fonts/ folder has: \(documentFamilies.joined(separator: ", "))"
            return "\(path): field '\(key)' names the font family '\(family)', which no font provides.\(hint) \(found); "
                + "the shipped fonts are Debian's Noto families (such as Noto Sans, Noto Serif, Noto Sans CJK SC). "
                + "Put the font file in the document's fonts/ folder or name a family it has."
        case let .missingChromeStrings(keys, language, folder):
            let names = keys.map { "'\($0)'" }.joined(separator: ", ")
            let entries = keys.map { "\"\($0)\": { \"\(language)\": \"…\" }" }.joined(separator: ", ")
            return "No built-in \(names) \(keys.count == 1 ? "string" : "strings") for language '\(language)'. Add "
                + "\(keys.count == 1 ? "it" : "them") to \(folder)/document.json as \"strings\": { \(entries) }."
        case let .markdownParserFailed(path):
            return "\(path): the Markdown parser (libcmark-gfm) could not parse this file."
        case let .invalidBackdrop(path, fix):
            return "\(path): \(fix)."
        case let .invalidImage(file, source, fix):
            return "\(file): the image '\(source)' cannot be shown: \(fix)."
        case let .unknownAnchor(id, file, ids, suggestion):
            let hint = suggestion.map { " Did you mean '#\($0)'?" } ?? ""
            let known = ids.isEmpty ? "it has no headings" : "its heading ids are " + ids.prefix(20).map { "#\($0)" }.joined(separator: ", ")
                + (ids.count > 20 ? ", …" : "")
            return "\(file): no heading has the id '\(id)' (ids are GitHub's: lower case, spaces as hyphens, punctuation dropped)."
                + "\(hint) For --scroll, \(known)."
        case let .backdropNotShown(template, source):
            return "\(source): a backdrop is set, but the \(template) screen covers the whole display, so no app shows "
                + "behind it; remove the backdrop (--backdrop, document.json's \"backdrop\" or the backdrop/ folder), "
                + "or render the agreement-dialog template."
        }
    }
}
