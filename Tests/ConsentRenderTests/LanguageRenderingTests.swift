import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Short consent texts in languages the project does not ship, each with two links.
let worldDocuments: [String: String] = [
    "ar.md": "# الخصوصية\n\nباستخدامك للتطبيق فإنك توافق على [سياسة الخصوصية](https://a.example/ar/p) و[شروط الاستخدام](https://a.example/ar/t) الخاصة بنا، بما في ذلك معالجة بياناتك على iPhone.\n\n- نحفظ تفضيلاتك فقط.",
    "he.md": "# פרטיות\n\nהשימוש באפליקציה כפוף ל[מדיניות הפרטיות](https://a.example/he/p) ול[תנאי השימוש](https://a.example/he/t) שלנו, גם ב-iPad.\n\n- אנו שומרים רק את ההעדפות שלכם.",
    "th.md": "# ความเป็นส่วนตัว\n\nการใช้แอปนี้ถือว่าคุณยอมรับ[นโยบายความเป็นส่วนตัว](https://a.example/th/p)และ[เงื่อนไขการใช้งาน](https://a.example/th/t)ของเรา\n\n- เราเก็บเฉพาะการตั้งค่าของคุณ",
    "hi.md": "# गोपनीयता\n\nऐप का उपयोग करके आप हमारी [गोपनीयता नीति](https://a.example/hi/p) और [उपयोग की शर्तों](https://a.example/hi/t) से सहमत होते हैं।\n\n- हम केवल आपकी पसंद सहेजते हैं।",
    "ja.md": "# プライバシー\n\n本アプリのご利用には[プライバシーポリシー](https://a.example/ja/p)と[利用規約](https://a.example/ja/t)への同意が必要です。\n\n- 設定のみを保存します。",
    "ko.md": "# 개인정보\n\n앱을 사용하면 [개인정보 처리방침](https://a.example/ko/p) 및 [이용약관](https://a.example/ko/t)에 동의하게 됩니다.\n\n- 설정만 저장합니다.",
    "ru.md": "# Конфиденциальность\n\nИспользуя приложение, вы принимаете нашу [политику конфиденциальности](https://a.example/ru/p) и [условия использования](https://a.example/ru/t).\n\n- Мы храним только ваши настройки.",
    "el.md": "# Απόρρητο\n\nΧρησιμοποιώντας την εφαρμογή αποδέχεστε την [πολιτική απορρήτου](https://a.example/el/p) και τους [όρους χρήσης](https://a.example/el/t).\n\n- Αποθηκεύουμε μόνο τις προτιμήσεις σας.",
    "vi.md": "# Quyền riêng tư\n\nKhi dùng ứng dụng, bạn đồng ý với [chính sách quyền riêng tư](https://a.example/vi/p) và [điều khoản sử dụng](https://a.example/vi/t) của chúng tôi.\n\n- Chúng tôi chỉ lưu cài đặt của bạn.",
    "de.md": "# Datenschutz\n\nMit der Nutzung stimmen Sie unserer [Datenschutzerklärung](https://a.example/de/p) und den [Nutzungsbedingungen](https://a.example/de/t) zu. Es gelten die Datenschutzgrundverordnungsdurchführungsbestimmungen.\n\n- Wir speichern nur Ihre Einstellungen.",
    "document.json": #"{ "defaultLanguage": "de" }"#,
]

