import ConsentRender

/// Every option render-cli has, declared once here, in the groups commands share. Where an option
/// means something narrower in one command, a function takes what differs (`out(_:)`,
/// `jobs(_:)`); the name, value and other names are still declared once.
enum Options {
    // MARK: Input

    static let document = OptionSpec("document", .value("DIR"), required: true,
        help: "the consent document: a folder with one <language>.md per language and an optional document.json")
    static let profiles = OptionSpec("profiles", .value("DIR"),
        help: "where device profiles live (default: $CONSENT_PROFILES_DIR, else ./DeviceProfiles, else a DeviceProfiles folder "
            + "above the render-cli binary, as in its checkout, else the profiles built into it)")
    static let appInfo = OptionSpec("app-info", .value("DIR"),
        help: "the app's Xcode files: DIR/Info.plist (XML or binary), DIR/<lang>.lproj/InfoPlist.strings and Localizable.strings, "
            + "DIR/*.xcstrings; over document.json's \"app\". Refused where no screen asked for reads them")
    static let xcodeproj = OptionSpec("xcodeproj", .value("PATH"),
        help: "the app's Xcode project (App.xcodeproj): its target's Info.plist (or the one Xcode generates from INFOPLIST_KEY_* "
            + "build settings), build settings, xcconfig files and resources; over document.json's \"app\" (its \"table\" kept). "
            + "Read only. Refused where no screen asked for reads it, and beside --app-info")
    static let target = OptionSpec("target", .value("NAME"),
        help: "the project's target whose app to render (default: its one app target); with --xcodeproj or document.json's "
            + "\"app\": { \"project\" }")
    static let configuration = OptionSpec("configuration", .value("NAME"),
        help: "the target's build configuration (default: the one xcodebuild builds, normally Release)")
    static let buildSetting = OptionSpec("build-setting", .value("KEY=VALUE"), repeatable: true,
        help: "a build setting the Info.plist's $(KEY) values expand from, over the project's and document.json's; give it once "
            + "per setting")
    /// The options that choose the app's files, in the order help lists them.
    static let appFiles = [appInfo, xcodeproj, target, configuration, buildSetting]
    static let over = OptionSpec("over", .value("DIR"),
        help: "draw each system prompt over this document's consent screen (for example the ATT explainer) instead of the app "
            + "behind the dialog; refused when no prompt is asked for")
    static let allowMissingGlyphs = OptionSpec("allow-missing-glyphs", .flag,
        help: "draw characters no font covers as boxes, with a warning, instead of failing")

    // MARK: The axes (RenderVariant.axes)

