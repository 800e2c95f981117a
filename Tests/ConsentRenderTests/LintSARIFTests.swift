import Foundation
import Testing
@testable import ConsentRender

/// Issue 36, point 2: `lint --format sarif`, validated against the OASIS SARIF 2.1.0 schema, each
/// result at the source of its finding.
@Suite struct LintSARIFTests {
    let folder = TemporaryFolder()

    /// Validates the SARIF at `path` against the shipped schema with python3-jsonschema.
    func validate(_ path: URL) throws -> CLIRun {
        try runPython("""
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            jsonschema.validate(log, schema)
            print(len(log["runs"][0]["results"]), len(log["runs"][0]["tool"]["driver"]["rules"]))
            """, arguments: [repositoryRoot.appendingPathComponent("Schemas/sarif-schema-2.1.0.json").path, path.path])
    }

    func sarif(_ arguments: [String], in directory: URL = repositoryRoot) throws -> (run: CLIRun, log: [String: Any], file: URL) {
        let run = try runRenderCLI(["lint"] + arguments + ["--format", "sarif"], in: directory)
        let file = folder.url.appendingPathComponent("\(abs(arguments.joined().hashValue)).sarif")
        try Data(run.stdout.utf8).write(to: file)
        let log = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        return (run, log, file)
    }

    static func results(_ log: [String: Any]) -> [[String: Any]] {
        ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    }

