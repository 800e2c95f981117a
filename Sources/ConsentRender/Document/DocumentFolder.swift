import Foundation

/// A consent document on disk: `document.json` (optional) and one `<language>.md` per language.
public struct DocumentFolder: Sendable {
    public let url: URL
    public let settings: DocumentSettings
    /// Language tags with a Markdown file, sorted.
    public let languages: [String]

    /// The folder's name, used to name golden images and reports.
    public var name: String { url.lastPathComponent }

    /// Opens the folder and reads `document.json`; language files are read on demand.
    public init(url: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DocumentError.missingFolder(path: url.path)
        }
        self.url = url
        let settingsURL = url.appendingPathComponent("document.json")
        if FileManager.default.fileExists(atPath: settingsURL.path) {
            settings = try Self.readSettings(at: settingsURL)
        } else {
            settings = DocumentSettings()
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        languages = names.filter { $0.hasSuffix(".md") && $0.first != "." }.map { String($0.dropLast(3)) }.sorted()
        guard !languages.isEmpty else {
            throw DocumentError.noLanguageFiles(folder: url.path)
        }
    }

    /// The parsed document for a language tag that has a file (see `LanguageResolver`).
    public func document(language: String) throws -> ConsentDocument {
        let fileURL = url.appendingPathComponent(language + ".md")
        let path = fileURL.path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentError.missingLanguage(requested: language, folder: url.path, available: languages)
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
            throw DocumentError.emptyDocument(path: path)
        }
        return ConsentDocument(title: title, blocks: body)
    }

    private static func readSettings(at url: URL) throws -> DocumentSettings {
        let path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DocumentError.malformedSettings(path: path, detail: "cannot read it: \(describeFileError(error))")
        }
        let settings: DocumentSettings
        do {
            settings = try JSONDecoder().decode(DocumentSettings.self, from: data)
        } catch {
            switch DecodingFailure(error, decoding: data) {
            case let .syntax(detail):
                throw DocumentError.malformedSettings(path: path, detail: detail)
            case let .missingField(field):
                throw DocumentError.invalidSetting(path: path, field: field, value: "missing", fix: "add it")
            case let .wrongType(field, expected):
                throw DocumentError.invalidSetting(path: path, field: field, value: "of the wrong type", fix: "it must be \(expected)")
            case let .invalidValue(field, detail):
                throw DocumentError.invalidSetting(path: path, field: field, value: "not accepted", fix: detail)
            }
        }
        if let opacity = settings.style.declineOpacity, !(0.1...1).contains(opacity) {
            throw DocumentError.invalidSetting(path: path, field: "style.declineOpacity", value: "\(opacity)",
                                               fix: "use a number from 0.1 to 1")
        }
        if let background = settings.launch.background, Color(hex: background) == nil {
            throw DocumentError.invalidSetting(path: path, field: "launch.background", value: "'\(background)'",
                                               fix: "write it as #RRGGBB, for example #0E6BA8")
        }
        if let logo = settings.launch.logo {
            let logoURL = url.deletingLastPathComponent().appendingPathComponent(logo)
            do {
                _ = try Bitmap(contentsOfPNG: logoURL)
            } catch {
                throw DocumentError.invalidSetting(path: path, field: "launch.logo", value: "'\(logo)'",
                                                   fix: "it must name a readable PNG file in the document folder (\(error))")
            }
        }
        guard DocumentSettings.supportedTemplates.contains(settings.template) else {
            throw DocumentError.invalidSetting(
                path: path, field: "template", value: "'\(settings.template)'",
                fix: "use one of: \(DocumentSettings.supportedTemplates.joined(separator: ", "))")
        }
        return settings
    }
}
