import ConsentRender
import Foundation

/// An Android app's strings: every `res/values[-qualifiers]/*.xml` file's `<string>`s and
/// `<plurals>` in the app's resource folders, looked up per language as Android looks them up
/// (`AndroidLocaleResolver`). A document's `strings` entry `{ "resource": "consent_accept" }` (or
/// `{ "key": … }`) takes its text from them; the app's name is `@string/app_name`.
public struct AndroidApp: AppStrings, Sendable {
    /// A values folder's strings: its locale (nil for the default `values/`) and files.
    struct Folder: Sendable {
        var locale: ResourceLocale?
        var version: Int
        /// `land` / `port` and `night` / `notnight`; nil where the folder does not say.
        var landscape: Bool? = nil
        var night: Bool? = nil
        var path: String
        var files: [StringsXMLFile]

        /// Whether a screen in this orientation and appearance reads the folder.
        func applies(landscape isLandscape: Bool, night isNight: Bool) -> Bool {
            (landscape == nil || landscape == isLandscape) && (night == nil || night == isNight)
        }

        func entry(_ name: String) -> (entry: StringsXMLFile.Entry, file: String)? {
            for file in files { if let entry = file.entries[name] { return (entry, file.path) } }
            return nil
        }
    }

    /// The folders, most specific first within a locale.
    let folders: [Folder]
    /// The screen the strings are read for: landscape, dark (`seen(appearance:orientation:)`).
    var landscape = false
    var night = false
    let resolver: AndroidLocaleResolver
    /// The resource folders read (`app/src/main/res`), for messages and as folders no output goes in.
    public let resourceFolders: [String]
    public let fileWarnings: [String]
    public let reads = AppStringReads()
    /// The app's manifest, when the document has one: its permissions and label.
    public var manifest: AndroidManifest?

    /// The Android version a render shows (14): a `values-v35` folder is not read.
    static let sdkLevel = 34

    /// An app of already-read files, each with its folder's locale (nil for `values/`).
    package init(files: [(locale: ResourceLocale?, file: StringsXMLFile)]) {
        let folders = files.map { Folder(locale: $0.locale, version: 0, path: $0.file.path, files: [$0.file]) }
        self.init(folders: folders, resolver: AndroidLocaleResolver(available: folders.compactMap(\.locale)), resourceFolders: [],
                  fileWarnings: [])
    }

    private init(folders: [Folder], resolver: AndroidLocaleResolver, resourceFolders: [String], fileWarnings: [String]) {
        self.folders = folders
        self.resolver = resolver
        self.resourceFolders = resourceFolders
        self.fileWarnings = fileWarnings
    }

