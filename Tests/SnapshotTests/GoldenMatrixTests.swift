import Foundation
import Testing
import AndroidFiles
import ConsentRender
import XcodeFiles

/// Every cell of `Golden/matrix.json` as a test case of its own: rendered and compared with its
/// golden PNG and link map, in parallel with the rest of the suite.
///
/// Record mode comes from CONSENT_GOLDEN (missing, failed, all, never); under CI=true it is
/// never. `CONSENT_GOLDEN_ONLY` takes a pattern on cell paths (as `render-cli golden --only` does),
/// to run some cells: `CONSENT_GOLDEN_ONLY='privacy-agreement/iphone-15-pro/*' swift test --filter
/// goldenCell`. A failure names its cell; its images go to .build/golden-failures (with one
/// index.html for all of them), never into Golden/.
@Suite struct GoldenMatrixTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let only = ProcessInfo.processInfo.environment["CONSENT_GOLDEN_ONLY"].flatMap { $0.isEmpty ? nil : $0 }

    /// One session for the whole run: the matrix checked and the folders claimed once.
    static let session = Result { () throws -> GoldenSession in
        var suite = try GoldenSuite(
            matrixFile: root.appendingPathComponent("Golden/matrix.json"),
            artifactsDirectory: root.appendingPathComponent(".build/golden-failures"),
            recordMode: try GoldenRecordMode.current(environment: ProcessInfo.processInfo.environment), only: only)
        suite.appFiles = AppFileReaders([AndroidAppFiles(), XcodeAppFiles()])
        return try suite.start()
    }

    /// The cells' paths; none when the matrix cannot be read (`theMatrixReadsAndEveryGoldenHasItsCell` says why).
    static let cells: [String] = (try? session.get().cellPaths) ?? []

    @Test(arguments: cells)
    func goldenCell(_ path: String) throws {
        let report = try Self.session.get().check(path)
        for failure in report.failures {
            Issue.record(Comment(rawValue: failure.description + (report.index.map { "\n  failure report: \($0.path)" } ?? "")))
        }
    }

    @Test func theMatrixReadsAndEveryGoldenHasItsCell() throws {
        let session = try Self.session.get()
        #expect(session.cellPaths.count >= (Self.only == nil ? 24 : 1))
        if Self.only == nil {
            let orphans = try session.orphans()
            #expect(orphans.isEmpty, "orphaned goldens (no matrix cell renders them; delete them or add their cells): \(orphans)")
        }
    }

    /// DESIGN.md budgets 60 MB for Golden/, up to 12 MB of it Android's: iOS keeps to 48 MB, and
    /// the cells of Android devices (`<document>/<device>/…`) to 12.
    @Test func goldenFolderStaysWithinEachPlatformsShareOfTheBudget() throws {
        let golden = Self.root.appendingPathComponent("Golden")
        let catalog = DeviceProfileCatalog(directory: Self.root.appendingPathComponent("DeviceProfiles"))
        let android = Set(try catalog.allProfiles().filter { $0.platformName == "android" }.map(\.id))
        var bytes = (ios: 0, android: 0)
        for path in try FileManager.default.subpathsOfDirectory(atPath: golden.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: golden.appendingPathComponent(path).path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let size = (attributes[.size] as? Int) ?? 0
            let parts = path.split(separator: "/")
            if parts.count > 2, android.contains(String(parts[1])) { bytes.android += size } else { bytes.ios += size }
        }
        #expect(bytes.ios > 0 && bytes.ios < 48_000_000, "iOS's goldens hold \(bytes.ios) bytes; DESIGN.md gives them 48 MB of 60")
        #expect(bytes.android > 0 && bytes.android < 12_000_000, "Android's goldens hold \(bytes.android) bytes; DESIGN.md gives them 12 MB")
    }
}
