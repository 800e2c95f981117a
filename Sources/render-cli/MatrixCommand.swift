import ConsentRender
import XcodeFiles
import Foundation

/// `render-cli matrix`: one document on many devices, languages, orientations and appearances.
enum MatrixCommand {
    static let spec = CommandSpec(
        "matrix", summary: "render a document on many devices and languages, with a gallery",
        about: "Renders every combination and writes OUT/<device>/<orientation>-<appearance>/<language>.png with its .links.json, "
            + "OUT/manifest.json (every cell's inputs and outputs) and OUT/index.html (a gallery with filters and a link-rect "
            + "overlay; open it in a browser). OUT must be new, empty or an earlier matrix's folder (marked .consentrender-matrix, "
            + "which lists every file a matrix wrote); a folder of yours is refused (exit 2), and so is a file of yours at a path "
            + "the run writes.",
        groups: [
            OptionGroup(nil, [Options.document, outFolder, Options.profiles]),
            Options.axisGroup(),
            Options.chromeGroup,
            OptionGroup("Prompts:", [Options.over] + Options.appFiles),
            OptionGroup("Running and output:", [Options.frames, Options.jobs("cells"), Options.shard,
                                                Options.format("json prints manifest.json to stdout at the end instead of a line per cell"),
                                                Options.allowMissingGlyphs,
                                                OptionSpec("junit", .value("FILE"),
                                                           help: "also write the run as JUnit XML (a test case per cell; a cell that failed "
                                                               + "to render is an error with its message, one left out for want of iOS's "
                                                               + "words is skipped), for CI test reports; a file render-cli wrote before is "
                                                               + "replaced, any other is refused")]),
        ],
        exitStatus: "0 every cell rendered; 2 bad usage or a cell's input was bad (the others are still written); 3 an internal "
            + "or I/O failure (disk full, Cairo error).")

    /// `--out DIR` of matrix and watch.
    static let outFolder = Options.out("DIR", help: "the folder to write: new, empty or an earlier matrix's")

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, spec: spec)
        var render = try MatrixOptions(options).matrixRender()
        // Jobs are processes: each with its own fonts, none waiting on another's text.
        render.workerLaunch = MatrixWorkerCommand.launch(for: arguments)
        let format = try options.choice("format", as: TextOrJSON.self, default: .text)
        let junit = try options.value("junit").map {
            try checkedReportOutput($0, option: "--junit", protecting: [render.outputDirectory, render.folder.url])
        }
        let reporter = ProgressReporter(total: render.cells.count, linePerCell: format == .text)
        let started = Date()
        let run = try withOption("states", when: isUnknownState) { try render.run { reporter.finished($0) } }
        let results = run.results
        reporter.finish()
        if let junit {
            try createFolder(for: junit)
            try AtomicFileWriter.write([(junit, JUnitReport.matrix(results, document: render.folder.name,
                                                                   seconds: Date().timeIntervalSince(started)))])
        }
        if format == .json {
            FileHandle.standardOutput.write(try run.manifestData)
        } else {
            // A prompt in a language ConsentRender has none of iOS's words in is left out, not failed (as lint warns of it).
            let failed = results.filter { $0.error != nil && $0.missingWords?.severity != .warning }.count
            let left = results.filter { $0.missingWords?.severity == .warning }.count
            let part = render.shard.map { shard in " (shard \(shard) of a \(render.wholeMatrixCells ?? 0)-cell matrix)" } ?? ""
            print("\(run.renderedCells) \(run.renderedCells == 1 ? "cell" : "cells")\(part) in \(render.outputDirectory.path)"
                + (failed > 0 ? " (\(failed) of \(results.count) failed, each named on stderr)" : "")
                + (left > 0 ? " (\(left) prompt \(left == 1 ? "cell" : "cells") left out: languages with none of iOS's words)" : "")
                + "; gallery: " + render.outputDirectory.appendingPathComponent("index.html").path)
        }
        printFallbackNotes(results, folder: render.folder, command: "matrix")
        let failures = results.filter { $0.error != nil && $0.missingWords?.severity != .warning }
        for failure in failures where failure.missingWords == nil {
            printError("render-cli matrix: \(failure.cell.path): \(failure.error ?? "failed")")
        }
        // Missing iOS words once per prompt and language, not once per cell.
        for line in run.promptFindings ?? [] {
            printError("render-cli matrix: \(line)")
        }
        if failures.isEmpty { return 0 }
        return failures.contains { $0.errorCause == .environment } ? 3 : 2
    }
}

/// The options `matrix` and `watch` share, turned into a `MatrixRender`.
struct MatrixOptions {
    let options: ParsedArguments
    /// What `--orientations` and `--appearances` mean when they are absent.
    let defaultOrientations: [Orientation]
    let defaultAppearances: [Appearance]

    init(_ options: ParsedArguments, orientations: [Orientation] = [.portrait], appearances: [Appearance] = [.light]) {
        self.options = options
        defaultOrientations = orientations
        defaultAppearances = appearances
    }

