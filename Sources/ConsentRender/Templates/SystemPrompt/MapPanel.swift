/// The map in the location prompt, drawn as a plainly generic vector map (land, a park, water,
/// roads and the blue location dot), not a picture of any real place, with "Precise: On" over it.
/// For an approximate location (`reducedAccuracy`) the map is zoomed out, its roads thinner, and a
/// wide shaded circle stands for the area iOS shares instead of the dot (this tool's drawing: no
/// source gives that map's layout; docs/system-prompts.md).
struct MapPanel {
    var rect: Rect
    var cornerRadius: Double
    var appearance: Appearance
    var reducedAccuracy = false

    func items(preciseLabel: String?, traits: LanguageTraits, category: ContentSizeCategory, in context: LayoutContext) -> [PlacedItem] {
        let dark = appearance == .dark
        let land = dark ? Color(red: 0x2A, green: 0x2A, blue: 0x2D) : Color(red: 0xEF, green: 0xEB, blue: 0xE3)
        let park = dark ? Color(red: 0x2C, green: 0x3A, blue: 0x2B) : Color(red: 0xCF, green: 0xE6, blue: 0xC1)
        let water = dark ? Color(red: 0x1D, green: 0x32, blue: 0x46) : Color(red: 0xA9, green: 0xD1, blue: 0xEE)
        let roadColor = dark ? Color(red: 0x4E, green: 0x4E, blue: 0x54) : Color(red: 255, green: 255, blue: 255)
        let blue = dark ? Color(red: 0x0A, green: 0x84, blue: 0xFF) : Color(red: 0x00, green: 0x7A, blue: 0xFF)
        // Points as fractions of the panel, so the same map fits every width.
        func at(_ x: Double, _ y: Double) -> Point { Point(x: rect.x + x * rect.width, y: rect.y + y * rect.height) }
        var shapes: [(String, Shape)] = [
            ("land", .fill(rect, cornerRadius: 0, color: land)),
            ("park", .polygon([at(0.62, 0), at(1, 0), at(1, 0.38), at(0.7, 0.3)], color: park)),
            ("water", .polygon([at(0, 0.72), at(0.22, 0.66), at(0.38, 0.78), at(0.42, 1), at(0, 1)], color: water)),
        ]
        let roads: [(Point, Point, Double)] = [
            (at(0, 0.46), at(1, 0.58), 7), (at(0.3, 0), at(0.52, 1), 7),
            (at(0, 0.18), at(0.6, 0.12), 3.5), (at(0.75, 0.3), at(0.86, 1), 3.5), (at(0.55, 0.82), at(1, 0.86), 3.5),
            (at(0.08, 0), at(0.16, 0.68), 3.5),
        ]
        for (index, road) in roads.enumerated() {
            shapes.append(("road-\(index)", .line(from: road.0, to: road.1, color: roadColor, width: reducedAccuracy ? road.2 / 2 : road.2)))
        }
        let dot = at(0.41, 0.52)
        if reducedAccuracy {
            let radius = min(rect.width, rect.height) * 0.42
            shapes.append(("approximate-area", .circle(center: dot, radius: radius, color: blue.withAlpha(0.2))))
        } else {
            shapes += [
                ("accuracy", .circle(center: dot, radius: min(34, rect.height / 4), color: blue.withAlpha(0.16))),
                ("dot-ring", .circle(center: dot, radius: 9, color: Color(red: 255, green: 255, blue: 255))),
                ("dot", .circle(center: dot, radius: 6.5, color: blue)),
            ]
        }
        let clipRadius: Double? = cornerRadius > 0 ? cornerRadius : nil
        var items = shapes.map { PlacedItem(id: "map-\($0.0)", drawable: .shape($0.1), clip: rect, clipCornerRadius: clipRadius) }
        if let preciseLabel {
            let size = AppleTextStyle.footnote.size(at: category)
            let ink = dark ? Color(red: 255, green: 255, blue: 255) : Color(red: 0, green: 0, blue: 0)
            var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: size, weight: .semibold, color: ink, linkColor: ink),
                                            traits: traits)
            builder.append(plain: preciseLabel)
            let measured = context.measurer.measure(builder.block(width: max(1, rect.width - 32), alignment: .leading,
                                                                  lineHeight: size * 18 / 13, maximumLines: 1))
            let block = builder.block(width: context.snap(measured.size.width + 1), alignment: .leading, lineHeight: size * 18 / 13,
                                      maximumLines: 1)
            let pill = Rect(x: traits.isRightToLeft ? rect.maxX - 8 - measured.size.width - 20 : rect.x + 8, y: rect.y + 8,
                            width: context.snap(measured.size.width + 21), height: context.snap(measured.size.height + 8))
            items.append(PlacedItem(id: "map-precise", drawable: .shape(.fill(pill, cornerRadius: pill.height / 2, color: dark
                ? Color(red: 0x3A, green: 0x3A, blue: 0x3C, alpha: 0.94) : Color(red: 255, green: 255, blue: 255, alpha: 0.94))),
                clip: rect, clipCornerRadius: clipRadius))
            let label = PlacedText(origin: Point(x: pill.x + 10, y: context.snap(pill.midY - measured.size.height / 2)),
                                   size: Size(width: block.width, height: measured.size.height), block: block)
            items.append(PlacedItem(id: "map-precise-label", drawable: .text(label), clip: rect, clipCornerRadius: clipRadius))
        }
        return items
    }
}
