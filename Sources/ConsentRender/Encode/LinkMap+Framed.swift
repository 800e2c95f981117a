import Foundation

extension LinkMap {
    /// The map of `framed`, the screenshot this map describes inside its drawn device: every rect
    /// moved by where the screen sits in the framed image (whole pixels, so in points by that over
    /// the scale), the size that of the framed image, and `framedScreen` saying where the screen is.
    /// The safe area stays as insets of the screen.
    public func framed(in framed: FramedScreenshot) -> LinkMap {
        let dx = Double(framed.screen.x) / scale, dy = Double(framed.screen.y) / scale
        func moved(_ rect: Rect) -> Rect {
            Self.rounded(Rect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height))
        }
        func moved(_ rect: PixelRect) -> PixelRect {
            PixelRect(x: rect.x + framed.screen.x, y: rect.y + framed.screen.y, width: rect.width, height: rect.height)
        }
        var map = self
        map.size = Size(width: Self.rounded(Double(framed.image.width) / scale), height: Self.rounded(Double(framed.image.height) / scale))
        map.pixelSize = PixelSize(width: framed.image.width, height: framed.image.height)
        map.framedScreen = FramedScreen(rect: moved(Rect(x: 0, y: 0, width: size.width, height: size.height)),
                                        pixelRect: moved(PixelRect(x: 0, y: 0, width: pixelSize.width, height: pixelSize.height)))
        map.dialog = moved(dialog)
        map.body.x = Self.rounded(body.x + dx)
        map.body.y = Self.rounded(body.y + dy)
        map.links = links.map { link in
            var link = link
            link.rects = link.rects.map(moved)
            link.pixelRects = link.pixelRects.map(moved)
            return link
        }
        map.buttons = buttons.map { button in
            var button = button
            button.rect = moved(button.rect)
            button.pixelRect = moved(button.pixelRect)
            return button
        }
        map.statusBar = statusBar.map { bar in
            var bar = bar
            bar.rect = moved(bar.rect)
            bar.pixelRect = moved(bar.pixelRect)
            return bar
        }
        map.homeIndicator = homeIndicator.map { HomeIndicator(rect: moved($0.rect), pixelRect: moved($0.pixelRect)) }
        map.navigationBar = navigationBar.map { HomeIndicator(rect: moved($0.rect), pixelRect: moved($0.pixelRect)) }
        map.texts = texts?.map { text in
            var text = text
            text.rect = moved(text.rect)
            text.pixelRect = moved(text.pixelRect)
            return text
        }
        map.images = images?.map { image in
            var image = image
            image.rect = image.rect.map(moved)
            image.pixelRect = image.pixelRect.map(moved)
            return image
        }
        map.checkboxes = checkboxes?.map { box in
            var box = box
            box.rect = box.rect.map(moved)
            box.pixelRect = box.pixelRect.map(moved)
            return box
        }
        return map
    }
}
