import Foundation

/// Google Play's listing languages, as fastlane supply names its metadata folders (the folder name
/// is sent to Play as it is). The 87 codes of Play Console's translation list: fastlane's
/// `supply/lib/supply/languages.rb` (79) and validate-fastlane-supply-metadata's
/// `play_store_locales.go`, which adds sq, gu, kk, pa, ur and fa-AE/AF/IR; Google's answer 9844778
/// agrees as far as it was read (docs/android.md, "Google Play export").
enum PlayLocale {
    static let codes = [
        "af", "am", "ar", "az-AZ", "be", "bg", "bn-BD", "ca", "cs-CZ", "da-DK", "de-DE", "el-GR", "en-AU", "en-CA", "en-GB", "en-IN",
        "en-SG", "en-US", "en-ZA", "es-419", "es-ES", "es-US", "et", "eu-ES", "fa", "fa-AE", "fa-AF", "fa-IR", "fi-FI", "fil", "fr-CA",
        "fr-FR", "gl-ES", "gu", "hi-IN", "hr", "hu-HU", "hy-AM", "id", "is-IS", "it-IT", "iw-IL", "ja-JP", "ka-GE", "kk", "km-KH",
        "kn-IN", "ko-KR", "ky-KG", "lo-LA", "lt", "lv", "mk-MK", "ml-IN", "mn-MN", "mr-IN", "ms", "ms-MY", "my-MM", "ne-NP", "nl-NL",
        "no-NO", "pa", "pl-PL", "pt-BR", "pt-PT", "rm", "ro", "ru-RU", "si-LK", "sk", "sl", "sq", "sr", "sv-SE", "sw", "ta-IN",
        "te-IN", "th", "tr-TR", "uk", "ur", "vi", "zh-CN", "zh-HK", "zh-TW", "zu",
    ]

    /// Where a language with several Play codes, or an old code, is listed.
    private static let byLanguage = [
        "en": "en-US", "es": "es-ES", "fr": "fr-FR", "pt": "pt-BR", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "zh": "zh-CN",
        "he": "iw-IL", "iw": "iw-IL", "in": "id", "nb": "no-NO", "nn": "no-NO", "no": "no-NO", "fa": "fa", "ms": "ms",
        "fil": "fil", "tl": "fil",
    ]

    /// Latin American Spanish regions, which Play lists as es-419.
    private static let latinAmerica: Set<String> = ["419", "MX", "AR", "CO", "CL", "PE", "VE", "EC", "GT", "CU", "BO", "DO", "HN", "PY",
                                                    "SV", "NI", "CR", "PA", "UY", "PR"]

    /// The Play code for a BCP 47 tag: exact (de-DE), then by region family (es-MX → es-419,
    /// zh-HK → zh-HK), then by language (de → de-DE, he → iw-IL, zh-Hans → zh-CN).
    static func code(for text: String) throws -> String {
        guard let tag = LanguageTag(text) else { throw DocumentError.invalidLanguageTag(tag: text) }
        if let exact = codes.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }) { return exact }
        let language = tag.language
        if language == "es", let region = tag.region, latinAmerica.contains(region) { return "es-419" }
        if language == "zh" {
            if let region = tag.region, ["HK", "MO"].contains(region) { return "zh-HK" }
            return tag.effectiveScript == "Hant" ? "zh-TW" : "zh-CN"
        }
        if let region = tag.region, let regional = codes.first(where: { $0.caseInsensitiveCompare("\(language)-\(region)") == .orderedSame }) {
            return regional
        }
        if let known = byLanguage[language] { return known }
        let sameLanguage = codes.filter { $0 == language || $0.hasPrefix(language + "-") }
        if sameLanguage.count == 1 { return sameLanguage[0] }
        throw PlayError.noPlayLocale(tag: text)
    }

    /// A note when `text` goes to a Play language that drops what the tag says: a script (sr-Latn
    /// → sr) or a region Play has no listing for (de-AT → de-DE). The mappings Play's own list
    /// implies (zh-Hans → zh-CN, es-MX → es-419, a bare language to its main region) need none.
    static func note(for text: String, code: String) -> String? {
        guard let tag = LanguageTag(text), tag.language != "zh" else { return nil }
        let codeTag = LanguageTag(code)
        if let script = tag.script, codeTag?.script != script {
            return "'\(text)' goes to Google Play's \(code), its one listing language for \(tag.language), which has no \(script) "
                + "listing of its own; its screenshots show \(text)'s words"
        }
        if let region = tag.region, codeTag?.region != region, !(code == "es-419" && latinAmerica.contains(region)) {
            return "'\(text)' goes to Google Play's \(code): Play has no listing language for \(tag.language) in \(region)"
        }
        return nil
    }
}

