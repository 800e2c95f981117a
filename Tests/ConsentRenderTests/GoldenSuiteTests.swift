import Foundation
import Testing
@testable import ConsentRender

/// The golden runner on a small matrix in a temporary folder.
@Suite struct GoldenSuiteTests {
    let folder = TemporaryFolder()
    var golden: URL { folder.url.appendingPathComponent("Golden") }
    var artifacts: URL { folder.url.appendingPathComponent("failures") }

    init() throws {
        _ = folder.folder("doc", files: testAgreement)
        let profiles = folder.url.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        for id in ["iphone-se-3", "ipad-10"] {
            try FileManager.default.copyItem(at: shippedProfiles.directory.appendingPathComponent("\(id).json"),
                                             to: profiles.appendingPathComponent("\(id).json"))
        }
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        try writeMatrix(languages: ["en", "zh-Hans"])
    }

    func writeMatrix(languages: [String], extra: String = "") throws {
        let list = languages.map { "\"\($0)\"" }.joined(separator: ", ")
        let json = """
            { "profiles": "../profiles", "documents": { "reads": "../doc" },
              "groups": [ { "document": "reads", "devices": ["iphone-se-3"], "languages": [\(list)] }\(extra) ] }
            """
        try Data(json.utf8).write(to: golden.appendingPathComponent("matrix.json"))
    }

