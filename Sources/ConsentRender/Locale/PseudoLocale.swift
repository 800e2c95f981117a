/// The pseudo-locales designers use to find layout problems before translators do.
///
/// - `en-XA`: English with every letter accented and about 40% more text, in brackets, so
///   clipped or truncated strings and hard-coded text stand out.
/// - `ar-XB`: English shown right to left (each run reversed by a bidi override) in a mirrored
///   layout, so left/right assumptions stand out.
///
/// Either is made from the document's English (or default-language) file when the document has
/// no file of its own for it.
enum PseudoLocale: String, Sendable {
    case accented = "en-XA"
    case mirrored = "ar-XB"

    public init?(_ tag: LanguageTag) {
        switch (tag.language, tag.region) {
        case ("en", "XA"): self = .accented
        case ("ar", "XB"): self = .mirrored
        default: return nil
        }
    }

    /// One string in the pseudo-locale.
    public func transform(_ text: String) -> String {
        switch self {
        case .accented:
            return "[" + Self.accent(text) + " " + Self.padding(for: text) + "]"
        case .mirrored:
            return "\u{202E}" + text + "\u{202C}"
        }
    }

    /// The document in the pseudo-locale; link targets stay as they are.
    public func transform(_ document: ConsentDocument) -> ConsentDocument {
        ConsentDocument(title: document.title.map(transform(inlines:)), blocks: document.blocks.map(transform(block:)))
    }

    private func transform(block: Block) -> Block {
        switch block {
        case let .paragraph(inlines): .paragraph(transform(inlines: inlines))
        case let .heading(level, inlines): .heading(level: level, content: transform(inlines: inlines))
        case let .list(ordered, start, items): .list(ordered: ordered, start: start, items: items.map { $0.map(transform(block:)) })
        case let .quote(blocks): .quote(blocks.map(transform(block:)))
        case let .table(header, rows): .table(header: header.map(transform(inlines:)), rows: rows.map { $0.map(transform(inlines:)) })
        case .thematicBreak: .thematicBreak
        case let .checklist(items): .checklist(items.map { ChecklistItem(checked: $0.checked, blocks: $0.blocks.map(transform(block:))) })
        }
    }

    /// A run of inlines: the accented form is bracketed and padded once per run, not per word.
    private func transform(inlines: [Inline]) -> [Inline] {
        switch self {
        case .accented:
            let padding = Self.padding(for: inlines.plainText)
            return [.text("[")] + inlines.map(mapText { Self.accent($0) }) + [.text(" " + padding + "]")]
        case .mirrored:
            return inlines.map(mapText { "\u{202E}" + $0 + "\u{202C}" })
        }
    }

    private func mapText(_ change: @escaping (String) -> String) -> (Inline) -> Inline {
        func apply(_ inline: Inline) -> Inline {
            switch inline {
            case let .text(text): .text(change(text))
            case let .code(text): .code(change(text))
            case let .emphasis(content): .emphasis(content.map(apply))
            case let .strong(content): .strong(content.map(apply))
            case let .strikethrough(content): .strikethrough(content.map(apply))
            case let .small(content): .small(content.map(apply))
            case let .link(url, content, detected): .link(url: url, content: content.map(apply), detected: detected)
            case .softBreak, .lineBreak, .image: inline
            }
        }
        return apply
    }

    private static let accents: [Character: Character] = [
        "a": "å", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î", "j": "ĵ",
        "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ", "s": "š", "t": "ţ",
        "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
        "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î", "J": "Ĵ",
        "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ", "S": "Š", "T": "Ţ",
        "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
    ]

    static func accent(_ text: String) -> String {
        String(text.map { accents[$0] ?? $0 })
    }

    /// Words that lengthen a text of `text`'s length by about 40%.
    static func padding(for text: String) -> String {
        let words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        let wanted = max(3, Int((Double(text.count) * 0.4).rounded()))
        var result = ""
        var index = 0
        while result.count < wanted {
            result += (result.isEmpty ? "" : " ") + words[index % words.count]
            index += 1
        }
        return result
    }
}
