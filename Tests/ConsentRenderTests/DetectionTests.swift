import Foundation
import Testing
@testable import ConsentRender

/// iOS's data detectors: web addresses, e-mail addresses and phone numbers in plain text become links.
@Suite struct DetectionTests {
    static func render(_ markdown: String, settings: String = #"{ "defaultLanguage": "en" }"#) throws -> RenderedPage {
        let temporary = TemporaryFolder()
        let folder = try DocumentFolder(url: temporary.folder("doc", files: ["document.json": settings, "en.md": markdown]))
        let request = RenderRequest(folder: folder, profile: try shippedProfiles.profile(reference: "iphone-15-pro"),
                                    requestedLanguage: "en", orientation: .portrait, appearance: .light)
        return try ConsentRenderer().render(request)
    }

    @Test func aServiceNumberAndAnAddressBecomeLinksThatFitTheirText() throws {
        let page = try Self.render("# Help\n\nCall 400-820-8820 or write to privacy@example.com\n")
        let links = page.linkMap.links
        #expect(links.map(\.url) == ["tel:4008208820", "mailto:privacy@example.com"])
        #expect(links.allSatisfy { $0.detected == true && $0.visible })
        let renderer = try ConsentRenderer()
        let block = try #require(page.layout.body.blocks.first)
        for (link, text) in zip(links, ["400-820-8820", "privacy@example.com"]) {
            // The rect is the width of the link's own text set in the body's font, give or take a pixel.
            var alone = block.block
            alone.text = text
            var run = block.block.runs[0]
            run.start = 0
            run.end = text.utf8.count
            alone.runs = [run]
            let width = try renderer.measure(alone).size.width
            #expect(link.rects.count == 1)
            #expect(abs(link.rects[0].width - width) < 1, "\(link.text): \(link.rects[0].width) vs \(width)")
        }
    }

    @Test(arguments: [("400-820-8820", "tel:4008208820"), ("(010) 6552-9988", "tel:01065529988"),
                      ("+86 138 0013 8000", "tel:+8613800138000"), ("0800 123 4567", "tel:08001234567"),
                      ("+1 (415) 555-0100", "tel:+14155550100")])
    func phoneNumbersOfTheTargetMarkets(text: String, url: String) {
        let detection = LinkDetection(detectors: Set(DataDetector.allCases))
        #expect(detection.matches(in: "Call \(text) today.").map(\.url) == [url])
        // Written straight after Chinese, as Chinese text does.
        #expect(detection.matches(in: "请致电\(text)。").map(\.url) == [url])
    }

    @Test(arguments: ["on 2026-11-01", "at 10:30", "for ¥1,299.00", "for $12.50", "ID 110101199003071234", "up 12.5%", "version 4.2.0",
                      "since 1999", "14 months", "Art. 6(1)(b)", "2026 11 01"])
    func datesTimesPricesAndIdsAreNotNumbers(text: String) {
        #expect(LinkDetection(detectors: Set(DataDetector.allCases)).matches(in: text).isEmpty, "\(text)")
    }

    @Test func detectorsCanBeChosenAndTurnedOff() throws {
        let markdown = "# Help\n\nCall 400-820-8820, write to help@example.com or see www.example.com/help and https://example.com/faq.\n"
        let all = try Self.render(markdown)
        #expect(all.linkMap.links.map(\.url) == ["tel:4008208820", "mailto:help@example.com", "https://www.example.com/help",
                                                 "https://example.com/faq"])
        let phones = try Self.render(markdown, settings: #"{ "detectors": ["phoneNumber"] }"#)
        #expect(phones.linkMap.links.map(\.url) == ["tel:4008208820"])
        // [] turns off cmark-gfm's autolinks too: they count as detected.
        let none = try Self.render(markdown, settings: #"{ "detectors": [] }"#)
        #expect(none.linkMap.links.isEmpty)
        // A link the author wrote stays a link, and is not marked detected.
        let written = try Self.render("# Help\n\n[Call us](tel:4008208820) or write.\n", settings: #"{ "detectors": [] }"#)
        #expect(written.linkMap.links.map(\.url) == ["tel:4008208820"] && written.linkMap.links[0].detected == nil)
        #expect {
            try DocumentSettings.decode(Data(#"{ "detectors": ["phone"] }"#.utf8), source: "document.json")
        } throws: { error in "\(error)".contains("detectors") }
    }

    @Test func telAndMailtoAreAllowedSchemes() throws {
        let page = try Self.render("# Help\n\nRead the [privacy policy](https://example.com/privacy). Call 400-820-8820 or write to privacy@example.com.\n")
        let findings = try ConsentRenderer().lint(page, device: "iphone-15-pro")
        #expect(!findings.contains { $0.rule == "links.scheme" }, "\(findings)")
    }
}