    func run(_ mode: GoldenRecordMode, only: String? = nil) throws -> GoldenReport {
        try GoldenSuite(matrixFile: golden.appendingPathComponent("matrix.json"), artifactsDirectory: artifacts,
                        recordMode: mode, only: only).run()
    }

    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: golden.path).sorted() {
            let url = golden.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    func changeTint(to hex: String) throws {
        let url = folder.url.appendingPathComponent("profiles/iphone-se-3.json")
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "#007AFF", with: hex)
        try Data(text.utf8).write(to: url)
    }

    /// A group with "images": false keeps a link map and a layout per cell, no PNG; a layout change
    /// (here the document's title, longer) fails naming the layout's line, and a cell an image group
    /// also lists keeps its image.
    @Test func cellsWithoutImagesKeepTheirLinkMapAndLayout() throws {
        try writeMatrix(languages: ["en"], extra: #", { "document": "reads", "devices": ["iphone-se-3", "ipad-10"], "languages": ["en"], "images": false }"#)
        let recorded = try run(.missing)
        #expect(recorded.outcomes.count == 2 && recorded.passed, "\(recorded)")
        let files = try snapshot().keys.sorted()
        #expect(files.contains("reads/iphone-se-3/portrait-light/en.png"), "the image group's cell keeps its image")
        #expect(files.contains("reads/ipad-10/portrait-light/en.layout.json") && files.contains("reads/ipad-10/portrait-light/en.links.json"))
        #expect(!files.contains("reads/ipad-10/portrait-light/en.png") && !files.contains("reads/iphone-se-3/portrait-light/en.layout.json"))
        let layout = try String(contentsOf: golden.appendingPathComponent("reads/ipad-10/portrait-light/en.layout.json"), encoding: .utf8)
        #expect(layout.contains(#""id":"title","kind":"text""#) && layout.contains(#""schemaVersion": 1"#), "\(layout)")
        #expect(try run(.never).passed)

        // The title grows by a word: the layout names the title's line, and the artifacts hold both layouts.
        let english = folder.url.appendingPathComponent("doc/en.md")
        let text = try String(contentsOf: english, encoding: .utf8)
        let title = try #require(text.split(separator: "\n").first { $0.hasPrefix("# ") })
        try Data(text.replacingOccurrences(of: String(title), with: title + " Updated").utf8).write(to: english)
        let changed = try run(.never)
        let failure = try #require(changed.failures.first { $0.cell == "reads/ipad-10/portrait-light/en" })
        #expect(failure.reasons.contains { $0.hasPrefix("layout: line ") && $0.contains(#""id":"title""#) }, "\(failure.reasons)")
        let saved = try #require(failure.artifacts)
        #expect(FileManager.default.fileExists(atPath: saved.appendingPathComponent("expected.layout.json").path))
        #expect(FileManager.default.fileExists(atPath: saved.appendingPathComponent("actual.layout.json").path))
        #expect(!FileManager.default.fileExists(atPath: saved.appendingPathComponent("actual.png").path))
        #expect(try run(.never, only: "reads/ipad-10/*").orphans.isEmpty)
    }

    @Test func groupsTakeTextSizesInAnyCaseOrAllAndTheAccessibilitySettings() throws {
        let cells = { (extra: String) throws -> [String] in
            try self.writeMatrix(languages: ["en"], extra: extra)
            return try GoldenMatrix.load(from: self.golden.appendingPathComponent("matrix.json"))
                .cells(relativeTo: self.golden, source: "matrix.json").map(\.path)
        }
        let sized = try cells(#", { "document": "reads", "devices": ["iphone-se-3"], "languages": ["en"], "textSizes": ["ax3"], "boldText": [true], "increaseContrast": [false, true] }"#)
        #expect(sized.contains("reads/iphone-se-3/portrait-light-AX3-bold/en"))
        #expect(sized.contains("reads/iphone-se-3/portrait-light-AX3-bold-contrast/en"))
        let all = try cells(#", { "document": "reads", "devices": ["iphone-se-3"], "languages": ["en"], "textSizes": ["all"] }"#)
        #expect(all.count == 12)
        #expect {
            _ = try cells(#", { "document": "reads", "devices": ["iphone-se-3"], "languages": ["en"], "textSizes": ["Huge"] }"#)
        } throws: { "\($0)".contains("groups[1].textSizes") && "\($0)".contains("'Huge' is not a text size") }
        // The Dynamic Island: shown only on a phone that has one.
        try FileManager.default.copyItem(at: shippedProfiles.directory.appendingPathComponent("iphone-15-pro.json"),
                                         to: folder.url.appendingPathComponent("profiles/iphone-15-pro.json"))
        let island = try cells(#", { "document": "reads", "devices": ["iphone-15-pro"], "languages": ["en"], "island": ["both"] }"#)
        #expect(island.contains("reads/iphone-15-pro/portrait-light-island/en") && island.contains("reads/iphone-15-pro/portrait-light/en"))
        #expect {
            _ = try cells(#", { "document": "reads", "devices": ["iphone-se-3"], "languages": ["en"], "island": ["shown"] }"#)
        } throws: { "\($0)".contains("groups[1].island") && "\($0)".contains("no Dynamic Island") }
    }

    @Test func recordsMissingThenPassesWithIdenticalBytes() throws {
        let first = try run(.missing)
        #expect(first.outcomes.map(\.outcome) == [.recorded, .recorded])
        let recorded = try snapshot()
        #expect(recorded.keys.sorted() == [
            ".consentrender-golden", "ENVIRONMENT.json", "matrix.json",
            "reads/iphone-se-3/portrait-light/en.links.json", "reads/iphone-se-3/portrait-light/en.png",
            "reads/iphone-se-3/portrait-light/zh-Hans.links.json", "reads/iphone-se-3/portrait-light/zh-Hans.png",
        ])
        let png = try #require(recorded["reads/iphone-se-3/portrait-light/en.png"])
        #expect(pngHeader(png)?.colorType == 2)
        #expect(try run(.missing).passed)
        let rerecorded = try run(.all)
        #expect(rerecorded.passed && rerecorded.outcomes.allSatisfy { $0.outcome == .passed })
        #expect(try snapshot() == recorded, "re-recording unchanged images keeps their bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: artifacts.path) == [".consentrender-artifacts"],
                "a passing run leaves its artifacts folder empty but for the marker")
    }

    @Test func failureWritesArtifactsAndIndexButNeverTouchesGoldens() throws {
        _ = try run(.missing)
        let recorded = try snapshot()
        try changeTint(to: "#0A84FF")
        let report = try run(.missing)
        #expect(report.failures.count == 2, "all failures are reported, not just the first")
        #expect(try snapshot() == recorded)
        for failure in report.failures {
            let folder = try #require(failure.artifacts)
            for file in ["expected.png", "actual.png", "diff.png", "side-by-side.png", "expected.links.json", "actual.links.json"] {
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
            }
            #expect(failure.reasons.contains { $0.hasPrefix("image: ") && $0.contains("pixels differ") })
        }
        let index = try #require(report.index)
        let html = try String(contentsOf: index, encoding: .utf8)
        #expect(html.contains("2 golden failures"))
        #expect(html.contains("reads/iphone-se-3/portrait-light/en/side-by-side.png"))
        #expect(html.contains("reads/iphone-se-3/portrait-light/zh-Hans/diff.png"))
        #expect(report.description.contains("2 failed"))
    }

    @Test func failedModeReRecordsOnlyWhatFails() throws {
        _ = try run(.missing)
        try changeTint(to: "#0A84FF")
        let report = try run(.failed)
        #expect(report.passed && report.outcomes.allSatisfy { $0.outcome == .rerecorded })
        #expect(try run(.never).passed)
    }

    @Test func neverModeFailsOnAMissingGoldenAndDoesNotCreateIt() throws {
        _ = try run(.missing)
        let missing = golden.appendingPathComponent("reads/iphone-se-3/portrait-light/en.png")
        try FileManager.default.removeItem(at: missing)
        let report = try run(.never)
        #expect(report.failures.map(\.cell) == ["reads/iphone-se-3/portrait-light/en"])
        #expect(report.failures.first?.reasons.first?.contains("CONSENT_GOLDEN=missing") == true)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        let actual = try #require(report.failures.first?.artifacts).appendingPathComponent("actual.png")
        #expect(FileManager.default.fileExists(atPath: actual.path), "the render is kept for review")
    }

    @Test func linkMapIsComparedExactly() throws {
        _ = try run(.missing)
        let links = golden.appendingPathComponent("reads/iphone-se-3/portrait-light/en.links.json")
        let text = try String(contentsOf: links, encoding: .utf8).replacingOccurrences(of: "\"visible\" : true", with: "\"visible\" : false")
        try Data(text.utf8).write(to: links)
        let report = try run(.never, only: "*/en")
        #expect(report.outcomes.count == 1)
        let reasons = try #require(report.failures.first?.reasons)
        #expect(reasons.count == 1 && reasons[0].hasPrefix("link map: line "))
        #expect(reasons[0].contains("expected \"visible\" : false got \"visible\" : true"))
    }

    @Test func orphanedGoldensAreReported() throws {
        _ = try run(.missing)
        try writeMatrix(languages: ["en"])
        let report = try run(.never)
        #expect(report.passed)
        #expect(report.orphans == ["reads/iphone-se-3/portrait-light/zh-Hans.links.json",
                                   "reads/iphone-se-3/portrait-light/zh-Hans.png"])
        #expect(report.description.contains("orphaned goldens"))
        #expect(try run(.never, only: "reads/*").orphans.isEmpty, "a partial run does not judge orphans")
    }

    @Test func failureNamesWhatChangedInTheEnvironment() throws {
        _ = try run(.missing)
        let file = golden.appendingPathComponent("ENVIRONMENT.json")
        var fingerprint = try #require(EnvironmentFingerprint.load(from: file))
        #expect(fingerprint.libraries.keys.sorted() == ["cairo", "fontconfig", "freetype", "harfbuzz", "libpng", "pango"])
        #expect(fingerprint.fonts.keys.contains { $0.hasSuffix("NotoSansCJK-Regular.ttc") })
        fingerprint.libraries["pango"] = "1.48.0"
        let font = try #require(fingerprint.fonts.keys.first { $0.hasSuffix("NotoSans-Regular.ttf") })
        fingerprint.fonts[font]?.crc32 = "00000000"
        try fingerprint.jsonData().write(to: file)
        try changeTint(to: "#FF2D55")
        let failure = try #require(try run(.never).failures.first)
        #expect(failure.environmentChanges.contains { $0.hasPrefix("pango 1.48.0 → ") })
        #expect(failure.environmentChanges.contains { $0.hasPrefix("font NotoSans-Regular.ttf changed") })
        #expect(failure.description.contains("this machine differs from the one that recorded the goldens"))
    }

    @Test func assertConsentGoldenRecordsPassesAndThenThrowsWithEveryFailure() throws {
        let document = folder.url.appendingPathComponent("doc")
        let profiles = folder.url.appendingPathComponent("profiles")
        let teamGolden = folder.url.appendingPathComponent("TeamGolden")
        func check(_ mode: GoldenRecordMode) throws -> GoldenReport {
            try assertConsentGolden(document: document, devices: ["iphone-se-3", "ipad-10"], languages: ["en", "zh-Hant"],
                                    orientations: [.landscape], profiles: profiles, golden: teamGolden,
                                    artifacts: artifacts, recordMode: mode)
        }
        #expect(try check(.missing).outcomes.count == 4)
        #expect(FileManager.default.fileExists(atPath: teamGolden.appendingPathComponent("doc/ipad-10/landscape-light/zh-Hant.png").path))
        #expect(try check(.never).passed)
        try changeTint(to: "#FF9500")
        let mismatch = #expect(throws: GoldenMismatch.self) { try check(.never) }
        #expect(mismatch?.report.failures.map(\.cell).sorted() == ["doc/iphone-se-3/landscape-light/en", "doc/iphone-se-3/landscape-light/zh-Hant"])
        #expect(mismatch?.description.contains("2 failed") == true)
    }

    @Test(arguments: [
        (["CONSENT_GOLDEN": "failed", "CI": "true"], GoldenRecordMode.failed),
        (["CI": "true"], .never),
        (["CI": "1"], .never),
        ([:], .missing),
        (["CONSENT_GOLDEN": "ALL"], .all),
    ])
    func recordModeComesFromTheEnvironment(environment: [String: String], expected: GoldenRecordMode) throws {
        #expect(try GoldenRecordMode.current(environment: environment) == expected)
    }

    @Test func badRecordModeAndBadMatrixAreClearErrors() throws {
        #expect(throws: GoldenError.invalidRecordMode(value: "sometimes")) {
            try GoldenRecordMode.current(environment: ["CONSENT_GOLDEN": "sometimes"])
        }
        try writeMatrix(languages: ["en"], extra: #", { "document": "nope", "devices": ["iphone-se-3"], "languages": ["en"] }"#)
        let error = #expect(throws: GoldenError.self) { try run(.never) }
        #expect(error?.description.contains("field 'groups[1].document': 'nope' is not one of documents: reads") == true)
        try writeMatrix(languages: ["en"], extra: ##", { "document": "reads", "devices": ["iphone-se-3"], "languages": ["en"], "tint": "#FF0000" }"##)
        #expect(throws: GoldenError.conflictingCells(path: golden.appendingPathComponent("matrix.json").path,
                                                      cell: "reads/iphone-se-3/portrait-light/en")) { try run(.never) }
        #expect(throws: GoldenError.self) { try run(.never, only: "nothing/*") }
    }
}
