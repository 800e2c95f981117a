import Foundation

/// An app's own words as a render needs them: its name, its purpose strings and its Localizable
/// strings, looked up per language as the device looks them up. The rendering target only asks;
/// a reader target reads the files (`XcodeFiles` reads an iOS app's Info.plist, `.strings` and
/// String Catalogs) and hands a value of this protocol to `DocumentFolder` or `--app-info`.
public protocol AppStrings: Sendable {
    /// The file the app's settings come from (an iOS app's Info.plist), for messages.
    var settingsFile: String { get }
    /// The localization the app falls back to (`CFBundleDevelopmentRegion`).
    var developmentRegion: String { get }
    /// The files a `localizedString` lookup reads, for messages.
    var localizableFiles: [String] { get }
    /// Whether a screen looked anything up (shared by every copy of the value).
    var reads: AppStringReads { get }

    /// A setting's own value in the settings file, untranslated (an Info.plist key's string); nil
    /// when the file does not have it.
    func setting(_ key: String) -> String?
    /// A boolean setting of the settings file (`NSLocationDefaultAccuracyReduced`); nil when absent.
    func flag(_ key: String) -> Bool?
    /// The localization the device picks for `language`, the device's language or its preference
    /// list (`ko,ja`); nil when the app has none of them.
    func localization(for language: String) -> String?
    /// A setting in `language` (the app's name, a purpose string): its translation, else the
    /// development region's, else the settings file's own value; nil when none has it.
    func infoValue(_ key: String, language: String) -> AppStringLookup?
    /// A Localizable string in `language`; nil when no localization has it.
    func localizedString(_ key: String, language: String) -> AppStringLookup?
    /// The same strings as a device of `idiom` reads them (String Catalogs vary by device).
    func seen(on idiom: DeviceIdiom) -> any AppStrings
    /// The same strings as a screen in `appearance` and `orientation` reads them (Android's
    /// `values-night` and `values-land`); the strings as they are where nothing varies so.
    func seen(appearance: Appearance, orientation: Orientation) -> any AppStrings
    /// What reading the files found worth saying (a key given twice, the later value used), a
    /// sentence each; a prompt's render warns with them.
    var fileWarnings: [String] { get }
    /// The build settings the app's variables could have come from, for a did-you-mean.
    var buildSettingNames: [String] { get }
    /// A file of the app's for `language`'s translations that iOS does not read because its name
    /// is in the wrong letter case (`ja.lproj/infoPlist.strings`), or nil.
    func miscasedTranslationFile(for language: String) -> String?
    /// A translation file for `language` on disk that the app's target does not list, so the built
    /// app lacks it; nil when there is none.
    func unlistedTranslationFile(for language: String) -> String?
    /// The strings table `{ "key": … }` entries are read from (`Localizable`, or `"table"`).
    var tableName: String { get }
    /// The prompts the app can show (`--screens prompts`): an iOS app's are each whose purpose
    /// string its Info.plist has, and notifications; an Android app's, its manifest's permissions'.
    var declaredPrompts: [PromptKind] { get }
    /// The platform whose app files these are (`ios`, `android`).
    var platformName: String { get }
    /// The other tables the app's `.lproj` folders hold, for a did-you-mean.
    var otherTables: [String] { get }
    /// The folders the app is built from (its Xcode project, synchronized folders, `.lproj`
    /// folders, the Info.plist's folder), each with what it is for messages: no output goes inside
    /// one, where the next build would pick it up.
    var sourceFolders: [OwnedFolder.Protected] { get }
    /// Why setting `key`'s variables do not expand although the build settings set them (a
    /// value naming a variable nothing sets, or itself), or nil.
    func unexpandedReason(_ key: String) -> String?
    /// Whether the build settings are an Xcode project's (not only `buildSettings` given by hand).
    var readsProject: Bool { get }
    /// Whether Xcode generates the Info.plist from `INFOPLIST_KEY_*` build settings.
    var generatesInfoPlist: Bool { get }
    /// The app's localizations (`de`, `zh-Hans`), Base left out.
    var localizations: [String] { get }
    /// The settings file's string keys (the Info.plist's).
    var settingKeys: [String] { get }
    /// Every key (or resource name) of the app's strings, for a did-you-mean; empty where a reader
    /// does not list them.
    var stringKeys: [String] { get }
    /// The keys the settings file's translations give (InfoPlist.strings, InfoPlist.xcstrings), each
    /// with a file that gives it.
    var translatedSettingKeys: [String: String] { get }
}

extension AppStrings {
    public var fileWarnings: [String] { [] }
    public var buildSettingNames: [String] { [] }
    public func miscasedTranslationFile(for language: String) -> String? { nil }
    public func unlistedTranslationFile(for language: String) -> String? { nil }
    public var tableName: String { "Localizable" }
    public var otherTables: [String] { [] }
    public var sourceFolders: [OwnedFolder.Protected] { [] }
    public func flag(_ key: String) -> Bool? { nil }
    public func unexpandedReason(_ key: String) -> String? { nil }
    public var readsProject: Bool { false }
    public var generatesInfoPlist: Bool { false }
    public var localizations: [String] { [] }
    public var settingKeys: [String] { [] }
    public var translatedSettingKeys: [String: String] { [:] }
    public var stringKeys: [String] { [] }
    public func seen(appearance: Appearance, orientation: Orientation) -> any AppStrings { self }

