/// Collects a page's items layer by layer, then makes the `PageLayout`.
public struct PageBuilder {
    private var layers: [LayerKind: [PlacedItem]] = [:]
    private var drawables: [String: Drawable] = [:]
    private var duplicate: String?

    public init() {}

    /// Adds `items` on top of `layer`.
    public mutating func add(_ items: [PlacedItem], to layer: LayerKind) {
        for item in items where drawables.updateValue(item.drawable, forKey: item.id) != nil {
            duplicate = duplicate ?? item.id
        }
        layers[layer, default: []] += items
    }

    /// Adds one item on top of `layer`, and returns a reference to it for the page's semantics.
    @discardableResult
    public mutating func add(_ id: String, _ drawable: Drawable, to layer: LayerKind, clip: Rect? = nil) -> ItemRef {
        let item = PlacedItem(id: id, drawable: drawable, clip: clip)
        add([item], to: layer)
        return item.ref
    }

    /// The page, with its layers bottom to top and `semantics` beside them. Throws `PageError`
    /// when two items share an id, or the semantics name an item the page lacks or one of the
    /// wrong kind (a title that is not text, a surface that is not a filled shape).
    public func page(in context: LayoutContext, semantics: PageSemantics) throws -> PageLayout {
        if let duplicate { throw PageError.duplicateItem(id: duplicate) }
        func check(_ ref: ItemRef?, as role: String, needs: String? = nil, _ fits: (Drawable) -> Bool = { _ in true }) throws {
            guard let ref else { return }
            guard let drawable = drawables[ref.id] else { throw PageError.missingItem(role: role, id: ref.id) }
            if let needs, !fits(drawable) { throw PageError.wrongKind(role: role, id: ref.id, needs: needs) }
        }
        func isText(_ drawable: Drawable) -> Bool { if case .text = drawable { true } else { false } }
        try check(semantics.surfaceID, as: "surface", needs: "a filled shape") { drawable in
            switch drawable {
            case .shape(.fill), .shape(.screenFill): true
            default: false
            }
        }
        try check(semantics.titleID, as: "title", needs: "text", isText)
        for block in semantics.body.blockIDs { try check(block, as: "body text", needs: "text", isText) }
        try check(semantics.body.indicatorID, as: "scroll indicator")
        try check(semantics.body.fadeID, as: "fade")
        for image in semantics.body.images { try check(image.itemID, as: "body image") }
        for button in semantics.buttons {
            try check(button.shapeID, as: "\(button.role) button's shape")
            try check(button.borderID, as: "\(button.role) button's outline")
            try check(button.labelID, as: "\(button.role) button's label", needs: "text", isText)
        }
        return PageLayout(
            screen: context.screen, scale: context.scale, orientation: context.orientation,
            appearance: context.traits.appearance, safeArea: context.safeArea, displayCornerRadius: context.profile.cornerRadius,
            language: context.language.tag,
            layers: LayerKind.allCases.compactMap { kind in layers[kind].map { Layer(kind: kind, items: $0) } },
            semantics: semantics)
    }
}
