import Foundation
import Testing
import ConsentRender
import XcodeFiles

/// Renders every cell of `Golden/matrix.json` and compares it with its golden PNG and link map.
///
/// Record mode comes from CONSENT_GOLDEN (missing, failed, all, never); under CI=true it is
/// never. Failures are all reported together; their images and an index.html are written to
/// .build/golden-failures, never into Golden/.
@Suite struct GoldenMatrixTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyGoldenCellMatches() throws {
        var suite = try GoldenSuite(
            matrixFile: Self.root.appendingPathComponent("Golden/matrix.json"),
            artifactsDirectory: Self.root.appendingPathComponent(".build/golden-failures"),
            recordMode: try GoldenRecordMode.current(environment: ProcessInfo.processInfo.environment))
        suite.appFiles = XcodeAppFiles()
        let report = try suite.run()
        print(report.description)
        for failure in report.failures {
            Issue.record(Comment(rawValue: failure.description))
        }
        #expect(report.outcomes.count >= 24)
    }

    @Test func goldenFolderStaysUnder40MB() throws {
        let golden = Self.root.appendingPathComponent("Golden")
        var bytes = 0
        for path in try FileManager.default.subpathsOfDirectory(atPath: golden.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: golden.appendingPathComponent(path).path)
            if attributes[.type] as? FileAttributeType == .typeRegular {
                bytes += (attributes[.size] as? Int) ?? 0
            }
        }
        #expect(bytes > 0 && bytes < 40_000_000, "Golden/ holds \(bytes) bytes; DESIGN.md budgets 40 MB")
    }
}
