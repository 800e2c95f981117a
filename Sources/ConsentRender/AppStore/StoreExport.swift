import Foundation

/// The steps the App Store and Google Play exports share: a store language per requested tag,
/// each tag's language file checked, and a written screenshot read back.
enum StoreExport {
    /// The store language of each tag, the first tag of each language kept and the others named in
    /// a note (two tags of one store language would write the same files twice); a pseudo-locale,
    /// which no store has, is refused with `pseudo`'s error, or with `skipsPseudo` (the languages
    /// are every one of the document's) left out with a note, as is then a language the store lacks.
    static func locales(of languages: [String], store: String, code: (String) throws -> String, pseudo: (String) -> Error,
                        skipsPseudo: Bool = false) throws -> (locales: [(language: String, code: String)], notes: [String]) {
        var locales: [(language: String, code: String)] = []
        var notes: [String] = []
        for language in languages {
            if let tag = LanguageTag(language), PseudoLocale(tag) != nil {
                guard skipsPseudo else { throw pseudo(language) }
                notes.append("'\(language)' is a pseudo-locale, which no store has; left out")
                continue
            }
            let storeCode: String
            do {
                storeCode = try code(language)
            } catch where skipsPseudo {
                // Every language of the document was asked for, not this one by name.
                notes.append("'\(language)' has no \(store); left out (\(error))")
                continue
            }
            if let first = locales.first(where: { $0.code == storeCode }) {
                notes.append("'\(language)' is the \(store) \(storeCode), as '\(first.language)' is; its screenshots are made once, from '\(first.language)'")
                continue
            }
            locales.append((language, storeCode))
        }
        return (locales, notes)
    }

    /// Refuses a language the document has no file for: its screenshots would show another.
    static func checkInDocument(_ languages: [String], folder: DocumentFolder) throws {
        let resolver = LanguageResolver(available: folder.languages, defaultLanguage: folder.settings.defaultLanguage)
        for language in languages {
            let shown = try resolver.resolution(of: language, folder: folder.url.path)
            if shown.isDefaultFallback {
                throw AppStoreError.languageNotInDocument(tag: language, shown: shown.language, folder: folder.url.path)
            }
        }
    }

    /// A written screenshot's size from its PNG header, refused when it has an alpha channel
    /// (neither store takes one).
    static func readBack(_ png: Data, path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](png.prefix(26))
        guard bytes.count == 26 else { throw PNGDecodingError(path: path, reason: "file too short") }
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard bytes[25] & 4 == 0 else { throw AppStoreError.hasAlpha(path: path) }
        return (width, height)
    }
}

/// The settings every store export has: what is rendered around the planned screens, and where
/// and how fast it is written. `AppStoreExport` and `PlayExport` plan their own files (a store's
/// names, folders and limits) and hand them to `writeScreenshots`, the one engine both run on.
public protocol StoreScreenshotExport: Sendable {
    var folder: DocumentFolder { get }
    var catalog: DeviceProfileCatalog { get }
    var states: [ScreenState] { get set }
    var tint: Color? { get }
    var allowsMissingGlyphs: Bool { get set }
    var statusBar: StatusBarContent? { get set }
    var backdrop: BackdropImage? { get set }
    var outputDirectory: URL { get }
    var jobs: Int { get }
    var jobsAreFixed: Bool { get set }
    var languagesAreAll: Bool { get set }
}

extension StoreExport {
    /// One screenshot to write: the device and screen to render, and its path in the output folder.
    struct Plan: Sendable {
        var profile: DeviceProfile
        var variant: RenderVariant
        var file: String
        var folderPath: String { (file as NSString).deletingLastPathComponent }
    }

