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
            + "above the render-cli binary, as in its checkout)")
    static let appInfo = OptionSpec("app-info", .value("DIR"),
        help: "the app's Xcode files: DIR/Info.plist (XML or binary), DIR/<lang>.lproj/InfoPlist.strings and Localizable.strings, "
            + "DIR/*.xcstrings; over document.json's \"app\". Refused where no screen asked for reads them")
    static let over = OptionSpec("over", .value("DIR"),
        help: "draw each system prompt over this document's consent screen (for example the ATT explainer) instead of the app "
            + "behind the dialog; refused when no prompt is asked for")
    static let allowMissingGlyphs = OptionSpec("allow-missing-glyphs", .flag,
        help: "draw characters no font covers as boxes, with a warning, instead of failing")

    // MARK: One screen (render)

    static let device = OptionSpec("device", .value("ID|FILE"), required: true,
        help: "a profile id (render-cli profiles lists them) or a path to a profile .json")
    static let language = OptionSpec("language", .value("TAG"),
        help: "BCP 47 tag or preference list (zh-HK,en); default: the document's defaultLanguage, or its one language when it "
            + "has one. en-XA and ar-XB are pseudo-locales (accented and longer; mirrored) made from the document's English")
    static let orientation = OptionSpec("orientation", .value("portrait|landscape"),
        help: "default: the profile's, normally portrait")
    static let appearance = OptionSpec("appearance", .value("light|dark"), help: "default: light")
    static let template = OptionSpec("template", .value("NAME"),
        help: "use this template instead of the document's (document.json \"template\"):\n"
            + TemplateRegistry.standard.templates.map { "\($0.id): \($0.summary)" }.joined(separator: "\n"))
    static let state = OptionSpec("state", .value("STATE"),
        help: "which screen of the template (default: initial; launch-consent also has decline-confirm, the confirmation "
            + "shown after a decline)")
    static let textSize = OptionSpec("text-size", .value("SIZE"),
        help: "the user's text size (Dynamic Type): xSmall, Small, Medium, Large (default), xLarge, xxLarge, xxxLarge, AX1 … AX5, "
            + "in any letter case. From AX1 up the buttons stack and an iPad's card takes the whole safe-area width (unless "
            + "document.json's style.card.maxWidth says otherwise)")
    static let boldText = OptionSpec("bold-text", .setting(axis: false),
        help: "iOS's Bold Text setting (alone: on): every weight one step heavier")
    static let increaseContrast = OptionSpec("increase-contrast", .setting(axis: false),
        help: "iOS's Increase Contrast: high-contrast system colours (and the document's style.colors.lightHighContrast / "
            + "darkHighContrast, if it has them)")
    static let screen = OptionSpec("screen", .value("consent|prompt:KIND"),
        help: "consent (the document's screen, the default) or an iOS permission prompt over the dimmed app: "
            + PromptKind.allCases.map { "prompt:\($0.rawValue)" }.joined(separator: ", ")
            + ". Its title names the app, its message is the app's purpose string from Info.plist, in the app's localization "
            + "for --language")
    static let ios = OptionSpec("ios", .value("26|18"),
        help: "the system alert's look: 26, Liquid Glass (default), or 18 (iOS 13–18); refused on the consent screen")
    static let scroll = OptionSpec("scroll", .value("top|bottom|#anchor|POINTS"),
        help: "the body scrolled: top (default), bottom, #anchor (the heading with that id at the top of the body, as an "
            + "#anchor link scrolls it; ids as GitHub makes them: lower case, spaces as hyphens, punctuation dropped) or "
            + "points (240)")

    /// The options that choose one screen.
    static let screenGroup = OptionGroup("The screen:", [device, language, orientation, appearance, template, state, textSize,
                                                        boldText, increaseContrast, screen, ios, scroll])

    // MARK: Axes (matrix, watch, lint)

    static func devices(default text: String, takesAll: Bool = true) -> OptionSpec {
        OptionSpec("devices", .value(takesAll ? "LIST|all" : "LIST"), aliases: ["device"],
                   help: "profile ids" + (takesAll ? ", or all" : "") + " (default: \(text))")
    }
    static let languages = OptionSpec("languages", .value("LIST|all"), aliases: ["language"],
        help: "language tags, or all = every language file of the document (default)")
    static func orientations(default text: String) -> OptionSpec {
        OptionSpec("orientations", .value("portrait,landscape"), aliases: ["orientation"], help: "default: \(text)")
    }
    static func appearances(default text: String) -> OptionSpec {
        OptionSpec("appearances", .value("light,dark"), aliases: ["appearance"], help: "default: \(text)")
    }
    static let states = OptionSpec("states", .value("LIST|all"), aliases: ["state"],
        help: "the template's screens, or all (default: initial); launch-consent also has decline-confirm, written as "
            + "<language>-decline-confirm.png")
    static let textSizes = OptionSpec("text-sizes", .value("LIST|all"), aliases: ["text-size"],
        help: "Dynamic Type sizes, or all: xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1 … AX5 (default Large); "
            + "a size other than Large adds -<size> to the cell's folder (portrait-light-AX3)")
    static let boldTextAxis = OptionSpec("bold-text", .setting(axis: true),
        help: "iOS's Bold Text: on, off (default) or both (folder suffix -bold); alone it means on")
    static let increaseContrastAxis = OptionSpec("increase-contrast", .setting(axis: true),
        help: "iOS's Increase Contrast: on, off (default) or both (folder suffix -contrast)")
    static let screens = OptionSpec("screens", .value("LIST|prompts|all"), aliases: ["screen"],
        help: "consent (default), iOS permission prompts ("
            + PromptKind.allCases.map { "prompt:\($0.rawValue)" }.joined(separator: ", ")
            + "), prompts (every one) or all; a prompt is written as <language>-prompt-<kind>.png")
    static let iosAxis = OptionSpec("ios", .value("26|18|both"),
        help: "the system alert's look: 26 (default), 18 or both; iOS 18 cells get the folder suffix -ios18 (the consent "
            + "screen is the same in both and made once); refused when --screens asks for no prompt")
    static let scrolls = OptionSpec("scroll", .value("LIST"),
        help: "body scroll positions: top (default), bottom, #anchor, points; a position other than top adds -scroll-<position> "
            + "to the file name (en-scroll-bottom.png, en-scroll-details.png)")

    /// The axes of a matrix: each takes a comma-separated list, and `render`'s singular name too.
    static func axisGroup(orientations orientationDefault: String = "portrait", appearances appearanceDefault: String = "light")
        -> OptionGroup {
        OptionGroup("Axes (each a comma-separated list; every combination is a cell):",
                    [devices(default: "all"), languages, orientations(default: orientationDefault),
                     appearances(default: appearanceDefault), states, textSizes, boldTextAxis, increaseContrastAxis, screens, iosAxis,
                     scrolls])
    }

    // MARK: System chrome

    static let tint = OptionSpec("tint", .value("#RRGGBB"),
        help: "accent colour of the title, links and accept button, drawn exactly as given (default: the profile's system blue, "
            + "whose links take its accessible variant)")
    static let statusBar = OptionSpec("status-bar", .value("shown|none"),
        help: "none leaves out iOS's status bar and home indicator (default: shown, as Apple's marketing screenshots show them: "
            + "9:41, full signal, Wi-Fi and battery)")
    static let time = OptionSpec("time", .value("H:MM"),
        help: "the time the status bar shows (default 9:41, or document.json's statusBar.time)")
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
        OptionSpec("jobs", .value("N"), help: "\(what) made at once (default: the number of cores); the bytes written do not depend on it")
    }
    static let shard = OptionSpec("shard", .value("I/N"),
        help: "render only the I-th of N interleaved parts, so N CI machines cover the matrix exactly once between them")
    static let frames = OptionSpec("frame", .flag,
        help: "also write <language>.framed.png per cell (the screenshot inside a drawn device, RGBA); the gallery then has a "
            + "\"Device frames\" switch")
}
