import Foundation

/// A consent document in memory: its settings, one Markdown file per language and the other files
/// its settings name (a launch screen's logo). A render reads only this, so a document need not be
/// a folder on disk; `DocumentFolder` loads one from a folder.
public struct ConsentContent: Sendable {
    /// The document's name, used to name golden images and reports.
    public var name: String
    /// Where it came from, for messages (the folder's path).
    public var source: String
    public var settings: DocumentSettings
    /// Markdown bytes by language tag.
    public var languageFiles: [String: Data]
    /// Other files by name.
    public var assets: [String: Data]
    /// The document's own font files (its `fonts/` folder), absolute paths: added to the Noto
    /// fonts of its renders, and to no other document's.
    public var fontFiles: [String]
    /// The app screens drawn behind its dialog (`document.json`'s `backdrop`, or `backdrop/`).
    public var backdrops: AppBackdrops
    /// The app's Info.plist and localization files (`document.json`'s `app`, or `--app-info`).
    public var app: (any AppStrings)?
    /// The PNG files its Markdown shows, by their source.
    public var images: [String: DocumentImage] = [:]

    public init(name: String, source: String, settings: DocumentSettings = DocumentSettings(), languageFiles: [String: Data],
                assets: [String: Data] = [:], fontFiles: [String] = [], backdrops: AppBackdrops = AppBackdrops()) {
        self.name = name
        self.source = source
        self.settings = settings
        self.languageFiles = languageFiles
        self.assets = assets
        self.fontFiles = fontFiles
        self.backdrops = backdrops
    }

    /// Language tags with a Markdown file, sorted.
    public var languages: [String] { languageFiles.keys.sorted() }

    /// The path a language file is named by in messages.
    func path(of language: String) -> String {
        (source as NSString).appendingPathComponent(language + ".md")
    }

    /// The parsed document for a language tag that has a file (see `LanguageResolver`).
    public func document(language: String) throws -> ConsentDocument {
        let path = path(of: language)
        guard let data = languageFiles[language] else {
            throw DocumentError.missingLanguage(requested: language, folder: source, available: languages)
        }
        guard let markdown = String(data: data, encoding: .utf8) else {
            throw DocumentError.notUTF8(path: path)
        }
        guard let blocks = MarkdownParser.parseBlocks(markdown) else {
            throw DocumentError.markdownParserFailed(path: path)
        }
        guard !blocks.isEmpty else {
            throw DocumentError.emptyDocument(path: path)
        }
        var body = blocks
        var title: [Inline]?
        if let titleIndex = blocks.firstIndex(where: { if case .heading(1, _) = $0 { true } else { false } }),
           case let .heading(_, heading) = blocks[titleIndex] {
            guard !heading.plainText.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw DocumentError.missingTitle(path: path)
            }
            title = heading
            body.remove(at: titleIndex)
        }
        guard !body.isEmpty else {
            throw DocumentError.titleWithoutText(path: path)
        }
        // The body is a UITextView: its data detectors make links of addresses and numbers.
        let detection = LinkDetection(detectors: Set(settings.detectors ?? DataDetector.allCases))
        return ConsentDocument(title: title, blocks: detection.apply(to: body))
    }
}
