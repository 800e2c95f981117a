import Foundation

/// Renders a golden matrix and compares every cell with its reference PNG and link map.
///
/// A failing run never writes into the golden folder (unless its record mode says to): it
/// writes expected, actual, diff and side-by-side images for every failure under
/// `artifactsDirectory`, with one `index.html` listing them all.
public struct GoldenSuite: Sendable {
    public var matrix: GoldenMatrix
    /// The matrix file's path, for messages.
    public var matrixSource: String
    /// The folder the matrix's relative paths start from, which also holds the goldens.
    public var goldenDirectory: URL
    public var artifactsDirectory: URL
    public var recordMode: GoldenRecordMode
    /// A shell-style pattern (`*`, `?`, `[…]`) on cell paths; nil runs every cell.
    public var only: String?
    /// Whether to list golden files no cell renders. Off for partial runs.
    public var reportsOrphans: Bool
    /// Whether to empty the artifacts folder first, so its index shows only this run.
    public var clearsArtifacts: Bool
    /// How images are compared; starts as the matrix's `diff` settings.
    public var diffOptions: DiffOptions
    /// Reads the app files a document names (`XcodeAppFiles()` for an iOS app's).
    public var appFiles: (any AppFilesReader)?

    /// A suite for `matrix.json`, whose folder holds the goldens.
    public init(matrixFile: URL, artifactsDirectory: URL, recordMode: GoldenRecordMode, only: String? = nil) throws {
        self.init(matrix: try GoldenMatrix.load(from: matrixFile), matrixSource: matrixFile.path,
                  goldenDirectory: matrixFile.deletingLastPathComponent(), artifactsDirectory: artifactsDirectory,
                  recordMode: recordMode, only: only, reportsOrphans: only == nil, clearsArtifacts: true)
    }

    public init(matrix: GoldenMatrix, matrixSource: String, goldenDirectory: URL, artifactsDirectory: URL,
                recordMode: GoldenRecordMode, only: String? = nil, reportsOrphans: Bool, clearsArtifacts: Bool) {
        self.matrix = matrix
        self.matrixSource = matrixSource
        self.goldenDirectory = goldenDirectory
        self.artifactsDirectory = artifactsDirectory
        self.recordMode = recordMode
        self.only = only
        self.reportsOrphans = reportsOrphans
        self.clearsArtifacts = clearsArtifacts
        diffOptions = matrix.diffOptions
    }

    /// The cells this run covers, after `only`.
    func cells() throws -> [GoldenCell] {
        let all = try matrix.cells(relativeTo: goldenDirectory, source: matrixSource, appFiles: appFiles)
        let selected = only.map { pattern in all.filter { fnmatch(pattern, $0.path, 0) == 0 } } ?? all
        guard !selected.isEmpty else { throw GoldenError.noCells(path: matrixSource, only: only) }
        return selected
    }

