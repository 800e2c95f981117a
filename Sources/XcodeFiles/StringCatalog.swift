import ConsentRender
import Foundation

/// A String Catalog (`Localizable.xcstrings`, `InfoPlist.xcstrings`), the JSON file Xcode 15 and
/// later keeps every language's strings in, read for what one screenshot shows: a plural gives
/// its `other` form (a screenshot has no count), a device variation the entry for the device.
package struct StringCatalog: Sendable, Equatable {
    public enum Device: String, Sendable { case iphone, ipad }

    public var sourceLanguage: String
    private var entries: [String: Entry]

    /// One key's localizations.
    struct Entry: Sendable, Equatable {
        var shouldTranslate = true
        var localizations: [String: Localization] = [:]
    }

    /// One key's text in one language, and the substitutions its `%#@name@` placeholders name.
    struct Localization: Sendable, Equatable {
        var text: Text?
        var substitutions: [String: Text] = [:]
    }

    /// Text, or text that depends on the device (by the catalog's device names: iphone, ipad, other…).
    /// Plurals are already resolved to their `other` form.
    indirect enum Text: Sendable, Equatable {
        case text(String)
        case byDevice([String: Text])

        func resolved(for device: Device) -> String? {
            switch self {
            case let .text(text): text
            case let .byDevice(cases): (cases[device.rawValue] ?? cases["other"])?.resolved(for: device)
            }
        }
    }

    public static func parse(_ data: Data, path: String) throws -> StringCatalog {
        let root: JSONValue
        do {
            root = try StrictJSONReader.parse(data)
        } catch let error as JSONSyntaxError {
            throw AppFileError.syntax(path: path, place: .line(error.line, column: error.column), problem: error.message,
                                      fix: "fix the JSON, or re-save the catalog in Xcode")
        }
        let reader = CatalogReader(path: path, rootPlace: Self.rootPlace(of: data))
        return try reader.catalog(root)
    }

    /// The line and column of the first character of the JSON text (after a byte order mark).
    private static func rootPlace(of data: Data) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for (offset, byte) in data.enumerated() {
            if offset < 3 && data.starts(with: [0xEF, 0xBB, 0xBF]) { continue }
            switch byte {
            case 0x0A:
                line += 1
                column = 1
            case 0x20, 0x09, 0x0D:
                column += 1
            default:
                return (line, column)
            }
        }
        return (line, column)
    }

    init(sourceLanguage: String, entries: [String: Entry]) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries
    }

    /// Every key, sorted.
    public var keys: [String] { entries.keys.sorted() }

    /// Language tags (as written in the catalog) that have a value for at least one key, sorted.
    /// The source language is one as soon as the catalog has a key, since a key with no text in
    /// it stands for itself.
    public var languages: [String] {
        var found = Set<String>()
        if !entries.isEmpty { found.insert(sourceLanguage) }
        for entry in entries.values {
            for (language, localization) in entry.localizations where localization.text != nil { found.insert(language) }
        }
        return found.sorted()
    }

    /// The text of `key` in `language` (a tag exactly as the catalog writes it), or nil.
    ///
    /// In the source language a key without text is its own text, as in Xcode; a key marked
    /// `shouldTranslate: false` shows its source-language text in every language without its own.
    public func value(for key: String, language: String, device: Device) -> String? {
        guard let entry = entries[key] else { return nil }
        if let localization = entry.localizations[language], let text = localization.text?.resolved(for: device) {
            return Self.substitute(text, localization.substitutions, device: device)
        }
        if language == sourceLanguage { return key }
        if !entry.shouldTranslate { return value(for: key, language: sourceLanguage, device: device) }
        return nil
    }

    /// `text` with every `%#@name@` (or positional `%1$#@name@`) placeholder replaced by its
    /// substitution's text; a placeholder without a substitution stays as it is.
    static func substitute(_ text: String, _ substitutions: [String: Text], device: Device) -> String {
        guard !substitutions.isEmpty, text.contains("#@") else { return text }
        let characters = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < characters.count {
            guard characters[index] == "%" else {
                result.append(characters[index])
                index += 1
                continue
            }
            // %, optional digits and $, then #@name@.
            var cursor = index + 1
            var sawDigits = false
            while cursor < characters.count, ("0"..."9").contains(characters[cursor]) {
                cursor += 1
                sawDigits = true
            }
            if sawDigits {
                if cursor < characters.count, characters[cursor] == "$" { cursor += 1 } else { cursor = characters.count }
            }
            if cursor + 1 < characters.count, characters[cursor] == "#", characters[cursor + 1] == "@",
               let close = characters[(cursor + 2)...].firstIndex(of: "@") {
                let name = String(String.UnicodeScalarView(characters[(cursor + 2)..<close]))
                if let replacement = substitutions[name]?.resolved(for: device) {
                    result.append(contentsOf: replacement.unicodeScalars)
                    index = close + 1
                    continue
                }
            }
            if index + 1 < characters.count, characters[index + 1] == "%" {
                // `%%` is a literal percent sign; keep both so a later format step sees it.
                result.append(contentsOf: ["%", "%"])
                index += 2
                continue
            }
            result.append("%")
            index += 1
        }
        return String(result)
    }
}

