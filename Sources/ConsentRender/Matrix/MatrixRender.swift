import Foundation

/// What a matrix render wrote: where `manifest.json` is and every cell's result, in cell order.
public struct MatrixRun: Sendable {
    /// The `manifest.json` the run wrote.
    public let manifestURL: URL
    public let results: [MatrixRender.CellResult]
    /// The manifest's `promptFindings` (missing iOS words, once per prompt and language).
    public let promptFindings: [String]?

    /// The bytes of `manifest.json`, read from the file (a matrix does not keep them: 80,000 cells
    /// make about 80 MB).
    public var manifestData: Data {
        get throws { try Data(contentsOf: manifestURL) }
    }

    /// How many cells were drawn (the manifest's cells).
    public var renderedCells: Int { results.filter { $0.error == nil }.count }

    /// The manifest, read back from its bytes.
    public func manifest() throws -> MatrixManifest {
        try JSONDecoder().decode(MatrixManifest.self, from: try manifestData)
    }
}

/// Renders many cells of one document in parallel and writes each PNG and link map, a
/// `manifest.json` and the gallery `index.html`.
///
/// Every worker has its own renderer (Pango font maps must not be shared between threads), and a
/// cell's bytes depend only on its inputs, so the output is the same for any number of jobs.
public struct MatrixRender: Sendable {
    public var folder: DocumentFolder
    public var catalog: DeviceProfileCatalog
    public var cells: [RenderVariant]
    public var outputDirectory: URL
    public var tint: Color?
    /// Whether characters no font covers are a warning instead of a failed cell.
    public var allowsMissingGlyphs = false
    /// Whether iOS's status bar and home indicator are drawn.
    public var showsSystemChrome = true
    /// What the status bar shows, over the document's settings.
    public var statusBar: StatusBarContent?
    /// The app screen behind every cell's dialog (`--backdrop`), over the document's own.
    public var backdrop: BackdropImage?
    /// Whether each cell also gets `<name>.framed.png`, the screenshot inside its device (`--frame`).
    public var frames = false
    /// The document whose screen system prompts are drawn over (`--over`).
    public var over: ConsentContent?
    /// The templates the renderers know.
    public var templates: TemplateRegistry = .standard
    public var jobs: Int
    /// Whether `jobs` was asked for (`--jobs`): a run that cannot fit it stops before it starts.
    /// Otherwise `jobs` is the most to run, lowered to what the limits hold (`MemoryNeed`).
    public var jobsAreFixed = false
    public var shard: MatrixShard?
    /// How to start worker processes: with `jobs` above 1, cells render in that many processes
    /// (render-cli sets it to itself), not in threads of this one. Library users who have no such
    /// program leave it nil and get threads.
    public var workerLaunch: MatrixWorkerLaunch?
    /// With a shard: how many cells the whole matrix has, for the summary.
    package var wholeMatrixCells: Int?
    /// Written into the gallery page so it reloads itself (for `render-cli watch`).
    public var galleryReloadSeconds: Int?

    public init(folder: DocumentFolder, catalog: DeviceProfileCatalog, cells: [RenderVariant], outputDirectory: URL,
                tint: Color? = nil, jobs: Int, shard: MatrixShard? = nil, galleryReloadSeconds: Int? = nil) {
        precondition(jobs >= 1, "A matrix render needs at least one job")
        self.folder = folder
        self.catalog = catalog
        self.cells = cells
        self.outputDirectory = outputDirectory
        self.tint = tint
        self.jobs = jobs
        self.shard = shard
        self.galleryReloadSeconds = galleryReloadSeconds
    }

    /// Other folders the cells are read from (`--over`'s document, `--app-info`'s app files): the
    /// output may not be, hold or lie inside one.
    public var otherInputs: [OwnedFolder.Protected] = []

    /// What became of one cell.
    public struct CellResult: Sendable {
        public var cell: RenderVariant
        /// The screenshot's size in pixels, when the cell rendered.
        public var pixelSize: LinkMap.PixelSize?
        /// The language shown, when the cell rendered (the document's default when no file matched).
        public var resolvedLanguage: String?
        /// The cell's entry in `manifest.json` and in the gallery's data, as JSON elements made
        /// while the cell rendered (`MatrixRun.manifest()` reads them back).
        package var manifestElement: Data?
        package var galleryElement: Data?
        public var error: String?
        /// Whose fault the error is, when there is one.
        package var errorCause: ErrorCause?
        /// True when no file matched the cell's language and the document's default was shown.
        public var usedDefaultLanguage: Bool = false
        /// The CRC-32 of the cell's PNG, which tells an open gallery that a picture changed.
        public var pngChecksum: String?
        public var warnings: [String]
        /// The `prompt.system-words-missing` finding, when the cell is a prompt whose iOS words in
        /// its language are missing.
        public var missingWords: LintFinding?
    }