    /// How a store's uploader reads the output folder.
    struct Store: Sendable {
        /// The export in messages ("the App Store export").
        var export: String
        /// The tool that uploads the folder ("fastlane deliver").
        var uploader: String
        var kind: OwnedFolder.Kind
        /// The folders the uploader takes every file of, as path components under the output
        /// folder; `*` is any name, `*Screenshots` any name with that ending.
        var uploadFolders: [String]
        /// The most files one upload folder may hold, counting the team's own, and the error when
        /// a planned export would exceed it.
        var perFolderLimit: (count: Int, error: @Sendable (_ folder: String, _ planned: Int, _ yours: [String]) -> Error)?
        /// Said after the uploader in a warning about a file the export did not write.
        var foreignNote = ""
        /// The endings of the files the uploader takes (deliver and supply: PNG and JPEG); other
        /// files in its folders are neither counted nor warned about.
        var uploads: Set<String> = ["png", "jpg", "jpeg"]

        /// The folder under which every screenshot lies (`screenshots`, `metadata/android`).
        var root: String { uploadFolders.prefix { !$0.contains("*") }.joined(separator: "/") }
    }

    /// What the engine did, besides the screenshots.
    struct Written<Shot> {
        var screenshots: [Shot]
        var removed: [String]
        var warnings: [String]
    }
}

extension StoreScreenshotExport {
    /// Checks the template, its states and any backdrop, claims the output folder, renders every
    /// plan in parallel, writes it, reads it back with `verify`, then deletes the screenshots an
    /// earlier export wrote that this one did not, and warns about every file the uploader would
    /// take that the export did not write.
    ///
    /// The output folder's ledger lists what the tool wrote. Only files listed there (and unchanged
    /// since) are ever overwritten or deleted; a planned file that exists and is not listed stops
    /// the export before anything is written.
    /// - Parameters:
    ///   - adopting: files an earlier version listed in a file of its own, to be listed in the ledger;
    ///   - retiring: that file, removed once its files are adopted.
    internal func writeScreenshots<Shot: Sendable>(
        _ plans: [StoreExport.Plan], to store: StoreExport.Store, adopting: Set<String> = [], retiring: String? = nil,
        verify: @escaping @Sendable (_ png: Data, _ path: String, _ plan: StoreExport.Plan) throws -> Shot
    ) throws -> StoreExport.Written<Shot> {
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
        // The folder is shared with the uploader's own files, so any folder will do: only the files
        // the ledger lists are the tool's.
        let exportFolder = try OwnedFolder.claim(out, kind: store.kind,
                                                 protecting: [.init(url: folder.url, role: "the document folder"),
                                                              .init(url: catalog.directory, role: "the device profiles folder")]
                                                    + (folder.content.app?.sourceFolders ?? []),
                                                 acceptsUnmarked: { _ in true })
        let planned = Set(plans.map(\.file))
        // A folder on the way that is a symbolic link is refused, never followed.
        try exportFolder.checkWritable(plans.map(\.file), listedElsewhere: adopting)
        if let limit = store.perFolderLimit {
            // Files of the team's in an upload folder stay, and the uploader takes them too.
            let ours = Set(exportFolder.ledger.listedPaths).union(adopting)
            for images in Set(plans.map(\.folderPath)).sorted() {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(images).path)) ?? []
                let yours = names.filter { !$0.hasPrefix(".") && store.uploads.contains(($0 as NSString).pathExtension.lowercased()) }
                    .sorted().map { "\(images)/\($0)" }
                    .filter { !ours.contains($0) && !planned.contains($0) }
                let count = plans.filter { $0.folderPath == images }.count
                if !yours.isEmpty, count + yours.count > limit.count {
                    throw limit.error(out.appendingPathComponent(images).path, count, yours.map { out.appendingPathComponent($0).path })
                }
            }
        }
        try exportFolder.prepare()
        for path in adopting.sorted() { try exportFolder.adopt(path) }
        if let retiring { try exportFolder.retire(retiring) }

        let folder = self.folder, tint = self.tint, allowsMissingGlyphs = self.allowsMissingGlyphs, statusBar = self.statusBar,
            backdrop = self.backdrop
        let results = renderInParallel(count: plans.count, jobs: jobs, group: { plans[$0].variant.sameText },
                                       batch: { plans[$0].variant.textBatch }) { index, renderer -> Result<Shot, Error> in
            let plan = plans[index]
            return Result {
                var request = RenderRequest(content: folder.content, profile: plan.profile, variant: plan.variant, tint: tint,
                                            allowsMissingGlyphs: allowsMissingGlyphs)
                request.statusBar = statusBar
                request.backdrop = backdrop
                let page = try renderer.get().render(request)
                let url = try exportFolder.subfolder(plan.folderPath).appendingPathComponent((plan.file as NSString).lastPathComponent)
                let data = try page.bitmap.pngData()
                try exportFolder.write([(url, data)])
                return try verify(data, url.path, plan)
            }
        }
        let written = try results.map { try $0.get() }

        var removed: [String] = [], warnings: [String] = [], leftAlone: Set<String> = []
        for path in exportFolder.ledger.listedPaths where !planned.contains(path) && path.hasPrefix(store.root + "/") {
            // Through a folder that is a symbolic link: left alone (warned about below, once).
            if FileLedger.firstSymbolicLink(in: path, under: out) != nil {
                leftAlone.insert(path)
                continue
            }
            guard FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path) else { continue }
            if try exportFolder.removeOwned(path).isEmpty {
                removed.append(path)
                // Folders the removal emptied go too (rmdir fails on any other): an uploader reads an
                // empty screenshot folder's language as one to update.
                var emptied = (path as NSString).deletingLastPathComponent
                while emptied.hasPrefix(store.root + "/"), rmdir(out.appendingPathComponent(emptied).path) == 0 {
                    emptied = (emptied as NSString).deletingLastPathComponent
                }
            } else {
                warnings.append("\(out.appendingPathComponent(path).path) changed since an earlier export wrote it; left alone, and "
                    + "\(store.uploader) will upload it")
                leftAlone.insert(path)
            }
        }
        try exportFolder.finish()
        let (uploaded, links) = StoreExport.files(in: store.uploadFolders, under: out, endings: store.uploads)
        for path in uploaded where !planned.contains(path) && !leftAlone.contains(path) {
            warnings.append("\(out.appendingPathComponent(path).path) was not written by \(store.export); left alone, and "
                + "\(store.uploader) will upload it\(store.foreignNote)")
        }
        for link in links {
            warnings.append("\(out.appendingPathComponent(link).path) is a symbolic link; left alone and never followed, and "
                + "\(store.uploader) will upload what it leads to")
        }
        return StoreExport.Written(screenshots: written, removed: removed.sorted(), warnings: warnings)
    }
}

