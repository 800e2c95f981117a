import ConsentRender
import Foundation

/// A build configuration file (`.xcconfig`): `KEY = value` lines, `//` comments, `#include` and
/// `#include?` (optional) of other files relative to this one, and `KEY[sdk=iphoneos*] = value`
/// conditions, of which those that hold for an iPhone build apply. Within a file and the files it
/// includes, a later line wins; `$(inherited)` stands for the value the key had before the line
/// (or, when it had none here, the value of the level below: the project's settings for a target).
package struct XCConfig: Sendable, Equatable {
    /// The settings, in the order their keys were first set.
    package private(set) var settings: [(key: String, value: String)] = []
    /// Every file read, this one first, then its includes in order.
    package private(set) var files: [String] = []

    package static func == (lhs: XCConfig, rhs: XCConfig) -> Bool {
        lhs.settings.map(\.key) == rhs.settings.map(\.key) && lhs.settings.map(\.value) == rhs.settings.map(\.value)
            && lhs.files == rhs.files && lhs.configuration == rhs.configuration
    }

    /// The value of `key`, or nil when no line sets it.
    package subscript(key: String) -> String? {
        settings.last { $0.key == key }?.value
    }

    /// The build configuration (`Release`) that `config=` conditions are checked against.
    private var configuration: String?

    /// Reads the file at `url` and everything it includes, for `configuration`.
    package static func load(_ url: URL, configuration: String? = nil) throws -> XCConfig {
        var config = XCConfig()
        config.configuration = configuration
        try config.read(url, including: [])
        return config
    }

    /// Reads `text` as if it were the file at `path` (its includes relative to that file's folder).
    package static func parse(_ text: String, path: String, configuration: String? = nil) throws -> XCConfig {
        var config = XCConfig()
        config.configuration = configuration
        try config.read(text: text, path: path, including: [path])
        return config
    }

    private mutating func read(_ url: URL, including chain: [String]) throws {
        let path = url.standardizedFileURL.path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppFileError.syntax(path: path, place: .line(1, column: nil), problem: "the file cannot be read",
                                      fix: "check that it exists and is readable")
        }
        let scalars = try StringsFile.decode([UInt8](data), path: path)
        try read(text: String(String.UnicodeScalarView(scalars)), path: path, including: chain + [path])
    }

    private mutating func read(text: String, path: String, including chain: [String]) throws {
        files.append(path)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix(";") { line = String(line.dropLast()).trimmingCharacters(in: .whitespaces) }
            guard !line.isEmpty else { continue }
            if line.hasPrefix("#include") {
                try include(line, number: number, path: path, folder: folder, chain: chain)
                continue
            }
            // The = after the conditions' ] (KEY[sdk=iphoneos*][arch=*] = value), else the first.
            var key: String
            var conditions: [String] = []
            var rest = Substring(line)
            if let open = line.firstIndex(of: "["), line.firstIndex(of: "=").map({ $0 > open }) == true {
                key = line[..<open].trimmingCharacters(in: .whitespaces)
                rest = line[open...]
                while rest.first == "[" {
                    guard let close = rest.firstIndex(of: "]") else {
                        throw AppFileError.syntax(path: path, place: .line(number, column: nil),
                                                  problem: "the condition of '\(line[..<(rest.firstIndex(of: "=") ?? rest.endIndex)])' is not closed",
                                                  fix: "write conditions as KEY[sdk=iphoneos*] = value")
                    }
                    conditions.append(String(rest[rest.index(after: rest.startIndex)..<close]))
                    rest = rest[rest.index(after: close)...]
                }
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard rest.first == "=" else {
                    throw AppFileError.syntax(path: path, place: .line(number, column: nil),
                                              problem: "'\(line)' has text between its conditions and its =",
                                              fix: "write conditions as KEY[sdk=iphoneos*] = value")
                }
            } else {
                guard let equals = line.firstIndex(of: "=") else {
                    throw AppFileError.syntax(path: path, place: .line(number, column: nil),
                                              problem: "'\(line)' is neither a setting nor an #include",
                                              fix: "write settings as KEY = value, one a line")
                }
                key = line[..<equals].trimmingCharacters(in: .whitespaces)
                rest = line[equals...]
            }
            let value = rest.dropFirst().trimmingCharacters(in: .whitespaces)
            if !conditions.isEmpty, !Self.holdsForIPhone(conditions.joined(separator: ","), configuration: configuration) { continue }
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw AppFileError.syntax(path: path, place: .line(number, column: nil), problem: "'\(key)' is not a build setting's name",
                                          fix: "names are letters, digits and _ (SWIFT_VERSION, INFOPLIST_FILE)")
            }
            set(key, value)
        }
    }

    private mutating func include(_ line: String, number: Int, path: String, folder: URL, chain: [String]) throws {
        let optional = line.hasPrefix("#include?")
        let rest = line.dropFirst(optional ? 9 : 8).trimmingCharacters(in: .whitespaces)
        guard rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\"") else {
            throw AppFileError.syntax(path: path, place: .line(number, column: nil), problem: "'\(line)' names no file in quotes",
                                      fix: "write #include \"Other.xcconfig\"")
        }
        let name = String(rest.dropFirst().dropLast())
        let target = name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name)
        let targetPath = target.standardizedFileURL.path
        guard !chain.contains(targetPath) else {
            throw AppFileError.syntax(path: path, place: .line(number, column: nil),
                                      problem: "#include \"\(name)\" includes a file that is already being read (\(targetPath))",
                                      fix: "remove the include that leads back")
        }
        guard FileManager.default.fileExists(atPath: targetPath) else {
            if optional { return }
            throw AppFileError.syntax(path: path, place: .line(number, column: nil), problem: "#include \"\(name)\": there is no \(targetPath)",
                                      fix: "fix the path, or write #include? for a file that may be missing")
        }
        try read(target, including: chain)
    }

    /// A later line for a key replaces it, with `$(inherited)` standing for what it replaces here.
    private mutating func set(_ key: String, _ value: String) {
        if let index = settings.lastIndex(where: { $0.key == key }) {
            settings[index].value = BuildSettings.replacingInherited(in: value, with: settings[index].value)
        } else {
            settings.append((key, value))
        }
    }

    /// Whether conditions such as `sdk=iphoneos*` or `sdk=iphoneos*,arch=arm64` hold for an iPhone
    /// build of `configuration`: every `sdk` matches iphoneos, an `arch` arm64 and a `config` the
    /// configuration (patterns with `*` too).
    package static func holdsForIPhone(_ conditions: String, configuration: String?) -> Bool {
        conditions.split(separator: ",").allSatisfy { condition in
            let parts = condition.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { return false }
            let value = parts[1]
            func matches(_ word: String) -> Bool {
                value == "*" || value == word || (value.hasSuffix("*") && word.hasPrefix(String(value.dropLast())))
            }
            switch parts[0] {
            case "sdk": return matches("iphoneos")
            case "arch": return matches("arm64")
            case "config": return configuration.map(matches) ?? false
            default: return false
            }
        }
    }
}
