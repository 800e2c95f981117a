import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// `document.json`'s `style`: every token reaches the render, bad values are refused with the key
/// and the fix, and brand fonts come from the document's own `fonts/` folder.
@Suite struct StyleTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    /// A document with `style` (JSON) over the test agreement, and the brand sample's Lato files.
    func document(style: String, name: String, withFonts: Bool = false) throws -> DocumentFolder {
        var files = testAgreement
        files["document.json"] = ##"{ "defaultLanguage": "en", "style": \##(style) }"##
        let url = folder.folder(name, files: files)
        if withFonts {
            let fonts = url.appendingPathComponent("fonts")
            try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
            for file in ["Lato-Regular.ttf", "Lato-Bold.ttf"] {
                try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/brand-agreement/fonts/\(file)"),
                                                 to: fonts.appendingPathComponent(file))
            }
        }
        return try DocumentFolder(url: url, appFiles: XcodeAppFiles())
    }

    func render(_ folder: DocumentFolder, language: String = "en", device: String = "iphone-15-pro",
                orientation: Orientation = .portrait, appearance: Appearance = .light, textSize: ContentSizeCategory = .large,
                boldText: Bool = false, increaseContrast: Bool = false) throws -> RenderedPage {
        var request = RenderRequest(folder: folder, profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
                                    orientation: orientation, appearance: appearance, allowsMissingGlyphs: true)
        request.variant.textSize = textSize
        request.variant.boldText = boldText
        request.variant.increaseContrast = increaseContrast
        return try renderer.render(request)
    }

    static let designed = """
        { "fonts": { "default": "Lato" }, "text": { "bodySize": 16, "lineSpacing": 6 },
          "card": { "maxWidth": 320 }, "buttons": { "height": 50 } }
        """

    @Test func theDesignersMetricsReachTheLinkMap() throws {
        let page = try render(try document(style: Self.designed, name: "designed", withFonts: true))
        let map = page.linkMap
        #expect(map.buttons.count == 2)
        #expect(map.buttons.allSatisfy { $0.rect.height == 50 }, "\(map.buttons.map(\.rect))")
        #expect(map.dialog.width <= 320)
        let body = try #require(map.texts?.first { $0.id == "body" })
        #expect(body.size == 16)
        #expect(body.fonts.contains("fonts/Lato-Regular.ttf"), "\(body.fonts)")
        #expect(body.fonts.allSatisfy { $0.hasPrefix("fonts/") }, "Latin text needs no fallback: \(body.fonts)")
        #expect(map.textSize == .large)
    }

    @Test func aFallbackFontShowsInTexts() throws {
        // Lato has no Chinese: the body's fonts name Noto CJK beside it.
        let page = try render(try document(style: Self.designed, name: "fallback", withFonts: true), language: "zh-Hans")
        let body = try #require(page.linkMap.texts?.first { $0.id == "body" })
        #expect(body.fonts.contains { $0.hasPrefix("NotoSansCJK") }, "\(body.fonts)")
    }

    @Test func lineSpacingAddsSpaceBetweenLinesButNotToLinkRects() throws {
        let plain = try render(try document(style: ##"{ "text": { "bodySize": 16 } }"##, name: "plain"))
        let spaced = try render(try document(style: ##"{ "text": { "bodySize": 16, "lineSpacing": 6 } }"##, name: "spaced"))
        func pitch(_ page: RenderedPage) throws -> Double {
            let lines = try renderer.measure(page.layout.body.blocks[0].block, fonts: page.fonts).lines
            return lines[1].minY - lines[0].minY
        }
        // Noto Sans's natural line height at 16 pt is 21.8 pt; 6 more between lines.
        let spacedPitch = try pitch(spaced), plainPitch = try pitch(plain)
        #expect(abs(spacedPitch - (16 * 1.362 + 6)) < 0.2, "\(spacedPitch)")
        #expect(abs(plainPitch - 16 * 1.35) < 0.01, "\(plainPitch)")
        // A link's rect covers its line's text, not the added space.
        let link = try #require(spaced.linkMap.links.first { $0.visible })
        #expect(link.rects.allSatisfy { $0.height < 16 * 1.362 + 1 }, "\(link.rects)")
    }

    @Test func accessibilitySizesGrowTheBodyAndStackTheButtons() throws {
        let style = try document(style: Self.designed, name: "ax", withFonts: true)
        let large = try render(style)
        let ax3 = try render(style, textSize: .accessibility3)
        #expect(ax3.linkMap.body.contentHeight >= 1.8 * large.linkMap.body.contentHeight,
                "\(ax3.linkMap.body.contentHeight) vs \(large.linkMap.body.contentHeight)")
        #expect(ax3.linkMap.textSize == .accessibility3)
        let screen = ax3.layout.screenRect
        #expect(ax3.layout.buttons.allSatisfy { screen.contains($0.rect) && ax3.layout.dialog.rect.contains($0.rect) })
        let rects = ax3.layout.buttons.map(\.rect)
        #expect(rects[0].minX == rects[1].minX && rects[0].minY != rects[1].minY, "stacked: \(rects)")
    }

    @Test(arguments: [(ContentSizeCategory.xSmall, 12.0), (.large, 15), (.xxxLarge, 21), (.accessibility3, 36), (.accessibility5, 49)])
    func bodyTextFollowsSubheadline(size: ContentSizeCategory, points: Double) throws {
        let page = try render(try document(style: "{}", name: "size-\(size.rawValue)"), textSize: size)
        #expect(page.linkMap.texts?.first { $0.id == "body" }?.size == points)
    }

    @Test func aStyleSizeScalesByItsRolesRatio() {
        var scale = TypeScale.iOSDefault
        scale.setLargeSize(16, for: .body)
        #expect(scale.size(.body, at: .large) == 16)
        // Subheadline is 15 at Large and 30 at AX2: twice as large.
        #expect(scale.size(.body, at: .accessibility2) == 32)
        #expect(scale.size(.body, at: .xSmall) == 12.75)
    }

    @Test func onAnIPadTheCardWidensAtAccessibilitySizesUnlessTheStyleSaysOtherwise() throws {
        let plain = try document(style: "{}", name: "pad")
        #expect(try render(plain, device: "ipad-pro-13").linkMap.dialog.width == 540)
        #expect(try render(plain, device: "ipad-pro-13", textSize: .accessibility1).linkMap.dialog.width > 540)
        let capped = try document(style: ##"{ "card": { "maxWidth": 500 } }"##, name: "pad-capped")
        #expect(try render(capped, device: "ipad-pro-13", textSize: .accessibility1).linkMap.dialog.width == 500)
    }

    @Test func coloursReplaceTheirRolesInTheirAppearance() throws {
        let style = """
            { "colors": { "light": { "title": "#1B5E20", "accentFill": "#1B5E20", "card": "#FAFAF0", "dim": 0.6 },
                          "dark": { "title": "#81C784" } } }
            """
        let folder = try document(style: style, name: "colours")
        let light = try render(folder)
        #expect(light.layout.title.block.runs[0].color == Color(hex: "#1B5E20"))
        #expect(light.layout.dialog.fill == Color(hex: "#FAFAF0"))
        #expect(light.layout.buttons.first { $0.role == .accept }?.fill == Color(hex: "#1B5E20"))
        let dark = try render(folder, appearance: .dark)
        #expect(dark.layout.title.block.runs[0].color == Color(hex: "#81C784"))
        #expect(dark.layout.dialog.fill == Palette.iOSDark.card, "dark sets no card colour")
    }

    @Test func increaseContrastUsesHighContrastColoursAndTheBrandsOwnSet() throws {
        let plain = try render(try document(style: "{}", name: "contrast"), increaseContrast: true)
        #expect(plain.layout.buttons.first { $0.role == .accept }?.fill == Color(hex: "#0040DD"))
        #expect(plain.linkMap.increaseContrast == true)
        let branded = try document(style: ##"{ "colors": { "light": { "text": "#333333" }, "lightHighContrast": { "text": "#000000" } } }"##,
                                   name: "contrast-brand")
        #expect(try render(branded).layout.body.blocks[0].block.runs[0].color == Color(hex: "#333333"))
        #expect(try render(branded, increaseContrast: true).layout.body.blocks[0].block.runs[0].color == Color(hex: "#000000"))
    }

    @Test func boldTextMakesEveryWeightHeavier() throws {
        let folder = try document(style: "{}", name: "bold")
        let regular = try render(folder)
        let bold = try render(folder, boldText: true)
        #expect(regular.layout.body.blocks[0].block.runs[0].weight == .regular)
        #expect(bold.layout.body.blocks[0].block.runs[0].weight == .semibold)
        #expect(bold.layout.title.block.runs[0].weight == .bold)
        #expect(bold.linkMap.boldText == true && regular.linkMap.boldText == nil)
        // Debian's Noto Sans has Regular and Bold: the heavier body is set in Bold.
        #expect(renderer.fontFiles(in: bold.layout, fonts: bold.fonts).contains { $0.hasSuffix("NotoSans-Bold.ttf") })
    }

    @Test func buttonRadiusFollowsTheLanguageAsIOSMatchesIt() throws {
        let folder = try document(style: ##"{ "buttons": { "cornerRadius": 8, "cornerRadiusByLanguage": { "en": 22 } } }"##,
                                  name: "radius")
        #expect(try render(folder).layout.buttons.allSatisfy { $0.cornerRadius == 22 })
        #expect(try render(folder, language: "zh-Hans").layout.buttons.allSatisfy { $0.cornerRadius == 8 })
        var request = RenderRequest(folder: folder, profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "en-GB",
                                    orientation: .portrait, appearance: .light)
        request.variant.language = "en-GB"
        #expect(try renderer.render(request).layout.buttons.allSatisfy { $0.cornerRadius == 22 })
    }

    @Test func arrangementAndTitleAlignmentAreTheDesigners() throws {
        let stacked = try render(try document(style: ##"{ "buttons": { "arrangement": "stacked" } }"##, name: "stacked"),
                                 language: "zh-Hans")
        #expect(Set(stacked.layout.buttons.map(\.rect.minX)).count == 1)
        let sideBySide = try render(try document(style: ##"{ "buttons": { "arrangement": "side-by-side" } }"##, name: "side"),
                                    textSize: .accessibility2)
        #expect(Set(sideBySide.layout.buttons.map(\.rect.minY)).count == 1)
        let leading = try render(try document(style: ##"{ "text": { "titleAlignment": "leading" } }"##, name: "leading"))
        #expect(leading.layout.title.block.alignment == .leading)
    }

    @Test func aRegionalKeyIsForThatRegionOnly() throws {
        let folder = try document(style: ##"{ "buttons": { "cornerRadius": 8, "cornerRadiusByLanguage": { "en-GB": 0, "zh-HK": 20 } } }"##,
                                  name: "regional")
        #expect(try render(folder).layout.buttons.allSatisfy { $0.cornerRadius == 8 }, "en is not en-GB")
        #expect(try render(folder, language: "zh-Hant").layout.buttons.allSatisfy { $0.cornerRadius == 8 }, "zh-Hant is not zh-HK")
        #expect(BrandFonts(["en-GB": "Noto Serif"]).family(for: .body, language: "en") == nil)
        #expect(BrandFonts(["en": "Noto Serif"]).family(for: .body, language: "en-GB") == "Noto Serif")
    }

    @Test func lineSpacingTakesTheFontsHheaHeightAsIOSDoes() throws {
        // Lato asks for its OS/2 metrics, whose ascender and descender span 1.0× its size; its
        // hhea metrics, which iOS uses, span 1.2×.
        let page = try render(try document(style: ##"{ "fonts": { "default": "Lato" }, "text": { "bodySize": 15, "lineSpacing": 6 } }"##,
                                           name: "lato-lines", withFonts: true))
        let lines = try renderer.measure(page.layout.body.blocks[0].block, fonts: page.fonts).lines
        #expect(abs(lines[0].height - 18) < 0.01, "\(lines[0])")
        #expect(abs(lines[1].minY - lines[0].minY - 24) < 0.01)
    }

    @Test func familiesThatDifferOnlyInCaseAreRefusedAndWebFontsNoted() throws {
        let url = folder.folder("clash", files: ["en.md": "# T\n\nBody"])
        let fonts = url.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/brand-agreement/fonts/Lato-Regular.ttf"),
                                         to: fonts.appendingPathComponent("Lato-Regular.ttf"))
        try Data("wOF2".utf8).write(to: fonts.appendingPathComponent("Brand.woff2"))
        let opened = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
        #expect(opened.notes.contains { $0.contains("Brand.woff2 is a web or legacy font format") })
        // A renamed copy of Fuzz's Lato subset whose family is spelt in capitals.
        var subset = try Data(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/corpus/font-lato-subset")).dropFirst()
        subset = Data(subset)
        let upper = Self.renamingFamily(in: subset, from: "Lato", to: "LATO")
        try upper.write(to: fonts.appendingPathComponent("Shout.ttf"))
        #expect(try FontFile.families(at: fonts.appendingPathComponent("Shout.ttf").path).contains("LATO"))
        #expect {
            _ = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
        } throws: { "\($0)".contains("differ only in letter case") && "\($0)".contains("'LATO' (Shout.ttf)") }
    }

    /// `font` with every UTF-16 and ASCII spelling of `from` in its name table replaced by `to` (same length).
    static func renamingFamily(in font: Data, from: String, to: String) -> Data {
        precondition(from.count == to.count)
        var bytes = [UInt8](font)
        for pattern in [(Array(from.utf8), Array(to.utf8)),
                        (from.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, to.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })] {
            var index = 0
            while index + pattern.0.count <= bytes.count {
                if Array(bytes[index..<index + pattern.0.count]) == pattern.0 {
                    bytes.replaceSubrange(index..<index + pattern.0.count, with: pattern.1)
                    index += pattern.0.count
                } else {
                    index += 1
                }
            }
        }
        return Data(bytes)
    }

    @Test func brandFamiliesAreLookedUpByRoleThenLanguageThenDefault() {
        let fonts = BrandFonts(["default": "Lato", "zh-Hant": "Noto Serif CJK TC", "title": "Noto Serif"])
        #expect(fonts.family(for: .title, language: "zh-Hant") == "Noto Serif")
        #expect(fonts.family(for: .body, language: "zh-HK") == "Noto Serif CJK TC")
        #expect(fonts.family(for: .button, language: "en") == "Lato")
        #expect(fonts.family(for: .pageBody, language: "en") == nil, "the ATT explainer keeps the system font")
    }

    @Test func aFamilyNoFontProvidesIsAnErrorListingTheDocumentsFamilies() throws {
        let folder = try document(style: ##"{ "fonts": { "title": "Lato Sans" } }"##, name: "missing-family", withFonts: true)
        #expect {
            try render(folder)
        } throws: { error in
            let text = "\(error)"
            return text.contains("style.fonts.title") && text.contains("'Lato Sans'") && text.contains("Did you mean 'Lato'")
                && text.contains("fonts/ folder has: Lato")
        }
    }

    static let badStyles: [(json: String, field: String, fix: String)] = [
        (##"{ "cornerRadus": 4 }"##, "cornerRadus", "Did you mean 'buttons.cornerRadius' or 'card.cornerRadius'?"),
        (##"{ "card": { "cornerRadus": 4 } }"##, "cornerRadus", "Did you mean 'cornerRadius'"),
        (##"{ "text": { "bodySize": 200 } }"##, "style.text.bodySize", "from 6 to 96"),
        (##"{ "text": { "bodySize": "15" } }"##, "style.text.bodySize", "a number"),
        (##"{ "text": { "lineSpacing": -1 } }"##, "style.text.lineSpacing", "from 0 to 40"),
        (##"{ "buttons": { "height": 200 } }"##, "style.buttons.height", "from 20 to 120"),
        (##"{ "buttons": { "height": 40, "cornerRadius": 30 } }"##, "style.buttons.cornerRadius", "half the button height (40 pt)"),
        (##"{ "buttons": { "arrangement": "stackd" } }"##, "style.buttons.arrangement", "did you mean 'stacked'"),
        (##"{ "buttons": { "cornerRadiusByLanguage": { "english": 4 } } }"##, "cornerRadiusByLanguage.english", "language tag"),
        (##"{ "colors": { "light": { "title": "green" } } }"##, "style.colors.light.title", "#RRGGBB"),
        (##"{ "colors": { "sepia": {} } }"##, "sepia", "lightHighContrast"),
        (##"{ "colors": { "light": { "dim": 2 } } }"##, "style.colors.light.dim", "from 0 to 1"),
        (##"{ "fonts": { "titel": "Lato" } }"##, "style.fonts.titel", "did you mean 'title'"),
        (##"{ "text": { "titleAlignment": "left" } }"##, "style.text.titleAlignment", "center, leading, natural"),
        (##"{ "declineOpacity": 0 }"##, "style.declineOpacity", "from 0.1 to 1"),
        (##"{ "colors": { "light": { "card": "ABCDEF" } } }"##, "style.colors.light.card", "start it with #: #ABCDEF"),
        (##"{ "colors": { "light": { "card": "#fff" } } }"##, "style.colors.light.card", "write the six digits, #FFFFFF"),
        (##"{ "text": { "bodySize": null } }"##, "line 1, column 24: field 'style.text.bodySize' is null", "remove the key"),
        (##"{ "text": { "bodySize": true } }"##, "line 1, column 24: field 'style.text.bodySize' is of the wrong type", "a number"),
    ]

    @Test(arguments: badStyles)
    func aBadStyleNamesTheKeyAndTheFix(json: String, field: String, fix: String) {
        var files = testAgreement
        files["document.json"] = ##"{ "style": \##(json) }"##
        let url = folder.folder("bad-\(abs(json.hashValue))", files: files)
        #expect {
            _ = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
        } throws: { error in
            let text = "\(error)"
            return text.contains("document.json") && text.contains(field) && text.contains(fix)
        }
    }

    @Test func aHighContrastSetReplacesOnlyTheRolesItSets() throws {
        let folder = try document(style: ##"{ "colors": { "light": { "card": "#FFF8E1", "accentFill": "#6A1B9A" }, "lightHighContrast": { "title": "#000000" } } }"##,
                                  name: "contrast-merge")
        let page = try render(folder, increaseContrast: true)
        #expect(page.layout.title.block.runs[0].color == Color(hex: "#000000"))
        #expect(page.layout.dialog.fill == Color(hex: "#FFF8E1"))
        #expect(page.layout.buttons.first { $0.role == .accept }?.fill == Color(hex: "#6A1B9A"))
        #expect(page.layout.buttons.first { $0.role == .decline }?.fill == Palette.iOSLightHighContrast.neutralFill)
    }

    @Test func roundedCornersThatCutTheContentFailTheLint() throws {
        let round = try render(try document(style: ##"{ "card": { "cornerRadius": 200 } }"##, name: "oval"))
        let cut = renderer.lint(round, device: "iphone-15-pro").filter { $0.rule == LintRule.truncation }
        #expect(cut.contains { $0.element == "title" && $0.message.contains("rounded corners") })
        #expect(cut.contains { $0.element == "accept button" })
        let normal = try render(try document(style: ##"{ "card": { "cornerRadius": 28 } }"##, name: "round"))
        #expect(!renderer.lint(normal, device: "iphone-15-pro").contains { $0.rule == LintRule.truncation })
    }

    @Test func aLabelBrokenInsideAWordFailsAndMinWidthWidensTheLandscapeColumn() throws {
        let narrow = try render(try document(style: ##"{ "card": { "maxWidth": 320 } }"##, name: "narrow"), orientation: .landscape)
        let broken = renderer.lint(narrow, device: "iphone-15-pro").filter { $0.message.contains("breaks inside a word") }
        #expect(broken.count == 2, "\(broken)")
        let widened = try render(try document(style: ##"{ "card": { "maxWidth": 320 }, "buttons": { "minWidth": 120 } }"##, name: "wide"),
                                 orientation: .landscape)
        #expect(widened.layout.buttons.allSatisfy { $0.rect.width == 120 })
        #expect(!renderer.lint(widened, device: "iphone-15-pro").contains { $0.message.contains("breaks inside a word") })
    }

    @Test func fontFilesAreReadForTheirFamiliesAndABrokenOneIsRefusedWhenTheFolderOpens() throws {
        let lato = repositoryRoot.appendingPathComponent("Samples/brand-agreement/fonts/Lato-Semibold.ttf").path
        #expect(try FontFile.families(at: lato).contains("Lato"))
        let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        #expect(try FontFile.families(at: cjk).contains("Noto Sans CJK SC"), "every face of a collection")
        let url = folder.folder("broken-font", files: ["en.md": "# T\n\nBody"])
        try FileManager.default.createDirectory(at: url.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data("not a font".utf8).write(to: url.appendingPathComponent("fonts/Brand.ttf"))
        #expect {
            _ = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
        } throws: { "\($0)".contains("fonts/Brand.ttf: not a font fontconfig can load") }
        let truncated = try Data(contentsOf: URL(fileURLWithPath: lato)).prefix(4000)
        let cut = folder.url.appendingPathComponent("cut.ttf")
        try truncated.write(to: cut)
        #expect(throws: DocumentError.self) { try FontFile.families(at: cut.path) }
    }

    @Test func aPaleBrandGreyFailsContrast() throws {
        let page = try render(try document(style: ##"{ "colors": { "light": { "text": "#BBBBBB" } } }"##, name: "grey"))
        let findings = renderer.lint(page, device: "iphone-15-pro")
        #expect(findings.contains { $0.rule == LintRule.contrastText && $0.severity == .error && $0.element == "body text" })
    }

    @Test func aSmallDesignedButtonFailsTargetSize() throws {
        let page = try render(try document(style: ##"{ "buttons": { "height": 36 } }"##, name: "small"))
        #expect(page.layout.buttons.allSatisfy { $0.rect.height == 36 })
        #expect(renderer.lint(page, device: "iphone-15-pro").contains { $0.rule == LintRule.targetSize && $0.severity == .error })
    }
}
