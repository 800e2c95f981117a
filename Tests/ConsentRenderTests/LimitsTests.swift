import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Documents far beyond any real consent text render, scroll and list their links.
@Suite struct LimitsTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ markdown: String, name: String) throws -> RenderedPage {
        try renderer.render(RenderRequest(
            folder: try DocumentFolder(url: folder.folder(name, files: ["en.md": markdown]), appFiles: XcodeAppFiles()),
            profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "en",
            orientation: .portrait, appearance: .light))
    }

    @Test func tenMegabyteDocumentScrollsAndListsEveryLink() throws {
        var paragraphs: [String] = []
        var size = 0, linkCount = 0
        while size < 10_000_000 {
            var paragraph = String(repeating: "we collect your data only with your consent ", count: 12)
            if paragraphs.count % 7 == 0 {
                paragraph += "[policy \(linkCount)](https://example.com/p/\(linkCount))"
                linkCount += 1
            }
            size += paragraph.utf8.count + 2
            paragraphs.append(paragraph)
        }
        let page = try render("# Huge\n\n" + paragraphs.joined(separator: "\n\n"), name: "huge")
        #expect(page.linkMap.body.scrollable)
        #expect(page.linkMap.body.contentHeight >= BodyText.measuredHeightLimit)
        #expect(page.linkMap.links.count == linkCount)
        #expect(page.linkMap.links.first?.visible == true && page.linkMap.links.last?.visible == false)
        #expect(page.layout.body.blocks.count < 200, "only the top of the body is laid out")
    }

    @Test func hundredThousandCharacterWordIsCutAndScrolls() throws {
        let page = try render("# Word\n\n" + String(repeating: "a", count: 100_000) + "\n\nSee the [privacy policy](https://example.com/p).",
                              name: "word")
        #expect(page.linkMap.body.scrollable)
        let longest = page.layout.body.blocks.map(\.block.text.utf8.count).max() ?? 0
        #expect(longest <= StyledTextBuilder.maximumBytes + 3)
        #expect(page.layout.body.blocks.first?.block.text.hasSuffix("…") == true)
        #expect(page.linkMap.links.count == 1)
    }

    @Test func deeplyNestedListsStopIndentingAtTheStatedDepth() throws {
        var markdown = "# Nested\n\n"
        for depth in 0..<14 {
            markdown += String(repeating: "  ", count: depth) + "- level \(depth) [privacy](https://example.com/\(depth))\n"
        }
        let page = try render(markdown, name: "nested")
        let viewport = page.layout.body.viewport
        let indent = Metrics.iOSDefault.text.listIndent * Double(BodyText.maximumListDepth)
        for block in page.layout.body.blocks {
            #expect(block.frame.minX >= viewport.minX && block.frame.maxX <= viewport.maxX + 1e-6)
            #expect(block.frame.minX <= viewport.minX + indent + 1e-6)
        }
        #expect(page.linkMap.links.count == 14)
    }

    @Test func rawHTMLIsShownAsTextNeverInterpreted() throws {
        let page = try render("# T\n\n<script>alert(1)</script> <b>bold?</b> [privacy](https://example.com/p)", name: "html")
        let text = page.layout.body.blocks.map(\.block.text).joined()
        #expect(text.contains("<script>alert(1)</script>") && text.contains("<b>bold?</b>"))
    }
}
