import Foundation

/// What went wrong while decoding a JSON file, in words a user can act on.
enum DecodingFailure {
    case syntax(detail: String)
    case missingField(field: String)
    case wrongType(field: String, expected: String)
    case invalidValue(field: String, detail: String)

    init(_ error: Error) {
        guard let decodingError = error as? DecodingError else {
            self = .syntax(detail: Self.innermostDescription(of: error))
            return
        }
        switch decodingError {
        case let .keyNotFound(key, context):
            self = .missingField(field: Self.fieldPath(context.codingPath + [key]))
        case let .typeMismatch(type, context):
            self = .wrongType(field: Self.fieldPath(context.codingPath), expected: Self.describe(type))
        case let .valueNotFound(type, context):
            self = .wrongType(field: Self.fieldPath(context.codingPath), expected: Self.describe(type))
        case let .dataCorrupted(context):
            if context.codingPath.isEmpty {
                let detail = context.underlyingError.map(Self.innermostDescription) ?? context.debugDescription
                self = .syntax(detail: detail)
            } else {
                self = .invalidValue(field: Self.fieldPath(context.codingPath), detail: context.debugDescription)
            }
        @unknown default:
            self = .syntax(detail: String(describing: decodingError))
        }
    }

    /// `safeArea.portrait.top` style path of a coding path.
    static func fieldPath(_ path: [CodingKey]) -> String {
        path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            .joined(separator: ".")
            .replacingOccurrences(of: ".[", with: "[")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "an object of the documented shape"
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