    /// Reads every values folder of `resourceFolders` (an app module's `res` folders; later ones
    /// override earlier ones, as a flavour's `res` overrides `main`'s).
    public static func load(resourceFolders: [URL], field: String = "app.resources") throws -> AndroidApp {
        var folders: [Folder] = []
        var warnings: [String] = []
        for resources in resourceFolders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resources.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw AndroidResourceError.notAResourceFolder(path: resources.path, field: field, reason: "there is no such folder")
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: resources.path).sorted()
            } catch {
                throw AndroidResourceError.notAResourceFolder(path: resources.path, field: field, reason: describeFileError(error))
            }
            for name in names {
                guard let qualifiers = ResourceLocale.qualifiers(of: name) else { continue }
                let (locale, version, other) = (qualifiers.locale, qualifiers.version, qualifiers.otherQualifiers)
                let folder = resources.appendingPathComponent(name)
                let xmlNames = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
                var files: [StringsXMLFile] = []
                for xml in xmlNames {
                    let file = try StringsXMLFile.load(folder.appendingPathComponent(xml))
                    warnings += file.warnings
                    if !file.entries.isEmpty { files.append(file) }
                }
                guard !files.isEmpty else { continue }
                if let version, version > sdkLevel {
                    warnings.append("\(folder.path): its strings are for Android \(version) and later, newer than the Android 14 "
                        + "drawn, so they are not read")
                    continue
                }
                if other {
                    warnings.append("\(folder.path): its strings are for a configuration a phone's screen does not choose by here "
                        + "(\(name): a screen width, a UI mode …), so they are not read")
                    continue
                }
                folders.append(Folder(locale: locale, version: version ?? 0, landscape: qualifiers.landscape, night: qualifiers.night,
                                      path: folder.path, files: files))
            }
        }
        guard !folders.isEmpty else {
            throw AndroidResourceError.notAResourceFolder(path: resourceFolders.map(\.path).joined(separator: ", "), field: field,
                                                          reason: "no values folder in it holds a <string>")
        }
        // Within a locale, as Android ranks qualifiers: a folder for the orientation first, then one
        // for the night mode, then higher versions, then later resource folders (they override).
        let ordered = folders.enumerated().sorted { a, b in
            let keyA = (a.element.landscape != nil ? 1 : 0, a.element.night != nil ? 1 : 0, a.element.version, a.offset)
            let keyB = (b.element.landscape != nil ? 1 : 0, b.element.night != nil ? 1 : 0, b.element.version, b.offset)
            return keyA > keyB
        }.map(\.element)
        return AndroidApp(folders: ordered, resolver: AndroidLocaleResolver(available: ordered.compactMap(\.locale)),
                          resourceFolders: resourceFolders.map(\.path), fileWarnings: warnings)
    }

    /// The resource `name` for `language` (a tag or a preference list): the best locale's folder
    /// that has it, else the default folder's.
    func lookup(_ name: String, language: String) -> AppStringLookup? {
        reads.note()
        let order = resolver.order(for: language)
        for (rank, locale) in order.enumerated() {
            for folder in folders where folder.locale == locale && folder.applies(landscape: landscape, night: night) {
                if let found = folder.entry(name) {
                    let text = resolveReference(found.entry.text, depth: 0, language: language) ?? found.entry.text
                    return AppStringLookup(text: text, language: locale.description, file: found.file,
                                           isFallback: rank > 0 && !Self.sameLanguage(locale, language))
                }
            }
        }
        for folder in folders where folder.locale == nil && folder.applies(landscape: landscape, night: night) {
            if let found = folder.entry(name) {
                let text = resolveReference(found.entry.text, depth: 0, language: language) ?? found.entry.text
                let isDefaultsLanguage = defaultLanguage.map { Self.sameLanguage(ResourceLocale(bcp47: $0), language) } ?? false
                // A string marked translatable="false" is meant for every language: not a fallback.
                return AppStringLookup(text: text, language: defaultLanguage ?? "default", file: found.file,
                                       isFallback: !isDefaultsLanguage && found.entry.translatable)
            }
        }
        return nil
    }

    private static func sameLanguage(_ locale: ResourceLocale?, _ language: String) -> Bool {
        guard let locale, let first = language.split(separator: ",").first, let wanted = ResourceLocale(bcp47: String(first)) else { return false }
        return locale.language == wanted.language && locale.likelyScript == wanted.likelyScript
    }

    /// A value that is a reference (`@string/app_name`) resolved in the same language; nil when
    /// `text` is none.
    private func resolveReference(_ text: String, depth: Int, language: String) -> String? {
        guard text.hasPrefix("@string/"), depth < 8 else { return nil }
        return lookup(String(text.dropFirst(8)), language: language)?.text
    }

    /// The default folder's language: `tools:locale` on its `<resources>`, else English, as
    /// Android lint takes it (its translation checks assume values/ is English unless told).
    var defaultLanguage: String? {
        folders.first { $0.locale == nil }?.files.compactMap(\.toolsLocale).first ?? "en"
    }

    // MARK: AppStrings

    public var settingsFile: String {
        folders.first { $0.locale == nil }?.files.first?.path ?? resourceFolders.first ?? "res"
    }
    public var developmentRegion: String { defaultLanguage ?? "und" }
    public var localizableFiles: [String] { folders.flatMap { $0.files.map(\.path) } }
    public var tableName: String { "strings.xml" }
    public var localizations: [String] {
        Array(Set(folders.compactMap { $0.locale?.description })).sorted()
    }
    public var sourceFolders: [OwnedFolder.Protected] {
        resourceFolders.map { OwnedFolder.Protected(url: URL(fileURLWithPath: $0), role: "the app's resource folder") }
    }

    /// The app's name stands for an iOS app's display name: the manifest's
    /// `<application android:label>` (a `@string/` resource or its words), else `@string/app_name`.
    static let nameKeys: Set<String> = ["CFBundleDisplayName", "CFBundleName"]

    /// The resource the app's name comes from, and the manifest's own words for it when it gives
    /// words rather than a resource (a `${placeholder}` Gradle fills in is neither).
    var nameSource: (resource: String, literal: String?) {
        guard let label = manifest?.label?.trimmingCharacters(in: .whitespaces), !label.isEmpty, !label.contains("${") else {
            return ("app_name", nil)
        }
        if label.hasPrefix("@string/") { return (String(label.dropFirst(8)), nil) }
        if label.hasPrefix("@") { return ("app_name", nil) }
        return ("app_name", label)
    }

    public func setting(_ key: String) -> String? {
        guard Self.nameKeys.contains(key) else { return nil }
        if let literal = nameSource.literal { return literal }
        return folders.first { $0.locale == nil }?.entry(nameSource.resource)?.entry.text
    }

    /// The permission dialogs the manifest's permissions bring up; none without a manifest.
    public var declaredPrompts: [PromptKind] { manifest?.prompts ?? [] }
    public var platformName: String { "android" }

    public func localization(for language: String) -> String? {
        resolver.order(for: language).first?.description
    }

    public func infoValue(_ key: String, language: String) -> AppStringLookup? {
        guard Self.nameKeys.contains(key) else { return nil }
        if let literal = nameSource.literal, let manifest {
            return AppStringLookup(text: literal, language: defaultLanguage ?? "default", file: manifest.path, isFallback: false)
        }
        return lookup(nameSource.resource, language: language)
    }

    public func localizedString(_ key: String, language: String) -> AppStringLookup? {
        let name = key.hasPrefix("@string/") ? String(key.dropFirst(8)) : key
        return lookup(name, language: language)
    }

    public func seen(on idiom: DeviceIdiom) -> any AppStrings { self }

    /// The strings a screen in `appearance` and `orientation` reads: `values-night` folders in
    /// dark, `values-land` in landscape (and `-notnight`, `-port` otherwise).
    public func seen(appearance: Appearance, orientation: Orientation) -> any AppStrings {
        var app = self
        app.night = appearance == .dark
        app.landscape = orientation == .landscape
        return app
    }

    /// Every resource name of the app's strings, for a did-you-mean.
    public var stringKeys: [String] {
        Array(Set(folders.flatMap { $0.files.flatMap(\.entries.keys) })).sorted()
    }
}