    /// Every cell the axis options ask for: each axis of `RenderVariant.axes` that has a list
    /// option, read through the table; devices default to every profile, languages to every
    /// language file, orientations and appearances to the command's defaults.
    func plan(folder: DocumentFolder, catalog: DeviceProfileCatalog) throws -> MatrixPlan {
        let states = TemplateRegistry.standard.shownStates(of: folder.content)
        // Every language means the app's localizations too, for its prompts.
        let appOnly = folder.content.app?.localizationsBeyond(folder.languages) ?? []
        let context = AxisContext(devices: try catalog.ids(), languages: folder.languages + appOnly, states: states.map(\.rawValue),
                                  prompts: folder.content.app?.declaredPrompts)
        var axes = VariantAxes()
        for axis in RenderVariant.axes where axis.listOption != nil {
            var values = try options.axisValues(axis.key, context: context)
            switch axis.key {
            case "device":
                values = values ?? context.devices.compactMap(axis.value(named:))
                for device in values ?? [] { _ = try withOption("devices") { try catalog.profile(reference: device.name) } }
            case "language":
                values = values ?? context.languages.compactMap(axis.value(named:))
                for language in values ?? [] where !isBCP47LanguageTag(language.name) {
                    let suggestion = suggestedLanguageTag(for: language.name).map { " Did you mean '\($0)'?" } ?? ""
                    throw UsageError(message: "--languages '\(language)' is not a BCP 47 language tag.\(suggestion) Use a tag such as en, zh-Hans or pt-BR")
                }
                // Tags do not differ by letter case (BCP 47): EN and en are one cell, named en
                // (as two files they would be one on a case-insensitive disk).
                var seen = Set<String>()
                values = values?.compactMap { value in
                    let tag = canonicalLanguageTag(value.name) ?? value.name
                    return seen.insert(tag).inserted ? axis.value(named: tag) : nil
                }
            case "orientation":
                values = values ?? defaultOrientations.compactMap { axis.value(named: $0.rawValue) }
            case "appearance":
                values = values ?? defaultAppearances.compactMap { axis.value(named: $0.rawValue) }
            default:
                break
            }
            if let values { axes = axes.setting(axis, to: values) }
        }
        // Options about system prompts would change nothing on consent screens alone.
        try options.refusePromptOptions(when: !(axes.values["screen"] ?? []).contains { $0.name != "consent" }, screensOption: "screens")
        let devices = (axes.values["device"] ?? []).map(\.name)
        let islandless = try devices.filter { try !catalog.profile(reference: $0).hasDynamicIsland }
        if axes.values["island"]?.contains(where: { $0.name == "shown" }) == true, islandless.count == devices.count {
            throw UsageError(message: "--island shown draws the Dynamic Island, and none of the devices asked for has one; "
                + "add a Dynamic Island phone (iphone-15-pro, iphone-17-pro) to --devices or leave --island out")
        }
        var platforms: [String: Platform] = [:]
        for device in devices { platforms[device] = try PlatformRegistry.standard.platform(of: catalog.profile(reference: device)) }
        let plan = MatrixPlan(axes: axes, promptOnlyLanguages: Set(appOnly), islandless: Set(islandless), platforms: platforms)
        // A value that only the other platform's devices take is a mistake, not a cell to drop.
        for axis in RenderVariant.axes where ["textSize", "fontScale", "boldText", "increaseContrast", "ios", "screen"].contains(axis.key) {
            for value in axes.values[axis.key] ?? [] where value.name != axis.defaultName {
                guard !plan.cells.contains(where: { axis.value(of: $0)?.name == value.name }) else { continue }
                let takers = axis.key == "fontScale" ? "Android devices (pixel-9, galaxy-s24, …)" : "iOS devices (iphone-15-pro, …)"
                throw UsageError(message: "--\(axis.listOption ?? axis.key) \(value.name): \(axis.label.lowercased()) applies to \(takers), "
                    + "and none of --devices is one; add one to --devices or leave the option out")
            }
        }
        return plan
    }

    /// The `--tint` colour, or nil for the profiles' own.
    func tint() throws -> Color? {
        try options.color("tint")
    }

