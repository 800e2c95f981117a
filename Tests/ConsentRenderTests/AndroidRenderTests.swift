import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 37: one document rendered as Android screens: the PNG at the phone's pixel size, Android's
/// status bar and navigation, the Material and Chinese looks, and what Android refuses.
@Suite struct AndroidRenderTests {
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    static let privacy = repositoryRoot.appendingPathComponent("Samples/privacy-agreement")

    /// A two-language document without Chinese (so its Android look is Material's), with
    /// `extra` merged into its document.json.
    static func westernDocument(_ folder: TemporaryFolder, settings: String = "{}") -> URL {
        folder.folder("western", files: [
            "document.json": settings,
            "en.md": "# Privacy Notice\n\nRead our [Privacy Policy](https://example.com/privacy) before you start.\n",
            "ar.md": "# إشعار الخصوصية\n\nاقرأ [سياسة الخصوصية](https://example.com/privacy) قبل أن تبدأ.\n",
        ])
    }

    @Test func aPixelScreenIsItsPixelSizeWithAndroidsChrome() throws {
        let page = try renderFolder(Self.privacy, with: renderer, language: "zh-Hans", device: "pixel-9")
        #expect(page.bitmap.width == 1080 && page.bitmap.height == 2424)
        #expect(page.linkMap.platform.name == "android")
        let bar = try #require(page.linkMap.statusBar)
        #expect(bar.rect.height == 66 && bar.time == "12:00")
        // The gesture handle: 108 × 4 dp, its bottom 10 dp above the screen's.
        let handle = try #require(page.linkMap.homeIndicator)
        #expect(handle.rect.width == 108 && handle.rect.height == 4)
        #expect(abs(handle.rect.y + 4 + 10 - page.linkMap.size.height) < 0.01)
        #expect(page.linkMap.navigationBar == nil)
        // The clock is Roboto's, 60 % black over the light, dimmed app.
        let clock = try #require(page.layout.items.first { $0.id == "status-bar-time" })
        guard case let .text(text) = clock.drawable else { Issue.record("the clock is text"); return }
        #expect(text.block.runs.allSatisfy { $0.family == "Roboto" })
        #expect(text.block.runs.first?.color == AndroidChrome.Figures.darkGlyph)
    }

    @Test func aThreeButtonPhoneHasItsBarAtTheBottomAndOnTheRightInLandscape() throws {
        let portrait = try renderFolder(Self.privacy, with: renderer, language: "en", device: "galaxy-s24")
        let bar = try #require(portrait.linkMap.navigationBar)
        #expect(bar.rect.height == 48 && bar.rect.y == 780 - 48)
        #expect(portrait.linkMap.homeIndicator == nil)
        for key in ["nav-back", "nav-home", "nav-recents"] {
            #expect(portrait.layout.items.contains { $0.id == key }, "\(key) is drawn")
        }
        let landscape = try renderFolder(Self.privacy, with: renderer, language: "en", device: "galaxy-s24", orientation: .landscape)
        let side = try #require(landscape.linkMap.navigationBar)
        #expect(side.rect.width == 48 && side.rect.x == 780 - 48)
        // The letterbox on the punch hole's side is black.
        #expect(landscape.layout.items.contains { $0.id == "letterbox" })
        #expect(landscape.bitmap.color(x: 10, y: 500) == Color(rgb: 0x000000))
    }

    @Test func darkScreensGetLightGlyphs() throws {
        let page = try renderFolder(Self.privacy, with: renderer, language: "en", device: "pixel-9", appearance: .dark)
        let clock = try #require(page.layout.items.first { $0.id == "status-bar-time" })
        guard case let .text(text) = clock.drawable else { Issue.record("the clock is text"); return }
        #expect(text.block.runs.first?.color == AndroidChrome.Figures.lightGlyph)
    }

