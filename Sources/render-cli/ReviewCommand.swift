import ConsentRender
import XcodeFiles
import Foundation

/// `render-cli review`: every screen of a document's consent flow, per device and language, with
/// the flow checked.
enum ReviewCommand {
    static let spec = CommandSpec(
        "review", summary: "render every screen of a document's consent flow (flow.json) and check the flow",
        about: "Follows the document's flow.json (its steps, and where each button leads) and writes the review pack. Per device "
            + "and language, in OUT/<device>/<language>/: every step's screen as <step>.png with its .links.json; flow.png, the "
            + "flow chart (thumbnails in reading order, arrows labelled with the buttons' words); walkthrough.mp4 and "
            + "walkthrough-decline.mp4, screen recordings of the accepting and declining paths (H.264, 30 fps, a tap circle on "
            + "each tapped button, encoded by ffmpeg), and walkthrough.json, their timelines. Per device, in OUT/<device>/: "
            + "review.pdf (a cover, per language the chart and a page per step with its links, buttons and findings, a summary) "
            + "and notes.txt, review notes drafted from the flow for App Review's notes field.\n\n"
            + "The flow is checked first: every button of a step's screen must lead to a step or an end:<label>, every step must "
            + "be reachable, and no step may name a button its screen lacks (each problem named, exit 2). Then the flow rules: "
            + "flow.permissions-after-consent (no system permission prompt before an accept) and flow.att-after-explainer (the "
            + "tracking prompt only after the explainer's continue).\n\n"
            + "OUT must be new, empty or an earlier review's folder (marked .consentrender-review, which lists every file a review "
            + "wrote). A review replaces only its own files: in the folders of the devices it reviews it removes its earlier "
            + "files, keeps yours (with a note), and refuses (exit 2) a file of yours where it would write; other devices' "
            + "folders are left alone.",
        groups: [
            OptionGroup(nil, [Options.document, Options.out("DIR", help: "the folder to write: new, empty or an earlier review's"),
                              OptionSpec("flow", .value("FILE"),
                                         help: "the flow file (default: DIR/flow.json); a step's \"document\" is relative to its folder"),
                              Options.profiles]),
            OptionGroup("What to review:", [Options.devices(default: "iphone-15-pro", takesAll: false), Options.languages,
                                            Options.appInfo.with(help: "the app's Xcode files (Info.plist, *.lproj, *.xcstrings) for "
                                                + "the flow's own document's prompts, over its document.json's \"app\" (another "
                                                + "step's document keeps its own)"), Options.xcodeproj, Options.target, Options.configuration, Options.buildSetting]),
            OptionGroup("Output:", [
                OptionSpec("date", .value("YYYY-MM-DD"),
                           help: "the date on the PDF's cover and pages and in its metadata (default: today); the same inputs and "
                               + "date give the same bytes"),
                Options.jobs("device-languages"), Options.allowMissingGlyphs,
            ]),
        ],
        notes: "A repeated device or language is reviewed once. Every screen of every language is laid out before anything is "
            + "written: a step whose document has no file for a language, or a prompt without iOS's words in it, stops the "
            + "review (exit 2, every such screen named). Each device's pack is one review: the device's folder loses the files "
            + "an earlier review wrote there first; other devices' packs stay.",
        exitStatus: "0 written and the flow rules pass; 1 a flow rule fails (everything is written); 2 bad usage, input or flow; "
            + "3 an internal or I/O failure (ffmpeg missing or failing).")

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, spec: spec)
        let review = try request(options)
        let checked = try review.check()
        try checkAppInfoIsUsed(options, folder: review.folder,
                               why: "no step of the flow takes text from this document's app files (its prompts are drawn "
                                   + "from the documents their steps name, and its strings name no key of the app's)",
                               fix: "drop --app-info")
        return try write(review, checked: checked)
    }

    /// What the options ask the review to cover, before anything is laid out: the library's `ReviewRun`.
    static func request(_ options: ParsedArguments) throws -> ReviewRun {
        let folder = try openDocument(options, command: "review", example: "Samples/launch-consent")
        let out = outputURL(try options.required("out", example: "out/review"))
        let flowURL = options.value("flow").map { URL(fileURLWithPath: $0) } ?? folder.url.appendingPathComponent("flow.json")
        guard FileManager.default.fileExists(atPath: flowURL.path) else { throw FlowError.missing(path: flowURL.path) }
        let flow = try Flow.load(flowURL)
        let screens = try {
            var screens = try FlowScreens(flow: flow, ownDocument: folder)
            screens.allowsMissingGlyphs = options.flag("allow-missing-glyphs")
            return screens
        }()
        let catalog = try locateProfileCatalog(explicit: options.value("profiles"))
        let deviceIDs = try options.value("devices").map { try uniqueItems(try MatrixOptions.items(of: $0, option: "devices"), option: "devices") }
            ?? ["iphone-15-pro"]
        let profiles = try deviceIDs.map { id in try withOption("devices") { try catalog.profile(reference: id) } }
        let requested = try options.value("languages").map { value in
            value == "all" ? folder.languages : try MatrixOptions.items(of: value, option: "languages")
        } ?? folder.languages
        // Tags in their usual case (zh-hans is zh-Hans), so a language spelt twice is reviewed once
        // and its folder name is the same on every file system.
        let languages = try uniqueItems(try requested.map { language in
            guard let tag = canonicalLanguageTag(language) else {
                let suggestion = suggestedLanguageTag(for: language).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "--languages '\(language)' is not a BCP 47 language tag.\(suggestion) Use a tag such as en or zh-Hans")
            }
            return tag
        }, option: "languages")
        guard !languages.isEmpty else { throw UsageError(message: "--languages names no language") }
        let date = try reviewDate(options.value("date"))
        let jobs = try fittedJobs(options, profiles: profiles, languages: languages, steps: flow.steps.count)
        let review = ReviewRun(folder: folder, flow: flow, screens: screens, profiles: profiles, languages: languages,
                               outputDirectory: out, date: date, jobs: jobs,
                               protected: [.init(url: catalog.directory, role: "the device profiles folder"), .currentDirectory])
        return review
    }

    /// `--jobs`, or as many as there are cores and devices × languages, lowered to fit the limits:
    /// each job holds a renderer and a video encoder's pipes.
    private static func fittedJobs(_ options: ParsedArguments, profiles: [DeviceProfile], languages: [String], steps: Int) throws -> Int {
        let units = profiles.count * languages.count
        let asked = try options.number("jobs", in: 1...256, default: max(1, min(units, ProcessInfo.processInfo.activeProcessorCount)))
        let fixed = options.value("jobs") != nil
        let limits = ResourceLimits.current
        // ffmpeg runs in a process of its own, under the same address-space limit; it needs more
        // than the renderer, so it is checked first and its figure is the one said.
        if let bytes = limits.addressSpace {
            for profile in profiles {
                let size = profile.pixelSize(in: .portrait)
                let need = MemoryNeed.encoderAddressMB(width: size.width, height: size.height)
                if need > bytes >> 20 { throw ResourceError.encoderNeedsMemory(needMB: need, limitMB: bytes >> 20, device: profile.id) }
            }
        }
        // A walkthrough video holds each step's screen and the screen behind it, and a frame being
        // drawn (WalkthroughVideo), beside the step's own render and its encoding.
        var jobs = try MemoryNeed(screens: profiles.map { $0.pixelSize(in: .portrait) }, languages: languages,
                                  extraScreens: 2 * max(1, steps) + 3)
            .jobs(requested: fixed ? asked : nil, preferred: asked, note: ResourceLimits.note)
        let fitting = (limits.openFiles - OpenFilesNeed.process) / OpenFilesNeed.encoder
        if fixed || fitting < 1 {
            let checked = fixed ? jobs : 1
            try OpenFilesNeed.check(OpenFilesNeed.process + OpenFilesNeed.encoder * checked, fewerJobs: checked > 1 ? fitting : nil)
        } else if fitting < jobs {
            ResourceLimits.note("running \(fitting) \(fitting == 1 ? "job" : "jobs"), not \(jobs): the open-files limit "
                + "(ulimit -n) is \(limits.openFiles)")
            jobs = fitting
        }
        return jobs
    }

    private static func write(_ review: ReviewRun, checked: ReviewRun.Checked) throws -> Int32 {
        let (flow, profiles, languages, out) = (review.flow, review.profiles, review.languages, review.outputDirectory)
        let progress = ReviewProgress(total: profiles.count * languages.count)
        let report = try review.write(checked) { progress.finished($0) }
        progress.finish()
        for path in report.kept {
            printError("render-cli review: note: kept \(out.appendingPathComponent(path).path): render-cli did not write it "
                + "(or it changed since), so a review never removes it")
        }
        for warning in report.warnings { printError("render-cli review: \(warning.screen): warning: \(warning.message)") }
        for finding in report.findings { print(finding.description) }
        let errors = report.findings.filter { $0.severity == .error }.count
        let written = report.screensWritten
        print("\(written) screen\(written == 1 ? "" : "s") of \(flow.steps.count) step\(flow.steps.count == 1 ? "" : "s") × \(profiles.count) device\(profiles.count == 1 ? "" : "s") × "
              + "\(languages.count) language\(languages.count == 1 ? "" : "s") in \(out.path), with flow charts, walkthroughs, "
              + "review.pdf and notes.txt; flow rules: \(errors) error\(errors == 1 ? "" : "s")")
        return errors > 0 ? 1 : 0
    }

    /// The items of a list option, each once (a repeat is dropped with a note).
    static func uniqueItems(_ items: [String], option: String, command: String = "review", made: String = "reviewed") throws -> [String] {
        var seen = Set<String>()
        var unique: [String] = []
        for item in items {
            if seen.insert(item).inserted {
                unique.append(item)
            } else {
                printError("render-cli \(command): note: --\(option) names '\(item)' more than once; it is \(made) once")
            }
        }
        return unique
    }

    /// `--date YYYY-MM-DD` (a real calendar date), or today.
    static func reviewDate(_ value: String?) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        guard let value else {
            let today = calendar.dateComponents([.year, .month, .day], from: Date())
            return String(format: "%04d-%02d-%02d", today.year!, today.month!, today.day!)
        }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.month, from: date) == month, calendar.component(.day, from: date) == day else {
            throw UsageError(message: "--date '\(value)' is not a date; give it as YYYY-MM-DD, such as 2026-12-01")
        }
        return value
    }
}

/// A progress bar on a terminal (units done, the last one, elapsed time); nothing otherwise.
final class ReviewProgress: @unchecked Sendable {
    private let total: Int
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let started = Date()
    private var completed = 0
    private let lock = NSLock()

    init(total: Int) {
        self.total = total
        if isTerminal { draw(last: "starting") }
    }

    func finished(_ unit: String) {
        lock.lock()
        defer { lock.unlock() }
        completed += 1
        if isTerminal { draw(last: unit) }
    }

    private func draw(last: String) {
        let elapsed = Date().timeIntervalSince(started)
        let line = String(format: "\r%@ %d/%d device-languages  %.0fs  ", progressBar(completed, of: total), completed, total, elapsed)
            + last + "    "
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
