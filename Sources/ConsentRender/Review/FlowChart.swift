import Foundation

/// The flow chart of a review (`flow.png`): each step's screen as a thumbnail in reading order
/// (right to left for a right-to-left language), the steps a path reaches after more taps further
/// along, arrows labelled with the tapped buttons' labels in the screen's language, and the ends as
/// labelled terminals.
struct FlowChart {
    static let thumbnailWidth = 240.0
    static let columnGap = 190.0
    static let rowGap = 90.0
    static let margin = 48.0
    static let labelSize = 16.0
    static let captionSize = 15.0

    var flow: Flow
    /// Each step's render in this language.
    var pages: [String: RenderedPage]
    var language: String

    private enum Node: Hashable {
        case step(String)
        case end(String)
    }

    /// The chart's items on a canvas of `size` points (a pixel each).
    func layout(measure: (TextBlock) -> TextMeasurement) throws -> (size: Size, items: [PlacedItem]) {
        let traits = LanguageTraits(tag: language)
        // Columns: how many taps from the start a step first is; ends after the last step.
        var depth: [Node: Int] = [.step(flow.start): 0]
        var order: [Node] = [.step(flow.start)]
        var queue = [flow.start]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let step = flow.step(name), let level = depth[.step(name)] else { continue }
            for transition in step.transitions {
                let node: Node = switch transition.target {
                case let .step(next): .step(next)
                case let .end(label): .end(label)
                }
                guard depth[node] == nil else { continue }
                depth[node] = level + 1
                order.append(node)
                if case let .step(next) = transition.target { queue.append(next) }
            }
        }
        let lastStepColumn = order.compactMap { node -> Int? in if case .step = node { depth[node] } else { nil } }.max() ?? 0
        for node in order { if case .end = node { depth[node] = lastStepColumn + 1 } }
        let columns = (depth.values.max() ?? 0) + 1
        var rows: [Int: Int] = [:]
        var place: [Node: (column: Int, row: Int)] = [:]
        for node in order {
            let column = depth[node] ?? 0
            place[node] = (column, rows[column, default: 0])
            rows[column, default: 0] += 1
        }
        let aspect = pages.values.first.map { Double($0.bitmap.height) / Double($0.bitmap.width) } ?? 2
        let thumbnailHeight = (Self.thumbnailWidth * aspect).rounded()
        let captionHeight = 30.0
        let rowHeight = thumbnailHeight + captionHeight + Self.rowGap
        let maximumRows = rows.values.max() ?? 1
        let backEdgeRoom = 90.0
        let size = Size(width: 2 * Self.margin + Double(columns) * Self.thumbnailWidth + Double(columns - 1) * Self.columnGap,
                        height: 2 * Self.margin + Double(maximumRows) * rowHeight - Self.rowGap + backEdgeRoom)
        func frame(_ node: Node) -> Rect {
            let (column, row) = place[node] ?? (0, 0)
            let visualColumn = traits.isRightToLeft ? columns - 1 - column : column
            let x = Self.margin + Double(visualColumn) * (Self.thumbnailWidth + Self.columnGap)
            let y = Self.margin + Double(row) * rowHeight
            switch node {
            case .step: return Rect(x: x, y: y, width: Self.thumbnailWidth, height: thumbnailHeight)
            case .end: return Rect(x: x + 30, y: y + thumbnailHeight / 2 - 26, width: Self.thumbnailWidth - 60, height: 52)
            }
        }
        func text(_ value: String, size: Double, weight: FontWeight = .regular, color: Color, width: Double) -> TextBlock {
            var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: size, weight: weight, color: color, linkColor: color), traits: traits)
            builder.append(plain: value)
            return builder.block(width: width, alignment: .center, lineHeight: size * traits.lineHeightMultiple, maximumLines: 3)
        }
        let ink = Color(red: 0x1C, green: 0x1C, blue: 0x1E), grey = Color(red: 0x6E, green: 0x6E, blue: 0x73)
        let arrow = Color(red: 0x00, green: 0x6F, blue: 0xE6)
        var items = [PlacedItem(id: "background", drawable: .shape(.screenFill(Color(red: 255, green: 255, blue: 255))))]
        for node in order {
            let rect = frame(node)
            switch node {
            case let .step(name):
                guard let page = pages[name] else { continue }
                items.append(PlacedItem(id: "thumb-\(name)", drawable: .image(PlacedImage(png: try page.bitmap.pngData(), rect: rect))))
                items.append(PlacedItem(id: "thumb-\(name)-edge", drawable: .shape(.stroke(rect, cornerRadius: 0, color: grey.withAlpha(0.5),
                                                                                            width: 1, dash: []))))
                let caption = text(name, size: Self.captionSize, weight: .semibold, color: ink, width: Self.thumbnailWidth)
                items.append(PlacedItem(id: "caption-\(name)", drawable: .text(PlacedText(
                    origin: Point(x: rect.x, y: rect.maxY + 8), size: Size(width: rect.width, height: measure(caption).size.height), block: caption))))
            case let .end(label):
                items.append(PlacedItem(id: "end-\(label)", drawable: .shape(.fill(rect, cornerRadius: rect.height / 2,
                                                                                   color: Color(red: 0xF2, green: 0xF2, blue: 0xF7)))))
                items.append(PlacedItem(id: "end-\(label)-edge", drawable: .shape(.stroke(rect, cornerRadius: rect.height / 2, color: grey,
                                                                                          width: 1.5, dash: []))))
                let block = text("end: \(label)", size: Self.labelSize, weight: .semibold, color: ink, width: rect.width - 16)
                let height = measure(block).size.height
                items.append(PlacedItem(id: "end-\(label)-label", drawable: .text(PlacedText(
                    origin: Point(x: rect.x + 8, y: rect.midY - height / 2), size: Size(width: rect.width - 16, height: height), block: block))))
            }
        }
        // One arrow per source and target, labelled with every button that takes it.
        var edgeIndex = 0
        for step in flow.steps where place[.step(step.name)] != nil {
            var targets: [(Node, [String])] = []
            for transition in step.transitions {
                let node: Node = switch transition.target {
                case let .step(next): .step(next)
                case let .end(label): .end(label)
                }
                let label = pages[step.name]?.linkMap.buttons.first { $0.role == transition.role }?.label ?? transition.role.rawValue
                if let index = targets.firstIndex(where: { $0.0 == node }) { targets[index].1.append(label) } else { targets.append((node, [label])) }
            }
            let source = frame(.step(step.name))
            for (offset, (node, labels)) in targets.enumerated() where place[node] != nil {
                let target = frame(node)
                let forward = traits.isRightToLeft ? target.maxX <= source.minX : target.minX >= source.maxX
                let spread = Double(offset) - Double(targets.count - 1) / 2
                var points: [Point]
                if forward {
                    let startX = traits.isRightToLeft ? source.minX : source.maxX, endX = traits.isRightToLeft ? target.maxX : target.minX
                    points = [Point(x: startX, y: source.midY + spread * 36), Point(x: endX, y: target.midY)]
                } else {
                    // Back to an earlier step: down under the row, across, and up into it.
                    let below = max(source.maxY, target.maxY) + captionHeight + 20 + Double(edgeIndex % 3) * 14
                    points = [Point(x: source.midX + spread * 30, y: source.maxY + captionHeight), Point(x: source.midX + spread * 30, y: below),
                              Point(x: target.midX, y: below), Point(x: target.midX, y: target.maxY + captionHeight)]
                }
                for index in 1..<points.count {
                    items.append(PlacedItem(id: "edge-\(edgeIndex)-\(index)", drawable: .shape(.line(from: points[index - 1], to: points[index],
                                                                                                   color: arrow, width: 2.5))))
                }
                // The arrowhead at the end, pointing along the last segment.
                let tip = points[points.count - 1], from = points[points.count - 2]
                let length = max(1e-9, hypot(tip.x - from.x, tip.y - from.y))
                let (dx, dy) = ((tip.x - from.x) / length, (tip.y - from.y) / length)
                items.append(PlacedItem(id: "edge-\(edgeIndex)-head", drawable: .shape(.polygon([
                    tip, Point(x: tip.x - 14 * dx - 7 * dy, y: tip.y - 14 * dy + 7 * dx), Point(x: tip.x - 14 * dx + 7 * dy, y: tip.y - 14 * dy - 7 * dx),
                ], color: arrow))))
                // The label on a white box at the middle of the longest segment.
                var longest = (points[0], points[1])
                for index in 1..<points.count where hypot(points[index].x - points[index - 1].x, points[index].y - points[index - 1].y)
                    > hypot(longest.1.x - longest.0.x, longest.1.y - longest.0.y) {
                    longest = (points[index - 1], points[index])
                }
                let block = text(labels.joined(separator: " / "), size: Self.labelSize, color: arrow, width: Self.columnGap - 16)
                let measured = measure(block)
                let width = min(Self.columnGap - 16, measured.size.width + 12)
                let mid = Point(x: (longest.0.x + longest.1.x) / 2, y: (longest.0.y + longest.1.y) / 2)
                let box = Rect(x: mid.x - width / 2, y: mid.y - measured.size.height / 2 - 3, width: width, height: measured.size.height + 6)
                items.append(PlacedItem(id: "edge-\(edgeIndex)-box", drawable: .shape(.fill(box, cornerRadius: 6,
                                                                                             color: Color(red: 255, green: 255, blue: 255, alpha: 0.94)))))
                items.append(PlacedItem(id: "edge-\(edgeIndex)-label", drawable: .text(PlacedText(
                    origin: Point(x: box.x, y: box.y + 3), size: Size(width: box.width, height: measured.size.height),
                    block: text(labels.joined(separator: " / "), size: Self.labelSize, color: arrow, width: box.width)))))
                edgeIndex += 1
            }
        }
        return (size, items)
    }
}

extension ConsentRenderer {
    /// The flow chart of `flow` in `language`, from each step's render (`pages`), at a pixel a point.
    public func flowChart(_ flow: Flow, pages: [String: RenderedPage], language: String) throws -> Bitmap {
        let engine = try engine(for: .noto)
        engine.startPage()
        let (size, items) = try FlowChart(flow: flow, pages: pages, language: language).layout { engine.measure($0) }
        let page = Self.plainPage(size: size, items: items, language: language)
        return try paintChart(page)
    }
}
