/// A template or one of its states does not exist.
public enum TemplateError: Error, Equatable, Sendable {
    /// Where a template's name came from.
    public enum Source: Equatable, Sendable {
        /// The `template` field of a document's settings file.
        case document(path: String)
        /// The render request (a command-line option, a matrix group).
        case request
    }

    case unknownTemplate(name: String, source: Source, suggestion: String?, known: [String])
    case unknownState(state: String, template: String, states: [String])
    /// A state the template has, which this document's content or settings have no screen for.
    case stateNotShown(state: String, template: String, reason: String)
    /// A document the template cannot lay out (a login page's body that is more than its agreement line).
    case unsupportedContent(template: String, document: String, reason: String, fix: String)
    /// A template that cannot be registered: a fault of the template's code, not of the input.
    case invalidTemplate(id: String, reason: String)
}

extension TemplateError: CausedError {
    public var cause: ErrorCause {
        if case .invalidTemplate = self { return .environment }
        return .input
    }
}

extension TemplateError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unknownTemplate(name, source, suggestion, known):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            let place = switch source {
            case let .document(path): "\(path): field 'template' is '\(name)', which is not a template."
            case .request: "Unknown template '\(name)'."
            }
            return "\(place)\(hint) Use one of: \(known.joined(separator: ", "))."
        case let .unknownState(state, template, states):
            // A close spelling, or the state the word begins (decline → decline-confirm).
            let begun = state.count >= 3 ? states.first { $0.lowercased().hasPrefix(state.lowercased()) } : nil
            let hint = (closestMatch(to: state, among: states) ?? begun).map { " Did you mean '\($0)'?" } ?? ""
            return "The \(template) template has no state '\(state)'.\(hint) Its states are: \(states.joined(separator: ", "))."
        case let .invalidTemplate(id, reason):
            return "The template '\(id)' cannot be registered: \(reason)."
        case let .stateNotShown(state, template, reason):
            return "The \(template) template's state '\(state)' has no screen here: \(reason)."
        case let .unsupportedContent(template, document, reason, fix):
            return "\(document): the \(template) template cannot lay it out: \(reason). Fix: \(fix)."
        }
    }
}
