/// A document's body as a scrolling column: its Markdown blocks set in `frame`'s width, the
/// viewport as tall as the text or `frame`'s height (ending on a whole line), with the fade and
/// scroll indicator when it does not fit and every link's rectangles. The public face of the
/// components the shipped templates use, for templates written outside the library.
public struct DocumentBody {
    public var blocks: [Block]
    public var color: Color
    public var linkColor: Color

    public init(blocks: [Block], color: Color, linkColor: Color) {
        self.blocks = blocks
        self.color = color
        self.linkColor = linkColor
    }

    /// What a placed body draws and means.
    public struct Placement {
        /// Text and shapes clipped to the viewport, then the fade and the indicator.
        public var items: [PlacedItem]
        public var semantics: BodySemantics
        /// Every link of the body, in order, as `link-0`, `link-1`, …
        public var links: [PlacedLink]
    }

    /// The body laid out at `frame`'s top-left corner, at most `frame.height` tall, over `surface`
    /// (which the fade blends into), with the indicator in a gap of `indicatorGap` beyond the
    /// trailing edge.
    public func place(in frame: Rect, surface: Color, indicatorGap: Double, in context: LayoutContext) -> Placement {
        var links: [LinkSource] = []
        let column = BodyText(context: context, color: color, linkColor: linkColor).layoutColumn(blocks, width: max(1, frame.width),
                                                                                                   links: &links)
        var text = (blocks: column.placed.blocks, shapes: column.placed.shapes, height: column.height)
        for index in text.blocks.indices {
            let origin = text.blocks[index].placed.origin
            text.blocks[index].placed.origin = Point(x: context.snap(origin.x), y: context.snap(origin.y))
        }
        let height = foldHeight(of: text.blocks, contentHeight: text.height, available: frame.height, scale: context.scale)
        let viewport = Rect(x: frame.x, y: frame.y, width: frame.width, height: height)
        let placed = text.blocks.map { $0.offsetBy(dx: frame.x, dy: frame.y) }
        let body = ScrollBody(blocks: placed, shapes: text.shapes.map { $0.offsetBy(dx: frame.x, dy: frame.y) }, viewport: viewport, contentHeight: text.height, indicatorGap: indicatorGap,
                              surface: surface, indicatorColor: context.theme.scrollIndicator, anchors: column.placed.anchors,
                              truncatedAt: column.placed.truncatedAt)
        let (items, semantics) = body.placed(in: context)
        return Placement(items: items, semantics: semantics, links: placeLinks(links, title: nil, body: placed, viewport: viewport))
    }
}
