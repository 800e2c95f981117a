import ConsentRender

/// An Android app's resource file (a `strings.xml`) or resource folder could not be read. Every
/// case names the file, the line (and column where known) and the fix.
public enum AndroidResourceError: Error, Equatable, Sendable {
    /// The file breaks XML's or the resource format's rules at `line`, `column`.
    case syntax(path: String, line: Int, column: Int, problem: String, fix: String)
    /// A folder `app.resources` names is missing or is not a resource folder.
    case notAResourceFolder(path: String, field: String, reason: String)
    /// The file cannot be read.
    case unreadable(path: String, reason: String)
}

extension AndroidResourceError: CausedError { public var cause: ErrorCause { .input } }

extension AndroidResourceError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .syntax(path, line, column, problem, fix):
            return "\(path): line \(line), column \(column): \(problem); \(fix.hasSuffix(".") ? fix : fix + ".")"
        case let .notAResourceFolder(path, field, reason):
            return "\(path) (document.json \(field)): \(reason). Give the app module's res folder (for example "
                + "\"app\": { \"resources\": \"../MyApp/app/src/main/res\" }), the folder that holds values/strings.xml."
        case let .unreadable(path, reason):
            return "\(path): cannot read the file (\(reason))."
        }
    }
}
