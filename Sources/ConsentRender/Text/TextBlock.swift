/// Weight of a run of text.
public enum FontWeight: String, Codable, Sendable {
    case regular
    /// iOS 26's alert buttons (SF Pro Medium, 510).
    case medium
    case semibold
    case bold

    /// One step heavier, as iOS's Bold Text setting makes it (bold stays bold).
    public var bolder: FontWeight {
        switch self {
        case .regular, .medium: .semibold
        case .semibold, .bold: .bold
        }
    }
}

/// Horizontal alignment of a text block's lines.
public enum TextAlignment: String, Codable, Sendable {
    /// The leading edge of the screen's language: left for a left-to-right language, right for a
    /// right-to-left one, whatever script the text starts with.
    case leading
    case center
    /// The start of the text's own direction, as `NSTextAlignment.natural` does: an English title
    /// in an Arabic dialog aligns left.
    case natural
    /// The leading edge of another language's direction than the text's: a right-to-left
    /// system's (`leadingRightToLeft`) or a left-to-right one's, whatever the text's own language.
    /// iOS's alerts align their message to the system's leading edge: an English purpose string in
    /// a Hebrew alert aligns right.
    case leadingRightToLeft = "leading-rtl"
    case leadingLeftToRight = "leading-ltr"
}

/// A styled range of a `TextBlock`'s text.
public struct TextRun: Codable, Sendable, Hashable {
    /// UTF-8 byte offsets into the block's text (Pango's indexes), `start..<end`.
    public var start: Int
    public var end: Int
    public var fontSize: Double
    public var weight: FontWeight
    public var italic: Bool
    public var monospace: Bool
    /// A family to set the run in before the language's own (a brand font); nil for the language's.
    public var family: String?
    public var color: Color
    public var underline: Bool
    /// A line through the text (`~~struck~~`).
    public var strikethrough: Bool
    /// Index into the page's links when this run is (part of) a link.
    public var linkIndex: Int?
    /// An inline image this run's one object-replacement character stands for: space is kept
    /// for it on the baseline and the image is drawn there as its own item.
    public var attachment: TextAttachment?
    /// Letter spacing in points from the platform's type scale (Android's Material scale), in
    /// place of iOS's tracking; nil for iOS's.
    public var tracking: Double?

    public init(start: Int, end: Int, fontSize: Double, weight: FontWeight = .regular, italic: Bool = false,
                monospace: Bool = false, family: String? = nil, color: Color, underline: Bool = false, strikethrough: Bool = false,
                linkIndex: Int? = nil) {
        precondition(start <= end, "A text run must not end before it starts (\(start)..<\(end))")
        self.start = start
        self.end = end
        self.fontSize = fontSize
        self.weight = weight
        self.italic = italic
        self.monospace = monospace
        self.family = family
        self.color = color
        self.underline = underline
        self.strikethrough = strikethrough
        self.linkIndex = linkIndex
    }
}

/// Room for an inline image in a line of text (an `NSTextAttachment`), in points.
public struct TextAttachment: Codable, Sendable, Hashable {
    /// Which image of its block, in order.
    public var index: Int
    public var width: Double
    public var height: Double

    public init(index: Int, width: Double, height: Double) {
        self.index = index
        self.width = width
        self.height = height
    }
}

/// A paragraph of styled text to be wrapped at a width: what the text engine measures and draws.
public struct TextBlock: Codable, Sendable, Hashable {
    public var text: String
    /// Styled ranges covering the text, in order.
    public var runs: [TextRun]
    /// Wrapping width in points.
    public var width: Double
    public var alignment: TextAlignment
    /// Distance between baselines in points (unless `lineSpacing` is set).
    public var lineHeight: Double
    /// Points added between lines, as NSParagraphStyle's `lineSpacing`: when set, lines take
    /// their fonts' natural height plus this, and `lineHeight` is not used.
    public var lineSpacing: Double?
    /// BCP 47 tag of the text, which picks fonts and glyph forms.
    public var language: String
    /// At most this many lines, the last ending in an ellipsis; nil for no limit.
    public var maximumLines: Int?
    /// True where a word too long for its line is broken with a hyphen, as iOS's system alerts
    /// break it ("RNPermissionsExam-ple"); nil (no hyphen) as UILabel and UITextView break one.
    public var hyphenates: Bool?

    public init(text: String, runs: [TextRun], width: Double, alignment: TextAlignment, lineHeight: Double, lineSpacing: Double? = nil,
                language: String, maximumLines: Int? = nil) {
        precondition(width > 0, "A text block needs a positive width, got \(width)")
        self.text = text
        self.runs = runs
        self.width = width
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.lineSpacing = lineSpacing
        self.language = language
        self.maximumLines = maximumLines
    }
}

/// Where a `TextBlock`'s lines and links fall, relative to the block's top-left corner.
public struct TextMeasurement: Sendable, Equatable {
    /// Width of the widest line and total height.
    public var size: Size
    /// One rectangle per visual line.
    public var lines: [Rect]
    /// Each line's text as UTF-8 byte offsets into the block's text, in line order.
    public var lineRanges: [Range<Int>]
    /// For each link index in the block, one rectangle per visual line the link touches.
    public var linkRects: [Int: [Rect]]
    /// From the block's top to its first line's baseline.
    public var baseline: Double
    /// Where each inline image (by its attachment index) sits, relative to the block.
    public var attachmentRects: [Int: Rect]

    public init(size: Size, lines: [Rect], lineRanges: [Range<Int>] = [], linkRects: [Int: [Rect]], baseline: Double = 0,
                attachmentRects: [Int: Rect] = [:]) {
        self.size = size
        self.lines = lines
        self.lineRanges = lineRanges
        self.linkRects = linkRects
        self.baseline = baseline
        self.attachmentRects = attachmentRects
    }
}

/// Measures text blocks. The layout stage depends only on this, so it can be tested without Cairo.
public protocol TextMeasuring {
    func measure(_ block: TextBlock) -> TextMeasurement
}

extension TextBlock {
    /// The block with every run in one colour: what its shape depends on, since colours change no
    /// glyph and no line break.
    var uncolored: TextBlock {
        var block = self
        for index in block.runs.indices { block.runs[index].color = Color(rgb: 0) }
        return block
    }
}

extension TextBlock {
    /// The width to lay the block out at so that it keeps the lines it was measured with at
    /// `natural` width: rounded up, with room for its letter spacing, which Pango counts when it
    /// breaks a line but not in a line's measured width (Android's type scale tracks its text).
    func shrinkWrapped(_ natural: Double) -> Double {
        let tracking = runs.compactMap(\.tracking).map(abs).max() ?? 0
        return (natural + tracking + (tracking > 0 ? 0.5 : 0)).rounded(.up)
    }
}
