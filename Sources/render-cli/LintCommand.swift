import ConsentRender
import Foundation

/// `render-cli lint`: the consent rules no screenshot tool checks.
enum LintCommand {
    static let help = """
    Usage: render-cli lint --explain RULE|all
           render-cli lint --document DIR [--devices LIST|all] [--languages LIST|all]
                           [--orientations portrait,landscape] [--appearances light,dark]
                           [--screens consent,prompt:KIND,…|prompts|all] [--ios 26|18|both] [--app-info DIR]
                           [--states LIST|all] [--tint #RRGGBB] [--tcf] [--format text|json] [--profiles DIR]
                           [--allow-missing-glyphs] [--status-bar shown|none] [--text-sizes LIST|all]
                           [--bold-text on|off|both] [--increase-contrast on|off|both] [--scroll LIST]

    Renders every combination (by default every device, language, orientation and appearance) and
    checks each screen, measured from the render itself: text and button contrast, tap target
    sizes, a real and equal decline (not accept only, not a text link), no pre-ticked box, the safe
    area and rounded corners, truncation, link schemes and a privacy-policy link that leads
    somewhere, text size and density, missing glyphs, mixed languages, consent implied by use and
    refusals said to block the app, and the ATT explainer's wording; plus the
    document's languages against each other (links.parity). README lists every rule and its source.
    Screens are checked at the Large text size unless --text-sizes says otherwise (the content rules
    judge Large; other sizes get the layout rules), and text.dynamic-type lays each one out at AX3
    too and warns when that cuts text or hides a button.

      --screens        the consent screen (default) and iOS permission prompts to render and check
                       (prompt:att, prompt:location, …; prompts: every one). With app files
                       (document.json "app" or --app-info), the purpose strings are checked in every
                       language of the document: prompt.purpose-present for the prompts asked
                       for, prompt.purpose-localized and prompt.purpose-specific for every
                       NS…UsageDescription the Info.plist has
      A document with a flow.json (see render-cli review) also gets the flow rules:
      flow.permissions-after-consent and flow.att-after-explainer.
      --explain RULE   what RULE checks, why (its source) and how to fix it; all: every rule
      --tcf            button labels need 5:1 contrast (IAB TCF v2.2)
      --status-bar none  check the screens without iOS's status bar and home indicator (the
                       cut-out still takes no taps)
      --allow-missing-glyphs
                       report characters no font covers as a warning instead of an error
      --text-sizes     Dynamic Type sizes to check, or all (default Large)
      --scroll LIST    body scroll positions to check (top, the default; bottom; #anchor; points):
                       what is visible, tappable and clipped is judged at each
      --bold-text, --increase-contrast
                       on, off or both: check with iOS's Bold Text / Increase Contrast
                       The singular forms render takes (--device, --language, …) are accepted too.
      --format json    print the findings as JSON: {rule, severity, message, element, rect, language, device,
                       orientation, appearance, textSize, boldText and increaseContrast (when on),
                       state (for a later screen)}

    Exit status: 0 no errors (warnings allowed); 1 an error; 2 bad usage or input;
                 3 an internal or I/O failure (disk full, Cairo error).
    """

