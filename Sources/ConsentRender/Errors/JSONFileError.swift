/// A JSON file the tool reads has a key the tool does not know (syntax errors belong to each
/// file's own stage: `ProfileError.malformedJSON` and the like).
public enum JSONFileError: Error, Equatable, Sendable {
    /// `key` is the path to it (`systemStrings.reminder.title`), `name` the key itself (`reminder.title`).
    case unknownKey(path: String, key: String, name: String, line: Int, column: Int, suggestion: String?, known: [String])
}

extension JSONFileError: CausedError { public var cause: ErrorCause { .input } }

extension JSONFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unknownKey(path, key, name, line, column, suggestion, known):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            let place = key != name ? " '\(key)'" : ""
            return "\(path): line \(line), column \(column): unknown key '\(name)'\(place.isEmpty ? "" : " (at\(place))").\(hint) "
                + "The keys here are: \(known.joined(separator: ", "))."
        }
    }
}
