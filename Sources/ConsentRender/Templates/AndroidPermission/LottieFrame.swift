import Foundation

/// One frame of a Lottie animation (Bodymovin JSON) as the fills and strokes it shows, for the
/// few vector animations ConsentRender draws as pictures (Android's location accuracy images).
///
/// What it reads: shape, solid, null and precomposition layers with their transforms and
/// parents, groups with their transforms, paths, ellipses and rectangles, fills and strokes, and
/// a track matte made of a masked layer (drawn as the mask's circle, which is all these files
/// use). Keyframed values are taken at the frame, eased linearly between keys. Merge paths are
/// drawn as their parts, and effects, expressions and text layers are not read: a file that
/// needs them would be drawn without them.
struct LottieFrame: Sendable {
    /// What one fill or stroke draws, in the animation's coordinates (its top-left at 0, 0).
    struct Paint: Sendable {
        var subpaths: [[Point]]
        /// Per subpath, whether it is closed (a stroke goes back to its start).
        var closed: [Bool]
        var color: Color
        /// A stroke's width and whether its caps and joins are round; nil for a fill.
        var stroke: (width: Double, round: Bool)?
    }

    /// The animation's size.
    var size: Size
    /// Bottom to top.
    var paints: [Paint]
    /// The circle a track matte shows the picture through, if any.
    var clip: (center: Point, radius: Double)?

    /// An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    struct Matrix {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0
        static let identity = Matrix()

