/// Lays out the `att-explainer` template: the full-screen page an app shows before the system's
/// tracking prompt. It must look unlike the app's own UI, so it uses only system colours and
/// fonts (never the brand tint), and it offers exactly one action, `continue`, which leads to the
/// system prompt.
///
/// The document's `## ` headings start its sections: a section with a list is drawn as a data
/// flow (one node per step, joined by arrows), a section with a GFM table as a wrapping table, and
/// any other section as text. Dots on the trailing edge mark the sections.
public func layoutATTExplainer(_ content: DialogContent, on profile: DeviceProfile, in orientation: Orientation,
                               theme: Theme, text measurer: some TextMeasuring) -> PageLayout {
    let scale = profile.scale
    func snap(_ value: Double) -> Double { snapToPixel(value, scale: scale) }
    let screen = profile.screenSize(in: orientation)
    let safeArea = profile.safeArea[orientation]
    let safe = Rect(x: 0, y: 0, width: screen.width, height: screen.height).insetBy(safeArea)
    let traits = LanguageTraits(tag: content.language)
    let colors = SystemColors(appearance: theme.appearance)

    let columnWidth = snap(min(safe.width - 48, 600))
    let columnX = snap(safe.midX - columnWidth / 2)
    var links: [LinkSource] = []

    // Title: large, bold, the label colour (not the brand tint).
    let titleStyle = BaseTextStyle(fontSize: 28, weight: .bold, color: colors.label, linkColor: colors.link)
    var titleBuilder = StyledTextBuilder(base: titleStyle, traits: traits)
    titleBuilder.append(content.document.title ?? [.text(content.strings.title)], links: &links)
    // Three lines at most (ellipsised), so the sections and the button always keep their room.
    let titleBlock = titleBuilder.block(width: columnWidth, alignment: .natural, lineHeight: 28 * traits.displayLineHeightMultiple,
                                        maximumLines: 3)
    let titleMeasurement = measurer.measure(titleBlock)
    let title = PlacedText(origin: Point(x: columnX, y: snap(safe.minY + 24)),
                           size: Size(width: columnWidth, height: titleMeasurement.size.height), block: titleBlock)

    // The one action, at the bottom.
    let buttonHeight = 50.0
    let buttonRect = Rect(x: columnX, y: snap(safe.maxY - 16 - buttonHeight), width: columnWidth, height: buttonHeight)
    var labelBuilder = StyledTextBuilder(base: BaseTextStyle(fontSize: 17, weight: .semibold, color: colors.onAccent,
                                                             linkColor: colors.onAccent), traits: traits)
    labelBuilder.append(plain: content.strings.continueLabel)
    let labelBlock = labelBuilder.block(width: columnWidth - 32, alignment: .center, lineHeight: 17 * traits.lineHeightMultiple)
    let labelHeight = measurer.measure(labelBlock).size.height
    let button = PlacedButton(
        role: .continue, label: content.strings.continueLabel, rect: buttonRect, cornerRadius: 12, fill: colors.accent,
        border: nil, labelText: PlacedText(origin: Point(x: columnX + 16, y: snap(buttonRect.midY - labelHeight / 2)),
                                           size: Size(width: columnWidth - 32, height: labelHeight), block: labelBlock))

    // Sections, stacked in the body's own coordinates, then moved under the title.
    let sections = ATTSections(blocks: content.document.blocks)
    var builder = ATTSectionBuilder(traits: traits, colors: colors, measurer: measurer, width: columnWidth)
    var headingOffsets: [Double] = []
    var cursor = 0.0
    for (index, section) in sections.sections.enumerated() {
        if index > 0 { cursor += 24 }
        headingOffsets.append(cursor)
        cursor = builder.place(section, at: snap(cursor), links: &links)
    }
    let viewportTop = snap(title.frame.maxY + 16)
    let available = max(0, buttonRect.minY - 16 - viewportTop)
    let contentHeight = cursor
    let viewportHeight = contentHeight > available ? snap(available) : snap(contentHeight)
    let viewport = Rect(x: columnX, y: viewportTop, width: columnWidth, height: viewportHeight)
    let measured = builder.blocks.map { block -> MeasuredBlock in
        var block = block
        block.placed.origin = Point(x: block.placed.origin.x + columnX, y: block.placed.origin.y + viewportTop)
        return block
    }
    let decorations = builder.decorations.map { $0.offsetBy(dx: columnX, dy: viewportTop) }
    let scrolls = contentHeight > viewportHeight + BodyLayout.fitTolerance
    var body = BodyLayout(
        viewport: viewport, contentHeight: contentHeight, blocks: measured.map(\.placed),
        scrollIndicator: scrollIndicator(viewport: viewport, contentHeight: contentHeight, trailingGap: 8,
                                         rightToLeft: traits.isRightToLeft, scale: scale),
        fadeHeight: scrolls ? min(DialogMetrics.fadeHeight, viewport.height / 2) : 0)
    body.decorations = decorations

    // A page indicator on the trailing edge: one dot per section, the first (shown on open) filled.
    let dotX = traits.isRightToLeft ? columnX - 15 : columnX + columnWidth + 15
    let dots = headingOffsets.indices.map { index -> Decoration in
        .dot(center: Point(x: dotX, y: viewportTop + 11 + Double(index) * 14), radius: 3.5,
             color: index == 0 ? colors.label : colors.label.withAlpha(0.3))
    }

    var page = PageLayout(
        screen: screen, scale: scale, orientation: orientation, appearance: theme.appearance, safeArea: safeArea,
        displayCornerRadius: profile.cornerRadius, backdrop: colors.background, dimming: colors.background.withAlpha(0),
        dialog: DialogBox(rect: Rect(x: 0, y: 0, width: screen.width, height: screen.height), cornerRadius: 0,
                          fill: colors.background),
        title: title, body: body, buttons: [button],
        links: placeLinks(links, title: MeasuredBlock(placed: title, measurement: titleMeasurement), body: measured, viewport: viewport),
        scrollIndicatorColor: theme.scrollIndicator, language: content.language)
    page.decorations = dots
    return page
}

