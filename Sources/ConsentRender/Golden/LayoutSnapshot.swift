import Foundation

/// A page's layout as a golden records it for a cell kept without an image (a matrix group with
/// `"images": false`): every item bottom to top with its layer, kind, place in points and colour, and
/// for text its words and how they were set (lines, "…", a break inside a word). It costs a few
/// kilobytes where a PNG costs hundreds, so breadth cells (every device, more languages, more
/// settings) catch a moved, resized, recoloured, re-worded or re-wrapped item without pixels.
/// Glyph shapes and anti-aliasing are what only the pixel goldens see.
struct LayoutSnapshot: Encodable {
    var schemaVersion = 1
    var screen: Size
    var scale: Double
    var items: [Item]

    struct Item: Encodable {
        var id: String
        var layer: LayerKind
        /// `text`, `image`, or the shape's kind (`fill`, `stroke`, `circle`, …).
        var kind: String
        /// Where it draws, before clipping; absent when it covers the screen.
        var bounds: Rect?
        var clip: Rect?
        /// The shape's colour, `#RRGGBB` (with `/alpha` when not opaque); a text's first run's colour.
        var color: String?
        var text: String?
        var lines: Int?
        var ellipsized: Bool?
        var breaksInsideWords: Bool?
    }

    init(_ page: PageLayout) {
        screen = page.screen
        scale = page.scale
        items = page.layers.flatMap { layer in
            layer.items.map { item in
                var entry = Item(id: item.id, layer: layer.kind, kind: "", bounds: item.bounds.map(Self.rounded), clip: item.clip.map(Self.rounded))
                switch item.drawable {
                case let .text(placed):
                    entry.kind = "text"
                    entry.text = placed.block.text
                    entry.color = placed.block.runs.first.map { Self.name(of: $0.color) }
                    entry.lines = placed.facts?.lineCount
                    entry.ellipsized = placed.facts?.isEllipsized == true ? true : nil
                    entry.breaksInsideWords = placed.facts?.breaksInsideWords == true ? true : nil
                case let .image(image):
                    entry.kind = "image"
                    entry.text = image.source
                case let .shape(shape):
                    (entry.kind, entry.color) = Self.describe(shape)
                }
                return entry
            }
        }
    }

    /// Points to 1/1000, so the snapshot does not change with the last bits of a double.
    static func rounded(_ rect: Rect) -> Rect {
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return Rect(x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height))
    }

    static func name(of color: Color) -> String {
        color.alpha >= 1 ? color.hex : color.hex + String(format: "/%.3f", color.alpha)
    }

    static func describe(_ shape: Shape) -> (String, String?) {
        switch shape {
        case let .screenFill(color): ("screenFill", name(of: color))
        case let .fill(_, _, color): ("fill", name(of: color))
        case let .fillOutside(_, _, color): ("fillOutside", name(of: color))
        case let .stroke(_, _, color, _, _): ("stroke", name(of: color))
        case let .line(_, _, color, _): ("line", name(of: color))
        case let .polygon(_, color): ("polygon", name(of: color))
        case let .path(_, color): ("path", name(of: color))
        case let .strokePath(_, _, color, _, _): ("strokePath", name(of: color))
        case let .circle(_, _, color): ("circle", name(of: color))
        case let .ringSegment(_, _, _, _, _, color): ("ringSegment", name(of: color))
        case let .verticalGradient(_, top, bottom): ("verticalGradient", name(of: top) + " " + name(of: bottom))
        case .backdropBlur: ("backdropBlur", nil)
        }
    }

    /// The JSON a golden keeps: one item per line (so a change shows as the line of the item that
    /// changed), keys sorted, the same bytes for the same layout.
    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func line<T: Encodable>(_ value: T) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
        var text = "{\n  \"schemaVersion\": \(schemaVersion),\n  \"screen\": \(try line(screen)),\n  \"scale\": \(try line(scale)),\n"
        text += "  \"items\": [\n" + (try items.map { "    " + (try line($0)) }).joined(separator: ",\n") + "\n  ]\n}\n"
        return Data(text.utf8)
    }
}