    /// The prompts the app can show: each whose purpose string the Info.plist has, and the
    /// notification prompt, which needs none.
    public var platformName: String { "ios" }

    public var declaredPrompts: [PromptKind] {
        PromptKind.allCases.filter { kind in kind.infoPlistKey.map { setting($0) != nil } ?? (kind == .notifications) }
    }

    /// The app's localizations the document has no language file for (matched as tags: `zh-Hans`
    /// is `zh-hans`), which prompts are drawn in too when every language is asked for.
    public func localizationsBeyond(_ documentLanguages: [String]) -> [String] {
        localizations.filter { localization in !documentLanguages.contains { LanguageTag.same($0, localization) } }
    }

    /// The languages of the document (`documentLanguages`) that have no translation of setting
    /// `key`: the device shows them the development region's text.
    public func languagesLacking(_ key: String, among documentLanguages: [String]) -> [String] {
        documentLanguages.filter { language in infoValue(key, language: language)?.isFallback ?? true }
            .filter { !LanguageTag.same($0, developmentRegion) }
    }
}

/// A text of the app's and where it came from.
public struct AppStringLookup: Sendable, Equatable {
    public var text: String
    /// The app localization it is in (`ja`, `Base`, or the development region).
    public var language: String
    /// The file it was read from.
    public var file: String
    /// True when the app has no localization for the language asked for, or that
    /// localization lacks the key, so the device shows the development region's text.
    public var isFallback: Bool
    /// True when it comes from a translation (`InfoPlist.strings`, a String Catalog), which iOS
    /// shows as written, rather than the settings file (or build settings) the build expands.
    public var isTranslation: Bool

    public init(text: String, language: String, file: String, isFallback: Bool, isTranslation: Bool = false) {
        self.text = text
        self.language = language
        self.file = file
        self.isFallback = isFallback
        self.isTranslation = isTranslation
    }
}

/// Whether anything read an app's strings; it takes no part in comparing two of them.
public final class AppStringReads: @unchecked Sendable, Equatable {
    private let lock = NSLock()
    private var read = false

    public init() {}

    /// Records a lookup.
    public func note() {
        lock.lock()
        read = true
        lock.unlock()
    }

    /// Whether a lookup has been made.
    package var happened: Bool {
        lock.lock()
        defer { lock.unlock() }
        return read
    }

    public static func == (lhs: AppStringReads, rhs: AppStringReads) -> Bool { true }
}

/// Reads the app files `document.json`'s `app` names (`XcodeAppFiles` for an iOS app). A document
/// folder that names app files is opened with one: `DocumentFolder(url:appFiles:)`.
public protocol AppFilesReader: Sendable {
    /// Whether this reader reads the app `settings` describe (an Android reader reads `resources`).
    func reads(_ settings: DocumentSettings.AppFiles) -> Bool
    /// `settings` is `document.json`'s `app`; its paths are relative to `documentFolder`.
    func read(_ settings: DocumentSettings.AppFiles, documentFolder: URL, settingsPath: String) throws -> any AppStrings
    /// The `app` to read in place of the document's own `documentApp` (the command line's
    /// `--xcodeproj`, `--target`, `--build-setting`); nil reads none.
    func appSettings(for documentApp: DocumentSettings.AppFiles?, settingsPath: String) throws -> DocumentSettings.AppFiles?
}

extension AppFilesReader {
    public func appSettings(for documentApp: DocumentSettings.AppFiles?, settingsPath: String) throws -> DocumentSettings.AppFiles? {
        documentApp
    }
    public func reads(_ settings: DocumentSettings.AppFiles) -> Bool { true }
}

/// Several readers, each app read by the first that reads it (`AndroidAppFiles` for `resources`,
/// then `XcodeAppFiles`): what render-cli opens documents with.
public struct AppFileReaders: AppFilesReader {
    public var readers: [any AppFilesReader]

    public init(_ readers: [any AppFilesReader]) {
        self.readers = readers
    }

    public func reads(_ settings: DocumentSettings.AppFiles) -> Bool {
        readers.contains { $0.reads(settings) }
    }

    public func read(_ settings: DocumentSettings.AppFiles, documentFolder: URL, settingsPath: String) throws -> any AppStrings {
        guard let reader = readers.first(where: { $0.reads(settings) }) ?? readers.last else {
            throw DocumentError.noAppFilesReader(path: settingsPath)
        }
        return try reader.read(settings, documentFolder: documentFolder, settingsPath: settingsPath)
    }

    public func appSettings(for documentApp: DocumentSettings.AppFiles?, settingsPath: String) throws -> DocumentSettings.AppFiles? {
        var settings = documentApp
        for reader in readers { settings = try reader.appSettings(for: settings, settingsPath: settingsPath) }
        return settings
    }
}
