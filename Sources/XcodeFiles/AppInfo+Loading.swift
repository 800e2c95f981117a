import ConsentRender
import Foundation

extension AppInfo {
    /// `document.json`'s `app`: an Xcode project and target (`project`), or an Info.plist and
    /// localization folders, relative to the document folder (the localizations default to the
    /// Info.plist's folder).
    public static func load(settings: DocumentSettings.AppFiles, documentFolder: URL, settingsPath: String) throws -> AppInfo {
        // Relative to the document folder, or absolute.
        func resolved(_ path: String) -> URL {
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : documentFolder.appendingPathComponent(path)).standardizedFileURL
        }
        let source = "\(settingsPath) (\"app\")"
        let table = try tableName(settings.table, source: source)
        if settings.localizations?.isEmpty == true {
            throw DocumentError.invalidSetting(path: settingsPath, field: "app.localizations", value: "an empty list",
                                               fix: "list at least one folder of .lproj folders, or leave it out")
        }
        let extraFolders = try (settings.localizations ?? []).map { path in
            let url = resolved(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
                throw PromptError.missingAppFile(path: url.path, source: source,
                                                 fix: "set \"app\": { \"localizations\": … } to the folder (or folders) holding the app's "
                                                    + ".lproj folders and String Catalogs, relative to the document folder")
            }
            return url
        }
        if let project = settings.project {
            if settings.infoPlist != nil { throw XcodeProjectError.projectAndInfoPlist(settingsPath: settingsPath) }
            return try load(project: resolved(project), target: settings.target, configuration: settings.configuration,
                            buildSettings: settings.buildSettings ?? [:], table: table, extraLocalizations: extraFolders,
                            source: source)
        }
        for (field, value) in [("target", settings.target), ("configuration", settings.configuration)] where value != nil {
            throw XcodeProjectError.withoutProject(field: "\"\(field)\"", source: source, fix: "add \"project\": \"App.xcodeproj\" beside it")
        }
        let plist = resolved(settings.infoPlist ?? "Info.plist")
        guard FileManager.default.fileExists(atPath: plist.path) else {
            throw PromptError.missingAppFile(path: plist.path, source: source,
                                             fix: "set \"app\": { \"infoPlist\": … } to the app's Info.plist, relative to the document "
                                                + "folder, or \"app\": { \"project\": \"App.xcodeproj\" } to read it from the Xcode project")
        }
        let folders = extraFolders.isEmpty ? [plist.deletingLastPathComponent()] : extraFolders
        var info = try load(infoPlist: plist, localizations: folders, table: table)
        for folder in extraFolders { info.protect(folder, role: "a folder of the app's localizations (\"app\": \"localizations\")") }
        if let buildSettings = settings.buildSettings {
            info.expandVariables(with: BuildSettings(levels: [.init(name: source, settings: buildSettings)]))
        }
        return info
    }

    /// A table name as `"table"` or `--table` gives it: a file name without `.strings`.
    static func tableName(_ name: String?, source: String) throws -> String {
        guard let name else { return "Localizable" }
        var bare = name
        for suffix in [".strings", ".stringsdict", ".xcstrings"] where bare.hasSuffix(suffix) { bare = String(bare.dropLast(suffix.count)) }
        guard !bare.isEmpty, !bare.contains("/") else {
            throw XcodeProjectError.badTable(name: name, source: source)
        }
        return bare
    }

    /// The Info.plist's `$(VAR)` and `${VAR}` values expanded from `settings`, as Xcode's build
    /// expands them (translations in `.strings` files are shown as written, so they are left). A
    /// value with a variable the settings lack stays as it is, and a render that shows it is refused.
    mutating func expandVariables(with settings: BuildSettings) {
        for (key, value) in infoPlist where value.contains("$(") || value.contains("${") {
            if let expanded = try? settings.expand(value) { infoPlist[key] = expanded } else { unexpandedReasons[key] = settings.whyUnexpanded(value) }
        }
        if let region = infoPlist["CFBundleDevelopmentRegion"].flatMap(Self.lprojTag) { developmentRegion = region }
        buildSettingNames = settings.names
    }

    /// `--app-info DIR`: `DIR/Info.plist`, and the `.lproj` folders and String Catalogs in `DIR`.
    public static func load(folder: URL, buildSettings: [String: String] = [:], table: String? = nil) throws -> AppInfo {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue {
            throw PromptError.appInfoNotAFolder(path: folder.path)
        }
        guard exists else {
            throw PromptError.missingAppFile(path: folder.path, source: "--app-info",
                                             fix: "give the folder that holds the app's Info.plist and its .lproj folders")
        }
        let plist = folder.appendingPathComponent("Info.plist")
        guard FileManager.default.fileExists(atPath: plist.path) else {
            throw PromptError.missingAppFile(path: plist.path, source: "--app-info \(folder.path)",
                                             fix: "the folder must hold the app's Info.plist (XML or binary)")
        }
        var info = try load(infoPlist: plist, localizations: [folder], table: try tableName(table, source: "--table"))
        if !buildSettings.isEmpty { info.expandVariables(with: BuildSettings(levels: [.init(name: "--build-setting", settings: buildSettings)])) }
        return info
    }

    /// Reads the Info.plist, and in each of `folders` (in order; the first that has a key gives
    /// it) every `<lang>.lproj`'s `InfoPlist.strings` and the table's `.strings` and `.stringsdict`,
    /// and `InfoPlist.xcstrings` and the table's `.xcstrings` (there or beside the Info.plist).
    public static func load(infoPlist plistURL: URL, localizations folders: [URL], table: String = "Localizable") throws -> AppInfo {
        var info = try readInfoPlist(plistURL)
        info.table = table
        for folder in folders { try info.addLocalizations(in: folder) }
        info.protectLocalizations()
        if info.infoPlistCatalog == nil {
            let beside = plistURL.deletingLastPathComponent().appendingPathComponent("InfoPlist.xcstrings")
            if FileManager.default.fileExists(atPath: beside.path) { try info.addCatalog(beside) }
        }
        if info.localizableCatalogs.isEmpty {
            let beside = plistURL.deletingLastPathComponent().appendingPathComponent("\(table).xcstrings")
            if FileManager.default.fileExists(atPath: beside.path) { try info.addCatalog(beside) }
        }
        return info
    }

    /// Adds a folder the app's files come from to those no render writes into (once).
    mutating func protect(_ folder: URL, role: String) {
        let url = folder.standardizedFileURL
        guard !sourceFolders.contains(where: { $0.url.path == url.path }) else { return }
        sourceFolders.append(.init(url: url, role: role))
    }

    /// Adds every `.lproj` folder read to the folders no render writes into.
    mutating func protectLocalizations() {
        for (tag, path) in lprojLanguages.sorted(by: { $0.key < $1.key }) {
            protect(URL(fileURLWithPath: path), role: "the app's \(tag) localization")
        }
    }

    /// The Info.plist's strings and booleans; no localizations yet.
    static func readInfoPlist(_ plistURL: URL) throws -> AppInfo {
        let (root, warnings) = try PropertyList.read(try read(plistURL), path: plistURL.path)
        guard case let .dictionary(values) = root else {
            throw AppFileError.notADictionary(path: plistURL.path, what: "an Info.plist")
        }
        var info = AppInfo(infoPlistPath: plistURL.path, infoPlist: [:], developmentRegion: "en")
        info.take(values)
        info.fileWarnings = warnings
        return info
    }

    /// Takes a property list's top-level strings and booleans (over those already held).
    mutating func take(_ values: [String: PropertyListValue]) {
        for (key, value) in values {
            switch value {
            case let .string(text): infoPlist[key] = text
            case let .bool(flag): infoPlistBooleans[key] = flag
            default: break
            }
        }
        developmentRegion = infoPlist["CFBundleDevelopmentRegion"].flatMap(Self.lprojTag) ?? "en"
    }

    /// The `.lproj` folders and String Catalogs directly in `folder`.
    /// `package`: a Swift package's resources, which go into their own bundle: their tables are
    /// read, but they give the app no Info.plist translations and no localization of its own (iOS
    /// shows a package's strings only in the languages the app itself has).
    mutating func addLocalizations(in folder: URL, package: Bool = false) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for name in names {
            let url = folder.appendingPathComponent(name)
            if name.hasSuffix(".lproj") {
                try addLproj(url, only: nil, package: package)
            } else if name == "\(table).xcstrings" || (!package && name == "InfoPlist.xcstrings") {
                try addCatalog(url)
                if package { packageCatalogs.insert(url.path) }
            }
        }
    }

    /// An `.lproj` folder's InfoPlist.strings and the table's files (or only the file named `only`).
    mutating func addLproj(_ lproj: URL, only: String?, package: Bool = false) throws {
        guard let tag = Self.lprojTag(String(lproj.lastPathComponent.dropLast(".lproj".count))) else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: lproj.path, isDirectory: &isFolder), isFolder.boolValue else { return }
        if package { packageLprojs.insert(lproj.path) } else if lprojLanguages[tag] == nil { lprojLanguages[tag] = lproj.path }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: lproj.path)) ?? []).sorted()
        // A file the project lists in another letter case than the disk's is still looked at, to be named.
        for name in names where only == nil || name.lowercased() == only?.lowercased() {
            let url = lproj.appendingPathComponent(name)
            switch name {
            case "InfoPlist.strings":
                // The app bundle has one: the first folder's (a package's bundle gives the app none).
                if !package, infoPlistStrings[tag] == nil {
                    infoPlistStrings[tag] = Table(path: url.path, entries: try StringsFile.parse(try Self.read(url), path: url.path))
                }
            case "\(table).strings":
                localizableStrings[tag, default: []].append(Table(path: url.path, entries: try StringsFile.parse(try Self.read(url), path: url.path)))
            case "\(table).stringsdict":
                var entries: [String: String] = [:], devices: [String: [String: String]] = [:]
                for (key, entry) in try StringsDictionary.parse(try Self.read(url), path: url.path) {
                    switch entry {
                    case let .text(text): entries[key] = text
                    case let .byDevice(forms): devices[key] = forms
                    }
                }
                localizableStrings[tag, default: []].append(Table(path: url.path, entries: entries, deviceEntries: devices))
            default:
                if name.lowercased() == "infoplist.strings", miscasedInfoPlistStrings[tag] == nil {
                    miscasedInfoPlistStrings[tag] = url.path
                }
            }
        }
    }

    /// An `InfoPlist.xcstrings` or the table's String Catalog.
    mutating func addCatalog(_ url: URL) throws {
        let catalog = Catalog(path: url.path, catalog: try StringCatalog.parse(try Self.read(url), path: url.path))
        if url.lastPathComponent == "InfoPlist.xcstrings" {
            if infoPlistCatalog == nil { infoPlistCatalog = catalog }
        } else if !localizableCatalogs.contains(where: { $0.path == catalog.path }) {
            localizableCatalogs.append(catalog)
        }
    }

    static func read(_ url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DocumentError.unreadableFile(path: url.path, reason: describeFileError(error))
        }
    }

    /// The language tag of an `.lproj` folder's name: `ja`, `zh-Hans`, `pt_BR` → `pt-BR`, the old
    /// English names (`English.lproj` → `en`), `zh_CN` → `zh-Hans`; `Base` stays `Base`.
    static func lprojTag(_ name: String) -> String? {
        if name == "Base" { return "Base" }
        if let old = legacyNames[name] { return old }
        let hyphenated = name.replacingOccurrences(of: "_", with: "-")
        switch hyphenated.lowercased() {
        case "zh-cn", "zh-sg": return "zh-Hans"
        case "zh-tw": return "zh-Hant"
        case "zh-hk", "zh-mo": return "zh-Hant-\(hyphenated.suffix(2).uppercased())"
        default: break
        }
        return LanguageTag(hyphenated)?.description
    }

    /// Language names Xcode once used for `.lproj` folders.
    static let legacyNames: [String: String] = [
        "English": "en", "Japanese": "ja", "French": "fr", "German": "de", "Spanish": "es", "Italian": "it", "Dutch": "nl",
        "Portuguese": "pt", "Swedish": "sv", "Danish": "da", "Finnish": "fi", "Norwegian": "nb", "Korean": "ko", "Russian": "ru",
        "Polish": "pl", "Chinese": "zh-Hans",
    ]
}

