import ConsentRender
import Foundation

/// `render-cli lint`: the consent rules no screenshot tool checks.
enum LintCommand {
    static let spec = CommandSpec(
        "lint", summary: "check consent rules (contrast, equal choice, safe area, links, text size, …)",
        otherUsages: ["--explain RULE|all"],
        about: "Renders every combination (by default every device, language, orientation and appearance) and checks each "
            + "screen, measured from the render itself: text and button contrast, tap target sizes, a real and equal decline "
            + "(not accept only, not a text link), no pre-ticked box, the safe area and rounded corners, truncation, link schemes "
            + "and a privacy-policy link that leads somewhere, text size and density, missing glyphs, mixed languages, consent "
            + "implied by use and refusals said to block the app, and the ATT explainer's wording; plus the document's languages "
            + "against each other (links.parity). docs/lint.md lists every rule and its source. Screens are checked at the Large text "
            + "size unless --text-sizes says otherwise (the content rules judge Large; other sizes get the layout rules), and "
            + "text.dynamic-type lays each one out at AX3 too and warns when that cuts text or hides a button.\n\n"
            + "With app files (document.json \"app\" or --app-info), the purpose strings are checked in every language of the "
            + "document: prompt.purpose-present for the prompts --screens asks for, prompt.purpose-localized and "
            + "prompt.purpose-specific for every NS…UsageDescription the Info.plist has. A document with a flow.json (see "
            + "render-cli review) also gets the flow rules: flow.permissions-after-consent and flow.att-after-explainer, and with "
            + "the cn market (document.json \"markets\"; by default a document with zh-Hans) flow.consent-on-launch and "
            + "flow.decline-second-popup. "
            + "lint takes no --over, which changes only the picture behind a prompt.",
        groups: [
            OptionGroup(nil, [Options.document, Options.profiles,
                              OptionSpec("explain", .value("RULE|all"),
                                         help: "what RULE checks, why (its source) and how to fix it; all: every rule. Given alone")]),
            Options.axisGroup(orientations: "portrait,landscape", appearances: "light,dark", excluding: Options.axesLintLacks),
            OptionGroup("The system around the dialog:", [Options.tint, Options.statusBar.with(
                help: "none checks the screens without iOS's status bar and home indicator (the cut-out still takes no taps)")]),
            OptionGroup("The app's files:", Options.appFiles),
            OptionGroup("Checks and output:", [
                OptionSpec("tcf", .flag, help: "button labels need 5:1 contrast (IAB TCF v2.2)"),
                Options.allowMissingGlyphs.with(help: "report characters no font covers as a warning instead of an error"),
                OptionSpec("junit", .value("FILE"),
                           help: "also write the lint as JUnit XML (a test case per screen, failed when it has errors; one for the "
                               + "document and its flow) for CI test reports; a file render-cli wrote before is replaced, any other is refused"),
                OptionSpec("format", .value("text|json|sarif"),
                           help: "json prints the findings as JSON: {rule, severity, message, element, rect, language, variant, source}, "
                               + "variant being the screen's variant object (render-cli help axes; none on a finding about the document) "
                               + "and source the file, line and column it comes from; sarif prints a SARIF 2.1.0 log for code "
                               + "scanning (every rule, a result per finding at its source line, the cell in its properties)"),
            ]),
        ],
        exitStatus: "0 no errors (warnings allowed); 1 an error; 2 bad usage or input; 3 an internal or I/O failure (disk full, "
            + "Cairo error).")

