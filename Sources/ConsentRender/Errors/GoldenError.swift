/// A golden matrix or record mode could not be used.
public enum GoldenError: Error, Equatable, Sendable {
    case invalidRecordMode(value: String)
    case unreadableMatrix(path: String, reason: String)
    case malformedMatrix(path: String, detail: String)
    case invalidMatrix(path: String, field: String, fix: String)
    case conflictingCells(path: String, cell: String)
    case noCells(path: String, only: String?)
    /// An `only` pattern without wildcards that is the folder of some cells.
    case patternNamesAFolder(path: String, only: String)
}

extension GoldenError: CausedError { public var cause: ErrorCause { .input } }

extension GoldenError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .invalidRecordMode(value):
            return "CONSENT_GOLDEN='\(value)' is not a record mode. Use missing (record goldens that do not exist), "
                + "failed (re-record those that fail), all (re-record everything) or never."
        case let .unreadableMatrix(path, reason):
            return "\(path): cannot read the golden matrix (\(reason)). Create it; docs/goldens.md shows the format."
        case let .malformedMatrix(path, detail):
            return "\(path): not a valid golden matrix (\(detail)). Golden/matrix.json is a complete example."
        case let .invalidMatrix(path, field, fix):
            return "\(path): field '\(field)': \(fix)" + (fix.hasSuffix(".") ? "" : ".")
        case let .conflictingCells(path, cell):
            return "\(path): two groups render the cell \(cell) differently (another tint, status bar or "
                + "backdrop). Give one of them another device, language, orientation or appearance."
        case let .noCells(path, only):
            let filter = only.map { " match the pattern '\($0)'" } ?? " are listed"
            return "\(path): no cells\(filter)."
        case let .patternNamesAFolder(path, only):
            return "\(path): no cells match the pattern '\(only)': a pattern matches whole cell paths, and '\(only)' is a folder "
                + "of them; '\(only)/*' takes the cells in it."
        }
    }
}
