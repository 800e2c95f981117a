import ConsentRender
import Foundation

/// An app's own words, from the files its iOS team already has: the Info.plist (display name,
/// purpose strings, development region), `<lang>.lproj/InfoPlist.strings` or `InfoPlist.xcstrings`
/// for their translations, and `<lang>.lproj/Localizable.strings` or `Localizable.xcstrings` for the
/// dialog's own strings. Looked up per language as iOS looks them up.
package struct AppInfo: AppStrings, Equatable {
    /// One `.strings` file's entries, with its path for messages.
    public struct Table: Sendable, Equatable {
        public var path: String
        public var entries: [String: String]
        /// A `.stringsdict` key's forms by device (`iphone`, `ipad`, `other`).
        public var deviceEntries: [String: [String: String]] = [:]

        public init(path: String, entries: [String: String], deviceEntries: [String: [String: String]] = [:]) {
            self.path = path
            self.entries = entries
            self.deviceEntries = deviceEntries
        }

        /// `key`'s text on `device`.
        func text(_ key: String, device: StringCatalog.Device) -> String? {
            if let text = entries[key] { return text }
            guard let forms = deviceEntries[key] else { return nil }
            return forms[device.rawValue] ?? forms["other"] ?? forms["iphone"]
        }
    }

    /// A String Catalog with its path.
    public struct Catalog: Sendable, Equatable {
        public var path: String
        public var catalog: StringCatalog

        public init(path: String, catalog: StringCatalog) {
            self.path = path
            self.catalog = catalog
        }
    }

    /// A text and where it came from.
    public typealias Lookup = AppStringLookup

    /// What reading the files found worth saying: a key given twice in the Info.plist.
    public var fileWarnings: [String] = []

    public var infoPlistPath: String
    /// The Info.plist's top-level string values.
    public var infoPlist: [String: String]
    /// Where an Info.plist value was given when not in `infoPlistPath`: a generated Info.plist's
    /// `INFOPLIST_KEY_*` build setting, by key (`NSCameraUsageDescription` → `INFOPLIST_KEY_… in
    /// App.xcconfig`), for messages.
    public var infoPlistSources: [String: String] = [:]
    /// The Info.plist's top-level booleans (`NSLocationDefaultAccuracyReduced`).
    public var infoPlistBooleans: [String: Bool] = [:]
    public func flag(_ key: String) -> Bool? { infoPlistBooleans[key] }
    public var settingKeys: [String] { infoPlist.keys.sorted() }
    public var translatedSettingKeys: [String: String] {
        var keys: [String: String] = [:]
        for (_, table) in infoPlistStrings.sorted(by: { $0.key < $1.key }) {
            for key in table.entries.keys where keys[key] == nil { keys[key] = table.path }
        }
        if let catalog = infoPlistCatalog {
            for key in catalog.catalog.keys where keys[key] == nil { keys[key] = catalog.path }
        }
        return keys
    }
    /// `CFBundleDevelopmentRegion`, or `en` when the Info.plist does not say.
    public var developmentRegion: String
    /// The `.lproj` folders by language tag (`Base` for Base.lproj): the app's localizations.
    public var lprojLanguages: [String: String]
    public var infoPlistStrings: [String: Table]
    public var infoPlistCatalog: Catalog?
    /// The strings table the dialog's keys are looked up in (`Localizable`, or a team's own name:
    /// `Vector` reads `Vector.strings`, `Vector.stringsdict` and `Vector.xcstrings`).
    public var table: String = "Localizable"
    /// That table's `.strings` and `.stringsdict` files by language, from every localization
    /// folder, in the order the folders were given (the first that has a key gives it).
    public var localizableStrings: [String: [Table]]
    /// That table's String Catalogs, in folder order.
    public var localizableCatalogs: [Catalog]
    /// `.lproj` files named like `InfoPlist.strings` in another letter case, by language: iOS's
    /// file system is case-sensitive, so iOS does not read them either.
    public var miscasedInfoPlistStrings: [String: String] = [:]
    /// The build settings the Info.plist's variables could expand from, for a did-you-mean.
    public var buildSettingNames: [String] = []
    /// The project, target and configuration the files come from (`Atlas.xcodeproj, target
    /// Atlas, Release`), when read from a project.
    public var origin: String?
    /// The folders the app's files were read from, which no render writes into.
    public var sourceFolders: [OwnedFolder.Protected] = []
    /// `InfoPlist.strings` files on disk beside the target's `.lproj` folders that its resources do
    /// not list, by language (read from a project only).
    public var unlistedInfoPlistStrings: [String: String] = [:]
    /// The `.lproj` folders and String Catalogs of Swift packages' resources: read for their
    /// tables, but no localization of the app's.
    public var packageLprojs: Set<String> = []
    public var packageCatalogs: Set<String> = []
    /// Why a key's variables do not expand, where the settings set them (`expandVariables`).
    public var unexpandedReasons: [String: String] = [:]
    public func unexpandedReason(_ key: String) -> String? { unexpandedReasons[key] }
    public var readsProject: Bool { origin != nil }
    public var generatesInfoPlist = false
    /// Whether a screen looked anything up in these files (shared by every copy of this value), so
    /// a command can tell that `--app-info` would change nothing.
    public let reads = AppStringReads()

    public init(infoPlistPath: String, infoPlist: [String: String], developmentRegion: String, lprojLanguages: [String: String] = [:],
                infoPlistStrings: [String: Table] = [:], infoPlistCatalog: Catalog? = nil,
                localizableStrings: [String: [Table]] = [:], localizableCatalogs: [Catalog] = []) {
        self.infoPlistPath = infoPlistPath
        self.infoPlist = infoPlist
        self.developmentRegion = developmentRegion
        self.lprojLanguages = lprojLanguages
        self.infoPlistStrings = infoPlistStrings
        self.infoPlistCatalog = infoPlistCatalog
        self.localizableStrings = localizableStrings
        self.localizableCatalogs = localizableCatalogs
    }

    /// The app's localizations: its `.lproj` folders (not Base) and the String Catalogs' languages.
    public var localizations: [String] {
        var all = Set(lprojLanguages.keys.filter { $0 != "Base" })
        for catalog in [infoPlistCatalog].compactMap({ $0 }) + localizableCatalogs where !packageCatalogs.contains(catalog.path) {
            all.formUnion(catalog.catalog.languages)
            all.insert(catalog.catalog.sourceLanguage)
        }
        return all.sorted()
    }

    /// The localization iOS picks for `language`, the device's language or its preference list
    /// (`ko,ja`): the app's match for the first tag it has a localization for (zh-HK finds
    /// zh-Hant), else nil.
    public func localization(for language: String) -> String? {
        Self.match(language, among: localizations)
    }

    /// The first of `available` that iOS picks for `language` (a tag or a preference list).
    static func match(_ language: String, among available: [String]) -> String? {
        let resolver = LanguageResolver(available: available, defaultLanguage: nil)
        for text in language.split(separator: ",") {
            if let tag = LanguageTag(text.trimmingCharacters(in: .whitespaces)), let match = resolver.match(tag) { return match }
        }
        return nil
    }

    /// An Info.plist value (`CFBundleDisplayName`, `NSUserTrackingUsageDescription`) in `language`,
    /// as iOS reads it: the localization iOS picks for the language (the development region's
    /// when the app has none of the language's), in its `InfoPlist.strings` (Base.lproj's when
    /// that localization has none) or `InfoPlist.xcstrings`; a key that translation lacks shows
    /// the Info.plist's own value, not another localization's. Nil when none has it.
    public func infoValue(_ key: String, language: String) -> Lookup? {
        reads.note()
        let matched = localization(for: language)
        let chosen = matched ?? developmentRegion
        let table = infoPlistStrings[chosen] ?? infoPlistStrings.first(where: { Self.sameLanguage($0.key, chosen) })?.value
            ?? infoPlistStrings["Base"]
        if let table, let text = table.text(key, device: device) {
            return Lookup(text: text, language: chosen, file: table.path, isFallback: matched == nil, isTranslation: true)
        }
        if let catalog = infoPlistCatalog, let text = value(key, in: catalog, localization: chosen) {
            return Lookup(text: text, language: chosen, file: catalog.path, isFallback: matched == nil, isTranslation: true)
        }
        guard let value = infoPlist[key] else { return nil }
        // An app with no localization of its own still speaks its development region's language:
        // for that language (en-GB for en) the Info.plist's text is no fallback.
        let spoken = matched ?? (localizations.isEmpty ? Self.match(language, among: [developmentRegion]) : nil)
        return Lookup(text: value, language: developmentRegion, file: infoPlistSources[key] ?? infoPlistPath,
                      isFallback: spoken.map { !Self.sameLanguage($0, developmentRegion) } ?? true)
    }

    /// A Localizable string in `language`: the app's localization for it, then Base.lproj, then
    /// the development region's; nil when none has it.
    public func localizedString(_ key: String, language: String) -> Lookup? {
        reads.note()
        let matched = localization(for: language)
        let order = (matched.map { [$0] } ?? []) + (lprojLanguages["Base"] != nil ? ["Base"] : []) + [developmentRegion]
        for (index, localization) in order.enumerated() {
            if let hit = lookUp(key, in: localization) {
                return Lookup(text: hit.text, language: localization, file: hit.file, isFallback: index > 0 || matched == nil,
                              isTranslation: true)
            }
        }
        return nil
    }

    /// The files a Localizable lookup reads, for messages.
    public var localizableFiles: [String] {
        localizableStrings.values.flatMap { $0.map(\.path) }.sorted() + localizableCatalogs.map(\.path)
    }

    /// `key` in the table's files of `localization`: its `.strings` and `.stringsdict` files in
    /// folder order, then its String Catalogs.
    private func lookUp(_ key: String, in localization: String) -> (text: String, file: String)? {
        let tables = localizableStrings[localization] ?? localizableStrings.first(where: { Self.sameLanguage($0.key, localization) })?.value ?? []
        for table in tables {
            if let text = table.text(key, device: device) { return (text, table.path) }
        }
        for catalog in localizableCatalogs {
            if let text = value(key, in: catalog, localization: localization) { return (text, catalog.path) }
        }
        return nil
    }

    /// `key`'s value in `catalog` for `localization`, for this device kind.
    private func value(_ key: String, in catalog: Catalog, localization: String) -> String? {
        let languages = catalog.catalog.languages + [catalog.catalog.sourceLanguage]
        guard let name = languages.first(where: { Self.sameLanguage($0, localization) }) else { return nil }
        return catalog.catalog.value(for: key, language: name, device: device)
    }

    /// The device kind String Catalog device variations are chosen for.
    public var device: StringCatalog.Device = .iphone
}

