/// A link found while building text: its target and the words that show it.
struct LinkSource: Sendable, Equatable {
    public var url: String
    public var text: String
    /// Found in plain text by a detector rather than written as a link.
    public var detected = false
}

/// The style that inline Markdown starts from in one kind of text (title, body, heading).
struct BaseTextStyle {
    var fontSize: Double
    var weight: FontWeight
    var color: Color
    var linkColor: Color
    /// The brand family the text is set in first (`style.fonts`); nil for the language's Noto fonts.
    var family: String? = nil
    /// The size of `<small>` text in it; nil: the base size (text where no small size applies).
    var smallFontSize: Double? = nil
    /// Letter spacing in em from the platform's type scale (Android); nil for iOS's tracking.
    var letterSpacing: Double? = nil
    /// The line height the platform's type scale sets (Android's Material scale), in points;
    /// nil for the language's line-height factor.
    var fixedLineHeight: Double? = nil

    /// The height of a line of this text in `traits`' language: the type scale's where it sets
    /// one, grown (as Android's fallback line spacing grows it) for a script whose marks need
    /// more; else the language's factor.
    func lineHeight(_ traits: LanguageTraits) -> Double {
        guard let fixedLineHeight else { return fontSize * traits.lineHeightMultiple }
        return traits.allowsLetterSpacing ? fixedLineHeight : max(fixedLineHeight, fontSize * traits.lineHeightMultiple)
    }
}

/// Turns Markdown inlines into a `TextBlock`'s text and runs, collecting links as it goes.
struct StyledTextBuilder {
    private(set) var text = ""
    private(set) var runs: [TextRun] = []
    /// The sizes (points) of the images this text may show inline, by their Markdown source; an
    /// image not here shows its alt text.
    var imageSizes: [String: Size] = [:]
    /// The sources of the inline images appended, in attachment order.
    private(set) var attachmentSources: [String] = []
    private let base: BaseTextStyle
    private let traits: LanguageTraits

    init(base: BaseTextStyle, traits: LanguageTraits) {
        self.base = base
        self.traits = traits
    }

    private struct InlineStyle {
        var weight: FontWeight
        var italic = false
        var monospace = false
        var strikethrough = false
        var linkIndex: Int?
        /// A size other than the base's (`<small>`).
        var fontSize: Double?
    }

    /// Appends `inlines`; every link gets the next index in `links`.
    mutating func append(_ inlines: [Inline], links: inout [LinkSource]) {
        append(inlines, style: InlineStyle(weight: base.weight), links: &links)
    }

    /// Appends plain text in the base style (list markers, button labels).
    mutating func append(plain: String) {
        appendText(plain, style: InlineStyle(weight: base.weight))
    }

    func block(width: Double, alignment: TextAlignment, lineHeight: Double, lineSpacing: Double? = nil,
               maximumLines: Int? = nil) -> TextBlock {
        TextBlock(text: text, runs: runs, width: width, alignment: alignment, lineHeight: lineHeight, lineSpacing: lineSpacing,
                  language: traits.tag, maximumLines: maximumLines)
    }

