import Foundation

/// Loads a consent document from a folder: `document.json` (optional), one `<language>.md` per
/// language, the files the settings name, and its own fonts (`fonts/*.ttf|otf|ttc`). Everything
/// but the fonts is read when the folder is opened, so renders work from memory (`content`).
public struct DocumentFolder: Sendable {
    public let url: URL
    public let content: ConsentContent

    public var settings: DocumentSettings { content.settings }
    /// Language tags with a Markdown file, sorted.
    public var languages: [String] { content.languages }
    /// The folder's name, used to name golden images and reports.
    public var name: String { content.name }

    /// Opens the folder and reads its files.
    public init(url: URL) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DocumentError.missingFolder(path: url.path)
        }
        self.url = url
        let settingsURL = url.appendingPathComponent("document.json")
        let settings = FileManager.default.fileExists(atPath: settingsURL.path) ? try Self.readSettings(at: settingsURL) : DocumentSettings()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var files: [String: Data] = [:]
        for name in names where name.hasSuffix(".md") && name.first != "." {
            let fileURL = url.appendingPathComponent(name)
            do {
                files[String(name.dropLast(3))] = try Data(contentsOf: fileURL)
            } catch {
                throw DocumentError.unreadableFile(path: fileURL.path, reason: describeFileError(error))
            }
        }
        guard !files.isEmpty else {
            throw DocumentError.noLanguageFiles(folder: url.path)
        }
        var assets: [String: Data] = [:]
        if let logo = settings.launch.logo {
            assets[logo] = try? Data(contentsOf: url.appendingPathComponent(logo))
        }
        let fonts = url.appendingPathComponent("fonts")
        let fontNames = (try? FileManager.default.contentsOfDirectory(atPath: fonts.path)) ?? []
        let fontFiles = fontNames.filter { ["ttf", "otf", "ttc"].contains(($0 as NSString).pathExtension.lowercased()) }
            .map { fonts.appendingPathComponent($0).standardizedFileURL.path }
        content = ConsentContent(name: url.lastPathComponent, source: url.path, settings: settings, languageFiles: files,
                                 assets: assets, fontFiles: fontFiles.sorted())
    }

    /// The parsed document for a language tag that has a file (see `LanguageResolver`).
    public func document(language: String) throws -> ConsentDocument {
        try content.document(language: language)
    }

    private static func readSettings(at url: URL) throws -> DocumentSettings {
        let path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DocumentError.malformedSettings(path: path, detail: "cannot read it: \(describeFileError(error))")
        }
        let settings = try DocumentSettings.decode(data, source: path)
        if let logo = settings.launch.logo {
            let logoURL = url.deletingLastPathComponent().appendingPathComponent(logo)
            do {
                _ = try Bitmap(contentsOfPNG: logoURL)
            } catch {
                throw DocumentError.invalidSetting(path: path, field: "launch.logo", value: "'\(logo)'",
                                                   fix: "it must name a readable PNG file in the document folder (\(error))")
            }
        }
        return settings
    }
}

extension DocumentSettings {
    /// Decodes and validates `document.json`; `source` names it in errors (the file's path). The
    /// files it names are checked by whoever loads them (`DocumentFolder`).
    public static func decode(_ data: Data, source path: String) throws -> DocumentSettings {
        try StrictJSONReader.check(data, schema: .documentSettings, path: path) { DocumentError.malformedSettings(path: path, detail: $0) }
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
        return settings
    }
}
