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
                                                       pseudo: { AppStoreError.pseudoLocale(tag: $0) })
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
        let template = try TemplateRegistry.standard.template(of: folder.content)
        try TemplateRegistry.standard.check(states, of: template, for: folder.content)
        // A backdrop is checked whole before anything is written.
        if backdrop != nil || !folder.content.backdrops.isEmpty {
            guard template.showsAppBehind else {
                throw DocumentError.backdropNotShown(template: template.id.rawValue, source: backdrop?.path ?? folder.content.source)
            }
            try backdrop?.checkPixels()
            try folder.content.backdrops.checkPixels()
        }
        let jobs = try MemoryNeed(screens: plans.map { $0.profile.pixelSize(in: $0.variant.orientation) },
                                  languages: plans.map(\.variant.language))
            .jobs(requested: jobsAreFixed ? self.jobs : nil, preferred: self.jobs, note: ResourceLimits.note)
        let out = outputDirectory
        // The folder is shared with fastlane's own files, so any folder will do: only the files the
        // ledger lists (`.consentrender-appstore`) are the tool's.
        let exportFolder = try OwnedFolder.claim(out, kind: .appStoreExport,
                                                 protecting: [.init(url: folder.url, role: "the document folder"),
                                                              .init(url: catalog.directory, role: "the device profiles folder")]
                                                    + (folder.content.app?.sourceFolders ?? []),
                                                 acceptsUnmarked: { _ in true })
        // An earlier version listed its screenshots in consentrender-appstore.json (with CRC-32s):
        // what it lists unchanged is the tool's too.
        let earlier = try AppStoreManifest.load(from: out)
        let listedEarlier = Set((earlier?.screenshots ?? []).map(\.path).filter { earlier?.owns($0, in: out) == true })
        // A locale folder that is a symbolic link is refused, never followed.
        try exportFolder.checkWritable(plans.map(\.file), listedElsewhere: listedEarlier)
        try exportFolder.prepare()
        for path in listedEarlier.sorted() { try exportFolder.adopt(path) }
        if earlier != nil { try exportFolder.retire(AppStoreManifest.fileName) }
        let plannedPaths = Set(plans.map(\.file))

        let folder = self.folder, tint = self.tint, allowsMissingGlyphs = self.allowsMissingGlyphs, statusBar = self.statusBar,
            backdrop = self.backdrop
        let planList = plans
        let results = renderInParallel(count: planList.count, jobs: jobs,
                                       group: { planList[$0].variant.sameText },
                                       batch: { planList[$0].variant.textBatch }) { index, renderer -> Result<Screenshot, Error> in
            let plan = planList[index]
            return Result {
                var request = RenderRequest(content: folder.content, profile: plan.profile, variant: plan.variant, tint: tint,
                                            allowsMissingGlyphs: allowsMissingGlyphs)
                request.statusBar = statusBar
                request.backdrop = backdrop
                let page = try renderer.get().render(request)
                let url = try exportFolder.subfolder("screenshots/\(plan.locale)")
                    .appendingPathComponent((plan.file as NSString).lastPathComponent)
                let data = try page.bitmap.pngData()
                try exportFolder.write([(url, data)])
                return try Self.verify(data, path: url.path, as: plan.screenshotClass, locale: plan.locale, relativePath: plan.file)
            }
        }
        let written = try results.map { try $0.get() }

        var removed: [String] = [], warnings: [String] = [], changed: Set<String> = []
        for path in exportFolder.ledger.listedPaths where !plannedPaths.contains(path) && path.hasPrefix("screenshots/") {
            let url = out.appendingPathComponent(path)
            // Through a locale folder that is a symbolic link: left alone (warned about below, once).
            if FileLedger.firstSymbolicLink(in: path, under: out) != nil {
                changed.insert(path)
                continue
            }
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            if try exportFolder.removeOwned(path).isEmpty {
                removed.append(path)
                // A locale folder the export made and emptied goes too (rmdir fails on any other).
                rmdir(url.deletingLastPathComponent().path)
            } else {
                warnings.append("\(url.path) changed since an earlier export wrote it; left alone, and fastlane deliver will upload it")
                changed.insert(path)
            }
        }
        try exportFolder.finish()
        warnings += foreignFiles(in: out, besides: plannedPaths.union(changed)).map {
            "\(out.appendingPathComponent($0).path) was not written by the App Store export; left alone, and fastlane deliver will upload it"
        }
        let screenshots = out.appendingPathComponent("screenshots")
        for locale in ((try? FileManager.default.contentsOfDirectory(atPath: screenshots.path)) ?? []).sorted()
            where isSymbolicLink(screenshots.appendingPathComponent(locale)) {
            warnings.append("\(screenshots.appendingPathComponent(locale).path) is a symbolic link; left alone and never followed, "
                + "and fastlane deliver will upload what it leads to")
        }
        return Outcome(screenshots: written, removed: removed.sorted(), warnings: warnings, notes: notes)
    }

    /// Files in the locale folders under `folder/screenshots` that the tool did not write, relative to `folder`.
    private func foreignFiles(in folder: URL, besides ours: Set<String>) -> [String] {
        let screenshots = folder.appendingPathComponent("screenshots")
        guard let locales = try? FileManager.default.contentsOfDirectory(atPath: screenshots.path) else { return [] }
        var foreign: [String] = []
        for locale in locales.sorted() where !locale.hasPrefix(".") {
            // A link is not followed: fastlane would upload what it leads to, which the tool does not look at.
            guard !isSymbolicLink(screenshots.appendingPathComponent(locale)) else { continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: screenshots.appendingPathComponent(locale).path) else {
                continue
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = "screenshots/\(locale)/\(name)"
                if !ours.contains(path) { foreign.append(path) }
            }
        }
        return foreign
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
