import Foundation

/// Something a page can be drawn on, in points: a bitmap or (to come) a PDF page. The painter
/// draws only through this, so every output takes the same drawing.
protocol Canvas: AnyObject {
    /// Paints `rect` with `color`, replacing what is there (no blending).
    func replace(_ rect: Rect, with color: Color)
    func fillRoundedRect(_ rect: Rect, radius: Double, with color: Color)
    /// Fills everything inside `outer` that is outside `inner`.
    func fill(_ outer: Rect, excluding inner: Rect, with color: Color)
    func strokeRoundedRect(_ rect: Rect, radius: Double, with color: Color, width: Double, dash: [Double])
    func strokeLine(from start: Point, to end: Point, with color: Color, width: Double)
    func fillPolygon(_ points: [Point], with color: Color)
    /// Fills several outlines as one, with the non-zero winding rule.
    func fillPath(_ subpaths: [[Point]], with color: Color)
    /// Strokes outlines, each closed or open.
    func strokePath(_ subpaths: [[Point]], closed: [Bool], with color: Color, width: Double, round: Bool)
    func fillCircle(center: Point, radius: Double, with color: Color)
    func fillRingSegment(center: Point, innerRadius: Double, outerRadius: Double, from start: Double, to end: Double, with color: Color)
    func fillVerticalGradient(_ rect: Rect, from top: Color, to bottom: Color)
    /// Draws PNG bytes scaled into `rect`, keeping their transparency.
    func drawImage(png: Data, in rect: Rect) throws
    /// Draws an image as it asks to fit its rectangle.
    func drawImage(_ image: PlacedImage) throws
    /// Draws a text block with its top-left corner at `origin`.
    func drawText(_ block: TextBlock, at origin: Point)
    /// Limits drawing inside `body` to `rect`.
    func clipped(to rect: Rect, _ body: () throws -> Void) rethrows
    /// Limits drawing inside `body` to `rect` with rounded corners (a square clip for radius 0).
    func clipped(to rect: Rect, cornerRadius: Double, _ body: () throws -> Void) rethrows
    /// Blurs what is drawn under `rect` (rounded by `cornerRadius`) with a Gaussian of `sigma` points.
    func blurBehind(_ rect: Rect, cornerRadius: Double, sigma: Double) throws
    /// Moves everything drawn inside `body` by `offset` points.
    func translated(by offset: Point, _ body: () throws -> Void) rethrows
}
