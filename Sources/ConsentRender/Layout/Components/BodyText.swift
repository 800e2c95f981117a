/// Stacks Markdown blocks (paragraphs, headings, lists, quotes, tables, thematic breaks) in a
/// column, relative to the column's top-left corner: the text of a scrolling body, and the rules
/// its tables and breaks draw.
struct BodyText {
    let context: LayoutContext
    /// Text and link colours.
    let color: Color
    let linkColor: Color
    /// Table rules and thematic breaks.
    var ruleColor: Color
    /// The document's images by their Markdown source.
    var images: [String: DocumentImage] = [:]
    /// The roles of paragraphs and headings.
    var bodyRole: TextRole = .body
    var headingRole: TextRole = .heading
    /// How a task list's items are drawn: boxes on the leading side (the Markdown's `- [ ]`), or
    /// switches on the trailing side (a preferences layer's purposes, `alwaysOn` beside an item
    /// without one).
    var controls: ChecklistControls = .boxes

    enum ChecklistControls {
        case boxes
        /// iOS switches; an item with no box (checked nil) shows `alwaysOn` instead ("Always active").
        case switches(alwaysOn: String)
    }

    init(context: LayoutContext, color: Color, linkColor: Color) {
        self.context = context
        self.color = color
        self.linkColor = linkColor
        ruleColor = context.theme.palette.separator
    }

    /// What a body places: its text and the shapes under it.
    struct Placed {
        var blocks: [MeasuredBlock] = []
        var shapes: [Shape] = []
        /// Each heading's id and the top of its first line, relative to the column.
        var anchors: [BodyAnchor] = []
        /// Where the layout stopped because the column reached `measuredHeightLimit`; nil when it did not.
        var truncatedAt: Double?
        /// The images shown, relative to the column.
        var images: [BodyImage] = []
        /// The task list boxes, relative to the column.
        var checkboxes: [BodyCheckbox] = []
        var slugger = HeadingSlugger()
    }

    private var traits: LanguageTraits { context.language }
    private var measurer: any TextMeasuring { context.measurer }
    private var metrics: Metrics.Text { context.metrics.text }

    /// Placed blocks and shapes (origins relative to the column) and the column's total height.
    func layout(_ blocks: [Block], width: Double, links: inout [LinkSource]) -> (blocks: [MeasuredBlock], shapes: [Shape], height: Double) {
        let column = layoutColumn(blocks, width: width, links: &links)
        return (column.placed.blocks, column.placed.shapes, column.height)
    }

    /// The whole column: blocks, shapes, heading anchors and where a very long one stopped.
    /// `title` is the document's title, whose id comes first (GitHub numbers repeated ids in order).
    func layoutColumn(_ blocks: [Block], width: Double, title: [Inline]? = nil, links: inout [LinkSource]) -> (placed: Placed, height: Double) {
        var placed = Placed()
        if let title { _ = placed.slugger.slug(for: title.plainText) }
        let height = stack(blocks, x: 0, y: 0, width: width, listDepth: 0, into: &placed, links: &links)
        return (placed, height)
    }

    private var bodyStyle: BaseTextStyle {
        context.textStyle(bodyRole, color: color, linkColor: linkColor)
    }

    private var headingStyle: BaseTextStyle {
        context.textStyle(headingRole, color: color, linkColor: linkColor)
    }

    /// How far down the body is laid out, in points: longer than most policies on a phone, and
    /// bounded for a 10 MB one, whose text past it is not laid out (its links are listed as not
    /// visible, and the body records where it stopped, `truncatedAt`).
    static let measuredHeightLimit = 40_000.0

    /// How deep lists nest before deeper items are set at the deepest level's indent (keeping
    /// their markers).
    static let maximumListDepth = 6

    /// Places `blocks` from `y` down and returns the height used.
    private func stack(_ blocks: [Block], x: Double, y: Double, width: Double, listDepth: Int,
                       into placed: inout Placed, links: inout [LinkSource]) -> Double {
        var cursor = y
        for (index, block) in blocks.enumerated() {
            if cursor > Self.measuredHeightLimit {
                for rest in blocks[index...] { Self.collectLinks(in: rest, into: &links) }
                placed.truncatedAt = placed.truncatedAt ?? cursor
                break
            }
            if index > 0 { cursor += metrics.paragraphSpacing }
            cursor += place(block, x: x, y: cursor, width: width, listDepth: listDepth, into: &placed, links: &links)
        }
        return cursor - y
    }

