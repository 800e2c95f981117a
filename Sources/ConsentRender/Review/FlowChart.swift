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
        /// An end, drawn once per step that leads to it, beside that step: arrows to an end never
        /// cross the chart.
        case end(String, from: String)
    }

    /// The chart's items on a canvas of `size` points (a pixel each).
    func layout(measure: (TextBlock) -> TextMeasurement) throws -> (size: Size, items: [PlacedItem]) {
        let traits = LanguageTraits(tag: language)
        // Columns: how many taps from the start a step first is.
        var depth: [String: Int] = [flow.start: 0]
        var order: [String] = [flow.start]
        var queue = [flow.start]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let step = flow.step(name), let level = depth[name] else { continue }
            for transition in step.transitions {
                guard case let .step(next) = transition.target, depth[next] == nil, flow.step(next) != nil else { continue }
                depth[next] = level + 1
                order.append(next)
                queue.append(next)
            }
        }
        let aspect = pages.values.first.map { Double($0.bitmap.height) / Double($0.bitmap.width) } ?? 2
        let thumbnailHeight = (Self.thumbnailWidth * aspect).rounded()
        let captionHeight = 30.0
        let rowHeight = thumbnailHeight + captionHeight + Self.rowGap
        let columnWidth = Self.thumbnailWidth + Self.columnGap
        let endHeight = 52.0, endGap = 22.0
        // Steps: a row each in their column.
        var frames: [Node: Rect] = [:]
        var rowsInColumn: [Int: Int] = [:]
        for name in order {
            let column = depth[name] ?? 0
            let row = rowsInColumn[column, default: 0]
            rowsInColumn[column] = row + 1
            frames[.step(name)] = Rect(x: Self.margin + Double(column) * columnWidth, y: Self.margin + Double(row) * rowHeight,
                                       width: Self.thumbnailWidth, height: thumbnailHeight)
        }
        // Ends: in the column after their step, level with it where that is free, else stacked
        // below what the column already holds.
        var columnBottom: [Int: Double] = [:]
        for name in order {
            let column = depth[name] ?? 0
            columnBottom[column] = max(columnBottom[column] ?? 0, (frames[.step(name)]?.maxY ?? 0) + captionHeight + 16)
        }
        var endsBottom: [Int: Double] = [:]
        for name in order {
            guard let step = flow.step(name), let source = frames[.step(name)] else { continue }
            let column = (depth[name] ?? 0) + 1
            var labels: [String] = []
            for transition in step.transitions {
                if case let .end(label) = transition.target, !labels.contains(label) { labels.append(label) }
            }
            let stepsHere = order.filter { depth[$0] == column }.compactMap { frames[.step($0)] }
            for (index, label) in labels.enumerated() {
                let wanted = source.midY - endHeight / 2 + (Double(index) - Double(labels.count - 1) / 2) * (endHeight + endGap)
                var top = max(wanted, endsBottom[column] ?? 0)
                // Clear of the column's thumbnails (and their captions).
                for thumbnail in stepsHere.sorted(by: { $0.minY < $1.minY })
                    where top < thumbnail.maxY + captionHeight + 16 && top + endHeight > thumbnail.minY - 16 {
                    top = thumbnail.maxY + captionHeight + 16
                }
                let rect = Rect(x: Self.margin + Double(column) * columnWidth + 30, y: top, width: Self.thumbnailWidth - 60, height: endHeight)
                frames[.end(label, from: name)] = rect
                endsBottom[column] = rect.maxY + endGap
            }
        }
        let columns = (frames.values.map { Int((($0.minX - Self.margin) / columnWidth).rounded(.down)) }.max() ?? 0) + 1

        // The arrows: one per source and target, labelled with every button that takes it.
        struct Edge {
            var source: Node
            var target: Node
            var labels: [String]
            var spread: Double
        }
        var edges: [Edge] = []
        for name in order {
            guard let step = flow.step(name) else { continue }
            var targets: [(Node, [String])] = []
            for transition in step.transitions {
                let node: Node = switch transition.target {
                case let .step(next): .step(next)
                case let .end(label): .end(label, from: name)
                }
                // Every button of the role (a login page's several other ways to log in).
                let found = (pages[name]?.linkMap.buttons ?? []).filter { $0.role == transition.role }.map(\.label)
                let labels = found.isEmpty ? [transition.role.rawValue] : found
                if let index = targets.firstIndex(where: { $0.0 == node }) { targets[index].1 += labels } else { targets.append((node, labels)) }
            }
            for (offset, (node, labels)) in targets.enumerated() where frames[node] != nil {
                edges.append(Edge(source: .step(name), target: node, labels: labels, spread: Double(offset) - Double(targets.count - 1) / 2))
            }
        }
        func column(_ node: Node) -> Int { Int(((frames[node]?.minX ?? Self.margin) - Self.margin) / columnWidth) }
        // An arrow to the next column runs straight across the gap; one within a column runs down
        // (or up) the gap after it; any other (back, or past a column) through the gaps and a lane
        // of its own under the rows, so it crosses no thumbnail and lane labels never meet.
        let routed = edges.indices.filter { column(edges[$0].target) != column(edges[$0].source) + 1
            && column(edges[$0].target) != column(edges[$0].source) }
        let laneSpacing = 40.0
        let contentBottom = frames.values.map(\.maxY).max() ?? Self.margin
        let lanesTop = contentBottom + captionHeight + 30
        let size = Size(width: 2 * Self.margin + Double(columns) * Self.thumbnailWidth + Double(columns - 1) * Self.columnGap,
                        height: (routed.isEmpty ? contentBottom + captionHeight : lanesTop + Double(routed.count - 1) * laneSpacing + 20)
                            + Self.margin)
        // Laid out left to right; a right-to-left language's chart is mirrored at the end.
        func frame(_ node: Node) -> Rect { frames[node] ?? Rect(x: 0, y: 0, width: 0, height: 0) }
        func text(_ value: String, size: Double, weight: FontWeight = .regular, color: Color, width: Double) -> TextBlock {
            var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: size, weight: weight, color: color, linkColor: color), traits: traits)
            builder.append(plain: value)
            return builder.block(width: width, alignment: .center, lineHeight: size * traits.lineHeightMultiple, maximumLines: 3)
        }
        let ink = Color(red: 0x1C, green: 0x1C, blue: 0x1E), grey = Color(red: 0x6E, green: 0x6E, blue: 0x73)
        let arrow = Color(red: 0x00, green: 0x6F, blue: 0xE6)
        var items = [PlacedItem(id: "background", drawable: .shape(.screenFill(Color(red: 255, green: 255, blue: 255))))]
        for node in frames.keys.sorted(by: { frame($0).minX != frame($1).minX ? frame($0).minX < frame($1).minX : frame($0).minY < frame($1).minY }) {
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
            case let .end(label, source):
                let id = "end-\(label)-\(source)"
                items.append(PlacedItem(id: id, drawable: .shape(.fill(rect, cornerRadius: rect.height / 2,
                                                                      color: Color(red: 0xF2, green: 0xF2, blue: 0xF7)))))
                items.append(PlacedItem(id: "\(id)-edge", drawable: .shape(.stroke(rect, cornerRadius: rect.height / 2, color: grey,
                                                                                  width: 1.5, dash: []))))
                let block = text("end: \(label)", size: Self.labelSize, weight: .semibold, color: ink, width: rect.width - 16)
                let height = measure(block).size.height
                items.append(PlacedItem(id: "\(id)-label", drawable: .text(PlacedText(
                    origin: Point(x: rect.x + 8, y: rect.midY - height / 2), size: Size(width: rect.width - 16, height: height), block: block))))
            }
        }
        // Where routed arrows leave and enter the thumbnails' sides, spaced so none share a point.
        var departures: [Node: Int] = [:], arrivals: [Node: Int] = [:]
        var labelItems: [PlacedItem] = []
        for (edgeIndex, edge) in edges.enumerated() {
            let source = frame(edge.source), target = frame(edge.target)
            var points: [Point]
            let leaving = departures[edge.source, default: 0], entering = arrivals[edge.target, default: 0]
            if let lane = routed.firstIndex(of: edgeIndex) {
                departures[edge.source] = leaving + 1
                arrivals[edge.target] = entering + 1
                let laneY = lanesTop + Double(lane) * laneSpacing
                // Out of the source's trailing side, low on it, into the gap after its column.
                let exitY = source.maxY - 20 - Double(leaving) * 16
                let exitGapX = source.maxX + 16 + Double(lane % 8) * 16
                // Into the target: past a column, from the gap before it (its leading side); back,
                // from the gap after it (its trailing side).
                let forward = column(edge.target) > column(edge.source)
                let entryY = target.maxY - 44 - Double(entering) * 16
                let entryGapX = forward ? target.minX - 20 - Double(lane % 6) * 14 : target.maxX + 40 + Double(lane % 8) * 16
                let entryX = forward ? target.minX : target.maxX
                points = [Point(x: source.maxX, y: exitY), Point(x: exitGapX, y: exitY), Point(x: exitGapX, y: laneY),
                          Point(x: entryGapX, y: laneY), Point(x: entryGapX, y: entryY), Point(x: entryX, y: entryY)]
            } else if column(edge.target) == column(edge.source) {
                // Within a column: down (or up) the gap after it, from side to side.
                departures[edge.source] = leaving + 1
                arrivals[edge.target] = entering + 1
                let gapX = source.maxX + 24 + Double(edgeIndex % 6) * 14
                let exitY = source.maxY - 20 - Double(leaving) * 16, entryY = target.minY + 44 + Double(entering) * 16
                points = [Point(x: source.maxX, y: exitY), Point(x: gapX, y: exitY), Point(x: gapX, y: entryY), Point(x: target.maxX, y: entryY)]
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
            labelItems.append(PlacedItem(id: "edge-\(edgeIndex)-box", drawable: .shape(.fill(box, cornerRadius: 6,
                                                                                         color: Color(red: 255, green: 255, blue: 255, alpha: 0.94)))))
            labelItems.append(PlacedItem(id: "edge-\(edgeIndex)-label", drawable: .text(PlacedText(
                origin: Point(x: box.x, y: box.y + 3), size: Size(width: box.width, height: measured.size.height),
                block: text(words, size: Self.labelSize, color: arrow, width: box.width)))))
        }
        // The labels over every line: a line may pass under a label's box, never over its words.
        items += labelItems
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
            case let .path(subpaths, color): item.drawable = .shape(.path(subpaths.map { $0.map(flip) }, color: color))
            case let .strokePath(subpaths, closed, color, lineWidth, round):
                item.drawable = .shape(.strokePath(subpaths.map { $0.map(flip) }, closed: closed, color: color, width: lineWidth, round: round))
            default: break
            }
        }
        return item
    }
}

extension ConsentRenderer {
    /// The flow chart of `flow` in `language`, from each step's render (`pages`), at a pixel a point.
    package func flowChart(_ flow: Flow, pages: [String: RenderedPage], language: String) throws -> Bitmap {
        let engine = try engine(for: .noto)
        engine.startPage()
        let (size, items) = try FlowChart(flow: flow, pages: pages, language: language).layout { engine.measure($0) }
        let page = Self.plainPage(size: size, items: items, language: language)
        return try paintChart(page)
    }
}