    /// One `prompt.system-words-missing` finding per prompt and language, in the order of the
    /// cells, with the paths of the cells it kept from being drawn.
    public static func missingWords(in results: [CellResult]) -> [(finding: LintFinding, cells: [String])] {
        var summary: [(finding: LintFinding, cells: [String])] = []
        for result in results {
            guard let finding = result.missingWords else { continue }
            if let index = summary.firstIndex(where: { $0.finding == finding }) {
                summary[index].cells.append(result.cell.path)
            } else {
                summary.append((finding, [result.cell.path]))
            }
        }
        return summary
    }

    /// The manifest and every cell's result, in cell order; `progress` is called as cells finish
    /// (from worker threads).
    ///
    /// The output folder must be new, empty, or one a matrix render wrote (it carries
    /// `.consentrender-matrix`); it may not be or contain the document, the profiles or the current
    /// directory. Otherwise nothing is written.
    public func run(progress: (@Sendable (CellResult) -> Void)? = nil) throws -> MatrixRun {
        let profiles = try Dictionary(uniqueKeysWithValues: Set(cells.map(\.device)).map { ($0, try catalog.profile(reference: $0)) })
        var fitted = self
        fitted.jobs = try fittedJobs(profiles: profiles)
        return try fitted.run(profiles: profiles, progress: progress)
    }

    /// Whether the cells can render in worker processes (render-cli's matrix, more than one cell).
    private var usesWorkers: Bool { workerLaunch != nil && cells.count > 1 && cellsTravel }

    /// Under an address-space limit, cells in more than one Chinese, Japanese or Korean font set
    /// render in worker processes even with one job, each worker holding one set's fonts
    /// (`renderInWorkers`): one process keeps every set's FreeType faces (Cairo keeps ten open),
    /// which under 300 MB does not fit.
    private var workersHoldOneFontSet: Bool {
        ResourceLimits.current.keepsOneScriptsFonts
            && Set(cells.map { LanguageTraits(tag: $0.language).fontFamilies }.filter { $0.hasPrefix("Noto Sans CJK") }).count > 1
    }

    /// `jobs`, lowered to what the process's limits hold, or an error when the jobs asked for (or
    /// one) cannot fit: worker processes each hold one renderer in an address space of their own,
    /// and two pipes.
    private func fittedJobs(profiles: [String: DeviceProfile]) throws -> Int {
        // A framed screenshot (the device around the screen, RGBA) and its encoding take about two screens more.
        let need = MemoryNeed(screens: cells.compactMap { profiles[$0.device]?.pixelSize(in: $0.orientation) },
                              languages: cells.map(\.language), extraScreens: frames ? 2 : 0)
        var fitted = try need.jobs(requested: jobsAreFixed ? jobs : nil, preferred: jobs,
                                   as: usesWorkers ? .processes(oneFontSetEach: workersHoldOneFontSet) : .threads,
                                   note: ResourceLimits.note)
        if usesWorkers, fitted > 1 {
            if jobsAreFixed {
                // One job renders in this process, with no worker's pipes.
                let fewer = OpenFilesNeed.workers(fitting: fitted - 1)
                try OpenFilesNeed.check(OpenFilesNeed.process + OpenFilesNeed.perWorker * fitted, fewerJobs: fewer >= 2 ? fewer : 1)
            } else {
                let workers = OpenFilesNeed.workers(fitting: fitted)
                if workers < fitted {
                    ResourceLimits.note("running \(max(1, workers)) \(workers > 1 ? "jobs" : "job"), not \(fitted): the open-files "
                        + "limit (ulimit -n) is \(ResourceLimits.current.openFiles)")
                    fitted = max(1, workers)
                }
            }
        }
        return fitted
    }