    /// Renders and compares every cell on all cores, records as the mode says, and reports.
    public func run() throws -> GoldenReport {
        let session = try start()
        let entries = renderInParallel(count: session.cells.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { index, renderer in
            session.check(session.cells[index], with: renderer)
        }
        return try session.finish(entries, partial: only != nil, orphans: reportsOrphans)
    }

    /// Checks the matrix and claims the golden and artifacts folders (clearing the tool's earlier
    /// artifacts as `clearsArtifacts` says), and returns a session that checks cells one at a time,
    /// from any thread: for a test framework that runs every cell as a test of its own.
    public func start() throws -> GoldenSession {
        let cells = try self.cells()
        try checkGroups()
        let goldens = OwnedFolder(url: goldenDirectory, kind: .golden)
        let environmentFile = goldenDirectory.appendingPathComponent("ENVIRONMENT.json")
        // A run that may record writes ENVIRONMENT.json: one of the user's there stops it before any
        // golden is touched. One an earlier version wrote (not listed, but a fingerprint) is the tool's.
        if recordMode != .never {
            try goldens.checkMarker()
            switch goldens.ownership(of: "ENVIRONMENT.json") {
            case .absent, .ours: break
            case .unlisted where EnvironmentFingerprint.load(from: environmentFile) != nil: break
            case .unlisted, .changed:
                throw OutputError.notOurFiles(folder: OwnedFolder.Kind.golden.noun, path: goldenDirectory.path,
                                              files: [environmentFile.path], olderMarker: false)
            }
        }
        // Made (and marked) before any work, so a folder that cannot be written stops the run at once.
        let artifacts = FailureArtifacts(folder: try claimArtifactsFolder())
        // A file of the user's where a failure's images would go stops the run before it starts.
        try artifacts.folder.checkWritable(cells.flatMap { FailureArtifacts.possibleFiles(of: $0.path) } + ["index.html"])
        try artifacts.folder.prepare()
        let keptArtifacts = clearsArtifacts
            ? try artifacts.folder.clear()
            : try cells.flatMap { try artifacts.folder.removeOwned($0.path) }
        let catalog = DeviceProfileCatalog(directory: try matrix.profilesDirectory(relativeTo: goldenDirectory, source: matrixSource))
        return GoldenSession(suite: self, cells: cells, goldens: goldens, artifacts: artifacts, catalog: catalog,
                             keptArtifacts: keptArtifacts)
    }

    /// Checks each group before anything renders: its devices exist, each language has a file
    /// of its own (or the group allows the fallback), and its states are its template's.
    func checkGroups() throws {
        var folders: [String: DocumentFolder] = [:]
        let catalog = DeviceProfileCatalog(directory: try matrix.profilesDirectory(relativeTo: goldenDirectory, source: matrixSource))
        for (index, group) in matrix.groups.enumerated() {
            guard let path = matrix.documents[group.document] else { continue }
            let field = "groups[\(index)]"
            for device in group.devices where device != "all" {
                do {
                    _ = try catalog.profile(id: device)
                } catch let error as ProfileError {
                    throw GoldenError.invalidMatrix(path: matrixSource, field: "\(field).devices", fix: "\(error)")
                }
            }
            let folder = try folders[group.document] ?? DocumentFolder(url: resolve(path, against: goldenDirectory), appFiles: appFiles)
            folders[group.document] = folder
            let resolver = LanguageResolver(available: folder.languages, defaultLanguage: folder.settings.defaultLanguage)
            for language in group.languages where group.allowFallback != true {
                guard let tag = LanguageTag(language), PseudoLocale(tag) == nil else { continue }
                let resolution = try resolver.resolution(of: language, folder: folder.url.path)
                if resolution.isDefaultFallback {
                    throw GoldenError.invalidMatrix(
                        path: matrixSource, field: "\(field).languages",
                        fix: "'\(language)' has no language file in \(folder.url.path), so its golden would show the default "
                            + "language '\(resolution.language)'. Add \(language).md, leave '\(language)' out, or set "
                            + "\"allowFallback\": true in the group")
                }
            }
            guard let states = group.states, states != ["all"],
                  let template = try? TemplateRegistry.standard.template(of: folder.content) else { continue }
            for state in states.map(ScreenState.init(rawValue:)) where !template.states.contains(state) {
                throw GoldenError.invalidMatrix(
                    path: matrixSource, field: "\(field).states",
                    fix: "the \(template.id) template of '\(group.document)' has no state '\(state)'; its states are: "
                        + template.states.map(\.rawValue).joined(separator: ", "))
            }
        }
    }

    /// Checks that the artifacts folder is the tool's to clear: never the golden folder, a document
    /// or profiles folder or the current directory, and an existing folder only when it is marked,
    /// empty or the conventional `.build/golden-failures`.
    func claimArtifactsFolder() throws -> OwnedFolder {
        var protected: [OwnedFolder.Protected] = [
            .init(url: goldenDirectory, role: "the golden folder"),
            .init(url: try matrix.profilesDirectory(relativeTo: goldenDirectory, source: matrixSource), role: "the device profiles folder"),
            .currentDirectory,
        ]
        for (name, path) in matrix.documents.sorted(by: { $0.key < $1.key }) {
            protected.append(.init(url: resolve(path, against: goldenDirectory), role: "the document folder '\(name)'"))
        }
        return try OwnedFolder.claim(artifactsDirectory, kind: .goldenArtifacts, protecting: protected,
                                     acceptsUnmarked: Self.isConventionalArtifactsFolder)
    }

    /// Whether `url` is a `.build/golden-failures` folder, the default inside SwiftPM's build
    /// folder, and a real folder there (a symbolic link could lead anywhere).
    static func isConventionalArtifactsFolder(_ url: URL) -> Bool {
        let standard = url.standardizedFileURL
        return standard.lastPathComponent == "golden-failures" && standard.deletingLastPathComponent().lastPathComponent == ".build"
            && !isSymbolicLink(standard)
    }

    /// Golden files under the golden folder that no cell renders.
    func orphans(of cells: [GoldenCell]) throws -> [String] {
        let expected = Set(cells.flatMap { cell in
            [cell.path + (cell.keepsImage ? ".png" : ".layout.json"), cell.path + ".links.json"]
        })
        guard let enumerator = FileManager.default.enumerator(at: goldenDirectory, includingPropertiesForKeys: nil) else {
            return []
        }
        let root = goldenDirectory.standardizedFileURL.path + "/"
        var orphans: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "png" || url.lastPathComponent.hasSuffix(".links.json")
            || url.lastPathComponent.hasSuffix(".layout.json") {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.count))
            if relative.split(separator: "/").count == 4, !expected.contains(relative) {
                orphans.append(relative)
            }
        }
        return orphans.sorted()
    }
}