    private func place(_ block: Block, x: Double, y: Double, width: Double, listDepth: Int,
                       into placed: inout Placed, links: inout [LinkSource]) -> Double {
        switch block {
        case let .paragraph(inlines):
            // An image alone in its paragraph is a block: at most the column's width, centred.
            let shown = inlines.filter { inline in
                switch inline {
                case let .text(text): !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
                case .softBreak, .lineBreak: false
                default: true
                }
            }
            if shown.count == 1, case let .image(source, _) = shown[0], let image = images[source], image.size.width > 0 {
                let scaledWidth = min(image.size.width, width)
                let height = image.size.height * scaledWidth / image.size.width
                let rect = Rect(x: context.snap(x + (width - scaledWidth) / 2), y: y, width: scaledWidth, height: height)
                placed.images.append(BodyImage(source: source, rect: rect, isInline: false))
                return height
            }
            // A paragraph that is all <small> is a small block: its own size and line height.
            if shown.count == 1, case let .small(content) = shown[0] {
                var small = bodyStyle
                small.fontSize = bodyStyle.smallFontSize ?? bodyStyle.fontSize
                return placeText(content, style: small, x: x, y: y, width: width, into: &placed, links: &links)
            }
            return placeText(inlines, style: bodyStyle, x: x, y: y, width: width, into: &placed, links: &links)
        case let .heading(_, inlines):
            let height = placeText(inlines, style: headingStyle, x: x, y: y, width: width, into: &placed, links: &links)
            let firstLine = placed.blocks.last?.measurement.lines.first?.minY ?? 0
            placed.anchors.append(BodyAnchor(id: placed.slugger.slug(for: inlines.plainText), offset: y + firstLine))
            return height
        case let .table(header, rows):
            let end = TableLayout(context: context, color: color, linkColor: linkColor, ruleColor: ruleColor)
                .place(header: header, rows: rows, x: x, y: y, width: width, blocks: &placed.blocks, shapes: &placed.shapes,
                       links: &links)
            return end - y
        case .thematicBreak:
            // A hairline with a paragraph's space above and below, on a whole device pixel.
            let spacing = metrics.paragraphSpacing
            let hairline = 1 / context.scale
            let lineY = context.snap(y + spacing) + hairline / 2
            placed.shapes.append(.line(from: Point(x: x, y: lineY), to: Point(x: x + width, y: lineY), color: ruleColor, width: hairline))
            return 2 * spacing
        case let .quote(blocks):
            let indent = listIndent
            guard width > indent * 2 else {
                return stack(blocks, x: x, y: y, width: width, listDepth: listDepth, into: &placed, links: &links)
            }
            // The indent is on the leading side: the right in a right-to-left language.
            let contentX = traits.isRightToLeft ? x : x + indent
            return stack(blocks, x: contentX, y: y, width: width - indent, listDepth: listDepth, into: &placed, links: &links)
        case let .checklist(items):
            if case let .switches(alwaysOn) = controls {
                return placeSwitches(items, alwaysOn: alwaysOn, x: x, y: y, width: width, listDepth: listDepth, into: &placed, links: &links)
            }
            return placeChecklist(items, x: x, y: y, width: width, listDepth: listDepth, into: &placed, links: &links)
        case let .list(ordered, start, items):
            let indent = listIndent
            // Too narrow a column for a hanging indent: set the items flush instead of overflowing.
            let hangs = width > indent * 3
            // Past the deepest level the indent stops growing: the markers take the previous
            // level's column, on the leading side.
            let indents = hangs && listDepth < Self.maximumListDepth
            let markerX = traits.isRightToLeft ? (indents ? x + width - indent : x + width) : (indents ? x : x - indent)
            let itemX = traits.isRightToLeft || !indents ? x : x + indent
            let itemWidth = indents ? width - indent : width
            var cursor = y
            for (number, item) in items.enumerated() {
                if number > 0 { cursor += metrics.listItemSpacing }
                let marker = ordered ? "\(start + number)." : (listDepth % 2 == 0 ? "•" : "◦")
                let markerIndex = placed.blocks.count
                let itemHeight = stack(item, x: itemX, y: cursor, width: itemWidth, listDepth: listDepth + 1, into: &placed, links: &links)
                if hangs {
                    var builder = StyledTextBuilder(base: bodyStyle, traits: traits)
                    builder.append(plain: marker)
                    let markerBlock = builder.block(width: indent, alignment: .leading, lineHeight: lineHeight(bodyStyle),
                                                    lineSpacing: metrics.lineSpacing)
                    let measurement = measurer.measure(markerBlock)
                    var markerY = cursor
                    // Lines of natural height put each font's baseline where its ascent says; the
                    // marker (in the brand font) sits on the item's first baseline instead.
                    if metrics.lineSpacing != nil, markerIndex < placed.blocks.count {
                        let first = placed.blocks[markerIndex]
                        markerY = first.placed.origin.y + first.measurement.baseline - measurement.baseline
                    }
                    placed.blocks.insert(MeasuredBlock(
                        placed: PlacedText(origin: Point(x: markerX, y: markerY),
                                           size: Size(width: indent, height: measurement.size.height), block: markerBlock),
                        measurement: measurement), at: markerIndex)
                }
                cursor += itemHeight
            }
            return cursor - y
        }
    }

