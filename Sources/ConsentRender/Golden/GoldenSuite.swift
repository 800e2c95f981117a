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
        guard !selected.isEmpty else {
            // A pattern without wildcards that starts some cells' paths is a folder: say so.
            if let only, !only.contains(where: { "*?[".contains($0) }),
               all.contains(where: { $0.path.hasPrefix(only.hasSuffix("/") ? only : only + "/") }) {
                throw GoldenError.patternNamesAFolder(path: matrixSource, only: only.hasSuffix("/") ? String(only.dropLast()) : only)
            }
            throw GoldenError.noCells(path: matrixSource, only: only)
        }
        return selected
    }

    /// Renders and compares every cell on all cores, records as the mode says, and reports.
    public func run() throws -> GoldenReport {
        let jobs = try fittedJobs()
        let session = try start()
        let entries = renderInParallel(count: session.cells.count, jobs: jobs,
                                       group: { [AnyHashable(session.cells[$0].document), AnyHashable(session.cells[$0].variant.sameText)] },
                                       batch: { session.cells[$0].variant.textBatch }) { index, renderer in
            session.check(session.cells[index], with: renderer)
        }
        return try session.finish(entries, partial: only != nil, orphans: reportsOrphans)
    }

    /// One job a core, lowered to what the process's limits hold (`MemoryNeed`); an error, before
    /// any folder is touched, when one cannot fit. A cell whose device is unknown counts for
    /// nothing here: `start` names it.
    func fittedJobs() throws -> Int {
        let cells = try self.cells()
        let catalog = DeviceProfileCatalog(directory: try matrix.profilesDirectory(relativeTo: goldenDirectory, source: matrixSource))
        var sizes: [String: (width: Int, height: Int)] = [:]
        for device in Set(cells.map(\.variant.device)) {
            if let profile = try? catalog.profile(reference: device) { sizes[device] = profile.pixelSize(in: .portrait) }
        }
        return try MemoryNeed(screens: cells.compactMap { sizes[$0.variant.device] }, languages: cells.map(\.variant.language),
                              extraScreens: 5)
            .jobs(requested: nil, preferred: min(cells.count, ProcessInfo.processInfo.activeProcessorCount),
                  fix: "check fewer or smaller cells at once (--only)", note: ResourceLimits.note)
    }

    /// Checks the matrix and claims the golden and artifacts folders (clearing the tool's earlier
    /// artifacts as `clearsArtifacts` says), and returns a session that checks cells one at a time,
    /// from any thread: for a test framework that runs every cell as a test of its own.
    public func start() throws -> GoldenSession {
        let cells = try self.cells()
        try checkGroups()
        let goldens = OwnedFolder(url: goldenDirectory, kind: .golden)
        // One run records into a golden folder at a time (others wait, then exit 3); runs that only
        // compare share it. The artifacts folder is locked after it, always in this order.
        if recordMode != .never {
            try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
            try goldens.lock(.exclusive)
        } else if FileManager.default.fileExists(atPath: goldenDirectory.path) {
            try goldens.lock(.shared)
        }
        let environmentFile = goldenDirectory.appendingPathComponent("ENVIRONMENT.json")
        // A run that may record writes ENVIRONMENT.json: one of the user's there stops it before any
        // golden is touched. One an earlier version wrote (not listed, but a fingerprint) is the tool's.
        if recordMode != .never {
            try goldens.checkMarker()
            // A link there could lead to a file of the user's: refused, never followed.
            try goldens.refuseSymbolicLinks(on: ["ENVIRONMENT.json"])
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
            for device in group.devices where device != "all" && group.allDevicesOfPlatform == nil {
                do {
                    _ = try catalog.profile(id: device)
                } catch let error as ProfileError {
                    throw GoldenError.invalidMatrix(path: matrixSource, field: "\(field).devices", fix: "\(error)")
                }
            }
            let documentURL = try existingFolder(path, relativeTo: goldenDirectory, source: matrixSource, field: "documents.\(group.document)",
                                                 fix: "give the document's folder, relative to the matrix's folder or absolute")
            let folder = try folders[group.document] ?? DocumentFolder(url: documentURL, appFiles: appFiles)
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
