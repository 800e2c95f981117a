import Foundation

/// One screen to render: every input that changes its pixels. Render, matrix, golden, lint, review
/// and the App Store export all name, multiply and record variants through this type and its axis
/// table (`RenderVariant.axes`), so a new axis reaches them all.
public struct RenderVariant: Hashable, Sendable, Encodable {
    /// A device profile's id (or, for a single render, a path to a profile file).
    public var device: String
    public var orientation: Orientation
    public var appearance: Appearance
    /// The language as asked for: a document file's tag, any tag to resolve, or a preference list.
    public var language: String
    public var state: ScreenState
    /// A template to use instead of the document's; nil uses the document's.
    public var template: String?
    /// The user's text size (Dynamic Type).
    public var textSize: ContentSizeCategory
    /// Android's font scale (the text size of Android screens).
    public var fontScale: FontScale = .one
    /// Settings › Accessibility › Bold Text.
    public var boldText: Bool
    /// Settings › Accessibility › Increase Contrast.
    public var increaseContrast: Bool
    /// The document's consent screen, or a system permission prompt over the app.
    public var screen: Screen
    /// The iOS whose system alert a prompt is drawn as (only prompts differ between them).
    public var systemLook: SystemLook
    /// The Android whose permission dialog a prompt is drawn as (`--android`; only prompts differ).
    public var androidVersion: AndroidVersion = .v14
    /// How far the consent screen's body is scrolled.
    public var scroll: ScrollPosition = .top
    /// The whole text unclipped, on a page as tall as it needs (`--full-length`): a document
    /// capture, not a screen, written as `<name>.full.png`.
    public var fullLength = false
    /// The accent the user chose (`--tint`); nil draws the profile's.
    public var tint: Color?
    /// Whether iOS's status bar and home indicator are drawn (the default) or left out.
    public var showsSystemChrome = true
    /// Whether the Dynamic Island is drawn as the black pill iOS 26's simulator shows in its
    /// screenshots (`--island shown`); hidden by default, as a device's own screenshots are.
    public var showsIsland = false
    /// What the status bar shows, over the document's `statusBar` settings (`--time`).
    public var statusBar: StatusBarContent?
    /// The app's screen behind the dialog (`--backdrop`), over the document's own.
    public var backdrop: BackdropImage?
    /// The consent screen a system prompt is drawn over (`--over`, a flow step's `over`).
    public var over: OverScreen?

    public init(device: String, orientation: Orientation = .portrait, appearance: Appearance = .light, language: String,
                state: ScreenState = .initial, template: String? = nil, textSize: ContentSizeCategory = .large,
                boldText: Bool = false, increaseContrast: Bool = false, screen: Screen = .consent,
                systemLook: SystemLook = .ios26) {
        self.device = device
        self.orientation = orientation
        self.appearance = appearance
        self.language = language
        self.state = state
        self.template = template
        self.textSize = textSize
        self.boldText = boldText
        self.increaseContrast = increaseContrast
        self.screen = screen
        self.systemLook = systemLook
    }

    /// The variant as JSON: every axis in the table's order, each that is not at its default (and
    /// device, orientation, appearance, language and text size always), in its JSON form.
    public func encode(to encoder: Encoder) throws {
        try record.encode(to: encoder)
    }

    /// The variant a record describes: each axis the record gives, read back by name (the others,
    /// and what a name cannot restore, such as a backdrop's pixels, at their defaults).
    public init(record: VariantRecord) {
        self.init(device: "", language: "")
        for (key, name) in record.values {
            guard let axis = Self.axis(key), let value = axis.value(named: name) else { continue }
            axis.set(value, on: &self)
        }
    }

    /// The variant's JSON object, as link maps, manifests, lint findings and golden failures embed it.
    public var record: VariantRecord {
        VariantRecord(self)
    }

    /// The cell's folder: `<orientation>-<appearance>`, then each folder axis's part where it is
    /// not at its default (`-AX3`, `-bold`, `-contrast`, `-ios18`): DESIGN.md's naming rule.
    package var folderName: String {
        Self.axes.filter { $0.place == .folder }.compactMap { axis in axis.value(of: self).flatMap(axis.cellName) }
            .joined(separator: "-")
    }

