/// A page with its body scrolled (`--scroll`): the body's text and shapes move up inside their
/// viewport (a line cut by its top edge is clipped, as iOS shows it), the scroll indicator moves
/// down its track, the fade at the fold goes at the end, and the links' rects and visibility follow.
extension PageLayout {
    /// How far the body can scroll: its content's height less its viewport's.
    public var maximumScrollOffset: Double {
        max(0, semantics.body.contentHeight - semantics.body.viewport.height)
    }

    /// The page with its body scrolled down by `offset` points (clamped to 0…`maximumScrollOffset`).
    public func scrolled(by offset: Double) -> PageLayout {
        let maximum = maximumScrollOffset
        let offset = min(max(0, offset), maximum)
        guard offset > 0 else { return self }
        var page = self
        let body = semantics.body
        let viewport = body.viewport
        let moving = Set(body.blockIDs)
        let atEnd = offset >= maximum - 1e-6
        func snap(_ value: Double) -> Double { snapToPixel(value, scale: scale) }
        page.layers = layers.map { layer in
            var layer = layer
            layer.items = layer.items.compactMap { item in
                if moving.contains(item.ref) || item.id.hasPrefix("body-shape-") || item.id.hasPrefix("body-image-") {
                    var moved = item.offsetBy(dx: 0, dy: -offset)
                    moved.clip = item.clip
                    return moved
                }
                if item.ref == body.fadeID { return atEnd ? nil : item }
                if item.ref == body.indicatorID, let rect = item.bounds {
                    // The indicator's inset at the top is kept at the bottom of its track.
                    let inset = rect.minY - viewport.minY
                    let travel = max(0, viewport.height - 2 * inset - rect.height)
                    return item.offsetBy(dx: 0, dy: snap(travel * offset / maximum))
                }
                return item
            }
            return layer
        }
        if atEnd { page.semantics.body.fadeID = nil }
        page.semantics.body.scrollOffset = offset
        page.semantics.body.images = body.images.map { image in
            var moved = image
            moved.rect = image.rect.offsetBy(dx: 0, dy: -offset)
            return moved
        }
        page.semantics.body.checkboxes = body.checkboxes.map { box in
            var moved = box
            moved.rect = box.rect.offsetBy(dx: 0, dy: -offset)
            return moved
        }
        // Body links move with the text and show where they meet the viewport; the title's stay.
        page.semantics.links = semantics.links.map { link in
            var link = link
            var rects: [Rect] = [], visible: [Rect] = []
            for rect in link.rects {
                if isTitleRect(rect) {
                    rects.append(rect)
                    visible.append(rect)
                    continue
                }
                let moved = rect.offsetBy(dx: 0, dy: -offset)
                rects.append(moved)
                if let shown = moved.intersection(viewport) { visible.append(shown) }
            }
            link.rects = rects
            link.visibleRects = visible
            return link
        }
        return page
    }

    /// Whether `rect` lies in the title's frame (a link of the title, which does not scroll).
    private func isTitleRect(_ rect: Rect) -> Bool {
        guard let title = text(semantics.titleID) else { return false }
        return title.frame.contains(rect, tolerance: 0.01)
    }
}
