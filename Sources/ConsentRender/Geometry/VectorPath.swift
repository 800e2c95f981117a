import Foundation

/// A filled outline read from path data, the syntax of SVG's `d` and Android's vector drawables'
/// `android:pathData` (`M12,2C8.13,2 5,5.13 5,9z`): its subpaths as polygons, curves and arcs
/// flattened, in the path's own viewport units.
public struct VectorPath: Sendable, Equatable {
    /// Each subpath's points, closed or not (a fill closes every one).
    public var subpaths: [[Point]]

    public init(subpaths: [[Point]]) {
        self.subpaths = subpaths
    }

    /// Why path data cannot be read: the text, and where in it.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public var data: String
        public var offset: Int
        public var reason: String
        public var description: String { "path data \"\(data.prefix(60))\": \(reason) at character \(offset + 1)" }
    }

    /// Segments a curve is flattened to.
    static let curveSteps = 16

    /// Reads `data`: the commands M, L, H, V, C, S, Q, T, A and Z, each absolute (capital) or
    /// relative, with numbers separated by commas, spaces or signs (`5-7.75`, `.5.5`), a command
    /// letter repeated implicitly (after M, as L).
    public init(_ data: String) throws {
        let scalars = Array(data.unicodeScalars)
        var index = 0
        func fail(_ reason: String) -> SyntaxError { SyntaxError(data: data, offset: index, reason: reason) }
        func skipSeparators() {
            while index < scalars.count, scalars[index] == "," || CharacterSet.whitespacesAndNewlines.contains(scalars[index]) { index += 1 }
        }
        func number() throws -> Double {
            skipSeparators()
            let start = index
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            var digits = 0, dot = false
            while index < scalars.count {
                let c = scalars[index]
                if ("0"..."9").contains(c) { digits += 1; index += 1 }
                else if c == ".", !dot { dot = true; index += 1 }
                else { break }
            }
            if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                index += 1
                if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            }
            guard digits > 0, let value = Double(String(String.UnicodeScalarView(scalars[start..<index]))) else {
                index = start
                throw fail("a number was expected")
            }
            return value
        }
        func flag() throws -> Bool {
            skipSeparators()
            guard index < scalars.count, scalars[index] == "0" || scalars[index] == "1" else { throw fail("an arc flag (0 or 1) was expected") }
            defer { index += 1 }
            return scalars[index] == "1"
        }

        var subpaths: [[Point]] = []
        var current: [Point] = []
        var point = Point(x: 0, y: 0), start = point
        var lastControl: Point?, lastCommand: Character = " "
        func finish() {
            if current.count > 1 { subpaths.append(current) }
            current = []
        }
        func lineTo(_ next: Point) {
            if current.isEmpty { current = [point] }
            current.append(next)
            point = next
        }
        skipSeparators()
        guard index < scalars.count else { self.subpaths = []; return }
        var command: Character = " "
        while true {
            skipSeparators()
            if index >= scalars.count { break }
            let c = Character(scalars[index])
            if c.isLetter {
                command = c
                index += 1
            } else if command == " " {
                throw fail("a command letter (M, L, C, …) was expected")
            } else if command == "M" {
                command = "L"
            } else if command == "m" {
                command = "l"
            } else if command == "Z" || command == "z" {
                throw fail("a number follows Z, which takes none")
            }
            let relative = command.isLowercase
            func absolute(_ x: Double, _ y: Double) -> Point {
                relative ? Point(x: point.x + x, y: point.y + y) : Point(x: x, y: y)
            }
            var control: Point?
            switch command.uppercased() {
            case "M":
                finish()
                point = absolute(try number(), try number())
                start = point
                current = [point]
            case "L":
                lineTo(absolute(try number(), try number()))
            case "H":
                let x = try number()
                lineTo(Point(x: relative ? point.x + x : x, y: point.y))
            case "V":
                let y = try number()
                lineTo(Point(x: point.x, y: relative ? point.y + y : y))
            case "C", "S":
                let first: Point
                if command.uppercased() == "C" {
                    first = absolute(try number(), try number())
                } else {
                    // The reflection of the last curve's second control point, or the current point.
                    first = ["C", "S"].contains(lastCommand.uppercased()).then(lastControl).map {
                        Point(x: 2 * point.x - $0.x, y: 2 * point.y - $0.y)
                    } ?? point
                }
                let second = absolute(try number(), try number())
                let end = absolute(try number(), try number())
                for next in Self.cubic(point, first, second, end) { lineTo(next) }
                control = second
            case "Q", "T":
                let handle: Point
                if command.uppercased() == "Q" {
                    handle = absolute(try number(), try number())
                } else {
                    handle = ["Q", "T"].contains(lastCommand.uppercased()).then(lastControl).map {
                        Point(x: 2 * point.x - $0.x, y: 2 * point.y - $0.y)
                    } ?? point
                }
                let end = absolute(try number(), try number())
                let p0 = point
                for step in 1...Self.curveSteps {
                    let t = Double(step) / Double(Self.curveSteps), u = 1 - t
                    lineTo(Point(x: u * u * p0.x + 2 * u * t * handle.x + t * t * end.x, y: u * u * p0.y + 2 * u * t * handle.y + t * t * end.y))
                }
                control = handle
            case "A":
                let rx = abs(try number()), ry = abs(try number()), rotation = try number() * .pi / 180
                let large = try flag(), sweep = try flag()
                let end = absolute(try number(), try number())
                for next in Self.arc(from: point, to: end, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep) { lineTo(next) }
            case "Z":
                if current.count > 1 { subpaths.append(current) }
                current = []
                point = start
            default:
                index -= 1
                throw fail("'\(command)' is not a path command")
            }
            lastControl = control
            lastCommand = command
        }
        finish()
        self.subpaths = subpaths
    }

    /// A cubic Bézier from `p0` (not included) to `p3`, flattened to `curveSteps` points.
    static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Point] {
        (1...curveSteps).map { step in
            let t = Double(step) / Double(curveSteps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    /// An elliptical arc from `p1` to `p2` as SVG's endpoint parameters describe it (SVG 1.1,
    /// appendix F.6: the centre found from the flags, radii scaled up when too small), flattened.
    static func arc(from p1: Point, to p2: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool) -> [Point] {
        guard rx > 0, ry > 0, p1 != p2 else { return [p2] }
        let cosR = cos(rotation), sinR = sin(rotation)
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1 = cosR * dx + sinR * dy, y1 = -sinR * dx + cosR * dy
        var rx = rx, ry = ry
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator == 0 ? 0 : (max(0, numerator) / denominator).squareRoot()
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry, cy1 = -factor * ry * x1 / rx
        let cx = cosR * cx1 - sinR * cy1 + (p1.x + p2.x) / 2, cy = sinR * cx1 + cosR * cy1 + (p1.y + p2.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        let steps = max(4, Int((abs(delta) / (.pi / 2) * Double(curveSteps)).rounded(.up)))
        return (1...steps).map { step in
            if step == steps { return p2 }
            let theta = theta1 + delta * Double(step) / Double(steps)
            let x = rx * cos(theta), y = ry * sin(theta)
            return Point(x: cosR * x - sinR * y + cx, y: sinR * x + cosR * y + cy)
        }
    }

    /// The subpaths with the viewport `viewport` (its top-left at 0, 0) scaled into `rect`.
    public func mapped(viewport: Size, into rect: Rect) -> [[Point]] {
        let sx = rect.width / viewport.width, sy = rect.height / viewport.height
        return subpaths.map { $0.map { Point(x: rect.minX + $0.x * sx, y: rect.minY + $0.y * sy) } }
    }

    /// A rectangle with a radius of its own at each corner (top-left, top-right, bottom-right,
    /// bottom-left), as one subpath.
    public static func roundedRect(_ rect: Rect, radii: (Double, Double, Double, Double)) -> [Point] {
        let limit = min(rect.width, rect.height) / 2
        let (tl, tr, br, bl) = (min(radii.0, limit), min(radii.1, limit), min(radii.2, limit), min(radii.3, limit))
        var points: [Point] = []
        func corner(_ center: Point, _ radius: Double, from start: Double) {
            guard radius > 0 else { points.append(Point(x: center.x, y: center.y)); return }
            for step in 0...curveSteps / 2 {
                let angle = start + (.pi / 2) * Double(step) / Double(curveSteps / 2)
                points.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
            }
        }
        corner(Point(x: rect.minX + tl, y: rect.minY + tl), tl, from: .pi)
        corner(Point(x: rect.maxX - tr, y: rect.minY + tr), tr, from: -.pi / 2)
        corner(Point(x: rect.maxX - br, y: rect.maxY - br), br, from: 0)
        corner(Point(x: rect.minX + bl, y: rect.maxY - bl), bl, from: .pi / 2)
        return points
    }
}

private extension Bool {
    /// `value` when true, else nil.
    func then<T>(_ value: T?) -> T? { self ? value : nil }
}
