/// Paints a `PageLayout` into a bitmap of exactly `screen × scale` pixels.
///
/// It reads only the layout, so the pixels and the link map always agree.
public func paint(_ page: PageLayout, text engine: PangoTextEngine) throws -> Bitmap {
    let pixelWidth = Int((page.screen.width * page.scale).rounded())
    let pixelHeight = Int((page.screen.height * page.scale).rounded())
    let canvas = try CairoCanvas(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: page.scale)
    let screen = Rect(x: 0, y: 0, width: page.screen.width, height: page.screen.height)

    canvas.fill(screen, with: page.backdrop)
    canvas.fill(screen, with: page.dimming)
    canvas.fillRoundedRect(page.dialog.rect, radius: page.dialog.cornerRadius, with: page.dialog.fill)

    engine.draw(page.title.block, at: page.title.origin, on: canvas)

    let body = page.body
    canvas.clipped(to: body.viewport) {
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

    for button in page.buttons {
        canvas.fillRoundedRect(button.rect, radius: button.cornerRadius, with: button.fill)
        engine.draw(button.labelText.block, at: button.labelText.origin, on: canvas)
    }
    return try canvas.bitmap()
}
