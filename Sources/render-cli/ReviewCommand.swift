import ConsentRender
import Foundation

/// `render-cli review`: every screen of a document's consent flow, per device and language, with
/// the flow checked.
enum ReviewCommand {
    static let help = """
    Usage: render-cli review --document DIR --out DIR [--flow FILE] [--devices LIST] [--languages LIST|all]
                             [--profiles DIR] [--app-info DIR] [--allow-missing-glyphs]

    Follows the document's flow.json (its steps, and where each button leads) and writes every
    step's screen as OUT/<device>/<language>/<step>.png with its .links.json, and flow.png: the flow
    chart (thumbnails in reading order, arrows labelled with the buttons' words); and
    OUT/<device>/notes.txt, review notes drafted from the flow for App Review's notes field (quoting
    the English screens when the review has them). The flow is checked
    first: every button of a step's screen must lead to a step or an end:<label>, every step must be
    reachable, and no step may name a button its screen lacks (each problem named, exit 2). Then the
    flow rules: flow.permissions-after-consent (no system permission prompt before an accept) and
    flow.att-after-explainer (the tracking prompt only after the explainer's continue).
    OUT must be new, empty or an earlier review's folder (marked .consentrender-review).

      --flow FILE      the flow file (default: DIR/flow.json); a step's "document" is relative to its folder
      --devices        profile ids, comma-separated (default: iphone-15-pro)
      --languages      tags, comma-separated, or all = every language file of the document (default)

    Exit status: 0 written and the flow rules pass; 1 a flow rule fails (the screens are written);
                 2 bad usage, input or flow; 3 an internal or I/O failure.
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, options: ["document", "out", "flow", "devices", "languages", "profiles", "app-info"],
                                          flags: ["allow-missing-glyphs"], aliases: ["device": "devices", "language": "languages"])
        let folder = try openDocument(options, command: "review")
        let out = URL(fileURLWithPath: try options.required("out", example: "out/review"))
        let flowURL = options.value("flow").map { URL(fileURLWithPath: $0) } ?? folder.url.appendingPathComponent("flow.json")
        guard FileManager.default.fileExists(atPath: flowURL.path) else { throw FlowError.missing(path: flowURL.path) }
        let flow = try Flow.load(flowURL)
        let screens = try FlowScreens(flow: flow, ownDocument: folder)
        let catalog = try locateProfileCatalog(explicit: options.value("profiles"))
        let deviceIDs = try options.value("devices").map { try MatrixOptions.items(of: $0, option: "devices") } ?? ["iphone-15-pro"]
        let profiles = try deviceIDs.map { id in try withOption("devices") { try catalog.profile(reference: id) } }
        let languages = options.value("languages").map { $0 == "all" ? folder.languages : (try? MatrixOptions.items(of: $0, option: "languages")) ?? [] }
            ?? folder.languages
        for language in languages where !isBCP47LanguageTag(language) {
            throw UsageError(message: "--languages '\(language)' is not a BCP 47 language tag; use a tag such as en or zh-Hans")
        }
        guard let firstLanguage = languages.first, let firstProfile = profiles.first else {
            throw UsageError(message: "--languages names no language")
        }
        let renderer = try ConsentRenderer()
        let check = FlowCheck(flow: flow, screens: try screens.screens(renderer: renderer, profile: firstProfile, language: firstLanguage))
        try check.validate()
        let findings = check.findings()

        let output = try OwnedFolder.claim(out, kind: .review, protecting: [.init(url: folder.url, role: "the document folder"),
                                                                             .init(url: catalog.directory, role: "the device profiles folder"),
                                                                             .currentDirectory])
        try output.prepare()
        var written = 0
        // The notes quote the English screens when the review has them, else its first language's.
        let notesLanguage = languages.first { $0.lowercased().hasPrefix("en") } ?? firstLanguage
        for profile in profiles {
            for language in languages {
                var pages: [String: RenderedPage] = [:]
                for step in flow.steps {
                    guard var request = screens.request(for: step, profile: profile, language: language) else { continue }
                    request.allowsMissingGlyphs = options.flag("allow-missing-glyphs")
                    let page = try renderer.render(request)
                    for warning in page.warnings { printError("render-cli review: \(profile.id) \(language) \(step.name): warning: \(warning)") }
                    let stem = try output.subfolder("\(profile.id)/\(language)").appendingPathComponent(step.name)
                    try AtomicFileWriter.write([(stem.appendingPathExtension("png"), try page.bitmap.pngData()),
                                                (stem.appendingPathExtension("links.json"), try page.linkMap.jsonData())])
                    written += 1
                    pages[step.name] = page
                }
                let chart = try renderer.flowChart(flow, pages: pages, language: language)
                let languageFolder = try output.subfolder("\(profile.id)/\(language)")
                try AtomicFileWriter.write([(languageFolder.appendingPathComponent("flow.png"), try chart.pngData())])
                if language == notesLanguage {
                    let notes = ReviewNotes(flow: flow, pages: pages, documentName: folder.name, findings: findings)
                    try AtomicFileWriter.write([(try output.subfolder(profile.id).appendingPathComponent("notes.txt"), Data(notes.text.utf8))])
                }
            }
        }
        for finding in findings { print(finding.description) }
        let errors = findings.filter { $0.severity == .error }.count
        print("\(written) screens of \(flow.steps.count) steps × \(profiles.count) device\(profiles.count == 1 ? "" : "s") × "
              + "\(languages.count) language\(languages.count == 1 ? "" : "s") in \(out.path); flow rules: \(errors) error\(errors == 1 ? "" : "s")")
        return errors > 0 ? 1 : 0
    }
}