/// Checks a String Catalog's JSON member by member, naming the line and column of any member of
/// the wrong type; members it does not know are left alone (Xcode adds new ones).
private struct CatalogReader {
    let path: String
    let rootPlace: (line: Int, column: Int)

    func catalog(_ root: JSONValue) throws -> StringCatalog {
        guard case let .object(members) = root else {
            throw AppFileError.wrongType(path: path, line: rootPlace.line, column: rootPlace.column, field: "the catalog",
                                         expected: "a JSON object ({ \"sourceLanguage\": …, \"strings\": { … } })")
        }
        guard let source = members.last(where: { $0.key == "sourceLanguage" }) else {
            throw AppFileError.missingField(path: path, line: rootPlace.line, column: rootPlace.column, field: "sourceLanguage",
                                            fix: "add \"sourceLanguage\": \"en\" (the language the keys are written in), "
                                                + "or re-save the catalog in Xcode")
        }
        let sourceLanguage = try string(source, field: "sourceLanguage")
        guard !sourceLanguage.isEmpty else {
            throw AppFileError.wrongType(path: path, line: source.line, column: source.column, field: "sourceLanguage",
                                         expected: "a language tag such as \"en\"")
        }
        var entries: [String: StringCatalog.Entry] = [:]
        if let strings = members.last(where: { $0.key == "strings" }) {
            for member in try object(strings, field: "strings") {
                entries[member.key] = try entry(member, field: "strings.\(member.key)")
            }
        }
        return StringCatalog(sourceLanguage: sourceLanguage, entries: entries)
    }

    private func entry(_ member: JSONMember, field: String) throws -> StringCatalog.Entry {
        var entry = StringCatalog.Entry()
        for inner in try object(member, field: field) {
            let innerField = "\(field).\(inner.key)"
            switch inner.key {
            case "comment", "extractionState":
                _ = try string(inner, field: innerField)
            case "shouldTranslate":
                guard case let .bool(flag) = inner.value else { throw wrongType(inner, field: innerField, expected: "true or false") }
                entry.shouldTranslate = flag
            case "localizations":
                for localization in try object(inner, field: innerField) {
                    entry.localizations[localization.key] = try self.localization(localization,
                                                                                   field: "\(innerField).\(localization.key)")
                }
            default:
                break
            }
        }
        return entry
    }

