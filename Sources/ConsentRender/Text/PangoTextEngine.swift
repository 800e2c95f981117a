internal import CCairo
import Foundation

/// Measures and draws `TextBlock`s with Pango, using the project's fonts at 72 dpi.
///
/// Each engine owns its own font map and context: Pango font maps must not be shared between
/// threads, so use one engine per thread. Layout measures the same at every scale because
/// metric hinting is off and glyph positions are not rounded.
final class PangoTextEngine: TextMeasuring {
    /// Keeps the font map's configuration alive as long as the engine.
    private let configuration: FontConfiguration
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// Left-to-right paragraphs.
    private let context: OpaquePointer
    /// Right-to-left paragraphs (Arabic, Hebrew, …): the same fonts with an RTL base direction.
    private let rightToLeftContext: OpaquePointer

    /// An engine setting text in `fonts` (the Noto fonts unless a document adds its own).
    public init(fonts: FontSet = .noto) throws {
        let configuration = try FontConfiguration.configuration(for: fonts)
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw RenderError.fontConfiguration(detail: "Pango could not create a FreeType font map")
        }
        pango_fc_font_map_set_config(OpaquePointer(fontMap), configuration.config)
        guard let context = pango_font_map_create_context(fontMap),
              let rightToLeftContext = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            throw RenderError.fontConfiguration(detail: "Pango could not create a context")
        }
        self.configuration = configuration
        self.fontMap = fontMap
        self.context = context
        self.rightToLeftContext = rightToLeftContext
        guard let options = cairo_font_options_create() else {
            throw RenderError.cairo(operation: "cairo_font_options_create", status: "no memory")
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        for (each, direction) in [(context, PANGO_DIRECTION_LTR), (rightToLeftContext, PANGO_DIRECTION_RTL)] {
            pango_cairo_context_set_resolution(each, 72)
            pango_context_set_round_glyph_positions(each, 0)
            pango_cairo_context_set_font_options(each, options)
            pango_context_set_base_dir(each, direction)
        }
        cairo_font_options_destroy(options)
    }

    /// Brand fonts already found in this engine's fonts.
    private var checkedFamilies = Set<BrandFonts>()

    /// Throws when a family `fonts` names is neither among the document's fonts nor the shipped
    /// ones; `settingsPath` is the `document.json` that names it.
    func checkFamilies(_ fonts: BrandFonts, settingsPath: String) throws {
        guard !fonts.families.isEmpty, !checkedFamilies.contains(fonts) else { return }
        let own = configuration.familyNames(shipped: false)
        let shipped = configuration.familyNames(shipped: true)
        func known(_ family: String) -> Bool {
            own.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
                || shipped.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
        }
        for entry in fonts.entries where !known(entry.family) {
            throw DocumentError.unknownFontFamily(
                path: settingsPath, key: "style.fonts.\(entry.key)", family: entry.family, documentFamilies: own.sorted(),
                suggestion: Self.suggestedFamily(for: entry.family, own: own.sorted(), shipped: shipped.sorted()))
        }
        checkedFamilies.insert(fonts)
    }

    /// The family a misspelt name most likely means: one of the document's own first (a name
    /// containing or contained in it, then the nearest), then a shipped one.
    static func suggestedFamily(for name: String, own: [String], shipped: [String]) -> String? {
        let lowered = name.lowercased()
        if let related = own.first(where: { lowered.contains($0.lowercased()) || $0.lowercased().contains(lowered) }) {
            return related
        }
        return closestMatch(to: name, among: own) ?? closestMatch(to: name, among: shipped)
    }

    /// A layout and the last page that used it.
    private struct CachedLayout {
        let handle: PangoLayoutHandle
        var page: Int
    }

    /// Layouts of the last `keptPages` pages, by block without its colours: measuring, checking
    /// and drawing a block shape it once, and a page that differs from a recent one only in
    /// colours (dark after light, Increase Contrast, another tint) shapes nothing again.
    private var layouts: [TextBlock: CachedLayout] = [:]
    private var page = 0
    /// A matrix cell lays out two pages (its screen, and the same at AX5 for lint's Dynamic Type
    /// check), so the light cell's pages are the two before its dark twin's.
    private static let keptPages = 3
    /// How many layouts this engine has made (shaped), for tests of the sharing.
    private(set) var layoutsMade = 0

    /// Starts a new page: layouts none of the pages before it kept used are forgotten.
    func startPage() {
        CairoFontLock.shared.locked {
            page += 1
            layouts = layouts.filter { $0.value.page > page - Self.keptPages }
        }
    }

    /// Forgets every layout, so the next page shapes all its text (for measuring that).
    func forgetLayouts() {
        CairoFontLock.shared.locked { layouts.removeAll() }
    }

    /// The Pango layout of `block`'s text, made once for every block that differs from it only in colours.
    private func handle(for block: TextBlock) -> PangoLayoutHandle {
        let key = block.uncolored
        if let cached = layouts[key] {
            layouts[key]?.page = page
            return cached.handle
        }
        let handle = PangoLayoutHandle(block: block, context: context(for: block))
        layouts[key] = CachedLayout(handle: handle, page: page)
        layoutsMade += 1
        return handle
    }

    deinit {
        CairoFontLock.shared.locked {
            layouts.removeAll()
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(UnsafeMutableRawPointer(rightToLeftContext))
            g_object_unref(fontMap)
        }
    }

    /// The context for a block's direction.
    private func context(for block: TextBlock) -> OpaquePointer {
        LanguageTraits(tag: block.language).isRightToLeft ? rightToLeftContext : context
    }

    public func measure(_ block: TextBlock) -> TextMeasurement {
        CairoFontLock.shared.locked {
            let layout = handle(for: block)
            return layout.measurement(linkRuns: block.runs.filter { $0.linkIndex != nil || $0.attachment != nil }, blockWidth: block.width)
        }
    }

    /// The font family that sets each run of `block`, in logical order, as UTF-8 byte ranges.
    func fontFamilies(in block: TextBlock) -> [(range: Range<Int>, family: String)] {
        CairoFontLock.shared.locked {
            let handle = handle(for: block)
            var result: [(range: Range<Int>, family: String)] = []
            forEachItem(of: handle) { item in
                guard let font = item.pointee.analysis.font else { return }
                guard let description = pango_font_describe(font) else { return }
                let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
                pango_font_description_free(description)
                let start = Int(item.pointee.offset)
                result.append((start..<(start + Int(item.pointee.length)), family))
            }
            return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
    }

    /// Paths of the font files that set `block`'s text.
    func fontFiles(in block: TextBlock) -> Set<String> {
        CairoFontLock.shared.locked {
            let handle = handle(for: block)
            var files = Set<String>()
            forEachItem(of: handle) { item in
                guard let font = item.pointee.analysis.font,
                      let pattern = pango_fc_font_get_pattern(UnsafeMutablePointer<PangoFcFont>(OpaquePointer(font)))
                else { return }
                var file: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                    files.insert(String(cString: file))
                }
            }
            return files
        }
    }

    /// Whether a line of `block` ends inside a word (a label too narrow for one of its words),
    /// which UIKit does without a hyphen. Breaks between ideographs are not inside words.
    func breaksInsideWords(_ block: TextBlock) -> Bool {
        CairoFontLock.shared.locked {
            let ranges = measure(block).lineRanges
            guard ranges.count > 1 else { return false }
            let bytes = Array(block.text.utf8)
            func scalar(endingAt end: Int) -> Unicode.Scalar? {
                var start = end - 1
                while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
                guard start >= 0 else { return nil }
                return String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.first
            }
            func scalar(startingAt start: Int) -> Unicode.Scalar? {
                guard start < bytes.count else { return nil }
                var end = start + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                return String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars.first
            }
            func isWordCharacter(_ scalar: Unicode.Scalar?) -> Bool {
                guard let scalar else { return false }
                return (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
                    && !StyledTextBuilder.isWideScalar(scalar)
            }
            // Where Pango (with libthai and ICU's rules) allows a line break, the break is between
            // words, even between two letters: Thai, Lao, Khmer and Burmese put no spaces between words.
            var attributeCount: Int32 = 0
            let layout = handle(for: block).layout
            let attributes = pango_layout_get_log_attrs_readonly(layout, &attributeCount)
            func isBreakOpportunity(atByte offset: Int) -> Bool {
                guard let attributes else { return false }
                let characters = String(decoding: bytes[0..<offset], as: UTF8.self).unicodeScalars.count
                guard characters < Int(attributeCount) else { return false }
                return attributes[characters].is_line_break != 0
            }
            return ranges.dropLast().contains { range in
                range.upperBound > 0 && range.upperBound < bytes.count
                    && isWordCharacter(scalar(endingAt: range.upperBound)) && isWordCharacter(scalar(startingAt: range.upperBound))
                    && !isBreakOpportunity(atByte: range.upperBound)
            }
        }
    }

    /// Whether `block` had to be cut with "…" to stay within its line limit.
    func isEllipsized(_ block: TextBlock) -> Bool {
        CairoFontLock.shared.locked {
            block.maximumLines != nil && pango_layout_is_ellipsized(handle(for: block).layout) != 0
        }
    }

    /// Characters of `block` that no installed font has a glyph for, in order, each once.
    func missingCharacters(in block: TextBlock) -> [Unicode.Scalar] {
        CairoFontLock.shared.locked {
            let handle = handle(for: block)
            guard pango_layout_get_unknown_glyphs_count(handle.layout) > 0 else { return [] }
            var missing: [Unicode.Scalar] = []
            for index in 0..<pango_layout_get_line_count(handle.layout) {
                var node = pango_layout_get_line_readonly(handle.layout, index)?.pointee.runs
                while let current = node {
                    let glyphItem = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                    if let glyphs = glyphItem.pointee.glyphs {
                        for glyphIndex in 0..<Int(glyphs.pointee.num_glyphs) {
                            let glyph = glyphs.pointee.glyphs[glyphIndex].glyph
                            // Pango marks a glyph no font has with this flag and keeps the character in the rest.
                            let unknownFlag = UInt32(cr_pango_glyph_unknown_flag)
                            if glyph & unknownFlag != 0, let scalar = Unicode.Scalar(glyph & ~unknownFlag), !missing.contains(scalar) {
                                missing.append(scalar)
                            }
                        }
                    }
                    node = current.pointee.next
                }
            }
            return missing
        }
    }

    /// Calls `body` with every shaped item of every line of the layout.
    private func forEachItem(of handle: PangoLayoutHandle, _ body: (UnsafeMutablePointer<PangoItem>) -> Void) {
        for index in 0..<pango_layout_get_line_count(handle.layout) {
            var node = pango_layout_get_line_readonly(handle.layout, index)?.pointee.runs
            while let current = node {
                let glyphItem = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                if let item = glyphItem.pointee.item { body(item) }
                node = current.pointee.next
            }
        }
    }

    /// The UTF-8 byte ranges of the words (runs between spaces) that hold Hangul.
    static func hangulWords(in text: String) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        var hasHangul = false
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if scalar.properties.isWhitespace {
                if let begin = start, hasHangul, offset - begin > 0 { words.append(begin..<offset) }
                start = nil
                hasHangul = false
            } else {
                if start == nil { start = offset }
                // Hangul syllables, Jamo and compatibility Jamo.
                if (0xAC00...0xD7A3).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
                    || (0x3130...0x318F).contains(scalar.value) { hasHangul = true }
            }
            offset += length
        }
        if let begin = start, hasHangul { words.append(begin..<offset) }
        return words
    }

    /// Draws `block` at the current point of the Cairo context `cr` (its top-left corner).
    func show(_ block: TextBlock, in cr: OpaquePointer) {
        CairoFontLock.shared.locked {
            let handle = handle(for: block)
            handle.paint(in: block)
            pango_cairo_show_layout(cr, handle.layout)
        }
    }
}

