/// Collects a page's items layer by layer, then makes the `PageLayout`.
public struct PageBuilder {
    private var layers: [LayerKind: [PlacedItem]] = [:]
    private var ids = Set<String>()

    public init() {}

    /// Adds `items` on top of `layer`.
    public mutating func add(_ items: [PlacedItem], to layer: LayerKind) {
        for item in items {
            precondition(ids.insert(item.id).inserted, "Two items of one page share the id '\(item.id)'")
        }
        layers[layer, default: []] += items
    }

    /// Adds one item on top of `layer`.
    public mutating func add(_ id: String, _ drawable: Drawable, to layer: LayerKind, clip: Rect? = nil) {
        add([PlacedItem(id: id, drawable: drawable, clip: clip)], to: layer)
    }

    /// The page, with its layers bottom to top and `semantics` beside them.
    public func page(in context: LayoutContext, semantics: PageSemantics) -> PageLayout {
        for id in [semantics.surfaceID, semantics.titleID] + semantics.body.blockIDs + semantics.buttons.flatMap({ [$0.shapeID, $0.labelID] }) {
            precondition(ids.contains(id), "The page's semantics name '\(id)', which no item has")
        }
        return PageLayout(
            screen: context.screen, scale: context.scale, orientation: context.orientation,
            appearance: context.traits.appearance, safeArea: context.safeArea, displayCornerRadius: context.profile.cornerRadius,
            language: context.language.tag,
            layers: LayerKind.allCases.compactMap { kind in layers[kind].map { Layer(kind: kind, items: $0) } },
            semantics: semantics)
    }
}