/// A golden run that checks cells one at a time, from any thread, each test of a per-cell test
/// suite calling `check(_:)` with its cell: made by `GoldenSuite.start()`, which has already checked
/// the matrix and claimed the folders. Every write to the golden and artifacts folders (a recorded
/// golden, a failure's images, the ledgers, `ENVIRONMENT.json`, `index.html`) is made under one
/// lock, so parallel checks leave the folders as one run would; rendering and comparing run in parallel.
public final class GoldenSession: @unchecked Sendable {
    /// The cells, in the matrix's order.
    let cells: [GoldenCell]
    /// Their paths, `<document>/<device>/<orientation>-<appearance>/<language>`: a per-cell test's arguments.
    public var cellPaths: [String] { cells.map(\.path) }
    let suite: GoldenSuite
    let goldens: OwnedFolder
    let artifacts: FailureArtifacts
    let catalog: DeviceProfileCatalog
    /// The user's files the start kept in the artifacts folder.
    let keptArtifacts: [String]
    private let writes = NSLock()
    private let pool = NSLock()
    /// Renderers not in use: one per thread at a time, made as threads need them.
    private var idle: [ConsentRenderer] = []

    init(suite: GoldenSuite, cells: [GoldenCell], goldens: OwnedFolder, artifacts: FailureArtifacts, catalog: DeviceProfileCatalog,
         keptArtifacts: [String]) {
        self.suite = suite
        self.cells = cells
        self.goldens = goldens
        self.artifacts = artifacts
        self.catalog = catalog
        self.keptArtifacts = keptArtifacts
    }

    var environmentFile: URL { suite.goldenDirectory.appendingPathComponent("ENVIRONMENT.json") }

    /// Checks the cell at `path` alone: renders and compares it, records it as the record mode says,
    /// and brings the folders up to date (the golden folder's ledger and `ENVIRONMENT.json` after a
    /// recording, `index.html` after a failure). The report holds this cell's outcome.
    public func check(_ path: String) throws -> GoldenReport {
        guard let cell = cells.first(where: { $0.path == path }) else {
            throw GoldenError.noCells(path: suite.matrixSource, only: path)
        }
        let renderer = takeRenderer()
        let entry = check(cell, with: renderer)
        if case let .success(renderer) = renderer { giveBack(renderer) }
        return try finish([entry], partial: true, orphans: false)
    }

    /// Golden files under the golden folder that no cell of this session renders.
    public func orphans() throws -> [String] {
        try suite.orphans(of: cells)
    }

