import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Language tags, resolution, built-in strings, pseudo-locales and right-to-left layout.
@Suite struct LocaleTests {
    struct Resolution: CustomStringConvertible, Sendable {
        let requested: String
        let available: [String]
        let expected: String
        var description: String { "\(requested) → \(expected)" }
    }

    static let rich = ["en", "en-GB", "zh-Hans", "zh-Hant", "zh-HK", "es", "es-419", "pt-BR", "pt-PT", "de-DE", "nb"]

    @Test(arguments: [
        Resolution(requested: "zh", available: rich, expected: "zh-Hans"),
        Resolution(requested: "zh-CN", available: rich, expected: "zh-Hans"),
        Resolution(requested: "zh-SG", available: rich, expected: "zh-Hans"),
        Resolution(requested: "zh-Hans-CN", available: rich, expected: "zh-Hans"),
        Resolution(requested: "zh-TW", available: rich, expected: "zh-Hant"),
        Resolution(requested: "zh-Hant", available: rich, expected: "zh-Hant"),
        Resolution(requested: "zh-HK", available: rich, expected: "zh-HK"),
        // Macao takes Hong Kong's, as the docs and CLDR's parent locales say.
        Resolution(requested: "zh-MO", available: rich, expected: "zh-HK"),
        Resolution(requested: "zh-MO", available: ["en", "zh-Hant"], expected: "zh-Hant"),
        Resolution(requested: "zh-HK", available: ["en", "zh-Hans", "zh-Hant", "zh-Hant-HK"], expected: "zh-Hant-HK"),
        Resolution(requested: "zh-HK", available: ["en", "zh-Hans", "zh-Hant"], expected: "zh-Hant"),
        Resolution(requested: "zh-TW", available: ["en", "zh-Hans"], expected: "en"),
        Resolution(requested: "en-AU", available: rich, expected: "en-GB"),
        Resolution(requested: "en-NZ", available: rich, expected: "en-GB"),
        Resolution(requested: "en-IN", available: rich, expected: "en-GB"),
        Resolution(requested: "en-SG", available: rich, expected: "en-GB"),
        Resolution(requested: "en-IE", available: rich, expected: "en-GB"),
        Resolution(requested: "en-ZA", available: rich, expected: "en-GB"),
        Resolution(requested: "en-ZA", available: ["en", "zh-Hans"], expected: "en"),
        Resolution(requested: "en-US", available: rich, expected: "en"),
        Resolution(requested: "es-MX", available: rich, expected: "es-419"),
        Resolution(requested: "es-AR", available: rich, expected: "es-419"),
        Resolution(requested: "es-MX", available: ["en", "es"], expected: "es"),
        Resolution(requested: "es-ES", available: rich, expected: "es"),
        Resolution(requested: "pt-PT", available: rich, expected: "pt-PT"),
        Resolution(requested: "pt-BR", available: rich, expected: "pt-BR"),
        Resolution(requested: "pt", available: rich, expected: "pt-BR"),
        Resolution(requested: "pt-PT", available: ["en", "pt-BR"], expected: "en"),
        Resolution(requested: "pt-AO", available: ["en", "pt-BR", "pt-PT"], expected: "pt-PT"),
        Resolution(requested: "pt-BR", available: ["en", "pt-PT"], expected: "en"),
        Resolution(requested: "pt-BR", available: ["en", "pt"], expected: "pt"),
        Resolution(requested: "de", available: rich, expected: "de-DE"),
        Resolution(requested: "no", available: rich, expected: "nb"),
        Resolution(requested: "fr", available: rich, expected: "en"),
        Resolution(requested: "fr,zh-HK,en", available: rich, expected: "zh-HK"),
        Resolution(requested: "ja, en-AU", available: rich, expected: "en-GB"),
    ])
    func resolvesAsIOSDoes(_ test: Resolution) throws {
        let resolver = LanguageResolver(available: test.available, defaultLanguage: "en")
        #expect(try resolver.resolve(test.requested, folder: "doc") == test.expected)
    }

    @Test func unknownLanguageFallsBackToTheDocumentDefaultAndSaysSo() throws {
        let resolver = LanguageResolver(available: ["de", "en"], defaultLanguage: "de")
        let resolution = try resolver.resolution(of: "sw", folder: "doc")
        #expect(resolution.language == "de" && resolution.isDefaultFallback)
        #expect(try !resolver.resolution(of: "en-GB", folder: "doc").isDefaultFallback)
    }

    @Test(arguments: [
        ("zh-hant-hk", "zh-Hant-HK"), ("ES-419", "es-419"), ("en-us-x-twain", "en-US-x-twain"), ("sr-latn", "sr-Latn"),
    ])
    func tagsAreParsedAndCanonicalised(_ input: String, _ canonical: String) throws {
        #expect(try #require(LanguageTag(input)).description == canonical)
    }

    @Test(arguments: ["e", "english", "en_US", "zh--Hans", "", "12", "en-toolongsubtag"])
    func malformedTagsAreRejected(_ input: String) {
        #expect(LanguageTag(input) == nil)
    }

    @Test func directionFollowsTheScript() throws {
        for rtl in ["ar", "he", "fa", "ur", "ar-XB", "az-Arab"] {
            #expect(try #require(LanguageTag(rtl)).isRightToLeft, "\(rtl)")
        }
        for ltr in ["en", "zh-Hant", "ja", "th", "hi", "az"] {
            #expect(try !#require(LanguageTag(ltr)).isRightToLeft, "\(ltr)")
        }
    }