/// Reads an Android app's resources for a document whose `app` names `resources`.
public struct AndroidAppFiles: AppFilesReader {
    public init() {}

    public func reads(_ settings: DocumentSettings.AppFiles) -> Bool {
        settings.resources != nil
    }

    public func read(_ settings: DocumentSettings.AppFiles, documentFolder: URL, settingsPath: String) throws -> any AppStrings {
        func url(_ path: String) -> URL { path.hasPrefix("/") ? URL(fileURLWithPath: path) : documentFolder.appendingPathComponent(path) }
        let folders = (settings.resources ?? []).map(url)
        var app = try AndroidApp.load(resourceFolders: folders)
        if let path = settings.manifest {
            let manifest = url(path)
            guard FileManager.default.fileExists(atPath: manifest.path) else {
                throw AndroidResourceError.unreadable(path: manifest.path, reason: "there is no such file (document.json app.manifest, "
                    + "relative to the document folder; the app module's is app/src/main/AndroidManifest.xml)")
            }
            app.manifest = try AndroidManifest.load(manifest)
        } else if let first = folders.first {
            // The manifest beside the res folder (app/src/main/AndroidManifest.xml), when there is one.
            let beside = first.deletingLastPathComponent().appendingPathComponent("AndroidManifest.xml")
            if FileManager.default.fileExists(atPath: beside.path) { app.manifest = try AndroidManifest.load(beside) }
        }
        // A label naming a string the app lacks: Android's build fails on it, and so does this.
        if let manifest = app.manifest, let label = manifest.label, label.hasPrefix("@string/"),
           !app.folders.contains(where: { $0.entry(String(label.dropFirst(8))) != nil }) {
            let name = String(label.dropFirst(8))
            let near = closestMatch(to: name, among: app.stringKeys)
            throw AndroidResourceError.syntax(path: manifest.path, line: manifest.labelLine, column: 1,
                                              problem: "<application android:label=\"\(label)\"> names a string no strings.xml of the app has",
                                              fix: near.map { "did you mean @string/\($0)?" } ?? "add <string name=\"\(name)\"> to res/values/strings.xml")
        }
        return app
    }
}
