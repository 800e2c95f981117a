import Foundation
import Testing
@testable import ConsentRender

/// Issue 36, point 1: `golden verify --junit FILE`, read back by Python's XML parser and validated
/// against the JUnit schema Jenkins reads (Schemas/junit-10.xsd).
@Suite struct JUnitReportTests {
    let folder = TemporaryFolder()

    /// Validates `report` against the shipped schema and returns what Python's parser counts:
    /// `tests failures errors cases failed-cases attachments`, or the schema's complaint.
    func check(_ report: URL) throws -> CLIRun {
        try runPython("""
            import sys
            from lxml import etree
            schema = etree.XMLSchema(etree.parse(sys.argv[1]))
            document = etree.parse(sys.argv[2])
            if not schema.validate(document):
                print("invalid:", schema.error_log); sys.exit(1)
            root = document.getroot()
            cases = root.findall("./testsuite/testcase")
            failed = [c for c in cases if c.find("failure") is not None or c.find("error") is not None]
            attachments = [line for c in failed for line in (c.findtext("system-out") or "").splitlines() if line.startswith("[[ATTACHMENT|")]
            print(root.get("tests"), root.get("failures"), root.get("errors"), len(cases), len(failed), len(attachments))
            for line in attachments: print(line)
            """, arguments: [repositoryRoot.appendingPathComponent("Schemas/junit-10.xsd").path, report.path])
    }

