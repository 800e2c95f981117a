import Foundation

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
        // The golden folder's lock is released however the session ends (the artifacts folder's by its `finish`).
        defer { goldens.unlock() }
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
