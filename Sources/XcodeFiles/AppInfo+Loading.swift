import ConsentRender
import Foundation

extension AppInfo {
    /// `document.json`'s `app`: its Info.plist and localizations folder, relative to the document
    /// folder (the localizations default to the Info.plist's folder).
    public static func load(settings: DocumentSettings.AppFiles, documentFolder: URL, settingsPath: String) throws -> AppInfo {
        // Relative to the document folder, or absolute.
        func resolved(_ path: String) -> URL {
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : documentFolder.appendingPathComponent(path)).standardizedFileURL
        }
        let plist = resolved(settings.infoPlist ?? "Info.plist")
        let localizations = settings.localizations.map(resolved) ?? plist.deletingLastPathComponent()
        let source = "\(settingsPath) (\"app\")"
        guard FileManager.default.fileExists(atPath: plist.path) else {
            throw PromptError.missingAppFile(path: plist.path, source: source,
                                             fix: "set \"app\": { \"infoPlist\": … } to the app's Info.plist, relative to the document folder")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: localizations.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PromptError.missingAppFile(path: localizations.path, source: source,
                                             fix: "set \"app\": { \"localizations\": … } to the folder holding the app's .lproj folders "
                                                + "and String Catalogs, relative to the document folder")
        }
        var info = try load(infoPlist: plist, localizations: localizations)
        if let buildSettings = settings.buildSettings { info.expandVariables(with: buildSettings, source: source) }
        return info
    }

    /// The Info.plist's `$(VAR)` and `${VAR}` values expanded from `buildSettings`, as Xcode's build
    /// expands them (translations in `.strings` files are shown as written, so they are left). A
    /// value with a variable the settings lack stays as it is, and a render that shows it is refused.
    mutating func expandVariables(with buildSettings: [String: String], source: String) {
        let settings = BuildSettings(levels: [.init(name: source, settings: buildSettings)])
        for (key, value) in infoPlist where value.contains("$(") || value.contains("${") {
            if let expanded = try? settings.expand(value) { infoPlist[key] = expanded }
        }
    }

    /// `--app-info DIR`: `DIR/Info.plist`, and the `.lproj` folders and String Catalogs in `DIR`.
    public static func load(folder: URL) throws -> AppInfo {
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
        return try load(infoPlist: plist, localizations: folder)
    }

    /// Reads the Info.plist, every `<lang>.lproj/InfoPlist.strings` and `Localizable.strings` in
    /// `localizations`, and `InfoPlist.xcstrings` and `Localizable.xcstrings` there or beside the
    /// Info.plist.
    public static func load(infoPlist plistURL: URL, localizations folder: URL) throws -> AppInfo {
        let plistData = try read(plistURL)
        let (root, warnings) = try PropertyList.read(plistData, path: plistURL.path)
        guard case let .dictionary(values) = root else {
            throw AppFileError.notADictionary(path: plistURL.path, what: "an Info.plist")
        }
        var strings: [String: String] = [:]
        for (key, value) in values {
            if case let .string(text) = value { strings[key] = text }
        }
        let region = strings["CFBundleDevelopmentRegion"].flatMap(lprojTag) ?? "en"
        var info = AppInfo(infoPlistPath: plistURL.path, infoPlist: strings, developmentRegion: region)
        info.fileWarnings = warnings
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for name in names where name.hasSuffix(".lproj") {
            guard let tag = lprojTag(String(name.dropLast(".lproj".count))) else { continue }
            let lproj = folder.appendingPathComponent(name)
            info.lprojLanguages[tag] = lproj.path
            for (file, keyPath) in [("InfoPlist.strings", \AppInfo.infoPlistStrings), ("Localizable.strings", \AppInfo.localizableStrings)] {
                let url = lproj.appendingPathComponent(file)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                info[keyPath: keyPath][tag] = Table(path: url.path, entries: try StringsFile.parse(try read(url), path: url.path))
            }
        }
        for (file, keyPath) in [("InfoPlist.xcstrings", \AppInfo.infoPlistCatalog), ("Localizable.xcstrings", \AppInfo.localizableCatalog)] {
            let candidates = [folder.appendingPathComponent(file), plistURL.deletingLastPathComponent().appendingPathComponent(file)]
            guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { continue }
            info[keyPath: keyPath] = Catalog(path: url.path, catalog: try StringCatalog.parse(try read(url), path: url.path))
        }
        return info
    }

    private static func read(_ url: URL) throws -> Data {
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

/// The reader of an iOS app's files for `document.json`'s `app`: its Info.plist, `.lproj`
/// folders and String Catalogs. Open a document folder with it:
/// `DocumentFolder(url: folder, appFiles: XcodeAppFiles())`.
public struct XcodeAppFiles: AppFilesReader {
    public init() {}

    public func read(_ settings: DocumentSettings.AppFiles, documentFolder: URL, settingsPath: String) throws -> any AppStrings {
        try AppInfo.load(settings: settings, documentFolder: documentFolder, settingsPath: settingsPath)
    }

    /// The app files in `folder`, as `--app-info DIR` reads them: `DIR/Info.plist`, and the
    /// `.lproj` folders and String Catalogs in `DIR`. Set a document's `content.app` to it.
    public func read(folder: URL) throws -> any AppStrings {
        try AppInfo.load(folder: folder)
    }
}
