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
        // Rows in each column in the order the walk meets the nodes; the ends in the order of the
        // rows their first arrows come from, so arrows into them cross as little as can be.
        var rows: [Int: Int] = [:]
        var place: [Node: (column: Int, row: Int)] = [:]
        for node in order where { if case .step = node { true } else { false } }() {
            let column = depth[node] ?? 0
            place[node] = (column, rows[column, default: 0])
            rows[column, default: 0] += 1
        }
        func sourceRow(of end: Node) -> (Int, Int) {
            var best = (Int.max, Int.max)
            for step in flow.steps {
                guard let at = place[.step(step.name)] else { continue }
                for transition in step.transitions {
                    if case let .end(label) = transition.target, Node.end(label) == end, (at.row, at.column) < best { best = (at.row, at.column) }
                }
            }
            return best
        }
        let ends = order.filter { if case .end = $0 { true } else { false } }.sorted { sourceRow(of: $0) < sourceRow(of: $1) }
        for node in ends {
            let column = depth[node] ?? 0
            place[node] = (column, rows[column, default: 0])
            rows[column, default: 0] += 1
        }
        let aspect = pages.values.first.map { Double($0.bitmap.height) / Double($0.bitmap.width) } ?? 2
        let thumbnailHeight = (Self.thumbnailWidth * aspect).rounded()
        let captionHeight = 30.0
        let rowHeight = thumbnailHeight + captionHeight + Self.rowGap
        let maximumRows = rows.values.max() ?? 1
        let columnWidth = Self.thumbnailWidth + Self.columnGap

        // The arrows: one per source and target, labelled with every button that takes it.
        struct Edge {
            var source: Node
            var target: Node
            var labels: [String]
            var spread: Double
        }
        var edges: [Edge] = []
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
            for (offset, (node, labels)) in targets.enumerated() where place[node] != nil {
                edges.append(Edge(source: .step(step.name), target: node, labels: labels,
                                  spread: Double(offset) - Double(targets.count - 1) / 2))
            }
        }
        // An arrow to the next column runs straight across the gap; any other (back, within a
        // column, or past a column) is routed through the gaps and a lane of its own under the rows,
        // so it crosses no thumbnail and no two labels meet.
        let routed = edges.indices.filter { (place[edges[$0].target]?.column ?? 0) != (place[edges[$0].source]?.column ?? 0) + 1 }
        let laneSpacing = 40.0
        let lanesTop = Self.margin + Double(maximumRows) * rowHeight - Self.rowGap + captionHeight + 24
        let size = Size(width: 2 * Self.margin + Double(columns) * Self.thumbnailWidth + Double(columns - 1) * Self.columnGap,
                        height: (routed.isEmpty ? Self.margin + Double(maximumRows) * rowHeight - Self.rowGap
                                 : lanesTop + Double(routed.count - 1) * laneSpacing + 20) + Self.margin)
        // Laid out left to right; a right-to-left language's chart is mirrored at the end.
        func frame(_ node: Node) -> Rect {
            let (column, row) = place[node] ?? (0, 0)
            let x = Self.margin + Double(column) * columnWidth
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
        // Where routed arrows leave and enter the thumbnails' sides, spaced so none share a point.
        var departures: [Node: Int] = [:], arrivals: [Node: Int] = [:]
        for (edgeIndex, edge) in edges.enumerated() {
            let source = frame(edge.source), target = frame(edge.target)
            var points: [Point]
            if let lane = routed.firstIndex(of: edgeIndex) {
                let sourceColumn = place[edge.source]?.column ?? 0, targetColumn = place[edge.target]?.column ?? 0
                let laneY = lanesTop + Double(lane) * laneSpacing
                let leaving = departures[edge.source, default: 0], entering = arrivals[edge.target, default: 0]
                departures[edge.source] = leaving + 1
                arrivals[edge.target] = entering + 1
                // Out of the source's trailing side, low on it, into the gap after its column.
                let exitY = source.maxY - 20 - Double(leaving) * 16
                let exitGapX = source.maxX + 16 + Double(lane % 8) * 16
                // Into the target: past a column, from the gap before it (its leading side);
                // back or within a column, from the gap after it (its trailing side).
                let forward = targetColumn > sourceColumn
                let entryY: Double = if case .end = edge.target { target.midY - 12 + Double(entering % 4) * 8 }
                    else { target.maxY - 44 - Double(entering) * 16 }
                let entryGapX = forward ? target.minX - 20 - Double(lane % 6) * 14 : target.maxX + 24 + Double(lane % 8) * 16
                let entryX = forward ? target.minX : target.maxX
                points = [Point(x: source.maxX, y: exitY), Point(x: exitGapX, y: exitY), Point(x: exitGapX, y: laneY),
                          Point(x: entryGapX, y: laneY), Point(x: entryGapX, y: entryY), Point(x: entryX, y: entryY)]
            } else {
                points = [Point(x: source.maxX, y: source.midY + edge.spread * 36), Point(x: target.minX, y: target.midY)]
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
            // The label on a white box: on a routed arrow's lane (the lanes never share a height, so
            // neither do their labels), else at the middle of the arrow.
            var longest = (points[0], points[1])
            if routed.contains(edgeIndex), abs(points[3].x - points[2].x) >= 120 {
                longest = (points[2], points[3])
            } else {
                for index in 1..<points.count where hypot(points[index].x - points[index - 1].x, points[index].y - points[index - 1].y)
                    > hypot(longest.1.x - longest.0.x, longest.1.y - longest.0.y) {
                    longest = (points[index - 1], points[index])
                }
            }
            let words = edge.labels.joined(separator: " / ")
            let maximumWidth = routed.contains(edgeIndex) ? max(Self.columnGap - 16, abs(longest.1.x - longest.0.x) - 40) : Self.columnGap - 16
            let measured = measure(text(words, size: Self.labelSize, color: arrow, width: maximumWidth))
            let width = min(maximumWidth, measured.size.width + 12)
            let mid = Point(x: (longest.0.x + longest.1.x) / 2, y: (longest.0.y + longest.1.y) / 2)
            let box = Rect(x: mid.x - width / 2, y: mid.y - measured.size.height / 2 - 3, width: width, height: measured.size.height + 6)
            items.append(PlacedItem(id: "edge-\(edgeIndex)-box", drawable: .shape(.fill(box, cornerRadius: 6,
                                                                                         color: Color(red: 255, green: 255, blue: 255, alpha: 0.94)))))
            items.append(PlacedItem(id: "edge-\(edgeIndex)-label", drawable: .text(PlacedText(
                origin: Point(x: box.x, y: box.y + 3), size: Size(width: box.width, height: measured.size.height),
                block: text(words, size: Self.labelSize, color: arrow, width: box.width)))))
        }
        return (size, traits.isRightToLeft ? items.map { $0.mirrored(across: size.width) } : items)
    }
}

