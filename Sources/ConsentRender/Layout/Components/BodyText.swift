/// Stacks Markdown blocks (paragraphs, headings, lists, quotes, tables) in a column, relative to
/// the column's top-left corner: the text of a scrolling body.
struct BodyText {
    let context: LayoutContext
    /// Text and link colours.
    let color: Color
    let linkColor: Color
    /// The roles of paragraphs and headings.
    var bodyRole: TextRole = .body
    var headingRole: TextRole = .heading

    init(context: LayoutContext, color: Color, linkColor: Color) {
        self.context = context
        self.color = color
        self.linkColor = linkColor
    }

    private var traits: LanguageTraits { context.language }
    private var measurer: any TextMeasuring { context.measurer }
    private var metrics: Metrics.Text { context.metrics.text }

    /// Placed blocks (origins relative to the column) and the column's total height.
    func layout(_ blocks: [Block], width: Double, links: inout [LinkSource]) -> (blocks: [MeasuredBlock], height: Double) {
        var placed: [MeasuredBlock] = []
        let height = stack(blocks, x: 0, y: 0, width: width, listDepth: 0, into: &placed, links: &links)
        return (placed, height)
    }

    private var bodyStyle: BaseTextStyle {
        context.textStyle(bodyRole, color: color, linkColor: linkColor)
    }

    private var headingStyle: BaseTextStyle {
        context.textStyle(headingRole, color: color, linkColor: linkColor)
    }

    /// How far down the body is laid out, in points. Only the first screen shows, so a very long
    /// document (a 10 MB policy) stops being measured here: its later links are listed as below the
    /// fold and `contentHeight` is at least this.
    static let measuredHeightLimit = 4000.0

    /// How deep lists nest before deeper items are set at the deepest level's indent.
    static let maximumListDepth = 6

    /// Places `blocks` from `y` down and returns the height used.
    private func stack(_ blocks: [Block], x: Double, y: Double, width: Double, listDepth: Int,
                       into placed: inout [MeasuredBlock], links: inout [LinkSource]) -> Double {
        var cursor = y
        for (index, block) in blocks.enumerated() {
            if cursor > Self.measuredHeightLimit {
                for rest in blocks[index...] { Self.collectLinks(in: rest, into: &links) }
                break
            }
            if index > 0 { cursor += metrics.paragraphSpacing }
            cursor += place(block, x: x, y: cursor, width: width, listDepth: listDepth, into: &placed, links: &links)
        }
        return cursor - y
    }

    private func place(_ block: Block, x: Double, y: Double, width: Double, listDepth: Int,
                       into placed: inout [MeasuredBlock], links: inout [LinkSource]) -> Double {
        switch block {
        case let .paragraph(inlines):
            return placeText(inlines, style: bodyStyle, x: x, y: y, width: width, into: &placed, links: &links)
        case let .heading(_, inlines):
            return placeText(inlines, style: headingStyle, x: x, y: y, width: width, into: &placed, links: &links)
        case let .table(header, rows):
            // In a dialog a table reads as one line per row, cells separated by a middle dot.
            let lines = ([header] + rows).map { Block.paragraph(Array($0.joined(separator: [.text(" · ")]))) }
            return stack(lines, x: x, y: y, width: width, listDepth: listDepth, into: &placed, links: &links)
        case let .quote(blocks):
            let indent = metrics.listIndent
            guard width > indent * 2 else {
                return stack(blocks, x: x, y: y, width: width, listDepth: listDepth, into: &placed, links: &links)
            }
            // The indent is on the leading side: the right in a right-to-left language.
            let contentX = traits.isRightToLeft ? x : x + indent
            return stack(blocks, x: contentX, y: y, width: width - indent, listDepth: listDepth, into: &placed, links: &links)
        case let .list(ordered, start, items):
            let indent = metrics.listIndent
            // Too narrow a column for a hanging indent: set the items flush instead of overflowing.
            let markerWidth = width > indent * 3 && listDepth < Self.maximumListDepth ? indent : 0
            var cursor = y
            for (number, item) in items.enumerated() {
                if number > 0 { cursor += metrics.listItemSpacing }
                let marker = ordered ? "\(start + number)." : (listDepth % 2 == 0 ? "•" : "◦")
                if markerWidth > 0 {
                    var builder = StyledTextBuilder(base: bodyStyle, traits: traits)
                    builder.append(plain: marker)
                    let markerBlock = builder.block(width: markerWidth, alignment: .natural, lineHeight: lineHeight(bodyStyle))
                    let measurement = measurer.measure(markerBlock)
                    // Markers hang on the leading side: the right in a right-to-left language.
                    let markerX = traits.isRightToLeft ? x + width - markerWidth : x
                    placed.append(MeasuredBlock(
                        placed: PlacedText(origin: Point(x: markerX, y: cursor),
                                           size: Size(width: markerWidth, height: measurement.size.height), block: markerBlock),
                        measurement: measurement))
                }
                let itemX = traits.isRightToLeft ? x : x + markerWidth
                let itemHeight = stack(item, x: itemX, y: cursor, width: width - markerWidth,
                                       listDepth: listDepth + 1, into: &placed, links: &links)
                cursor += itemHeight
            }
            return cursor - y
        }
    }

    private func placeText(_ inlines: [Inline], style: BaseTextStyle, x: Double, y: Double, width: Double,
                           into placed: inout [MeasuredBlock], links: inout [LinkSource]) -> Double {
        var builder = StyledTextBuilder(base: style, traits: traits)
        builder.append(inlines, links: &links)
        let block = builder.block(width: width, alignment: .natural, lineHeight: lineHeight(style))
        let measurement = measurer.measure(block)
        placed.append(MeasuredBlock(
            placed: PlacedText(origin: Point(x: x, y: y), size: Size(width: width, height: measurement.size.height), block: block),
            measurement: measurement))
        return measurement.size.height
    }

    func lineHeight(_ style: BaseTextStyle) -> Double {
        style.fontSize * traits.lineHeightMultiple
    }

    /// Registers the links of a block that is not laid out, in document order.
    static func collectLinks(in block: Block, into links: inout [LinkSource]) {
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case let .link(url, content):
                    links.append(LinkSource(url: url, text: content.plainText))
                    visit(content)
                case let .emphasis(content), let .strong(content):
                    visit(content)
                default:
                    break
                }
            }
        }
        switch block {
        case let .paragraph(inlines), let .heading(_, inlines): visit(inlines)
        case let .list(_, _, items): items.forEach { $0.forEach { collectLinks(in: $0, into: &links) } }
        case let .quote(blocks): blocks.forEach { collectLinks(in: $0, into: &links) }
        case let .table(header, rows): ([header] + rows).forEach { $0.forEach(visit) }
        }
    }
}
