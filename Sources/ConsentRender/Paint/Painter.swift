/// Draws a page's layers, bottom to top, on a canvas. It reads only the page's items, so it
/// knows no template, and the pixels and the link map always agree.
struct Painter {
    let page: PageLayout
    let composition: Composition

    init(page: PageLayout, composition: Composition) {
        self.page = page
        self.composition = composition
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
                    try canvas.clipped(to: clip, cornerRadius: first.clipCornerRadius ?? 0) {
                        for item in run where item.bounds.map({ $0.intersection(clip) != nil }) ?? true {
                            try draw(item, on: canvas)
                        }
                    }
                } else {
                    for item in run { try draw(item, on: canvas) }
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
