import Foundation

/// Loads a consent document from a folder: `document.json` (optional), one `<language>.md` per
/// language, the files the settings name, and its own fonts (`fonts/*.ttf|otf|ttc`). Everything
/// but the fonts is read when the folder is opened, so renders work from memory (`content`).
public struct DocumentFolder: Sendable {
    public let url: URL
    public var content: ConsentContent
    /// What opening the folder passed over (a README.md that is not a language file), for the user.
    public let notes: [String]
    /// The reader of the app files `document.json`'s `app` names, kept for the folders this one
    /// leads to (a flow's other documents).
    public let appFiles: (any AppFilesReader)?

    public var settings: DocumentSettings { content.settings }
    /// Language tags with a Markdown file, sorted.
    public var languages: [String] { content.languages }
    /// Where the app is published, which selects market rules: document.json's `markets`, else
    /// `cn` for a document with Simplified Chinese (zh-Hans, zh, zh-CN), else none.
    public var markets: Set<String> {
        if let markets = settings.markets { return Set(markets) }
        return languages.contains { LanguageTag($0)?.isSimplifiedChinese == true } ? ["cn"] : []
    }
    /// The folder's name, used to name golden images and reports.
    public var name: String { content.name }

    /// Opens the folder and reads its files. `appFiles` reads the app files `document.json`'s
    /// `app` names (`XcodeAppFiles()` from the XcodeFiles module, for an iOS app); a document that
    /// names them cannot be opened without one. `app`, when given, stands in for them (`--app-info`):
    /// the document's own app files are then not read at all.
    public init(url: URL, appFiles: (any AppFilesReader)? = nil, app given: (any AppStrings)? = nil) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw DocumentError.missingFolder(path: url.path)
        }
        guard isDirectory.boolValue else {
            throw DocumentError.notAFolder(path: url.path)
        }
        self.url = url
        self.appFiles = appFiles
        let settingsURL = url.appendingPathComponent("document.json")
        let settings = FileManager.default.fileExists(atPath: settingsURL.path) ? try Self.readSettings(at: settingsURL) : DocumentSettings()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var files: [String: Data] = [:]
        var notes: [String] = []
        for name in names.sorted() where name.lowercased().hasSuffix(".md") && name.first != "." {
            let stem = String(name.dropLast(3))
            let fileURL = url.appendingPathComponent(name)
            guard let tag = LanguageTag(stem), tag.description.caseInsensitiveCompare(stem) == .orderedSame,
                  tag.language.count <= 3 else {
                if Self.documentationNames.contains(stem.lowercased()) {
                    notes.append("\(fileURL.path) is not a language file (its name is not a language tag); left out")
                    continue
                }
                throw DocumentError.fileNameNotALanguageTag(path: fileURL.path, suggestion: Self.suggestedTag(for: stem))
            }
            // Tags are case-insensitive: en.md and EN.md are two files for one language.
            if let twin = files.keys.first(where: { $0.caseInsensitiveCompare(stem) == .orderedSame }) {
                throw DocumentError.duplicateLanguageFiles(first: url.appendingPathComponent(twin + ".md").path, second: fileURL.path)
            }
            do {
                files[String(name.dropLast(3))] = try Data(contentsOf: fileURL)
            } catch {
                throw DocumentError.unreadableFile(path: fileURL.path, reason: describeFileError(error))
            }
        }
        guard !files.isEmpty else {
            throw DocumentError.noLanguageFiles(folder: url.path)
        }
        if let defaultLanguage = settings.defaultLanguage {
            let resolver = LanguageResolver(available: files.keys.sorted(), defaultLanguage: nil)
            guard let tag = LanguageTag(defaultLanguage), resolver.match(tag) != nil else {
                throw DocumentError.invalidSetting(
                    path: settingsURL.path, field: "defaultLanguage", value: "'\(defaultLanguage)'",
                    fix: "no language file matches it; add \(defaultLanguage).md or name one of: \(files.keys.sorted().joined(separator: ", "))")
            }
        }
        var assets: [String: Data] = [:]
        if let logo = settings.launch.logo {
            assets[logo] = try? Data(contentsOf: url.appendingPathComponent(logo))
        }
        for (_, file) in settings.login.imageFiles {
            assets[file] = try? Data(contentsOf: url.appendingPathComponent(file))
        }
        let fonts = url.appendingPathComponent("fonts")
        let fontNames = (try? FileManager.default.contentsOfDirectory(atPath: fonts.path)) ?? []
        let fontFiles = fontNames.filter { ["ttf", "otf", "ttc"].contains(($0 as NSString).pathExtension.lowercased()) }
            .map { fonts.appendingPathComponent($0).standardizedFileURL.path }
        for name in fontNames.sorted() where ["woff", "woff2", "eot", "pfb", "pfa", "dfont"].contains((name as NSString).pathExtension.lowercased()) {
            notes.append("\(fonts.appendingPathComponent(name).path) is a web or legacy font format, not .ttf, .otf or .ttc; "
                         + "left out (convert it, for example with fonttools: fonttools ttLib.woff2 decompress \(name))")
        }
        // A file that is not a font is refused now, naming it, not when a render first needs it.
        var spellings: [String: [(family: String, file: String)]] = [:]
        for file in fontFiles.sorted() {
            for family in try FontFile.families(at: file) {
                spellings[family.lowercased(), default: []].append((family, (file as NSString).lastPathComponent))
            }
        }
        // fontconfig matches families without regard to case, so two spellings are one family.
        for (_, uses) in spellings.sorted(by: { $0.key < $1.key }) where Set(uses.map(\.family)).count > 1 {
            throw DocumentError.fontFamilyClash(folder: fonts.path, uses: uses.map { "'\($0.family)' (\($0.file))" })
        }
        let backdrops = try AppBackdrops.load(folder: url, settings: settings, settingsPath: settingsURL.path)
        var content = ConsentContent(name: url.lastPathComponent, source: url.path, settings: settings, languageFiles: files,
                                     assets: assets, fontFiles: fontFiles.sorted(), backdrops: backdrops)
        if let given {
            content.app = given
        } else if let app = try appFiles?.appSettings(for: settings.app, settingsPath: settingsURL.path) ?? settings.app {
            guard let appFiles else { throw DocumentError.noAppFilesReader(path: settingsURL.path) }
            content.app = try appFiles.read(app, documentFolder: url, settingsPath: settingsURL.path)
        }
        // The images the language files show are read now, so a missing one fails by name before
        // any render. (A file that does not parse fails when it is rendered, as before.)
        for language in content.languages {
            guard let document = try? content.document(language: language) else { continue }
            for source in DocumentImages.sources(in: document) where content.images[source] == nil {
                content.images[source] = try DocumentImages.load(source, folder: url, file: content.path(of: language))
            }
        }
        self.content = content
        self.notes = notes
    }

    /// Markdown files that document a folder rather than translate it, left out with a note.
    static let documentationNames: Set<String> = ["readme", "notes", "changelog", "license", "todo", "contributing"]

    /// The tag a misnamed language file probably means: `zh_CN` → `zh-CN`, `english` → `en`.
    static func suggestedTag(for stem: String) -> String? {
        let hyphenated = stem.replacingOccurrences(of: "_", with: "-")
        if hyphenated != stem, let tag = LanguageTag(hyphenated) { return tag.description }
        return languageNames[stem.lowercased()]
    }

    /// English (and a few native) names of common languages, for suggesting a file's tag.
    static let languageNames: [String: String] = [
        "english": "en", "chinese": "zh-Hans", "simplified": "zh-Hans", "traditional": "zh-Hant", "german": "de", "deutsch": "de",
        "french": "fr", "francais": "fr", "français": "fr", "spanish": "es", "espanol": "es", "español": "es", "japanese": "ja",
        "korean": "ko", "italian": "it", "portuguese": "pt-BR", "russian": "ru", "arabic": "ar", "hebrew": "he", "hindi": "hi",
        "thai": "th", "dutch": "nl", "turkish": "tr", "vietnamese": "vi", "polish": "pl", "swedish": "sv", "ukrainian": "uk",
        "indonesian": "id", "malay": "ms", "greek": "el", "czech": "cs", "danish": "da", "finnish": "fi", "norwegian": "no",
        "hungarian": "hu", "romanian": "ro", "slovak": "sk", "croatian": "hr", "catalan": "ca", "persian": "fa", "urdu": "ur",
    ]

    /// The parsed document for a language tag that has a file (see `LanguageResolver`).
    public func document(language: String) throws -> ConsentDocument {
        try content.document(language: language)
    }

    /// Checks that `name` (a `document.json` field's value) is a readable PNG file inside `folder`.
    private static func checkImage(_ name: String, field: String, folder: URL, settingsPath: String) throws {
        func refuse(_ fix: String) -> DocumentError {
            DocumentError.invalidSetting(path: settingsPath, field: field, value: "'\(name)'", fix: fix)
        }
        let fileURL = folder.appendingPathComponent(name).standardizedFileURL
        let folderPath = folder.standardizedFileURL.path
        guard !name.isEmpty else { throw refuse("name a PNG file in the document folder, for example \"logo.png\"") }
        guard !name.hasPrefix("/"), !name.hasPrefix("~"), fileURL.path.hasPrefix(folderPath + "/") else {
            throw refuse("it must name a file inside the document folder (\(folderPath)); copy it there and give its name relative "
                         + "to the folder, for example \"logo.png\"")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory) else {
            throw refuse("there is no such file in the document folder; add it, or correct the name")
        }
        if isDirectory.boolValue { throw refuse("it is a folder; name one PNG file") }
        do {
            _ = try Bitmap(contentsOfPNG: fileURL)
        } catch {
            let detail = "\(error)".trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            throw refuse("it must be a readable PNG file (\(detail))")
        }
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
        let folder = url.deletingLastPathComponent()
        for (field, file) in (settings.launch.logo.map { [("launch.logo", $0)] } ?? []) + settings.login.imageFiles {
            try checkImage(file, field: field, folder: folder, settingsPath: path)
        }
        return settings
    }
}

