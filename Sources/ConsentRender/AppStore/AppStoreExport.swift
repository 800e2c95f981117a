import Foundation

/// Renders the screenshots App Store Connect accepts for a document, in the folder layout fastlane
/// deliver uploads from: `screenshots/<App Store locale>/<NN>_<class>_<device>_<orientation>.png`.
public struct AppStoreExport: Sendable {
    /// The device that renders each screenshot class.
    public static let deviceForClass: [String: String] = [
        #"6.9""#: "iphone-16-pro-max", #"iPad 13""#: "ipad-pro-13", #"6.5""#: "iphone-11-pro-max", #"5.5""#: "iphone-8-plus",
    ]
    /// The classes App Store Connect requires today; `allClasses` adds the older phone sizes.
    public static let requiredClasses = [#"6.9""#, #"iPad 13""#]
    public static let allClasses = [#"6.9""#, #"6.5""#, #"5.5""#, #"iPad 13""#]

    public var folder: DocumentFolder
    public var catalog: DeviceProfileCatalog
    public var languages: [String]
    public var classes: [String]
    public var orientations: [Orientation]
    public var appearance: Appearance
    public var tint: Color?
    public var outputDirectory: URL
    public var jobs: Int

    public init(folder: DocumentFolder, catalog: DeviceProfileCatalog, languages: [String], classes: [String],
                orientations: [Orientation] = [.portrait], appearance: Appearance = .light, tint: Color? = nil,
                outputDirectory: URL, jobs: Int) {
        self.folder = folder
        self.catalog = catalog
        self.languages = languages
        self.classes = classes
        self.orientations = orientations
        self.appearance = appearance
        self.tint = tint
        self.outputDirectory = outputDirectory
        self.jobs = jobs
    }

    /// One written screenshot.
    public struct Screenshot: Sendable, Equatable {
        public var locale: String
        public var screenshotClass: String
        /// Relative to the output folder.
        public var path: String
        public var width: Int
        public var height: Int
    }

    /// Checks every language and class, renders, writes and verifies every screenshot.
    public func run() throws -> [Screenshot] {
        let locales = try languages.map { language -> (String, String) in (language, try AppStoreLocale.code(for: language)) }
        let resolver = LanguageResolver(available: folder.languages, defaultLanguage: folder.settings.defaultLanguage)
        for (language, _) in locales {
            let shown = try resolver.resolution(of: language, folder: folder.url.path)
            if shown.isDefaultFallback {
                throw AppStoreError.languageNotInDocument(tag: language, shown: shown.language, folder: folder.url.path)
            }
        }
        var plans: [(locale: String, language: String, screenshotClass: AppStoreScreenshotClass, profile: DeviceProfile,
                     orientation: Orientation, file: String)] = []
        for (language, locale) in locales {
            var number = 1
            for name in classes {
                guard let screenshotClass = AppStoreScreenshotClass.named(name), let device = Self.deviceForClass[name] else {
                    throw AppStoreError.noDeviceForClass(name: name)
                }
                let profile = try catalog.profile(id: device)
                for orientation in orientations {
                    let slug = name.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: " ", with: "-")
                    let file = String(format: "%02d", number) + "_\(slug)_\(device)_\(orientation.rawValue).png"
                    plans.append((locale, language, screenshotClass, profile, orientation, "screenshots/\(locale)/\(file)"))
                    number += 1
                }
            }
        }
        let folder = self.folder, appearance = self.appearance, tint = self.tint, out = outputDirectory
        let planned = plans
        let results = renderInParallel(count: planned.count, jobs: jobs) { index, renderer -> Result<Screenshot, Error> in
            let plan = planned[index]
            return Result {
                let page = try renderer.get().render(RenderRequest(
                    folder: folder, profile: plan.profile, requestedLanguage: plan.language, orientation: plan.orientation,
                    appearance: appearance, tint: tint))
                let url = out.appendingPathComponent(plan.file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                let data = try page.bitmap.pngData()
                try AtomicFileWriter.write([(url, data)])
                return try Self.verify(data, path: url.path, as: plan.screenshotClass, locale: plan.locale, relativePath: plan.file)
            }
        }
        return try results.map { try $0.get() }
    }

    /// Reads back what was written: an accepted size for its class and no alpha channel.
    static func verify(_ png: Data, path: String, as screenshotClass: AppStoreScreenshotClass, locale: String,
                       relativePath: String) throws -> Screenshot {
        let bytes = [UInt8](png.prefix(26))
        guard bytes.count == 26 else { throw PNGDecodingError(path: path, reason: "file too short") }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let colorType = bytes[25]
        guard colorType & 4 == 0 else { throw AppStoreError.hasAlpha(path: path) }
        guard screenshotClass.accepts(width: width, height: height) else {
            throw AppStoreError.unacceptedSize(path: path, width: width, height: height, screenshotClass: screenshotClass.name)
        }
        return Screenshot(locale: locale, screenshotClass: screenshotClass.name, path: relativePath, width: width, height: height)
    }
}
