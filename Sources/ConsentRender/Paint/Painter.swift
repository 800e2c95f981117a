/// Draws a page's layers, bottom to top, on a canvas. It reads only the page's items, so it
/// knows no template, and the pixels and the link map always agree.
struct Painter {
    let page: PageLayout
    let composition: Composition
    /// When set, the canvas is a band of the page from `top` to `bottom` points (see
    /// `ConsentRenderer.screenshotPNG`): items that cannot reach it are not drawn.
    var band: (top: Double, bottom: Double)?

    init(page: PageLayout, composition: Composition) {
        self.page = page
        self.composition = composition
    }

    /// Whether every item that may draw in the band draws the same pixels on a canvas whose first
    /// row is the band's as on one of the whole page: text and plain shapes do; gradients and
    /// images, which Cairo samples in fixed point from the canvas's origin, and blurs, which read
    /// rows around them, need the page's own coordinates.
    var bandIsOffsetExact: Bool {
        page.items.allSatisfy { item in
            guard reachesBand(item), item.clip.map({ clip in band.map { clip.minY < $0.bottom && clip.maxY > $0.top } ?? true }) ?? true
            else { return true }
            switch item.drawable {
            case .text: return true
            case .image: return false
            case let .shape(shape):
                switch shape {
                case .verticalGradient, .backdropBlur: return false
                default: return true
                }
            }
        }
    }

    /// Whether `item` may draw in the band (always without one).
    private func reachesBand(_ item: PlacedItem) -> Bool {
        guard let band else { return true }
        guard let reach = item.inkRows else { return true }
        return reach.top < band.bottom && reach.bottom > band.top
    }

    func paint(on canvas: some Canvas) throws {
        try canvas.translated(by: composition.screenOrigin) {
            var items = page.items[...]
            // A backdrop colour under a full-screen scrim, with nothing between them, is one
            // opaque colour: one fill instead of a fill and a blend.
            if let backdrop = items.first, case let .shape(.screenFill(color)) = backdrop.drawable,
               let scrim = items.dropFirst().first, page.layers.first(where: { $0.kind == .scrim })?.items.first == scrim,
               case let .shape(.fill(rect, 0, dimming)) = scrim.drawable, rect == page.screenRect, scrim.clip == nil {
                canvas.replace(page.screenRect, with: dimming.composited(over: color))
                items = items.dropFirst(2)
            }
            // Consecutive items with the same clip share one clip.
            while let first = items.first {
                let run = items.prefix { $0.clip == first.clip && $0.clipCornerRadius == first.clipCornerRadius }
                items = items.dropFirst(run.count)
                if let clip = first.clip {
                    if let band, clip.minY >= band.bottom || clip.maxY <= band.top { continue }
                    try canvas.clipped(to: clip, cornerRadius: first.clipCornerRadius ?? 0) {
                        for item in run where item.bounds.map({ $0.intersection(clip) != nil }) ?? true && reachesBand(item) {
                            try draw(item, on: canvas)
                        }
                    }
                } else {
                    for item in run where reachesBand(item) { try draw(item, on: canvas) }
                }
            }
        }
    }

    private func draw(_ item: PlacedItem, on canvas: some Canvas) throws {
        switch item.drawable {
        case let .text(text):
            canvas.drawText(text.block, at: text.origin)
        case let .image(image):
            try canvas.drawImage(image)
        case let .shape(shape):
            switch shape {
            case let .screenFill(color):
                canvas.replace(page.screenRect, with: color)
            case let .fill(rect, radius, color):
                canvas.fillRoundedRect(rect, radius: radius, with: color)
            case let .fillOutside(rect, hole, color):
                canvas.fill(rect, excluding: hole, with: color)
            case let .stroke(rect, radius, color, width, dash):
                canvas.strokeRoundedRect(rect, radius: radius, with: color, width: width, dash: dash)
            case let .line(from, to, color, width):
                canvas.strokeLine(from: from, to: to, with: color, width: width)
            case let .polygon(points, color):
                canvas.fillPolygon(points, with: color)
            case let .path(subpaths, color):
                canvas.fillPath(subpaths, with: color)
            case let .strokePath(subpaths, closed, color, width, round):
                canvas.strokePath(subpaths, closed: closed, with: color, width: width, round: round)
            case let .circle(center, radius, color):
                canvas.fillCircle(center: center, radius: radius, with: color)
            case let .ringSegment(center, inner, outer, start, end, color):
                canvas.fillRingSegment(center: center, innerRadius: inner, outerRadius: outer, from: start, to: end, with: color)
            case let .verticalGradient(rect, top, bottom):
                canvas.fillVerticalGradient(rect, from: top, to: bottom)
            case let .backdropBlur(rect, radius, sigma):
                try canvas.blurBehind(rect, cornerRadius: radius, sigma: sigma)
            }
        }
    }
}
