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

        public init(path: String, entries: [String: String]) {
            self.path = path
            self.entries = entries
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
    /// `CFBundleDevelopmentRegion`, or `en` when the Info.plist does not say.
    public var developmentRegion: String
    /// The `.lproj` folders by language tag (`Base` for Base.lproj): the app's localizations.
    public var lprojLanguages: [String: String]
    public var infoPlistStrings: [String: Table]
    public var infoPlistCatalog: Catalog?
    public var localizableStrings: [String: Table]
    public var localizableCatalog: Catalog?
    /// Whether a screen looked anything up in these files (shared by every copy of this value), so
    /// a command can tell that `--app-info` would change nothing.
    public let reads = AppStringReads()

    public init(infoPlistPath: String, infoPlist: [String: String], developmentRegion: String, lprojLanguages: [String: String] = [:],
                infoPlistStrings: [String: Table] = [:], infoPlistCatalog: Catalog? = nil,
                localizableStrings: [String: Table] = [:], localizableCatalog: Catalog? = nil) {
        self.infoPlistPath = infoPlistPath
        self.infoPlist = infoPlist
        self.developmentRegion = developmentRegion
        self.lprojLanguages = lprojLanguages
        self.infoPlistStrings = infoPlistStrings
        self.infoPlistCatalog = infoPlistCatalog
        self.localizableStrings = localizableStrings
        self.localizableCatalog = localizableCatalog
    }

    /// The app's localizations: its `.lproj` folders (not Base) and the String Catalogs' languages.
    public var localizations: [String] {
        var all = Set(lprojLanguages.keys.filter { $0 != "Base" })
        for catalog in [infoPlistCatalog, localizableCatalog].compactMap({ $0 }) {
            all.formUnion(catalog.catalog.languages)
            all.insert(catalog.catalog.sourceLanguage)
        }
        return all.sorted()
    }

    /// The localization iOS picks for `language`, the device's language or its preference list
    /// (`ko,ja`): the app's match for the first tag it has a localization for (zh-HK finds
    /// zh-Hant), else nil.
    public func localization(for language: String) -> String? {
        let resolver = LanguageResolver(available: localizations, defaultLanguage: nil)
        for text in language.split(separator: ",") {
            if let tag = LanguageTag(text.trimmingCharacters(in: .whitespaces)), let match = resolver.match(tag) { return match }
        }
        return nil
    }

    /// An Info.plist value (`CFBundleDisplayName`, `NSUserTrackingUsageDescription`) in `language`:
    /// the app's localization for it (InfoPlist.strings, then InfoPlist.xcstrings), then Base.lproj,
    /// then the development region's, then the Info.plist's own value; nil when none has it.
    public func infoValue(_ key: String, language: String) -> Lookup? {
        reads.note()
        let matched = localization(for: language)
        if let hit = search(key, language: language, tables: infoPlistStrings, catalog: infoPlistCatalog) { return hit }
        guard let value = infoPlist[key] else { return nil }
        return Lookup(text: value, language: developmentRegion, file: infoPlistPath,
                      isFallback: matched.map { !Self.sameLanguage($0, developmentRegion) } ?? true)
    }

    /// A Localizable string in `language`: the app's localization for it, then Base.lproj, then
    /// the development region's; nil when none has it.
    public func localizedString(_ key: String, language: String) -> Lookup? {
        reads.note()
        return search(key, language: language, tables: localizableStrings, catalog: localizableCatalog)
    }

    /// `key` in the app's localization for `language`, then Base.lproj, then the development
    /// region's, in `tables` (`.strings` files by language) and then `catalog`.
    private func search(_ key: String, language: String, tables: [String: Table], catalog: Catalog?) -> Lookup? {
        let matched = localization(for: language)
        let order = (matched.map { [$0] } ?? []) + (lprojLanguages["Base"] != nil ? ["Base"] : []) + [developmentRegion]
        for (index, localization) in order.enumerated() {
            if let hit = lookUp(key, in: localization, tables: tables, catalog: catalog) {
                return Lookup(text: hit.text, language: localization, file: hit.file, isFallback: index > 0 || matched == nil)
            }
        }
        return nil
    }

    /// The files a Localizable lookup reads, for messages.
    public var localizableFiles: [String] {
        localizableStrings.values.map(\.path).sorted() + (localizableCatalog.map { [$0.path] } ?? [])
    }

    private func lookUp(_ key: String, in localization: String, tables: [String: Table], catalog: Catalog?)
        -> (text: String, file: String)? {
        if let table = tables[localization] ?? tables.first(where: { Self.sameLanguage($0.key, localization) })?.value,
           let text = table.entries[key] {
            return (text, table.path)
        }
        if let catalog {
            let languages = catalog.catalog.languages + [catalog.catalog.sourceLanguage]
            if let name = languages.first(where: { Self.sameLanguage($0, localization) }),
               let text = catalog.catalog.value(for: key, language: name, device: device) {
                return (text, catalog.path)
            }
        }
        return nil
    }

    /// The device kind String Catalog device variations are chosen for.
    public var device: StringCatalog.Device = .iphone
}

extension AppInfo {
    public var settingsFile: String { infoPlistPath }

    public func setting(_ key: String) -> String? { infoPlist[key] }

    public func seen(on idiom: DeviceIdiom) -> any AppStrings {
        var app = self
        app.device = idiom == .pad ? .ipad : .iphone
        return app
    }

    /// Whether two tags name the same language.
    static func sameLanguage(_ a: String, _ b: String) -> Bool { LanguageTag.same(a, b) }
}