/// One lock for every use of Cairo's fonts in the process. Cairo 1.16 keeps at most ten FreeType
/// faces open for all threads and closes the least recently used one when an eleventh is needed,
/// while another thread may be measuring glyphs with it: with more than ten font files in play
/// (a matrix of ten scripts) two renderers crashed in cairo about once in fifteen runs. Text is
/// measured and drawn under this lock; everything else (layout arithmetic, fills, encoding)
/// still runs in parallel.
final class CairoFontLock: @unchecked Sendable {
    static let shared = CairoFontLock()
    private let lock = NSRecursiveLock()

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// Owns one `PangoLayout` built from a `TextBlock`, which draws any block that differs from it
/// only in colours.
private final class PangoLayoutHandle {
    let layout: OpaquePointer
    /// The colour of each run, as the laid-out lines draw them now.
    private var colors: [Color]

    init(block: TextBlock, context: OpaquePointer) {
        guard let layout = pango_layout_new(context) else {
            preconditionFailure("Pango could not allocate a layout (out of memory)")
        }
        self.layout = layout
        colors = block.runs.map(\.color)
        let traits = LanguageTraits(tag: block.language)
        var text = block.text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                pango_layout_set_text(layout, chars.baseAddress, Int32(chars.count))
            }
        }
        // Pango can let a line with negative letter spacing run past the width by up to that
        // spacing; wrapping that much earlier keeps every line inside the block.
        let tightest = block.runs.map { traits.tracking(of: $0) }.min() ?? 0
        pango_layout_set_width(layout, Self.pangoUnits(block.width + min(0, tightest)))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let lines = block.maximumLines {
            pango_layout_set_height(layout, -Int32(lines))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        // A paragraph takes the document language's direction, even one that starts with a word
        // in another script, unless its alignment follows its own direction (`natural`): Pango
        // then swaps left and right for a paragraph against the context's direction.
        pango_layout_set_auto_dir(layout, block.alignment == .natural ? 1 : 0)
        let alignment = switch block.alignment {
        case .center: PANGO_ALIGN_CENTER
        case .leading, .natural: traits.isRightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case .leadingRightToLeft: PANGO_ALIGN_RIGHT
        case .leadingLeftToRight: PANGO_ALIGN_LEFT
        }
        pango_layout_set_alignment(layout, alignment)

        guard let attributes = pango_attr_list_new() else {
            preconditionFailure("Pango could not allocate an attribute list (out of memory)")
        }
        defer { pango_attr_list_unref(attributes) }
        pango_attr_list_insert(attributes, pango_attr_language_new(pango_language_from_string(traits.pangoLanguage)))
        // UIKit breaks a word that does not fit without a hyphen (its hyphenation factor is 0);
        // iOS's system alerts break one with a hyphen (measured: docs/fidelity.md, row 12).
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(block.hyphenates == true ? 1 : 0))

