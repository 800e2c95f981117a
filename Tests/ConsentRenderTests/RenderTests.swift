import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// End-to-end renders of a document the project does not ship: pixels, PNG bytes and link maps.
@Suite struct RenderTests {
    let folder = TemporaryFolder()
    let documents: DocumentFolder
    let renderer: ConsentRenderer

    init() throws {
        documents = try DocumentFolder(url: folder.folder("morning-reads", files: testAgreement), appFiles: XcodeAppFiles())
        renderer = try ConsentRenderer()
    }

    func render(_ device: String, _ language: String, _ orientation: Orientation, _ appearance: Appearance = .light,
                tint: Color? = testTint, documents: DocumentFolder? = nil) throws -> RenderedPage {
        try renderer.render(RenderRequest(
            folder: documents ?? self.documents, profile: try shippedProfiles.profile(id: device),
            requestedLanguage: language, orientation: orientation, appearance: appearance, tint: tint))
    }

    @Test(arguments: ["iphone-15-pro", "iphone-se-3", "ipad-pro-13"], ["zh-Hans", "zh-Hant", "en"])
    func renderHasExactSizeAndTintedPixelsOnlyInsideLinks(device: String, language: String) throws {
        for orientation in Orientation.allCases {
            for appearance in Appearance.allCases {
                let page = try render(device, language, orientation, appearance)
                let profile = try shippedProfiles.profile(id: device)
                let expected = profile.pixelSize(in: orientation)
                let cell = "\(device) \(language) \(orientation) \(appearance)"

                let png = try page.bitmap.pngData()
                let header = try #require(pngHeader(png))
                #expect(header.width == expected.width && header.height == expected.height, "\(cell)")
                #expect(header.bitDepth == 8 && header.colorType == 2, "\(cell): PNG must be 8-bit RGB without alpha")
                #expect(page.linkMap.pixelSize.width == expected.width && page.linkMap.pixelSize.height == expected.height)

                try expectTintOnlyInLinks(page, cell: cell)
                try expectButtonsUsable(page, cell: cell)
            }
        }
    }