    /// The command line's words for each axis: the placeholder and help of render's single option
    /// and of the list option matrix, lint and watch take, by axis key. Which axis options there
    /// are, their names and other names come from `RenderVariant.axes`.
    static let axisWords: [String: (single: String, singleHelp: String, list: String, listHelp: String)] = [
        "device": ("ID|FILE", "a profile id (render-cli profiles lists them) or a path to a profile .json",
                   "LIST|all", "profile ids, or all (default: all)"),
        "orientation": ("portrait|landscape", "default: the profile's, normally portrait", "portrait,landscape", "default: portrait"),
        "appearance": ("light|dark", "default: light", "light,dark", "default: light"),
        "textSize": ("SIZE", "the user's text size (Dynamic Type): xSmall, Small, Medium, Large (default), xLarge, xxLarge, xxxLarge, "
                        + "AX1 … AX5, in any letter case. From AX1 up the buttons stack and an iPad's card takes the whole safe-area "
                        + "width (unless document.json's style.card.maxWidth says otherwise)",
                     "LIST|all", "Dynamic Type sizes, or all: xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1 … AX5 "
                        + "(default Large); a size other than Large adds -<size> to the cell's folder (portrait-light-AX3)"),
        "fontScale": ("SCALE", "Android's font scale (Android devices only): 0.85 to 2.0, default 1.0 (a Pixel offers 0.85, 1.0, "
                         + "1.15, 1.3, 1.5, 1.8, 2.0). Text in sp grows through Android 14's non-linear curves above 1.04; a scale "
                         + "other than 1.0 adds -fs<scale> to the cell's folder (portrait-light-fs1.3)",
                      "LIST|all", "Android font scales from 0.85 to 2.0, or all (a Pixel's seven steps); default 1.0. Refused on iOS "
                         + "devices, as --text-sizes is on Android ones"),
        "boldText": ("", "iOS's Bold Text setting (alone: on): every weight one step heavier",
                     "", "iOS's Bold Text: on, off (default) or both (folder suffix -bold); alone it means on"),
        "increaseContrast": ("", "iOS's Increase Contrast: high-contrast system colours (and the document's "
                                + "style.colors.lightHighContrast / darkHighContrast, if it has them)",
                             "", "iOS's Increase Contrast: on, off (default) or both (folder suffix -contrast)"),
        "ios": ("26|18", "the system alert's look: 26, Liquid Glass (default), or 18 (iOS 13–18); refused on the consent screen",
                "26|18|both", "the system alert's look: 26 (default), 18 or both; iOS 18 cells get the folder suffix -ios18 (the "
                    + "consent screen is the same in both and made once); refused when --screens asks for no prompt"),
        "island": ("shown|hidden", "hidden (default) leaves the Dynamic Island out, as a device's own screenshot and App Store "
                      + "screenshots show the screen; shown draws it as the black pill iOS 26's simulator puts in its screenshots, "
                      + "for a picture that looks like the phone in the hand. Only on Dynamic Island phones; the variant is named -island",
                   "shown|hidden|both", "the Dynamic Island: hidden (default), shown (the simulator's black pill; folder suffix "
                      + "-island), or both (also written shown,hidden); a phone without an island gets its one cell, hidden"),
        "language": ("TAG", "BCP 47 tag or preference list (zh-HK,en); default: the document's defaultLanguage, or its one language "
                        + "when it has one. en-XA and ar-XB are pseudo-locales (accented and longer; mirrored) made from the "
                        + "document's English",
                     "LIST|all", "language tags, or all = every language file of the document (default)"),
        "state": ("STATE", "which screen of the template (default: initial; launch-consent also has decline-confirm, the "
                     + "confirmation shown after a decline; login-consent has ticked and tapped-unticked)",
                  "LIST|all", "the template's screens, or all (default: initial); launch-consent also has decline-confirm, "
                     + "login-consent ticked and tapped-unticked, written as <language>-<state>.png"),
        "screen": ("consent|prompt:KIND", "consent (the document's screen, the default) or a system permission prompt over the "
                      + "dimmed app: " + PromptKind.allCases.map { "prompt:\($0.rawValue)" }.joined(separator: ", ")
                      + " (the kind alone, att, is short for prompt:att). On iOS its title names the app and its message is the "
                      + "app's purpose string from Info.plist, in the app's localization for --language; on Android it is the "
                      + "permission dialog, with the app's purpose banner above it (permissionPurposes)",
                   "LIST|prompts|all", "consent (default), system permission prompts ("
                      + PromptKind.allCases.map { "prompt:\($0.rawValue)" }.joined(separator: ", ")
                      + "), prompts (every one) or all; a prompt is written as <language>-prompt-<kind>.png"),
        "scroll": ("top|bottom|#anchor|POINTS", "the body scrolled: top (default), bottom, #anchor (the heading with that id at the "
                      + "top of the body, as an #anchor link scrolls it; ids as GitHub makes them: lower case, spaces as hyphens, "
                      + "punctuation dropped) or points (240)",
                   "LIST", "body scroll positions: top (default), bottom, #anchor, points; a position other than top adds "
                      + "-scroll-<position> to the file name (en-scroll-bottom.png, en-scroll-details.png)"),
        "template": ("NAME", "use this template instead of the document's (document.json \"template\"):\n"
                        + TemplateRegistry.standard.templates.map { "\($0.id): \($0.summary)" }.joined(separator: "\n"), "", ""),
    ]

    /// render's option for one axis (`--text-size SIZE`), required for the device.
    static func single(_ axis: VariantAxis) -> OptionSpec {
        let words = axisWords[axis.key]
        let value: OptionValue = axis.json == .bool ? .setting(axis: false) : .value(words?.single ?? axis.bareNoun.uppercased())
        return OptionSpec(axis.singleOption ?? axis.key, value, required: axis.key == "device", help: words?.singleHelp ?? axis.summary)
    }

    /// The list option of matrix, lint and watch for one axis (`--text-sizes LIST|all`), with
    /// render's name as its other name; `defaultText` says its default where a command differs.
    static func list(_ axis: VariantAxis, default defaultText: String? = nil) -> OptionSpec {
        let words = axisWords[axis.key]
        let value: OptionValue = axis.json == .bool ? .setting(axis: true) : .value(words?.list ?? "LIST")
        let aliases = axis.singleOption.flatMap { $0 == axis.listOption ? nil : [$0] } ?? []
        return OptionSpec(axis.listOption ?? axis.key, value, aliases: aliases,
                          help: defaultText.map { "default: \($0)" } ?? words?.listHelp ?? axis.summary)
    }

    /// The options that choose one screen: render's option of every axis that names a cell, and
    /// the template.
    static let screenGroup = OptionGroup("The screen:", RenderVariant.axes.filter { axis in
        axis.singleOption != nil && (axis.place != .unnamed || axis.key == "template") && axis.key != "fullLength"
    }.map(single))

    /// The axes of a matrix: every axis with a list option, each a comma-separated list (with
    /// render's singular name too).
    /// The axes lint has no option for: the Dynamic Island is a picture only and changes no layout.
    static let axesLintLacks: Set<String> = ["island"]

    /// The commands that take an axis's list option, for messages: `matrix and lint`.
    static func listCommands(of key: String) -> String {
        axesLintLacks.contains(key) ? "matrix and watch" : "matrix and lint"
    }