    /// `--explain RULE`: the rule in a reviewer's words.
    static func explain(_ name: String) throws -> String {
        let rules: [LintRule]
        if name.lowercased() == "all" {
            rules = LintRule.allCases.sorted { $0.rawValue < $1.rawValue }
        } else if let rule = LintRule(rawValue: name.lowercased()) {
            rules = [rule]
        } else {
            let names = LintRule.allCases.map(\.rawValue).sorted()
            // A close spelling, or the rule whose name ends with what was typed (pre-ticked).
            let match = closestMatch(to: name.lowercased(), among: names)
                ?? names.first { $0.hasSuffix("." + name.lowercased()) || $0.split(separator: ".").last.map { closestMatch(to: name.lowercased(), among: [String($0)]) != nil } == true }
            let hint = match.map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "--explain '\(name)' is not a rule.\(hint) The rules: \(names.joined(separator: ", "))")
        }
        return rules.map { rule in
            let text = rule.explanation
            return "\(rule.rawValue)\n  What it checks: \(text.checks)\n  Why: \(text.why)\n  How to fix it: \(text.fix)"
        }.joined(separator: "\n\n")
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        if let index = arguments.firstIndex(of: "--explain") {
            guard index + 1 < arguments.count else { throw UsageError(message: "--explain needs a rule, such as choice.pre-ticked, or all") }
            guard arguments.count == 2 else { throw UsageError(message: "--explain takes a rule and nothing else") }
            print(try explain(arguments[index + 1]))
            return 0
        }
        // --over only changes the picture behind a prompt; lint judges the app's own screens.
        if arguments.contains(where: { $0 == "--over" || $0.hasPrefix("--over=") }) {
            throw UsageError(message: "lint takes no --over: it changes only the picture behind a system prompt (render, matrix), "
                + "while lint checks the app's own screens and the prompts' texts; drop --over")
        }
        let options = try ParsedArguments(
            arguments, options: ["document", "tint", "format", "profiles", "status-bar"] + MatrixOptions.axisOptions.filter { $0 != "over" },
            flags: ["tcf", "allow-missing-glyphs"], switches: MatrixOptions.axisSwitches, aliases: MatrixOptions.singularAliases)
        let json = try options.value("format").map { value -> Bool in
            guard ["text", "json"].contains(value) else { throw UsageError(message: "--format '\(value)' is not one of: text, json") }
            return value == "json"
        } ?? false
        let folder = try openDocument(options, command: "lint")
        let catalog = try locateProfileCatalog(explicit: options.value("profiles"))
        // Lint looks at every orientation and appearance unless told otherwise.
        let matrix = MatrixOptions(options, orientations: Orientation.allCases, appearances: Appearance.allCases)
        let plan = try matrix.plan(folder: folder, catalog: catalog)
        let tint = try matrix.tint()
        let lintOptions = LintOptions(tcf: options.flag("tcf"))
        let profiles = try Dictionary(uniqueKeysWithValues: Set(plan.cells.map(\.device)).map { ($0, try catalog.profile(reference: $0)) })
        let renderer = try ConsentRenderer()
        let chrome = try options.systemChrome()
        // The document's consent flow, when it has one: its steps must fit, and the flow rules apply.
        var flowFindings: [LintFinding] = []
        var flowSteps: Int?
        let flowURL = folder.url.appendingPathComponent("flow.json")
        if FileManager.default.fileExists(atPath: flowURL.path), let profile = profiles.values.sorted(by: { $0.id < $1.id }).first,
           let language = plan.cells.first?.language {
            let flow = try Flow.load(flowURL)
            let check = FlowCheck(flow: flow, screens: try FlowScreens(flow: flow, ownDocument: folder)
                .screens(renderer: renderer, profile: profile, language: language))
            try check.validate()
            flowFindings = check.findings()
            flowSteps = flow.steps.count
        }
        let chosenLanguages = options.value("languages") == nil || options.value("languages") == "all" ? nil : plan.cells.map(\.language)
        var findings = try DocumentLint(folder: folder, languages: chosenLanguages).findings()
        // The app's purpose strings, from its files: every prompt asked for, in every language.
        let prompts = Set(plan.cells.compactMap(\.screen.prompt))
        if let app = folder.content.app {
            let languages = chosenLanguages.map { Array(Set($0)).sorted() } ?? folder.languages
            findings += PromptLint(app: app, languages: languages, prompts: PromptKind.allCases.filter(prompts.contains)).findings()
        }
        for cell in plan.cells {
            guard let profile = profiles[cell.device] else { continue }
            var request = RenderRequest(content: folder.content, profile: profile, variant: cell, tint: tint, allowsMissingGlyphs: true)
            request.showsSystemChrome = chrome.shows
            let page: RenderedPage
            do {
                page = try withOption("states", when: isUnknownState) { try renderer.render(request) }
            } catch PromptError.missingPurposeString {
                // Reported once above, as prompt.purpose-present.
                continue
            }
            var cellFindings = renderer.lint(page, device: cell.device, options: lintOptions)
            if cell.textSize == .large {
                cellFindings += try renderer.dynamicTypeFindings(for: request, device: cell.device)
            }
            findings += cellFindings.map { finding in
                var finding = finding
                // Allowed missing glyphs are still reported, as a warning.
                if options.flag("allow-missing-glyphs"), finding.rule == "text.missing-glyphs" { finding.severity = .warning }
                finding.place(in: cell)
                return finding
            }
        }
        findings += flowFindings
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        if json {
            print(String(decoding: try canonicalJSONData(findings), as: UTF8.self), terminator: "")
        } else {
            findings.forEach { print($0.description) }
            if let flowSteps, !flowFindings.contains(where: { $0.severity == .error }) {
                print("flow.json (\(flowSteps) step\(flowSteps == 1 ? "" : "s")) passes flow.permissions-after-consent and flow.att-after-explainer")
            }
            let without = chrome.shows ? "" : " without iOS's status bar and home indicator"
            print("\(plan.cells.count) \(plan.cells.count == 1 ? "screen" : "screens") of \(folder.name) linted\(without): "
                + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        return errors > 0 ? 1 : 0
    }
}
