import Foundation

/// Renders the screenshots App Store Connect accepts for a document, in the folder layout fastlane
/// deliver uploads from: `screenshots/<App Store locale>/<NN>_<class>_<device>_<orientation>.png`.
public struct AppStoreExport: StoreScreenshotExport {
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
    /// The template's screens to export (launch-consent's `decline-confirm` too, say).
    public var states: [ScreenState] = [.initial]
    public var appearance: Appearance
    public var tint: Color?
    /// Whether characters no font covers may render as boxes instead of failing the export.
    public var allowsMissingGlyphs = false
    /// What the status bar shows, over the document's settings.
    public var statusBar: StatusBarContent?
    /// The app screen behind the dialog (`--backdrop`), over the document's own.
    public var backdrop: BackdropImage?
    public var outputDirectory: URL
    public var jobs: Int
    /// Whether `jobs` was asked for (`--jobs`): a run that cannot fit it stops before it starts.
    /// Otherwise `jobs` is the most to run, lowered to what the limits hold (`MemoryNeed`).
    public var jobsAreFixed = false
    /// Whether `languages` are every language file of the document (`--languages all`): then a
    /// pseudo-locale among them is left out with a note, not refused.
    public var languagesAreAll = false

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

    /// What an export did.
    public struct Outcome: Sendable, Equatable {
        /// Every screenshot written, in plan order.
        public var screenshots: [Screenshot]
        /// Screenshots an earlier export wrote that this one no longer makes, now deleted
        /// (relative to the output folder).
        public var removed: [String]
        /// Files left alone that fastlane deliver would upload too, each with why.
        public var warnings: [String]
        /// Languages exported once because another tag gave the same App Store locale.
        public var notes: [String] = []
    }

    /// Checks every language and class, renders, writes and verifies every screenshot, then
    /// deletes the screenshots of an earlier export that this one did not write again.
    ///
    /// The export folder's ledger (`.consentrender-appstore`) lists what the tool wrote. Only files
    /// listed there (and unchanged since) are ever overwritten or deleted; a planned file that
    /// exists and is not listed stops the export before anything is written.
    public func run() throws -> Outcome {
        // App Store Connect has no pseudo-locales, and two tags of one App Store locale would write
        // the same files twice: the first tag of each locale is exported, the others are named in a note.
        let (locales, notes) = try StoreExport.locales(of: languages, store: "App Store locale", code: AppStoreLocale.code(for:),
                                                       pseudo: { AppStoreError.pseudoLocale(tag: $0) }, skipsPseudo: languagesAreAll)
        try StoreExport.checkInDocument(locales.map(\.language), folder: folder)
        var plans: [(locale: String, screenshotClass: AppStoreScreenshotClass, profile: DeviceProfile, variant: RenderVariant,
                     file: String)] = []
        for (language, locale) in locales {
            var number = 1
            for name in classes {
                guard let screenshotClass = AppStoreScreenshotClass.named(name), let device = Self.deviceForClass[name] else {
                    throw AppStoreError.noDeviceForClass(name: name)
                }
                let profile = try catalog.profile(id: device)
                for orientation in orientations {
                    for state in states {
                        let slug = name.replacingOccurrences(of: "\"", with: "").replacingOccurrences(of: " ", with: "-")
                        let suffix = state == .initial ? "" : "-\(state.rawValue)"
                        let file = String(format: "%02d", number) + "_\(slug)_\(device)_\(orientation.rawValue)\(suffix).png"
                        let variant = RenderVariant(device: device, orientation: orientation, appearance: appearance, language: language,
                                                    state: state)
                        plans.append((locale, screenshotClass, profile, variant, "screenshots/\(locale)/\(file)"))
                        number += 1
                    }
                }
            }
        }
        // An earlier version listed its screenshots in consentrender-appstore.json (with CRC-32s):
        // what it lists unchanged is the tool's too.
        let earlier = try AppStoreManifest.load(from: outputDirectory)
        let listedEarlier = Set((earlier?.screenshots ?? []).map(\.path).filter { earlier?.owns($0, in: outputDirectory) == true })
        let store = StoreExport.Store(export: "the App Store export", uploader: "fastlane deliver", kind: .appStoreExport,
                                      uploadFolders: ["screenshots", "*"], perFolderLimit: nil)
        let classOf = Dictionary(plans.map { ($0.file, $0.screenshotClass) }, uniquingKeysWith: { first, _ in first })
        let written = try writeScreenshots(plans.map { StoreExport.Plan(profile: $0.profile, variant: $0.variant, file: $0.file) },
                                           to: store, adopting: listedEarlier,
                                           retiring: earlier == nil ? nil : AppStoreManifest.fileName) { data, path, plan in
            try Self.verify(data, path: path, as: classOf[plan.file]!, locale: String(plan.folderPath.dropFirst("screenshots/".count)),
                            relativePath: plan.file)
        }
        return Outcome(screenshots: written.screenshots, removed: written.removed, warnings: written.warnings, notes: notes)
    }

    /// Reads back what was written: an accepted size for its class and no alpha channel.
    static func verify(_ png: Data, path: String, as screenshotClass: AppStoreScreenshotClass, locale: String,
                       relativePath: String) throws -> Screenshot {
        let (width, height) = try StoreExport.readBack(png, path: path)
        guard screenshotClass.accepts(width: width, height: height) else {
            throw AppStoreError.unacceptedSize(path: path, width: width, height: height, screenshotClass: screenshotClass.name)
        }
        return Screenshot(locale: locale, screenshotClass: screenshotClass.name, path: relativePath, width: width, height: height)
    }
}
