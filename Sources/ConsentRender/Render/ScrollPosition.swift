import Foundation

/// How far a screen's body is scrolled (`--scroll`): the top (as it opens), the bottom, the
/// heading with an id (as an `#anchor` link scrolls it, `scrollRangeToVisible`), or a number of points.
public enum ScrollPosition: Hashable, Codable, Sendable, CustomStringConvertible {
    case top
    case bottom
    case anchor(String)
    case points(Double)

    /// `top`, `bottom`, `#id` or a number of points (`240`, `120.5`); nil for anything else.
    public init?(name: String) {
        let text = name.trimmingCharacters(in: .whitespaces)
        switch text.lowercased() {
        case "top": self = .top
        case "bottom": self = .bottom
        default:
            if text.hasPrefix("#"), text.count > 1 {
                self = .anchor(String(text.dropFirst()))
            } else if let value = Double(text), value.isFinite, value >= 0 {
                self = value == 0 ? .top : .points(value)
            } else {
                return nil
            }
        }
    }

    public var description: String {
        switch self {
        case .top: "top"
        case .bottom: "bottom"
        case let .anchor(id): "#\(id)"
        case let .points(value): Self.number(value)
        }
    }

    /// The part of a cell's file name: none for the top, `-scroll-bottom`, `-scroll-<id>`, `-scroll-<points>`.
    public var fileSuffix: String {
        switch self {
        case .top: ""
        case .bottom: "-scroll-bottom"
        case let .anchor(id): "-scroll-" + Self.fileSafe(id)
        case let .points(value): "-scroll-\(Self.number(value))"
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// An id as a file name part: path separators and control characters replaced.
    static func fileSafe(_ id: String) -> String {
        String(id.map { $0 == "/" || $0 == "\\" || $0.isNewline || $0 == "\0" ? "_" : $0 })
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Double.self), let position = ScrollPosition(name: String(value)) {
            self = position
            return
        }
        let name = try container.decode(String.self)
        guard let position = ScrollPosition(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(name)' is not a scroll position; use top, bottom, #anchor or a number of points")
        }
        self = position
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// GitHub's heading ids: lower case, everything but letters, marks, digits, spaces, hyphens and
/// underscores dropped (so CJK stays), spaces to hyphens; a repeated id gets `-1`, `-2`, ….
struct HeadingSlugger: Sendable {
    private var counts: [String: Int] = [:]

    public init() {}

    /// The id of the next heading with `text`.
    public mutating func slug(for text: String) -> String {
        let base = Self.base(text)
        let count = counts[base, default: 0]
        counts[base] = count + 1
        return count == 0 ? base : "\(base)-\(count)"
    }

    static func base(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
                 .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation:
                result.unicodeScalars.append(scalar)
            case .spaceSeparator where scalar == " ":
                result.append("-")
            default:
                if scalar == "-" { result.append("-") }
            }
        }
        return result
    }

    /// Every heading id of a document, in order: its title first, then each heading of the body.
    public static func ids(of document: ConsentDocument) -> [String] {
        var slugger = HeadingSlugger()
        var ids: [String] = []
        if let title = document.title { ids.append(slugger.slug(for: title.plainText)) }
        func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case let .heading(_, content): ids.append(slugger.slug(for: content.plainText))
                case let .list(_, _, items): items.forEach(visit)
                case let .checklist(items): items.map(\.blocks).forEach(visit)
                case let .quote(inner): visit(inner)
                case .paragraph, .table, .thematicBreak: break
                }
            }
        }
        visit(document.blocks)
        return ids
    }
}
