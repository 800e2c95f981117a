internal import CCmarkGFM
import Foundation

/// Parses GitHub-flavoured Markdown into a `ConsentDocument` with libcmark-gfm.
///
/// cmark's tree is converted to Swift values and freed before returning. Raw HTML is kept as
/// literal text, never interpreted.
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
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in ["autolink", "strikethrough", "table"] {
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
        return blocks(under: root)
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

    private static func blocks(under node: OpaquePointer) -> [Block] {
        children(of: node).flatMap(block)
    }

    private static func block(_ node: OpaquePointer) -> [Block] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return [.paragraph(inlines(under: node))]
        case CMARK_NODE_HEADING:
            return [.heading(level: Int(cmark_node_get_heading_level(node)), content: inlines(under: node))]
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let items = children(of: node).map { blocks(under: $0) }
            return [.list(ordered: ordered, start: Int(cmark_node_get_list_start(node)), items: items)]
        case CMARK_NODE_BLOCK_QUOTE:
            return [.quote(blocks(under: node))]
        case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
            let text = literal(of: node).trimmingTrailingNewlines()
            return text.isEmpty ? [] : [.paragraph([.code(text)])]
        case CMARK_NODE_THEMATIC_BREAK:
            return []
        default:
            if typeName(of: node) == "table" {
                let rows = children(of: node).map { row in children(of: row).map { inlines(under: $0) } }
                guard let header = rows.first else { return [] }
                return [.table(header: header, rows: Array(rows.dropFirst()))]
            }
            let content = inlines(under: node)
            return content.isEmpty ? blocks(under: node) : [.paragraph(content)]
        }
    }

    private static func inlines(under node: OpaquePointer) -> [Inline] {
        children(of: node).flatMap(inline)
    }

    private static func inline(_ node: OpaquePointer) -> [Inline] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            return [.text(literal(of: node))]
        case CMARK_NODE_CODE:
            return [.code(literal(of: node))]
        case CMARK_NODE_HTML_INLINE:
            return [.text(literal(of: node))]
        case CMARK_NODE_SOFTBREAK:
            return [.softBreak]
        case CMARK_NODE_LINEBREAK:
            return [.lineBreak]
        case CMARK_NODE_EMPH:
            return [.emphasis(inlines(under: node))]
        case CMARK_NODE_STRONG:
            return [.strong(inlines(under: node))]
        case CMARK_NODE_LINK:
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            return [.link(url: url, content: inlines(under: node))]
        case CMARK_NODE_IMAGE:
            // An image in a consent dialog is shown by its alt text.
            return inlines(under: node)
        default:
            // Strikethrough and other extension inlines keep their text.
            let content = inlines(under: node)
            return content.isEmpty ? [.text(literal(of: node))] : content
        }
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var result = self
        while result.last == "\n" { result.removeLast() }
        return result
    }
}
