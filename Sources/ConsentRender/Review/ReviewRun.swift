import Foundation

/// A review pack, as `render-cli review` makes it: the flow checked, every step's screen laid out
/// in every language, then per device and language the screens, link maps, flow chart and
/// walkthrough videos, and per device review.pdf and notes.txt, written into an output folder the
/// tool owns (`OwnedFolder`, kind review).
///
/// `check()` does all that can fail on the input without writing anything; `write(_:progress:)`
/// writes. A caller may look at the checked review in between (render-cli refuses an --app-info
/// that no screen read there).
public struct ReviewRun: Sendable {
    public var folder: DocumentFolder
    public var flow: Flow
    public var screens: FlowScreens
    public var profiles: [DeviceProfile]
    public var languages: [String]
    public var outputDirectory: URL
    /// The date on the PDF's cover and pages, YYYY-MM-DD.
    public var date: String
    public var jobs: Int
    /// Folders the output may not be (the profiles folder, the current directory); the document
    /// folders of the flow are added.
    public var protected: [OwnedFolder.Protected]

    public init(folder: DocumentFolder, flow: Flow, screens: FlowScreens, profiles: [DeviceProfile], languages: [String],
                outputDirectory: URL, date: String, jobs: Int, protected: [OwnedFolder.Protected] = [.currentDirectory]) {
        precondition(jobs >= 1, "A review needs at least one job")
        self.folder = folder
        self.flow = flow
        self.screens = screens
        self.profiles = profiles
        self.languages = languages
        self.outputDirectory = outputDirectory
        self.date = date
        self.jobs = jobs
        self.protected = protected
    }

    /// A review whose flow and screens passed the checks: what `write` needs.
    public struct Checked: Sendable {
        /// The flow rules' findings (flow.permissions-after-consent, flow.att-after-explainer, and
        /// with the cn market flow.consent-on-launch and flow.decline-second-popup).
        public var findings: [LintFinding]
        /// The flow rules applied, in the order reports list them.
        public var rules: [LintRule]
        /// The language the notes quote: English when the review has it, else its first.
        public var notesLanguage: String
        /// The app's name, as the notes and the PDF give it.
        public var appName: String
    }

    /// What a review wrote.
    public struct Report: Sendable {
        public var findings: [LintFinding]
        /// How many step screens were written, over every device and language.
        public var screensWritten: Int
        /// Files in the devices' folders that the review kept because it did not write them (or
        /// they changed since), relative to the output folder.
        public var kept: [String]
        /// The renders' warnings (characters drawn as boxes, say).
        public var warnings: [Warning]
    }

    /// A render's warning and the screen it is about.
    public struct Warning: Sendable {
        /// `<device> <language> <step>`.
        public var screen: String
        public var message: String
    }

    /// Checks the flow (every button leads somewhere, every step is reachable: `FlowError`), then
    /// lays out every step in every language (`ReviewError` naming every screen that cannot be
    /// drawn as asked). Writes nothing.
    public func check() throws -> Checked {
        guard let firstLanguage = languages.first, let firstProfile = profiles.first else {
            throw ReviewError(problems: ["the review names no \(languages.isEmpty ? "language" : "device")"])
        }
        let renderer = try ConsentRenderer()
        let check = FlowCheck(flow: flow, screens: try screens.screens(renderer: renderer, profile: firstProfile, language: firstLanguage),
                              markets: folder.markets, marketsAreDefault: folder.settings.markets == nil)
        try check.validate()
        // Every screen of every language is laid out before anything is written: a language a
        // step's document lacks, or a prompt without iOS's words in it, stops the review whole.
        try Self.checkEveryScreen(flow: flow, screens: screens, renderer: renderer, profile: firstProfile, languages: languages)
        let notesLanguage = languages.first { $0.lowercased().hasPrefix("en") } ?? firstLanguage
        let appName = ReviewDocument.appName(of: [folder] + flow.steps.compactMap { screens.documents[$0.name] }, language: notesLanguage)
        return Checked(findings: check.findings(), rules: check.rules, notesLanguage: notesLanguage, appName: appName)
    }