        if let spacing = block.lineSpacing {
            // NSParagraphStyle's lineSpacing: the fonts' natural line height plus this much between lines.
            pango_layout_set_spacing(layout, Self.pangoUnits(spacing))
        } else {
            pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(Self.pangoUnits(block.lineHeight)))
        }
        if let first = block.runs.first {
            let description = Self.fontDescription(for: first, traits: traits)
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        for run in block.runs where run.end > run.start {
            let description = Self.fontDescription(for: run, traits: traits)
            insert(pango_attr_font_desc_new(description), run, into: attributes)
            pango_font_description_free(description)
            if run.weight == .semibold && traits.isCJK {
                // The CJK faces have no SemiBold: iOS's Semibold ideographs, kana and Hangul are
                // Noto Sans CJK Medium, not Bold (docs/fidelity.md, row 8). Latin letters and
                // digits among them keep the SemiBold weight.
                for range in PangoTextEngine.ideographicRanges(in: block.text, within: run.start..<run.end) {
                    guard let medium = pango_attr_weight_new(PANGO_WEIGHT_MEDIUM) else { continue }
                    medium.pointee.start_index = UInt32(range.lowerBound)
                    medium.pointee.end_index = UInt32(range.upperBound)
                    pango_attr_list_insert(attributes, medium)
                }
            }
            let color = run.color
            insert(pango_attr_foreground_new(UInt16(color.red) * 257, UInt16(color.green) * 257, UInt16(color.blue) * 257),
                   run, into: attributes)
            // Every run has an alpha, opaque ones too (the same pixels), so a repaint can change any.
            insert(pango_attr_foreground_alpha_new(Self.alpha(of: color)), run, into: attributes)
            if run.underline {
                insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE_LINE), run, into: attributes)
            }
            if run.strikethrough {
                insert(pango_attr_strikethrough_new(1), run, into: attributes)
            }
            if let attachment = run.attachment {
                // The image's box, its bottom on the baseline, as an NSTextAttachment sits.
                var box = PangoRectangle(x: 0, y: -Self.pangoUnits(attachment.height), width: Self.pangoUnits(attachment.width),
                                         height: Self.pangoUnits(attachment.height))
                insert(pango_attr_shape_new(&box, &box), run, into: attributes)
            }
            let tracking = traits.tracking(of: run)
            if tracking != 0 {
                insert(pango_attr_letter_spacing_new(Self.pangoUnits(tracking)), run, into: attributes)
            }
        }
        pango_layout_set_attributes(layout, attributes)
        if block.lineSpacing != nil, let natural = Self.naturalLineHeight(of: layout),
           let withHeight = pango_attr_list_copy(attributes) {
            // Lines as tall as iOS makes them: its text system takes a font's hhea ascent,
            // descent and line gap, where Pango takes the OS/2 metrics of a font that asks for
            // them and drops their line gap (Lato: 1.0× its size instead of 1.2×).
            pango_attr_list_insert(withHeight, pango_attr_line_height_new_absolute(Self.pangoUnits(natural)))
            pango_layout_set_attributes(layout, withHeight)
            pango_attr_list_unref(withHeight)
        }
        keepHangulWordsTogether(PangoTextEngine.hangulWords(in: block.text))
    }

    /// UIKit keeps a Korean word together on a line (its standard line-break strategy includes
    /// hangulWordPriority), where Pango breaks between any two Hangul syllables. Each word that
    /// holds Hangul gets no breaks, except a word that would then run past the line, which is
    /// broken as UIKit breaks it.
    private func keepHangulWordsTogether(_ words: [Range<Int>]) {
        guard !words.isEmpty, let current = pango_layout_get_attributes(layout), let base = pango_attr_list_copy(current) else { return }
        defer { pango_attr_list_unref(base) }
        var breakable = Set<Int>()
        while true {
            guard let list = pango_attr_list_copy(base) else { return }
            for (index, word) in words.enumerated() where !breakable.contains(index) {
                guard let noBreaks = pango_attr_allow_breaks_new(0) else { continue }
                noBreaks.pointee.start_index = UInt32(word.lowerBound)
                noBreaks.pointee.end_index = UInt32(word.upperBound)
                pango_attr_list_insert(list, noBreaks)
            }
            pango_layout_set_attributes(layout, list)
            pango_attr_list_unref(list)
            // The words on lines wider than the layout: let them break, and lay out again.
            let width = pango_layout_get_width(layout)
            var wide = Set<Int>()
            for index in 0..<pango_layout_get_line_count(layout) {
                guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
                var logical = PangoRectangle()
                pango_layout_line_get_extents(line, nil, &logical)
                guard logical.width > width else { continue }
                let start = Int(line.pointee.start_index), end = start + Int(line.pointee.length)
                for (wordIndex, word) in words.enumerated() where word.overlaps(start..<end) && !breakable.contains(wordIndex) {
                    wide.insert(wordIndex)
                }
            }
            guard !wide.isEmpty else { return }
            breakable.formUnion(wide)
        }
    }

    /// Gives the laid-out lines `block`'s colours, which differ from the layout's only in colour.
    /// Pango keeps colours out of shaping and line breaking and copies them into each laid-out
    /// run, so changing those copies repaints the lines without laying them out again (the lines
    /// come from `pango_layout_get_line`, whose lines may be changed).
    func paint(in block: TextBlock) {
        let wanted = block.runs.map(\.color)
        guard wanted != colors else { return }
        precondition(wanted.count == colors.count, "A layout is repainted only for a block that differs from it in colours")
        func color(at offset: Int) -> Color? {
            (block.runs.last { $0.end > $0.start && $0.start <= offset } ?? block.runs.first)?.color
        }
        for index in 0..<pango_layout_get_line_count(layout) {
            var node = pango_layout_get_line(layout, index)?.pointee.runs
            while let current = node {
                let glyphItem = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                if let item = glyphItem.pointee.item, let color = color(at: Int(item.pointee.offset)) {
                    var attribute = item.pointee.analysis.extra_attrs
                    while let entry = attribute {
                        let pointer = entry.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
                        switch pointer.pointee.klass.pointee.type {
                        case PANGO_ATTR_FOREGROUND:
                            UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: PangoAttrColor.self).pointee.color =
                                PangoColor(red: UInt16(color.red) * 257, green: UInt16(color.green) * 257, blue: UInt16(color.blue) * 257)
                        case PANGO_ATTR_FOREGROUND_ALPHA:
                            UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: PangoAttrInt.self).pointee.value = Int32(Self.alpha(of: color))
                        default: break
                        }
                        attribute = entry.pointee.next
                    }
                }
                node = current.pointee.next
            }
        }
        colors = wanted
    }

    private static func alpha(of color: Color) -> UInt16 {
        UInt16((color.alpha * 65535).rounded())
    }

    /// The tallest natural line height, as iOS measures it (hhea ascender − descender + line gap),
    /// of the fonts that set `layout`'s text, in points; nil when no font has an hhea table.
    private static func naturalLineHeight(of layout: OpaquePointer) -> Double? {
        var tallest = 0.0
        for index in 0..<pango_layout_get_line_count(layout) {
            var node = pango_layout_get_line_readonly(layout, index)?.pointee.runs
            while let current = node {
                let glyphItem = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                if let font = glyphItem.pointee.item?.pointee.analysis.font, let ratio = hheaLineHeight(of: font),
                   let description = pango_font_describe(font) {
                    let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
                    pango_font_description_free(description)
                    tallest = max(tallest, ratio * size)
                }
                node = current.pointee.next
            }
        }
        return tallest > 0 ? tallest : nil
    }

    /// A font's hhea line height as a multiple of its size.
    private static func hheaLineHeight(of font: UnsafeMutablePointer<PangoFont>) -> Double? {
        guard let hbFont = pango_font_get_hb_font(font), let face = hb_font_get_face(hbFont) else { return nil }
        let hhea: hb_tag_t = 0x6868_6561 // 'hhea'
        guard let blob = hb_face_reference_table(face, hhea) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 10 else { return nil }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        func int16(_ offset: Int) -> Double { Double(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]))) }
        let unitsPerEm = Double(hb_face_get_upem(face))
        guard unitsPerEm > 0 else { return nil }
        let height = int16(4) - int16(6) + max(0, int16(8))
        return height > 0 ? height / unitsPerEm : nil
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    private func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ run: TextRun, into list: OpaquePointer?) {
        guard let attribute else { return }
        attribute.pointee.start_index = UInt32(run.start)
        attribute.pointee.end_index = UInt32(run.end)
        pango_attr_list_insert(list, attribute)
    }

    private static func fontDescription(for run: TextRun, traits: LanguageTraits) -> OpaquePointer {
        guard let description = pango_font_description_new() else {
            preconditionFailure("Pango could not allocate a font description (out of memory)")
        }
        // A brand family comes first; the language's Noto families set what it lacks.
        let families = run.monospace ? traits.monospaceFamilies : run.family.map { "\($0),\(traits.fontFamilies)" } ?? traits.fontFamilies
        pango_font_description_set_family(description, families)
        pango_font_description_set_size(description, pangoUnits(run.fontSize))
        let weight: PangoWeight = switch run.weight {
        case .regular: PANGO_WEIGHT_NORMAL
        case .medium: PANGO_WEIGHT_MEDIUM
        case .semibold: PANGO_WEIGHT_SEMIBOLD
        case .bold: PANGO_WEIGHT_BOLD
        }
        pango_font_description_set_weight(description, weight)
        pango_font_description_set_style(description, run.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        return description
    }

    static func pangoUnits(_ points: Double) -> Int32 {
        Int32((points * Double(PANGO_SCALE)).rounded())
    }

    static func points(_ units: Int32) -> Double {
        Double(units) / Double(PANGO_SCALE)
    }

    /// Line boxes and, for each link, one merged rectangle per line it touches (within the block's width).
    func measurement(linkRuns: [TextRun], blockWidth: Double) -> TextMeasurement {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        var lines: [Rect] = []
        var lineRanges: [Range<Int>] = []
        var linkRects: [Int: [Rect]] = [:]
        var attachmentRects: [Int: Rect] = [:]

        guard let iterator = pango_layout_get_iter(layout) else {
            preconditionFailure("Pango could not allocate a layout iterator (out of memory)")
        }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            var lineBox = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &lineBox)
            let lineRect = Rect(x: Self.points(lineBox.x), y: Self.points(lineBox.y),
                                width: Self.points(lineBox.width), height: Self.points(lineBox.height))
            lines.append(lineRect)
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            let lineStart = Int(pango_layout_line_get_start_index(line))
            let lineEnd = lineStart + Int(pango_layout_line_get_length(line))
            lineRanges.append(lineStart..<lineEnd)
            var spans: [Int: (left: Double, right: Double)] = [:]
            let baseline = Self.points(pango_layout_iter_get_baseline(iterator))
            for run in linkRuns {
                // Unclamped ranges run to the layout's edge on centred lines, so clamp to the line.
                let start = max(run.start, lineStart)
                let end = min(run.end, lineEnd)
                if let attachment = run.attachment, start < end {
                    var ranges: UnsafeMutablePointer<Int32>?
                    var count: Int32 = 0
                    pango_layout_line_get_x_ranges(line, Int32(start), Int32(end), &ranges, &count)
                    defer { g_free(ranges) }
                    if let ranges, count > 0 {
                        let left = Self.points(min(ranges[0], ranges[1]))
                        attachmentRects[attachment.index] = Rect(x: left, y: baseline - attachment.height, width: attachment.width,
                                                                 height: attachment.height)
                    }
                }
                guard start < end, let linkIndex = run.linkIndex else { continue }
                var ranges: UnsafeMutablePointer<Int32>?
                var count: Int32 = 0
                pango_layout_line_get_x_ranges(line, Int32(start), Int32(end), &ranges, &count)
                defer { g_free(ranges) }
                guard let ranges, count > 0 else { continue }
                for pair in 0..<Int(count) {
                    // Letter spacing puts half a space before the first glyph; keep rects in the block.
                    let left = max(0, Self.points(ranges[2 * pair]))
                    let right = min(blockWidth, Self.points(ranges[2 * pair + 1]))
                    let merged = spans[linkIndex].map { (min($0.left, left), max($0.right, right)) } ?? (left, right)
                    spans[linkIndex] = merged
                }
            }
            for (linkIndex, span) in spans where span.right > span.left {
                linkRects[linkIndex, default: []].append(
                    Rect(x: span.left, y: lineRect.y, width: span.right - span.left, height: lineRect.height))
            }
        } while pango_layout_iter_next_line(iterator) != 0

        return TextMeasurement(
            size: Size(width: Self.points(logical.width), height: Self.points(logical.height)),
            lines: lines, lineRanges: lineRanges, linkRects: linkRects, baseline: Self.points(pango_layout_get_baseline(layout)),
            attachmentRects: attachmentRects)
    }
}

extension PangoTextEngine {
    /// The UTF-8 ranges within `bytes` of `text` that hold Chinese, Japanese or Korean script:
    /// ideographs, kana, Hangul, and CJK punctuation and full-width forms.
    static func ideographicRanges(in text: String, within bytes: Range<Int>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            defer { offset += length }
            guard bytes.contains(offset), isIdeographic(scalar) else { continue }
            if let last = ranges.last, last.upperBound == offset {
                ranges[ranges.count - 1] = last.lowerBound..<(offset + length)
            } else {
                ranges.append(offset..<(offset + length))
            }
        }
        return ranges
    }

    private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF,
             0x20000...0x3FFFF: true
        default: false
        }
    }
}
