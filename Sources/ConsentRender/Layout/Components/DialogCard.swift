/// A dialog card centred in the safe area (or placed as a sheet or banner, `CardFrame`): a tinted
/// title, a body that scrolls when it does not fit, and a group of buttons. On phones in landscape the body takes the leading ~70% of the card
/// and the buttons stack in the trailing column. Every origin lands on a whole device pixel.
struct DialogCard {
    var title: [Inline]
    var body: [Block]
    var buttons: ButtonGroup
    var theme: Theme
    /// The document's images by their Markdown source.
    var images: [String: DocumentImage] = [:]
    /// How a task list in the body is drawn: boxes, or a preferences layer's switches.
    var controls: BodyText.ChecklistControls = .boxes

    /// What a placed card draws and means.
    struct Placement {
        /// The card, title, body and buttons, for the content layer.
        var items: [PlacedItem]
        var card: Rect
        /// The card itself, the surface the content sits on.
        var surface: ItemRef
        var titleID: ItemRef
        var body: BodySemantics
        var buttons: [ButtonSemantics]
        var links: [PlacedLink]
    }

    /// The card centred in the safe area (the default presentation).
    func place(in context: LayoutContext) -> Placement {
        place(in: context, frame: .centred(in: context))
    }

    /// The card placed as `frame` says: centred, or at the bottom as a sheet or banner.
    func place(in context: LayoutContext, frame: CardFrame) -> Placement {
        let metrics = context.metrics.card
        let traits = context.language
        let usesSideColumn = frame.usesSideColumn
        let cardWidth = frame.width
        let cardX = frame.x
        let padding = metrics.padding
        let topPadding = frame.topPadding, bottomPadding = frame.bottomPadding
        let contentWidth = max(1, cardWidth - 2 * padding)
        // At the accessibility sizes the button column takes half the card, so labels of 40 pt
        // and more still fit a word per line.
        let bodyShare = context.traits.sizeCategory.isAccessibilitySize ? 0.5 : metrics.landscapeBodyShare
        var bodyColumnWidth = usesSideColumn
            ? context.snap((contentWidth - metrics.landscapeColumnSpacing) * bodyShare)
            : contentWidth
        if usesSideColumn {
            // The button column is at least the style's minimum button width, up to half the card.
            let wanted = min(context.metrics.buttons.minimumWidth, (contentWidth - metrics.landscapeColumnSpacing) / 2)
            bodyColumnWidth = min(bodyColumnWidth, context.snap(contentWidth - metrics.landscapeColumnSpacing - wanted))
        }
        let buttonColumnWidth = usesSideColumn ? contentWidth - metrics.landscapeColumnSpacing - bodyColumnWidth : contentWidth

        // Title and body, measured before anything is placed.
        var links: [LinkSource] = []
        let titleStyle = context.textStyle(.title, color: theme.title, linkColor: theme.title)
        var titleBuilder = StyledTextBuilder(base: titleStyle, traits: traits)
        titleBuilder.append(title, links: &links)
        let titleBlock = titleBuilder.block(width: bodyColumnWidth, alignment: context.metrics.text.titleAlignment,
                                            lineHeight: titleStyle.lineHeight(traits),
                                            maximumLines: context.metrics.text.titleMaximumLines)
        let titleMeasurement = context.measurer.measure(titleBlock)
        let titleHeight = titleMeasurement.size.height

        var bodyText = BodyText(context: context, color: theme.label, linkColor: theme.link)
        bodyText.images = images
        bodyText.controls = controls
        let column = bodyText.layoutColumn(body, width: bodyColumnWidth, title: title, links: &links)
        var laidOut = (blocks: column.placed.blocks, shapes: column.placed.shapes, height: column.height)
        // The viewport's origin is on the pixel grid, so snapping the relative origins puts every
        // block on it too, and the fold can be computed from the final positions.
        for index in laidOut.blocks.indices {
            let origin = laidOut.blocks[index].placed.origin
            laidOut.blocks[index].placed.origin = Point(x: context.snap(origin.x), y: context.snap(origin.y))
        }

        let axis: ButtonGroup.Axis = usesSideColumn && context.metrics.buttons.arrangement != .sideBySide
            ? .vertical : buttons.axis(toFit: contentWidth, in: context)
        // Placed at the origin to learn their height, then moved into the card.
        let buttonsAtOrigin = buttons.place(axis, at: Point(x: 0, y: 0), width: buttonColumnWidth, in: context)

        // Card height: as tall as the content, up to the frame's maximum.
        let maximumCardHeight = frame.maximumHeight
        let headerHeight = context.snap(titleHeight + metrics.titleToBodySpacing)
        let viewportHeight: Double
        let cardHeight: Double
        if usesSideColumn {
            let maximumInner = maximumCardHeight - topPadding - bottomPadding
            viewportHeight = foldHeight(of: laidOut.blocks, contentHeight: laidOut.height, available: maximumInner - headerHeight,
                                        scale: context.scale)
            cardHeight = context.snap(max(headerHeight + viewportHeight, buttonsAtOrigin.height) + topPadding + bottomPadding)
        } else {
            let chrome = topPadding + bottomPadding + headerHeight + metrics.bodyToButtonsSpacing + buttonsAtOrigin.height
            viewportHeight = foldHeight(of: laidOut.blocks, contentHeight: laidOut.height, available: maximumCardHeight - chrome,
                                        scale: context.scale)
            cardHeight = context.snap(chrome + viewportHeight)
        }
        // Content taller than the room (the title and buttons alone at the largest text sizes)
        // keeps the card in the safe area, its content running on below its bottom edge as a
        // scroll view's would; what falls outside is clipped, and the lint reports the buttons.
        let overflows = cardHeight > maximumCardHeight + 1e-6
        // A full-screen sheet is as tall as the room, whatever its content.
        let shownHeight = overflows || frame.fillsHeight ? context.snap(maximumCardHeight) : cardHeight
        let cardY: Double
        switch frame.anchor {
        case let .centred(band, margin):
            cardY = overflows ? context.snap(band.minY + margin) : context.snap(band.midY - cardHeight / 2)
        case let .bottom(edge):
            cardY = context.snap(edge - shownHeight)
        case let .top(y):
            cardY = context.snap(y)
        }
        let card = Rect(x: cardX, y: cardY, width: cardWidth, height: shownHeight)

        // Place everything relative to the card. The body column is on the leading side: the right
        // in a right-to-left language, with the button column mirrored to the left.
        let leadingX = cardX + padding
        let columnX = traits.isRightToLeft && usesSideColumn ? leadingX + contentWidth - bodyColumnWidth : leadingX
        let buttonColumnX = traits.isRightToLeft ? leadingX : leadingX + contentWidth - buttonColumnWidth
        let titleOrigin = Point(x: columnX, y: cardY + topPadding)
        let viewport = Rect(x: columnX, y: titleOrigin.y + headerHeight, width: bodyColumnWidth, height: viewportHeight)
        let placedBody = laidOut.blocks.map { $0.offsetBy(dx: viewport.x, dy: viewport.y) }
        let buttonsOrigin: Point = usesSideColumn
            ? Point(x: buttonColumnX, y: overflows ? cardY + topPadding
                        // A full-screen sheet pins them to its bottom; a card centres them.
                        : frame.fillsHeight ? context.snap(cardY + shownHeight - bottomPadding - buttonsAtOrigin.height)
                        : context.snap(cardY + topPadding + (shownHeight - topPadding - bottomPadding - buttonsAtOrigin.height) / 2))
            // A sheet at its full height pins them to its bottom, under the body's fold.
            : Point(x: leadingX, y: frame.fillsHeight && !overflows
                        ? max(viewport.maxY + metrics.bodyToButtonsSpacing, context.snap(cardY + shownHeight - bottomPadding - buttonsAtOrigin.height))
                        : viewport.maxY + metrics.bodyToButtonsSpacing)
        let placedButtons = buttonsAtOrigin.offsetBy(dx: buttonsOrigin.x, dy: buttonsOrigin.y)

        let titleText = PlacedText(origin: titleOrigin, size: Size(width: bodyColumnWidth, height: titleHeight), block: titleBlock)
        let scrollBody = ScrollBody(blocks: placedBody, shapes: laidOut.shapes.map { $0.offsetBy(dx: viewport.x, dy: viewport.y) },
                                    viewport: viewport, contentHeight: laidOut.height,
                                    indicatorGap: usesSideColumn ? metrics.landscapeColumnSpacing : padding,
                                    surface: theme.card, indicatorColor: theme.scrollIndicator,
                                    anchors: column.placed.anchors, truncatedAt: column.placed.truncatedAt,
                                    images: column.placed.images.map { image in
                                        var moved = image
                                        moved.rect = image.rect.offsetBy(dx: viewport.x, dy: viewport.y)
                                        return moved
                                    }, imageFiles: images,
                                    checkboxes: column.placed.checkboxes.map { box in
                                        var moved = box
                                        moved.rect = box.rect.offsetBy(dx: viewport.x, dy: viewport.y)
                                        return moved
                                    })
        let (bodyItems, bodySemantics) = scrollBody.placed(in: context)
        // A sheet's or banner's surface runs past the card to the screen's edges (an attached sheet's
        // past the bottom edge, so only its top corners show).
        let outset = frame.surfaceOutset
        let drawn = Rect(x: card.x - outset.left, y: card.y - outset.top, width: card.width + outset.left + outset.right,
                         height: card.height + outset.top + outset.bottom)
        let surface = PlacedItem(id: "card", drawable: .shape(.fill(drawn, cornerRadius: frame.cornerRadius, color: theme.card)))
        let title = PlacedItem(id: "title", drawable: .text(titleText))
        var items = [surface, title]
        if let grabber = frame.grabber {
            let rect = Rect(x: context.snap(card.midX - grabber.width / 2), y: card.y + grabber.top, width: grabber.width, height: grabber.height)
            items.append(PlacedItem(id: "grabber", drawable: .shape(.fill(rect, cornerRadius: grabber.height / 2, color: grabber.color))))
        }
        items += bodyItems
        items += placedButtons.items
        if overflows {
            items = items.enumerated().map { index, item in
                guard index > 0, item.id != "grabber" else { return item }
                var clipped = item
                clipped.clip = item.clip.map { $0.intersection(card) ?? Rect(x: card.x, y: card.maxY, width: 0, height: 0) } ?? card
                return clipped
            }
        }
        return Placement(
            items: items, card: card, surface: surface.ref, titleID: title.ref, body: bodySemantics, buttons: placedButtons.buttons,
            links: placeLinks(links, title: MeasuredBlock(placed: titleText, measurement: titleMeasurement), body: placedBody,
                              viewport: viewport))
    }
}
