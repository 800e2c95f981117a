import ConsentRender
import Foundation

/// `render-cli play`: the screenshots Google Play accepts, laid out for fastlane supply.
enum PlayCommand {
    static let spec = CommandSpec(
        "play", summary: "export Google Play screenshots in fastlane supply's folder layout",
        about: "Writes OUT/metadata/android/<Play language>/images/phoneScreenshots/<NN>_<device>_<orientation>.png (and "
            + "tenInchScreenshots for a tablet-sized screen), the layout fastlane supply uploads, for the Android devices of "
            + "--devices (default pixel-9). Language tags map to Play's listing languages (zh-Hans → zh-CN, zh-Hant → zh-TW, "
            + "en → en-US, de → de-DE, he → iw-IL, es-MX → es-419, …).\n\n"
            + "Google Play takes a PNG without alpha whose sides are 320–3840 px and whose long side is at most twice the short "
            + "one, at most 8 of a type in a language. A phone taller than 2:1 (a Pixel 9 is 1080×2424) is rendered as the same "
            + "phone with its screen cut to 2:1 (1080×2160): the status bar, navigation and dialog drawn for that height, as an "
            + "18:9 phone shows them; never cropped or padded. Every file is read back and checked.\n\n"
            + "OUT/.consentrender-play (the ledger) lists what the export wrote. A later export deletes its own earlier "
            + "screenshots that it does not write again, and nothing else; a file it did not write is left alone with a "
            + "warning, and one in the way of a new screenshot stops the export before anything is written.",
        groups: [
            OptionGroup(nil, [Options.document, Options.languages.required.with(
                                  help: "language tags, or all = every language file of the document (required)"),
                              Options.out("DIR", help: "the folder to write (shared with fastlane's own metadata, so any folder of yours "
                                  + "will do; the export writes and deletes only its own screenshots under metadata/android/)"),
                              Options.profiles,
                              OptionSpec("devices", .value("LIST"), help: "Android profile ids (default: pixel-9)")]),
            OptionGroup("Screens:", [Options.orientations(default: "portrait"), Options.exportStates, Options.appearance]),
            OptionGroup("The system around the dialog:", [Options.tint, Options.time, Options.backdrop]),
            OptionGroup("Running:", [Options.jobs("screenshots"), Options.allowMissingGlyphs]),
        ],
        exitStatus: "0 written and verified; 2 bad usage or input; 3 an internal or I/O failure (disk full, Cairo error).")

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, spec: spec)
        let folder = try openDocument(options, command: "play")
        _ = try options.required("languages", example: "zh-Hans,en")
        let states = TemplateRegistry.standard.shownStates(of: folder.content)
        let context = AxisContext(languages: folder.languages, states: states.map(\.rawValue))
        func values<T>(_ key: String, _ read: (RenderVariant) -> T) throws -> [T]? {
            try options.axisValues(key, context: context, read)
        }
        if options.value("devices")?.trimmingCharacters(in: .whitespaces).lowercased() == "all" {
            throw UsageError(message: "--devices all: Google Play takes at most 8 screenshots of a type in a language, and there are "
                + "more Android profiles than that; name the phones (and a tablet) to show, for example --devices pixel-9,galaxy-s24")
        }
        let devices = try options.value("devices").map { try ReviewCommand.uniqueItems(try MatrixOptions.items(of: $0, option: "devices"), option: "devices", command: "play",
                                                                                     made: "exported") }
            ?? ["pixel-9"]
        var appearance = Appearance.light
        try options.apply("appearance") { appearance = $0.appearance }
        let out = outputURL(try options.required("out", example: "fastlane"))
        var export = PlayExport(
            folder: folder, catalog: try locateProfileCatalog(explicit: options.value("profiles")),
            languages: try values("language", \.language) ?? [], devices: devices,
            orientations: try values("orientation", \.orientation) ?? [.portrait], appearance: appearance,
            tint: try options.color("tint"), outputDirectory: out,
            jobs: try options.number("jobs", in: 1...256, default: max(1, ProcessInfo.processInfo.activeProcessorCount)))
        try options.configure(&export, states: try values("state", \.state))
        let outcome = try withOption("devices", when: { $0 is ProfileError }) {
            try withOption("states", when: isUnknownState) { try export.run() }
        }
        for shot in outcome.screenshots {
            print("\(shot.path) \(shot.width)×\(shot.height)" + (shot.shortened ? " (the screen cut to 2:1 for Play)" : ""))
        }
        for path in outcome.removed {
            print("removed \(path) (an earlier export wrote it; this one did not)")
        }
        for warning in outcome.warnings { printError("render-cli play: warning: \(warning)") }
        for note in outcome.notes { printError("render-cli play: note: \(note)") }
        let locales = Set(outcome.screenshots.map { $0.locale }).sorted()
        print("\(outcome.screenshots.count) screenshot\(outcome.screenshots.count == 1 ? "" : "s") for \(locales.joined(separator: ", ")) in "
            + out.appendingPathComponent("metadata/android").path)
        return 0
    }
}