    private func run(profiles: [String: DeviceProfile], progress: (@Sendable (CellResult) -> Void)?) throws -> MatrixRun {
        let output = try claimOutput()
        try checkStates()
        // A file of the user's where a cell, the manifest or the gallery goes stops the run before it starts.
        try output.checkWritable(plannedFiles)
        try output.prepare()
        let spool = try MatrixElementSpool(beside: outputDirectory.appendingPathComponent("manifest.json"), cells: cells.count)
        defer { spool.remove() }
        let all: [CellResult]
        if let workerLaunch, jobs > 1 || workersHoldOneFontSet, cells.count > 1, cellsTravel {
            all = renderInWorkers(workerLaunch, spool: spool, progress: progress)
            // The workers listed what they wrote in the marker; this process's list takes them in.
            output.absorbMarker()
        } else {
            all = renderInParallel(count: cells.count, jobs: jobs, templates: templates, group: { cells[$0].sameText },
                                   batch: { cells[$0].textBatch }) { index, renderer in
                let cell = cells[index]
                guard let profile = profiles[cell.device] else { preconditionFailure("Every cell's profile is loaded before rendering") }
                var result = render(cell, profile: profile, into: output, renderer: renderer)
                progress?(result)
                spool.keep(&result, at: index)
                return result
            }
        }
        var manifest = MatrixManifest(schemaVersion: MatrixManifest.currentSchemaVersion, document: folder.name, shard: shard?.description,
                                      cells: [])
        // The languages' files against each other, for the languages this matrix shows.
        let documentFindings = (try? DocumentLint(folder: folder, languages: Array(Set(cells.map(\.language))).sorted()).findings()) ?? []
        manifest.documentFindings = documentFindings.isEmpty ? nil : documentFindings.map(\.line)
        let missingWords = Self.missingWords(in: all)
        manifest.promptFindings = missingWords.isEmpty ? nil : missingWords.map { "\($0.finding.line) (\($0.cells.count) "
            + ($0.cells.count == 1 ? "cell" : "cells") + " not drawn)" }
        // manifest.json and index.html are written a cell's entry at a time, read back from the spool.
        let manifestURL = outputDirectory.appendingPathComponent("manifest.json")
        let manifestFile = try StreamedOutputFile(manifestURL)
        do {
            try manifest.writeCanonicalData(to: manifestFile) { try spool.forEach(manifest: true, $0) }
        } catch {
            manifestFile.abandon()
            throw error
        }
        var gallery = GalleryPage(manifest: manifest, manifestData: Data(), cellElements: [], reloadSeconds: galleryReloadSeconds)
        gallery.manifestCRC = manifestFile.checksum
        gallery.errors = all.filter { $0.missingWords == nil }.compactMap { result in result.error.map { "\(result.cell.path): \($0)" } }
            + (manifest.promptFindings ?? [])
        gallery.pictureChecksums = all.compactMap(\.pngChecksum)
        let indexFile = try StreamedOutputFile(outputDirectory.appendingPathComponent("index.html"))
        do {
            try gallery.writeHTML(to: indexFile) { try spool.forEach(manifest: false, $0) }
        } catch {
            manifestFile.abandon()
            indexFile.abandon()
            throw error
        }
        try manifestFile.commit(in: output)
        try indexFile.commit(in: output)
        // Written last, so an open page that sees the new version loads the new index.
        if galleryReloadSeconds != nil {
            try output.write([(outputDirectory.appendingPathComponent("reload.js"), Data(gallery.reloadScript.utf8))])
        }
        try output.finish()
        return MatrixRun(manifestURL: manifestURL, results: all, promptFindings: manifest.promptFindings)
    }

    /// Every file this run writes, relative to the output folder.
    var plannedFiles: [String] {
        var files = ["manifest.json", "index.html"] + (galleryReloadSeconds != nil ? ["reload.js"] : [])
        for cell in cells {
            let path = cell.path
            files += [path + ".png", path + ".links.json"] + (frames ? [path + ".framed.png", path + ".framed.links.json"] : [])
        }
        return files
    }

    /// Writes a gallery that shows `message` instead of cells, for a render that could not start
    /// (a document that does not load while `render-cli watch` runs); the open page reloads to it.
    package static func writeFailurePage(_ message: String, document: String, to outputDirectory: URL, reloadSeconds: Int) throws {
        let output = try OwnedFolder.claim(outputDirectory, kind: .matrix, protecting: [.currentDirectory],
                                           acceptsUnmarked: holdsEarlierMatrix)
        try output.checkWritable(["index.html", "reload.js"])
        try output.prepare()
        var gallery = try GalleryPage(emptyFor: MatrixManifest(schemaVersion: MatrixManifest.currentSchemaVersion, document: document,
                                                               shard: nil, cells: []),
                                      reloadSeconds: reloadSeconds)
        gallery.errors = [message]
        try output.write([(outputDirectory.appendingPathComponent("index.html"), Data(gallery.html.utf8)),
                          (outputDirectory.appendingPathComponent("reload.js"), Data(gallery.reloadScript.utf8))])
        try output.finish()
    }

    /// Checks that every state the cells ask for is one the document's template (or the cell's own)
    /// has, before any cell renders.
    package func checkStates() throws {
        let hasBackdrop = backdrop != nil || !folder.content.backdrops.isEmpty
        if hasBackdrop {
            try backdrop?.checkPixels()
            try folder.content.backdrops.checkPixels()
        }
        for cell in cells {
            let template = try templates.template(of: folder.content, override: cell.template)
            try templates.check([cell.state], of: template, for: folder.content)
            // Said once, not on every cell.
            if hasBackdrop && !template.showsAppBehind {
                throw DocumentError.backdropNotShown(template: template.id.rawValue, source: backdrop?.path ?? folder.content.source)
            }
        }
    }