    /// The output's path without extension, relative to an output folder:
    /// `<device>/<folderName>/<language>` and each file axis's suffix (`-decline-confirm`,
    /// `-prompt-att`, `-scroll-bottom`, `.full`) in the table's order.
    public var path: String {
        "\(device)/\(folderName)/\(language)"
            + Self.axes.filter { $0.place == .file }.compactMap { axis in axis.value(of: self).flatMap(axis.cellName) }.joined()
    }

    /// The variant with every axis that changes colours only at its default. Cells that share it
    /// set the same text, so a matrix gives them to one renderer one after another, which shapes
    /// their text once.
    package var sameText: RenderVariant {
        var variant = self
        for axis in Self.axes where axis.recolorsOnly { axis.reset(&variant) }
        return variant
    }

    /// What a renderer's font lookups and text layouts depend on most: the language and the text
    /// size. A matrix gives cells that share it to one renderer one after another
    /// (`renderInParallel`'s batches), so it finds each language's fonts at each size once.
    package struct TextBatch: Hashable, Sendable {
        var language: String
        var textSize: ContentSizeCategory
    }

    package var textBatch: TextBatch { TextBatch(language: language, textSize: textSize) }

    /// The axis with `key`, or nil.
    public static func axis(_ key: String) -> VariantAxis? {
        axes.first { $0.key == key }
    }