extension DocumentSettings {
    /// Decodes and validates `document.json`; `source` names it in errors (the file's path). The
    /// files it names are checked by whoever loads them (`DocumentFolder`).
    public static func decode(_ data: Data, source path: String) throws -> DocumentSettings {
        try StrictJSONReader.check(data, schema: .documentSettings, path: path) { DocumentError.malformedSettings(path: path, detail: $0) }
        let tree = try? StrictJSONReader.parse(data)
        /// The file's path with the line and column of `field`, when the file has it.
        func located(_ field: String) -> String {
            guard let member = tree?.member(at: field) else { return path }
            return "\(path): line \(member.line), column \(member.column)"
        }
        if let null = tree?.firstNull() {
            throw DocumentError.invalidSetting(path: "\(path): line \(null.line), column \(null.column)", field: null.path, value: "null",
                                               fix: "remove the key to keep its default, or give it a value")
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
                throw DocumentError.invalidSetting(path: located(field), field: field, value: "of the wrong type", fix: "it must be \(expected)")
            case let .invalidValue(field, detail):
                throw DocumentError.invalidSetting(path: located(field), field: field, value: "not accepted", fix: detail)
            }
        }
        if let problem = settings.style.problem() {
            let field = "style." + problem.field
            throw DocumentError.invalidSetting(path: located(field), field: field, value: problem.value, fix: problem.fix)
        }
        if let bar = settings.statusBar {
            for (field, value, range) in [("battery", bar.battery, 0...100), ("cellularBars", bar.cellularBars, 0...4),
                                          ("wifiBars", bar.wifiBars, 0...3)] {
                if let value, !range.contains(value) {
                    throw DocumentError.invalidSetting(path: path, field: "statusBar.\(field)", value: "\(value)",
                                                       fix: "use a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
            }
            if let time = bar.time, StatusBarClock.parse(time) == nil {
                throw DocumentError.invalidSetting(path: path, field: "statusBar.time", value: "'\(time)'",
                                                   fix: "write it as H:MM on a 24-hour clock, for example \"9:41\" or \"14:05\"")
            }
        }
        if let background = settings.launch.background, Color(hex: background) == nil {
            throw DocumentError.invalidSetting(path: path, field: "launch.background", value: "'\(background)'",
                                               fix: "write it as #RRGGBB, for example #0E6BA8")
        }
        return settings
    }
}