/// What the command line puts in place of a document's `app`: `--xcodeproj` (the project, which
/// stands in for the document's app files; its `table` is kept), `--target`, `--configuration`
/// and `--build-setting`s (over the document's or the project's).
public struct AppFileOverrides: Sendable, Equatable {
    /// An absolute `.xcodeproj` path.
    public var project: String?
    public var target: String?
    public var configuration: String?
    public var buildSettings: [String: String]

    public init(project: String? = nil, target: String? = nil, configuration: String? = nil, buildSettings: [String: String] = [:]) {
        self.project = project
        self.target = target
        self.configuration = configuration
        self.buildSettings = buildSettings
    }

    public var isEmpty: Bool { self == AppFileOverrides() }

    /// `documentApp` with these over it.
    func applied(to documentApp: DocumentSettings.AppFiles?, settingsPath: String) throws -> DocumentSettings.AppFiles? {
        guard !isEmpty else { return documentApp }
        var app: DocumentSettings.AppFiles
        if let project {
            app = DocumentSettings.AppFiles(project: project, table: documentApp?.table)
        } else if let documentApp {
            app = documentApp
        } else {
            let given = target != nil ? "--target" : configuration != nil ? "--configuration" : "--build-setting"
            throw XcodeProjectError.withoutProject(field: given, source: settingsPath,
                                                   fix: "the document names no app files (\"app\"); add --xcodeproj App.xcodeproj"
                                                      + (given == "--build-setting" ? " or --app-info DIR" : ""))
        }
        for (option, value) in [("--target", target), ("--configuration", configuration)] where value != nil && app.project == nil {
            throw XcodeProjectError.withoutProject(field: option, source: settingsPath,
                                                   fix: "document.json's \"app\" names an Info.plist, not a project; add --xcodeproj App.xcodeproj, "
                                                      + "or drop \(option)")
        }
        if let target { app.target = target }
        if let configuration { app.configuration = configuration }
        if !buildSettings.isEmpty { app.buildSettings = (app.buildSettings ?? [:]).merging(buildSettings) { $1 } }
        return app
    }
}

