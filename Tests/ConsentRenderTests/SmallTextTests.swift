import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 35, point 4: text sizes per block, so `text.min-size` judges what is drawn: `<small>` in
/// the Markdown and `style.text.smallSize`.
@Suite struct SmallTextTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ language: String, _ markdown: String, settings: String = "{}", name: String) throws -> RenderedPage {
        let url = folder.folder(name, files: ["\(language).md": markdown, "document.json": settings])
        return try renderer.render(RenderRequest(folder: try DocumentFolder(url: url, appFiles: XcodeAppFiles()),
                                                 profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: language,
                                                 orientation: .portrait, appearance: .light))
    }

    @Test func smallTagsWrapWhatIsBetweenThem() throws {
        let blocks = try #require(MarkdownParser.parseBlocks("Price<small>¹</small> and <SMALL>[terms](https://yunfan.cn/t)</SMALL>.\n\n<small>a <small>b\n"))
        guard case let .paragraph(first) = blocks[0], case let .paragraph(second) = blocks[1] else {
            Issue.record("\(blocks)")
            return
        }
        #expect(first == [.text("Price"), .small([.text("¹")]), .text(" and "),
                          .small([.link(url: "https://yunfan.cn/t", content: [.text("terms")], detected: false)]), .text(".")])
        // A tag without its partner stays as the text it is.
        #expect(second.plainText == "<small>a <small>b")
        // Nested tags are one small run; an opening tag may carry attributes.
        let nested = try #require(MarkdownParser.parseBlocks(#"A <small>b <small>c</small> d</small> <small class="note">e</small> <smaller>f</smaller>"#))
        guard case let .paragraph(inlines) = nested[0] else {
            Issue.record("\(nested)")
            return
        }
        #expect(inlines == [.text("A "), .small([.text("b "), .small([.text("c")]), .text(" d")]), .text(" "), .small([.text("e")]),
                            .text(" "), .text("<smaller>"), .text("f"), .text("</smaller>")], "\(inlines)")
    }

    @Test func smallWordsInTheTitleAreJudgedToo() throws {
        let page = try render("zh-Hans", "# 隐私政策<small>（摘要）</small>\n\n请阅读[《隐私政策》](https://yunfan.cn/p)。\n", name: "title")
        let found = renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == .minimumSize }
        #expect(found.count == 1 && found[0].element == "title" && found[0].message.contains("'（摘要）'"), "\(found)")
    }

    static let footnotes: [(language: String, markdown: String)] = [
        ("zh-Hans", "# 隐私\n\n我们会收集您的手机号码用于登录。请阅读[《隐私政策》](https://yunfan.cn/p)。\n\n<small>注：未满 14 周岁的未成年人，请在监护人陪同下阅读。</small>\n"),
        ("en", "# Privacy\n\nWe use your phone number to sign you in. Read our [privacy policy](https://yunfan.cn/p).\n\n<small>Children under 16 need a parent's consent.</small>\n"),
        ("fr", "# Confidentialité\n\nNous utilisons votre numéro pour vous connecter. Lisez notre [politique de confidentialité](https://yunfan.cn/p).\n\n<small>Les moins de 15 ans ont besoin de l’accord d’un parent.</small>\n"),
        ("de", "# Datenschutz\n\nWir nutzen Ihre Nummer für die Anmeldung. Lesen Sie unsere [Datenschutzerklärung](https://yunfan.cn/p).\n\n<small>Unter 16 Jahren ist die Zustimmung eines Elternteils nötig.</small>\n"),
    ]

    @Test func aSmallBlockIsDrawnSmallerAndJudgedAsDrawn() throws {
        for (language, markdown) in Self.footnotes {
            let page = try render(language, markdown, name: "footnote-\(language)")
            let blocks = page.layout.body.blocks
            #expect(blocks.count == 2)
            #expect(blocks[0].block.runs.allSatisfy { $0.fontSize == 15 } && blocks[1].block.runs.allSatisfy { $0.fontSize == 13 }, "\(language)")
            #expect(blocks[1].block.lineHeight < blocks[0].block.lineHeight, "\(language): its own line height")
            let small = renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == .minimumSize }
            // 13 pt is enough for Latin text, not for Chinese (MIIT's 文字过小: 14 pt).
            #expect(small.count == (language == "zh-Hans" ? 1 : 0), "\(language): \(small)")
            if language == "zh-Hans" {
                #expect(small[0].element == "body block 2" && small[0].message.contains("style.text.smallSize"))
            }
            // A team that sets its footnotes at 14 pt passes in every language.
            let raised = try render(language, markdown, settings: #"{ "style": { "text": { "smallSize": 14 } } }"#, name: "raised-\(language)")
            #expect(raised.layout.body.blocks[1].block.runs.allSatisfy { $0.fontSize == 14 })
            #expect(renderer.lint(raised, device: "iphone-15-pro").allSatisfy { $0.rule != .minimumSize }, "\(language)")
        }
    }

    @Test func smallWordsInsideAParagraphShrinkOnlyThemselves() throws {
        let page = try render("en", "# T\n\nPrices include VAT<small>¹</small>. Read the [policy](https://yunfan.cn/p).\n", name: "inline")
        let runs = try #require(page.layout.body.blocks.first).block.runs
        #expect(runs.contains { $0.fontSize == 13 } && runs.contains { $0.fontSize == 15 })
        // A link inside <small> is still a link, in the link map.
        let linked = try render("en", "# T\n\nText.\n\n<small>See the [privacy policy](https://yunfan.cn/p).</small>\n", name: "linked")
        #expect(linked.linkMap.links.map(\.url) == ["https://yunfan.cn/p"] && linked.linkMap.links[0].visible)
        // Never larger than the text around it: a 12 pt body keeps its <small> at 12.
        let tiny = try render("en", "# T\n\nA<small>b</small>\n", settings: #"{ "style": { "text": { "bodySize": 12 } } }"#, name: "tiny")
        #expect(tiny.layout.body.blocks[0].block.runs.allSatisfy { $0.fontSize == 12 })
    }

    @Test func aSmallSizeOutOfRangeIsRefusedByName() throws {
        let url = folder.folder("bad", files: ["en.md": "# T\n\nB", "document.json": #"{ "style": { "text": { "smallSize": 2 } } }"#])
        let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: url, appFiles: XcodeAppFiles()) }
        #expect(error?.description.contains("style.text.smallSize") == true)
    }
}
