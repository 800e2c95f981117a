import Foundation

/// Which cells a golden run renders: data in `matrix.json`, not code.
///
/// Each group is the product of its devices, orientations, appearances and languages for one
/// document. Paths are relative to the matrix file's folder.
public struct GoldenMatrix: Codable, Sendable, Equatable {
    /// The device profiles folder.
    public var profiles: String
    /// Document names (the first folder of a golden's path) → their folders.
    public var documents: [String: String]
    public var groups: [Group]
    /// How images are compared; omitted fields keep `DiffOptions`' defaults.
    public var diff: DiffSettings?

    public struct Group: Codable, Sendable, Equatable {
        public var document: String
        /// Profile ids, or `["all"]` for every profile in the profiles folder.
        public var devices: [String]
        public var orientations: [Orientation]?
        public var appearances: [Appearance]?
        public var languages: [String]
        /// `#RRGGBB`; omitted uses each profile's tint.
        public var tint: String?
        /// Template screens to render (launch-consent's `decline-confirm`), or `["all"]` for every
        /// state of the document's template; omitted: the first.
        public var states: [ScreenState]?
        /// Whether a language with no file of its own may show the document's default language
        /// (off: such a golden would record the wrong language without a word).
        public var allowFallback: Bool?
        /// Dynamic Type sizes by name in any letter case (`["Large", "AX3"]`), or `["all"]`; omitted: Large.
        public var textSizes: [String]?
        /// Bold Text and Increase Contrast: `[true]` for on, `[false, true]` for both; omitted: off.
        public var boldText: [Bool]?
        public var increaseContrast: [Bool]?
        /// `consent` and system prompts (`prompt:att`), or `["prompts"]`; omitted: the consent screen.
        public var screens: [String]?
        /// The system alert's look for prompts: `[26]`, `[18]` or both; omitted: 26.
        public var ios: [Int]?
        /// Body scroll positions: `"top"`, `"bottom"`, `"#anchor"` or a number of points; omitted: the top.
        public var scroll: [String]?
        /// True for full-length captures (`<name>.full.png`) instead of screens.
        public var fullLength: Bool?

        public init(document: String, devices: [String], orientations: [Orientation]? = nil,
                    appearances: [Appearance]? = nil, languages: [String], tint: String? = nil, states: [ScreenState]? = nil,
                    allowFallback: Bool? = nil, textSizes: [String]? = nil, boldText: [Bool]? = nil,
                    increaseContrast: [Bool]? = nil) {
            self.textSizes = textSizes
            self.boldText = boldText
            self.increaseContrast = increaseContrast
            self.document = document
            self.devices = devices
            self.orientations = orientations
            self.appearances = appearances
            self.languages = languages
            self.tint = tint
            self.states = states
            self.allowFallback = allowFallback
        }
    }

    public struct DiffSettings: Codable, Sendable, Equatable {
        public var threshold: Double?
        public var maximumDeltaE: Double?
        public var ignoresAntiAliasing: Bool?
        public var maxDiffPixels: Int?
        public var maxDiffRatio: Double?

    }

    public init(profiles: String, documents: [String: String], groups: [Group], diff: DiffSettings? = nil) {
        self.profiles = profiles
        self.documents = documents
        self.groups = groups
        self.diff = diff
    }
}

/// One rendered screen of a golden run: a document and a variant of it.
struct GoldenCell: Sendable, Equatable {
    public var document: String
    public var documentFolder: URL
    public var variant: RenderVariant
    public var tint: Color?

    /// `<document>/<variant path>`, the golden's path without extension.
    public var path: String {
        "\(document)/\(variant.path)"
    }
}