/// The explainer's system colours (no brand colour anywhere).
struct SystemColors {
    let background, label, secondaryFill, separator, accent, link, onAccent: Color

    init(appearance: Appearance) {
        switch appearance {
        case .light:
            background = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
            label = Color(red: 0, green: 0, blue: 0)
            secondaryFill = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
            separator = Color(red: 0x8E, green: 0x8E, blue: 0x93)
            accent = Theme.systemBlueLight
            link = Color(red: 0x00, green: 0x40, blue: 0xDD)
        case .dark:
            background = Color(red: 0, green: 0, blue: 0)
            label = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
            secondaryFill = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
            separator = Color(red: 0x8E, green: 0x8E, blue: 0x93)
            accent = Theme.systemBlueDark
            link = Color(red: 0x40, green: 0x9C, blue: 0xFF)
        }
        onAccent = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    }
}

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

/// Places one section's heading, text, flow diagram and table in a column of `width` points.
struct ATTSectionBuilder {
    let traits: LanguageTraits
    let colors: SystemColors
    let measurer: any TextMeasuring
    let width: Double
    private(set) var blocks: [MeasuredBlock] = []
    private(set) var decorations: [Decoration] = []

    init(traits: LanguageTraits, colors: SystemColors, measurer: any TextMeasuring, width: Double) {
        self.traits = traits
        self.colors = colors
        self.measurer = measurer
        self.width = width
    }

    private func style(size: Double, weight: FontWeight) -> BaseTextStyle {
        BaseTextStyle(fontSize: size, weight: weight, color: colors.label, linkColor: colors.link)
    }

    /// Adds a text block and returns its height.
    private mutating func text(_ inlines: [Inline], style: BaseTextStyle, x: Double, y: Double, width: Double,
                               alignment: TextAlignment = .natural, links: inout [LinkSource]) -> Double {
        var builder = StyledTextBuilder(base: style, traits: traits)
        builder.append(inlines, links: &links)
        let block = builder.block(width: max(1, width), alignment: alignment, lineHeight: style.fontSize * traits.lineHeightMultiple)
        let measurement = measurer.measure(block)
        blocks.append(MeasuredBlock(placed: PlacedText(origin: Point(x: x, y: y),
                                                       size: Size(width: width, height: measurement.size.height), block: block),
                                    measurement: measurement))
        return measurement.size.height
    }

