import ConsentRender
import Foundation

/// `render-cli matrix`: one document on many devices, languages, orientations and appearances.
enum MatrixCommand {
    static let help = """
    Usage: render-cli matrix --document DIR --out DIR [--devices LIST|all] [--languages LIST|all]
                             [--orientations portrait,landscape] [--appearances light,dark]
                             [--states initial,decline-confirm] [--tint #RRGGBB] [--jobs N] [--shard I/N]
                             [--format text|json] [--profiles DIR] [--allow-missing-glyphs]
                             [--status-bar shown|none] [--time H:MM]
                             [--backdrop FILE.png] [--frame] [--text-sizes LIST|all]
                             [--bold-text on|off|both] [--increase-contrast on|off|both]
                             [--screens consent,prompt:KIND,…|prompts|all] [--ios 26|18|both]
                             [--over DIR] [--app-info DIR] [--scroll LIST]

    Renders every combination and writes OUT/<device>/<orientation>-<appearance>/<language>.png with
    its .links.json, OUT/manifest.json (every cell's inputs and outputs) and OUT/index.html (a gallery
    with filters and a link-rect overlay; open it in a browser). OUT must be new, empty or an earlier
    matrix's folder (marked .consentrender-matrix, which lists every file a matrix wrote); a folder of
    yours is refused (exit 2), and so is a file of yours at a path the run writes.

      --devices        profile ids, comma-separated, or all (default: all)
      --languages      tags, comma-separated, or all = every language file of the document (default)
      --orientations   default portrait          --appearances   default light
      --states         the template's screens to render, or all (default: initial); launch-consent
                       also has decline-confirm, written as <language>-decline-confirm.png
      --text-sizes     Dynamic Type sizes, comma-separated, or all: xSmall, Small, Medium, Large,
                       xLarge, xxLarge, xxxLarge, AX1 … AX5 (default Large); a size other than Large
                       adds -<size> to the cell's folder (portrait-light-AX3)
      --bold-text      on, off or both (an axis; folder suffix -bold); --bold-text alone means on
      --increase-contrast
                       on, off or both (folder suffix -contrast)
                       The singular forms render takes (--device, --language, --orientation,
                       --appearance, --state, --text-size, --screen) are accepted too.
      --screens        consent (default), iOS permission prompts (prompt:att, prompt:location,
                       prompt:notifications, prompt:camera, prompt:photos, prompt:contacts,
                       prompt:microphone, prompt:bluetooth), prompts (every one) or all; a prompt is
                       written as <language>-prompt-<kind>.png (see render-cli render --help)
      --ios            26 (default), 18 or both: the system alert's look; iOS 18 cells get the folder
                       suffix -ios18 (the consent screen is the same in both and made once); with
                       no prompt in --screens it would change nothing, so it is refused
      --scroll LIST    body scroll positions, comma-separated: top (default), bottom, #anchor, points;
                       a position other than top adds -scroll-<position> to the file name
                       (en-scroll-bottom.png, en-scroll-details.png)
      --over DIR       draw every prompt over this document's consent screen (refused, like --ios,
                       when --screens asks for no prompt)
      --app-info DIR   the app's Info.plist and .lproj folders, over document.json's "app"
      --allow-missing-glyphs
                       render characters no font covers (as boxes) with a warning instead of failing the cell
      --jobs N         cells rendered at once (default: the number of cores); the bytes do not depend on it
      --shard I/N      render only the I-th of N interleaved parts, so N CI machines cover the matrix
                       exactly once between them
      --status-bar none  leave out iOS's status bar and home indicator
      --time H:MM      the time the status bar shows (default 9:41)
      --backdrop FILE.png
                       the app's own screen behind every cell's dialog (see render-cli render --help);
                       per-device and per-language images go in the document's backdrop/ folder
      --frame          also write <language>.framed.png per cell (the screenshot inside a drawn device,
                       RGBA); the gallery then has a "Device frames" switch
      --format json    print manifest.json to stdout at the end instead of a line per cell

    Exit status: 0 every cell rendered; 2 bad usage or a cell's input was bad (the others are still written);
                 3 an internal or I/O failure (disk full, Cairo error).
    """