    private func localization(_ member: JSONMember, field: String) throws -> StringCatalog.Localization {
        var localization = StringCatalog.Localization()
        localization.text = try text(member, field: field)
        if let substitutions = try object(member, field: field).last(where: { $0.key == "substitutions" }) {
            for substitution in try object(substitutions, field: "\(field).substitutions") {
                let substitutionField = "\(field).substitutions.\(substitution.key)"
                let members = try object(substitution, field: substitutionField)
                for inner in members {
                    switch inner.key {
                    case "argNum":
                        guard case .number = inner.value else {
                            throw wrongType(inner, field: "\(substitutionField).argNum", expected: "a number")
                        }
                    case "formatSpecifier":
                        _ = try string(inner, field: "\(substitutionField).formatSpecifier")
                    default:
                        break
                    }
                }
                guard let text = try text(substitution, field: substitutionField) else {
                    throw AppFileError.missingField(path: path, line: substitution.line, column: substitution.column,
                                                    field: "\(substitutionField).variations",
                                                    fix: "give the substitution a plural variation with an \"other\" case, "
                                                        + "or re-save the catalog in Xcode")
                }
                localization.substitutions[substitution.key] = text
            }
        }
        return localization
    }

    /// The text an object holding a `stringUnit` or `variations` gives, or nil when it gives none.
    private func text(_ member: JSONMember, field: String) throws -> StringCatalog.Text? {
        let members = try object(member, field: field)
        var unitText: String?
        if let unit = members.last(where: { $0.key == "stringUnit" }) {
            for inner in try object(unit, field: "\(field).stringUnit") {
                switch inner.key {
                case "state": _ = try string(inner, field: "\(field).stringUnit.state")
                case "value": unitText = try string(inner, field: "\(field).stringUnit.value")
                default: break
                }
            }
        }
        if let variations = members.last(where: { $0.key == "variations" }) {
            let kinds = try object(variations, field: "\(field).variations")
            if let device = kinds.last(where: { $0.key == "device" }) {
                return try deviceText(device, field: "\(field).variations.device")
            }
            if let plural = kinds.last(where: { $0.key == "plural" }) {
                return try pluralText(plural, field: "\(field).variations.plural")
            }
        }
        return unitText.map { .text($0) }
    }

    private func pluralText(_ member: JSONMember, field: String) throws -> StringCatalog.Text {
        var other: StringCatalog.Text?
        for form in try object(member, field: field) {
            guard ["zero", "one", "two", "few", "many", "other"].contains(form.key) else { continue }
            let text = try text(form, field: "\(field).\(form.key)")
            if form.key == "other" { other = text }
        }
        guard let other else {
            throw AppFileError.missingVariation(path: path, line: member.line, column: member.column, field: field,
                                                missing: "\"other\"",
                                                fix: "add \"other\": { \"stringUnit\": { \"state\": \"translated\", \"value\": \"…\" } } "
                                                    + "(in Xcode: the Other plural row)")
        }
        return other
    }

    private func deviceText(_ member: JSONMember, field: String) throws -> StringCatalog.Text {
        var cases: [String: StringCatalog.Text] = [:]
        for device in try object(member, field: field) {
            if let text = try text(device, field: "\(field).\(device.key)") { cases[device.key] = text }
        }
        if cases["other"] == nil {
            let missing = ["iphone", "ipad"].filter { cases[$0] == nil }
            if !missing.isEmpty {
                throw AppFileError.missingVariation(path: path, line: member.line, column: member.column, field: field,
                                                    missing: (missing + ["other"]).map { "\"\($0)\"" }.joined(separator: " or "),
                                                    fix: "add an \"other\" entry with a stringUnit (in Xcode: the Other device row)")
            }
        }
        return .byDevice(cases)
    }

    // MARK: Types

    private func object(_ member: JSONMember, field: String) throws -> [JSONMember] {
        guard case let .object(members) = member.value else { throw wrongType(member, field: field, expected: "a JSON object ({ … })") }
        return members
    }

    private func string(_ member: JSONMember, field: String) throws -> String {
        guard case let .string(text) = member.value else { throw wrongType(member, field: field, expected: "a string in double quotes") }
        return text
    }

    private func wrongType(_ member: JSONMember, field: String, expected: String) -> AppFileError {
        .wrongType(path: path, line: member.line, column: member.column, field: field, expected: expected)
    }
}
