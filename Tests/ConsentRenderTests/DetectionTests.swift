import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// iOS's data detectors (web addresses, e-mail addresses and phone numbers in plain text become
/// links) and images in the body (`NSTextAttachment`).
@Suite struct DetectionTests {
    static func render(_ markdown: String, settings: String = #"{ "defaultLanguage": "en" }"#) throws -> RenderedPage {
        let temporary = TemporaryFolder()
        let folder = try DocumentFolder(url: temporary.folder("doc", files: ["document.json": settings, "en.md": markdown]), appFiles: XcodeAppFiles())
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
                      ("+1 (415) 555-0100", "tel:+14155550100"), ("+81 3-1234-5678", "tel:+81312345678"), ("010-65529988", "tel:01065529988"),
                      ("4008208820", "tel:4008208820"), ("13800138000", "tel:13800138000"), ("+49 (0)30 1234567", "tel:+49301234567"),
                      ("089 12345678", "tel:08912345678"), ("415.555.0100", "tel:4155550100"),
                      ("1-800-555-0199", "tel:18005550199")])
    func phoneNumbersOfTheTargetMarkets(text: String, url: String) {
        let detection = LinkDetection(detectors: Set(DataDetector.allCases))
        #expect(detection.matches(in: "Call \(text) today.").map(\.url) == [url])
        // Written straight after Chinese, as Chinese text does.
        #expect(detection.matches(in: "请致电\(text)。").map(\.url) == [url])
    }

    @Test(arguments: ["on 2026-11-01", "at 10:30", "for ¥1,299.00", "for $12.50", "ID 110101199003071234", "up 12.5%", "version 4.2.0",
                      "since 1999", "14 months", "Art. 6(1)(b)", "2026 11 01", "2019-2021", "ISBN 978-3-16-148410-0", "192.168.100.200"])
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

    /// A 60×60 PNG (20 pt at 3×) and a 600×200 banner, written by the encoder.
    static func pngFiles() throws -> [String: Data] {
        let badge = Bitmap(width: 60, height: 60, pixels: [UInt32](repeating: 0xFF34C759, count: 3600))
        let banner = Bitmap(width: 600, height: 200, pixels: [UInt32](repeating: 0xFFE6F0FF, count: 120_000))
        return ["badge@3x.png": try badge.pngData(), "banner.png": try banner.pngData()]
    }

    @Test func imagesAreDrawnInlineOnTheBaselineAndAsBlocks() throws {
        let temporary = TemporaryFolder()
        let folder = temporary.folder("doc", files: ["document.json": #"{ "defaultLanguage": "en" }"#,
            "en.md": "# Seal\n\nCertified ![seal](badge@3x.png) by the programme.\n\n![A banner](banner.png)\n"])
        for (name, data) in try Self.pngFiles() { try data.write(to: folder.appendingPathComponent(name)) }
        let request = RenderRequest(folder: try DocumentFolder(url: folder, appFiles: XcodeAppFiles()), profile: try shippedProfiles.profile(reference: "iphone-15-pro"),
                                    requestedLanguage: "en", orientation: .portrait, appearance: .light)
        let page = try ConsentRenderer().render(request)
        let images = try #require(page.linkMap.images)
        #expect(images.map(\.source) == ["badge@3x.png", "banner.png"])
        let seal = try #require(images[0].rect), banner = try #require(images[1].rect)
        // Inline: as tall as the body's text (15 pt × 1.2), square like the file, its bottom on the line's baseline.
        #expect(images[0].inline && abs(seal.height - 18) < 0.01 && abs(seal.width - 18) < 0.01)
        let line = try #require(page.layout.body.blocks.first)
        let baseline = line.origin.y + (try ConsentRenderer().measure(line.block).baseline)
        #expect(abs(seal.maxY - baseline) < 0.01, "\(seal) vs baseline \(baseline)")
        // A block: 600 pt wide at 1×, so scaled to the body's width, its aspect kept, centred.
        let viewport = page.layout.body.viewport
        #expect(!images[1].inline && abs(banner.width - viewport.width) < 0.01 && abs(banner.height - viewport.width / 3) < 0.01)
        // Drawn where the map says: the badge's green at its centre.
        let pixel = page.bitmap.pixels[Int((seal.midY) * 3) * page.bitmap.width + Int(seal.midX * 3)]
        #expect(pixel & 0xFFFFFF == 0x34C759)
    }

    @Test func aMissingRemoteOrBrokenImageIsRefusedByName() throws {
        for (markdown, words) in [("![x](missing.png)", "missing.png"), ("![x](https://example.com/a.png)", "nothing is fetched"),
                                  ("![x](../outside.png)", "outside the document folder"), ("![x](notes.png)", "is not a PNG"),
                                  ("![x](/tmp/x.png)", "absolute path")] {
            let temporary = TemporaryFolder()
            let folder = temporary.folder("doc", files: ["en.md": "# T\n\nSee \(markdown) here.\n", "notes.png": "not a png"])
            let out = temporary.url.appendingPathComponent("out.png")
            let run = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--language", "en", "--out", out.path])
            #expect(run.status == 2 && run.stderr.contains(words) && run.stderr.contains("en.md"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