    /// Every axis a render varies on, in the order a product multiplies them (the first varying
    /// slowest) and a variant's JSON lists them.
    public static let axes: [VariantAxis] = [
        .make(key: "device", groupKey: "devices", listOption: "devices", singleOption: "device", place: .device,
              label: "Device", noun: "a device profile", summary: "the device profile: its screen, scale, safe areas, cut-out and tint", cellRule: "<device>/ (the first folder)",
              default: "", name: { $0 }, parse: { $0.isEmpty ? nil : $0 }, all: { $0.devices },
              words: [AxisWord("all", "every profile", { $0.devices })],
              hint: { closestMatch(to: $0, among: $1.devices) }, get: { $0.device }, set: { $0.device = $1 }, recordsDefault: true),
        .make(key: "orientation", groupKey: "orientations", listOption: "orientations", singleOption: "orientation", place: .folder,
              label: "Orientation", noun: "an orientation", summary: "portrait or landscape", cellRule: "<orientation>-… (the folder starts with it)", default: Orientation.portrait, name: { $0.rawValue },
              parse: { Orientation(rawValue: $0.lowercased()) }, all: { _ in Orientation.allCases },
              words: [AxisWord("all", "both", { _ in Orientation.allCases })],
              get: { $0.orientation }, set: { $0.orientation = $1 }, cellPart: { $0.rawValue }, recordsDefault: true),
        .make(key: "appearance", groupKey: "appearances", listOption: "appearances", singleOption: "appearance", place: .folder,
              label: "Appearance", noun: "an appearance", summary: "light or dark", cellRule: "-<appearance>", default: Appearance.light, name: { $0.rawValue },
              parse: { Appearance(rawValue: $0.lowercased()) }, all: { _ in Appearance.allCases },
              words: [AxisWord("all", "both", { _ in Appearance.allCases })],
              get: { $0.appearance }, set: { $0.appearance = $1 }, cellPart: { $0.rawValue }, recordsDefault: true, recolorsOnly: true),
        .make(key: "textSize", groupKey: "textSizes", listOption: "text-sizes", singleOption: "text-size", place: .folder,
              label: "Text size", noun: "a text size", summary: "the user's text size (Dynamic Type)", cellRule: "-<size>, none for Large", default: ContentSizeCategory.large,
              name: { $0.rawValue }, parse: { ContentSizeCategory(name: $0) }, all: { _ in ContentSizeCategory.allCases },
              words: [AxisWord("all", "every size", { _ in ContentSizeCategory.allCases })],
              hint: { item, _ in
                  // AX6 and up mean the largest size there is.
                  item.lowercased().hasPrefix("ax") && (Int(item.dropFirst(2)) ?? 0) > 5
                      ? "AX5" : closestMatch(to: item, among: ContentSizeCategory.allCases.map(\.rawValue))
              },
              get: { $0.textSize }, set: { $0.textSize = $1 }, cellPart: { $0 == .large ? nil : $0.rawValue }, recordsDefault: true),
        .make(key: "fontScale", groupKey: "fontScales", listOption: "font-scales", singleOption: "font-scale", place: .folder, json: .number,
              label: "Font scale", noun: "a font scale",
              summary: "Android's font scale: a number from 0.85 to 2.0 (1.3, or 130%), on Android devices",
              cellRule: "-fs<scale>, none for 1.0", default: FontScale.one, name: { $0.name }, parse: { FontScale(name: $0) },
              words: [AxisWord("all", "a Pixel's steps: 0.85, 1.0, 1.15, 1.3, 1.5, 1.8 and 2.0", { _ in FontScale.pixelSteps })],
              hint: { item, _ in
                  // An iOS size name means its nearest scale; a number out of range the nearest end.
                  if let size = ContentSizeCategory(name: item) { return FontScale.nearest(to: size).name }
                  if let number = Double(item.replacingOccurrences(of: "%", with: "")) {
                      let scale = item.hasSuffix("%") ? number / 100 : number
                      return scale < FontScale.range.lowerBound ? "0.85" : scale > FontScale.range.upperBound ? "2.0" : nil
                  }
                  return nil
              },
              get: { $0.fontScale }, set: { $0.fontScale = $1 }, cellPart: { $0 == .one ? nil : "fs" + $0.name }),
        .make(key: "boldText", groupKey: "boldText", listOption: "bold-text", singleOption: "bold-text", place: .folder, json: .bool,
              label: "Bold Text", noun: "a Bold Text setting", summary: "iOS's Bold Text: every weight one step heavier", cellRule: "-bold when on", default: false, name: { $0 ? "on" : "off" },
              parse: onOff, all: { _ in [false, true] }, words: [AxisWord("both", "off and on", { _ in [false, true] })],
              get: { $0.boldText }, set: { $0.boldText = $1 }, cellPart: { $0 ? "bold" : nil }),
        .make(key: "increaseContrast", groupKey: "increaseContrast", listOption: "increase-contrast", singleOption: "increase-contrast",
              place: .folder, json: .bool, label: "Increase Contrast", noun: "an Increase Contrast setting", summary: "iOS's Increase Contrast: high-contrast system colours", cellRule: "-contrast when on",
              default: false, name: { $0 ? "on" : "off" }, parse: onOff, all: { _ in [false, true] },
              words: [AxisWord("both", "off and on", { _ in [false, true] })],
              get: { $0.increaseContrast }, set: { $0.increaseContrast = $1 }, cellPart: { $0 ? "contrast" : nil }, recolorsOnly: true),
        .make(key: "ios", groupKey: "ios", listOption: "ios", singleOption: "ios", place: .folder, json: .int,
              label: "iOS look", noun: "a system look", summary: "the system alert's look: 26 (Liquid Glass) or 18 (iOS 13–18)", cellRule: "-ios18 for 18, none for 26",
              default: SystemLook.ios26, name: { $0.rawValue }, parse: { SystemLook(name: $0) }, all: { _ in SystemLook.allCases },
              words: [AxisWord("both", "26 and 18", { _ in SystemLook.allCases })],
              get: { $0.systemLook }, set: { $0.systemLook = $1 }, cellPart: { $0 == .ios26 ? nil : "ios" + $0.rawValue },
              appliesTo: { $0.screen != .consent }),
        .make(key: "android", groupKey: "android", listOption: "android", singleOption: "android", place: .folder, json: .int,
              label: "Android version", noun: "an Android version",
              summary: "the Android whose permission dialog a prompt is drawn as: 14, 15 or 16 (Material 3 Expressive)",
              cellRule: "-android15 or -android16, none for 14",
              default: AndroidVersion.v14, name: { $0.rawValue }, parse: { AndroidVersion(name: $0) }, all: { _ in AndroidVersion.allCases },
              words: [AxisWord("all", "14, 15 and 16", { _ in AndroidVersion.allCases })],
              hint: { item, _ in
                  // The nearest version by number (17 → 16), not by spelling.
                  Int(item.lowercased().replacingOccurrences(of: "android", with: "")).flatMap { number in
                      AndroidVersion.allCases.min { abs($0.number - number) < abs($1.number - number) }?.rawValue
                  }
              },
              get: { $0.androidVersion }, set: { $0.androidVersion = $1 }, cellPart: { $0 == .v14 ? nil : "android" + $0.rawValue },
              appliesTo: { $0.screen != .consent }),
        .make(key: "island", groupKey: "island", listOption: "island", singleOption: "island", place: .folder,
              label: "Dynamic Island", noun: "an island setting",
              summary: "hidden (as a device's screenshot shows the screen) or shown (the black pill iOS 26's simulator draws; Dynamic Island phones only)",
              cellRule: "-island when shown", default: false, name: { $0 ? "shown" : "hidden" },
              parse: { ["shown": true, "hidden": false][$0.lowercased()] }, all: { _ in [false, true] },
              words: [AxisWord("both", "hidden and shown", { _ in [false, true] })],
              get: { $0.showsIsland }, set: { $0.showsIsland = $1 }, cellPart: { $0 ? "island" : nil },
              // A full-length capture is a document, not a screen: it has no status bar or island.
              appliesTo: { !$0.fullLength }),
        .make(key: "language", groupKey: "languages", listOption: "languages", singleOption: "language", place: .language,
              label: "Language", noun: "a language", summary: "a BCP 47 tag, or a preference list (zh-HK,en)", cellRule: "<language> (the file name starts with it)", default: "", name: { $0 },
              parse: { $0.isEmpty ? nil : $0 }, all: { $0.languages },
              words: [AxisWord("all", "every language file of the document, and for prompts every localization of the app", { $0.languages })],
              hint: { item, context in suggestedLanguageTag(for: item) ?? closestMatch(to: item, among: context.languages) },
              get: { $0.language }, set: { $0.language = $1 }, recordsDefault: true),
        .make(key: "state", groupKey: "states", listOption: "states", singleOption: "state", place: .file,
              label: "State", noun: "a state", summary: "the template's screen (launch-consent also has decline-confirm; login-consent ticked and tapped-unticked)", cellRule: "-<state>, none for initial", default: ScreenState.initial,
              name: { $0.rawValue }, parse: { $0.isEmpty ? nil : ScreenState(rawValue: $0) }, all: { $0.states.map(ScreenState.init(rawValue:)) },
              words: [AxisWord("all", "every state of the document's template", { $0.states.map(ScreenState.init(rawValue:)) })],
              get: { $0.state }, set: { $0.state = $1 }, cellPart: { $0 == .initial ? nil : "-" + $0.rawValue },
              appliesTo: { $0.screen == .consent }),
        .make(key: "screen", groupKey: "screens", listOption: "screens", singleOption: "screen", place: .file,
              label: "Screen", noun: "a screen", summary: "the document's consent screen or a system permission prompt (iOS's alert, Android's dialog)", cellRule: "-prompt-<kind>, none for consent", default: Screen.consent,
              name: { $0.description }, parse: { Screen(name: $0) ?? Screen(name: "prompt:" + $0) }, all: { _ in Screen.all },
              words: [AxisWord("prompts", "every prompt the app declares: each whose purpose string its Info.plist has, and notifications; on Android each dialog its manifest's permissions bring up",
                               { ($0.prompts ?? PromptKind.allCases).map { .prompt($0) } }),
                      AxisWord("all", "the consent screen and every prompt the app declares", { [.consent] + ($0.prompts ?? PromptKind.allCases).map { .prompt($0) } })],
              hint: { item, _ in
                  let names = Screen.all.map(\.description)
                  // The list words count too: "promts" is "prompts", not "prompt:photos".
                  return closestMatch(to: item, among: names + ["prompts", "all"]) ?? closestMatch(to: "prompt:" + item, among: names)
              },
              get: { $0.screen }, set: { $0.screen = $1 }, cellPart: { $0.fileSuffix.isEmpty ? nil : $0.fileSuffix }),
        .make(key: "scroll", groupKey: "scroll", listOption: "scroll", singleOption: "scroll", place: .file,
              label: "Scroll", noun: "a scroll position", summary: "top, bottom, #anchor (a heading's id) or a number of points", cellRule: "-scroll-<position>, none for top",
              default: ScrollPosition.top, name: { $0.description }, parse: { ScrollPosition(name: $0) },
              hint: { item, _ in item.contains(where: \.isLetter) && item.first != "-" && item.first != "#" ? "#\(item), if the document has a heading with that id" : nil },
              get: { $0.scroll }, set: { $0.scroll = $1 }, cellPart: { $0.fileSuffix.isEmpty ? nil : $0.fileSuffix },
              appliesTo: { $0.screen == .consent }),
        .make(key: "fullLength", groupKey: "fullLength", listOption: nil, singleOption: "full-length", place: .file, json: .bool,
              label: "Full length", noun: "a setting", summary: "the whole text unclipped, on a page as tall as it needs", cellRule: ".full when on", default: false,
              name: { $0 ? "on" : "off" }, parse: onOff, all: { _ in [false, true] }, get: { $0.fullLength }, set: { $0.fullLength = $1 },
              cellPart: { $0 ? ".full" : nil }),
        .make(key: "template", groupKey: nil, listOption: nil, singleOption: "template", place: .unnamed,
              label: "Template", noun: "a template", summary: "a template instead of the document's own", default: String?.none,
              name: { $0 ?? "" }, parse: { (text: String) -> String?? in text.isEmpty ? nil : .some(text) },
              get: { $0.template }, set: { $0.template = $1 }, isUnset: { (value: String?) in value == nil }),
        .make(key: "tint", groupKey: "tint", listOption: nil, singleOption: "tint", place: .unnamed,
              label: "Tint", noun: "a colour", summary: "#RRGGBB (for example #007AFF), the accent of the title, links and accept button", default: Color?.none,
              name: { $0?.hex ?? "" }, parse: { (text: String) -> Color?? in Color(hex: text).map { .some($0) } },
              get: { $0.tint }, set: { $0.tint = $1 }, isUnset: { (value: Color?) in value == nil }, recolorsOnly: true),
        .make(key: "statusBar", groupKey: nil, listOption: nil, singleOption: "status-bar", place: .unnamed,
              label: "Status bar", noun: "a status bar", summary: "iOS's status bar and home indicator: shown or none", default: true,
              name: { $0 ? "shown" : "none" }, parse: { ["shown": true, "none": false][$0.lowercased()] },
              get: { $0.showsSystemChrome }, set: { $0.showsSystemChrome = $1 }, isUnset: { $0 }),
        .make(key: "time", groupKey: nil, listOption: nil, singleOption: "time", place: .unnamed,
              label: "Time", noun: "a time", summary: "the status bar's clock, H:MM on a 24-hour clock", default: String?.none,
              name: { $0 ?? "" }, parse: { (text: String) -> String?? in StatusBarClock.parse(text) == nil ? nil : .some(text) },
              get: { $0.statusBar?.time }, set: { variant, time in
                  var content = variant.statusBar ?? StatusBarContent()
                  content.time = time
                  variant.statusBar = content
              }, isUnset: { (value: String?) in value == nil }),
        .make(key: "backdrop", groupKey: nil, listOption: nil, singleOption: "backdrop", place: .unnamed,
              label: "Backdrop", noun: "a PNG file", summary: "the app's screen behind the dialog", default: String?.none, name: { $0 ?? "" },
              parse: { _ -> String?? in nil }, get: { $0.backdrop?.path }, set: { _, _ in }, isUnset: { (value: String?) in value == nil }),
        .make(key: "over", groupKey: nil, listOption: nil, singleOption: "over", place: .unnamed,
              label: "Over", noun: "a document", summary: "the consent screen a system prompt is drawn over", default: String?.none,
              name: { $0 ?? "" }, parse: { _ -> String?? in nil }, get: { $0.over?.name }, set: { _, _ in },
              isUnset: { (value: String?) in value == nil }),
    ]
}

