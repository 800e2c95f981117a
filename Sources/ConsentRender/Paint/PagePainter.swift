/// Paints a `PageLayout` into a bitmap of exactly `screen × scale` pixels.
///
/// It reads only the layout, so the pixels and the link map always agree.
public func paint(_ page: PageLayout, text engine: PangoTextEngine) throws -> Bitmap {
    try paintPixels(of: page) { canvas in draw(page, text: engine, on: canvas) }
}

/// The page as `paint` draws it, with the design-review overlay on top: the area outside the
/// safe area shaded red and its edge dashed, the display's rounded corners outlined, every link
/// rect filled yellow and every button outlined green.
public func paintWithOverlay(_ page: PageLayout, text engine: PangoTextEngine) throws -> Bitmap {
    try paintPixels(of: page) { canvas in
        draw(page, text: engine, on: canvas)
        drawOverlay(page, on: canvas)
    }
}

private func drawOverlay(_ page: PageLayout, on canvas: CairoCanvas) {
    let screen = Rect(x: 0, y: 0, width: page.screen.width, height: page.screen.height)
    let safe = page.safeRect
    canvas.fill(screen, excluding: safe, with: OverlayColors.unsafeArea)
    canvas.strokeRoundedRect(safe, radius: 0, with: OverlayColors.safeAreaEdge, width: 1, dash: [6, 4])
    if page.displayCornerRadius > 0 {
        canvas.strokeRoundedRect(screen.insetBy(EdgeInsets(top: 0.5, left: 0.5, bottom: 0.5, right: 0.5)),
                                 radius: page.displayCornerRadius, with: OverlayColors.displayEdge, width: 1, dash: [2, 2])
    }
    for link in page.links {
        for rect in link.visibleRects {
            canvas.fill(rect, with: OverlayColors.linkFill)
            canvas.strokeRoundedRect(rect, radius: 0, with: OverlayColors.linkEdge, width: 1)
        }
    }
    for button in page.buttons {
        canvas.strokeRoundedRect(button.rect, radius: button.cornerRadius, with: OverlayColors.buttonEdge, width: 2)
    }
}

/// The overlay's colours, chosen to stand out on both appearances.
enum OverlayColors {
    static let unsafeArea = Color(red: 0xFF, green: 0x2D, blue: 0x55, alpha: 0.18)
    static let safeAreaEdge = Color(red: 0xFF, green: 0x2D, blue: 0x55)
    static let displayEdge = Color(red: 0x8E, green: 0x8E, blue: 0x93)
    static let linkFill = Color(red: 0xFF, green: 0xCC, blue: 0x00, alpha: 0.35)
    static let linkEdge = Color(red: 0xFF, green: 0x95, blue: 0x00)
    static let buttonEdge = Color(red: 0x34, green: 0xC7, blue: 0x59)
}

/// Draws with `body` straight into a new bitmap's pixels, without copying them afterwards.
private func paintPixels(of page: PageLayout, _ body: (CairoCanvas) -> Void) throws -> Bitmap {
    let width = Int((page.screen.width * page.scale).rounded())
    let height = Int((page.screen.height * page.scale).rounded())
    var failure: Error?
    // Every pixel is written by the first, full-screen fill, so the storage starts uninitialised.
    let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
        do {
            let canvas = try CairoCanvas(pixels: buffer, pixelWidth: width, pixelHeight: height, scale: page.scale)
            body(canvas)
            try canvas.finish()
        } catch {
            failure = error
            buffer.initialize(repeating: 0)
        }
        // RGB24 leaves the top byte of each word undefined; make every pixel opaque.
        for index in buffer.indices { buffer[index] |= 0xFF00_0000 }
        initialized = buffer.count
    }
    if let failure { throw failure }
    return Bitmap(width: width, height: height, pixels: pixels)
}

private func draw(_ page: PageLayout, text engine: PangoTextEngine, on canvas: CairoCanvas) {
    let screen = Rect(x: 0, y: 0, width: page.screen.width, height: page.screen.height)

    // The dimmed backdrop is one opaque colour: one fill instead of a fill and a blend.
    canvas.replace(screen, with: page.dimming.composited(over: page.backdrop))
    if let launch = page.launchScreen {
        if let logo = launch.logo { canvas.drawImage(at: logo.path, in: logo.rect) }
        if let name = launch.appName { engine.draw(name.block, at: name.origin, on: canvas) }
    }
    canvas.fillRoundedRect(page.dialog.rect, radius: page.dialog.cornerRadius, with: page.dialog.fill)

    engine.draw(page.title.block, at: page.title.origin, on: canvas)

    let body = page.body
    canvas.clipped(to: body.viewport) {
        body.decorations.forEach { draw($0, on: canvas) }
        for block in body.blocks where block.frame.maxY > body.viewport.minY && block.frame.minY < body.viewport.maxY {
            engine.draw(block.block, at: block.origin, on: canvas)
        }
    }
    if body.fadeHeight > 0 {
        let fade = Rect(x: body.viewport.x, y: body.viewport.maxY - body.fadeHeight,
                        width: body.viewport.width, height: body.fadeHeight)
        canvas.fillVerticalGradient(fade, from: page.dialog.fill.withAlpha(0), to: page.dialog.fill)
    }
    if let indicator = body.scrollIndicator {
        canvas.fillRoundedRect(indicator, radius: indicator.width / 2, with: page.scrollIndicatorColor)
    }

    page.decorations.forEach { draw($0, on: canvas) }
    for button in page.buttons {
        canvas.fillRoundedRect(button.rect, radius: button.cornerRadius, with: button.fill)
        if let border = button.border {
            let inset = button.rect.insetBy(EdgeInsets(top: 0.5, left: 0.5, bottom: 0.5, right: 0.5))
            canvas.strokeRoundedRect(inset, radius: button.cornerRadius - 0.5, with: border, width: 1)
        }
        engine.draw(button.labelText.block, at: button.labelText.origin, on: canvas)
    }
}

private func draw(_ decoration: Decoration, on canvas: CairoCanvas) {
    switch decoration {
    case let .box(rect, radius, fill, stroke):
        if let fill { canvas.fillRoundedRect(rect, radius: radius, with: fill) }
        if let stroke {
            canvas.strokeRoundedRect(rect.insetBy(EdgeInsets(top: 0.5, left: 0.5, bottom: 0.5, right: 0.5)),
                                     radius: max(0, radius - 0.5), with: stroke, width: 1)
        }
    case let .line(from, to, color, width):
        canvas.strokeLine(from: from, to: to, with: color, width: width)
    case let .arrowhead(tip, size, color):
        canvas.fillPolygon([tip, Point(x: tip.x - size * 0.6, y: tip.y - size), Point(x: tip.x + size * 0.6, y: tip.y - size)],
                           with: color)
    case let .dot(center, radius, color):
        canvas.fillCircle(center: center, radius: radius, with: color)
    }
}