    @Test func theMaterialLookPutsLabelSizedTextButtonsAtTheTrailingEdge() throws {
        let folder = TemporaryFolder()
        let document = Self.westernDocument(folder)
        let page = try renderFolder(document, with: renderer, language: "en", device: "pixel-9")
        let accept = try #require(page.linkMap.buttons.first { $0.role == .accept })
        let decline = try #require(page.linkMap.buttons.first { $0.role == .decline })
        // One row: decline then accept, each as wide as its words, ending 24 dp inside the card.
        #expect(accept.rect.y == decline.rect.y)
        #expect(decline.rect.x + decline.rect.width < accept.rect.x)
        #expect(accept.rect.width != decline.rect.width || accept.label.count == decline.label.count)
        #expect(abs(accept.rect.x + accept.rect.width - (page.linkMap.dialog.x + page.linkMap.dialog.width - 24)) < 0.5)
        #expect(accept.rect.height == 48, "the rectangle is the 48 dp touch target")
        // The title at the leading edge, in onSurface; the card surfaceContainerHigh with 28 dp corners.
        let title = try #require(page.layout.items.first { $0.id == page.layout.semantics.titleID.id })
        guard case let .text(text) = title.drawable else { Issue.record("the title is text"); return }
        #expect(abs(text.origin.x - (page.linkMap.dialog.x + 24)) < 0.5)
        #expect(text.block.runs.first?.color == Color(rgb: 0x1D1B20))
        #expect(text.block.runs.first?.fontSize == 24)
        let card = try #require(page.layout.items.first { $0.id == page.layout.semantics.surfaceID.id })
        guard case let .shape(.fill(rect, radius, color)) = card.drawable else { Issue.record("the card is a fill"); return }
        #expect(radius == 28 && color == Color(rgb: 0xECE6F0))
        #expect(abs(rect.width - (411.429 - 48)) < 0.01, "24 dp from each side")
        // Right to left: the row mirrors, ending at the card's left.
        let arabic = try renderFolder(document, with: renderer, language: "ar", device: "pixel-9")
        let arabicAccept = try #require(arabic.linkMap.buttons.first { $0.role == .accept })
        let arabicDecline = try #require(arabic.linkMap.buttons.first { $0.role == .decline })
        #expect(arabicAccept.rect.x < arabicDecline.rect.x)
        #expect(abs(arabicAccept.rect.x - (arabic.linkMap.dialog.x + 24)) < 0.5)
    }

    @Test func labelsTooWideForOneRowTakeARowEachWithThePrimaryOnTop() throws {
        let folder = TemporaryFolder()
        let document = Self.westernDocument(folder, settings: """
            { "strings": { "accept": { "en": "Accept every purpose and continue to the app" },
                           "decline": { "en": "Decline all purposes except the necessary ones" } } }
            """)
        let page = try renderFolder(document, with: renderer, language: "en", device: "pixel-9")
        let accept = try #require(page.linkMap.buttons.first { $0.role == .accept })
        let decline = try #require(page.linkMap.buttons.first { $0.role == .decline })
        #expect(accept.rect.y + accept.rect.height <= decline.rect.y)
        #expect(abs((accept.rect.x + accept.rect.width) - (decline.rect.x + decline.rect.width)) < 0.5, "both end at the trailing edge")
    }