    /// ≥ 97% of tinted body pixels lie inside link pixel rects, and every link rect holds some.
    func expectTintOnlyInLinks(_ page: RenderedPage, cell: String) throws {
        let placement = TintPlacement(page, tint: testTint)
        #expect(placement.tinted > 0, "\(cell): no tinted pixels in the body")
        #expect(Double(placement.insideLinks) >= 0.97 * Double(placement.tinted),
                "\(cell): \(placement.insideLinks) of \(placement.tinted) tinted pixels in link rects")
        for (link, rect) in placement.rectsWithoutTint {
            Issue.record("\(cell): \(link) rect \(rect) holds no tint")
        }
    }

    func expectButtonsUsable(_ page: RenderedPage, cell: String) throws {
        let safe = page.layout.safeRect
        #expect(page.linkMap.buttons.map(\.role).sorted { $0.rawValue < $1.rawValue } == [.accept, .decline])
        for button in page.linkMap.buttons {
            #expect(button.rect.height >= 44, "\(cell): \(button.role) is \(button.rect.height) pt tall")
            #expect(safe.contains(button.rect), "\(cell): \(button.role) leaves the safe area")
        }
        let accept = try #require(page.linkMap.buttons.first { $0.role == .accept })
        let center = page.bitmap.color(x: accept.pixelRect.x + 4, y: accept.pixelRect.y + accept.pixelRect.height / 2)
        #expect(center == testTint, "\(cell): the accept button is not filled with the tint")
    }

    @Test func sameInputsGiveIdenticalBytes() throws {
        let other = try ConsentRenderer()
        for (device, orientation) in [("iphone-15-pro", Orientation.portrait), ("iphone-se-3", .landscape)] {
            let first = try render(device, "zh-Hans", orientation)
            let second = try other.render(RenderRequest(
                folder: documents, profile: try shippedProfiles.profile(id: device), requestedLanguage: "zh-Hans",
                orientation: orientation, appearance: .light, tint: testTint))
            #expect(try first.bitmap.pngData() == second.bitmap.pngData())
            #expect(try first.linkMap.jsonData() == second.linkMap.jsonData())
            #expect(try render(device, "zh-Hans", orientation).bitmap.pngData() == first.bitmap.pngData())
        }
    }

    /// A screen that differs from the one before only in colours (dark after light, back to light,
    /// another tint, Increase Contrast) shapes no text again, and its pixels are a fresh renderer's.
    @Test(arguments: ["zh-Hans", "en"])
    func aScreenThatOnlyRecolorsTheOneBeforeSharesItsTextLayouts(language: String) throws {
        let profile = try shippedProfiles.profile(id: "iphone-15-pro")
        let steps: [(Appearance, Color?, Bool)] = [(.light, testTint, false), (.dark, testTint, false), (.light, testTint, false),
                                                    (.light, Color(rgb: 0x34C759), false), (.dark, nil, true)]
        let engine = try renderer.engine(for: .noto)
        for (index, (appearance, tint, contrast)) in steps.enumerated() {
            var variant = RenderVariant(device: profile.id, orientation: .portrait, appearance: appearance, language: language)
            variant.increaseContrast = contrast
            let request = RenderRequest(content: documents.content, profile: profile, variant: variant, tint: tint)
            let before = engine.layoutsMade
            let page = try renderer.render(request)
            if index > 0 {
                #expect(engine.layoutsMade == before, "step \(index): \(engine.layoutsMade - before) layouts made again")
            }
            let fresh = try ConsentRenderer().render(request)
            #expect(try page.bitmap.pngData() == fresh.bitmap.pngData(), "step \(index) (\(appearance), contrast \(contrast))")
        }
    }

    @Test func fortyParagraphAgreementScrollsOnSE3LandscapeWithBothButtonsVisible() throws {
        var english = "# Long agreement\n\n"
        for index in 1...40 {
            english += "Section \(index): we process data only as described in [clause \(index)](https://example.com/clause/\(index)).\n\n"
        }
        let long = try DocumentFolder(url: folder.folder("long", files: ["en.md": english]), appFiles: XcodeAppFiles())
        let page = try render("iphone-se-3", "en", .landscape, documents: long)
        let map = page.linkMap
        #expect(map.body.scrollable)
        #expect(map.body.contentHeight > map.body.height)
        #expect(map.links.count == 40)
        #expect(map.links.first?.visible == true)
        let hidden = map.links.filter { !$0.visible }
        #expect(!hidden.isEmpty && hidden.allSatisfy { $0.rects.isEmpty && $0.pixelRects.isEmpty })
        let screen = Rect(x: 0, y: 0, width: map.size.width, height: map.size.height)
        for button in map.buttons {
            #expect(screen.contains(button.rect) && page.layout.safeRect.contains(button.rect))
        }
        try expectTintOnlyInLinks(page, cell: "long agreement")
    }

    @Test func linkMapFollowsSchemaVersion2() throws {
        let page = try render("iphone-15-pro", "zh-HK", .portrait, .dark)
        let data = try page.linkMap.jsonData()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 2)
        let variant = try #require(json["variant"] as? [String: Any])
        #expect(variant["device"] as? String == "iphone-15-pro")
        #expect(variant["orientation"] as? String == "portrait")
        #expect(variant["appearance"] as? String == "dark")
        #expect(variant["language"] as? String == "zh-HK" && variant["textSize"] as? String == "Large")
        #expect(json["platform"] as? [String: String] == ["name": "ios"])
        for moved in ["device", "orientation", "appearance", "state", "screen", "ios", "prompt", "textSize", "boldText", "increaseContrast"] {
            #expect(json[moved] == nil, "\(moved) moved into variant or platform")
        }
        // A map an earlier version wrote (schemaVersion 1, its device at the top) is still one of the tool's.
        let folder = TemporaryFolder()
        let older = folder.url.appendingPathComponent("old.links.json")
        try Data(#"{ "schemaVersion": 1, "device": "iphone-15-pro", "pixelSize": { "width": 1179, "height": 2556 } }"#.utf8).write(to: older)
        #expect(LinkMap.isLinkMapFile(at: older.path))
        #expect(json["language"] as? [String: String] == ["requested": "zh-HK", "resolved": "zh-Hant"])
        #expect(json["scale"] as? Double == 3)
        for key in ["size", "pixelSize", "safeArea", "dialog", "body", "links", "buttons"] {
            #expect(json[key] != nil, "missing \(key)")
        }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"url\" : \"https://books.example.org/tw/terms\""), "URLs keep their slashes unescaped")
        #expect(try JSONDecoder().decode(LinkMap.self, from: data) == page.linkMap)
        for link in page.linkMap.links {
            #expect(link.pixelRects == link.rects.map { $0.pixelRect(scale: 3) })
        }
    }

    @Test func emojiAreDrawnInColourAtTextSize() throws {
        let files = ["en.md": "# Privacy 🔒\n\nWe keep your data safe 👍🏽 and never sell it."]
        let emoji = try DocumentFolder(url: folder.folder("emoji", files: files), appFiles: XcodeAppFiles())
        let page = try render("iphone-se-3", "en", .portrait, documents: emoji)
        let title = page.layout.title.frame.pixelRect(scale: page.layout.scale)
        var yellow = 0
        for y in title.y..<(title.y + title.height) {
            for x in title.x..<(title.x + title.width) {
                let c = page.bitmap.color(x: x, y: y)
                if c.red > 180 && c.green > 120 && c.blue < 90 { yellow += 1 }
            }
        }
        // The lock is a yellow bitmap glyph: present, and about one em (17 pt at @2x) in size.
        #expect(yellow > 100)
        #expect(yellow < 34 * 34)
        #expect(page.layout.title.size.height < 17 * 1.35 * 1.5, "one line")
    }

    @Test func chineseVariantsUseTheirOwnGlyphForms() throws {
        // 骨 is drawn differently in Simplified and Traditional Chinese fonts.
        let files = ["zh-Hans.md": "# 骨\n\n骨骨骨", "zh-Hant.md": "# 骨\n\n骨骨骨"]
        let variants = try DocumentFolder(url: folder.folder("glyphs", files: files), appFiles: XcodeAppFiles())
        let simplified = try render("iphone-se-3", "zh-Hans", .portrait, documents: variants)
        let traditional = try render("iphone-se-3", "zh-Hant", .portrait, documents: variants)
        #expect(simplified.linkMap.dialog == traditional.linkMap.dialog)
        #expect(simplified.bitmap != traditional.bitmap)
    }
}