/// `on`/`off` (also `true`/`false`, `yes`/`no`) in any letter case.
@Sendable func onOff(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "on", "true", "yes": true
    case "off", "false", "no": false
    default: nil
    }
}

/// The consent screen a system prompt is drawn over: another document's screen in one of its states.
/// Two are the same when they name the same document (its name and source) and state.
public struct OverScreen: Hashable, Sendable {
    /// The document, held by reference: a variant is copied many times (a plan of 80,000 cells
    /// makes and hashes every one), and a document inline would make each copy kilobytes.
    private final class Storage: Sendable {
        let content: ConsentContent
        init(_ content: ConsentContent) { self.content = content }
    }

    private var storage: Storage
    public var content: ConsentContent {
        get { storage.content }
        set { storage = Storage(newValue) }
    }
    public var state: ScreenState

    public init(content: ConsentContent, state: ScreenState = .initial) {
        storage = Storage(content)
        self.state = state
    }

    /// The document's name, and its state when it is not the first.
    public var name: String {
        content.name + (state == .initial ? "" : "#" + state.rawValue)
    }

    public static func == (lhs: OverScreen, rhs: OverScreen) -> Bool {
        lhs.content.name == rhs.content.name && lhs.content.source == rhs.content.source && lhs.state == rhs.state
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(content.name)
        hasher.combine(content.source)
        hasher.combine(state)
    }
}

