import Foundation

/// Which cells a golden run renders: data in `matrix.json`, not code.
///
/// Each group is the product of its devices, orientations, appearances and languages for one
/// document. Paths are relative to the matrix file's folder.
public struct GoldenMatrix: Codable, Sendable, Equatable {
    /// The device profiles folder; omitted, the profiles built into ConsentRender.
    public var profiles: String?
    /// Document names (the first folder of a golden's path) → their folders.
    public var documents: [String: String]
    public var groups: [Group]
    /// How images are compared; omitted fields keep `DiffOptions`' defaults.
    public var diff: DiffSettings?

    /// One document on the product of its axes. In matrix.json a group names each axis by its
    /// group key from `RenderVariant.axes` (`devices`, `languages`, `orientations`, `textSizes`,
    /// `boldText`, `ios`, `scroll`, `tint`, …) with a list of values, or one value; a list of one word
    /// (`["all"]`, `["both"]`, `["prompts"]`) stands for the values it names. An axis left out keeps
    /// its default. `devices` and `languages` are required.
    public struct Group: Codable, Sendable, Equatable {
        public var document: String
        /// Each axis's value names by the axis's key (`"textSize": ["Large", "AX3"]`, `"boldText":
        /// ["off", "on"]`), as given; words such as `all` are read when the cells are made.
        public var axes: [String: [String]]
        /// Whether a language with no file of its own may show the document's default language
        /// (off: such a golden would record the wrong language without a word).
        public var allowFallback: Bool?
        /// Whether its cells keep a PNG golden (the default). With `false` a cell keeps its link map
        /// and its layout (`<language>.layout.json`, every item's place, colour and words) instead:
        /// kilobytes, not hundreds of them, for breadth the golden budget could not hold as images.
        public var images: Bool?

        public init(document: String, axes: [String: [String]], allowFallback: Bool? = nil, images: Bool? = nil) {
            self.document = document
            self.axes = axes
            self.allowFallback = allowFallback
            self.images = images
        }

        /// A group of these axes' values.
        public init(document: String, axes: VariantAxes, allowFallback: Bool? = nil) {
            self.init(document: document, axes: axes.values.mapValues { $0.map(\.name) }, allowFallback: allowFallback)
        }

        /// The profile ids, or `["all"]`, or one platform's (`["all-ios"]`, `["all-android"]`).
        public var devices: [String] { axes["device"] ?? [] }