    /// A preferences layer's purposes: each item's words on the leading side and an iOS switch on
    /// the trailing side, centred on its first line (the purpose's name); an item without a box
    /// shows `alwaysOn` there instead, a purpose that needs no consent. Separated by hairlines, as
    /// a grouped list is. Drawn as the document says: a switch that is on stays on (the lint's
    /// `choice.pre-ticked` reports it).
    private func placeSwitches(_ items: [ChecklistItem], alwaysOn: String, x: Double, y: Double, width: Double, listDepth: Int,
                               into placed: inout Placed, links: inout [LinkSource]) -> Double {
        let switchMetrics = context.metrics.toggle
        let spacing = switchMetrics.labelSpacing
        // In the body's size, as every text of the body is (text.min-size judges it with them).
        var alwaysOnBlock = context.textBlock(alwaysOn, role: bodyRole, color: color.withAlpha(0.6), width: width / 3, alignment: .center,
                                              maximumLines: 2)
        let alwaysOnSize = measurer.measure(alwaysOnBlock).size
        let hasAlwaysOn = items.contains { $0.checked == nil }
        let column = max(switchMetrics.width, hasAlwaysOn ? alwaysOnSize.width.rounded(.up) : 0)
        alwaysOnBlock.width = column
        let itemWidth = max(1, width - column - spacing)
        let itemX = traits.isRightToLeft ? x + column + spacing : x
        let controlX = traits.isRightToLeft ? x : x + width - column
        // A switch is taller than a line: room above the first row and below the last, so it is not clipped.
        let overhang = max(0, (switchMetrics.height - lineHeight(bodyStyle)) / 2)
        var cursor = y + overhang
        for (number, item) in items.enumerated() {
            if number > 0 {
                cursor += switchMetrics.rowSpacing
                let hairline = 1 / context.scale
                let lineY = context.snap(cursor) + hairline / 2
                placed.shapes.append(.line(from: Point(x: x, y: lineY), to: Point(x: x + width, y: lineY), color: ruleColor.withAlpha(0.5),
                                           width: hairline))
                cursor += switchMetrics.rowSpacing
            }
            let firstBlock = placed.blocks.count
            let itemHeight = stack(item.blocks, x: itemX, y: cursor, width: itemWidth, listDepth: listDepth + 1, into: &placed, links: &links)
            // The row ends below its words and below its control.
            var rowBottom = cursor + itemHeight
            defer { cursor = rowBottom }
            var lineMid = cursor + lineHeight(bodyStyle) / 2
            if firstBlock < placed.blocks.count, let line = placed.blocks[firstBlock].measurement.lines.first {
                lineMid = placed.blocks[firstBlock].placed.origin.y + line.midY
            }
            // The purpose's name (its first block), as the switch's words.
            let text = item.blocks.first.map { ATTSectionBuilder.inlines(of: $0).plainText } ?? ""
            guard let on = item.checked else {
                // Centred on the name's first line, never above the row's top (a two-line label at the larger text sizes).
                let top = context.snap(max(cursor, lineMid - alwaysOnSize.height / 2))
                placed.blocks.append(MeasuredBlock(
                    placed: PlacedText(origin: Point(x: controlX, y: top), size: Size(width: column, height: alwaysOnSize.height),
                                       block: alwaysOnBlock),
                    measurement: measurer.measure(alwaysOnBlock)))
                rowBottom = max(rowBottom, top + alwaysOnSize.height)
                continue
            }
            let trackX = traits.isRightToLeft ? controlX : controlX + column - switchMetrics.width
            let track = Rect(x: context.snap(trackX), y: context.snap(lineMid - switchMetrics.height / 2), width: switchMetrics.width,
                             height: switchMetrics.height)
            placed.shapes += Self.switchShapes(track, on: on, metrics: switchMetrics, rightToLeft: traits.isRightToLeft,
                                               dark: context.traits.appearance == .dark)
            var control = BodyCheckbox(rect: track, checked: on, text: text)
            control.control = .switch
            placed.checkboxes.append(control)
        }
        return cursor + overhang - y
    }