/// A variant as JSON: its axes by key, in the table's order, each in its JSON form. Link maps,
/// manifests, lint findings and golden failures embed it as `variant`; it reads back as it was
/// written (`values`), whichever version of the tool reads it.
public struct VariantRecord: Codable, Sendable, Equatable {
    /// The axes' value names by key (`"textSize": "AX3"`, `"boldText": "on"`).
    public private(set) var values: [(key: String, name: String)]

    /// A record of some axes only (a finding placed on a device before its screen is known).
    init(partial values: [(key: String, name: String)]) {
        self.values = values
    }

    public init(_ variant: RenderVariant) {
        values = RenderVariant.axes.compactMap { axis in
            guard let value = axis.value(of: variant), axis.recordsDefault || value.name != axis.defaultName else { return nil }
            return (axis.key, value.name)
        }
    }

    /// The name of `key`'s value, or nil when the record leaves it out (at its default).
    public subscript(key: String) -> String? {
        values.first { $0.key == key }?.name
    }

    public static func == (lhs: VariantRecord, rhs: VariantRecord) -> Bool {
        lhs.values.map(\.key) == rhs.values.map(\.key) && lhs.values.map(\.name) == rhs.values.map(\.name)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, name) in values {
            let key = Key(stringValue: key)
            switch RenderVariant.axis(key.stringValue)?.json ?? .string {
            case .string: try container.encode(name, forKey: key)
            case .bool: try container.encode(name == "on", forKey: key)
            case .int: try container.encode(Int(name) ?? 0, forKey: key)
            case .number: try container.encode(Double(name) ?? 0, forKey: key)
            }
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        values = []
        // In the table's order, whatever order the file has; keys the table does not know are kept after them.
        let known = RenderVariant.axes.map(\.key)
        for key in container.allKeys.sorted(by: { (known.firstIndex(of: $0.stringValue) ?? known.count, $0.stringValue)
                                                   < (known.firstIndex(of: $1.stringValue) ?? known.count, $1.stringValue) }) {
            if let flag = try? container.decode(Bool.self, forKey: key) {
                values.append((key.stringValue, flag ? "on" : "off"))
            } else if let number = try? container.decode(Int.self, forKey: key) {
                values.append((key.stringValue, String(number)))
            } else if let number = try? container.decode(Double.self, forKey: key) {
                values.append((key.stringValue, String(number)))
            } else {
                values.append((key.stringValue, try container.decode(String.self, forKey: key)))
            }
        }
    }
}

