import Foundation
import AndroidFiles
import ConsentRender
import XcodeFiles

/// A command-line mistake: shown as one line on stderr with exit status 2.
struct UsageError: Error {
    let message: String
}

/// A library error about the value of one option, shown with the option's name first; its exit
/// status is the underlying error's.
struct OptionError: Error, CustomStringConvertible {
    let option: String
    let underlying: Error

    /// "--state: the launch-consent template has no state …": the sentence goes on after the option,
    /// so a first word that only starts a sentence loses its capital (a name keeps its own).
    var description: String {
        let text = "\(underlying)"
        let firstWord = text.prefix { $0.isLetter }
        guard ["The", "A", "An", "No", "This", "It", "Its", "Unknown"].contains(String(firstWord)) else { return "--\(option): \(text)" }
        return "--\(option): " + text.prefix(1).lowercased() + text.dropFirst()
    }
}

/// The file or folder an `--out` path names. A `..` after a folder that does not exist yet is
/// resolved in the text (`new/../shot.png` is `shot.png`), since there is nothing on disk to
/// resolve it against; creating the folder only to step out of it would leave it behind empty.
/// Elsewhere `..` is left to the file system, which follows symbolic links as the shell does.
func outputURL(_ path: String) -> URL {
    let url = URL(fileURLWithPath: path)
    var prefix = path.hasPrefix("/") ? "/" : FileManager.default.currentDirectoryPath
    for component in path.split(separator: "/").map(String.init) {
        if component == "..", !FileManager.default.fileExists(atPath: prefix) { return url.standardizedFileURL }
        prefix = (prefix as NSString).appendingPathComponent(component)
    }
    return url
}

/// Runs `body`, naming `option` in any error it throws that `applies` picks (a usage error names
/// its own option already).
func withOption<T>(_ option: String, when applies: (Error) -> Bool = { _ in true }, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch where !(error is UsageError) && !(error is OptionError) && applies(error) {
        throw OptionError(option: option, underlying: error)
    }
}

/// Whether `error` says a template has no such state (an error about `--state` or `--states`).
func isUnknownState(_ error: Error) -> Bool {
    if case TemplateError.unknownState = error { return true }
    return false
}

/// The options of one subcommand, parsed from `--name value` pairs, `--flag` switches and, where
/// a subcommand takes them, operands (file names) in order.
struct ParsedArguments {
    private var given: [String: String]
    private var flags: Set<String>
    /// Arguments that are not options, in order.
    private(set) var operands: [String]
    /// How each given option was spelled (`text-size` for `text-sizes`), so a message names what the user typed.
    private var spelledAs: [String: String] = [:]
    /// The options a command looked at, so an option it accepts but never reads is caught.
    private let reads = OptionReads()
    /// The option values, each look-up recorded.
    private var values: RecordedValues { RecordedValues(given: given, reads: reads) }

    /// The options given here that no code has read yet: after a command has made its request,
    /// none (an in-process test of argument → request checks it).
    var unreadOptions: [String] { reads.unread }

    /// Parses `arguments` against the options `spec` declares: `--name value` (or `--name=value`)
    /// for a value, `--name` alone for a flag, and for a setting either (`--bold-text` means
    /// `--bold-text on`); an alias (`--device` for `--devices`) is the option, and giving both is
    /// giving it twice.
    init(_ arguments: [String], spec: CommandSpec) throws {
        var options: [String] = []
        var flags: [String] = []
        var switches: [String] = []
        for option in spec.options {
            switch option.value {
            case .flag: flags.append(option.name)
            case .setting: switches.append(option.name)
            case .value: options.append(option.name)
            }
        }
        let aliases = Dictionary(uniqueKeysWithValues: spec.options.flatMap { option in option.aliases.map { ($0, option.name) } })
        try self.init(arguments, options: options, flags: flags, switches: switches, aliases: aliases, operands: spec.operands,
                      repeatable: Set(spec.options.filter(\.repeatable).map(\.name)))
    }