/// Renders a document's screens on Android phones as the screenshots Google Play accepts, in the
/// folder layout fastlane supply uploads from:
/// `metadata/android/<Play locale>/images/phoneScreenshots/<NN>_<device>_<orientation>.png`
/// (`tenInchScreenshots` for a tablet-sized screen).
///
/// Play takes a 24-bit PNG whose sides are 320–3840 px and whose long side is at most twice the
/// short one. A phone taller than that (a Pixel 9 is 1080 × 2424, 2.24:1) is rendered as the same
/// phone with its screen cut to 2:1 (1080 × 2160): status bar, navigation and dialog laid out for
/// that height, as an 18:9 phone shows them, never cropped or padded.
public struct PlayExport: StoreScreenshotExport {
    /// The most screenshots Play takes of one type in one language.
    public static let maximumPerType = 8

    public var folder: DocumentFolder
    public var catalog: DeviceProfileCatalog
    public var languages: [String]
    public var devices: [String]
    public var orientations: [Orientation]
    public var states: [ScreenState] = [.initial]
    public var appearance: Appearance
    public var tint: Color?
    public var allowsMissingGlyphs = false
    public var statusBar: StatusBarContent?
    public var backdrop: BackdropImage?
    public var outputDirectory: URL
    public var jobs: Int
    public var jobsAreFixed = false
    /// Whether `languages` are every language file of the document (`--languages all`): then a
    /// pseudo-locale among them is left out with a note, not refused.
    public var languagesAreAll = false

    public init(folder: DocumentFolder, catalog: DeviceProfileCatalog, languages: [String], devices: [String],
                orientations: [Orientation] = [.portrait], appearance: Appearance = .light, tint: Color? = nil,
                outputDirectory: URL, jobs: Int) {
        self.folder = folder
        self.catalog = catalog
        self.languages = languages
        self.devices = devices
        self.orientations = orientations
        self.appearance = appearance
        self.tint = tint
        self.outputDirectory = outputDirectory
        self.jobs = jobs
    }

    public struct Screenshot: Sendable, Equatable {
        public var locale: String
        /// `phoneScreenshots` or `tenInchScreenshots`.
        public var type: String
        /// Relative to the output folder.
        public var path: String
        public var width: Int
        public var height: Int
        /// Whether the phone's screen was cut to 2:1 for Play.
        public var shortened: Bool
    }

    public struct Outcome: Sendable, Equatable {
        public var screenshots: [Screenshot]
        public var removed: [String]
        public var warnings: [String]
        public var notes: [String] = []
    }

    /// The root of supply's metadata inside the output folder.
    static let root = "metadata/android"

    /// `profile` with its screen no longer than twice its width (Play's rule), and whether it was cut.
    static func playable(_ profile: DeviceProfile) -> (profile: DeviceProfile, shortened: Bool) {
        guard var android = profile.android else { return (profile, false) }
        let short = min(android.pixels.width, android.pixels.height), long = max(android.pixels.width, android.pixels.height)
        guard long > 2 * short else { return (profile, false) }
        var cut = profile
        android.pixels = android.pixels.width <= android.pixels.height ? PixelSize(width: short, height: 2 * short)
            : PixelSize(width: 2 * short, height: short)
        cut.android = android
        cut.points = Size(width: Double(android.pixels.width) / profile.scale, height: Double(android.pixels.height) / profile.scale)
        cut.name = profile.name + " (2:1 for Google Play)"
        return (cut, true)
    }