    @Test func aChineseDocumentTakesThePopupLookUnlessItAsks() throws {
        let page = try renderFolder(Self.privacy, with: renderer, language: "en", device: "pixel-9")
        let accept = try #require(page.linkMap.buttons.first { $0.role == .accept })
        let decline = try #require(page.linkMap.buttons.first { $0.role == .decline })
        // Two equal buttons (side by side or stacked), 80 % of the phone's width.
        #expect(accept.rect.width == decline.rect.width && accept.rect.height == 48)
        #expect(abs(page.linkMap.dialog.width - (411.429 * 0.8)) < 1)
        let folder = TemporaryFolder()
        let asked = folder.folder("asked", files: [
            "document.json": #"{ "style": { "androidLook": "material" } }"#,
            "zh-Hans.md": "# 隐私提示\n\n请阅读[《隐私政策》](https://example.com/privacy)。\n",
        ])
        let material = try renderFolder(asked, with: renderer, language: "zh-Hans", device: "pixel-9")
        #expect(material.linkMap.dialog.width == 411.429 - 48 || abs(material.linkMap.dialog.width - (411.429 - 48)) < 1)
        let western = Self.westernDocument(folder, settings: #"{ "style": { "androidLook": "china" } }"#)
        let china = try renderFolder(western, with: renderer, language: "en", device: "pixel-9")
        let chinaAccept = try #require(china.linkMap.buttons.first { $0.role == .accept })
        let chinaDecline = try #require(china.linkMap.buttons.first { $0.role == .decline })
        #expect(chinaAccept.rect.width == chinaDecline.rect.width)
        // The look is the Android platform's: the same document on an iPhone keeps iOS's.
        let iphone = try renderFolder(western, with: renderer, language: "en", device: "iphone-15-pro")
        #expect(iphone.linkMap.platform.name == "ios")
    }

    @Test func aMisspeltLookIsRefusedWithTheChoices() throws {
        let folder = TemporaryFolder()
        let document = Self.westernDocument(folder, settings: #"{ "style": { "androidLook": "chinese" } }"#)
        #expect {
            _ = try renderFolder(document, with: renderer, language: "en", device: "pixel-9")
        } throws: { error in
            let text = "\(error)"
            return text.contains("document.json") && text.contains("androidLook") && text.contains("did you mean 'china'")
        }
    }

    @Test func iOSOnlyScreensAndSettingsAreRefusedOnAndroid() throws {
        let folder = TemporaryFolder()
        let document = Self.westernDocument(folder)
        let profile = try shippedProfiles.profile(id: "pixel-9")
        func refusal(_ variant: (inout RenderVariant) -> Void, document url: URL = document) -> String {
            do {
                var request = RenderRequest(folder: try DocumentFolder(url: url, appFiles: XcodeAppFiles()), profile: profile,
                                            requestedLanguage: "en", orientation: .portrait, appearance: .light)
                variant(&request.variant)
                _ = try renderer.render(request)
                return "rendered"
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal { $0.textSize = .accessibility3 }.contains("Dynamic Type"))
        #expect(refusal { $0.boldText = true }.contains("--bold-text"))
        #expect(refusal { $0.increaseContrast = true }.contains("--increase-contrast"))
        #expect(refusal { $0.systemLook = .ios18 }.contains("Android 14"))
        #expect(refusal { $0.screen = .prompt(.att) }.contains("App Tracking Transparency is iOS's"))
        #expect(refusal { $0.screen = .prompt(.siri) }.contains("an iOS permission Android does not have"))
        let att = repositoryRoot.appendingPathComponent("Samples/att-explainer")
        #expect(refusal({ _ in }, document: att).contains("App Tracking Transparency"))
    }

    @Test func theCommandLineRendersAndListsAndroidDevices() throws {
        let folder = TemporaryFolder()
        let out = folder.url.appendingPathComponent("p.png")
        let run = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "xiaomi-15", "--language", "zh-Hans",
                                    "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let header = try #require(pngHeader(try Data(contentsOf: out)))
        #expect(header.width == 1200 && header.height == 2670)
        let list = try runRenderCLI(["profiles"])
        #expect(list.status == 0)
        let pixel10 = try #require(list.stdout.split(separator: "\n").first { $0.hasPrefix("pixel-10 ") })
        #expect(pixel10.contains("android") && pixel10.contains("411.429×923.429 dp") && pixel10.contains("guess: density"))
        let refused = try runRenderCLI(["render", "--document", "Samples/att-explainer", "--device", "pixel-9", "--language", "en",
                                        "--out", folder.url.appendingPathComponent("att.png").path])
        #expect(refused.status == 2 && refused.stderr.contains("App Tracking Transparency"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("att.png").path))
    }
}