/// The values of each axis; their product is a set of variants. An axis given no values keeps
/// its default in every variant.
public struct VariantAxes: Sendable, Equatable {
    /// The values of each axis, by the axis's key.
    public private(set) var values: [String: [AxisValue]] = [:]

    /// No axis chosen: one variant, at every default (with no device or language).
    public init() {}

    /// The common axes by their types.
    public init(devices: [String], orientations: [Orientation] = [.portrait], appearances: [Appearance] = [.light],
                languages: [String], states: [ScreenState] = [.initial], textSizes: [ContentSizeCategory] = [.large],
                boldText: [Bool] = [false], increaseContrast: [Bool] = [false], screens: [Screen] = [.consent],
                systemLooks: [SystemLook] = [.ios26], scrolls: [ScrollPosition] = [.top]) {
        func names<T>(_ values: [T], _ set: (inout RenderVariant, T) -> Void, _ key: String) -> [AxisValue] {
            let axis = RenderVariant.axis(key)!
            return values.compactMap { value in
                var variant = RenderVariant(device: "", language: "")
                set(&variant, value)
                return axis.value(of: variant)
            }
        }
        values["device"] = names(devices, { $0.device = $1 }, "device")
        values["orientation"] = names(orientations, { $0.orientation = $1 }, "orientation")
        values["appearance"] = names(appearances, { $0.appearance = $1 }, "appearance")
        values["language"] = names(languages, { $0.language = $1 }, "language")
        values["state"] = names(states, { $0.state = $1 }, "state")
        values["textSize"] = names(textSizes, { $0.textSize = $1 }, "textSize")
        values["boldText"] = names(boldText, { $0.boldText = $1 }, "boldText")
        values["increaseContrast"] = names(increaseContrast, { $0.increaseContrast = $1 }, "increaseContrast")
        values["screen"] = names(screens, { $0.screen = $1 }, "screen")
        values["ios"] = names(systemLooks, { $0.systemLook = $1 }, "ios")
        values["scroll"] = names(scrolls, { $0.scroll = $1 }, "scroll")
    }