extension GoldenMatrix {
    /// Reads `matrix.json`.
    public static func load(from url: URL) throws -> GoldenMatrix {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw GoldenError.unreadableMatrix(path: url.path, reason: describeFileError(error))
        }
        try StrictJSONReader.check(data, schema: .goldenMatrix, path: url.path) { GoldenError.malformedMatrix(path: url.path, detail: $0) }
        do {
            return try JSONDecoder().decode(GoldenMatrix.self, from: data)
        } catch {
            switch DecodingFailure(error, decoding: data) {
            case let .syntax(detail):
                throw GoldenError.malformedMatrix(path: url.path, detail: detail)
            case let .missingField(field):
                throw GoldenError.invalidMatrix(path: url.path, field: field, fix: "it is missing; add it")
            case let .wrongType(field, expected):
                throw GoldenError.invalidMatrix(path: url.path, field: field, fix: "it must be \(expected)")
            case let .invalidValue(field, detail):
                throw GoldenError.invalidMatrix(path: url.path, field: field, fix: detail)
            }
        }
    }

    /// The diff options the matrix asks for.
    public var diffOptions: DiffOptions {
        var options = DiffOptions()
        if let threshold = diff?.threshold { options.threshold = threshold }
        if let deltaE = diff?.maximumDeltaE { options.maximumDeltaE = deltaE }
        if let ignoresAntiAliasing = diff?.ignoresAntiAliasing { options.ignoresAntiAliasing = ignoresAntiAliasing }
        if let pixels = diff?.maxDiffPixels { options.maxDiffPixels = pixels }
        if let ratio = diff?.maxDiffRatio { options.maxDiffRatio = ratio }
        return options
    }

    /// Every cell, in group order without repeats, after checking names and values.
    ///
    /// - Parameters:
    ///   - base: the folder relative paths start from.
    ///   - source: the matrix file's path, for error messages.
    func cells(relativeTo base: URL, source: String) throws -> [GoldenCell] {
        if let diff {
            if let threshold = diff.threshold, !(0...1).contains(threshold) {
                throw GoldenError.invalidMatrix(path: source, field: "diff.threshold", fix: "use a number from 0 to 1")
            }
            if let ratio = diff.maxDiffRatio, !(0...1).contains(ratio) {
                throw GoldenError.invalidMatrix(path: source, field: "diff.maxDiffRatio", fix: "use a number from 0 to 1")
            }
            if let pixels = diff.maxDiffPixels, pixels < 0 {
                throw GoldenError.invalidMatrix(path: source, field: "diff.maxDiffPixels", fix: "use 0 or more")
            }
        }
        let catalog = DeviceProfileCatalog(directory: resolve(profiles, against: base))
        var cells: [GoldenCell] = []
        var seen: [String: GoldenCell] = [:]
        for (index, group) in groups.enumerated() {
            let field = "groups[\(index)]"
            guard let folder = documents[group.document] else {
                throw GoldenError.invalidMatrix(
                    path: source, field: "\(field).document",
                    fix: "'\(group.document)' is not one of documents: \(documents.keys.sorted().joined(separator: ", "))")
            }
            var tint: Color?
            if let text = group.tint {
                guard let parsed = Color(hex: text) else {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).tint", fix: "'\(text)' is not #RRGGBB")
                }
                tint = parsed
            }
            let devices = group.devices == ["all"] ? try catalog.ids() : group.devices
            var screens: [Screen] = [.consent]
            if let names = group.screens {
                screens = try names == ["prompts"] ? PromptKind.allCases.map { .prompt($0) } : names.map { name in
                    guard let screen = Screen(name: name) else {
                        let all = Screen.all.map(\.description)
                        let hint = closestMatch(to: name, among: all).map { "did you mean '\($0)'? " } ?? ""
                        throw GoldenError.invalidMatrix(path: source, field: "\(field).screens",
                                                        fix: "'\(name)' is not a screen; \(hint)use \(all.joined(separator: ", ")) or [\"prompts\"]")
                    }
                    return screen
                }
            }
            let looks: [SystemLook] = try (group.ios ?? [26]).map { version in
                guard let look = SystemLook(rawValue: String(version)) else {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).ios", fix: "\(version) is not a system look; use 26 or 18")
                }
                return look
            }
            let scrolls: [ScrollPosition] = try (group.scroll ?? ["top"]).map { name in
                guard let position = ScrollPosition(name: name) else {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).scroll",
                                                    fix: "'\(name)' is not a scroll position; use \"top\", \"bottom\", \"#anchor\" or a number of points")
                }
                return position
            }
            let lists: [(String, Int?)] = [("screens", group.screens?.count), ("ios", group.ios?.count), ("scroll", group.scroll?.count),
                                           ("devices", devices.count), ("languages", group.languages.count),
                                           ("orientations", group.orientations?.count), ("appearances", group.appearances?.count),
                                           ("states", group.states?.count), ("textSizes", group.textSizes?.count),
                                           ("boldText", group.boldText?.count), ("increaseContrast", group.increaseContrast?.count)]
            for (name, count) in lists where count == 0 {
                throw GoldenError.invalidMatrix(path: source, field: "\(field).\(name)", fix: "list at least one (or leave it out)")
            }
            var states = group.states ?? [.initial]
            if states == ["all"] {
                // Every state of the document's template.
                states = (try? TemplateRegistry.standard.template(of: DocumentFolder(url: resolve(folder, against: base)).content).states)
                    ?? [.initial]
            }
            // Each becomes a folder or file name under the golden and artifacts folders.
            for (name, values) in [("document", [group.document]), ("devices", devices), ("languages", group.languages)] {
                for value in values where !isSinglePathComponent(value) {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).\(name)",
                                                    fix: "'\(value)' must be a plain name without '/' (and not '.' or '..')")
                }
            }
            var textSizes: [ContentSizeCategory] = [.large]
            if let names = group.textSizes {
                textSizes = try names == ["all"] ? ContentSizeCategory.allCases : names.map { name in
                    guard let size = ContentSizeCategory(name: name) else {
                        let all = ContentSizeCategory.allCases.map(\.rawValue)
                        let hint = closestMatch(to: name, among: all).map { "did you mean '\($0)'? " } ?? ""
                        throw GoldenError.invalidMatrix(path: source, field: "\(field).textSizes",
                                                        fix: "'\(name)' is not a text size; \(hint)use \(all.joined(separator: ", ")) or [\"all\"]")
                    }
                    return size
                }
            }
            let axes = VariantAxes(devices: devices, orientations: group.orientations ?? [.portrait],
                                   appearances: group.appearances ?? [.light], languages: group.languages,
                                   states: states, textSizes: textSizes, boldText: group.boldText ?? [false],
                                   increasedContrast: group.increaseContrast ?? [false], screens: screens, systemLooks: looks,
                                   scrolls: scrolls)
            for var variant in axes.variants {
                if group.fullLength == true {
                    guard variant.screen == .consent, variant.scroll == .top else {
                        throw GoldenError.invalidMatrix(path: source, field: "\(field).fullLength",
                                                        fix: "a full-length capture is of the consent screen, unscrolled; leave out screens and scroll")
                    }
                    variant.fullLength = true
                }
                let cell = GoldenCell(document: group.document, documentFolder: resolve(folder, against: base), variant: variant, tint: tint)
                if let earlier = seen[cell.path] {
                    guard earlier.tint == cell.tint else {
                        throw GoldenError.conflictingCells(path: source, cell: cell.path)
                    }
                    continue
                }
                seen[cell.path] = cell
                cells.append(cell)
            }
        }
        return cells
    }
}

/// Whether `name` can stand as one folder or file name: not empty, no `/`, not `.` or `..`.
func isSinglePathComponent(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.contains("\0")
}

/// `path` itself when absolute, else `path` under `base`.
func resolve(_ path: String, against base: URL) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
}