    /// Places `section` from `y` and returns where it ends.
    mutating func place(_ section: ATTSections.Section, at y: Double, links: inout [LinkSource]) -> Double {
        var cursor = y
        if let heading = section.heading {
            cursor += text(heading, style: style(size: 17, weight: .semibold), x: 0, y: cursor, width: width, links: &links) + 8
        }
        for (index, block) in section.blocks.enumerated() {
            if index > 0 { cursor += 10 }
            switch block {
            case let .list(_, _, items):
                cursor = flow(items.map { $0.flatMap(Self.inlines) }, at: cursor, links: &links)
            case let .table(header, rows):
                cursor = table(header: header, rows: rows, at: cursor, links: &links)
            default:
                cursor += text(Self.inlines(of: block), style: style(size: 15, weight: .regular), x: 0, y: cursor, width: width,
                               links: &links)
            }
        }
        return cursor
    }

    /// A data flow: one rounded node per step, an arrow between consecutive nodes.
    private mutating func flow(_ steps: [[Inline]], at y: Double, links: inout [LinkSource]) -> Double {
        var cursor = y
        let padding = 12.0
        for (index, step) in steps.enumerated() {
            if index > 0 {
                let top = cursor
                cursor += 24
                decorations.append(.line(from: Point(x: width / 2, y: top + 2), to: Point(x: width / 2, y: cursor - 6),
                                         color: colors.separator, width: 1.5))
                decorations.append(.arrowhead(tip: Point(x: width / 2, y: cursor - 1), size: 7, color: colors.separator))
            }
            let height = text(step, style: style(size: 15, weight: .regular), x: padding, y: cursor + padding,
                              width: width - 2 * padding, alignment: .center, links: &links)
            let node = Rect(x: 0, y: cursor, width: width, height: height + 2 * padding)
            decorations.append(.box(rect: node, radius: 10, fill: colors.secondaryFill, stroke: colors.separator.withAlpha(0.5)))
            cursor = node.maxY
        }
        return cursor
    }

    /// A table whose columns share the width equally and whose cells wrap.
    private mutating func table(header: [[Inline]], rows: [[[Inline]]], at y: Double, links: inout [LinkSource]) -> Double {
        let columns = max(1, ([header] + rows).map(\.count).max() ?? 1)
        let columnWidth = width / Double(columns)
        let padding = 8.0
        var cursor = y
        let top = y
        for (rowIndex, row) in ([header] + rows).enumerated() {
            let weight: FontWeight = rowIndex == 0 ? .semibold : .regular
            var rowHeight = 0.0
            for column in 0..<columns {
                let cell = column < row.count ? row[column] : []
                let height = text(cell, style: style(size: 14, weight: weight), x: Double(column) * columnWidth + padding,
                                  y: cursor + padding, width: columnWidth - 2 * padding, links: &links)
                rowHeight = max(rowHeight, height)
            }
            cursor += rowHeight + 2 * padding
            decorations.append(.line(from: Point(x: 0, y: cursor), to: Point(x: width, y: cursor),
                                     color: colors.separator.withAlpha(rowIndex == 0 ? 1 : 0.5), width: rowIndex == 0 ? 1 : 0.5))
        }
        for column in 1..<max(2, columns) where column < columns {
            let x = Double(column) * columnWidth
            decorations.append(.line(from: Point(x: x, y: top), to: Point(x: x, y: cursor), color: colors.separator.withAlpha(0.5), width: 0.5))
        }
        return cursor
    }

    /// The inline text of a block (list items and quotes flattened).
    static func inlines(of block: Block) -> [Inline] {
        switch block {
        case let .paragraph(inlines), let .heading(_, inlines): inlines
        case let .list(_, _, items): Array(items.map { $0.flatMap(inlines(of:)) }.joined(separator: [.lineBreak]))
        case let .quote(blocks): blocks.flatMap(inlines(of:))
        case let .table(header, rows): Array(([header] + rows).map { Array($0.joined(separator: [.text(" · ")])) }.joined(separator: [.lineBreak]))
        }
    }
}

extension Decoration {
    func offsetBy(dx: Double, dy: Double) -> Decoration {
        func move(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y + dy) }
        switch self {
        case let .box(rect, radius, fill, stroke): return .box(rect: rect.offsetBy(dx: dx, dy: dy), radius: radius, fill: fill, stroke: stroke)
        case let .line(from, to, color, width): return .line(from: move(from), to: move(to), color: color, width: width)
        case let .arrowhead(tip, size, color): return .arrowhead(tip: move(tip), size: size, color: color)
        case let .dot(center, radius, color): return .dot(center: move(center), radius: radius, color: color)
        }
    }
}
