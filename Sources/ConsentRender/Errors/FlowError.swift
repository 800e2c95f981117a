/// A consent flow (`flow.json`) cannot be read or its steps do not fit together.
public enum FlowError: Error, Equatable, Sendable {
    case unreadable(path: String, reason: String)
    case malformed(path: String, detail: String)
    case invalid(path: String, line: Int, field: String, fix: String)
    /// Every way the steps do not fit, at once.
    case problems(path: String, problems: [String])
    /// Every misspelt screen, state, role or target, at once ("line N: field: fix").
    case fields(path: String, problems: [String])
    /// The document has no flow.json and none was named.
    case missing(path: String)
}

extension FlowError: CausedError { public var cause: ErrorCause { .input } }

extension FlowError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot be read (\(reason))."
        case let .malformed(path, detail):
            return "\(path): \(detail)."
        case let .invalid(path, line, field, fix):
            return "\(path): line \(line): \(field): \(fix)."
        case let .problems(path, problems):
            return "\(path): the flow's steps do not fit together:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        case let .fields(path, problems):
            return "\(path): \(problems.count == 1 ? "a field needs" : "\(problems.count) fields need") fixing:\n"
                + problems.map { "  - \($0)." }.joined(separator: "\n")
        case let .missing(path):
            return "\(path) does not exist; a review follows the document's flow.json (steps and where each button leads), "
                + "or the file --flow names (Samples/launch-consent has one). See docs/review-pack.md."
        }
    }
}