extension StoreExport {
    /// The files in the folders `pattern` names under `out` (relative to it, sorted), and the
    /// folders on the way that are symbolic links, which are not followed: an uploader would take
    /// what they lead to, which the tool does not look at. Hidden names are skipped.
    static func files(in pattern: [String], under out: URL, endings: Set<String>) -> (files: [String], links: [String]) {
        var folders = [""], links: [String] = []
        for component in pattern {
            var next: [String] = []
            for folder in folders {
                let names: [String]
                if component.hasPrefix("*") {
                    let ending = String(component.dropFirst())
                    names = ((try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(folder).path)) ?? [])
                        .filter { !$0.hasPrefix(".") && $0.hasSuffix(ending) }.sorted()
                } else {
                    names = [component]
                }
                for name in names {
                    let path = folder.isEmpty ? name : "\(folder)/\(name)"
                    let url = out.appendingPathComponent(path)
                    if isSymbolicLink(url) {
                        links.append(path)
                        continue
                    }
                    var isFolder: ObjCBool = false
                    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { next.append(path) }
                }
            }
            folders = next
        }
        var files: [String] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent(folder).path)) ?? []
            files += names.filter { !$0.hasPrefix(".") && endings.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
                .map { "\(folder)/\($0)" }
        }
        return (files, links)
    }
}