/// The reader of an iOS app's files for `document.json`'s `app`: its Xcode project, or its
/// Info.plist, `.lproj` folders and String Catalogs. Open a document folder with it:
/// `DocumentFolder(url: folder, appFiles: XcodeAppFiles())`.
public struct XcodeAppFiles: AppFilesReader {
    /// What the command line puts over the document's `app`.
    public var overrides: AppFileOverrides

    public init(overrides: AppFileOverrides = AppFileOverrides()) {
        self.overrides = overrides
    }

    public func read(_ settings: DocumentSettings.AppFiles, documentFolder: URL, settingsPath: String) throws -> any AppStrings {
        try AppInfo.load(settings: settings, documentFolder: documentFolder, settingsPath: settingsPath)
    }

    public func appSettings(for documentApp: DocumentSettings.AppFiles?, settingsPath: String) throws -> DocumentSettings.AppFiles? {
        try overrides.applied(to: documentApp, settingsPath: settingsPath)
    }

    /// The app files in `folder`, as `--app-info DIR` reads them: `DIR/Info.plist`, and the
    /// `.lproj` folders and String Catalogs in `DIR`. Set a document's `content.app` to it.
    public func read(folder: URL) throws -> any AppStrings {
        try AppInfo.load(folder: folder)
    }
}