        /// The platform `["all-<platform>"]` names (`ios`, `android`); nil for any other list.
        public var allDevicesOfPlatform: String? {
            guard devices.count == 1, devices[0].hasPrefix("all-") else { return nil }
            return String(devices[0].dropFirst(4))
        }
        public var languages: [String] { axes["language"] ?? [] }
        /// The states asked for, or nil for the first only.
        public var states: [String]? { axes["state"] }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The keys a group may have: its document, the fallback switch, and each axis's group key.
        static var keys: [String] {
            ["document", "allowFallback", "images"] + RenderVariant.axes.compactMap(\.groupKey)
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            document = try container.decode(String.self, forKey: Key(stringValue: "document"))
            allowFallback = try container.decodeIfPresent(Bool.self, forKey: Key(stringValue: "allowFallback"))
            images = try container.decodeIfPresent(Bool.self, forKey: Key(stringValue: "images"))
            axes = [:]
            for axis in RenderVariant.axes {
                guard let groupKey = axis.groupKey else { continue }
                let key = Key(stringValue: groupKey)
                guard container.contains(key) else {
                    if axis.key == "device" || axis.key == "language" {
                        throw DecodingError.keyNotFound(key, .init(codingPath: container.codingPath, debugDescription: "\(groupKey) is missing"))
                    }
                    continue
                }
                if let list = try? container.decode([Scalar].self, forKey: key) {
                    axes[axis.key] = list.map(\.name)
                } else if let one = try? container.decode(Scalar.self, forKey: key) {
                    axes[axis.key] = [one.name]
                } else {
                    throw DecodingError.typeMismatch([String].self, .init(codingPath: container.codingPath + [key],
                                                                          debugDescription: "a list of values"))
                }
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(document, forKey: Key(stringValue: "document"))
            try container.encodeIfPresent(allowFallback, forKey: Key(stringValue: "allowFallback"))
            try container.encodeIfPresent(images, forKey: Key(stringValue: "images"))
            for axis in RenderVariant.axes {
                guard let groupKey = axis.groupKey, let names = axes[axis.key] else { continue }
                let key = Key(stringValue: groupKey)
                switch axis.json {
                case .string: try container.encode(names, forKey: key)
                case .bool: try container.encode(names.map { $0 == "on" }, forKey: key)
                case .int: try container.encode(names.map { Int($0) ?? 0 }, forKey: key)
                case .number: try container.encode(names.map { Double($0) ?? 0 }, forKey: key)
                }
            }
        }

        /// One value as matrix.json writes it: a name, a boolean (on/off) or a number.
        private struct Scalar: Decodable {
            let name: String

            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) {
                    name = flag ? "on" : "off"
                } else if let number = try? container.decode(Double.self) {
                    name = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
                } else {
                    name = try container.decode(String.self)
                }
            }
        }
    }

    public struct DiffSettings: Codable, Sendable, Equatable {
        public var threshold: Double?
        public var maximumDeltaE: Double?
        public var ignoresAntiAliasing: Bool?
        public var maxDiffPixels: Int?
        public var maxDiffRatio: Double?

    }

    public init(profiles: String?, documents: [String: String], groups: [Group], diff: DiffSettings? = nil) {
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
    /// Whether the cell keeps a PNG golden; without one, its link map and its layout JSON.
    public var keepsImage = true

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

    /// The profiles folder the matrix names (relative to `base`), which must exist, or the built-in
    /// profiles when it names none.
    func profilesDirectory(relativeTo base: URL, source: String) throws -> URL {
        guard let profiles else { return try DeviceProfileCatalog.builtIn.directory }
        guard !profiles.isEmpty else {
            throw GoldenError.invalidMatrix(path: source, field: "profiles",
                                            fix: "give the device profiles folder, or leave the field out for the built-in profiles")
        }
        return try existingFolder(profiles, relativeTo: base, source: source, field: "profiles",
                                  fix: "give the device profiles folder, or leave the field out for the built-in profiles")
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
    ///   - appFiles: reads the app files a document names.
    func cells(relativeTo base: URL, source: String, appFiles: (any AppFilesReader)? = nil) throws -> [GoldenCell] {
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
        let catalog = DeviceProfileCatalog(directory: try profilesDirectory(relativeTo: base, source: source))
        var cells: [GoldenCell] = []
        var seen: [String: GoldenCell] = [:]
        for (index, group) in groups.enumerated() {
            let field = "groups[\(index)]"
            guard let folder = documents[group.document] else {
                throw GoldenError.invalidMatrix(
                    path: source, field: "\(field).document",
                    fix: "'\(group.document)' is not one of documents: \(documents.keys.sorted().joined(separator: ", "))")
            }
            let documentFolder = resolve(folder, against: base)
            // Each becomes a folder or file name under the golden and artifacts folders.
            for (name, values) in [("document", [group.document]), ("devices", group.devices), ("languages", group.languages)] {
                for value in values where !isSinglePathComponent(value) && value != "all" && !value.hasPrefix("all-") {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).\(name)",
                                                    fix: "'\(value)' must be a plain name without '/' (and not '.' or '..')")
                }
            }
            // What `all` stands for: the profiles, the document's languages, its template's states.
            let content = group.axes.values.contains(["all"]) ? try? DocumentFolder(url: documentFolder, appFiles: appFiles).content : nil
            // `all-android`: every profile of that platform.
            var devices: [String] = group.devices == ["all"] ? try catalog.ids() : []
            if let platform = group.allDevicesOfPlatform {
                let known = PlatformRegistry.standard.platforms.map(\.name)
                guard known.contains(platform) else {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).devices",
                                                    fix: "'all-\(platform)' names no platform; use " + known.map { "all-\($0)" }.joined(separator: " or ")
                                                        + ", all, or profile ids")
                }
                devices = try catalog.allProfiles().filter { $0.platformName == platform }.map(\.id)
            }
            let context = AxisContext(devices: devices,
                                      languages: content?.languages ?? [],
                                      states: (content.map { TemplateRegistry.standard.shownStates(of: $0) } ?? [.initial]).map(\.rawValue))
            var axes = VariantAxes()
            for axis in RenderVariant.axes {
                guard let groupKey = axis.groupKey, var names = group.axes[axis.key] else { continue }
                if axis.key == "device", group.allDevicesOfPlatform != nil { names = ["all"] }
                guard !names.isEmpty else {
                    let required = axis.key == "device" || axis.key == "language"
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).\(groupKey)",
                                                    fix: required ? "list at least one" : "list at least one (or leave it out)")
                }
                do {
                    let values = try names.count == 1 ? axis.values(from: names[0], in: context)
                        : names.flatMap { try axis.values(from: $0, single: true, in: context) }
                    axes = axes.setting(axis, to: values)
                } catch let error as AxisValueError {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).\(groupKey)", fix: error.description)
                }
            }
            for made in axes.variants {
                // Each device keeps its platform's axes (no Dynamic Type on Android, no font scale on
                // iOS) and screens (no iOS prompts on Android).
                let platform = (try? catalog.profile(reference: made.device)).flatMap { try? PlatformRegistry.standard.platform(of: $0) }
                guard let variant = platform.map({ $0.fitted(made) }) ?? made else { continue }
                if variant.fullLength {
                    guard variant.screen == .consent, variant.scroll == .top else {
                        throw GoldenError.invalidMatrix(path: source, field: "\(field).fullLength",
                                                        fix: "a full-length capture is of the consent screen, unscrolled; leave out screens and scroll")
                    }
                }
                // (A device no profile has is told where its cell is rendered.)
                if variant.showsIsland, let profile = try? catalog.profile(reference: variant.device), !profile.hasDynamicIsland {
                    throw GoldenError.invalidMatrix(path: source, field: "\(field).island",
                                                    fix: "'\(variant.device)' has no Dynamic Island to show; give this group island phones only "
                                                        + "(iphone-15-pro, iphone-17-pro) or leave island out")
                }
                var cell = GoldenCell(document: group.document, documentFolder: documentFolder, variant: variant)
                cell.keepsImage = group.images ?? true
                if let earlier = seen[cell.path] {
                    guard earlier.variant == cell.variant else {
                        throw GoldenError.conflictingCells(path: source, cell: cell.path)
                    }
                    // A cell a breadth group (images: false) shares with an image group keeps its image.
                    if cell.keepsImage && !earlier.keepsImage, let index = cells.firstIndex(where: { $0.path == cell.path }) {
                        cells[index].keepsImage = true
                        seen[cell.path] = cells[index]
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

/// The folder a matrix field names (relative to `base`), which must exist; else an error naming the
/// field, the path as given and as resolved, and `fix`.
func existingFolder(_ path: String, relativeTo base: URL, source: String, field: String, fix: String) throws -> URL {
    let folder = resolve(path, against: base)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw GoldenError.invalidMatrix(path: source, field: field, fix: "'\(path)' (\(folder.path)) is not a folder; \(fix)")
    }
    return folder
}

/// Whether `name` can stand as one folder or file name: not empty, no `/`, not `.` or `..`.
func isSinglePathComponent(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && name != "." && name != ".." && !name.contains("\0")
}

/// `path` itself when absolute, else `path` under `base`.
func resolve(_ path: String, against base: URL) -> URL {
    path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
}