@Suite struct LanguageRenderingTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer
    let engine: PangoTextEngine

    init() throws {
        renderer = try ConsentRenderer()
        engine = try renderer.engine(for: .noto)
    }

    func paragraph(_ text: String, language: String, width: Double) -> TextBlock {
        let traits = LanguageTraits(tag: language)
        var builder = StyledTextBuilder(
            base: BaseTextStyle(fontSize: 15, weight: .regular, color: Color(red: 0, green: 0, blue: 0), linkColor: testTint),
            traits: traits)
        var links: [LinkSource] = []
        builder.append([.text(text)], links: &links)
        return builder.block(width: width, alignment: .leading, lineHeight: 15 * traits.lineHeightMultiple)
    }

    @Test(arguments: ["iphone-se-3 portrait", "iphone-15-pro-max landscape"],
          ["ar", "he", "th", "hi", "ja", "ko", "ru", "el", "vi", "de"])
    func renderHasExactLinkRectsAndButtonsInTheSafeArea(cell: String, language: String) throws {
        let parts = cell.split(separator: " ").map(String.init)
        let documents = try DocumentFolder(url: folder.folder("world", files: worldDocuments), appFiles: XcodeAppFiles())
        let profile = try shippedProfiles.profile(id: parts[0])
        let page = try renderer.render(RenderRequest(
            folder: documents, profile: profile, requestedLanguage: language,
            orientation: Orientation(rawValue: parts[1])!, appearance: .light, tint: testTint))
        #expect(page.linkMap.language.resolved == language)
        #expect(page.linkMap.links.count == 2 && page.linkMap.links.allSatisfy(\.visible))
        for button in page.linkMap.buttons {
            #expect(page.layout.safeRect.contains(button.rect) && button.rect.height >= 44)
        }
        // ≥ 95% of tinted body pixels lie inside link rects, and every rect holds tint.
        let placement = TintPlacement(page, tint: testTint)
        #expect(placement.tinted > 0 && Double(placement.insideLinks) >= 0.95 * Double(placement.tinted),
                "\(placement.insideLinks) of \(placement.tinted)")
        #expect(placement.rectsWithoutTint.isEmpty, "\(placement.rectsWithoutTint.map(\.link))")
    }

    @Test(arguments: ChromeStrings.appStoreLocalizations)
    func shortDocumentRendersInEveryAppStoreLocalizationWithoutMissingGlyphs(tag: String) throws {
        let strings = try ChromeStrings.resolve(language: tag, settings: DocumentSettings(), folder: "doc")
        let markdown = "# \(strings.title)\n\n\(strings.decline): [\(strings.title)](https://example.com/\(tag)). \(strings.continueLabel).\n"
        let documents = try DocumentFolder(url: folder.folder("one-\(tag)", files: ["\(tag).md": markdown]), appFiles: XcodeAppFiles())
        let page = try renderer.render(RenderRequest(
            folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: tag,
            orientation: .portrait, appearance: .light))
        #expect(page.warnings.isEmpty)
        #expect(page.linkMap.language.resolved == tag)
        #expect(Set(page.linkMap.buttons.map(\.label)) == [strings.accept, strings.decline])
    }

    @Test func characterNoFontCoversFailsTheRenderNamingItUnlessAllowed() throws {
        let documents = try DocumentFolder(url: folder.folder("pua", files: ["ja.md": "# 注意\n\n記号 \u{E000} は表示できません。"]), appFiles: XcodeAppFiles())
        func request(allowing: Bool) throws -> RenderRequest {
            RenderRequest(folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: "ja",
                          orientation: .portrait, appearance: .light, allowsMissingGlyphs: allowing)
        }
        let error = #expect(throws: RenderError.self) { try renderer.render(try request(allowing: false)) }
        #expect(error == .missingGlyphs(characters: ["U+E000 '\u{E000}'"], language: "ja", file: documents.url.path + "/ja.md"))
        #expect(error?.description.contains("allow missing glyphs") == true)
        let page = try renderer.render(try request(allowing: true))
        #expect(page.warnings.count == 1 && page.warnings[0].contains("U+E000"))
    }

    @Test func sameHanTextTakesSimplifiedAndTraditionalForms() {
        let text = "骨 直 角 边 海 说 写"
        #expect(engine.fontFamilies(in: paragraph(text, language: "zh-Hans", width: 300)).map(\.family) == ["Noto Sans CJK SC"])
        #expect(engine.fontFamilies(in: paragraph(text, language: "zh-Hant", width: 300)).map(\.family) == ["Noto Sans CJK TC"])
    }

    @Test func chinesePunctuationNeverStartsALine() {
        let text = String(repeating: "我们非常重视您的个人信息。请阅读《隐私政策》，了解我们如何处理数据，", count: 8)
        let bytes = Array(text.utf8)
        let forbidden: Set<Character> = ["。", "，", "》", "、", "；", "：", "）", "”", "！", "？"]
        for width in stride(from: 150.0, through: 330, by: 7) {
            let ranges = engine.measure(paragraph(text, language: "zh-Hans", width: width)).lineRanges
            #expect(ranges.count > 2)
            for range in ranges.dropFirst() {
                let first = String(decoding: bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + 4)], as: UTF8.self).first
                #expect(!forbidden.contains(first ?? " "), "a line starts with \(first.map(String.init) ?? "") at width \(width)")
            }
        }
    }

    @Test func thaiBreaksBetweenWords() {
        // "We keep your data safely and never sell it to anyone", written without spaces as Thai is.
        let words = ["เรา", "เก็บ", "ข้อมูล", "ของ", "คุณ", "ไว้", "อย่าง", "ดี", "และ", "ไม่", "ขาย", "ให้", "ใคร"]
        let sentence = String(repeating: words.joined(), count: 4)
        var boundaries = Set<Int>()
        var offset = 0
        for _ in 0..<4 {
            for word in words {
                boundaries.insert(offset)
                offset += word.utf8.count
            }
        }
        for width in [120.0, 160, 200, 240] {
            let ranges = engine.measure(paragraph(sentence, language: "th", width: width)).lineRanges
            #expect(ranges.count > 1)
            for range in ranges.dropFirst() {
                #expect(boundaries.contains(range.lowerBound), "a line starts inside a word at width \(width)")
            }
        }
    }

    @Test func longGermanCompoundsBreakOnlyAsALastResortAndNeverOverflow() {
        let text = "Es gelten die Datenschutzgrundverordnungsdurchführungsbestimmungen."
        let wide = engine.measure(paragraph(text, language: "de", width: 600))
        #expect(wide.lines.count == 1)
        let narrow = engine.measure(paragraph(text, language: "de", width: 180))
        #expect(narrow.lines.count >= 3)
        #expect(narrow.lines.allSatisfy { $0.maxX <= 180.01 })
        // The words before the compound stay whole: the first break is at the space.
        #expect(narrow.lineRanges[1].lowerBound == "Es gelten die ".utf8.count)
    }

    @Test func arabicLinesLeaveRoomForMarksAboveAndBelow() {
        let measurement = engine.measure(paragraph("إِنَّ الخُصُوصِيَّةَ مُهِمَّةٌ جِدًّا لِلْجَمِيعِ", language: "ar", width: 300))
        #expect(measurement.lines.first.map { $0.height >= 15 * 1.6 - 0.01 } == true)
    }
}