    func matrixRender(galleryReloadSeconds: Int? = nil) throws -> MatrixRender {
        let folder = try openDocument(options, command: "matrix")
        let out = outputURL(try options.required("out", example: "out/matrix"))
        let catalog = try locateProfileCatalog(explicit: options.value("profiles"))
        noteUnmatchedBackdrops(folder, deviceIDs: (try? catalog.ids()) ?? [], command: "matrix")
        let plan = try plan(folder: folder, catalog: catalog)
        let tint = try tint()
        let jobs = try options.number("jobs", in: 1...256, default: max(1, ProcessInfo.processInfo.activeProcessorCount))
        var shard: MatrixShard?
        if let text = options.value("shard") {
            guard let parsed = MatrixShard(text) else {
                throw UsageError(message: "--shard '\(text)' must be I/N with 1 ≤ I ≤ N, for example 2/3")
            }
            shard = parsed
        }
        let cells = shard.map(plan.cells(in:)) ?? plan.cells
        // Consent screens alone may not read the app's files: one is laid out to see.
        if appFilesOption(options) != nil, !cells.contains(where: { $0.screen != .consent }), let first = cells.first {
            let laidOut = try? ConsentRenderer().layOut(RenderRequest(content: folder.content,
                                                                      profile: try catalog.profile(reference: first.device), variant: first))
            // (A screen that cannot be laid out fails the run with its own error instead.)
            if laidOut != nil {
                try checkAppInfoIsUsed(options, folder: folder, why: consentScreensNeedNoApp,
                                       fix: "add --screens prompt:att (or prompts), or drop --app-info")
            }
        }
        var render = MatrixRender(folder: folder, catalog: catalog, cells: cells, outputDirectory: out, tint: tint, jobs: jobs,
                                  shard: shard, galleryReloadSeconds: galleryReloadSeconds)
        render.jobsAreFixed = options.value("jobs") != nil
        render.allowsMissingGlyphs = options.flag("allow-missing-glyphs")
        render.wholeMatrixCells = shard == nil ? nil : plan.cells.count
        let chrome = try options.systemChrome()
        render.showsSystemChrome = chrome.shows
        render.statusBar = chrome.statusBar
        render.backdrop = try options.backdrop()
        render.frames = options.flag("frame")
        render.over = try options.over(command: "matrix")
        if let path = options.value("over") { render.otherInputs.append(.init(url: URL(fileURLWithPath: path), role: "--over's document folder")) }
        if let path = options.value("app-info") { render.otherInputs.append(.init(url: URL(fileURLWithPath: path), role: "--app-info's folder")) }
        if let path = options.value("xcodeproj") { render.otherInputs.append(.init(url: URL(fileURLWithPath: path), role: "the --xcodeproj project")) }
        return render
    }

    private func list(_ name: String, all: () throws -> [String]) throws -> [String] {
        guard let text = options.value(name), text != "all" else { return try all() }
        return try Self.items(of: text, option: name)
    }

    /// The comma-separated items of an option's value; an empty item is a mistake.
    static func items(of text: String, option name: String) throws -> [String] {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !values.contains(where: \.isEmpty) else {
            throw UsageError(message: "--\(name) '\(text)' has an empty item; separate the values with single commas")
        }
        return values
    }
}

/// One note per language that no file matches, as `render` prints it: its cells show the
/// document's default language.
func printFallbackNotes(_ results: [MatrixRender.CellResult], folder: DocumentFolder, command: String) {
    var noted = Set<String>()
    for result in results where result.usedDefaultLanguage && noted.insert(result.cell.language).inserted {
        let shown = result.resolvedLanguage ?? folder.settings.defaultLanguage ?? "?"
        let suggestion = closestMatch(to: result.cell.language, among: folder.languages).map { " Did you mean '\($0)'?" } ?? ""
        printError("render-cli \(command): note: no language file matches '\(result.cell.language)' (the document has "
            + "\(folder.languages.joined(separator: ", "))); its cells show the defaultLanguage '\(shown)'.\(suggestion)")
    }
}

/// A 28-character bar, filled in proportion to `completed` of `total`.
func progressBar(_ completed: Int, of total: Int) -> String {
    let width = 28
    let filled = total == 0 ? width : width * min(completed, total) / total
    return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
}

/// Reports matrix progress: a bar (done/total, rate, ETA) on a terminal, else a line per cell.
final class ProgressReporter: @unchecked Sendable {
    private let total: Int
    private let linePerCell: Bool
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let started = Date()
    private var completed = 0
    private var wroteACell = false
    private let lock = NSLock()

    init(total: Int, linePerCell: Bool) {
        self.total = total
        self.linePerCell = linePerCell
        // Until a cell is written, a stop has nothing of this run's to leave behind.
        StopCleanup.message = "no cell of this run was finished; the files being written were removed, and the output folder "
            + "holds what it held before"
    }

    func finished(_ result: MatrixRender.CellResult) {
        // Once a stop has begun, cells cut off by it are not failures to report.
        guard !StopCleanup.stopping else { return }
        lock.lock()
        defer { lock.unlock() }
        completed += 1
        if result.error == nil, !wroteACell {
            wroteACell = true
            StopCleanup.message = nil
        }
        if isTerminal {
            let elapsed = max(Date().timeIntervalSince(started), 0.001)
            let rate = Double(completed) / elapsed
            let remaining = Double(total - completed) / max(rate, 0.001)
            let line = String(format: "\r%@ %d/%d  %.1f cells/s  ETA %.0fs ", progressBar(completed, of: total), completed, total, rate, remaining)
            FileHandle.standardError.write(Data(line.utf8))
        } else if linePerCell {
            let status = result.error == nil ? "ok" : result.missingWords?.severity == .warning ? "left out" : "error"
            let size = result.pixelSize.map { " \($0.width)×\($0.height)" } ?? ""
            print("\(status) \(result.cell.path)\(size)")
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
