/// The document's blocks split into sections at each `## ` heading.
struct ATTSections {
    struct Section {
        var heading: [Inline]?
        var blocks: [Block]
    }

    var sections: [Section] = []

    init(blocks: [Block]) {
        for block in blocks {
            if case let .heading(level, inlines) = block, level >= 2 {
                sections.append(Section(heading: inlines, blocks: []))
            } else if sections.isEmpty {
                sections.append(Section(heading: nil, blocks: [block]))
            } else {
                sections[sections.count - 1].blocks.append(block)
            }
        }
    }
}

/// Places one section's heading, text, flow diagram and table in a column of `width` points,
/// relative to the column's top-left corner.
struct ATTSectionBuilder {
    let context: LayoutContext
    let theme: Theme
    let width: Double
    private(set) var blocks: [MeasuredBlock] = []
    private(set) var shapes: [Shape] = []
    /// Each section heading's id and the top of its first line.
    private(set) var anchors: [BodyAnchor] = []
    /// Heading ids; the title's comes first (see `seedTitle`).
    var slugger = HeadingSlugger()

    init(context: LayoutContext, theme: Theme, width: Double) {
        self.context = context
        self.theme = theme
        self.width = width
    }

    private var traits: LanguageTraits { context.language }
    private var metrics: Metrics.Page { context.metrics.page }
    private var separator: Color { theme.palette.separator }

    private func style(_ role: TextRole, weight: FontWeight? = nil) -> BaseTextStyle {
        var style = context.textStyle(role, color: theme.label, linkColor: theme.link)
        if let weight { style.weight = weight }
        return style
    }

    /// A box: filled, and outlined 1 pt inside its edge.
    private mutating func box(_ rect: Rect, radius: Double, fill: Color, stroke: Color) {
        shapes.append(.fill(rect, cornerRadius: radius, color: fill))
        shapes.append(.stroke(rect.insetBy(EdgeInsets(top: 0.5, left: 0.5, bottom: 0.5, right: 0.5)),
                              cornerRadius: max(0, radius - 0.5), color: stroke, width: 1, dash: []))
    }

    /// Adds a text block and returns its height.
    private mutating func text(_ inlines: [Inline], style: BaseTextStyle, x: Double, y: Double, width: Double,
                               alignment: TextAlignment = .leading, links: inout [LinkSource]) -> Double {
        var builder = StyledTextBuilder(base: style, traits: traits)
        builder.append(inlines, links: &links)
        let block = builder.block(width: max(1, width), alignment: alignment, lineHeight: style.fontSize * traits.lineHeightMultiple)
        let measurement = context.measurer.measure(block)
        blocks.append(MeasuredBlock(placed: PlacedText(origin: Point(x: x, y: y),
                                                       size: Size(width: width, height: measurement.size.height), block: block),
                                    measurement: measurement))
        return measurement.size.height
    }

    /// Places `section` from `y` and returns where it ends.
    mutating func place(_ section: ATTSections.Section, at y: Double, links: inout [LinkSource]) -> Double {
        var cursor = y
        if let heading = section.heading {
            let top = cursor
            cursor += text(heading, style: style(.pageHeading), x: 0, y: cursor, width: width, links: &links) + metrics.headingToTextSpacing
            anchors.append(BodyAnchor(id: slugger.slug(for: heading.plainText), offset: top + (blocks.last?.measurement.lines.first?.minY ?? 0)))
        }
        for (index, block) in section.blocks.enumerated() {
            if index > 0 { cursor += metrics.blockSpacing }
            switch block {
            case let .list(_, _, items):
                cursor = flow(items.map { $0.flatMap(Self.inlines) }, at: cursor, links: &links)
            case let .table(header, rows):
                cursor = table(header: header, rows: rows, at: cursor, links: &links)
            default:
                cursor += text(Self.inlines(of: block), style: style(.pageBody), x: 0, y: cursor, width: width, links: &links)
            }
        }
        return cursor
    }

    /// A data flow: one rounded node per step, an arrow between consecutive nodes.
    private mutating func flow(_ steps: [[Inline]], at y: Double, links: inout [LinkSource]) -> Double {
        var cursor = y
        let padding = metrics.flowNodePadding
        for (index, step) in steps.enumerated() {
            if index > 0 {
                let top = cursor
                cursor += metrics.flowArrowLength
                shapes.append(.line(from: Point(x: width / 2, y: top + 2), to: Point(x: width / 2, y: cursor - 6),
                                    color: separator, width: metrics.flowLineWidth))
                let tip = Point(x: width / 2, y: cursor - 1), size = metrics.flowArrowHeadSize
                shapes.append(.polygon([tip, Point(x: tip.x - size * 0.6, y: tip.y - size), Point(x: tip.x + size * 0.6, y: tip.y - size)],
                                       color: separator))
            }
            let height = text(step, style: style(.pageBody), x: padding, y: cursor + padding,
                              width: width - 2 * padding, alignment: .center, links: &links)
            let node = Rect(x: 0, y: cursor, width: width, height: height + 2 * padding)
            box(node, radius: metrics.flowNodeCornerRadius, fill: theme.palette.pageSecondaryFill, stroke: separator.withAlpha(0.5))
            cursor = node.maxY
        }
        return cursor
    }

    /// A table (see `TableLayout`), placed from `y`; returns where it ends.
    private mutating func table(header: [[Inline]], rows: [[[Inline]]], at y: Double, links: inout [LinkSource]) -> Double {
        TableLayout(context: context, color: theme.label, linkColor: theme.link, ruleColor: separator)
            .place(header: header, rows: rows, x: 0, y: y, width: width, blocks: &blocks, shapes: &shapes, links: &links)
    }

    /// The inline text of a block (list items and quotes flattened).
    static func inlines(of block: Block) -> [Inline] {
        switch block {
        case let .paragraph(inlines), let .heading(_, inlines): inlines
        case let .list(_, _, items): Array(items.map { $0.flatMap(inlines(of:)) }.joined(separator: [.lineBreak]))
        case let .quote(blocks): blocks.flatMap(inlines(of:))
        case let .table(header, rows): Array(([header] + rows).map { Array($0.joined(separator: [.text(" · ")])) }.joined(separator: [.lineBreak]))
        case .thematicBreak: []
        case let .checklist(items):
            Array(items.map { item in [.text(item.checked == true ? "☑ " : item.checked == false ? "☐ " : "• ")] + item.blocks.flatMap(inlines(of:)) }
                .joined(separator: [.lineBreak]))
        }
    }
}