extension AppInfo {
    public var settingsFile: String { infoPlistPath }

    public func setting(_ key: String) -> String? { infoPlist[key] }

    public func miscasedTranslationFile(for language: String) -> String? {
        guard let chosen = localization(for: language) ?? Optional(developmentRegion), infoPlistStrings[chosen] == nil else { return nil }
        return miscasedInfoPlistStrings[chosen] ?? miscasedInfoPlistStrings.first(where: { Self.sameLanguage($0.key, chosen) })?.value
    }

    /// An `InfoPlist.strings` for `language` beside the target's `.lproj` folders that the target's
    /// resources do not list (so the built app lacks it), or nil.
    public func unlistedTranslationFile(for language: String) -> String? {
        guard localization(for: language).map({ infoPlistStrings[$0] == nil }) ?? true else { return nil }
        // The language itself, else the same language in another region or script (de for de-AT).
        let keys = unlistedInfoPlistStrings.keys.sorted()
        let match = keys.first { Self.sameLanguage($0, language) }
            ?? keys.first { LanguageTag($0)?.language == LanguageTag(language)?.language && LanguageTag($0)?.region == nil }
        return match.flatMap { unlistedInfoPlistStrings[$0] }
    }

    public var tableName: String { table }

    public var otherTables: [String] {
        var names = Set<String>()
        for folder in lprojLanguages.values {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let url = URL(fileURLWithPath: file)
                guard ["strings", "stringsdict"].contains(url.pathExtension) else { continue }
                names.insert(url.deletingPathExtension().lastPathComponent)
            }
        }
        return names.subtracting(["InfoPlist", table]).sorted()
    }

    public func seen(on idiom: DeviceIdiom) -> any AppStrings {
        var app = self
        app.device = idiom == .pad ? .ipad : .iphone
        return app
    }

    /// Whether two tags name the same language.
    static func sameLanguage(_ a: String, _ b: String) -> Bool { LanguageTag.same(a, b) }
}