    @Test func everyAppStoreLocalizationHasEveryBuiltInString() throws {
        #expect(ChromeStrings.appStoreLocalizations.count == 39)
        for tag in ChromeStrings.appStoreLocalizations {
            let strings = try ChromeStrings.resolve(language: tag, settings: DocumentSettings(), folder: "doc")
            for text in [strings.accept, strings.decline, strings.continueLabel, strings.title] {
                #expect(!text.isEmpty, "\(tag)")
            }
        }
        // Regional variants reach their table entries.
        let mexican = try ChromeStrings.resolve(language: "es-419", settings: DocumentSettings(), folder: "doc")
        #expect(try mexican == ChromeStrings.resolve(language: "es-MX", settings: DocumentSettings(), folder: "doc"))
        let hongKong = try ChromeStrings.resolve(language: "zh-HK", settings: DocumentSettings(), folder: "doc")
        #expect(hongKong.continueLabel == "繼續")
    }

    @Test func accentedPseudoLocaleIsAccentedBracketedAndAbout40PercentLonger() {
        let text = "Accept the terms"
        let pseudo = PseudoLocale.accented.transform(text)
        #expect(pseudo.hasPrefix("[Åççéþţ ţĥé ţéŕɱš ") && pseudo.hasSuffix("]"))
        let growth = Double(pseudo.count) / Double(text.count)
        #expect(growth > 1.35 && growth < 1.7)
        #expect(PseudoLocale.mirrored.transform("Accept") == "\u{202E}Accept\u{202C}")
        #expect(PseudoLocale(LanguageTag("en-XA")!) == .accented && PseudoLocale(LanguageTag("en-GB")!) == nil)
    }

    @Test func pseudoLocalesRenderFromTheEnglishFile() throws {
        let folder = TemporaryFolder()
        let documents = try DocumentFolder(url: folder.folder("doc", files: testAgreement), appFiles: XcodeAppFiles())
        let renderer = try ConsentRenderer()
        for (tag, direction) in [("en-XA", false), ("ar-XB", true)] {
            let page = try renderer.render(RenderRequest(
                folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: tag,
                orientation: .portrait, appearance: .light))
            #expect(page.linkMap.language.resolved == tag)
            #expect(page.linkMap.links.map(\.url) == ["https://books.example.org/en/terms", "https://books.example.org/en/privacy",
                                                     "https://books.example.org/en/children"])
            let accept = try #require(page.linkMap.buttons.first { $0.role == .accept })
            let decline = try #require(page.linkMap.buttons.first { $0.role == .decline })
            #expect((accept.rect.x < decline.rect.x) == direction, "\(tag): accept is on the left only when mirrored")
        }
    }
}

/// Right-to-left layout, with exact fixed-advance metrics.
@Suite struct RightToLeftLayoutTests {
    let theme = Theme(appearance: .light, tint: Theme.systemBlueLight, adaptsSystemBlue: true)

    func layout(device: String, _ orientation: Orientation, paragraphs: Int = 3) throws -> PageLayout {
        var blocks: [Block] = [.list(ordered: false, start: 1, items: [[.paragraph([.text("بند")])]])]
        for index in 0..<paragraphs {
            blocks.append(.paragraph([.text("نص الفقرة \(index) "), .link(url: "https://example.com/\(index)", content: [.text("سياسة")])]))
        }
        let document = ConsentDocument(title: [.text("الخصوصية")], blocks: blocks)
        return try layoutAgreement(document, strings: chrome(accept: "موافق", decline: "رفض"), language: "ar", device: device,
                                   orientation, measurer: FixedAdvanceMeasurer())
    }

    @Test func buttonsAreMirroredWithAcceptOnTheLeft() throws {
        let page = try layout(device: "iphone-15-pro", .portrait)
        let accept = try #require(page.buttons.first { $0.role == .accept })
        let decline = try #require(page.buttons.first { $0.role == .decline })
        #expect(accept.rect.maxX < decline.rect.minX)
        #expect(decline.rect.maxX == page.dialog.rect.maxX - Metrics.iOSDefault.card.padding)
    }

    @Test func listBulletsHangOnTheRight() throws {
        let page = try layout(device: "iphone-15-pro", .portrait)
        let marker = try #require(page.body.blocks.first { $0.block.text == "•" })
        let item = try #require(page.body.blocks.first { $0.block.text == "بند" })
        #expect(marker.frame.maxX == page.body.viewport.maxX)
        #expect(item.frame.maxX <= marker.frame.minX + 1e-9)
        #expect(item.frame.minX == page.body.viewport.minX)
    }

    @Test func landscapeMirrorsTheColumnsAndTheScrollIndicator() throws {
        let page = try layout(device: "iphone-15-pro", .landscape, paragraphs: 40)
        for button in page.buttons {
            #expect(button.rect.maxX < page.body.viewport.minX)
        }
        #expect(page.body.viewport.maxX == page.dialog.rect.maxX - Metrics.iOSDefault.card.padding)
        let indicator = try #require(page.body.scrollIndicator)
        #expect(indicator.maxX <= page.body.viewport.minX)
        #expect(page.safeRect.contains(page.dialog.rect))
    }
}
