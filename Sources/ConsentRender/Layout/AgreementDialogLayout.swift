/// The words of one agreement dialog: the document in one language and its button labels.
public struct DialogContent: Sendable {
    public var document: ConsentDocument
    public var strings: ChromeStrings
    /// The resolved BCP 47 tag of the document's language.
    public var language: String
    /// What the filled button and the plain button do (accept and decline by default).
    public var primaryRole: ButtonRole
    public var secondaryRole: ButtonRole

    public init(document: ConsentDocument, strings: ChromeStrings, language: String,
                primaryRole: ButtonRole = .accept, secondaryRole: ButtonRole = .decline) {
        self.document = document
        self.strings = strings
        self.language = language
        self.primaryRole = primaryRole
        self.secondaryRole = secondaryRole
    }
}

/// Lays out the `agreement-dialog` template: a card centred in the safe area over the dimmed app,
/// with a tinted title, a body that scrolls when it does not fit, and accept and decline buttons.
///
/// On phones in landscape the body takes the leading ~70% of the card and the buttons stack in
/// the trailing column. Every origin lands on a whole device pixel.
public func layoutAgreementDialog(_ content: DialogContent, on profile: DeviceProfile, in orientation: Orientation,
                                  theme: Theme, text measurer: some TextMeasuring) -> PageLayout {
    let scale = profile.scale
    func snap(_ value: Double) -> Double { snapToPixel(value, scale: scale) }

    let screen = profile.screenSize(in: orientation)
    let safeArea = profile.safeArea[orientation]
    let safe = Rect(x: 0, y: 0, width: screen.width, height: screen.height).insetBy(safeArea)
    let traits = LanguageTraits(tag: content.language)
    let usesSideColumn = profile.idiom == .phone && orientation == .landscape

    let sideMargin = DialogMetrics.phoneSideMargin
    let cardWidth: Double = switch profile.idiom {
    case .phone: snap(max(1, safe.width - 2 * sideMargin))
    case .pad: snap(min(DialogMetrics.padMaximumWidth, max(1, safe.width - 2 * sideMargin)))
    }
    let cardX = snap(safe.midX - cardWidth / 2)
    let padding = DialogMetrics.cardPadding
    let contentWidth = max(1, cardWidth - 2 * padding)
    let bodyColumnWidth = usesSideColumn
        ? snap((contentWidth - DialogMetrics.landscapeColumnSpacing) * DialogMetrics.landscapeBodyShare)
        : contentWidth
    let buttonColumnWidth = usesSideColumn
        ? contentWidth - DialogMetrics.landscapeColumnSpacing - bodyColumnWidth
        : contentWidth

    // Title and body, measured before anything is placed.
    var links: [LinkSource] = []
    let titleStyle = BaseTextStyle(fontSize: DialogMetrics.titleFontSize, weight: .semibold,
                                   color: theme.tint, linkColor: theme.tint)
    var titleBuilder = StyledTextBuilder(base: titleStyle, traits: traits)
    titleBuilder.append(content.document.title ?? [.text(content.strings.title)], links: &links)
    // A title runs to three lines at most (ellipsised), so the buttons always stay on screen.
    let titleBlock = titleBuilder.block(width: bodyColumnWidth, alignment: .center,
                                        lineHeight: DialogMetrics.titleFontSize * traits.lineHeightMultiple, maximumLines: 3)
    let titleMeasurement = measurer.measure(titleBlock)
    let titleHeight = titleMeasurement.size.height

    let bodyLayout = BodyBlockLayout(traits: traits, theme: theme, measurer: measurer)
    var body = bodyLayout.layout(content.document.blocks, width: bodyColumnWidth, links: &links)
    // The viewport's origin is on the pixel grid, so snapping the relative origins puts every
    // block on it too, and the fold can be computed from the final positions.
    for index in body.blocks.indices {
        let origin = body.blocks[index].placed.origin
        body.blocks[index].placed.origin = Point(x: snap(origin.x), y: snap(origin.y))
    }

    let buttonLayout = ButtonLayout(traits: traits, theme: theme, measurer: measurer,
                                    roles: (content.primaryRole, content.secondaryRole))
    let arrangement: ButtonArrangement = usesSideColumn
        ? .stacked
        : buttonLayout.arrangement(for: content.strings, width: contentWidth)
    // Placed at the origin to learn their height, then moved into the card.
    let buttonsAtOrigin = buttonLayout.place(content.strings, arrangement: arrangement, origin: Point(x: 0, y: 0),
                                             width: buttonColumnWidth, scale: scale)

    // Card height: as tall as the content, up to the safe area less a margin.
    let maximumCardHeight = max(1, safe.height - 2 * DialogMetrics.verticalMargin)
    let headerHeight = snap(titleHeight + DialogMetrics.titleToBodySpacing)
    let viewportHeight: Double
    let cardHeight: Double
    if usesSideColumn {
        let maximumInner = maximumCardHeight - 2 * padding
        viewportHeight = foldHeight(of: body.blocks, contentHeight: body.height, available: maximumInner - headerHeight,
                                    scale: scale)
        let inner = max(headerHeight + viewportHeight, buttonsAtOrigin.height)
        cardHeight = snap(inner + 2 * padding)
    } else {
        let chrome = 2 * padding + headerHeight + DialogMetrics.bodyToButtonsSpacing + buttonsAtOrigin.height
        viewportHeight = foldHeight(of: body.blocks, contentHeight: body.height, available: maximumCardHeight - chrome,
                                    scale: scale)
        cardHeight = snap(chrome + viewportHeight)
    }
    let cardY = snap(safe.midY - cardHeight / 2)
    let card = Rect(x: cardX, y: cardY, width: cardWidth, height: cardHeight)

    // Place everything relative to the card. The body column is on the leading side: the right
    // in a right-to-left language, with the button column mirrored to the left.
    let leadingX = cardX + padding
    let columnX = traits.isRightToLeft && usesSideColumn ? leadingX + contentWidth - bodyColumnWidth : leadingX
    let buttonColumnX = traits.isRightToLeft ? leadingX : leadingX + contentWidth - buttonColumnWidth
    let titleOrigin = Point(x: columnX, y: cardY + padding)
    let viewport = Rect(x: columnX, y: titleOrigin.y + headerHeight, width: bodyColumnWidth, height: viewportHeight)
    let placedBody = body.blocks.map { measured -> MeasuredBlock in
        var measured = measured
        let origin = measured.placed.origin
        measured.placed.origin = Point(x: viewport.x + origin.x, y: viewport.y + origin.y)
        return measured
    }
    let buttonsOrigin: Point = if usesSideColumn {
        Point(x: buttonColumnX, y: snap(card.midY - buttonsAtOrigin.height / 2))
    } else {
        Point(x: leadingX, y: viewport.maxY + DialogMetrics.bodyToButtonsSpacing)
    }
    let buttons = buttonsAtOrigin.buttons.map { $0.offsetBy(dx: buttonsOrigin.x, dy: buttonsOrigin.y) }

    let title = PlacedText(origin: titleOrigin, size: Size(width: bodyColumnWidth, height: titleHeight), block: titleBlock)
    let bodyBox = BodyLayout(
        viewport: viewport, contentHeight: body.height, blocks: placedBody.map(\.placed),
        scrollIndicator: scrollIndicator(viewport: viewport, contentHeight: body.height,
                                         trailingGap: usesSideColumn ? DialogMetrics.landscapeColumnSpacing : padding,
                                         rightToLeft: traits.isRightToLeft, scale: scale),
        fadeHeight: body.height > viewport.height + BodyLayout.fitTolerance ? min(DialogMetrics.fadeHeight, viewport.height / 2) : 0)

    return PageLayout(
        screen: screen, scale: scale, orientation: orientation, appearance: theme.appearance, safeArea: safeArea,
        displayCornerRadius: profile.cornerRadius, backdrop: theme.backdrop, dimming: theme.dimming,
        dialog: DialogBox(rect: card, cornerRadius: DialogMetrics.cardCornerRadius, fill: theme.card),
        title: title, body: bodyBox, buttons: buttons,
        links: placeLinks(links, title: MeasuredBlock(placed: title, measurement: titleMeasurement),
                          body: placedBody, viewport: viewport),
        scrollIndicatorColor: theme.scrollIndicator, language: content.language)
}

