import Testing
@testable import ConsentRender

/// Layout rules, checked with exact fixed-advance metrics (no Pango).
@Suite struct LayoutTests {
    let measurer = FixedAdvanceMeasurer()
    let lightTheme = Theme(appearance: .light, tint: Theme.systemBlueLight, adaptsSystemBlue: true)

    func document(paragraphs: Int = 2, links: Bool = true) -> ConsentDocument {
        var blocks: [Block] = []
        for index in 0..<paragraphs {
            var inlines: [Inline] = [.text("Paragraph \(index) explains what we collect and why we need it. ")]
            if links { inlines.append(.link(url: "https://example.com/\(index)", content: [.text("Policy \(index)")])) }
            blocks.append(.paragraph(inlines))
        }
        return ConsentDocument(title: [.text("Privacy")], blocks: blocks)
    }

    func layout(_ document: ConsentDocument, device: String, _ orientation: Orientation,
                strings: ChromeStrings = chrome(accept: "Accept", decline: "Decline")) throws -> PageLayout {
        try layoutAgreement(document, strings: strings, device: device, orientation, measurer: measurer)
    }

    @Test func phoneCardHas24PointMarginsAndIsCentredInTheSafeArea() throws {
        let page = try layout(document(), device: "iphone-15-pro", .portrait)
        let safe = page.safeRect
        #expect(page.dialog.rect.x == 24)
        #expect(page.dialog.rect.width == 393 - 48)
        #expect(abs(page.dialog.rect.midY - safe.midY) <= 1.0 / 3)
        #expect(page.dialog.cornerRadius == 14)
    }

    @Test(arguments: ["ipad-10", "ipad-pro-13"], Orientation.allCases)
    func padCardIsAtMost540PointsWideAndCentred(device: String, orientation: Orientation) throws {
        let page = try layout(document(), device: device, orientation)
        #expect(page.dialog.rect.width == 540)
        #expect(abs(page.dialog.rect.midX - page.screen.width / 2) <= 0.5)
    }

    @Test func shortLabelsSitSideBySideWithDeclineLeadingAndAcceptTrailing() throws {
        let page = try layout(document(), device: "iphone-15-pro", .portrait)
        let decline = try #require(page.buttons.first { $0.role == .decline })
        let accept = try #require(page.buttons.first { $0.role == .accept })
        #expect(decline.rect.y == accept.rect.y)
        #expect(decline.rect.maxX < accept.rect.minX)
        #expect(decline.rect.width == accept.rect.width)
        #expect(decline.rect.height == 44 && accept.rect.height == 44)
        #expect(decline.rect.minX == page.dialog.rect.minX + Metrics.iOSDefault.card.padding)
        #expect(accept.rect.maxX == page.dialog.rect.maxX - Metrics.iOSDefault.card.padding)
        #expect(accept.fill == lightTheme.tint)
    }

    @Test func longLabelsStackFullWidthWithAcceptOnTop() throws {
        let strings = chrome(accept: "Agree to everything and continue", decline: "No thanks")
        let page = try layout(document(), device: "iphone-se-3", .portrait, strings: strings)
        let accept = try #require(page.buttons.first { $0.role == .accept })
        let decline = try #require(page.buttons.first { $0.role == .decline })
        #expect(accept.rect.maxY < decline.rect.minY)
        #expect(accept.rect.width == page.dialog.rect.width - 2 * Metrics.iOSDefault.card.padding)
        #expect(decline.rect.width == accept.rect.width)
    }

    @Test func buttonWidthIsLabelPlus24PointsEachSideAndAtLeast44() {
        let context = try! layoutContext(device: "iphone-15-pro", .portrait, measurer: measurer)
        let buttons = ButtonGroup(actions: [.init(role: .accept, label: "Accept")], metrics: context.metrics.buttons,
                                  colors: ButtonGroup.Colors(theme: lightTheme))
        // Fixed advance: Latin letters are 8.5 pt at 17 pt, ideographs 17 pt.
        #expect(buttons.intrinsicWidth(of: "Accept", in: context) == 6 * 8.5 + 48)
        #expect(buttons.intrinsicWidth(of: "同意", in: context) == 2 * 17 + 48)
        #expect(buttons.intrinsicWidth(of: "", in: context) == 48)
        #expect(buttons.intrinsicWidth(of: "Accept", in: context) > buttons.intrinsicWidth(of: "同意", in: context))
    }

    @Test func labelThatWrapsMakesItsButtonTaller() throws {
        let strings = chrome(accept: String(repeating: "Agree ", count: 20), decline: "Decline")
        let page = try layout(document(), device: "iphone-se-3", .portrait, strings: strings)
        let accept = try #require(page.buttons.first { $0.role == .accept })
        #expect(accept.rect.height > 44)
        #expect(accept.rect.contains(accept.labelText.frame))
    }

    @Test(arguments: ["iphone-15-pro", "iphone-se-3", "iphone-11"])
    func landscapePhonePutsTheBodyInTheLeadingColumnAndButtonsInTheTrailingOne(device: String) throws {
        let page = try layout(document(paragraphs: 6), device: device, .landscape)
        let contentWidth = page.dialog.rect.width - 2 * Metrics.iOSDefault.card.padding
        #expect(abs(page.body.viewport.width - (contentWidth - 16) * 0.7) <= 0.5)
        for button in page.buttons {
            #expect(button.rect.minX > page.body.viewport.maxX)
            #expect(button.rect.maxX <= page.dialog.rect.maxX - Metrics.iOSDefault.card.padding + 1e-9)
        }
        let accept = try #require(page.buttons.first { $0.role == .accept })
        let decline = try #require(page.buttons.first { $0.role == .decline })
        #expect(accept.rect.maxY < decline.rect.minY)
        // The button stack is vertically centred in the card.
        let stackMid = (accept.rect.minY + decline.rect.maxY) / 2
        #expect(abs(stackMid - page.dialog.rect.midY) <= 1)
    }

