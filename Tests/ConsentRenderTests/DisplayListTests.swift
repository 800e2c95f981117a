import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles
import CCairo

/// The page as layers of placed items, painted by one painter on any canvas, with the link map
/// and the text checks derived from the same items.
@Suite struct DisplayListTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ sample: String, language: String = "en", device: String = "iphone-15-pro",
                state: ScreenState = .initial) throws -> RenderedPage {
        try renderer.render(RenderRequest(
            folder: try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/\(sample)"), appFiles: XcodeAppFiles()),
            profile: try shippedProfiles.profile(id: device), requestedLanguage: language, orientation: .portrait,
            appearance: .light, state: state))
    }

    @Test(arguments: [("privacy-agreement", [LayerKind.backdrop, .scrim, .content, .systemChrome]),
                      ("launch-consent", [.backdrop, .appChrome, .content, .systemChrome]),
                      ("att-explainer", [.backdrop, .content, .systemChrome])])
    func eachTemplateFillsTheLayersItNeeds(sample: String, layers: [LayerKind]) throws {
        let page = try render(sample).layout
        #expect(page.layers.map(\.kind) == layers)
        let ids = page.items.map(\.id)
        #expect(Set(ids).count == ids.count, "item ids are unique")
        for button in page.semantics.buttons {
            #expect(page.item(button.shapeID) != nil && page.text(button.labelID) != nil)
        }
        // The text blocks are every text item, so none escapes the glyph check.
        let texts = page.items.compactMap { item -> TextBlock? in if case let .text(text) = item.drawable { text.block } else { nil } }
        #expect(page.textBlocks == texts && texts.contains(page.title.block))
    }

    @Test func bodyItemsAreClippedToTheViewportAndTheLinkMapReadsTheSameItems() throws {
        let page = try render("long-agreement")
        let viewport = page.layout.semantics.body.viewport
        for id in page.layout.semantics.body.blockIDs {
            #expect(page.layout.item(id)?.clip == viewport)
        }
        #expect(page.layout.item("body-fade") != nil && page.layout.item("scroll-indicator") != nil, "a long body scrolls")
        #expect(page.linkMap.body.scrollable)
        for (button, mapped) in zip(page.layout.buttons, page.linkMap.buttons) {
            #expect(button.rect.pixelRect(scale: 3) == mapped.pixelRect)
        }
    }

    @Test func theSamePageAsAPDFIsOneVectorPageOfTheScreensSizeWithTheSameBytesEveryTime() throws {
        let page = try render("privacy-agreement", language: "zh-Hans")
        let pdf = try renderer.pdf(of: page)
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(try renderer.pdf(of: page) == pdf, "no creation date or other changing bytes")
        let file = folder.url.appendingPathComponent("page.pdf")
        try pdf.write(to: file)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo") else {
            Issue.record("pdfinfo (poppler-utils) is missing; scripts/setup installs it")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdfinfo")
        process.arguments = [file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let info = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(info.contains("Pages:           1"))
        #expect(info.contains("Page size:       393 x 852 pts"))
        #expect(!info.contains("CreationDate"))
    }

    @Test func theOverlayIsATopLayerOverTheSamePage() throws {
        let page = try render("privacy-agreement")
        let overlaid = page.layout.withReviewOverlay()
        #expect(overlaid.layers.last?.kind == .overlay)
        #expect(Array(overlaid.layers.dropLast()) == page.layout.layers)
        let linkRects = page.layout.links.flatMap(\.visibleRects).count
        #expect(overlaid.layers.last?.items.filter { $0.id.hasPrefix("overlay-link-") && !$0.id.hasSuffix("-edge") }.count == linkRects)
    }

    @Test func aFontSetBuildsItsOwnConfigurationAndTheProcessWideOneIsPlainNoto() throws {
        let noto = try FontConfiguration.configuration(for: .noto)
        let notoFiles = noto.fontFiles
        let source = try #require(notoFiles.first { $0.hasSuffix("NotoSans-Regular.ttf") })
        let copy = folder.url.appendingPathComponent("Brand-Regular.ttf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: copy)
        let brand = try FontConfiguration.configuration(for: FontSet(files: [copy.path]))
        #expect(brand.fontFiles.contains(copy.path))
        #expect(!noto.fontFiles.contains(copy.path), "another font set's files stay out")
        // Cairo resolves some patterns against the current configuration: it is the plain Noto one
        // (never the host's, never a document's).
        #expect(FcConfigGetCurrent() == noto.config && FcConfigGetCurrent() != brand.config)
        let missing = #expect(throws: DocumentError.self) { try FontConfiguration.configuration(for: FontSet(files: ["/nonexistent.ttf"])) }
        #expect(missing?.description.contains("/nonexistent.ttf") == true)
    }
}

extension DisplayListTests {
    @Test func aDocumentsOwnFontsReachOnlyItsOwnRenders() throws {
        let source = try #require(try FontConfiguration.configuration(for: .noto).fontFiles.first { $0.hasSuffix("NotoSans-Regular.ttf") })
        var files = testAgreement
        files["document.json"] = #"{ "defaultLanguage": "en" }"#
        let documents = folder.folder("branded", files: files)
        try FileManager.default.createDirectory(at: documents.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        let brand = documents.appendingPathComponent("fonts/Brand-Regular.ttf")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: brand)
        let branded = try DocumentFolder(url: documents, appFiles: XcodeAppFiles())
        #expect(branded.content.fontFiles == [brand.standardizedFileURL.path])
        let page = try renderer.render(RenderRequest(folder: branded, profile: try shippedProfiles.profile(id: "iphone-se-3"),
                                                     requestedLanguage: "en", orientation: .portrait, appearance: .light))
        #expect(page.fonts.files == [brand.standardizedFileURL.path])
        #expect(try renderer.engine(for: page.fonts) !== renderer.engine(for: .noto), "its own engine and configuration")
    }
}
