import Foundation

/// A target's build settings as Xcode resolves them, lowest level first: Xcode's defaults (the
/// target's name, the project folder), the project's xcconfig, the project's settings, the
/// target's xcconfig, the target's settings, and last what the user supplies (`--build-setting`).
/// A level's `$(inherited)` stands for the value of the levels below it; `$(VAR)`, `${VAR}` and
/// `$(VAR:modifier)` expand from the settings.
package struct BuildSettings: Sendable, Equatable {
    /// One level: its name for messages (`the target's xcconfig (App.xcconfig)`) and its settings.
    package struct Level: Sendable, Equatable {
        package var name: String
        package var settings: [String: String]

        package init(name: String, settings: [String: String]) {
            self.name = name
            self.settings = settings
        }
    }

    package private(set) var levels: [Level]

    package init(levels: [Level]) {
        self.levels = levels
    }

    /// One level's settings as an iPhone build of `configuration` sees them: a conditional key
    /// (`NAME[sdk=iphoneos*]`, `NAME[sdk=iphoneos*][arch=arm64]`) whose conditions hold replaces
    /// the plain `NAME`; one whose conditions do not hold is left out.
    static func resolvingConditions(_ settings: [String: String], configuration: String) -> [String: String] {
        var plain: [String: String] = [:], conditional: [String: (conditions: Int, key: String, value: String)] = [:]
        for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
            guard let open = key.firstIndex(of: "["), key.hasSuffix("]") else { plain[key] = value; continue }
            let name = String(key[..<open])
            let groups = key[open...].dropFirst().dropLast().components(separatedBy: "][")
            guard XCConfig.holdsForIPhone(groups.joined(separator: ","), configuration: configuration) else { continue }
            // The most specific of several that hold wins (ties: the last in key order, so always the same one).
            if let existing = conditional[name], existing.conditions > groups.count { continue }
            conditional[name] = (groups.count, key, value)
        }
        for (name, entry) in conditional { plain[name] = entry.value }
        return plain
    }

    /// `value` with `$(inherited)` (and `${inherited}`) replaced by `inherited`, the spaces around
    /// an empty one dropped.
    static func replacingInherited(in value: String, with inherited: String) -> String {
        var result = value
        for form in ["$(inherited)", "${inherited}"] { result = result.replacingOccurrences(of: form, with: inherited) }
        return result.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// The value of `key` before expansion: the highest level that sets it, its `$(inherited)`
    /// taken from the levels below; nil when no level sets it.
    package func rawValue(_ key: String, below top: Int? = nil) -> String? {
        let end = top ?? levels.count
        for index in stride(from: end - 1, through: 0, by: -1) {
            guard let value = levels[index].settings[key] else { continue }
            guard value.contains("$(inherited)") || value.contains("${inherited}") else { return value }
            return Self.replacingInherited(in: value, with: rawValue(key, below: index) ?? "")
        }
        return nil
    }

    /// Every setting any level sets, sorted.
    package var names: [String] {
        Set(levels.flatMap { $0.settings.keys }).sorted()
    }

    /// The name of the level whose value of `key` wins, for messages.
    package func source(of key: String) -> String? {
        levels.last { $0.settings[key] != nil }?.name
    }

    /// A variable no level sets, met while expanding.
    package struct Unset: Error, Equatable, Sendable {
        /// The variable (`BUNDLE_DISPLAY_NAME`).
        package var variable: String
        /// The text it was met in.
        package var text: String
    }

    /// A value whose expansion runs past `maximumLength` characters (variables that double each other).
    package struct TooLong: Error, Equatable, Sendable {
        package var text: String
    }

    /// Longer than any real setting: a longer expansion is a loop of variables, not a value.
    static let maximumLength = 65_536

    /// `key`'s value with every variable expanded; nil when no level sets it. A variable no level
    /// sets throws `Unset` (Xcode would put nothing there, which a screenshot must not show).
    package func value(_ key: String) throws -> String? {
        guard let raw = rawValue(key) else { return nil }
        return try expand(raw, seen: [key])
    }

    /// `text` with `$(VAR)`, `${VAR}` and `$(VAR:modifier,…)` expanded from these settings.
    package func expand(_ text: String) throws -> String {
        try expand(text, seen: [])
    }

    private func expand(_ text: String, seen: Set<String>) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { $0 == "$" }) {
            result += rest[..<start]
            let after = rest.index(after: start)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                result.append("$")
                rest = rest[after...]
                continue
            }
            let close: Character = rest[after] == "(" ? ")" : "}"
            // The matching close, counting nested references ($(A_$(B))).
            var depth = 0
            var end: Substring.Index?
            var index = after
            while index < rest.endIndex {
                if rest[index] == "(" || rest[index] == "{" { depth += 1 }
                if rest[index] == close || (close == ")" && rest[index] == "}") || (close == "}" && rest[index] == ")") {
                    depth -= 1
                    if depth == 0 { end = index; break }
                }
                index = rest.index(after: index)
            }
            guard let end else {
                // An unclosed reference is text.
                result += rest[start...]
                return result
            }
            let inner = try expand(String(rest[rest.index(after: after)..<end]), seen: seen)
            let parts = inner.split(separator: ":", maxSplits: 1)
            let name = parts.first.map(String.init) ?? ""
            let modifiers = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
            var value: String
            if name.isEmpty {
                // `$()` is nothing, written to keep // from starting a comment (https:/$()/…).
                value = ""
            } else if let raw = rawValue(name), !seen.contains(name) {
                value = try expand(raw, seen: seen.union([name]))
            } else if let fallback = modifiers.first(where: { $0.hasPrefix("default=") }) {
                value = String(fallback.dropFirst("default=".count))
            } else {
                throw Unset(variable: name, text: text)
            }
            for modifier in modifiers { value = Self.apply(modifier, to: value) }
            result += value
            guard result.utf8.count <= Self.maximumLength else { throw TooLong(text: String(text.prefix(200))) }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// Why `text` does not expand when a variable it names is set: that variable's value names
    /// one nothing sets (or itself), followed down the chain; nil when the first variable that
    /// fails is one nothing sets (the plain case), or when `text` expands.
    package func whyUnexpanded(_ text: String) -> String? {
        var chain: [String] = []
        var seen: Set<String> = []
        var current = text
        while chain.count < 8 {
            // The first variable the text names whose expansion fails.
            guard let name = Self.variableNames(in: current).first(where: { (try? expand("$(\($0))")) == nil }) else { break }
            guard let raw = rawValue(name), !seen.contains(name) else {
                if chain.isEmpty { return nil }
                return chain.joined(separator: ", ")
                    + (seen.contains(name) ? ", which refers to itself; give \(name) a value that does not"
                        : ", and nothing sets \(name); give \(name) a value")
            }
            seen.insert(name)
            chain.append("\(name) is \"\(raw)\" (\(source(of: name) ?? "build settings"))")
            current = raw
        }
        return chain.isEmpty ? nil : chain.joined(separator: ", ")
    }

    /// The names `$(NAME…)` and `${NAME…}` reference in `text`, in order.
    static func variableNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "$(") ?? rest.range(of: "${") {
            let name = rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.append(String(name)) }
            rest = rest[start.upperBound...]
        }
        return names
    }

    /// Xcode's modifiers: `lower`, `upper`, `rfc1034identifier`, `c99extidentifier`, `identifier`,
    /// `base`, `dir`, `file`, `suffix`, `standardizepath`, `quote`; `default=` is applied before.
    static func apply(_ modifier: String, to value: String) -> String {
        switch modifier {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "c99extidentifier", "identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        case "base": return ((value as NSString).lastPathComponent as NSString).deletingPathExtension
        case "dir": return (value as NSString).deletingLastPathComponent
        case "file": return (value as NSString).lastPathComponent
        case "suffix": return (value as NSString).pathExtension.isEmpty ? "" : "." + (value as NSString).pathExtension
        case "standardizepath": return (value as NSString).standardizingPath
        case "quote": return value.contains(" ") ? "\"\(value)\"" : value
        default: return value
        }
    }
}

