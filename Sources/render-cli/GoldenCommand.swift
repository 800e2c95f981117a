import AndroidFiles
import ConsentRender
import XcodeFiles
import Foundation

/// `render-cli golden verify|record`: run a golden folder's matrix, from any CI.
enum GoldenCommand {
    static let spec = CommandSpec(
        "golden", summary: "verify or record a folder of golden images", leadingWords: "verify|record",
        about: "Renders every cell of DIR/matrix.json (default DIR: ./Golden) and compares it with "
            + "DIR/<document>/<device>/<orientation>-<appearance>/<language>.png and its .links.json (a group with \"images\": "
            + "false keeps <language>.links.json and <language>.layout.json instead). verify compares; its "
            + "record mode comes from CONSENT_GOLDEN (missing, failed, all, never), by default never under CI=true and missing "
            + "otherwise, as in swift test. record records goldens: --mode all (default) re-records every cell, keeping the "
            + "bytes of unchanged images; failed re-records failing ones; missing adds new ones.",
        groups: [OptionGroup(nil, [
            OptionSpec("golden", .value("DIR"), help: "the golden folder (default: ./Golden)"),
            OptionSpec("only", .value("PATTERN"), help: "only cells whose path matches, e.g. 'privacy-agreement/iphone-15-pro/*'"),
            OptionSpec("artifacts", .value("DIR"),
                       help: "where failure images and index.html go (default ./.build/golden-failures): a new or empty folder, or "
                           + "one an earlier run marked (.consentrender-artifacts); the tool removes its own earlier files there at "
                           + "the start of a run and keeps yours. A folder of yours, the golden, document or profiles folder, or "
                           + "the current directory is refused (exit 2)"),
            OptionSpec("mode", .value("missing|failed|all"), onlyWith: "record", help: "with record: which cells to record (default all)"),
            OptionSpec("junit", .value("FILE"),
                       help: "also write the run as JUnit XML (one test case per cell; failures with their reasons and images as "
                           + "attachments), for CI test reports; a file render-cli wrote before is replaced, any other is refused"),
        ])],
        notes: "DIR/.consentrender-golden lists every golden record wrote (commit it with the goldens): a golden is replaced only "
            + "when listed and unchanged, or kept as it is when its pixels already match; any other file at a golden's path is "
            + "not recorded (exit 2).",
        exitStatus: "0 every cell passed or was recorded; 1 a cell failed; 2 bad usage or input (a cell that cannot be drawn "
            + "from its input too, such as a prompt without its purpose string; the other cells are still checked), or a golden "
            + "not recorded because render-cli did not write the file in its place; 3 an internal or I/O failure (disk full, "
            + "a file-size limit, Cairo error, another run holding the folder), whatever the other cells did.")

    enum Action: String, CaseIterable {
        case verify
        case record
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        guard let first = arguments.first, !first.hasPrefix("--") else {
            throw UsageError(message: "say what to do: verify or record")
        }
        guard let action = Action(rawValue: first) else {
            let suggestion = closestMatch(to: first, among: Action.allCases.map(\.rawValue)).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "'\(first)' is not something golden does.\(suggestion) Say verify or record")
        }
        let options = try ParsedArguments(Array(arguments.dropFirst()), spec: spec)
        let mode: GoldenRecordMode
        switch action {
        case .verify:
            guard options.value("mode") == nil else {
                throw UsageError(message: "--mode goes with record; verify takes its mode from CONSENT_GOLDEN")
            }
            mode = try GoldenRecordMode.current(environment: ProcessInfo.processInfo.environment)
        case .record:
            if options.value("mode") == "never" { throw UsageError(message: "record --mode never would record nothing; use verify") }
            mode = try options.choice("mode", as: GoldenRecordMode.self, among: [.missing, .failed, .all], default: .all)
        }
        let golden = URL(fileURLWithPath: options.value("golden") ?? "Golden")
        let artifacts = URL(fileURLWithPath: options.value("artifacts") ?? ".build/golden-failures")
        let junit = try options.value("junit").map { try checkedReportOutput($0, option: "--junit", protecting: [golden, artifacts]) }
        var suite = try GoldenSuite(matrixFile: golden.appendingPathComponent("matrix.json"), artifactsDirectory: artifacts,
                                    recordMode: mode, only: options.value("only"))
        suite.appFiles = appFileReaders()
        let started = Date()
        let report = try suite.run()
        print(report.description)
        if GitHubAnnotations.enabled() {
            let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            GitHubAnnotations.golden(report, goldenFolder: golden, base: base).forEach { print($0) }
        }
        if let junit {
            try createFolder(for: junit)
            try AtomicFileWriter.write([(junit, JUnitReport.golden(report, seconds: Date().timeIntervalSince(started)))])
            print("JUnit report: \(junit.path)")
        }
        // An I/O failure (a full disk) is not a golden mismatch: CI must not read it as one.
        if report.hasEnvironmentFailure { return 3 }
        return report.refusedOverwrite || report.hasBadInput ? 2 : report.passed ? 0 : 1
    }
}

/// The file a `--junit`-like option names, checked before anything runs: not a folder, not inside
/// the folders the run reads or owns, and either new or a report render-cli wrote.
func checkedReportOutput(_ path: String, option: String, protecting folders: [URL]) throws -> URL {
    guard !path.hasSuffix("/") else {
        throw OutputError.reportOutputInUse(option: option, path: path, reason: "names a folder, not a file")
    }
    let url = URL(fileURLWithPath: path).standardizedFileURL
    // A parent that is a file (mine.xml/x.xml) cannot hold it: said now, not after the run.
    var parent = url.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: parent.path), parent.path != "/" { parent = parent.deletingLastPathComponent() }
    var parentIsFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: parent.path, isDirectory: &parentIsFolder), !parentIsFolder.boolValue {
        throw OutputError.reportOutputInUse(option: option, path: path, reason: "would go under \(parent.path), which is a file")
    }
    let target = url.deletingLastPathComponent().resolvingSymlinksInPath().path + "/" + url.lastPathComponent
    for folder in folders {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        if target.hasPrefix(root + "/") {
            throw OutputError.reportOutputInUse(option: option, path: path, reason: "lies inside \(folder.path), which this run reads or writes")
        }
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
        if isDirectory.boolValue { throw OutputError.reportOutputInUse(option: option, path: path, reason: "is a folder") }
        guard JUnitReport.isOwn(fileAt: url.path) else {
            throw OutputError.reportOutputInUse(option: option, path: path, reason: "exists and is not a report render-cli wrote")
        }
    }
    return url
}