    private init(_ arguments: [String], options: [String], flags knownFlags: [String], switches: [String],
                 aliases: [String: String], operands operandNames: [String], repeatable: Set<String>) throws {
        given = [:]
        flags = []
        operands = []
        let options = options + switches
        OptionReads.declare(options: options, flags: knownFlags, aliases: aliases)
        reads.declared(Set(options + knownFlags))
        var spelled: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                guard operands.count < operandNames.count else {
                    throw UsageError(message: "unexpected argument '\(argument)'; options start with --")
                }
                operands.append(argument)
                index += 1
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            let given = name
            name = aliases[name] ?? name
            if knownFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "--\(name) takes no value") }
                guard !flags.contains(name) else { throw UsageError(message: "--\(name) is given twice") }
                flags.insert(name)
                index += 1
                continue
            }
            guard options.contains(name) else {
                let suggestion = closestMatch(to: name, among: options + knownFlags).map { " Did you mean --\($0)?" } ?? ""
                throw UsageError(message: "unknown option --\(name).\(suggestion)")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if switches.contains(name), index + 1 >= arguments.count || arguments[index + 1].hasPrefix("--") {
                value = "on"
            } else {
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "--\(name) needs a value")
                }
                value = arguments[index + 1]
                index += 1
            }
            guard !value.isEmpty else { throw UsageError(message: "--\(name) needs a value, not an empty one") }
            if repeatable.contains(name) {
                // Each value on its own line: a value cannot hold one.
                guard !value.contains("\n") else { throw UsageError(message: "--\(name) '\(value)' holds a line break; give one value each time") }
                spelled[name] = given
                self.given[name] = self.given[name].map { $0 + "\n" + value } ?? value
                index += 1
                continue
            }
            if let earlier = spelled[name] {
                throw UsageError(message: earlier == given ? "--\(name) is given twice"
                                 : "--\(earlier) and --\(given) are the same option; give one of them")
            }
            spelled[name] = given
            self.given[name] = value
            index += 1
        }
        if operands.count < operandNames.count {
            throw UsageError(message: "missing \(operandNames[operands.count])")
        }
        spelledAs = spelled
        reads.given(Set(self.given.keys).union(flags))
    }

    /// A comma-separated list of values from `choices`, or `fallback` when the option is absent.
    func choices<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type, default fallback: [T]) throws -> [T]
        where T.RawValue == String {
        guard let text = values[name] else { return fallback }
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { raw in
            guard let value = T(rawValue: String(raw).trimmingCharacters(in: .whitespaces)) else {
                let item = raw.isEmpty ? "'\(text)' has an empty item; each value must be" : "'\(raw)' is not"
                let names = T.allCases.map(\.rawValue)
                let suggestion = raw.isEmpty ? nil : closestMatch(to: String(raw), among: names)
                throw UsageError(message: "--\(name) \(item) one of: \(names.joined(separator: ", "))"
                                 + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
            }
            return value
        }
    }

    /// A `#RRGGBB` colour option, or nil when it is absent.
    func color(_ name: String) throws -> Color? {
        guard let text = values[name] else { return nil }
        guard let parsed = Color(hex: text) else {
            throw UsageError(message: "--\(name) '\(text)' is not a colour; write it as #RRGGBB, for example #007AFF")
        }
        return parsed
    }

    /// The value of a numeric option within `range`, or `fallback` when it is absent.
    func number<T: LosslessStringConvertible & Comparable>(_ name: String, in range: ClosedRange<T>, default fallback: T,
                                                           or extra: String = "") throws -> T {
        guard let raw = values[name] else { return fallback }
        if T(raw) == nil, !raw.isEmpty, raw.allSatisfy(\.isNumber) {
            throw UsageError(message: "--\(name) '\(raw)' is too large; it must be at most \(range.upperBound)")
        }
        // A sign is not part of a count (Swift would read '+2' as 2).
        guard !raw.hasPrefix("+"), let parsed = T(raw), range.contains(parsed) else {
            let bounds = "\(range.upperBound)" == "\(Int.max)" ? "a whole number, \(range.lowerBound) or more"
                : "a number from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError(message: "--\(name) '\(raw)' must be \(bounds)\(extra)")
        }
        return parsed
    }

    func value(_ name: String) -> String? {
        values[name]
    }

    /// Every value of a repeatable option, in the order given.
    func allValues(_ name: String) -> [String] {
        values[name].map { $0.split(separator: "\n").map(String.init) } ?? []
    }

    /// The options and flags given, by their names (not their aliases).
    var givenNames: Set<String> { Set(given.keys).union(flags) }

    func required(_ name: String, example: String) throws -> String {
        guard let value = values[name], !value.isEmpty else {
            throw UsageError(message: "missing --\(name) (for example --\(name) \(example))")
        }
        return value
    }

    /// `--status-bar shown|none` and `--time`: whether to draw iOS's status bar and home
    /// indicator, and the time to show.
    func systemChrome() throws -> (shows: Bool, statusBar: StatusBarContent?) {
        let mode = try choice("status-bar", as: StatusBarMode.self, default: .shown)
        guard let time = values["time"] else { return (mode == .shown, nil) }
        guard StatusBarClock.parse(time) != nil else {
            throw UsageError(message: "--time '\(time)' is not a time; write it as H:MM on a 24-hour clock, for example 9:41 or 14:05")
        }
        guard mode == .shown else {
            throw UsageError(message: "--time sets the status bar's clock, but --status-bar none leaves the status bar out; drop one of them")
        }
        return (mode == .shown, StatusBarContent(time: time))
    }

    /// `--backdrop FILE.png`: the app screen to draw behind the dialog, read and checked now.
    func backdrop() throws -> BackdropImage? {
        guard let path = values["backdrop"] else { return nil }
        guard !path.isEmpty else {
            throw UsageError(message: "--backdrop needs a PNG file, for example --backdrop screenshots/home.png")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError(message: "--backdrop '\(path)' is a folder; give one PNG file (per-device images go in the "
                             + "document's backdrop/ folder)")
        }
        do {
            let image = try BackdropImage(contentsOf: URL(fileURLWithPath: path))
            try image.checkPixels()
            return image
        } catch let error as PNGDecodingError {
            throw UsageError(message: "--backdrop: \(error.description)")
        }
    }

    /// The values an axis's option gives (`RenderVariant.axes`): the list option of matrix, lint and
    /// watch (`--text-sizes`, with the axis's words such as all and both), or, where `single`,
    /// render's (`--text-size`); nil when the option is absent.
    /// An axis option's values read back typed: a variant set from each value, then `read`.
    func axisValues<T>(_ key: String, context: AxisContext, _ read: (RenderVariant) -> T) throws -> [T]? {
        guard let axis = RenderVariant.axis(key) else { return nil }
        return try axisValues(key, context: context)?.map { value in
            var variant = RenderVariant(device: "", language: "")
            axis.set(value, on: &variant)
            return read(variant)
        }
    }

    func axisValues(_ key: String, single: Bool = false, context: AxisContext = AxisContext()) throws -> [AxisValue]? {
        guard let axis = RenderVariant.axis(key), let option = single ? axis.singleOption : axis.listOption,
              let text = values[option] else { return nil }
        // The name the user typed (render's singular name works for a list option too).
        let name = spelledAs[option] ?? option
        if single, let list = axis.listOption, axis.words.contains(where: { $0.word == text.lowercased() }) {
            throw UsageError(message: "--\(name) takes one \(axis.bareNoun), not '\(text)'; render-cli \(Options.listCommands(of: axis.key)) take \(text) in --\(list)")
        }
        do {
            return try axis.values(from: text, single: single, in: context)
        } catch let error as AxisValueError {
            if error.problem == .oneOnly, let list = axis.listOption {
                throw UsageError(message: "--\(name) takes one \(error.bareNoun); render-cli \(Options.listCommands(of: axis.key)) take a list in --\(list)")
            }
            throw UsageError(message: "--\(name) \(error)")
        }
    }

    /// Sets `variant`'s value on the axis `key` from render's option, when it is given.
    func apply(_ key: String, to variant: inout RenderVariant) throws {
        guard let axis = RenderVariant.axis(key), let value = try axisValues(key, single: true)?.first else { return }
        axis.set(value, on: &variant)
    }

    /// Hands `use` a variant with the axis `key` set from render's option, when it is given.
    func apply(_ key: String, _ use: (RenderVariant) -> Void) throws {
        var variant = RenderVariant(device: "", language: "")
        guard let axis = RenderVariant.axis(key), let value = try axisValues(key, single: true)?.first else { return }
        axis.set(value, on: &variant)
        use(variant)
    }

    /// Refuses `--ios` and `--over` when no system prompt is asked for (`noPrompt`): they would
    /// change nothing on the consent screen.
    func refusePromptOptions(when noPrompt: Bool, screensOption: String) throws {
        guard noPrompt else { return }
        for option in ["ios", "over"] where values[option] != nil {
            let which = option == "ios" ? "iOS's system prompts" : "system prompts"
            throw UsageError(message: "--\(option) applies to \(which), and --\(screensOption) asks for none; drop --\(option), or add "
                + "--\(screensOption) prompt:att (or another prompt)" + (option == "ios" ? " on an iOS device" : ""))
        }
    }

    /// `--app-info DIR`: the app's Info.plist and localizations, over the document's `app`, its
    /// variables expanded from the `--build-setting`s.
    func appInfo() throws -> AppInfo? {
        guard let path = values["app-info"] else { return nil }
        guard !path.isEmpty else {
            throw UsageError(message: "--app-info needs a folder holding the app's Info.plist and its .lproj folders, for example --app-info ios/MyApp")
        }
        for option in ["xcodeproj", "target", "configuration"] where values[option] != nil {
            throw UsageError(message: "--app-info and --\(option) both choose the app's files; give --app-info DIR for an Info.plist "
                + "and its .lproj folders, or --xcodeproj (with --target, --configuration) for an Xcode project")
        }
        return try AppInfo.load(folder: URL(fileURLWithPath: path), buildSettings: try buildSettings())
    }

    /// `--build-setting KEY=VALUE`, each time it is given.
    func buildSettings() throws -> [String: String] {
        var settings: [String: String] = [:]
        var conditional: Set<String> = []
        for item in allValues("build-setting") {
            // KEY=VALUE, or KEY[sdk=iphoneos*]=VALUE as an xcconfig writes a condition: its = follows the last ].
            let start = item.firstIndex(of: "[").flatMap { open in item.firstIndex(of: "=").map { $0 > open } == true ? open : nil }
            let searchFrom = start.flatMap { item[$0...].lastIndex(of: "]") } ?? item.startIndex
            guard let equals = item[searchFrom...].firstIndex(of: "=") else {
                throw UsageError(message: "--build-setting '\(item)' has no '='; write KEY=VALUE, for example --build-setting PRODUCT_NAME=Atlas")
            }
            var key = String(item[..<equals]).trimmingCharacters(in: .whitespaces)
            var conditions: String?
            if let open = key.firstIndex(of: "[") {
                guard key.hasSuffix("]") else {
                    throw UsageError(message: "--build-setting '\(item)': the condition of '\(key)' is not closed; write KEY[sdk=iphoneos*]=VALUE")
                }
                conditions = key[key.index(after: open)..<key.index(before: key.endIndex)].replacingOccurrences(of: "][", with: ",")
                key = String(key[..<open])
            }
            guard let first = key.unicodeScalars.first, CharacterSet.letters.contains(first) || first == "_",
                  key.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }) else {
                throw UsageError(message: "--build-setting '\(item)': '\(key)' is not a build setting's name (letters, digits and _, "
                    + "for example PRODUCT_NAME)")
            }
            let value = String(item[item.index(after: equals)...])
            if let conditions {
                // Only a condition an iPhone build of the chosen configuration meets applies, over the plain setting.
                guard XCConfig.holdsForIPhone(conditions, configuration: values["configuration"]) else { continue }
                guard conditional.insert(key).inserted else {
                    throw UsageError(message: "--build-setting \(key) is given twice with conditions that hold; give it once")
                }
                settings[key] = value
                continue
            }
            guard settings[key] == nil || conditional.contains(key) else {
                throw UsageError(message: "--build-setting \(key) is given twice; give each setting once")
            }
            if !conditional.contains(key) { settings[key] = value }
        }
        return settings
    }

    /// `--xcodeproj`, `--target`, `--configuration` and `--build-setting`: what goes over the
    /// document's `app` (`--app-info` is read by `appInfo()`).
    func appFileOverrides() throws -> AppFileOverrides {
        let buildSettings = try buildSettings()
        if values["app-info"] != nil { return AppFileOverrides() }
        var overrides = AppFileOverrides(target: values["target"], configuration: values["configuration"], buildSettings: buildSettings)
        if let path = values["xcodeproj"] {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw UsageError(message: "--xcodeproj '\(path)' does not exist; give the .xcodeproj folder Xcode opens, for example "
                    + "--xcodeproj ios/App.xcodeproj")
            }
            guard isFolder.boolValue || url.lastPathComponent == "project.pbxproj" else {
                throw UsageError(message: "--xcodeproj '\(path)' is a file; give the .xcodeproj folder that holds project.pbxproj")
            }
            if isFolder.boolValue, !FileManager.default.fileExists(atPath: url.appendingPathComponent("project.pbxproj").path) {
                let inside = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
                throw UsageError(message: "--xcodeproj '\(path)' holds no project.pbxproj; "
                    + (inside.isEmpty ? "give the .xcodeproj folder Xcode opens" : "did you mean '\(url.appendingPathComponent(inside[0]).path)'?"))
            }
            overrides.project = url.path
        }
        return overrides
    }

    /// `--over DIR`: another document whose consent screen a prompt is drawn over.
    func over(command: String) throws -> ConsentContent? {
        guard let path = values["over"] else { return nil }
        guard !path.isEmpty else {
            throw UsageError(message: "--over needs a document folder, for example --over Samples/att-explainer")
        }
        return try withOption("over") { try DocumentFolder(url: URL(fileURLWithPath: path), appFiles: appFileReaders()).content }
    }

    func flag(_ name: String) -> Bool {
        reads.read(name)
        return flags.contains(name)
    }

    /// The value of an option limited to `choices`, or `fallback` when it is absent.
    /// The value of an option limited to `allowed` (every case by default), or `fallback` when it is absent.
    func choice<T: RawRepresentable & CaseIterable & Equatable>(_ name: String, as type: T.Type, among allowed: [T]? = nil,
                                                                default fallback: T) throws -> T
        where T.RawValue == String {
        guard let raw = values[name] else { return fallback }
        let names = (allowed ?? Array(T.allCases)).map(\.rawValue)
        guard let parsed = T(rawValue: raw), names.contains(raw) else {
            let suggestion = closestMatch(to: raw, among: names).map { ". Did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "--\(name) '\(raw)' is not one of: \(names.joined(separator: ", "))\(suggestion)")
        }
        return parsed
    }
}