    @Test(arguments: ["iphone-15-pro", "iphone-se-3", "ipad-pro-13"], Orientation.allCases)
    func everythingInteractiveStaysInTheSafeAreaAndOnThePixelGrid(device: String, orientation: Orientation) throws {
        let page = try layout(document(paragraphs: 40), device: device, orientation)
        let safe = page.safeRect
        #expect(safe.contains(page.dialog.rect))
        for button in page.buttons {
            #expect(safe.contains(button.rect))
            #expect(button.rect.height >= 44)
        }
        for link in page.links {
            for rect in link.visibleRects { #expect(page.body.viewport.contains(rect)) }
        }
        let scale = page.scale
        func onGrid(_ value: Double) -> Bool { abs((value * scale).rounded() - value * scale) < 1e-6 }
        var origins = [page.dialog.rect.x, page.dialog.rect.y, page.body.viewport.y, page.body.viewport.height,
                       page.title.origin.x, page.title.origin.y]
        origins += page.body.blocks.flatMap { [$0.origin.x, $0.origin.y] }
        origins += page.buttons.flatMap { [$0.rect.x, $0.rect.y, $0.labelText.origin.y] }
        #expect(origins.allSatisfy(onGrid), "\(origins.filter { !onGrid($0) })")
    }

    @Test func shortBodyFitsWithoutScrolling() throws {
        let page = try layout(document(paragraphs: 1), device: "iphone-15-pro", .portrait)
        #expect(!page.body.isScrollable)
        #expect(page.body.viewport.height >= page.body.contentHeight, "content that fits is never clipped")
        #expect(page.body.viewport.height - page.body.contentHeight < 1.0 / page.scale)
        #expect(page.body.scrollIndicator == nil)
        #expect(page.body.fadeHeight == 0)
        #expect(page.links.allSatisfy { $0.isVisible })
    }

    @Test func longBodyScrollsFoldsBetweenLinesAndHidesLinksBelowTheFold() throws {
        let page = try layout(document(paragraphs: 40), device: "iphone-se-3", .landscape)
        let body = page.body
        #expect(body.isScrollable)
        #expect(body.contentHeight > body.viewport.height)
        #expect(body.scrollIndicator != nil)
        #expect(body.fadeHeight > 0)
        let lineHeight = TypeScale.iOSDefault.size(.body) * 1.35
        // The fold falls on a line boundary: no line is cut in half.
        let lineBottoms = body.blocks.flatMap { block in
            stride(from: block.origin.y + lineHeight, through: block.frame.maxY + 1e-6, by: lineHeight).map { $0 }
        }
        #expect(lineBottoms.contains { abs($0 - body.viewport.maxY) < 0.5 })
        #expect(page.links.first?.isVisible == true)
        #expect(page.links.last?.isVisible == false)
        #expect(page.links.last?.visibleRects.isEmpty == true)
        #expect(page.links.last?.rects.isEmpty == false)
    }

    @Test func twoAdjacentLinksGetSeparateRects() throws {
        let doc = ConsentDocument(title: [.text("T")], blocks: [.paragraph([
            .link(url: "https://a.example", content: [.text("《隐私政策》")]),
            .link(url: "https://b.example", content: [.text("《服务条款》")]),
        ])])
        let page = try layout(doc, device: "iphone-15-pro", .portrait)
        #expect(page.links.count == 2)
        let first = try #require(page.links[0].visibleRects.first)
        let second = try #require(page.links[1].visibleRects.first)
        #expect(page.links[0].visibleRects.count == 1 && page.links[1].visibleRects.count == 1)
        #expect(abs(first.maxX - second.minX) < 1e-9)
        #expect(first.width == 6 * 15 && second.width == 6 * 15)
    }

    @Test func linkThatWrapsHasOneRectPerLine() throws {
        let long = String(repeating: "privacy ", count: 12)
        let doc = ConsentDocument(title: [.text("T")], blocks: [.paragraph([
            .text("See "), .link(url: "https://a.example", content: [.text(long)]),
        ])])
        let page = try layout(doc, device: "iphone-se-3", .portrait)
        let rects = page.links[0].visibleRects
        // 4 + 96 characters at 7.5 pt in a 287 pt column: 38 per line, so the link spans three lines.
        #expect(rects.count == 3)
        #expect(zip(rects, rects.dropFirst()).allSatisfy { $0.maxY <= $1.minY + 1e-9 })
    }

    @Test func darkAppearanceLightensSystemBlueButKeepsAChosenTint() {
        #expect(Theme(appearance: .dark, tint: Theme.systemBlueLight, adaptsSystemBlue: true).tint == Theme.systemBlueDark)
        #expect(Theme(appearance: .dark, tint: Theme.systemBlueLight, adaptsSystemBlue: false).tint == Theme.systemBlueLight)
        #expect(Theme(appearance: .dark, tint: testTint, adaptsSystemBlue: true).tint == testTint)
    }
}