    private func takeRenderer() -> Result<ConsentRenderer, Error> {
        pool.lock()
        defer { pool.unlock() }
        if let renderer = idle.popLast() { return .success(renderer) }
        return Result { try ConsentRenderer() }
    }

    private func giveBack(_ renderer: ConsentRenderer) {
        pool.lock()
        idle.append(renderer)
        pool.unlock()
    }

    func check(_ cell: GoldenCell, with renderer: Result<ConsentRenderer, Error>) -> CellEntry {
        CellChecker(cell: cell, catalog: catalog, goldens: goldens, artifacts: artifacts, recordMode: suite.recordMode,
                    options: suite.diffOptions, appFiles: suite.appFiles, writes: writes).check(with: renderer)
    }

    /// Writes what the checked cells leave to do: `ENVIRONMENT.json` when one was recorded (a
    /// `partial` run adds its fonts to the recorded ones rather than replacing them), the ledgers,
    /// the machine's differences in every failure, and `index.html`.
    func finish(_ entries: [CellEntry], partial: Bool, orphans reportsOrphans: Bool) throws -> GoldenReport {
        writes.lock()
        defer { writes.unlock() }
        let recordMode = suite.recordMode
        var outcomes = entries.map { (cell: $0.cell, outcome: $0.outcome) }
        let fontFiles = entries.reduce(into: Set<String>()) { $0.formUnion($1.fontFiles) }
        let recordedSomething = outcomes.contains { $0.outcome == .recorded || $0.outcome == .rerecorded }
        // Written when goldens were recorded, and by any recording run that finds it missing.
        if recordedSomething || (recordMode != .never && !FileManager.default.fileExists(atPath: environmentFile.path)) {
            let stored = EnvironmentFingerprint.load(from: environmentFile)
            var paths = fontFiles
            if let stored, partial { paths.formUnion(stored.fonts.keys) }
            let data = try EnvironmentFingerprint.current(fontPaths: paths).jsonData()
            if (try? Data(contentsOf: environmentFile)) != data {
                // An earlier version's, unlisted: its own format says it is the tool's (checked at the start).
                if stored != nil, goldens.ownership(of: "ENVIRONMENT.json") == .unlisted {
                    try goldens.adopt("ENVIRONMENT.json")
                }
                try goldens.write([(environmentFile, data)])
            }
        }
        if recordMode != .never, goldens.ledger.hasEntries || recordedSomething {
            try goldens.finish()
        }
        if outcomes.contains(where: { if case .failed = $0.outcome { true } else { false } }),
           let recorded = EnvironmentFingerprint.load(from: environmentFile) {
            let changes = EnvironmentFingerprint.current(fontPaths: Set(recorded.fonts.keys).union(fontFiles))
                .changes(since: recorded)
            if !changes.isEmpty {
                outcomes = outcomes.map { entry in
                    guard case var .failed(failure) = entry.outcome else { return entry }
                    failure.environmentChanges = changes
                    return (entry.cell, .failed(failure))
                }
                try artifacts.annotate(environmentChanges: changes)
            }
        }
        let index = try artifacts.writeIndex()
        try artifacts.folder.finish()
        var report = GoldenReport(outcomes: outcomes, orphans: reportsOrphans ? try suite.orphans(of: cells) : [],
                                  index: index, recordMode: recordMode)
        report.keptArtifacts = keptArtifacts
        report.artifactsFolder = suite.artifactsDirectory
        return report
    }
}

/// What a run learned about one cell.
struct CellEntry: Sendable {
    var cell: String
    var outcome: GoldenOutcome
    var fontFiles: Set<String>
}

/// Renders one cell and compares, records or reports it.
private struct CellChecker {
    let cell: GoldenCell
    let catalog: DeviceProfileCatalog
    /// The golden folder and its ledger: a golden is replaced only when the ledger lists it unchanged.
    let goldens: OwnedFolder
    var goldenDirectory: URL { goldens.url }
    let artifacts: FailureArtifacts
    let recordMode: GoldenRecordMode
    let options: DiffOptions
    let appFiles: (any AppFilesReader)?
    /// Held for every write to the golden and artifacts folders.
    let writes: NSLock

