import ConsentRender
import Foundation

/// `render-cli appstore`: the screenshots App Store Connect accepts, laid out for fastlane deliver.
enum AppStoreCommand {
    static let spec = CommandSpec(
        "appstore", summary: "export App Store Connect screenshots in fastlane's folder layout",
        about: "Writes OUT/screenshots/<App Store locale>/<NN>_<class>_<device>_<orientation>.png, the folder layout fastlane "
            + "deliver uploads, for the 6.9\" (iPhone 16 Pro Max) and iPad 13\" (iPad Pro 13-inch) classes, plus 6.5\" and 5.5\" "
            + "with --all-classes. Language tags map to App Store Connect locales (zh-Hans, zh-Hant, en-US, en-GB, ja, de-DE, …). "
            + "Every file is checked: an accepted size for its class and no alpha channel. A language the document has no file "
            + "for is an error. --backdrop puts the app's own screen behind the dialog (the document's backdrop/ folder gives "
            + "one per device).\n\n"
            + "Pseudo-locales (en-XA, ar-XB) are refused: App Store Connect has none. Two tags of one App Store locale (en,en-US) "
            + "are exported once, from the first, with a note.\n\n"
            + "OUT/.consentrender-appstore (the ledger) lists what the export wrote, with sizes and checksums. A later export "
            + "deletes its own earlier screenshots that it does not write again (a class or language dropped), and nothing else: "
            + "a file it did not write (or one changed since) is reported as a warning and left alone, and one in the way of a "
            + "new screenshot stops the export before anything is written. There is no --frame: App Store Connect takes the "
            + "exact screen size without alpha.",
        groups: [
            OptionGroup(nil, [Options.document, Options.languages.required.with(
                                  help: "language tags, or all = every language file of the document (required)"),
                              Options.out("DIR", help: "the folder to write (shared with fastlane's own files, so any folder of yours will do; "
                                  + "the export writes and deletes only its own screenshots under screenshots/)"), Options.profiles,
                              OptionSpec("all-classes", .flag, help: "also the 6.5\" and 5.5\" iPhone classes")]),
            OptionGroup("Screens:", [Options.orientations(default: "portrait"), Options.exportStates, Options.appearance]),
            OptionGroup("The system around the dialog:", [Options.tint, Options.time, Options.backdrop]),
            OptionGroup("Running:", [Options.jobs("screenshots"), Options.allowMissingGlyphs]),
        ],
        exitStatus: "0 written and verified; 2 bad usage or input; 3 an internal or I/O failure (disk full, Cairo error).")

    static func run(_ arguments: [String]) throws -> Int32 {
        if arguments.contains("--frame") {
            throw UsageError(message: "--frame is not for App Store screenshots: App Store Connect takes the exact screen size "
                             + "without alpha. Use render-cli render --frame or matrix --frame for framed pictures")
        }
        let options = try ParsedArguments(arguments, spec: spec)
        let export = try request(options)
        let out = export.outputDirectory
        let outcome = try withOption("states", when: isUnknownState) { try export.run() }
        report(outcome, out: out)
        return 0
    }

    /// What the options ask the export to write, before anything renders: the library's `AppStoreExport`.
    static func request(_ options: ParsedArguments) throws -> AppStoreExport {
        let folder = try openDocument(options, command: "appstore")
        _ = try options.required("languages", example: "zh-Hans,en")
        let states = TemplateRegistry.standard.shownStates(of: folder.content)
        let context = AxisContext(languages: folder.languages, states: states.map(\.rawValue))
        func values<T>(_ key: String, _ read: (RenderVariant) -> T) throws -> [T]? {
            try options.axisValues(key, context: context, read)
        }
        let languages = try values("language", \.language) ?? []
        let out = outputURL(try options.required("out", example: "out/appstore"))
        let tint = try options.color("tint")
        var appearance = Appearance.light
        try options.apply("appearance") { appearance = $0.appearance }
        var export = AppStoreExport(
            folder: folder, catalog: try locateProfileCatalog(explicit: options.value("profiles")), languages: languages,
            classes: options.flag("all-classes") ? AppStoreExport.allClasses : AppStoreExport.requiredClasses,
            orientations: try values("orientation", \.orientation) ?? [.portrait], appearance: appearance,
            tint: tint, outputDirectory: out,
            jobs: try options.number("jobs", in: 1...256, default: max(1, ProcessInfo.processInfo.activeProcessorCount)))
        try options.configure(&export, states: try values("state", \.state))
        return export
    }

    private static func report(_ outcome: AppStoreExport.Outcome, out: URL) {
        for shot in outcome.screenshots {
            print("\(shot.path) \(shot.width)×\(shot.height) \(shot.screenshotClass)")
        }
        for path in outcome.removed {
            print("removed \(path) (an earlier export wrote it; this one did not)")
        }
        for warning in outcome.warnings {
            printError("render-cli appstore: warning: \(warning)")
        }
        for note in outcome.notes {
            printError("render-cli appstore: note: \(note)")
        }
        let locales = Set(outcome.screenshots.map(\.locale)).sorted()
        print("\(outcome.screenshots.count) screenshots for \(locales.joined(separator: ", ")) in "
            + out.appendingPathComponent("screenshots").path)
    }
}

extension ParsedArguments {
    /// Sets what `appstore` and `play` read alike: `--states`, whether `--jobs` and `--languages all`
    /// were given, `--allow-missing-glyphs`, `--time` and `--backdrop`.
    func configure<Export: StoreScreenshotExport>(_ export: inout Export, states: [ScreenState]?) throws {
        if let states { export.states = states }
        export.jobsAreFixed = value("jobs") != nil
        export.languagesAreAll = value("languages")?.trimmingCharacters(in: .whitespaces).lowercased() == "all"
        export.allowsMissingGlyphs = flag("allow-missing-glyphs")
        export.statusBar = try systemChrome().statusBar
        export.backdrop = try backdrop()
    }
}