    /// An iOS 26 switch: a capsule track, green when on and a translucent grey when off, and a
    /// white oval knob inset 2 pt at the trailing end when on (the leading end when off).
    static func switchShapes(_ track: Rect, on: Bool, metrics: Metrics.Toggle, rightToLeft: Bool, dark: Bool) -> [Shape] {
        let trackColor = on ? (dark ? metrics.onDark : metrics.onLight) : (dark ? metrics.offDark : metrics.offLight)
        let atTrailing = on != rightToLeft
        if let material = metrics.material {
            // Material 3: a round thumb, 24 dp on and 16 dp off, centred in the 32 dp track; off, the
            // track is outlined and the thumb takes the outline's colour.
            let side = on ? metrics.knobWidth : material.offThumbSide
            let inset = (track.height - side) / 2
            let thumb = Rect(x: atTrailing ? track.maxX - inset - side : track.minX + inset, y: track.minY + inset, width: side, height: side)
            let outline = dark ? material.offDark : material.offLight
            var shapes: [Shape] = [.fill(track, cornerRadius: track.height / 2, color: trackColor)]
            if !on {
                let edge = track.insetBy(EdgeInsets(top: material.outlineWidth / 2, left: material.outlineWidth / 2,
                                                    bottom: material.outlineWidth / 2, right: material.outlineWidth / 2))
                shapes.append(.stroke(edge, cornerRadius: edge.height / 2, color: outline, width: material.outlineWidth, dash: []))
            }
            shapes.append(.fill(thumb, cornerRadius: side / 2, color: on ? (dark ? material.onThumbDark : material.onThumbLight) : outline))
            return shapes
        }
        let inset = metrics.knobInset
        let knob = Rect(x: atTrailing ? track.maxX - inset - metrics.knobWidth : track.minX + inset, y: track.minY + inset,
                        width: metrics.knobWidth, height: track.height - 2 * inset)
        return [
            .fill(track, cornerRadius: track.height / 2, color: trackColor),
            .fill(knob, cornerRadius: knob.height / 2, color: Color(red: 0xFF, green: 0xFF, blue: 0xFF)),
            // The knob's shadow, as a faint edge.
            .stroke(knob, cornerRadius: knob.height / 2, color: Color(red: 0, green: 0, blue: 0, alpha: 0.08), width: 0.5, dash: []),
        ]
    }