/// The scroll indicator at the top of the gap beyond the body's trailing edge (its left edge in a
/// right-to-left language), sized by how much of the content shows; nil when the body fits.
func scrollIndicator(viewport: Rect, contentHeight: Double, trailingGap: Double, rightToLeft: Bool,
                             scale: Double) -> Rect? {
    guard contentHeight > viewport.height + BodyLayout.fitTolerance, viewport.height > 0 else { return nil }
    let inset = DialogMetrics.scrollIndicatorInset
    let height = max(min(36, viewport.height - 2 * inset), (viewport.height - 2 * inset) * viewport.height / contentHeight)
    let offset = (trailingGap - DialogMetrics.scrollIndicatorWidth) / 2
    let x = rightToLeft ? viewport.minX - offset - DialogMetrics.scrollIndicatorWidth : viewport.maxX + offset
    return Rect(x: snapToPixel(x, scale: scale), y: viewport.minY + inset,
                width: DialogMetrics.scrollIndicatorWidth, height: snapToPixel(height, scale: scale))
}

/// Where the body's viewport ends, in whole device pixels: the content's height when it fits,
/// else the bottom of the last whole line that fits in `available`, so the fold never cuts a
/// line of text in half.
func foldHeight(of blocks: [MeasuredBlock], contentHeight: Double, available: Double, scale: Double) -> Double {
    func floorToPixel(_ value: Double) -> Double { max(0, (value * scale + 1e-6).rounded(.down) / scale) }
    // Content that fits gets a viewport rounded up to whole pixels, so nothing is clipped.
    let wholeContent = (contentHeight * scale - 1e-6).rounded(.up) / scale
    guard wholeContent > available else { return max(0, wholeContent) }
    let lineBottoms = blocks.flatMap { measured in
        measured.measurement.lines.map { measured.placed.origin.y + $0.maxY }
    }
    return floorToPixel(lineBottoms.filter { $0 <= available }.max() ?? available)
}

/// Screen rectangles of every link, in the order the links appear; body links are clipped to
/// the viewport, and lines wholly below the fold are not visible.
func placeLinks(_ sources: [LinkSource], title: MeasuredBlock, body: [MeasuredBlock], viewport: Rect) -> [PlacedLink] {
    var rects = [[Rect]](repeating: [], count: sources.count)
    var visible = [[Rect]](repeating: [], count: sources.count)
    func collect(_ measured: MeasuredBlock, clip: Rect?) {
        let origin = measured.placed.origin
        for (index, lineRects) in measured.measurement.linkRects {
            for rect in lineRects {
                let onScreen = rect.offsetBy(dx: origin.x, dy: origin.y)
                rects[index].append(onScreen)
                if let clip {
                    if let shown = onScreen.intersection(clip) { visible[index].append(shown) }
                } else {
                    visible[index].append(onScreen)
                }
            }
        }
    }
    collect(title, clip: nil)
    for block in body { collect(block, clip: viewport) }
    return sources.enumerated().map { index, source in
        PlacedLink(id: "link-\(index)", url: source.url, text: source.text, rects: rects[index], visibleRects: visible[index])
    }
}
