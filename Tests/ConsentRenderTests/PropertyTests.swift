import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Random documents (from a fixed seed, so every run is the same) never crash the renderer, and
/// every render keeps its invariants. Regression cases from the fuzzer (scripts/fuzz) live here too.
@Suite struct PropertyTests {
    /// A small deterministic generator (SplitMix64).
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = ["privacy", "数据", "隱私", "الخصوصية", "ข้อมูล", "गोपनीयता", "🔒", "**bold**", "*em*", "`code`",
                         "[link](https://example.com/x)", "[bad](http://x)", "\n- item", "\n1. step", "\n> quote", "\n## Head",
                         "\n\n", "“quote”", "<b>html</b>", "|a|b|\n|-|-|\n|c|d|", "\u{202E}rtl\u{202C}", "a\u{200B}b",
                         String(repeating: "x", count: 300), "https://example.com/very/long/url/without/breaks", "。，》"]

    static func randomDocument(_ generator: inout SeededGenerator) -> String {
        var text = generator.next() % 4 == 0 ? "" : "# Title \(generator.next() % 100)\n\n"
        for _ in 0..<(Int(generator.next() % 40) + 1) {
            text += pieces[Int(generator.next() % UInt64(pieces.count))] + (generator.next() % 3 == 0 ? " " : "")
        }
        return text
    }

    @Test func randomDocumentsNeverCrashAndKeepLinksInsideTheBodyAndTheImage() throws {
        var generator = SeededGenerator(state: 20_261_130)
        let folder = TemporaryFolder()
        let renderer = try ConsentRenderer()
        let devices = ["iphone-se-3", "iphone-15-pro", "ipad-10"]
        let languages = ["en", "zh-Hans", "ar", "th"]
        var rendered = 0
        for index in 0..<60 {
            let language = languages[index % languages.count]
            let markdown = Self.randomDocument(&generator)
            guard let documents = try? DocumentFolder(url: folder.folder("doc\(index)", files: ["\(language).md": markdown]), appFiles: XcodeAppFiles()) else { continue }
            let profile = try shippedProfiles.profile(id: devices[index % devices.count])
            let orientation: Orientation = generator.next() % 2 == 0 ? .portrait : .landscape
            guard let page = try? renderer.render(RenderRequest(
                folder: documents, profile: profile, requestedLanguage: language, orientation: orientation,
                appearance: .light, allowsMissingGlyphs: true)) else { continue }
            rendered += 1
            let layout = page.layout
            let screen = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
            for link in layout.links {
                for rect in link.visibleRects {
                    #expect(layout.body.viewport.contains(rect, tolerance: 0.01) || layout.title.frame.contains(rect, tolerance: 0.01),
                            "document \(index): \(rect)")
                    #expect(screen.contains(rect, tolerance: 0.01))
                }
                for pixels in page.linkMap.links.flatMap(\.pixelRects) {
                    #expect(pixels.x >= 0 && pixels.y >= 0 && pixels.x + pixels.width <= page.bitmap.width
                            && pixels.y + pixels.height <= page.bitmap.height)
                }
            }
            for button in layout.buttons {
                #expect(layout.safeRect.contains(button.rect, tolerance: 0.01), "document \(index): \(button.role) at \(button.rect)")
            }
            #expect(page.bitmap.width == profile.pixelSize(in: orientation).width)
        }
        #expect(rendered >= 40)
    }

    /// Found by the fuzzer: a heading that swallowed a whole paragraph pushed the buttons off screen.
    @Test func aVeryLongTitleIsCutToThreeLinesAndTheButtonsStayOnScreen() throws {
        let folder = TemporaryFolder()
        let title = "# " + String(repeating: "Your privacy at Yunfan Rides [link](https://example.com/p) ", count: 40)
        let documents = try DocumentFolder(url: folder.folder("title", files: ["en.md": title + "\n\nBody."]), appFiles: XcodeAppFiles())
        for orientation in Orientation.allCases {
            let page = try ConsentRenderer().render(RenderRequest(
                folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: "en",
                orientation: orientation, appearance: .light))
            #expect(page.layout.title.size.height <= 3 * 17 * 1.35 + 0.5)
            for button in page.layout.buttons { #expect(page.layout.safeRect.contains(button.rect)) }
        }
    }

    /// Found by the fuzzer: negative letter spacing put a link's rect 0.2 pt before its block.
    @Test func linkRectsStayInsideTheirBlock() throws {
        let engine = try PangoTextEngine()
        var links: [LinkSource] = []
        var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: 17, weight: .semibold, color: Color(red: 0, green: 0, blue: 0),
                                                            linkColor: testTint), traits: LanguageTraits(tag: "en"))
        builder.append([.link(url: "https://example.com", content: [.text("Wide words at the start of every line")])], links: &links)
        let block = builder.block(width: 120, alignment: .leading, lineHeight: 23)
        for rect in engine.measure(block).linkRects[0] ?? [] {
            #expect(rect.minX >= 0 && rect.maxX <= 120)
        }
    }
}