    /// A task list: each item's box (an iOS-style rounded square, filled with the accent and a
    /// white check mark when ticked, an outline when not) in the marker column, centred on the
    /// item's first line, and its blocks beside it. Drawn as the document says: a ticked box
    /// stays ticked (the lint's `choice.pre-ticked` reports it).
    private func placeChecklist(_ items: [ChecklistItem], x: Double, y: Double, width: Double, listDepth: Int,
                                into placed: inout Placed, links: inout [LinkSource]) -> Double {
        let side = (bodyStyle.fontSize * 1.2).rounded()
        let indent = max(listIndent, side + 8)
        let hangs = width > indent * 3
        let itemX = traits.isRightToLeft || !hangs ? x : x + indent
        let itemWidth = hangs ? width - indent : width
        var cursor = y
        for (number, item) in items.enumerated() {
            if number > 0 { cursor += metrics.listItemSpacing }
            let firstBlock = placed.blocks.count
            let itemHeight = stack(item.blocks, x: itemX, y: cursor, width: itemWidth, listDepth: listDepth + 1, into: &placed, links: &links)
            defer { cursor += itemHeight }
            guard hangs else { continue }
            // Centred on the first line of the item's text.
            var lineMid = cursor + lineHeight(bodyStyle) / 2
            if firstBlock < placed.blocks.count, let line = placed.blocks[firstBlock].measurement.lines.first {
                lineMid = placed.blocks[firstBlock].placed.origin.y + line.midY
            }
            let boxX = traits.isRightToLeft ? x + width - indent + (indent - side) : x
            let box = Rect(x: context.snap(boxX), y: context.snap(lineMid - side / 2), width: side, height: side)
            guard let checked = item.checked else {
                var builder = StyledTextBuilder(base: bodyStyle, traits: traits)
                builder.append(plain: "•")
                let marker = builder.block(width: indent, alignment: .leading, lineHeight: lineHeight(bodyStyle), lineSpacing: metrics.lineSpacing)
                let measurement = measurer.measure(marker)
                placed.blocks.insert(MeasuredBlock(placed: PlacedText(origin: Point(x: traits.isRightToLeft ? x + width - indent : x, y: cursor),
                                                                      size: Size(width: indent, height: measurement.size.height), block: marker),
                                                   measurement: measurement), at: firstBlock)
                continue
            }
            let radius = side * 0.25
            if checked {
                // The accent, as the filled button has it (links may use a darker, higher-contrast blue).
                placed.shapes.append(.fill(box, cornerRadius: radius, color: context.theme.accentFill))
                let stroke = max(1.5, side * 0.12)
                let points = [Point(x: box.x + side * 0.26, y: box.y + side * 0.53), Point(x: box.x + side * 0.43, y: box.y + side * 0.70),
                              Point(x: box.x + side * 0.75, y: box.y + side * 0.33)]
                placed.shapes.append(.line(from: points[0], to: points[1], color: Color(red: 255, green: 255, blue: 255), width: stroke))
                placed.shapes.append(.line(from: points[1], to: points[2], color: Color(red: 255, green: 255, blue: 255), width: stroke))
            } else {
                placed.shapes.append(.stroke(box.insetBy(EdgeInsets(top: 0.75, left: 0.75, bottom: 0.75, right: 0.75)), cornerRadius: radius,
                                             color: color.withAlpha(0.55), width: 1.5, dash: []))
            }
            let text = item.blocks.map { ATTSectionBuilder.inlines(of: $0).plainText }.joined(separator: " ")
            placed.checkboxes.append(BodyCheckbox(rect: box, checked: checked, text: text))
        }
        return cursor - y
    }

    private func placeText(_ inlines: [Inline], style: BaseTextStyle, x: Double, y: Double, width: Double,
                           into placed: inout Placed, links: inout [LinkSource]) -> Double {
        var builder = StyledTextBuilder(base: style, traits: traits)
        builder.imageSizes = images.mapValues(\.size)
        builder.append(inlines, links: &links)
        let block = builder.block(width: width, alignment: .leading, lineHeight: lineHeight(style), lineSpacing: metrics.lineSpacing)
        let measurement = measurer.measure(block)
        for (index, source) in builder.attachmentSources.enumerated() {
            guard let rect = measurement.attachmentRects[index] else { continue }
            placed.images.append(BodyImage(source: source, rect: rect.offsetBy(dx: x, dy: y), isInline: true))
        }
        placed.blocks.append(MeasuredBlock(
            placed: PlacedText(origin: Point(x: x, y: y), size: Size(width: width, height: measurement.size.height), block: block),
            measurement: measurement))
        return measurement.size.height
    }

    /// A list's marker column (and a quote's indent): the style's indent, widened with large text
    /// so a marker never runs into its item at the accessibility sizes.
    private var listIndent: Double {
        max(metrics.listIndent, (bodyStyle.fontSize * 1.35).rounded())
    }

    func lineHeight(_ style: BaseTextStyle) -> Double {
        style.lineHeight(traits)
    }

    /// Registers the links of a block that is not laid out, in document order.
    static func collectLinks(in block: Block, into links: inout [LinkSource]) {
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case let .link(url, content, detected):
                    links.append(LinkSource(url: url, text: content.plainText, detected: detected))
                    visit(content)
                case let .emphasis(content), let .strong(content), let .strikethrough(content), let .small(content):
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
        case .thematicBreak: break
        case let .checklist(items): items.forEach { $0.blocks.forEach { collectLinks(in: $0, into: &links) } }
        }
    }
}