/// `--status-bar`: draw iOS's status bar and home indicator, or leave them out.
enum StatusBarMode: String, CaseIterable {
    case shown
    case none
}

/// The given option values; reading one records that the command looked at it.
private struct RecordedValues {
    let given: [String: String]
    let reads: OptionReads

    subscript(name: String) -> String? {
        reads.read(name)
        return given[name]
    }
}

/// Which options were given and which the command read, for every parse in this process.
///
/// An option a command accepts but never reads does nothing, silently (how `lint --over` came to
/// be ignored): when a command ends, `unread` names every given option no code looked at, and
/// render-cli stops with an internal error instead of pretending it applied it.
final class OptionReads: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var all: [OptionReads] = []
    private var givenNames: Set<String> = []
    private var readNames: Set<String> = []
    private var declaredNames: Set<String> = []

    init() {
        Self.lock.lock()
        Self.all.append(self)
        Self.lock.unlock()
    }

    func declared(_ names: Set<String>) {
        Self.lock.lock()
        declaredNames = names
        Self.lock.unlock()
    }

    func given(_ names: Set<String>) {
        Self.lock.lock()
        givenNames = names
        Self.lock.unlock()
    }

    func read(_ name: String) {
        Self.lock.lock()
        readNames.insert(name)
        Self.lock.unlock()
    }

    /// The given options of this parse that no code read.
    var unread: [String] {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        return givenNames.subtracting(readNames).sorted()
    }

    /// The given options that no code read, over every parse of this process.
    static var unread: [String] {
        lock.lock()
        defer { lock.unlock() }
        return all.flatMap { $0.givenNames.subtracting($0.readNames) }.sorted()
    }

    /// The options code looked up that the command's spec does not declare, over every parse of
    /// this process (one no command declares is a misspelt name in the code).
    static var undeclared: [String] {
        lock.lock()
        defer { lock.unlock() }
        return all.flatMap { $0.readNames.subtracting($0.declaredNames) }.sorted()
    }

    /// With `RENDER_CLI_LIST_OPTIONS=1`, prints the options a command accepts as JSON and exits:
    /// the hook the option test uses to run every command with every option it takes.
    static func declare(options: [String], flags: [String], aliases: [String: String]) {
        guard ProcessInfo.processInfo.environment["RENDER_CLI_LIST_OPTIONS"] == "1" else { return }
        let listing: [String: Any] = ["options": options.sorted(), "flags": flags.sorted(), "aliases": aliases]
        if let data = try? JSONSerialization.data(withJSONObject: listing, options: [.sortedKeys]) {
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
        exit(0)
    }
}
