extension PageLayout {
    /// The page with the design-review overlay as its top layer: the area outside the safe area
    /// shaded red and its edge dashed, the display's rounded corners, the status bar and the
    /// cut-out outlined, every visible link rect filled yellow and every button outlined green.
    public func withReviewOverlay() -> PageLayout {
        let screen = screenRect
        var items: [PlacedItem] = [
            PlacedItem(id: "overlay-unsafe-area", drawable: .shape(.fillOutside(screen, hole: safeRect, color: OverlayColors.unsafeArea))),
            PlacedItem(id: "overlay-safe-area-edge", drawable: .shape(.stroke(safeRect, cornerRadius: 0, color: OverlayColors.safeAreaEdge,
                                                                              width: 1, dash: [6, 4]))),
        ]
        if displayCornerRadius > 0 {
            // White under black dashes: visible over light and dark screens alike.
            let edge = screen.insetBy(EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
            items.append(PlacedItem(id: "overlay-display-edge-under", drawable: .shape(.stroke(
                edge, cornerRadius: displayCornerRadius, color: OverlayColors.displayEdgeUnder, width: 2, dash: []))))
            items.append(PlacedItem(id: "overlay-display-edge", drawable: .shape(.stroke(
                edge, cornerRadius: displayCornerRadius, color: OverlayColors.displayEdge, width: 2, dash: [3, 3]))))
        }
        if let bar = semantics.statusBar {
            items.append(PlacedItem(id: "overlay-status-bar", drawable: .shape(.stroke(
                bar.rect.insetBy(EdgeInsets(top: 0.5, left: 0.5, bottom: 0.5, right: 0.5)), cornerRadius: 0,
                color: OverlayColors.systemChrome, width: 1, dash: [4, 3]))))
        }
        if let cutout = semantics.cutout {
            items.append(PlacedItem(id: "overlay-cutout", drawable: .shape(.stroke(
                cutout, cornerRadius: min(cutout.height / 2, 22), color: OverlayColors.systemChrome, width: 1.5, dash: []))))
        }
        for link in links {
            for (index, rect) in link.visibleRects.enumerated() {
                items.append(PlacedItem(id: "overlay-\(link.id)-\(index)", drawable: .shape(.fill(rect, cornerRadius: 0,
                                                                                                   color: OverlayColors.linkFill))))
                items.append(PlacedItem(id: "overlay-\(link.id)-\(index)-edge", drawable: .shape(.stroke(
                    rect, cornerRadius: 0, color: OverlayColors.linkEdge, width: 1, dash: []))))
            }
        }
        for (index, button) in buttons.enumerated() {
            items.append(PlacedItem(id: "overlay-button-\(index)", drawable: .shape(.stroke(
                button.rect, cornerRadius: button.cornerRadius, color: OverlayColors.buttonEdge, width: 2, dash: []))))
        }
        var page = self
        page.layers.removeAll { $0.kind == .overlay }
        page.layers.append(Layer(kind: .overlay, items: items))
        return page
    }
}

/// The overlay's colours, chosen to stand out on both appearances.
enum OverlayColors {
    static let unsafeArea = Color(red: 0xFF, green: 0x2D, blue: 0x55, alpha: 0.18)
    static let safeAreaEdge = Color(red: 0xFF, green: 0x2D, blue: 0x55)
    static let displayEdge = Color(red: 0, green: 0, blue: 0)
    static let displayEdgeUnder = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    static let linkFill = Color(red: 0xFF, green: 0xCC, blue: 0x00, alpha: 0.35)
    static let linkEdge = Color(red: 0xFF, green: 0x95, blue: 0x00)
    static let buttonEdge = Color(red: 0x34, green: 0xC7, blue: 0x59)
    static let systemChrome = Color(red: 0x5A, green: 0xC8, blue: 0xFA)
}