    func check(with renderer: Result<ConsentRenderer, Error>) -> CellEntry {
        do {
            return try compare(using: try renderer.get())
        } catch {
            var entry = failed(["could not render: \(error)"], fontFiles: [], artifacts: nil)
            if ErrorCause(of: error) == .input, case var .failed(failure) = entry.outcome {
                failure.badInput = true
                entry.outcome = .failed(failure)
            }
            return entry
        }
    }

    private func failed(_ reasons: [String], fontFiles: Set<String>, artifacts folder: URL?) -> CellEntry {
        CellEntry(cell: cell.path, outcome: .failed(GoldenFailure(
            cell: cell.path, reasons: reasons, artifacts: folder, environmentChanges: [])), fontFiles: fontFiles)
    }

    private func compare(using renderer: ConsentRenderer) throws -> CellEntry {
        let page = try renderer.render(RenderRequest(
            content: try DocumentFolder(url: cell.documentFolder, appFiles: appFiles).content, profile: try catalog.profile(id: cell.variant.device),
            variant: cell.variant))
        let fontFiles = renderer.fontFiles(in: page.layout, fonts: page.fonts)
        let actualLinks = try page.linkMap.jsonData()
        // A cell kept without an image keeps its layout instead.
        let actualLayout = cell.keepsImage ? nil : try LayoutSnapshot(page.layout).jsonData()
        let actualImage = cell.keepsImage ? page.bitmap : nil
        let pngURL = goldenDirectory.appendingPathComponent(cell.path + ".png")
        let linksURL = goldenDirectory.appendingPathComponent(cell.path + ".links.json")
        let layoutURL = goldenDirectory.appendingPathComponent(cell.path + ".layout.json")
        let textFiles = [(linksURL, actualLinks)] + (actualLayout.map { [(layoutURL, $0)] } ?? [])
        func record(_ outcome: GoldenOutcome) throws -> CellEntry {
            // A golden whose pixels (and a JSON file whose bytes) are already these stays as it is, and
            // is listed as the tool's: nothing of it is lost.
            var changed: [(url: URL, data: Data)] = []
            var kept: [String] = []
            if cell.keepsImage {
                if (try? Bitmap(contentsOfPNG: pngURL)) == page.bitmap {
                    kept.append(cell.path + ".png")
                } else {
                    changed.append((pngURL, try page.bitmap.pngData(compression: .maximum)))
                }
            }
            for (url, data) in textFiles {
                if (try? Data(contentsOf: url)) == data { kept.append(goldens.relativePath(of: url)) } else { changed.append((url, data)) }
            }
            return try locked { try write(changed, kept: kept, outcome: outcome) }
        }
        func write(_ changed: [(url: URL, data: Data)], kept: [String], outcome: GoldenOutcome) throws -> CellEntry {
            let theirs = changed.map { goldens.relativePath(of: $0.url) }.filter {
                let owner = goldens.ownership(of: $0)
                return owner == .unlisted || owner == .changed
            }
            guard theirs.isEmpty else {
                let reasons = ["not recorded: " + theirs.map { goldenDirectory.appendingPathComponent($0).path }.joined(separator: " and ")
                    + " \(theirs.count == 1 ? "is not a file" : "are not files") golden record wrote (\(OwnedFolder.Kind.golden.markerName) "
                    + "in the golden folder does not list \(theirs.count == 1 ? "it" : "them"), or \(theirs.count == 1 ? "it" : "they") "
                    + "changed since). Delete \(theirs.count == 1 ? "it" : "them") (git keeps the history) and record again"]
                // What is there and what would be recorded, side by side, so the difference can be judged.
                let existing = cell.keepsImage ? try? Bitmap(contentsOfPNG: pngURL) : nil
                let folder = try? artifacts.write(cell: cell.path, variant: cell.variant, expected: existing, actual: actualImage,
                                                  diff: existing.map { diff(expected: $0, actual: page.bitmap, options: options) },
                                                  expectedLinks: try? Data(contentsOf: linksURL), actualLinks: actualLinks,
                                                  expectedLayout: cell.keepsImage ? nil : try? Data(contentsOf: layoutURL),
                                                  actualLayout: actualLayout, reasons: reasons)
                var failure = GoldenFailure(cell: cell.path, reasons: reasons, artifacts: folder, environmentChanges: [])
                failure.refusedOverwrite = true
                return CellEntry(cell: cell.path, outcome: .failed(failure), fontFiles: fontFiles)
            }
            for path in kept { try goldens.adopt(path) }
            if !changed.isEmpty {
                try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
                _ = try goldens.subfolder((cell.path as NSString).deletingLastPathComponent)
            }
            try goldens.write(changed)
            return CellEntry(cell: cell.path, outcome: changed.isEmpty ? .passed : outcome, fontFiles: fontFiles)
        }

        let fileManager = FileManager.default
        let needed = (cell.keepsImage ? [pngURL] : []) + textFiles.map(\.0)
        if let missing = needed.first(where: { !fileManager.fileExists(atPath: $0.path) }) {
            if recordMode.recordsMissing { return try record(.recorded) }
            let folder = try locked {
                try artifacts.write(cell: cell.path, variant: cell.variant, expected: nil, actual: actualImage, diff: nil,
                                    expectedLinks: nil, actualLinks: actualLinks, expectedLayout: nil, actualLayout: actualLayout,
                                    reasons: ["no golden at \(missing.path) (record mode \(recordMode.rawValue) does not record missing goldens)"])
            }
            return failed(["no golden at \(missing.path); record mode \(recordMode.rawValue) does not record missing goldens. "
                + "Run with CONSENT_GOLDEN=missing to record it, then look at it and commit it"],
                          fontFiles: fontFiles, artifacts: folder)
        }

        let expected = cell.keepsImage ? try Bitmap(contentsOfPNG: pngURL) : nil
        let result = expected.map { diff(expected: $0, actual: page.bitmap, options: options) }
        let expectedLinks = try Data(contentsOf: linksURL)
        let expectedLayout = cell.keepsImage ? nil : try Data(contentsOf: layoutURL)
        let linksMatch = expectedLinks == actualLinks
        let layoutMatches = expectedLayout == actualLayout
        if result?.passes != false && linksMatch && layoutMatches {
            return recordMode == .all ? try record(.rerecorded) : CellEntry(cell: cell.path, outcome: .passed, fontFiles: fontFiles)
        }
        if recordMode.recordsFailures { return try record(.rerecorded) }

        var reasons: [String] = []
        if let result, !result.passes { reasons.append("image: \(result.summary)") }
        if !linksMatch { reasons.append("link map: \(firstDifference(expectedLinks, actualLinks))") }
        if let expectedLayout, let actualLayout, !layoutMatches {
            reasons.append("layout: \(firstDifference(expectedLayout, actualLayout))")
        }
        let folder = try locked {
            try artifacts.write(cell: cell.path, variant: cell.variant, expected: expected, actual: actualImage, diff: result,
                                expectedLinks: expectedLinks, actualLinks: actualLinks, expectedLayout: expectedLayout,
                                actualLayout: actualLayout, reasons: reasons)
        }
        return failed(reasons, fontFiles: fontFiles, artifacts: folder)
    }

    private func locked<T>(_ body: () throws -> T) throws -> T {
        writes.lock()
        defer { writes.unlock() }
        return try body()
    }

    /// "line N: expected … got …" for the first line where two JSON texts differ.
    private func firstDifference(_ expected: Data, _ actual: Data) -> String {
        let a = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for line in 0..<max(a.count, b.count) {
            let left = line < a.count ? a[line].trimmingCharacters(in: .whitespaces) : "(end)"
            let right = line < b.count ? b[line].trimmingCharacters(in: .whitespaces) : "(end)"
            if left != right { return "line \(line + 1): expected \(left) got \(right)" }
        }
        return "the files differ"
    }
}