        /// `self` applied after `other`.
        func after(_ other: Matrix) -> Matrix {
            Matrix(a: a * other.a + c * other.b, b: b * other.a + d * other.b, c: a * other.c + c * other.d, d: b * other.c + d * other.d,
                   tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
        }

        func apply(_ point: Point) -> Point { Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty) }
        /// How much the transform scales a length, for stroke widths.
        var lengthScale: Double { abs(a * d - b * c).squareRoot() }
    }

    enum ReadError: Error, CustomStringConvertible {
        case malformed(String)
        var description: String {
            switch self { case let .malformed(detail): "not a Lottie animation ConsentRender can read: \(detail)" }
        }
    }

    /// The frame at `time` (in frames; nil: the last) of the animation in `data`.
    init(data: Data, time: Double? = nil) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let width = Self.number(root["w"]), let height = Self.number(root["h"]), let layers = root["layers"] as? [[String: Any]] else {
            throw ReadError.malformed("no w, h or layers")
        }
        size = Size(width: width, height: height)
        let assets = Dictionary((root["assets"] as? [[String: Any]] ?? []).compactMap { asset in
            (asset["id"] as? String).map { ($0, asset) }
        }, uniquingKeysWith: { first, _ in first })
        let frame = time ?? max(0, (Self.number(root["op"]) ?? 1) - 1)
        var renderer = Renderer(assets: assets)
        renderer.draw(layers, time: frame, parent: .identity, opacity: 1)
        paints = renderer.paints
        clip = renderer.clip
    }

    static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        if let numbers = value as? [Any], let first = numbers.first { return number(first) }
        return nil
    }

    /// Walks layers and shapes, collecting paints.
    private struct Renderer {
        let assets: [String: [String: Any]]
        var paints: [Paint] = []
        var clip: (center: Point, radius: Double)?

        /// `layers` bottom to top (the file lists them top first) at `time`, under `parent`.
        mutating func draw(_ layers: [[String: Any]], time: Double, parent: Matrix, opacity: Double) {
            let byIndex = Dictionary(layers.compactMap { layer in (LottieFrame.number(layer["ind"]).map { Int($0) }).map { ($0, layer) } },
                                     uniquingKeysWith: { first, _ in first })
            func world(_ layer: [String: Any], depth: Int = 0) -> Matrix {
                let local = transform(layer["ks"] as? [String: Any] ?? [:], time: time)
                guard depth < 32, let parentIndex = LottieFrame.number(layer["parent"]).map({ Int($0) }), let up = byIndex[parentIndex] else {
                    return parent.after(local)
                }
                return world(up, depth: depth + 1).after(local)
            }
            for index in layers.indices.reversed() {
                let layer = layers[index]
                let inPoint = LottieFrame.number(layer["ip"]) ?? 0, outPoint = LottieFrame.number(layer["op"]) ?? .infinity
                // A matte's source is drawn only through the layer that uses it.
                guard time >= inPoint, time < outPoint, (LottieFrame.number(layer["td"]) ?? 0) == 0, layer["hd"] as? Bool != true else { continue }
                let matrix = world(layer)
                let layerOpacity = opacity * (value((layer["ks"] as? [String: Any])?["o"], time: time).first ?? 100) / 100
                guard layerOpacity > 0 else { continue }
                if (LottieFrame.number(layer["tt"]) ?? 0) != 0, index > 0 {
                    clip = matteCircle(layers[index - 1], matrix: world(layers[index - 1]), time: time) ?? clip
                }
                switch Int(LottieFrame.number(layer["ty"]) ?? -1) {
                case 4:
                    drawGroup(layer["shapes"] as? [[String: Any]] ?? [], matrix: matrix, opacity: layerOpacity, time: time)
                case 1:
                    if let hex = layer["sc"] as? String, let color = Color(hex: hex), let w = LottieFrame.number(layer["sw"]),
                       let h = LottieFrame.number(layer["sh"]) {
                        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)].map(matrix.apply)
                        paints.append(Paint(subpaths: [corners], closed: [true], color: color.withAlpha(color.alpha * layerOpacity), stroke: nil))
                    }
                case 0:
                    guard let id = layer["refId"] as? String, let asset = assets[id], let inner = asset["layers"] as? [[String: Any]] else { continue }
                    let start = LottieFrame.number(layer["st"]) ?? 0, stretch = LottieFrame.number(layer["sr"]) ?? 1
                    draw(inner, time: (time - start) / (stretch == 0 ? 1 : stretch), parent: matrix, opacity: layerOpacity)
                default:
                    continue
                }
            }
        }

        /// The circle a matte layer's first mask (or its shapes) covers, in the animation's coordinates.
        func matteCircle(_ layer: [String: Any], matrix: Matrix, time: Double) -> (center: Point, radius: Double)? {
            var points: [Point] = []
            if let mask = (layer["masksProperties"] as? [[String: Any]])?.first, let path = shape(mask["pt"], time: time) {
                points = path.points.map(matrix.apply)
            } else {
                points = collectPaths(layer["shapes"] as? [[String: Any]] ?? [], matrix: matrix, time: time).flatMap(\.points)
            }
            guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
                  let maxY = points.map(\.y).max() else { return nil }
            return (Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2), min(maxX - minX, maxY - minY) / 2)
        }

        /// A group's items bottom to top: each fill or stroke paints the paths listed before it
        /// (nested groups' too); a nested group paints its own.
        mutating func drawGroup(_ items: [[String: Any]], matrix: Matrix, opacity: Double, time: Double) {
            let visible = items.filter { $0["hd"] as? Bool != true }
            for index in visible.indices.reversed() {
                let item = visible[index]
                switch item["ty"] as? String {
                case "gr":
                    let inner = item["it"] as? [[String: Any]] ?? []
                    let (groupMatrix, groupOpacity) = groupTransform(inner, time: time)
                    drawGroup(inner, matrix: matrix.after(groupMatrix), opacity: opacity * groupOpacity, time: time)
                case "fl", "st":
                    let paths = collectPaths(Array(visible[..<index]), matrix: matrix, time: time)
                    let rgba = value(item["c"], time: time)
                    guard !paths.isEmpty, rgba.count >= 3 else { continue }
                    let alpha = (rgba.count > 3 ? rgba[3] : 1) * (value(item["o"], time: time).first ?? 100) / 100 * opacity
                    func channel(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
                    let color = Color(red: channel(rgba[0]), green: channel(rgba[1]), blue: channel(rgba[2]), alpha: min(1, alpha))
                    var stroke: (width: Double, round: Bool)?
                    if item["ty"] as? String == "st" {
                        let width = (value(item["w"], time: time).first ?? 0) * matrix.lengthScale
                        guard width > 0 else { continue }
                        stroke = (width, LottieFrame.number(item["lc"]) == 2 || LottieFrame.number(item["lj"]) == 2)
                    }
                    guard alpha > 0 else { continue }
                    paints.append(Paint(subpaths: paths.map(\.points), closed: paths.map(\.closed), color: color, stroke: stroke))
                default:
                    continue
                }
            }
        }

        /// A group's own transform (its `tr` item) and opacity.
        func groupTransform(_ items: [[String: Any]], time: Double) -> (Matrix, Double) {
            guard let tr = items.last(where: { $0["ty"] as? String == "tr" }) else { return (.identity, 1) }
            return (transform(tr, time: time), (value(tr["o"], time: time).first ?? 100) / 100)
        }

        /// Every path in `items` (and in nested groups, through their transforms), transformed by `matrix`.
        func collectPaths(_ items: [[String: Any]], matrix: Matrix, time: Double) -> [(points: [Point], closed: Bool)] {
            var result: [(points: [Point], closed: Bool)] = []
            for item in items where item["hd"] as? Bool != true {
                switch item["ty"] as? String {
                case "sh":
                    if let path = shape(item["ks"], time: time) { result.append((path.points.map(matrix.apply), path.closed)) }
                case "el":
                    let center = value(item["p"], time: time), size = value(item["s"], time: time)
                    guard center.count >= 2, size.count >= 2 else { continue }
                    let rx = size[0] / 2, ry = size[1] / 2
                    let points = (0..<64).map { step -> Point in
                        let angle = Double(step) / 64 * 2 * .pi
                        return matrix.apply(Point(x: center[0] + rx * cos(angle), y: center[1] + ry * sin(angle)))
                    }
                    result.append((points, true))
                case "rc":
                    let center = value(item["p"], time: time), size = value(item["s"], time: time)
                    guard center.count >= 2, size.count >= 2 else { continue }
                    let radius = value(item["r"], time: time).first ?? 0
                    let rect = Rect(x: center[0] - size[0] / 2, y: center[1] - size[1] / 2, width: size[0], height: size[1])
                    result.append((VectorPath.roundedRect(rect, radii: (radius, radius, radius, radius)).map(matrix.apply), true))
                case "gr":
                    let inner = item["it"] as? [[String: Any]] ?? []
                    result += collectPaths(inner, matrix: matrix.after(groupTransform(inner, time: time).0), time: time)
                default:
                    continue
                }
            }
            return result
        }

        /// A transform's matrix: position · rotation · scale · −anchor.
        func transform(_ ks: [String: Any], time: Double) -> Matrix {
            var position: [Double]
            if let split = ks["p"] as? [String: Any], split["s"] as? Bool == true {
                position = [value(split["x"], time: time).first ?? 0, value(split["y"], time: time).first ?? 0]
            } else {
                position = value(ks["p"], time: time)
            }
            if position.count < 2 { position = [0, 0] }
            var anchor = value(ks["a"], time: time)
            if anchor.count < 2 { anchor = [0, 0] }
            var scale = value(ks["s"], time: time)
            if scale.count < 2 { scale = [100, 100] }
            let rotation = (value(ks["r"] ?? ks["rz"], time: time).first ?? 0) * .pi / 180
            let sx = scale[0] / 100, sy = scale[1] / 100
            let cosR = cos(rotation), sinR = sin(rotation)
            // T(p) · R · S · T(−a)
            let a = cosR * sx, b = sinR * sx, c = -sinR * sy, d = cosR * sy
            return Matrix(a: a, b: b, c: c, d: d, tx: position[0] - (a * anchor[0] + c * anchor[1]),
                          ty: position[1] - (b * anchor[0] + d * anchor[1]))
        }

        /// A property's numbers at `time`: its value, or its keyframes eased linearly.
        func value(_ property: Any?, time: Double) -> [Double] {
            guard let property = property as? [String: Any] else { return [] }
            func numbers(_ raw: Any?) -> [Double] {
                if let number = raw as? NSNumber { return [number.doubleValue] }
                return (raw as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
            }
            guard LottieFrame.number(property["a"]) == 1, let keys = property["k"] as? [[String: Any]], !keys.isEmpty else {
                return numbers(property["k"])
            }
            return keyframed(keys, time: time, read: numbers) { from, to, progress in
                zip(from, to).map { $0 + ($1 - $0) * progress }
            } ?? []
        }

        /// A path property's outline at `time` (keyframed paths take the nearer key).
        func shape(_ property: Any?, time: Double) -> (points: [Point], closed: Bool)? {
            guard let property = property as? [String: Any] else { return nil }
            func read(_ raw: Any?) -> [String: Any]? {
                (raw as? [String: Any]) ?? ((raw as? [Any])?.first as? [String: Any])
            }
            let path: [String: Any]?
            if LottieFrame.number(property["a"]) == 1, let keys = property["k"] as? [[String: Any]] {
                path = keyframed(keys, time: time, read: read) { from, to, progress in progress < 0.5 ? from : to }
            } else {
                path = read(property["k"])
            }
            guard let path else { return nil }
            func points(_ key: String) -> [Point] {
                (path[key] as? [[Any]] ?? []).map { Point(x: LottieFrame.number($0.first) ?? 0, y: LottieFrame.number($0.dropFirst().first) ?? 0) }
            }
            let vertices = points("v"), ins = points("i"), outs = points("o")
            guard vertices.count > 1, ins.count == vertices.count, outs.count == vertices.count else { return nil }
            let closed = path["c"] as? Bool ?? false
            var result = [vertices[0]]
            let segments = closed ? vertices.count : vertices.count - 1
            for index in 0..<segments {
                let next = (index + 1) % vertices.count
                let p0 = vertices[index], p3 = vertices[next]
                let p1 = Point(x: p0.x + outs[index].x, y: p0.y + outs[index].y), p2 = Point(x: p3.x + ins[next].x, y: p3.y + ins[next].y)
                result += VectorPath.cubic(p0, p1, p2, p3)
            }
            return (result, closed)
        }

        /// The value of keyframes at `time`: the last key's start value past the end (or the
        /// previous key's end value), a held key's own value, else between a key and the next.
        func keyframed<T>(_ keys: [[String: Any]], time: Double, read: (Any?) -> T?, between: (T, T, Double) -> T) -> T? {
            let times = keys.map { LottieFrame.number($0["t"]) ?? 0 }
            guard let index = times.lastIndex(where: { $0 <= time }) else { return read(keys[0]["s"]) }
            let key = keys[index]
            let start = read(key["s"]) ?? (index > 0 ? read(keys[index - 1]["e"]) : nil)
            guard index + 1 < keys.count, LottieFrame.number(key["h"]) != 1, let from = start else { return start }
            guard let to = read(keys[index + 1]["s"]) ?? read(key["e"]) else { return from }
            let span = times[index + 1] - times[index]
            return between(from, to, span > 0 ? min(1, (time - times[index]) / span) : 1)
        }
    }
}