private extension PlacedItem {
    /// The item mirrored left to right on a canvas `width` wide (a right-to-left chart); images
    /// and text keep their own direction.
    func mirrored(across width: Double) -> PlacedItem {
        func flip(_ rect: Rect) -> Rect { Rect(x: width - rect.maxX, y: rect.y, width: rect.width, height: rect.height) }
        func flip(_ point: Point) -> Point { Point(x: width - point.x, y: point.y) }
        var item = self
        switch drawable {
        case var .text(text):
            text.origin = Point(x: width - text.origin.x - text.size.width, y: text.origin.y)
            item.drawable = .text(text)
        case var .image(image):
            image.rect = flip(image.rect)
            item.drawable = .image(image)
        case let .shape(shape):
            switch shape {
            case let .fill(rect, radius, color): item.drawable = .shape(.fill(flip(rect), cornerRadius: radius, color: color))
            case let .stroke(rect, radius, color, lineWidth, dash):
                item.drawable = .shape(.stroke(flip(rect), cornerRadius: radius, color: color, width: lineWidth, dash: dash))
            case let .line(from, to, color, lineWidth): item.drawable = .shape(.line(from: flip(from), to: flip(to), color: color, width: lineWidth))
            case let .polygon(points, color): item.drawable = .shape(.polygon(points.map(flip), color: color))
            default: break
            }
        }
        return item
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