    /// Writes the review that `check()` passed. A review of a device is one whole: what an earlier
    /// review wrote in that device's folder is removed first; the user's files there are kept (and
    /// listed in the report), and every device this review leaves out stays as it is. A file of
    /// the user's where the review writes stops it before anything is touched. `progress` is told
    /// each device and language done, from the worker threads.
    public func write(_ checked: Checked, progress: (@Sendable (String) -> Void)? = nil) throws -> Report {
        var protected: [OwnedFolder.Protected] = [.init(url: folder.url, role: "the document folder")]
        for document in Set(flow.steps.compactMap { screens.documents[$0.name]?.url.standardizedFileURL.path }).sorted()
            where document != folder.url.standardizedFileURL.path {
            protected.append(.init(url: URL(fileURLWithPath: document), role: "a document folder the flow uses"))
        }
        protected += self.protected
        // No output lands in a folder an app is built from.
        for document in [folder] + flow.steps.compactMap({ screens.documents[$0.name] }) {
            for source in document.content.app?.sourceFolders ?? [] where !protected.contains(source) { protected.append(source) }
        }
        let output = try OwnedFolder.claim(outputDirectory, kind: .review, protecting: protected)
        try output.checkWritable(Self.plannedFiles(flow: flow, devices: profiles.map(\.id), languages: languages))
        try output.prepare()
        var kept: [String] = []
        for profile in profiles { kept += try output.removeOwned(profile.id) }
        let units = profiles.flatMap { profile in languages.map { (profile: profile, language: $0) } }
        // Folders are made before the workers start, one thread at a time.
        for unit in units { _ = try output.subfolder("\(unit.profile.id)/\(unit.language)") }
        let results = ReviewResults(count: units.count)
        let next = ReviewResults.Counter()
        let findings = checked.findings
        onThreads(min(jobs, units.count)) {
            guard let renderer = try? ConsentRenderer() else {
                results.fail(RenderError.cairo(operation: "ConsentRenderer", status: "the fonts could not be set up"))
                return
            }
            while let index = next.take(below: units.count), !results.failed {
                let unit = units[index]
                do {
                    let folderURL = try output.subfolder("\(unit.profile.id)/\(unit.language)")
                    results.set(index, try Self.reviewUnit(flow: flow, screens: screens, renderer: renderer, profile: unit.profile,
                                                           language: unit.language, folder: folderURL, in: output, findings: findings,
                                                           notes: unit.language == checked.notesLanguage ? checked.appName : nil))
                } catch {
                    results.fail(error)
                }
                progress?("\(unit.profile.id) \(unit.language)")
            }
        }
        if let error = results.error { throw error }
        let renderer = try ConsentRenderer()
        for profile in profiles {
            let mine = zip(units, results.all).filter { $0.0.profile.id == profile.id }.map(\.1)
            var review = ReviewDocument(appName: checked.appName, document: folder.name, device: profile, date: date, flow: flow,
                                        flowFindings: findings, languages: mine.map(\.review))
            review.flowRules = checked.rules
            var files = [(url: try output.subfolder(profile.id).appendingPathComponent("review.pdf"), data: try renderer.reviewPDF(review))]
            if let notes = mine.compactMap(\.notes).first {
                files.append((try output.subfolder(profile.id).appendingPathComponent("notes.txt"), Data(notes.utf8)))
            }
            try output.write(files)
        }
        try output.finish()
        return Report(findings: findings, screensWritten: results.all.reduce(0) { $0 + $1.review.steps.count }, kept: kept,
                      warnings: results.all.flatMap(\.warnings))
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

    /// One device and language: every step's screen and link map, the chart, the walkthroughs,
    /// and what the PDF needs of them.
    static func reviewUnit(flow: Flow, screens: FlowScreens, renderer: ConsentRenderer, profile: DeviceProfile, language: String,
                           folder languageFolder: URL, in output: OwnedFolder, findings: [LintFinding], notes documentName: String?) throws -> ReviewUnitResult {
        var pages: [String: RenderedPage] = [:]
        var warnings: [Warning] = []
        var pngs: [String: Data] = [:]
        for step in flow.steps {
            guard let request = screens.request(for: step, profile: profile, language: language) else { continue }
            let page = try renderer.render(request)
            warnings += page.warnings.map { Warning(screen: "\(profile.id) \(language) \(step.name)", message: $0) }
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
        return ReviewUnitResult(review: review, notes: notes, warnings: warnings)
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
    var warnings: [ReviewRun.Warning]
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

/// Screens of the review that cannot be drawn as asked, all of them; nothing is written.
public struct ReviewError: CausedError, CustomStringConvertible {
    public var cause: ErrorCause { .input }
    public var problems: [String]

    public var description: String {
        "\(problems.count == 1 ? "a screen" : "\(problems.count) screens") of the review cannot be drawn as asked, so nothing was written:\n"
            + problems.map { "  - " + $0 }.joined(separator: "\n")
    }
}