    /// `--explain RULE`: the rule in a reviewer's words.
    static func explain(_ name: String) throws -> String {
        let rules: [LintRuleInfo]
        let all = LintRuleInfo.builtIn.sorted { $0.rule < $1.rule }
        if name.lowercased() == "all" {
            rules = all
        } else if let info = LintRule(rawValue: name.lowercased()).info {
            rules = [info]
        } else {
            let names: [String] = all.map(\.rule.rawValue)
            let typed = name.lowercased()
            // A close spelling, or the rule whose name ends with what was typed (pre-ticked).
            let match = closestMatch(to: typed, among: names) ?? names.first { rule in
                rule.hasSuffix("." + typed) || rule.split(separator: ".").last.map { closestMatch(to: typed, among: [String($0)]) != nil } == true
            }
            let hint = match.map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "--explain '\(name)' is not a rule.\(hint) The rules: \(names.joined(separator: ", "))")
        }
        return rules.map { info in
            let text = info.explanation
            return "\(info.rule)\n  What it checks: \(text.checks)\n  Why: \(text.why)\n  How to fix it: \(text.fix)"
        }.joined(separator: "\n\n")
    }

    /// What the options ask lint to check, before anything is laid out: the library's `LintRun`.
    static func request(_ options: ParsedArguments) throws -> LintRun {
        let folder = try openDocument(options, command: "lint")
        let catalog = try locateProfileCatalog(explicit: options.value("profiles"))
        // Lint looks at every orientation and appearance unless told otherwise.
        let matrix = MatrixOptions(options, orientations: Orientation.allCases, appearances: Appearance.allCases)
        let plan = try matrix.plan(folder: folder, catalog: catalog)
        // Lint lays out every cell with one renderer: an error before it starts when that cannot fit the limits.
        let sizes = Dictionary(uniqueKeysWithValues: try Set(plan.cells.map(\.device)).map {
            ($0, try catalog.profile(reference: $0).pixelSize(in: .portrait))
        })
        _ = try MemoryNeed(screens: plan.cells.compactMap { sizes[$0.device] }, languages: plan.cells.map(\.language))
            .jobs(requested: 1, preferred: 1)
        let chosenLanguages = options.value("languages") == nil || options.value("languages") == "all" ? nil : plan.cells.map(\.language)
        var lint = LintRun(folder: folder, catalog: catalog, cells: plan.cells, languages: chosenLanguages, tint: try matrix.tint(),
                           options: LintOptions(tcf: options.flag("tcf")))
        let chrome = try options.systemChrome()
        lint.showsSystemChrome = chrome.shows
        lint.allowsMissingGlyphs = options.flag("allow-missing-glyphs")
        return lint
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        if arguments.last == "--explain" { throw UsageError(message: "--explain needs a rule, such as choice.pre-ticked, or all") }
        // --over only changes the picture behind a prompt; lint judges the app's own screens.
        if arguments.contains(where: { $0 == "--over" || $0.hasPrefix("--over=") }) {
            throw UsageError(message: "lint takes no --over: it changes only the picture behind a system prompt (render, matrix), "
                + "while lint checks the app's own screens and the prompts' texts; drop --over")
        }
        // The Dynamic Island is drawn over the picture only; lint judges layouts.
        if arguments.contains(where: { $0 == "--island" || $0.hasPrefix("--island=") }) {
            throw UsageError(message: "lint takes no --island: the Dynamic Island is only drawn over the picture (render, matrix, "
                + "watch), and the cut-out it covers is checked either way; drop --island")
        }
        let options = try ParsedArguments(arguments, spec: spec)
        if let rule = options.value("explain") {
            let others = options.givenNames.subtracting(["explain"]).sorted().map { "--" + $0 }
            guard others.isEmpty else {
                throw UsageError(message: "--explain takes a rule and nothing else; drop \(others.joined(separator: ", ")), or lint "
                    + "without --explain")
            }
            print(try explain(rule))
            return 0
        }
        let format = try options.choice("format", as: LintFormat.self, default: .text)
        let lint = try request(options)
        let junit = try options.value("junit").map { try checkedReportOutput($0, option: "--junit", protecting: [lint.folder.url]) }
        let started = Date()
        let report = try withOption("states", when: isUnknownState) { try lint.run() }
        if let junit {
            try createFolder(for: junit)
            try AtomicFileWriter.write([(junit, JUnitReport.lint(report.findings, document: lint.folder.name, cells: lint.cells,
                                                                 seconds: Date().timeIntervalSince(started)))])
        }
        let errors = report.errors
        // In GitHub Actions, errors and warnings also annotate their source lines on the pull request
        // (on stderr when stdout carries JSON or SARIF).
        if GitHubAnnotations.enabled() {
            let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let lines = GitHubAnnotations.lint(report.findings, base: base).joined(separator: "\n") + "\n"
            if format == .text { print(lines, terminator: "") } else { FileHandle.standardError.write(Data(lines.utf8)) }
        }
        switch format {
        case .json:
            print(String(decoding: try canonicalJSONData(report.findings), as: UTF8.self), terminator: "")
        case .sarif:
            let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            print(String(decoding: LintSARIF.log(report.findings, toolVersion: ConsentRenderVersion.version, base: base), as: UTF8.self),
                  terminator: "")
        case .text:
            report.findings.forEach { print($0.description) }
            if let flowSteps = report.flowSteps, report.flowPasses {
                let rules = report.flowRules.map(\.rawValue)
                // A Chinese document whose markets leave cn out: say the China rules were not applied.
                let chinaOff = !report.flowRules.contains(.flowConsentOnLaunch) && lint.folder.settings.markets != nil
                    && lint.folder.languages.contains { LanguageTag($0)?.isSimplifiedChinese == true }
                print("flow.json (\(flowSteps) step\(flowSteps == 1 ? "" : "s")) passes " + rules.dropLast().joined(separator: ", ")
                    + (rules.count > 1 ? " and " : "") + (rules.last ?? "")
                    + (chinaOff ? " (China's flow rules are not applied: document.json's \"markets\" does not list cn)" : ""))
            }
            var without = lint.showsSystemChrome ? "" : " without iOS's status bar and home indicator"
            // Which alert look the prompts were checked in, when not only iOS 26's.
            let looks = SystemLook.allCases.filter { look in lint.cells.contains { $0.screen != .consent && $0.systemLook == look } }
            if !looks.isEmpty, looks != [.ios26] {
                without += ", prompts as iOS " + looks.map(\.rawValue).joined(separator: " and ")
            }
            print("\(report.screens) \(report.screens == 1 ? "screen" : "screens") of \(lint.folder.name) linted\(without): "
                + "\(errors) error\(errors == 1 ? "" : "s"), \(report.warnings) warning\(report.warnings == 1 ? "" : "s")")
        }
        return errors > 0 ? 1 : 0
    }
}

/// What `lint --format` prints.
enum LintFormat: String, CaseIterable {
    case text
    case json
    case sarif
}