    public func run() throws -> Outcome {
        var (locales, notes) = try StoreExport.locales(of: languages, store: "Play language", code: PlayLocale.code(for:),
                                                       pseudo: { PlayError.pseudoLocale(tag: $0) }, skipsPseudo: languagesAreAll)
        notes += locales.compactMap { PlayLocale.note(for: $0.language, code: $0.code) }
        try StoreExport.checkInDocument(locales.map(\.language), folder: folder)
        var profiles: [(DeviceProfile, Bool)] = []
        for device in devices {
            let profile = try catalog.profile(reference: device)
            guard profile.android != nil else { throw PlayError.notAnAndroidDevice(device: profile.id) }
            profiles.append(Self.playable(profile))
        }
        var plans: [(locale: String, type: String, profile: DeviceProfile, shortened: Bool, variant: RenderVariant, file: String)] = []
        for (language, locale) in locales {
            var numbers: [String: Int] = [:]
            for (profile, shortened) in profiles {
                let type = profile.idiom == .pad ? "tenInchScreenshots" : "phoneScreenshots"
                for orientation in orientations {
                    for state in states {
                        let number = (numbers[type] ?? 0) + 1
                        numbers[type] = number
                        guard number <= Self.maximumPerType else {
                            throw PlayError.tooMany(locale: locale, type: type, count: profiles.count * orientations.count * states.count)
                        }
                        let suffix = state == .initial ? "" : "-\(state.rawValue)"
                        let file = String(format: "%02d", number) + "_\(profile.id)_\(orientation.rawValue)\(suffix).png"
                        let variant = RenderVariant(device: profile.id, orientation: orientation, appearance: appearance, language: language,
                                                    state: state)
                        plans.append((locale, type, profile, shortened, variant, "\(Self.root)/\(locale)/images/\(type)/\(file)"))
                    }
                }
            }
        }
        let store = StoreExport.Store(
            export: "the Play export", uploader: "fastlane supply", kind: .playExport,
            uploadFolders: ["metadata", "android", "*", "images", "*Screenshots"],
            perFolderLimit: (Self.maximumPerType, { PlayError.tooManyWithYours(folder: $0, planned: $1, yours: $2) }),
            foreignNote: " with the rest (Play takes at most \(Self.maximumPerType))")
        let shortened = Set(plans.filter(\.shortened).map(\.file))
        let written = try writeScreenshots(plans.map { StoreExport.Plan(profile: $0.profile, variant: $0.variant, file: $0.file) },
                                           to: store) { data, path, plan in
            let size = try Self.verify(data, path: path)
            // metadata/android/<locale>/images/<type>/<file>
            let parts = plan.file.split(separator: "/").map(String.init)
            return Screenshot(locale: parts[2], type: parts[4], path: plan.file, width: size.width, height: size.height,
                              shortened: shortened.contains(plan.file))
        }
        return Outcome(screenshots: written.screenshots, removed: written.removed, warnings: written.warnings, notes: notes)
    }

    /// Reads back what was written: Play's sides (320–3840 px), at most 2:1, and no alpha channel.
    static func verify(_ png: Data, path: String) throws -> (width: Int, height: Int) {
        let (width, height) = try StoreExport.readBack(png, path: path)
        let short = min(width, height), long = max(width, height)
        guard short >= 320, long <= 3840, long <= 2 * short else {
            throw PlayError.unacceptedSize(path: path, width: width, height: height)
        }
        return (width, height)
    }
}

/// Why a Play export cannot be made.
public enum PlayError: Error, Equatable, Sendable {
    case noPlayLocale(tag: String)
    case pseudoLocale(tag: String)
    case notAnAndroidDevice(device: String)
    case tooMany(locale: String, type: String, count: Int)
    case tooManyWithYours(folder: String, planned: Int, yours: [String])
    case unacceptedSize(path: String, width: Int, height: Int)
}

extension PlayError: CausedError {
    public var cause: ErrorCause {
        switch self {
        case .noPlayLocale, .pseudoLocale, .notAnAndroidDevice, .tooMany, .tooManyWithYours: .input
        case .unacceptedSize: .environment
        }
    }
}

extension PlayError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .noPlayLocale(tag):
            return "Google Play has no listing language for '\(tag)'. Use one of: \(PlayLocale.codes.joined(separator: ", "))."
        case let .pseudoLocale(tag):
            return "'\(tag)' in --languages is a pseudo-locale, made for testing layouts; Google Play has no such language. Leave it "
                + "out of play, and render it with render or matrix instead."
        case let .notAnAndroidDevice(device):
            return "--devices: '\(device)' is not an Android device; the Play export renders Android phones (pixel-9, galaxy-s24, "
                + "…). App Store screenshots come from render-cli appstore."
        case let .tooMany(locale, type, count):
            return "\(count) \(type) for \(locale), and Google Play takes at most \(PlayExport.maximumPerType) of a type in a language; "
                + "give fewer devices, orientations or states."
        case let .tooManyWithYours(folder, planned, yours):
            return "\(folder) holds \(yours.count) file\(yours.count == 1 ? "" : "s") the export did not write (\(yours.joined(separator: ", "))), "
                + "and with its \(planned) the folder would hold \(planned + yours.count); Google Play takes at most "
                + "\(PlayExport.maximumPerType) and fastlane supply uploads them all. Nothing was written: move some away, or export fewer."
        case let .unacceptedSize(path, width, height):
            return "\(path): \(width)×\(height) is not a size Google Play takes (sides 320–3840 px, the long side at most twice the "
                + "short); this is a bug in the export, please report it."
        }
    }
}