    /// Checks, without writing anything, that the output folder is the matrix's to write into.
    package func claimOutput() throws -> OwnedFolder {
        try OwnedFolder.claim(
            outputDirectory, kind: .matrix,
            protecting: [.init(url: folder.url, role: "the document folder"),
                         .init(url: catalog.directory, role: "the device profiles folder"), .currentDirectory] + otherInputs
                + (folder.content.app?.sourceFolders ?? []),
            acceptsUnmarked: Self.holdsEarlierMatrix)
    }

    /// Whether `folder` holds a matrix written before output folders were marked: a `manifest.json`
    /// that reads as a matrix manifest.
    static func holdsEarlierMatrix(_ folder: URL) -> Bool {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("manifest.json")) else { return false }
        // Any version's manifest: its version, document and cells, whatever a cell holds.
        struct AnyManifest: Decodable {
            var schemaVersion: Int
            var document: String
            var cells: [[String: AnyDecodable]]
        }
        struct AnyDecodable: Decodable {
            init(from decoder: Decoder) throws {}
        }
        return (try? JSONDecoder().decode(AnyManifest.self, from: data)) != nil
    }

    func render(_ cell: RenderVariant, profile: DeviceProfile, into output: OwnedFolder,
                        renderer: Result<ConsentRenderer, Error>) -> CellResult {
        do {
            let renderer = try renderer.get()
            var request = RenderRequest(content: folder.content, profile: profile, variant: cell, tint: tint,
                                        allowsMissingGlyphs: allowsMissingGlyphs)
            request.showsSystemChrome = showsSystemChrome
            request.statusBar = statusBar
            request.backdrop = backdrop
            request.over = over
            let page = try renderer.layOut(request)
            let path = cell.path
            let cellFolder = try output.subfolder((path as NSString).deletingLastPathComponent)
            let name = (path as NSString).lastPathComponent
            // A frame is drawn around the whole bitmap; a screenshot alone is painted in bands.
            let artifacts = frames ? try ScreenArtifacts(page: try renderer.paint(page), renderer: renderer, profile: profile, framed: true)
                : try ScreenArtifacts(screenshotOf: page, renderer: renderer)
            try output.write(artifacts.files(stem: cellFolder.appendingPathComponent(name).path).map { (URL(fileURLWithPath: $0.name), $0.data) })
            let (pngData, framed) = (artifacts.png, artifacts.framed)
            let map = page.linkMap
            // The counts lint gives the same screen: text.dynamic-type too, at the Large size.
            let findings = renderer.lint(page, device: profile.id)
                + (cell.textSize == .large && cell.fontScale == .one ? try renderer.dynamicTypeFindings(for: request, device: profile.id) : [])
            // App Store classes are for iOS screens (a 1080×2340 Galaxy has an iPhone 13 mini's size).
            let pixelClass = page.platform.name == Platform.ios.name
                ? AppStoreScreenshotClass.forPixelSize(width: map.pixelSize.width, height: map.pixelSize.height) : nil
            var entry = MatrixManifest.Cell(
                variant: request.variant.record, deviceName: profile.name, language: map.language,
                tint: cell.screen == .consent ? page.layout.semantics.tint.hex : nil,
                png: path + ".png", links: path + ".links.json", size: map.size, pixelSize: map.pixelSize,
                scrollable: map.body.scrollable, appStoreClass: pixelClass?.name,
                lint: MatrixManifest.LintSummary(errors: findings.filter { $0.severity == .error }.count,
                                                 warnings: findings.filter { $0.severity == .warning }.count,
                                                 findings: findings.isEmpty ? nil : findings.map {
                                                     "\($0.severity.rawValue) \($0.rule) \($0.element): \($0.message)"
                                                 }))
            if let framed {
                entry.framed = path + ".framed.png"
                entry.framedLinks = path + ".framed.links.json"
                entry.framedScreen = framed.screen
                entry.framedSize = LinkMap.PixelSize(width: framed.image.width, height: framed.image.height)
            }
            return CellResult(cell: cell, pixelSize: map.pixelSize, resolvedLanguage: map.language.resolved,
                              manifestElement: try canonicalJSONElement(entry, depth: 2),
                              galleryElement: try GalleryPage.element(for: entry, linkMap: map), error: nil, errorCause: nil,
                              usedDefaultLanguage: page.usedDefaultLanguage, pngChecksum: CRC32.of(pngData), warnings: page.warnings)
        } catch {
            var result = CellResult(cell: cell, error: "\(error)", errorCause: ErrorCause(of: error), warnings: [])
            if case let PromptError.missingSystemStrings(prompt, language, missing, _) = error {
                result.missingWords = .systemWordsMissing(prompt: prompt, language: language, missing: missing)
            }
            return result
        }
    }
}
