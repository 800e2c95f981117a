import ConsentRender
import Foundation

/// `render-cli review`: every screen of a document's consent flow, per device and language, with
/// the flow checked.
enum ReviewCommand {
    static let help = """
    Usage: render-cli review --document DIR --out DIR [--flow FILE] [--devices LIST] [--languages LIST|all]
                             [--date YYYY-MM-DD] [--jobs N] [--profiles DIR] [--app-info DIR] [--allow-missing-glyphs]

    Follows the document's flow.json (its steps, and where each button leads) and writes the review
    pack. Per device and language, in OUT/<device>/<language>/: every step's screen as <step>.png
    with its .links.json; flow.png, the flow chart (thumbnails in reading order, arrows labelled with
    the buttons' words); walkthrough.mp4 and walkthrough-decline.mp4, screen recordings of the
    accepting and declining paths (H.264, 30 fps, a tap circle on each tapped button, encoded by
    ffmpeg), and walkthrough.json, their timelines. Per device, in OUT/<device>/: review.pdf (a cover,
    per language the chart and a page per step with its links, buttons and findings, a summary) and
    notes.txt, review notes drafted from the flow for App Review's notes field.
    The flow is checked first: every button of a step's screen must lead to a step or an end:<label>,
    every step must be reachable, and no step may name a button its screen lacks (each problem
    named, exit 2). Then the flow rules: flow.permissions-after-consent (no system permission prompt
    before an accept) and flow.att-after-explainer (the tracking prompt only after the explainer's
    continue). OUT must be new, empty or an earlier review's folder (marked .consentrender-review,
    which lists every file a review wrote). A review replaces only its own files: in the folders of
    the devices it reviews it removes its earlier files, keeps yours (with a note), and refuses
    (exit 2) a file of yours where it would write; other devices' folders are left alone.

      --flow FILE      the flow file (default: DIR/flow.json); a step's "document" is relative to its folder
      --devices        profile ids, comma-separated (default: iphone-15-pro)
      --languages      tags, comma-separated, or all = every language file of the document (default)
      --date           the date on the PDF's cover and pages and in its metadata (default: today); the
                       same inputs and date give the same bytes
      --jobs N         device-languages made at once (default: the number of cores); the files do not depend on it
      --profiles DIR   the device profiles folder (default: the repository's DeviceProfiles)
      --app-info DIR   the app's Xcode files (Info.plist, *.lproj, *.xcstrings) for the flow's own document's
                       prompts, over its document.json's "app" (another step's document keeps its own)
      --allow-missing-glyphs
                       draw characters no font covers as boxes, with a warning, instead of failing
    --device and --language are accepted for --devices and --languages. A repeated device or language
    is reviewed once. Every screen of every language is laid out before anything is written: a step
    whose document has no file for a language, or a prompt without iOS's words in it, stops the
    review (exit 2, every such screen named). Each device's pack is one review:
    the device's folder loses the files an earlier review wrote there first; other devices' packs stay.

    Exit status: 0 written and the flow rules pass; 1 a flow rule fails (everything is written);
                 2 bad usage, input or flow; 3 an internal or I/O failure (ffmpeg missing or failing).
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, options: ["document", "out", "flow", "devices", "languages", "profiles", "app-info", "date", "jobs"],
                                          flags: ["allow-missing-glyphs"], aliases: ["device": "devices", "language": "languages"])
        let folder = try openDocument(options, command: "review", example: "Samples/launch-consent")
        let out = URL(fileURLWithPath: try options.required("out", example: "out/review"))
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
        guard let firstLanguage = languages.first, let firstProfile = profiles.first else {
            throw UsageError(message: "--languages names no language")
        }
        let renderer = try ConsentRenderer()
        let check = FlowCheck(flow: flow, screens: try screens.screens(renderer: renderer, profile: firstProfile, language: firstLanguage))
        try check.validate()
        let findings = check.findings()

        let date = try reviewDate(options.value("date"))
        let jobs = try options.number("jobs", in: 1...256, default: max(1, ProcessInfo.processInfo.activeProcessorCount))

        // Every screen of every language is laid out before anything is written: a language a
        // step's document lacks, or a prompt without iOS's words in it, stops the review whole.
        try checkEveryScreen(flow: flow, screens: screens, renderer: renderer, profile: firstProfile, languages: languages)
        // The notes quote the English screens when the review has them, else its first language's.
        let notesLanguage = languages.first { $0.lowercased().hasPrefix("en") } ?? firstLanguage
        let appName = ReviewDocument.appName(of: [folder] + flow.steps.compactMap { screens.documents[$0.name] }, language: notesLanguage)
        try checkAppInfoIsUsed(options, folder: folder,
                               why: "no step of the flow takes text from this document's app files (its prompts are drawn "
                                   + "from the documents their steps name, and its strings name no key of the app's)",
                               fix: "drop --app-info")

        var protected: [OwnedFolder.Protected] = [.init(url: folder.url, role: "the document folder")]
        for document in Set(flow.steps.compactMap { screens.documents[$0.name]?.url.standardizedFileURL.path }).sorted()
            where document != folder.url.standardizedFileURL.path {
            protected.append(.init(url: URL(fileURLWithPath: document), role: "a document folder the flow uses"))
        }
        protected += [.init(url: catalog.directory, role: "the device profiles folder"), .currentDirectory]
        let output = try OwnedFolder.claim(out, kind: .review, protecting: protected)
        // A file of the user's where this review writes stops it before anything is touched.
        try output.checkWritable(plannedFiles(flow: flow, devices: profiles.map(\.id), languages: languages))
        try output.prepare()
        // A review of a device is one whole: what an earlier review wrote in that device's folder
        // (other languages, steps) is removed first. The user's files there are kept, and so is every
        // device this review leaves out.
        var kept: [String] = []
        for profile in profiles { kept += try output.removeOwned(profile.id) }
        for path in kept {
            printError("render-cli review: note: kept \(out.appendingPathComponent(path).path): render-cli did not write it "
                + "(or it changed since), so a review never removes it")
        }
        let units = profiles.flatMap { profile in languages.map { (profile: profile, language: $0) } }
        // Folders are made before the workers start, one thread at a time.
        for unit in units { _ = try output.subfolder("\(unit.profile.id)/\(unit.language)") }
        let progress = ReviewProgress(total: units.count)
        let results = ReviewResults(count: units.count)
        let next = ReviewResults.Counter()
        DispatchQueue.concurrentPerform(iterations: min(jobs, units.count)) { _ in
            guard let renderer = try? ConsentRenderer() else {
                results.fail(RenderError.cairo(operation: "ConsentRenderer", status: "the fonts could not be set up"))
                return
            }
            while let index = next.take(below: units.count), !results.failed {
                let unit = units[index]
                do {
                    let folderURL = try output.subfolder("\(unit.profile.id)/\(unit.language)")
                    results.set(index, try reviewUnit(flow: flow, screens: screens, renderer: renderer, profile: unit.profile,
                                                      language: unit.language, folder: folderURL, in: output, findings: findings,
                                                      notes: unit.language == notesLanguage ? appName : nil))
                } catch {
                    results.fail(error)
                }
                progress.finished("\(unit.profile.id) \(unit.language)")
            }
        }
        progress.finish()
        if let error = results.error { throw error }
        let written = results.all.reduce(0) { $0 + $1.review.steps.count }
        for profile in profiles {
            let mine = zip(units, results.all).filter { $0.0.profile.id == profile.id }.map(\.1)
            let review = ReviewDocument(appName: appName, document: folder.name,
                                        device: profile, date: date, flow: flow, flowFindings: findings, languages: mine.map(\.review))
            var files = [(url: try output.subfolder(profile.id).appendingPathComponent("review.pdf"), data: try renderer.reviewPDF(review))]
            if let notes = mine.compactMap(\.notes).first {
                files.append((try output.subfolder(profile.id).appendingPathComponent("notes.txt"), Data(notes.utf8)))
            }
            try output.write(files)
        }
        try output.finish()
        for finding in findings { print(finding.description) }
        let errors = findings.filter { $0.severity == .error }.count
        print("\(written) screen\(written == 1 ? "" : "s") of \(flow.steps.count) step\(flow.steps.count == 1 ? "" : "s") × \(profiles.count) device\(profiles.count == 1 ? "" : "s") × "
              + "\(languages.count) language\(languages.count == 1 ? "" : "s") in \(out.path), with flow charts, walkthroughs, "
              + "review.pdf and notes.txt; flow rules: \(errors) error\(errors == 1 ? "" : "s")")
        return errors > 0 ? 1 : 0
    }

    /// Every file a review of `devices` in `languages` may write, relative to its output folder.
    static func plannedFiles(flow: Flow, devices: [String], languages: [String]) -> [String] {
        var files: [String] = []
        for device in devices {
            files += [device + "/review.pdf", device + "/notes.txt"]
            for language in languages {
                let folder = device + "/" + language + "/"
                for step in flow.steps {
                    files += [folder + step.name + ".png", folder + step.name + ".links.json"]
                }
                files += [folder + "flow.png", folder + "walkthrough.json"]
                files += Walkthrough.Path.allCases.map { folder + $0.fileName }
            }
        }
        return files
    }

    /// The items of a list option, each once (a repeat is dropped with a note).
    static func uniqueItems(_ items: [String], option: String) throws -> [String] {
        var seen = Set<String>()
        var unique: [String] = []
        for item in items {
            if seen.insert(item).inserted {
                unique.append(item)
            } else {
                printError("render-cli review: note: --\(option) names '\(item)' more than once; it is reviewed once")
            }
        }
        return unique
    }

    /// Lays out every step in every language (on the first device), and fails naming every
    /// screen that cannot be drawn as asked: a step whose document has no file for the language
    /// (its screen would show another language's words), or a prompt that cannot be drawn.
    static func checkEveryScreen(flow: Flow, screens: FlowScreens, renderer: ConsentRenderer, profile: DeviceProfile,
                                 languages: [String]) throws {
        var problems: [String] = []
        for language in languages {
            for step in flow.steps {
                guard let request = screens.request(for: step, profile: profile, language: language) else { continue }
                let document = screens.documents[step.name]
                do {
                    let page = try renderer.layOut(request)
                    if page.usedDefaultLanguage, step.screen.prompt == nil, let document {
                        problems.append("\(language), step '\(step.name)': \(document.url.path) has no language file for '\(language)' (it has "
                                        + "\(document.languages.joined(separator: ", "))), so its screen would show "
                                        + "'\(page.linkMap.language.resolved)'; add \(language).md there or leave \(language) out of --languages")
                    }
                } catch {
                    problems.append("\(language), step '\(step.name)': \(String(describing: error).trimmingCharacters(in: .whitespacesAndNewlines))")
                }
            }
        }
        guard problems.isEmpty else { throw ReviewError(problems: problems) }
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

    /// One device and language: every step's screen and link map, the chart, the walkthroughs,
    /// and what the PDF needs of them.
    static func reviewUnit(flow: Flow, screens: FlowScreens, renderer: ConsentRenderer, profile: DeviceProfile, language: String,
                           folder languageFolder: URL, in output: OwnedFolder, findings: [LintFinding], notes documentName: String?) throws -> ReviewUnitResult {
        var pages: [String: RenderedPage] = [:]
        var pngs: [String: Data] = [:]
        for step in flow.steps {
            guard let request = screens.request(for: step, profile: profile, language: language) else { continue }
            let page = try renderer.render(request)
            for warning in page.warnings { printError("render-cli review: \(profile.id) \(language) \(step.name): warning: \(warning)") }
            let stem = languageFolder.appendingPathComponent(step.name)
            let png = try page.bitmap.pngData()
            pngs[step.name] = png
            try output.write([(stem.appendingPathExtension("png"), png),
                              (stem.appendingPathExtension("links.json"), try page.linkMap.jsonData())])
            pages[step.name] = page
        }
        let review = try renderer.reviewLanguage(flow: flow, screens: screens, pages: pages, pngs: pngs, language: language,
                                                 device: profile.id, flowFindings: findings)
        try output.write([(languageFolder.appendingPathComponent("flow.png"), try renderer.flowChart(of: review).pngData(mark: .chart))])
        try writeWalkthroughs(flow: flow, pages: pages, renderer: renderer, device: profile.id, language: language, folder: languageFolder,
                              in: output)
        let notes = documentName.map { ReviewNotes(flow: flow, pages: pages, documentName: $0, findings: findings).text }
        return ReviewUnitResult(review: review, notes: notes)
    }

    /// The accepting and declining walkthrough videos of one device and language, and their
    /// timelines in walkthrough.json.
    static func writeWalkthroughs(flow: Flow, pages: [String: RenderedPage], renderer: ConsentRenderer, device: String,
                                  language: String, folder: URL, in output: OwnedFolder) throws {
        let buttons = pages.mapValues(\.linkMap.buttons)
        var timelines: [Walkthrough] = []
        var screens: [String: WalkthroughScreen] = [:]
        guard let first = pages[flow.start] else { return }
        for path in Walkthrough.Path.allCases {
            guard let walkthrough = Walkthrough.plan(flow: flow, buttons: buttons, path: path) else { continue }
            for shown in walkthrough.screens where screens[shown.step] == nil {
                guard let page = pages[shown.step] else { continue }
                screens[shown.step] = try renderer.walkthroughScreen(of: page, step: shown.step)
            }
            try Walkthrough.encode(walkthrough, screens: walkthrough.screens.compactMap { screens[$0.step] },
                                   scale: first.layout.scale, to: folder.appendingPathComponent(walkthrough.file), in: output)
            timelines.append(walkthrough)
        }
        let timeline = WalkthroughTimeline(device: device, language: language, videoWidth: first.bitmap.width + first.bitmap.width % 2,
                                           videoHeight: first.bitmap.height + first.bitmap.height % 2, scale: first.layout.scale,
                                           walkthroughs: timelines)
        try output.write([(folder.appendingPathComponent("walkthrough.json"), try timeline.jsonData())])
    }
}

struct ReviewUnitResult {
    var review: ReviewLanguage
    var notes: String?
}

/// The workers' results by unit index, and the first failure.
final class ReviewResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [ReviewUnitResult?]
    private(set) var error: Error?

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// Hands out unit indexes, each once.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }

    func set(_ index: Int, _ result: ReviewUnitResult) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    func fail(_ failure: Error) {
        lock.lock()
        if error == nil { error = failure }
        lock.unlock()
    }

    var failed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return error != nil
    }

    var all: [ReviewUnitResult] {
        lock.lock()
        defer { lock.unlock() }
        return results.compactMap { $0 }
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

/// Screens of the review that cannot be drawn as asked, all of them; nothing is written.
struct ReviewError: Error, CustomStringConvertible {
    var problems: [String]

    var description: String {
        "\(problems.count == 1 ? "a screen" : "\(problems.count) screens") of the review cannot be drawn as asked, so nothing was written:\n"
            + problems.map { "  - " + $0 }.joined(separator: "\n")
    }
}