    @Test func aFailingRunWritesValidJUnitWhoseCountsAreTheVerdicts() throws {
        let document = folder.folder("doc", files: [
            "en.md": "# Privacy\n\nWe use your location to find rides. Read our [privacy policy](https://yunfan.cn/p).\n",
            "zh-Hans.md": "# 隐私\n\n我们使用您的位置信息为您匹配车辆。请阅读[《隐私政策》](https://yunfan.cn/p)。\n"])
        let golden = folder.folder("golden", files: ["matrix.json": """
            { "profiles": "\(repositoryRoot.path)/DeviceProfiles", "documents": { "consent": "\(document.path)" },
              "groups": [ { "document": "consent", "devices": ["iphone-se-3", "ipad-10"], "languages": ["en", "zh-Hans"] } ] }
            """])
        let artifacts = folder.url.appendingPathComponent("artifacts")
        let report = folder.url.appendingPathComponent("reports/golden.xml")
        let common = ["--golden", golden.path, "--artifacts", artifacts.path, "--junit", report.path]
        let record = try runRenderCLI(["golden", "record"] + common)
        #expect(record.status == 0, "\(record.stderr)")
        let recorded = try check(report)
        #expect(recorded.status == 0 && recorded.stdout.hasPrefix("4 0 0 4 0 0"), "\(recorded.stdout)\(recorded.stderr)")

        // The English text changes: its two cells fail, the Chinese ones pass.
        try Data("# Privacy\n\nWe use your location to match rides. Read our [privacy policy](https://yunfan.cn/p).\n".utf8)
            .write(to: document.appendingPathComponent("en.md"))
        let verify = try runRenderCLI(["golden", "verify"] + common, environment: ["CI": "true"])
        #expect(verify.status == 1 && verify.stdout.contains("4 golden cells: 2 passed, 2 failed"), "\(verify.stdout)")
        #expect(verify.stdout.contains("JUnit report: \(report.path)"))
        let read = try check(report)
        #expect(read.status == 0, "\(read.stdout)\(read.stderr)")
        let lines = read.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "4 2 0 4 2 6", "\(read.stdout)")
        // One attachment per image of each failure (expected, actual, diff), and every one exists.
        let paths = lines.dropFirst().map { String($0.dropFirst("[[ATTACHMENT|".count).dropLast(2)) }
        #expect(paths.count == 6 && paths.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "\(paths)")
        #expect(Set(paths.map { ($0 as NSString).lastPathComponent }) == ["expected.png", "actual.png", "diff.png"])
        #expect(paths.allSatisfy { $0.contains("/en/") })
        // The failure's text carries the diff figures.
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains("<failure type=\"mismatch\" message=\"image: ") && xml.contains("pixels differ"))
        #expect(xml.contains("<property name=\"attachment\" value=\""))
        // In GitHub Actions each failure is also an error annotation at its golden image.
        let annotated = try runRenderCLI(["golden", "verify"] + common, environment: ["CI": "true", "GITHUB_ACTIONS": "true"])
        let errors = annotated.stdout.split(separator: "\n").filter { $0.hasPrefix("::error file=") }
        #expect(errors.count == 2 && errors.allSatisfy { $0.contains("/en.png,title=golden consent/") && $0.contains("pixels differ") },
                "\(errors)")
    }

    @Test func aReportFileThatIsNotOursIsRefusedBeforeAnythingRuns() throws {
        let golden = repositoryRoot.appendingPathComponent("Golden")
        let mine = folder.folder("mine", files: ["notes.xml": "<notes>mine</notes>"])
        let cases: [(String, String)] = [
            (mine.appendingPathComponent("notes.xml").path, "exists and is not a report render-cli wrote"),
            (mine.path, "is a folder"),
            (golden.appendingPathComponent("report.xml").path, "lies inside"),
        ]
        for (path, reason) in cases {
            let run = try runRenderCLI(["golden", "verify", "--only", "privacy-agreement/iphone-14/*", "--junit", path,
                                        "--artifacts", folder.url.appendingPathComponent("a").path], environment: ["CI": "true"])
            #expect(run.status == 2 && run.stderr.contains(reason) && run.stdout.isEmpty, "\(path): \(run.stderr)")
        }
        #expect(try String(contentsOf: mine.appendingPathComponent("notes.xml"), encoding: .utf8) == "<notes>mine</notes>")
        #expect(!FileManager.default.fileExists(atPath: golden.appendingPathComponent("report.xml").path))
    }

    @Test func errorsAndAwkwardTextAreValidXML() throws {
        var badInput = GoldenFailure(cell: "doc/iphone-se-3/portrait-light/en-prompt-camera", reasons: ["no \"NSCameraUsageDescription\" & <purpose>\u{1}"],
                                     artifacts: nil, environmentChanges: [])
        badInput.badInput = true
        let mismatch = GoldenFailure(cell: "other/ipad-10/portrait-dark/ar", reasons: ["image: 3 pixels differ", "link map: line 2"],
                                     artifacts: nil, environmentChanges: ["pango 1.50.12 → 1.50.14"])
        let missing = GoldenFailure(cell: "other/ipad-10/portrait-dark/he", reasons: ["no golden at Golden/other/ipad-10/portrait-dark/he.png; "
                                        + "record mode never does not record missing goldens"], artifacts: nil, environmentChanges: [])
        let report = GoldenReport(outcomes: [("doc/iphone-se-3/portrait-light/en", .passed), ("doc/iphone-se-3/portrait-light/en-prompt-camera", .failed(badInput)),
                                             ("other/ipad-10/portrait-dark/ar", .failed(mismatch)), ("other/ipad-10/portrait-dark/en", .recorded),
                                             ("other/ipad-10/portrait-dark/he", .failed(missing))],
                                  orphans: [], index: nil, recordMode: .missing)
        let file = folder.url.appendingPathComponent("synthetic.xml")
        try JUnitReport.golden(report, seconds: 1.5).write(to: file)
        let read = try check(file)
        #expect(read.status == 0 && read.stdout.hasPrefix("5 2 1 5 3 0"), "\(read.stdout)\(read.stderr)")
        let xml = try String(contentsOf: file, encoding: .utf8)
        #expect(xml.contains("<error type=\"bad-input\" message=\"no &quot;NSCameraUsageDescription&quot; &amp; &lt;purpose&gt;\">"))
        #expect(xml.contains("this machine differs from the one that recorded the goldens: pango 1.50.12 → 1.50.14"))
        #expect(xml.contains("<testsuite name=\"doc\" tests=\"2\" failures=\"0\" errors=\"1\"") && xml.contains("<testsuite name=\"other\" tests=\"3\" failures=\"2\" errors=\"0\""))
        // A cell without its golden is a failure of its own type, not a mismatch.
        #expect(xml.contains("<failure type=\"missing\" message=\"no golden at Golden/other/ipad-10/portrait-dark/he.png"))
        #expect(JUnitReport.isOwn(fileAt: file.path))
    }

    @Test func lintWritesACasePerScreenFailedWhenItHasErrors() throws {
        let document = folder.folder("ticked", files: [
            "en.md": "# Privacy\n\nWe use analytics. Read our [privacy policy](https://yunfan.cn/p).\n\n- [x] I agree\n"])
        let report = folder.url.appendingPathComponent("lint.xml")
        let run = try runRenderCLI(["lint", "--document", document.path, "--devices", "iphone-se-3", "--orientations", "portrait,landscape",
                                    "--appearances", "light", "--junit", report.path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let read = try check(report)
        // Two screens and the document: both screens fail on the pre-ticked box.
        #expect(read.status == 0 && read.stdout.hasPrefix("3 2 0 3 2 0"), "\(read.stdout)\(read.stderr)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains("<testcase name=\"iphone-se-3/landscape-light/en\" classname=\"lint.ticked\">")
                && xml.contains("choice.pre-ticked"))
        // Inside the document folder it would be read as the document's: refused.
        let inside = try runRenderCLI(["lint", "--document", document.path, "--junit", document.appendingPathComponent("lint.xml").path])
        #expect(inside.status == 2 && inside.stderr.contains("lies inside"))
    }

    @Test func matrixWritesACasePerCellWithTheCellsThatFailedAsErrors() throws {
        let document = folder.folder("mixed", files: [
            "en.md": "# Privacy\n\nRead our [privacy policy](https://yunfan.cn/p).\n",
            "de.md": "# Datenschutz\n\nDas Zeichen \u{E000} hat keine Glyphe. [Datenschutzerklärung](https://yunfan.cn/p)\n"])
        let report = folder.url.appendingPathComponent("matrix.xml")
        let run = try runRenderCLI(["matrix", "--document", document.path, "--devices", "iphone-se-3,ipad-10", "--languages", "en,de",
                                    "--out", folder.url.appendingPathComponent("out").path, "--junit", report.path])
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        let read = try check(report)
        #expect(read.status == 0 && read.stdout.hasPrefix("4 0 2 4 2 0"), "\(read.stdout)\(read.stderr)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains("<testcase name=\"ipad-10/portrait-light/de\" classname=\"matrix.mixed\">") && xml.contains("U+E000"))
        #expect(xml.contains("<testcase name=\"ipad-10/portrait-light/en\" classname=\"matrix.mixed\"/>"))
        // Inside the matrix's own folder it is refused before anything renders.
        let inside = try runRenderCLI(["matrix", "--document", document.path, "--devices", "iphone-se-3", "--languages", "en",
                                       "--out", folder.url.appendingPathComponent("out2").path,
                                       "--junit", folder.url.appendingPathComponent("out2/m.xml").path])
        #expect(inside.status == 2 && inside.stderr.contains("lies inside"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out2").path))
    }

    @Test func aReportPathThatCannotBeAFileIsRefusedBeforeTheRun() throws {
        let mine = folder.folder("mine", files: ["notes.xml": "<notes/>"])
        for (path, reason) in [(mine.appendingPathComponent("notes.xml/x.xml").path, "which is a file"),
                               (mine.path + "/new/", "names a folder")] {
            let run = try runRenderCLI(["lint", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--junit", path])
            #expect(run.status == 2 && run.stderr.contains(reason) && run.stdout.isEmpty, "\(path): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: mine.appendingPathComponent("new").path))
    }
}
