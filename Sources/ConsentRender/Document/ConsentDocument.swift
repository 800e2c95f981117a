/// Inline content of a paragraph, heading or list item.
public indirect enum Inline: Sendable, Equatable {
    case text(String)
    case emphasis([Inline])
    case strong([Inline])
    case code(String)
    /// `~~struck~~` text.
    case strikethrough([Inline])
    /// `<small>…</small>`: smaller text (a footnote), set in the style's small size (Footnote,
    /// 13 pt at Large; `style.text.smallSize`). The one HTML element interpreted.
    case small([Inline])
    /// A link; `detected` when it was found in plain text (a web address, e-mail address or phone
    /// number, or a bare address cmark-gfm turned into a link) rather than written as a link.
    case link(url: String, content: [Inline], detected: Bool = false)
    /// A line break in the source that is not a paragraph end; shown as a space between words.
    case softBreak
    /// A hard line break (two trailing spaces or a backslash).
    case lineBreak
    /// `![alt](file.png)`: a PNG file of the document folder, drawn inline (or as a block when alone
    /// in its paragraph); where it cannot be drawn (a title, a button) its alt text shows.
    case image(source: String, alt: String)
}

/// A block of the document body.
public indirect enum Block: Sendable, Equatable {
    case paragraph([Inline])
    case heading(level: Int, content: [Inline])
    /// A list; each item is a sequence of blocks. `start` is the first number of an ordered list.
    case list(ordered: Bool, start: Int, items: [[Block]])
    case quote([Block])
    /// A GFM table: the header cells, then each row's cells.
    case table(header: [[Inline]], rows: [[[Inline]]])
    /// `---`: a hairline across the column.
    case thematicBreak
    /// A GFM task list (`- [ ] 我已阅读并同意…`, `- [x] …`): each item a check box and its blocks.
    case checklist([ChecklistItem])
}

/// An item of a task list: ticked, unticked, or (in a list that mixes them) a plain item.
public struct ChecklistItem: Sendable, Equatable {
    /// Nil for a plain item among task items (drawn with a bullet).
    public var checked: Bool?
    public var blocks: [Block]

    public init(checked: Bool?, blocks: [Block]) {
        self.checked = checked
        self.blocks = blocks
    }
}

/// One language's text of a consent screen, parsed from Markdown.
public struct ConsentDocument: Sendable, Equatable {
    /// The first level-1 heading; nil when the document has none (the built-in title is used).
    public var title: [Inline]?
    /// Everything else, in order.
    public var blocks: [Block]

    public init(title: [Inline]?, blocks: [Block]) {
        self.title = title
        self.blocks = blocks
    }
}

extension Array where Element == Inline {
    /// The text a reader sees, without styling.
    public var plainText: String {
        map { inline -> String in
            switch inline {
            case let .text(text), let .code(text): text
            case let .emphasis(content), let .strong(content), let .link(_, content, _), let .strikethrough(content), let .small(content):
                content.plainText
            case .softBreak: " "
            case .lineBreak: "\n"
            case let .image(_, alt): alt
            }
        }.joined()
    }
}