    enum Format: String, CaseIterable {
        case text
        case json
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(
            arguments, options: ["document", "out", "tint", "jobs", "shard", "format", "profiles", "status-bar", "time", "backdrop"]
                + MatrixOptions.axisOptions,
            flags: ["allow-missing-glyphs", "frame"], switches: MatrixOptions.axisSwitches, aliases: MatrixOptions.singularAliases)
        let render = try MatrixOptions(options).matrixRender()
        let format = try options.choice("format", as: Format.self, default: .text)
        let reporter = ProgressReporter(total: render.cells.count, linePerCell: format == .text)
        let (manifest, results) = try withOption("states", when: isUnknownState) { try render.run { reporter.finished($0) } }
        reporter.finish()
        if format == .json {
            print(String(decoding: try canonicalJSONData(manifest), as: UTF8.self), terminator: "")
        } else {
            let failed = results.filter { $0.error != nil }.count
            let part = render.shard.map { shard in " (shard \(shard) of a \(render.wholeMatrixCells ?? 0)-cell matrix)" } ?? ""
            print("\(manifest.cells.count) \(manifest.cells.count == 1 ? "cell" : "cells")\(part) in \(render.outputDirectory.path)"
                + (failed > 0 ? " (\(failed) of \(results.count) failed, listed below)" : "") + "; gallery: "
                + render.outputDirectory.appendingPathComponent("index.html").path)
        }
        printFallbackNotes(results, folder: render.folder, command: "matrix")
        let failures = results.filter { $0.error != nil }
        for failure in failures {
            printError("render-cli matrix: \(failure.cell.path): \(failure.error ?? "failed")")
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

    /// Every cell the device, language, orientation and appearance options ask for.
    func plan(folder: DocumentFolder, catalog: DeviceProfileCatalog) throws -> MatrixPlan {
        let devices = try list("devices", all: { try catalog.ids() })
        for device in devices { _ = try withOption("devices") { try catalog.profile(reference: device) } }
        let languages = try list("languages", all: { folder.languages })
        for language in languages where !isBCP47LanguageTag(language) {
            let suggestion = suggestedLanguageTag(for: language).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "--languages '\(language)' is not a BCP 47 language tag.\(suggestion) Use a tag such as en, zh-Hans or pt-BR")
        }
        let orientations = try options.choices("orientations", as: Orientation.self, default: defaultOrientations)
        let appearances = try options.choices("appearances", as: Appearance.self, default: defaultAppearances)
        // States default to the first screen; "all" is every state of the document's template.
        let states = options.value("states") == nil ? [.initial] : try list("states", all: {
            try TemplateRegistry.standard.template(of: folder.content).states.map(\.rawValue)
        }).map(ScreenState.init(rawValue:))
        let screens = try options.screens("screens")
        // Options about system prompts would change nothing on consent screens alone.
        try options.refusePromptOptions(when: !screens.contains { $0 != .consent }, screensOption: "screens")
        return MatrixPlan(axes: VariantAxes(
            devices: devices, orientations: orientations, appearances: appearances, languages: languages, states: states,
            textSizes: try options.textSizes("text-sizes"), boldText: try options.setting("bold-text", allowsBoth: true),
            increasedContrast: try options.setting("increase-contrast", allowsBoth: true), screens: screens,
            systemLooks: try options.systemLooks(), scrolls: try options.scrolls()))
    }

    /// The options every matrix-like command (matrix, watch, lint) takes, and the singular forms
    /// `render` uses as other names of them.
    static let axisOptions = ["devices", "languages", "orientations", "appearances", "states", "text-sizes", "screens", "ios",
                              "app-info", "over", "scroll"]
    static let axisSwitches = ["bold-text", "increase-contrast"]
    static let singularAliases = ["device": "devices", "language": "languages", "orientation": "orientations",
                                  "appearance": "appearances", "state": "states", "text-size": "text-sizes", "screen": "screens"]

    /// The `--tint` colour, or nil for the profiles' own.
    func tint() throws -> Color? {
        try options.color("tint")
    }

    func matrixRender(galleryReloadSeconds: Int? = nil) throws -> MatrixRender {
        let folder = try openDocument(options, command: "matrix")
        let out = URL(fileURLWithPath: try options.required("out", example: "out/matrix"))
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
        if options.value("app-info") != nil, !cells.contains(where: { $0.screen != .consent }), let first = cells.first {
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
        render.allowsMissingGlyphs = options.flag("allow-missing-glyphs")
        render.wholeMatrixCells = shard == nil ? nil : plan.cells.count
        let chrome = try options.systemChrome()
        render.showsSystemChrome = chrome.shows
        render.statusBar = chrome.statusBar
        render.backdrop = try options.backdrop()
        render.frames = options.flag("frame")
        render.over = try options.over(command: "matrix")
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
        let shown = result.linkMap?.language.resolved ?? folder.settings.defaultLanguage ?? "?"
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
    private let lock = NSLock()

    init(total: Int, linePerCell: Bool) {
        self.total = total
        self.linePerCell = linePerCell
    }

    func finished(_ result: MatrixRender.CellResult) {
        lock.lock()
        defer { lock.unlock() }
        completed += 1
        if isTerminal {
            let elapsed = max(Date().timeIntervalSince(started), 0.001)
            let rate = Double(completed) / elapsed
            let remaining = Double(total - completed) / max(rate, 0.001)
            let line = String(format: "\r%@ %d/%d  %.1f cells/s  ETA %.0fs ", progressBar(completed, of: total), completed, total, rate, remaining)
            FileHandle.standardError.write(Data(line.utf8))
        } else if linePerCell {
            let status = result.error == nil ? "ok" : "error"
            let size = result.entry.map { " \($0.pixelSize.width)×\($0.pixelSize.height)" } ?? ""
            print("\(status) \(result.cell.path)\(size)")
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
