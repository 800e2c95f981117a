import Testing
@testable import ConsentRender

/// The real text engine: metrics, link rectangles and language-specific fonts.
@Suite struct PangoTextEngineTests {
    let engine: PangoTextEngine
    let theme = Theme(appearance: .light, tint: Theme.systemBlueLight, adaptsSystemBlue: true)

    init() throws {
        engine = try PangoTextEngine()
    }

    func paragraph(_ inlines: [Inline], language: String, width: Double) -> (block: TextBlock, links: [LinkSource]) {
        var links: [LinkSource] = []
        let traits = LanguageTraits(tag: language)
        var builder = StyledTextBuilder(
            base: BaseTextStyle(fontSize: 15, weight: .regular, color: theme.label, linkColor: theme.tint), traits: traits)
        builder.append(inlines, links: &links)
        return (builder.block(width: width, alignment: .leading, lineHeight: 15 * traits.lineHeightMultiple), links)
    }

    @Test func acceptButtonIsWiderThanTheChineseOne() {
        let buttons = ButtonGroup(actions: [.init(role: .accept, label: "Accept")], metrics: Metrics.iOSDefault.buttons,
                                  colors: ButtonGroup.Colors(theme: theme))
        let accept = buttons.intrinsicWidth(of: "Accept", in: try! layoutContext(device: "iphone-15-pro", .portrait, measurer: engine))
        let agree = buttons.intrinsicWidth(of: "同意", in: try! layoutContext(device: "iphone-15-pro", .portrait, language: "zh-Hans",
                                                                            measurer: engine))
        #expect(accept > agree)
        // 17 pt ideographs are 17 pt wide, so 同意 is 34 pt of label plus 2 × 24 pt.
        #expect(abs(agree - (34 + 48)) < 0.5)
    }

    @Test(arguments: ["en", "zh-Hans"])
    func linesAreTheLanguagesLineHeightApart(language: String) {
        let text = String(repeating: language == "en" ? "word " : "文字", count: 60)
        let (block, _) = paragraph([.text(text)], language: language, width: 200)
        let lines = engine.measure(block).lines
        #expect(lines.count > 3)
        let pitch = language == "en" ? 15 * 1.35 : 15 * 1.25
        for (upper, lower) in zip(lines, lines.dropFirst()) {
            #expect(abs(lower.minY - upper.minY - pitch) < 0.01)
        }
        #expect(lines.allSatisfy { $0.width <= 200 + 0.01 })
    }

    @Test func twoLinksWithNothingBetweenThemGetSeparateRects() {
        let (block, links) = paragraph([
            .text("详见"),
            .link(url: "https://a.example", content: [.text("《隐私政策》")]),
            .link(url: "https://b.example", content: [.text("《服务条款》")]),
        ], language: "zh-Hans", width: 300)
        let measurement = engine.measure(block)
        #expect(links.count == 2)
        let first = measurement.linkRects[0] ?? []
        let second = measurement.linkRects[1] ?? []
        #expect(first.count == 1 && second.count == 1)
        if let a = first.first, let b = second.first {
            #expect(a.maxX <= b.minX + 0.01)
            #expect(abs(a.maxX - b.minX) < 0.5)
            #expect(a.width > 60 && b.width > 60)
            #expect(a.minX > 25)
        }
    }

    @Test(arguments: ["en", "zh-Hans"])
    func linkThatWrapsHasOneRectPerLine(language: String) {
        let linkText = language == "en"
            ? "the complete privacy policy that explains every purpose in detail"
            : "《关于个人信息收集、使用、共享和保护的完整隐私政策》"
        let (block, _) = paragraph([.text(language == "en" ? "Please read " : "请阅读"),
                                    .link(url: "https://a.example", content: [.text(linkText)])],
                                   language: language, width: 180)
        let measurement = engine.measure(block)
        let rects = measurement.linkRects[0] ?? []
        #expect(measurement.lines.count >= 2)
        #expect(rects.count == measurement.lines.count)
        for (rect, line) in zip(rects, measurement.lines) {
            #expect(rect.minY == line.minY && rect.height == line.height)
            #expect(rect.minX >= -0.01 && rect.maxX <= 180.01)
        }
    }

    @Test func longURLBreaksByCharacterInsteadOfOverflowing() {
        let url = "https://example.com/" + String(repeating: "privacy-policy-section/", count: 8)
        let (block, _) = paragraph([.link(url: url, content: [.text(url)])], language: "en", width: 200)
        let measurement = engine.measure(block)
        #expect(measurement.lines.count > 1)
        #expect(measurement.lines.allSatisfy { $0.maxX <= 200.01 }, "\(measurement.lines.map(\.maxX))")
    }

    @Test func curlyQuotesInChineseMayWrapLikeIOS() {
        let prepared = StyledTextBuilder.allowingBreaksAroundCurlyQuotes("点击“同意”即")
        #expect(prepared == "点击\u{200B}“同意”\u{200B}即")
        #expect(StyledTextBuilder.allowingBreaksAroundCurlyQuotes("plain") == "plain")
    }

    struct FontCase: CustomStringConvertible, Sendable {
        let language: String
        let text: String
        let expected: [String]
        var description: String { "\(language) \(text)" }
    }

    @Test(arguments: [
        FontCase(language: "en", text: "Room 12 🔒 ok", expected: ["Noto Sans", "Noto Color Emoji", "Noto Sans"]),
        FontCase(language: "en", text: "👍🏽 1️⃣", expected: ["Noto Color Emoji", "Noto Sans", "Noto Color Emoji"]),
        FontCase(language: "zh-Hans", text: "隐私 2024 政策", expected: ["Noto Sans CJK SC"]),
        FontCase(language: "zh-Hant", text: "隱私權", expected: ["Noto Sans CJK TC"]),
        FontCase(language: "zh-HK", text: "私隱", expected: ["Noto Sans CJK HK"]),
        FontCase(language: "ja", text: "個人情報", expected: ["Noto Sans CJK JP"]),
        FontCase(language: "en", text: "Privacy 隐私", expected: ["Noto Sans", "Noto Sans CJK SC"]),
    ])
    func eachRunGetsTheFontItsLanguageAndScriptCallFor(_ test: FontCase) {
        let (block, _) = paragraph([.text(test.text)], language: test.language, width: 1000)
        var families = engine.fontFamilies(in: block).map(\.family)
        // Adjacent runs in the same font (split by script or direction) count once.
        families = families.enumerated().filter { $0.offset == 0 || families[$0.offset - 1] != $0.element }.map(\.element)
        #expect(families == test.expected)
    }

    @Test func measurementIsTheSameFromTwoEngines() throws {
        let other = try PangoTextEngine()
        let (block, _) = paragraph([.text("Welcome. 欢迎使用 "), .link(url: "https://a", content: [.text("Privacy Policy")])],
                                   language: "en", width: 150)
        #expect(engine.measure(block) == other.measure(block))
    }
}