    /// These axes with `axis` taking `values` (none: its default).
    public func setting(_ axis: VariantAxis, to values: [AxisValue]) -> VariantAxes {
        var next = self
        next.values[axis.key] = values
        return next
    }

    /// The product of every axis, in the table's order (the first varying slowest), without
    /// repeats: an axis that does not apply to a variant (the iOS look to a consent screen; state
    /// and scroll to a prompt, which is drawn over the first, unscrolled screen) keeps its
    /// default, so such a cell is made once.
    public var variants: [RenderVariant] {
        // Each value's name is read once per axis, not once per variant: a team's whole matrix is
        // 80,000 variants.
        let axes = RenderVariant.axes
        var partial = [RenderVariant(device: "", language: "")]
        for axis in axes {
            guard let choices = values[axis.key], !choices.isEmpty else { continue }
            // (A name the axis cannot read leaves the variant as it is, as `set` does.)
            let setters = choices.map { axis.setter(for: $0) ?? { _ in } }
            var next: [RenderVariant] = []
            next.reserveCapacity(partial.count * setters.count)
            for variant in partial {
                for set in setters {
                    var made = variant
                    set(&made)
                    next.append(made)
                }
            }
            partial = next
        }
        let defaults = RenderVariant(device: "", language: "")
        let resets = axes.compactMap { axis in axis.value(of: defaults).flatMap(axis.setter(for:)).map { (axis, $0) } }
        for index in partial.indices {
            for (axis, reset) in resets where !axis.applies(to: partial[index]) { reset(&partial[index]) }
        }
        var seen = Set<RenderVariant>()
        return partial.filter { seen.insert($0).inserted }
    }
}