    static func axisGroup(orientations orientationDefault: String? = nil, appearances appearanceDefault: String? = nil,
                          excluding excluded: Set<String> = []) -> OptionGroup {
        OptionGroup("Axes (each a comma-separated list; every combination is a cell):", RenderVariant.axes.compactMap { axis in
            guard axis.listOption != nil, !excluded.contains(axis.key) else { return nil }
            return list(axis, default: axis.key == "orientation" ? orientationDefault : axis.key == "appearance" ? appearanceDefault : nil)
        })
    }

    static func devices(default text: String, takesAll: Bool = true) -> OptionSpec {
        OptionSpec("devices", .value(takesAll ? "LIST|all" : "LIST"), aliases: ["device"],
                   help: "profile ids" + (takesAll ? ", or all" : "") + " (default: \(text))")
    }
    static let languages = list(RenderVariant.axis("language")!)
    static func orientations(default text: String) -> OptionSpec { list(RenderVariant.axis("orientation")!, default: text) }
    static let states = list(RenderVariant.axis("state")!)
    /// An export's `--states`: each state is a screenshot of its own, named by the export.
    static let exportStates = states.with(help: "the template's screens, or all (default: initial); launch-consent also has "
        + "decline-confirm, login-consent ticked and tapped-unticked; each is a screenshot of its own, its name ending -<state>")
    static let appearance = single(RenderVariant.axis("appearance")!)

    // MARK: System chrome

    static let tint = OptionSpec("tint", .value("#RRGGBB"),
        help: "accent colour of the title, links and accept button, drawn exactly as given (default: the profile's own: iOS's "
            + "system blue, whose links take its accessible variant, or Material's #6750A4 on Android)")
    static let statusBar = OptionSpec("status-bar", .value("shown|none"),
        help: "none leaves out the status bar and the home indicator or navigation bar (default: shown, as store screenshots show "
            + "them: full signal, Wi-Fi and battery)")
    static let time = OptionSpec("time", .value("H:MM"),
        help: "the time the status bar shows (default: document.json's statusBar.time, else 9:41 on iOS as Apple's screenshots "
            + "show it, 12:00 on Android as SystemUI's demo mode does)")
    static let backdrop = OptionSpec("backdrop", .value("FILE.png"),
        help: "the app's own screen, drawn (scaled to fill, centred) under the dialog's dimming instead of the flat grey; over "
            + "document.json's \"backdrop\" and the document's backdrop/ folder (per-device and per-language images go there). "
            + "Only for screens that show the app behind them")

    static let chromeGroup = OptionGroup("The system around the dialog:", [tint, statusBar, time, backdrop])

    // MARK: Output

    static func out(_ value: String, help: String) -> OptionSpec {
        OptionSpec("out", .value(value), required: true, help: help)
    }
    static func format(_ help: String) -> OptionSpec {
        OptionSpec("format", .value("text|json"), help: help)
    }
    static func jobs(_ what: String) -> OptionSpec {
        OptionSpec("jobs", .value("N"), help: "\(what) made at once, 1–256 (default: the number of cores, lowered to what "
            + "ulimit -v and the container's memory hold, and no more than there are batches of cells to share; jobs asked for that "
            + "cannot fit stop the run before it starts, exit 3); the bytes written do not depend on it")
    }
    static let shard = OptionSpec("shard", .value("I/N"),
        help: "render only the I-th of N interleaved parts, so N CI machines cover the matrix exactly once between them")
    static let frames = OptionSpec("frame", .flag,
        help: "also write <language>.framed.png per cell (the screenshot inside a drawn device, RGBA); the gallery then has a "
            + "\"Device frames\" switch")
}

/// `render-cli help axes`: the axis table (`RenderVariant.axes`) as the command line and
/// matrix.json name it, what each adds to a cell's name (DESIGN.md's rule), and its values.
func axisTable() -> String {
    let rows = RenderVariant.axes.map { axis -> [String] in
        [axis.key, axis.groupKey ?? "-", axis.singleOption.map { "--" + $0 } ?? "-", axis.listOption.map { "--" + $0 } ?? "-",
         axis.defaultName.isEmpty ? "-" : axis.defaultName, axis.cellRule]
    }
    let header = ["axis (JSON key)", "matrix.json", "option", "list option", "default", "in a cell's name"]
    let widths = (0..<header.count - 1).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    let table = ([header] + rows).map { row in
        row.enumerated().map { index, text in index < widths.count ? text.padding(toLength: widths[index], withPad: " ", startingAt: 0) : text }
            .joined(separator: "  ")
    }
    let values = RenderVariant.axes.map { axis in
        let names = axis.valueNames()
        return "  \(axis.key): " + (names.isEmpty ? axis.summary : names.joined(separator: ", "))
            + (axis.words.isEmpty ? "" : "; " + axis.words.map { "\($0.word) (\($0.meaning))" }.joined(separator: ", "))
    }
    return (table + ["", "Values:"] + values).joined(separator: "\n")
}
