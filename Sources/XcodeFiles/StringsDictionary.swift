import ConsentRender
import Foundation

/// A `.stringsdict` file (`Localizable.stringsdict`): the plural and width rules Xcode's older
/// localizations keep beside a `.strings` table. Read for what one screenshot shows, as the String
/// Catalogs are: a plural gives its `other` form (a screenshot has no count), a width rule its
/// widest form, a device rule the form for the device.
package enum StringsDictionary {
    /// One key's text: the same everywhere, or by device (`iphone`, `ipad`, `other`).
    package enum Entry: Sendable, Equatable {
        case text(String)
        case byDevice([String: String])
    }

    /// The deepest `%#@variable@` nesting followed; deeper is a loop.
    static let maximumDepth = 16

    /// Every key's text in the file at `path`.
    package static func parse(_ data: Data, path: String) throws -> [String: Entry] {
        let (root, _) = try PropertyList.read(data, path: path)
        let text = String(decoding: data.prefix(8) == Data("bplist00".utf8) ? Data() : data, as: UTF8.self)
        guard case let .dictionary(keys) = root else {
            throw AppFileError.notADictionary(path: path, what: "a .stringsdict file")
        }
        var entries: [String: Entry] = [:]
        for (key, value) in keys.sorted(by: { $0.key < $1.key }) {
            let place = { (inner: [String]) in Self.place(of: [key] + inner, in: text) }
            guard case let .dictionary(rule) = value else {
                throw AppFileError.syntax(path: path, place: place([]), problem: "'\(key)' is not a dictionary",
                                          fix: "give it a <dict> with NSStringLocalizedFormatKey and its variables")
            }
            if case let .dictionary(devices)? = rule["NSStringDeviceSpecificRuleType"] {
                var forms: [String: String] = [:]
                for (device, form) in devices {
                    guard case let .string(words) = form else {
                        throw AppFileError.syntax(path: path, place: place(["NSStringDeviceSpecificRuleType", device]),
                                                  problem: "'\(key)' › \(device) is not a string", fix: "give it a <string>")
                    }
                    forms[device] = words
                }
                guard forms["other"] != nil || forms["iphone"] != nil else {
                    throw AppFileError.syntax(path: path, place: place(["NSStringDeviceSpecificRuleType"]),
                                              problem: "'\(key)' has device forms but none for iphone or other",
                                              fix: "add <key>other</key><string>…</string>")
                }
                entries[key] = .byDevice(forms)
                continue
            }
            if case let .dictionary(widths)? = rule["NSStringVariableWidthRuleType"] {
                // The widest form: a screenshot is what the full width shows.
                let widest = widths.compactMap { width, form -> (Int, String)? in
                    guard let number = Int(width), case let .string(words) = form else { return nil }
                    return (number, words)
                }.max { $0.0 < $1.0 }
                guard let widest else {
                    throw AppFileError.syntax(path: path, place: place(["NSStringVariableWidthRuleType"]),
                                              problem: "'\(key)' has no width form with a number and a string",
                                              fix: "add <key>20</key><string>…</string>")
                }
                entries[key] = .text(widest.1)
                continue
            }
            guard case let .string(format)? = rule["NSStringLocalizedFormatKey"] else {
                throw AppFileError.syntax(path: path, place: place([]), problem: "'\(key)' has no NSStringLocalizedFormatKey string",
                                          fix: "add <key>NSStringLocalizedFormatKey</key><string>%#@count@</string> and a count variable")
            }
            entries[key] = .text(try resolve(format, key: key, rule: rule, path: path, text: text, depth: 0))
        }
        return entries
    }

    /// `format` with each `%#@name@` (`%1$#@name@`) replaced by the variable's `other` form.
    private static func resolve(_ format: String, key: String, rule: [String: PropertyListValue], path: String, text: String,
                                depth: Int) throws -> String {
        guard depth < maximumDepth else {
            throw AppFileError.syntax(path: path, place: place(of: [key], in: text),
                                      problem: "'\(key)': its variables name each other in a loop", fix: "let one variable's forms name no other")
        }
        var result = ""
        var rest = Substring(format)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            var index = rest.index(after: percent)
            // An optional argument position: %1$#@name@.
            var position = index
            while position < rest.endIndex, rest[position].isASCII, rest[position].isNumber { position = rest.index(after: position) }
            if position < rest.endIndex, rest[position] == "$", position > index { index = rest.index(after: position) }
            guard rest[index...].hasPrefix("#@"), let close = rest[rest.index(index, offsetBy: 2)...].firstIndex(of: "@") else {
                result.append("%")
                rest = rest[rest.index(after: percent)...]
                continue
            }
            let name = String(rest[rest.index(index, offsetBy: 2)..<close])
            guard case let .dictionary(variable)? = rule[name] else {
                throw AppFileError.syntax(path: path, place: place(of: [key], in: text),
                                          problem: "'\(key)': the format names %#@\(name)@, and there is no '\(name)' dictionary",
                                          fix: "add <key>\(name)</key><dict>…</dict> with its plural forms beside NSStringLocalizedFormatKey")
            }
            // Foundation formats only a plural rule here: any other type (or none) is a file it refuses.
            guard case .string("NSStringPluralRuleType")? = variable["NSStringFormatSpecTypeKey"] else {
                let given: String
                if case let .string(type)? = variable["NSStringFormatSpecTypeKey"] { given = "is '\(type)'" } else { given = "is missing" }
                throw AppFileError.syntax(path: path, place: place(of: [key, name], in: text),
                                          problem: "'\(key)' › \(name): its NSStringFormatSpecTypeKey \(given)",
                                          fix: "write <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>")
            }
            guard case let .string(other)? = variable["other"] else {
                throw AppFileError.syntax(path: path, place: place(of: [key, name], in: text),
                                          problem: "'\(key)' › \(name) has no 'other' form",
                                          fix: "add <key>other</key><string>…</string> (every language has it)")
            }
            result += try resolve(other, key: key, rule: rule, path: path, text: text, depth: depth + 1)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The line of the innermost `<key>` of `keyPath` in an XML file's `text`: each key looked for
    /// after the line of the one before. Binary files have no lines: line 1.
    static func place(of keyPath: [String], in text: String) -> AppFileError.Place {
        guard !text.isEmpty else { return .byteOffset(0) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        for key in keyPath {
            let needle = "<key>\(key)</key>"
            guard let found = lines[line...].firstIndex(where: { $0.contains(needle) }) else { break }
            line = found
        }
        return .line(line + 1, column: nil)
    }
}
