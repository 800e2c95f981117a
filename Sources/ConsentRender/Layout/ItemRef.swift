/// A page's semantics name the items they mean (the surface, the title, each button's shape and
/// label, the body's blocks) by reference: a reference is made from an item (`item.ref`, or what
/// `PageBuilder.add` returns), never typed in as a string, so a misspelt id cannot be written.
/// A reference is the item's id: `PageBuilder.page(in:semantics:)` checks that every reference
/// names an item of that page (by its id, so an item of another page with the same id counts as
/// this page's) and of the kind its role needs (a title is text, a surface a filled shape), and
/// throws `PageError` naming the reference otherwise.
///
/// In JSON a reference is the item's id, a string.
public struct ItemRef: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The item's id, unique on its page.
    public let id: String

    init(id: String) {
        self.id = id
    }

    public init(from decoder: Decoder) throws {
        id = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    public var description: String { id }
}

extension PlacedItem {
    /// A reference to this item, for the page's semantics.
    public var ref: ItemRef { ItemRef(id: id) }
}