    private mutating func append(_ inlines: [Inline], style: InlineStyle, links: inout [LinkSource]) {
        for inline in inlines {
            switch inline {
            case let .text(value):
                appendText(value, style: style)
            case let .code(value):
                var code = style
                code.monospace = true
                appendText(value, style: code)
            case let .emphasis(content):
                var emphasised = style
                emphasised.italic = true
                append(content, style: emphasised, links: &links)
            case let .strong(content):
                var strong = style
                strong.weight = .bold
                append(content, style: strong, links: &links)
            case let .strikethrough(content):
                var struck = style
                struck.strikethrough = true
                append(content, style: struck, links: &links)
            case let .small(content):
                var small = style
                small.fontSize = base.smallFontSize ?? style.fontSize
                append(content, style: small, links: &links)
            case let .link(url, content, detected):
                var linked = style
                linked.linkIndex = links.count
                links.append(LinkSource(url: url, text: content.plainText, detected: detected))
                append(content, style: linked, links: &links)
            case .softBreak:
                // Chinese and Japanese do not put spaces between words, so a source line break
                // between ideographs joins them directly.
                if !(traits.isCJK && text.unicodeScalars.last.map(Self.isWideScalar) == true) {
                    appendText(" ", style: style)
                }
            case .lineBreak:
                appendText("\u{2028}", style: style)
            case let .image(source, alt):
                guard let size = imageSizes[source], size.width > 0, size.height > 0, text.utf8.count < Self.maximumBytes else {
                    appendText(alt, style: style)
                    continue
                }
                // As tall as the line's text (its font's ascent and descent), its width in proportion.
                let height = (base.fontSize * 1.2 * 1000).rounded() / 1000
                let attachment = TextAttachment(index: attachmentSources.count, width: size.width * height / size.height, height: height)
                attachmentSources.append(source)
                let start = text.utf8.count
                text += "\u{FFFC}"
                var run = TextRun(start: start, end: text.utf8.count, fontSize: base.fontSize, weight: style.weight,
                                  family: base.family, color: base.color, linkIndex: style.linkIndex)
                run.attachment = attachment
                run.tracking = base.letterSpacing.map { $0 * base.fontSize }
                runs.append(run)
            }
        }
    }

    /// The most UTF-8 bytes one text block holds. A paragraph longer than this (a 100,000-character
    /// word) is cut: it runs far past the first screen anyway, and Pango's line breaking slows
    /// down sharply on very long paragraphs.
    static let maximumBytes = 16_384

    private mutating func appendText(_ value: String, style: InlineStyle) {
        guard !value.isEmpty, text.utf8.count < Self.maximumBytes else { return }
        var value = value
        let room = Self.maximumBytes - text.utf8.count
        if value.utf8.count > room {
            // Cut on a scalar boundary: whole characters up to the room left.
            var bytes = 0
            var end = value.unicodeScalars.startIndex
            for index in value.unicodeScalars.indices {
                let width = UTF8.width(value.unicodeScalars[index])
                if bytes + width > room { break }
                bytes += width
                end = value.unicodeScalars.index(after: index)
            }
            value = String(value.unicodeScalars[..<end]) + "…"
        }
        let prepared = traits.isCJK ? Self.allowingBreaksAroundCurlyQuotes(value) : value
        let start = text.utf8.count
        text += prepared
        let end = text.utf8.count
        var run = TextRun(
            start: start, end: end, fontSize: style.fontSize ?? base.fontSize, weight: style.weight, italic: style.italic,
            monospace: style.monospace, family: base.family, color: style.linkIndex == nil ? base.color : base.linkColor,
            underline: style.linkIndex != nil, strikethrough: style.strikethrough, linkIndex: style.linkIndex)
        run.tracking = base.letterSpacing.map { $0 * run.fontSize }
        if var last = runs.last, last.end == start, Self.sameStyle(last, run) {
            last.end = end
            runs[runs.count - 1] = last
        } else {
            runs.append(run)
        }
    }

    private static func sameStyle(_ a: TextRun, _ b: TextRun) -> Bool {
        var a = a
        a.start = b.start
        a.end = b.end
        return a == b
    }

    /// Pango treats curly quotes as unbreakable on both sides, so `点击“同意”即` would never wrap
    /// where iOS does; a zero-width space before an opening and after a closing quote allows it.
    static func allowingBreaksAroundCurlyQuotes(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(value.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\u{201C}", "\u{2018}":
                result.append("\u{200B}")
                result.append(scalar)
            case "\u{201D}", "\u{2019}":
                result.append(scalar)
                // Not before closing punctuation, which must never start a line (”！ stays together).
                if index + 1 >= scalars.count || !closingPunctuation.contains(scalars[index + 1]) {
                    result.append("\u{200B}")
                }
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Punctuation that may not begin a line in Chinese and Japanese (kinsoku).
    static let closingPunctuation: Set<Unicode.Scalar> = ["！", "，", "。", "、", "；", "：", "？", "）", "」", "』", "】", "》", "〉",
                                                           "…", "‥", "!", ",", ".", ";", ":", "?", ")"]

    /// Ideographs, kana, hangul and full-width punctuation.
    static func isWideScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
