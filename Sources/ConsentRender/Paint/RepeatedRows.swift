/// Which pixel rows of a painted page equal the row above, known from the page's items alone, so
/// the PNG encoder need not compare (or even read) them: on a dialog over a plain backdrop most
/// rows are backdrop, card and backdrop again, the same from one row to the next.
///
/// A row is known to repeat when neither it nor the row above is touched by anything that varies
/// from row to row: text and images (with a margin of their largest font size, for glyphs that
/// reach past their line box), gradients, blurs, curves and slanted lines, the rounded ends of
/// fills and outlines, the top and bottom edges of every shape and clip. What is left between
/// them is made of full-height stretches of fills, outlines' straight sides and vertical lines,
/// identical in every row they cover. The claim is conservative: a row it does not name is
/// compared as before, so the PNG's bytes are the same with or without it. Debug builds check
/// every claim against the pixels before each encode (`Bitmap.knownRepeatsHold`).
enum RepeatedRows {
    /// One byte per pixel row of `composition`'s canvas (non-zero: equals the row above), or nil
    /// when the page does not start with a full-screen fill of the whole canvas.
    static func flags(for page: PageLayout, composition: Composition) -> [UInt8]? {
        let height = composition.pixelHeight
        let scale = composition.scale
        guard height > 1, composition.screenOrigin == Point(x: 0, y: 0),
              composition.canvasSize == page.screen,
              let first = page.items.first, case .shape(.screenFill) = first.drawable else { return nil }
        var varies = [Bool](repeating: false, count: height)
        /// Marks the rows a band of points from `top` to `bottom` touches, one more each side for
        /// anti-aliasing.
        func markRows(_ top: Double, _ bottom: Double) {
            guard top.isFinite, bottom.isFinite else {
                varies = [Bool](repeating: true, count: height)
                return
            }
            let first = max(0, Int((min(top, bottom) * scale).rounded(.down)) - 1)
            let last = min(height - 1, Int((max(top, bottom) * scale).rounded(.up)) + 1)
            guard first <= last else { return }
            for row in first...last { varies[row] = true }
        }
        for item in page.items {
            /// An item draws only inside its clip: a scrolling body's text, taller than the screen,
            /// touches the viewport's rows alone.
            func mark(_ top: Double, _ bottom: Double) {
                guard let clip = item.clip else { return markRows(top, bottom) }
                let top = max(top, clip.minY), bottom = min(bottom, clip.maxY)
                if top <= bottom { markRows(top, bottom) }
            }
            func mark(_ rect: Rect) { mark(rect.minY, rect.maxY) }
            if let clip = item.clip {
                let radius = min(item.clipCornerRadius ?? 0, clip.width / 2, clip.height / 2)
                markRows(clip.minY, clip.minY + radius)
                markRows(clip.maxY - radius, clip.maxY)
            }
            switch item.drawable {
            case let .text(text):
                mark(text.frame.minY - item.inkMargin, text.frame.maxY + item.inkMargin)
            case let .image(image):
                mark(image.rect)
            case let .shape(shape):
                switch shape {
                case .screenFill:
                    break
                case let .fill(rect, radius, _):
                    let corner = min(max(0, radius), rect.width / 2, rect.height / 2)
                    mark(rect.minY, rect.minY + corner)
                    mark(rect.maxY - corner, rect.maxY)
                case let .fillOutside(rect, hole, _):
                    mark(rect.minY, rect.minY)
                    mark(rect.maxY, rect.maxY)
                    mark(hole.minY, hole.minY)
                    mark(hole.maxY, hole.maxY)
                case let .stroke(rect, radius, _, width, dash):
                    if dash.isEmpty {
                        let corner = min(max(0, radius), rect.width / 2, rect.height / 2)
                        mark(rect.minY - width, rect.minY + corner + width)
                        mark(rect.maxY - corner - width, rect.maxY + width)
                    } else {
                        mark(rect.minY - width, rect.maxY + width)
                    }
                case let .line(from, to, _, width):
                    if from.x == to.x {
                        mark(from.y - width, from.y + width)
                        mark(to.y - width, to.y + width)
                    } else {
                        mark(min(from.y, to.y) - width, max(from.y, to.y) + width)
                    }
                case .polygon, .path, .strokePath, .circle, .ringSegment, .verticalGradient:
                    if let bounds = shape.bounds { mark(bounds) }
                case let .backdropBlur(rect, _, sigma):
                    mark(rect.minY - 3 * sigma, rect.maxY + 3 * sigma)
                }
            }
        }
        var flags = [UInt8](repeating: 0, count: height)
        for row in 1..<height where !varies[row] && !varies[row - 1] { flags[row] = 1 }
        return flags
    }
}