    static func location(_ result: [String: Any]) -> (uri: String, line: Int?, column: Int?)? {
        guard let physical = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any],
              let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String else { return nil }
        let region = physical["region"] as? [String: Any]
        return (uri, region?["startLine"] as? Int, region?["startColumn"] as? Int)
    }

    @Test func everySamplesLogValidatesAndALinkFindingPointsAtItsLine() throws {
        for sample in ["privacy-agreement", "login-consent", "gdpr-sheet", "att-explainer", "world-app"] {
            let (run, _, file) = try sarif(["--document", "Samples/\(sample)", "--devices", "iphone-15-pro", "--orientations", "portrait",
                                              "--appearances", "light"])
            #expect(run.status == 0 || run.status == 1, "\(sample): \(run.stderr)")
            let check = try validate(file)
            #expect(check.status == 0, "\(sample): \(check.stdout)\(check.stderr)")
            let counts = check.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            #expect(counts.count == 2 && counts[1] == LintRuleInfo.builtIn.count, "\(sample): \(check.stdout)")
        }
        // A link's finding points at the line and column of that link in its Markdown file.
        let (_, log, _) = try sarif(["--document", "Samples/privacy-agreement", "--devices", "iphone-15-pro", "--languages", "en",
                                     "--orientations", "portrait", "--appearances", "light"])
        let link = try #require(Self.results(log).first { $0["ruleId"] as? String == "links.placeholder-host" })
        let place = try #require(Self.location(link))
        #expect(place.uri == "Samples/privacy-agreement/en.md")
        let lines = try String(contentsOf: repositoryRoot.appendingPathComponent(place.uri), encoding: .utf8).components(separatedBy: "\n")
        let line = try #require(place.line.map { lines[$0 - 1] })
        let column = try #require(place.column)
        #expect(String(line.dropFirst(column - 1)).hasPrefix("[Privacy Policy](https://example.com/en/privacy)"), "\(line)")
        // The cell it was found on is in the result's properties.
        let properties = try #require(link["properties"] as? [String: Any])
        #expect((properties["variant"] as? [String: Any])?["device"] as? String == "iphone-15-pro")
        #expect(properties["cell"] as? String == "iphone-15-pro/portrait-light/en")
    }

    @Test func aSentenceALabelAndAPurposeStringPointAtTheirFiles() throws {
        let document = folder.folder("doc", files: [
            "zh-Hans.md": "# 提示\n\n欢迎使用。\n\n登录即代表您同意[《隐私政策》](https://yunfan.cn/p)。\n",
            "document.json": """
                {
                  "strings": {
                    "accept": { "zh-Hans": "知道了" }
                  }
                }
                """])
        let (_, log, file) = try sarif(["--document", document.path, "--devices", "iphone-15-pro", "--orientations", "portrait",
                                        "--appearances", "light"], in: folder.url)
        #expect(try validate(file).status == 0)
        let results = Self.results(log)
        let bundled = try #require(results.first { $0["ruleId"] as? String == "text.bundled-consent" })
        let sentence = try #require(Self.location(bundled))
        #expect(sentence.uri == "doc/zh-Hans.md" && sentence.line == 5, "\(sentence)")
        let dismiss = try #require(results.first { $0["ruleId"] as? String == "choice.dismiss-as-consent" })
        let label = try #require(Self.location(dismiss))
        #expect(label.uri == "doc/document.json" && label.line == 3, "\(label)")

        // A purpose string: the line of its key in the Info.plist it came from.
        let app = folder.folder("app-doc", files: ["en.md": "# Privacy\n\nRead our [privacy policy](https://yunfan.cn/p).\n",
                                                   "document.json": #"{ "app": { "infoPlist": "app/Info.plist" } }"#])
        try FileManager.default.createDirectory(at: app.appendingPathComponent("app"), withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>CFBundleDisplayName</key>
                <string>Yunfan</string>
                <key>NSLocationWhenInUseUsageDescription</key>
                <string>We need your location.</string>
            </dict>
            </plist>
            """.utf8).write(to: app.appendingPathComponent("app/Info.plist"))
        let (_, appLog, appFile) = try sarif(["--document", app.path, "--devices", "iphone-15-pro", "--orientations", "portrait",
                                              "--appearances", "light", "--screens", "prompt:location"], in: folder.url)
        #expect(try validate(appFile).status == 0)
        let purpose = try #require(Self.results(appLog).first { $0["ruleId"] as? String == "prompt.purpose-specific" },
                                   "\(Self.results(appLog).map { $0["ruleId"] ?? "" })")
        let place = try #require(Self.location(purpose))
        #expect(place.uri == "app-doc/app/Info.plist" && place.line == 7, "\(place)")
    }

    /// Issue 36, point 3: in GitHub Actions, findings also annotate their source lines.
    @Test func inGitHubActionsFindingsAnnotateTheirLines() throws {
        let arguments = ["lint", "--document", "Samples/privacy-agreement", "--devices", "iphone-15-pro", "--languages", "en",
                         "--orientations", "portrait", "--appearances", "light"]
        let annotated = try runRenderCLI(arguments, environment: ["GITHUB_ACTIONS": "true"])
        let lines = annotated.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(lines.contains { $0.hasPrefix("::warning file=Samples/privacy-agreement/en.md,line=3,col=60,title=links.placeholder-host") },
                "\(lines)")
        #expect(!lines.isEmpty && lines.allSatisfy { !$0.contains("\n") })
        let plain = try runRenderCLI(arguments)
        #expect(!plain.stdout.contains("::warning") && !plain.stdout.contains("::error"))
        // With JSON or SARIF on stdout, the annotations go to stderr, and stdout stays parseable.
        let sarif = try runRenderCLI(arguments + ["--format", "sarif"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(sarif.stderr.contains("::warning file=") && (try? JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8))) != nil)
        // GitHub's escaping: a message's line breaks and percent signs.
        #expect(GitHubAnnotations.line("error", title: "a:b,c", message: "50% off\nnow", file: "x.md", line: 2, base: repositoryRoot)
                == "::error file=x.md,line=2,title=a%3Ab%2Cc::50%25 off%0Anow")
    }

    /// The third trial's findings: a quoted pattern in another letter case still finds its line, and
    /// one annotation stands for a finding however many screens it was made on.
    @Test func capitalisedWordsFindTheirLineAndAnnotationsAreOncePerPlace() throws {
        let document = folder.folder("signup", files: [
            "en.md": "# Welcome\n\nBy signing up, you agree to our [Privacy Policy](https://yunfan.cn/p).\n"])
        let arguments = ["--document", document.path, "--devices", "iphone-se-3,iphone-15-pro", "--orientations", "portrait,landscape",
                         "--appearances", "light"]
        let (_, log, _) = try sarif(arguments, in: folder.url)
        let bundled = Self.results(log).filter { $0["ruleId"] as? String == "text.bundled-consent" }
        #expect(bundled.count == 4 && bundled.allSatisfy { Self.location($0)?.line == 3 }, "\(bundled.map { Self.location($0) as Any })")
        let annotated = try runRenderCLI(["lint"] + arguments, environment: ["GITHUB_ACTIONS": "true"], in: folder.url)
        let lines = annotated.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        let bundledLines = lines.filter { $0.contains("title=text.bundled-consent") }
        #expect(bundledLines.count == 1 && bundledLines[0].contains("and 3 more screens]") && bundledLines[0].contains("line=3"), "\(bundledLines)")
    }

    @Test func aParityFindingPointsAtTheLinkItNames() throws {
        let document = folder.folder("parity", files: [
            "en.md": "# T\n\nRead [policy](https://yunfan.cn/p).\n", "de.md": "# T\n\nLesen Sie die\n[Datenschutzerklärung](https://yunfan.cn/de/p).\n",
            "document.json": #"{ "defaultLanguage": "en" }"#])
        let (_, log, _) = try sarif(["--document", document.path, "--devices", "iphone-se-3", "--orientations", "portrait",
                                     "--appearances", "light"], in: folder.url)
        let parity = try #require(Self.results(log).first { $0["ruleId"] as? String == "links.parity" })
        let place = try #require(Self.location(parity))
        #expect(place.uri == "parity/de.md" && place.line == 4, "\(place)")
    }
}
