/// Where the screen sits on the canvas an output is drawn on: the screen alone today, and a
/// device frame around it to come. The painter and the link map both apply it, so a frame that
/// moves the screen moves every link rectangle with it.
package struct Composition: Codable, Sendable, Equatable {
    /// The canvas, in points.
    public var canvasSize: Size
    /// The screen's top-left corner on the canvas, in points.
    public var screenOrigin: Point
    /// Device pixels per point.
    public var scale: Double

    public init(canvasSize: Size, screenOrigin: Point, scale: Double) {
        precondition(scale > 0 && canvasSize.width > 0 && canvasSize.height > 0, "A composition needs a positive size and scale")
        self.canvasSize = canvasSize
        self.screenOrigin = screenOrigin
        self.scale = scale
    }

    /// The screen alone, filling the canvas: what every render is today.
    public init(screenOf page: PageLayout) {
        self.init(canvasSize: page.screen, screenOrigin: Point(x: 0, y: 0), scale: page.scale)
    }

    /// The canvas in whole pixels: exactly `round(size × scale)`.
    public var pixelWidth: Int { Int((canvasSize.width * scale).rounded()) }
    public var pixelHeight: Int { Int((canvasSize.height * scale).rounded()) }

    /// A rectangle of the screen in canvas points.
    public func canvasRect(_ screenRect: Rect) -> Rect {
        screenRect.offsetBy(dx: screenOrigin.x, dy: screenOrigin.y)
    }

    /// A rectangle of the screen in canvas pixels, rounded outward.
    public func pixelRect(_ screenRect: Rect) -> PixelRect {
        canvasRect(screenRect).pixelRect(scale: scale)
    }
}
