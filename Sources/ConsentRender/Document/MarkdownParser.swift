internal import CCmarkGFM
import Foundation

/// Parses GitHub-flavoured Markdown into a `ConsentDocument` with libcmark-gfm.
///
/// cmark's tree is converted to Swift values and freed before returning. Raw HTML is kept as
/// literal text, never interpreted, except that HTML comments are dropped (as every Markdown
/// renderer hides them). Footnotes become superscript numbers in the text and a numbered list at
/// the end, after a hairline.
enum MarkdownParser {
    /// libcmark-gfm 0.29 is not safe to use from several threads: extension registration is an
    /// unguarded check-then-set (a second registration aborts), and every parser adds and removes
    /// its extensions' special characters in one global table, so a parser on another thread can
    /// lose autolink or strikethrough. All use of the library goes through this lock; parsing is a
    /// small part of a render.
    private static let cmarkLock = NSLock()

    /// The parsed blocks of `markdown`, or nil if cmark could not build a tree or lacks one of
    /// the extensions the renderer relies on.
    static func parseBlocks(_ markdown: String) -> [Block]? {
        cmarkLock.lock()
        defer { cmarkLock.unlock() }
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in ["autolink", "strikethrough", "table", "tasklist"] {
            guard let extensionHandle = cmark_find_syntax_extension(name) else { return nil }
            cmark_parser_attach_syntax_extension(parser, extensionHandle)
        }
        var bytes = Array(markdown.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            // An empty document has no storage to feed; the parser then sees no text at all.
            guard let base = buffer.baseAddress else { return }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                cmark_parser_feed(parser, pointer, buffer.count)
            }
        }
        guard let root = cmark_parser_finish(parser) else { return nil }
        defer { cmark_node_free(root) }
        var footnotes = Footnotes()
        // cmark moves the definitions that are referenced to the end, in order of first reference.
        for node in children(of: root) where cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION {
            footnotes.numbers[literal(of: node)] = footnotes.numbers.count + 1
        }
        var result = children(of: root).filter { cmark_node_get_type($0) != CMARK_NODE_FOOTNOTE_DEFINITION }
            .flatMap { block($0, footnotes) }
        let definitions = children(of: root).filter { cmark_node_get_type($0) == CMARK_NODE_FOOTNOTE_DEFINITION }
        if !definitions.isEmpty {
            result.append(.thematicBreak)
            result.append(.list(ordered: true, start: 1, items: definitions.map { blocks(under: $0, footnotes) }))
        }
        return result
    }

    /// Footnote labels and the numbers they are shown with.
    private struct Footnotes {
        var numbers: [String: Int] = [:]

        /// A reference's number as superscript digits (`12` as `¹²`). cmark gives a reference the
        /// footnote's number, a definition its label.
        func superscript(_ reference: String) -> String {
            let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
            guard let number = Int(reference) ?? numbers[reference] else { return "[^\(reference)]" }
            return String(String(number).compactMap { $0.wholeNumberValue.map { digits[$0] } })
        }
    }

    private static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private static func typeName(of node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    private static func blocks(under node: OpaquePointer, _ footnotes: Footnotes) -> [Block] {
        children(of: node).flatMap { block($0, footnotes) }
    }

    private static func block(_ node: OpaquePointer, _ footnotes: Footnotes) -> [Block] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return [.paragraph(inlines(under: node, footnotes))]
        case CMARK_NODE_HEADING:
            return [.heading(level: Int(cmark_node_get_heading_level(node)), content: inlines(under: node, footnotes))]
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            // A task list's items carry the tasklist extension and their ticks.
            let tasklist = cmark_find_syntax_extension("tasklist")
            let nodes = children(of: node)
            if let tasklist, nodes.contains(where: { cmark_node_get_syntax_extension($0) == tasklist }) {
                return [.checklist(nodes.map { item in
                    ChecklistItem(checked: cmark_node_get_syntax_extension(item) == tasklist
                                      ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil,
                                  blocks: blocks(under: item, footnotes))
                })]
            }
            let items = nodes.map { blocks(under: $0, footnotes) }
            return [.list(ordered: ordered, start: Int(cmark_node_get_list_start(node)), items: items)]
        case CMARK_NODE_BLOCK_QUOTE:
            return [.quote(blocks(under: node, footnotes))]
        case CMARK_NODE_CODE_BLOCK:
            let text = literal(of: node).trimmingTrailingNewlines()
            return text.isEmpty ? [] : [.paragraph([.code(text)])]
        case CMARK_NODE_HTML_BLOCK:
            let text = withoutHTMLComments(literal(of: node)).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? [] : [.paragraph([.code(text)])]
        case CMARK_NODE_THEMATIC_BREAK:
            return [.thematicBreak]
        default:
            if typeName(of: node) == "table" {
                let rows = children(of: node).map { row in children(of: row).map { inlines(under: $0, footnotes) } }
                guard let header = rows.first else { return [] }
                return [.table(header: header, rows: Array(rows.dropFirst()))]
            }
            let content = inlines(under: node, footnotes)
            return content.isEmpty ? blocks(under: node, footnotes) : [.paragraph(content)]
        }
    }

    private static func inlines(under node: OpaquePointer, _ footnotes: Footnotes) -> [Inline] {
        groupingSmall(children(of: node).map { ($0, inline($0, footnotes)) })
    }

    /// `<small>` … `</small>` among a node's children (raw inline HTML, in any letter case, the
    /// opening tag with attributes or not: `<small class="note">`) wraps what is between them as
    /// `.small`, nested ones inside it; a tag without its partner stays as text.
    private static func groupingSmall(_ children: [(node: OpaquePointer, inlines: [Inline])]) -> [Inline] {
        enum Tag { case open, close }
        func tag(_ node: OpaquePointer) -> Tag? {
            guard cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE else { return nil }
            let text = literal(of: node).trimmingCharacters(in: .whitespaces).lowercased()
            if text == "</small>" { return .close }
            if text == "<small>" || (text.hasPrefix("<small") && text.hasSuffix(">") && text.dropFirst(6).first?.isWhitespace == true) {
                return .open
            }
            return nil
        }
        // Each open tag's place in `result`, innermost last; closing one wraps what followed it.
        var result: [Inline] = []
        var opened: [(index: Int, tag: [Inline])] = []
        for child in children {
            switch tag(child.node) {
            case .open:
                opened.append((result.count, child.inlines))
            case .close:
                if let open = opened.popLast() {
                    let inner = Array(result[open.index...])
                    result.removeSubrange(open.index...)
                    result.append(.small(inner))
                } else {
                    result += child.inlines
                }
            case nil:
                result += child.inlines
            }
        }
        // Unclosed tags stay as the text they are, where they stood.
        for open in opened.reversed() {
            result.insert(contentsOf: open.tag, at: open.index)
        }
        return result
    }

    private static func inline(_ node: OpaquePointer, _ footnotes: Footnotes) -> [Inline] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            return [.text(literal(of: node))]
        case CMARK_NODE_CODE:
            return [.code(literal(of: node))]
        case CMARK_NODE_HTML_INLINE:
            let text = withoutHTMLComments(literal(of: node))
            return text.isEmpty ? [] : [.text(text)]
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            return [.text(footnotes.superscript(literal(of: node)))]
        case CMARK_NODE_SOFTBREAK:
            return [.softBreak]
        case CMARK_NODE_LINEBREAK:
            return [.lineBreak]
        case CMARK_NODE_EMPH:
            return [.emphasis(inlines(under: node, footnotes))]
        case CMARK_NODE_STRONG:
            return [.strong(inlines(under: node, footnotes))]
        case CMARK_NODE_LINK:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let content = inlines(under: node, footnotes)
            // A bare address that cmark-gfm's autolink extension (or <…>) turned into a link shows
            // its own address: it counts as detected, as iOS's data detectors would find it.
            // A link written as [text](url) spans more source than its text; an autolink does not
            // (the extension's nodes may carry no source position at all).
            let text = content.plainText
            let startLine = cmark_node_get_start_line(node), endLine = cmark_node_get_end_line(node)
            let span = Int(cmark_node_get_end_column(node)) - Int(cmark_node_get_start_column(node)) + 1
            let written = startLine > 0 && startLine == endLine && span > text.utf8.count + 2
            let detected = !written && !text.isEmpty && [text, "http://" + text, "https://" + text, "mailto:" + text].contains(url)
            return [.link(url: url, content: content, detected: detected)]
        case CMARK_NODE_IMAGE:
            let source = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            return [.image(source: source, alt: inlines(under: node, footnotes).plainText)]
        default:
            let content = inlines(under: node, footnotes)
            if typeName(of: node) == "strikethrough" { return [.strikethrough(content)] }
            // Other extension inlines keep their text.
            return content.isEmpty ? [.text(literal(of: node))] : content
        }
    }

    /// `text` without its `<!-- … -->` comments.
    private static func withoutHTMLComments(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "<!--") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var result = self
        while result.last == "\n" { result.removeLast() }
        return result
    }
}
