/// A placed text block with the measurement it was placed by.
struct MeasuredBlock {
    var placed: PlacedText
    var measurement: TextMeasurement

    func offsetBy(dx: Double, dy: Double) -> MeasuredBlock {
        var moved = self
        moved.placed.origin = Point(x: placed.origin.x + dx, y: placed.origin.y + dy)
        return moved
    }
}

/// A scrolling body: text (and shapes under it) clipped to a viewport, with a fade at the fold
/// and a scroll indicator when the content does not fit, as a UITextView shows it at the top.
struct ScrollBody {
    /// The text, on screen.
    var blocks: [MeasuredBlock]
    /// Shapes under the text (diagram nodes, arrows, table rules), on screen.
    var shapes: [Shape] = []
    var viewport: Rect
    var contentHeight: Double
    /// Width of the gap beyond the body's trailing edge where the indicator sits.
    var indicatorGap: Double
    /// The surface behind the body, which the fade blends into.
    var surface: Color
    var indicatorColor: Color
    /// The body's headings, for `#anchor` scrolling.
    var anchors: [BodyAnchor] = []
    /// Where a text longer than the layout limit stopped.
    var truncatedAt: Double?
    /// The body's images, on screen, with their PNG bytes by source.
    var images: [BodyImage] = []
    var imageFiles: [String: DocumentImage] = [:]
    /// The task list's boxes, on screen.
    var checkboxes: [BodyCheckbox] = []

    var isScrollable: Bool { contentHeight > viewport.height + BodySemantics.fitTolerance }

    /// The body's items and semantics: shapes, then text (both clipped), then the fade and the indicator.
    func placed(in context: LayoutContext) -> (items: [PlacedItem], semantics: BodySemantics) {
        var items = shapes.enumerated().map { index, shape in
            PlacedItem(id: "body-shape-\(index)", drawable: .shape(shape), clip: viewport)
        }
        var placedImages: [BodyImage] = []
        for (index, image) in images.enumerated() {
            guard let file = imageFiles[image.source] else { continue }
            let item = PlacedItem(id: "body-image-\(index)",
                                  drawable: .image(PlacedImage(png: file.png, rect: image.rect, fit: .stretch, source: image.source)), clip: viewport)
            items.append(item)
            var placed = image
            placed.itemID = item.ref
            placedImages.append(placed)
        }
        let blockItems = blocks.enumerated().map { index, block in
            PlacedItem(id: "body-\(index)", drawable: .text(block.placed), clip: viewport)
        }
        items += blockItems
        var semantics = BodySemantics(viewport: viewport, contentHeight: contentHeight, scrollOffset: 0,
                                      blockIDs: blockItems.map(\.ref), indicatorID: nil, fadeID: nil)
        semantics.anchors = anchors
        semantics.truncatedAt = truncatedAt
        semantics.images = placedImages
        semantics.checkboxes = checkboxes
        let scrolling = context.metrics.scrolling
        if isScrollable {
            let fadeHeight = min(scrolling.fadeHeight, viewport.height / 2)
            if fadeHeight > 0 {
                let fade = Rect(x: viewport.x, y: viewport.maxY - fadeHeight, width: viewport.width, height: fadeHeight)
                let item = PlacedItem(id: "body-fade", drawable: .shape(.verticalGradient(fade, top: surface.withAlpha(0), bottom: surface)))
                items.append(item)
                semantics.fadeID = item.ref
            }
            if let indicator = indicatorRect(in: context) {
                let item = PlacedItem(id: "scroll-indicator", drawable: .shape(.fill(indicator, cornerRadius: indicator.width / 2,
                                                                                     color: indicatorColor)))
                items.append(item)
                semantics.indicatorID = item.ref
            }
        }
        return (items, semantics)
    }

    /// The scroll indicator at the top of the gap beyond the body's trailing edge (its left edge
    /// in a right-to-left language), sized by how much of the content shows.
    private func indicatorRect(in context: LayoutContext) -> Rect? {
        guard viewport.height > 0 else { return nil }
        let scrolling = context.metrics.scrolling
        let inset = scrolling.indicatorInset
        let track = viewport.height - 2 * inset
        let height = max(min(scrolling.indicatorMinimumLength, track), track * viewport.height / contentHeight)
        let offset = (indicatorGap - scrolling.indicatorWidth) / 2
        let x = context.language.isRightToLeft ? viewport.minX - offset - scrolling.indicatorWidth : viewport.maxX + offset
        return Rect(x: context.snap(x), y: viewport.minY + inset, width: scrolling.indicatorWidth, height: context.snap(height))
    }
}

/// Screen rectangles of every link, in the order the links appear; body links are clipped to
/// the viewport, and lines wholly below the fold are not visible.
func placeLinks(_ sources: [LinkSource], title: MeasuredBlock?, body: [MeasuredBlock], viewport: Rect) -> [PlacedLink] {
    var rects = [[Rect]](repeating: [], count: sources.count)
    var visible = [[Rect]](repeating: [], count: sources.count)
    func collect(_ measured: MeasuredBlock, clip: Rect?) {
        let origin = measured.placed.origin
        for (index, lineRects) in measured.measurement.linkRects where index < sources.count {
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
    if let title { collect(title, clip: nil) }
    for block in body { collect(block, clip: viewport) }
    return sources.enumerated().map { index, source in
        var link = PlacedLink(id: "link-\(index)", url: source.url, text: source.text, rects: rects[index], visibleRects: visible[index])
        link.detected = source.detected
        return link
    }
}

/// Where a body's viewport ends, in whole device pixels: the content's height when it fits, else
/// the bottom of the last whole line that fits in `available`, so the fold never cuts a line of
/// text in half.
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
