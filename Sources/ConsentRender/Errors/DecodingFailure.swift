import Foundation

/// What went wrong while decoding a JSON file, in words a user can act on.
enum DecodingFailure {
    case syntax(detail: String)
    case missingField(field: String)
    case wrongType(field: String, expected: String)
    case invalidValue(field: String, detail: String)

    /// Describes `error`, thrown while decoding `data`.
    init(_ error: Error, decoding data: Data) {
        guard let decodingError = error as? DecodingError else {
            self = .syntax(detail: Self.innermostDescription(of: error))
            return
        }
        switch decodingError {
        case let .keyNotFound(key, context):
            self = .missingField(field: Self.fieldPath(context.codingPath + [key]))
        case let .typeMismatch(type, context):
            let field = Self.fieldPath(context.codingPath)
            // A `strings` entry is an object of language tag → text, which the type alone does not say.
            let isStringTable = field.hasPrefix("strings.") && context.codingPath.count == 2
            self = .wrongType(field: field, expected: isStringTable ? "an object of language tag → text, such as { \"en\": \"OK\" }"
                                                                     : Self.describe(type))
        case let .valueNotFound(type, context):
            self = .wrongType(field: Self.fieldPath(context.codingPath), expected: Self.describe(type))
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                self = .syntax(detail: Self.syntaxProblem(in: data) ?? context.debugDescription)
            } else {
                self = .invalidValue(field: Self.fieldPath(context.codingPath), detail: Self.friendly(context.debugDescription))
            }
        @unknown default:
            self = .syntax(detail: String(describing: decodingError))
        }
    }

    /// One phrase for a message: "line 3, column 5: …", "field 'x' is missing", ….
    var summary: String {
        switch self {
        case let .syntax(detail): detail
        case let .missingField(field): "field '\(field)' is missing"
        case let .wrongType(field, expected): "field '\(field)' must be \(expected)"
        case let .invalidValue(field, detail): "field '\(field)': \(detail)"
        }
    }

    /// Foundation's "Cannot initialize DeviceIdiom from invalid String value watch" as
    /// "'watch' is not one of: phone, pad".
    static func friendly(_ message: String) -> String {
        let pattern = #"Cannot initialize (\w+) from invalid \w+ value (.*)$"#
        guard let match = message.range(of: pattern, options: .regularExpression) else { return message }
        let words = message[match].split(separator: " ", maxSplits: 7).map(String.init)
        guard words.count >= 8 else { return message }
        let type = words[2], value = words[7]
        guard let allowed = allowedValues[type] else { return "'\(value)' is not accepted" }
        let hint = closestMatch(to: value, among: allowed).map { " (did you mean '\($0)'?)" } ?? ""
        return "'\(value)' is not one of: \(allowed.joined(separator: ", "))\(hint)"
    }

    /// The values of the enums the tool's JSON files use, by type name.
    static let allowedValues: [String: [String]] = [
        "DeviceIdiom": DeviceIdiom.allCases.map(\.rawValue), "Orientation": Orientation.allCases.map(\.rawValue),
        "Appearance": Appearance.allCases.map(\.rawValue), "StatusBarKind": StatusBarKind.allCases.filter { $0 != .android }.map(\.rawValue),
        "NavigationMode": NavigationMode.allCases.map(\.rawValue), "FigureGrade": FigureGrade.allCases.map(\.rawValue),
        "Network": StatusBarContent.Network.allCases.map(\.rawValue),
        "ButtonArrangement": ButtonArrangement.allCases.map(\.rawValue),
        "ContentSizeCategory": ContentSizeCategory.allCases.map(\.rawValue),
        "TitleAlignment": DocumentStyle.TitleAlignment.allCases.map(\.rawValue),
        "AndroidLook": DocumentStyle.AndroidLook.allCases.map(\.rawValue),
    ]

    /// `safeArea.portrait.top` style path of a coding path.
    static func fieldPath(_ path: [CodingKey]) -> String {
        guard !path.isEmpty else { return "(the whole file)" }
        return path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            .joined(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default:
            switch String(describing: type) {
            case let name where name.hasPrefix("Array<"): "a list"
            case "Dictionary<String, String>": "an object of language tag → text"
            default: "an object of the documented shape"
            }
        }
    }

    /// Where JSON syntax breaks, as "line L, column C: …"; JSONDecoder on Linux does not say,
    /// but JSONSerialization reports the character offset.
    static func syntaxProblem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let message = innermostDescription(of: error)
            guard let range = message.range(of: #"character (\d+)"#, options: .regularExpression),
                  let offset = Int(message[range].dropFirst("character ".count))
            else { return message }
            var line = 1, column = 1
            for byte in data.prefix(offset) {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            let reason = message[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                .replacingOccurrences(of: " around", with: "")
            return "line \(line), column \(column): \(reason.isEmpty ? "syntax error" : reason)"
        }
    }

    private static func innermostDescription(of error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? Error {
            return innermostDescription(of: underlying)
        }
        if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String {
            return debug
        }
        return nsError.localizedDescription
    }
}
