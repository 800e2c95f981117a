/// A template made a page whose semantics do not fit its items: a fault in the template's code,
/// not in the input, so it is filed as the tool's (exit 3) whoever wrote the template.
public enum PageError: Error, Equatable, Sendable {
    /// Two items of one page have the same id.
    case duplicateItem(id: String)
    /// The semantics name an item the page does not have.
    case missingItem(role: String, id: String)
    /// The semantics name an item of the wrong kind for its role.
    case wrongKind(role: String, id: String, needs: String)
}

extension PageError: CausedError { public var cause: ErrorCause { .environment } }

extension PageError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .duplicateItem(id):
            "The template's page has two items with the id '\(id)'; give each item of a page an id of its own."
        case let .missingItem(role, id):
            "The template's page names '\(id)' as its \(role), but has no such item; add the item to the page, and take "
                + "the reference from it (item.ref, or what PageBuilder.add returns)."
        case let .wrongKind(role, id, needs):
            "The template's page names '\(id)' as its \(role), which must be \(needs); name an item that is."
        }
    }
}
