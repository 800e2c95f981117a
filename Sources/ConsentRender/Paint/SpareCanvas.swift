import Foundation

/// The pixels of the last screen a renderer painted, given back by its caller (`recycle`), for the
/// next screen of the same pixel size and background colour to paint over: only the rows either
/// screen draws on are filled with the background again, not the whole screen (a full-screen
/// fill of an iPhone's 12 MB runs at memory speed and was half of painting a matrix cell). Every
/// other row already holds exactly what a full fill would put there, so the pixels are the same;
/// debug builds paint every reused screen afresh too and compare.
struct SpareCanvas {
    var pixels: [UInt32]
    let width: Int
    let height: Int
    /// The colour the page's background fill painted (`Painter.background(of:)`).
    let background: Color
    /// What that colour is as a pixel, read from a row nothing else drew on.
    let backgroundPixel: UInt32
    /// One flag per pixel row: true where the page drew anything over its background.
    let drawn: [Bool]

    /// The background colour of `page` and, per pixel row of `composition`'s canvas, whether
    /// anything besides it may draw there: every item's rows (within its clip), text with its ink
    /// margin, outlines and lines with their width, one row more each side for anti-aliasing.
    /// Nil when the page is not a full-screen background fill over the whole canvas.
    static func drawnRows(of page: PageLayout, composition: Composition) -> (background: Color, drawn: [Bool])? {
        let height = composition.pixelHeight, scale = composition.scale
        guard height > 0, composition.screenOrigin == Point(x: 0, y: 0), composition.canvasSize == page.screen,
              let background = Painter.background(of: page) else { return nil }
        var drawn = [Bool](repeating: false, count: height)
        for item in page.items.dropFirst(background.items) {
            guard var band = item.bounds.map({ (top: $0.minY, bottom: $0.maxY) }) else {
                return (background.color, [Bool](repeating: true, count: height))
            }
            let margin: Double = switch item.drawable {
            case let .text(text): RepeatedRows.inkMargin(of: text)
            case let .shape(.stroke(_, _, _, width, _)), let .shape(.line(_, _, _, width)): width
            case let .shape(.backdropBlur(_, _, sigma)): 3 * sigma
            default: 0
            }
            band = (band.top - margin, band.bottom + margin)
            if let clip = item.clip { band = (max(band.top, clip.minY), min(band.bottom, clip.maxY)) }
            guard band.top.isFinite, band.bottom.isFinite else { return (background.color, [Bool](repeating: true, count: height)) }
            guard band.top <= band.bottom else { continue }
            let first = max(0, Int((band.top * scale).rounded(.down)) - 1)
            let last = min(height - 1, Int((band.bottom * scale).rounded(.up)) + 1)
            if first <= last { for row in first...last { drawn[row] = true } }
        }
        return (background.color, drawn)
    }

    /// Fills the rows `drawn` or `also` names with the background, in bands.
    static func refill(_ pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, rows drawn: [Bool], _ also: [Bool], with pixel: UInt32) {
        var row = 0
        let height = drawn.count
        while row < height {
            guard drawn[row] || also[row] else { row += 1; continue }
            var end = row + 1
            while end < height && (drawn[end] || also[end]) { end += 1 }
            (pixels.baseAddress! + row * width).update(repeating: pixel, count: (end - row) * width)
            row = end
        }
    }
}
