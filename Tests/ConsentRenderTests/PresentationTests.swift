import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 35, point 2: `"presentation": "sheet"` and `"banner"` for a consent dialog.
@Suite struct PresentationTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer
    let sheet = repositoryRoot.appendingPathComponent("Samples/gdpr-sheet")
    let banner = repositoryRoot.appendingPathComponent("Samples/cookie-banner")

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ documents: URL, _ language: String = "en", device: String = "iphone-15-pro", _ orientation: Orientation = .portrait,
                appearance: Appearance = .light) throws -> RenderedPage {
        try renderFolder(documents, with: renderer, language: language, device: device, orientation: orientation, appearance: appearance,
                         state: .initial)
    }

    /// The surface the card draws, and the scrim's colour if there is one.
    func surface(_ page: RenderedPage) -> Rect { page.layout.dialog.rect }
    func scrim(_ page: RenderedPage) -> Color? {
        if case let .shape(.fill(_, _, color))? = page.layout.item("scrim")?.drawable { return color }
        return nil
    }

    @Test func aSheetFloatsEightPointsFromTheEdgesWithItsGrabber() throws {
        for language in ["en", "zh-Hans", "de", "fr"] {
            let page = try render(sheet, language)
            let screen = page.layout.screenRect
            let card = surface(page)
            #expect(card.minX == 8 && card.maxX == screen.maxX - 8 && abs(card.maxY - (screen.maxY - 8)) < 0.34, "\(language): \(card)")
            #expect(card.minY > page.layout.safeRect.minY + 10, "\(language): below the large detent's top")
            guard case let .shape(.fill(grabber, radius, color))? = page.layout.item("grabber")?.drawable else {
                Issue.record("\(language): no grabber")
                continue
            }
            #expect(grabber.width == 36 && grabber.height == 5 && radius == 2.5 && grabber.minY == card.minY + 5)
            #expect(abs(grabber.midX - card.midX) < 0.34)
            #expect(color == Color(red: 197, green: 197, blue: 200))
            // The grabber is drawn: a grey pixel in its middle.
            let pixel = page.bitmap.color(x: Int(grabber.midX * 3), y: Int(grabber.midY * 3))
            #expect(pixel.red > 180 && pixel.red < 215, "\(pixel)")
            #expect(scrim(page)?.alpha == 0.2)
            // Its buttons inside the safe area, over the home indicator's band.
            for button in page.linkMap.buttons {
                #expect(button.rect.maxY <= page.layout.safeRect.maxY, "\(language) \(button.role)")
            }
            #expect(renderer.lint(page, device: "iphone-15-pro").filter { $0.severity == .error }.isEmpty, "\(language)")
        }
        let dark = try render(sheet, appearance: .dark)
        #expect(scrim(dark)?.alpha == 0.48)
        #expect(dark.layout.item("grabber").flatMap { if case let .shape(.fill(_, _, color)) = $0.drawable { color } else { nil } }
                == Color(red: 98, green: 98, blue: 103))
    }

    @Test func aBodyThatWouldScrollTakesTheLargeDetent() throws {
        var files: [String: String] = ["document.json": #"{ "presentation": "sheet" }"#]
        files["en.md"] = "# Policy\n\n" + (1...40).map { "Paragraph \($0) says what we do with your data and why." }.joined(separator: "\n\n")
            + "\n\nSee the [privacy policy](https://yunfan.cn/privacy).\n"
        let page = try render(folder.folder("long", files: files))
        let card = surface(page)
        #expect(card.minX == 0 && card.width == page.layout.screen.width)
        #expect(card.minY == page.layout.safeRect.minY, "the large detent's top is the safe area's")
        #expect(card.maxY > page.layout.screen.height, "attached: its bottom corners run off the screen")
        #expect(page.layout.semantics.body.isScrollable)
        #expect(page.layout.item("grabber") != nil)
    }

    @Test func aPhoneInLandscapeShowsTheSheetFullScreenWithoutAGrabber() throws {
        let page = try render(sheet, "zh-Hans", .landscape)
        let card = surface(page)
        #expect(card == page.layout.screenRect)
        #expect(page.layout.item("grabber") == nil && scrim(page) == nil)
        let safe = page.layout.safeRect
        let buttons = page.linkMap.buttons.map(\.rect)
        #expect(buttons.allSatisfy { safe.minX <= $0.minX && $0.maxX <= safe.maxX && $0.maxY <= safe.maxY })
        // The buttons are pinned to the bottom of the safe area, beside the body.
        let lowest = try #require(buttons.map(\.maxY).max())
        #expect(safe.maxY - lowest <= 20.5, "\(lowest) vs \(safe.maxY)")
        #expect(renderer.lint(page, device: "iphone-15-pro").filter { $0.severity == .error }.isEmpty)
    }

    @Test func anIPadShowsACentredFormSheet() throws {
        let page = try render(sheet, "fr", device: "ipad-pro-11")
        let card = surface(page)
        #expect(card.width == 540 && abs(card.midX - page.layout.screen.width / 2) < 0.5)
        #expect(page.layout.item("grabber") != nil)
    }

    @Test func aBannerIsPinnedToTheBottomOverTheUndimmedApp() throws {
        for (language, orientation) in [("en", Orientation.portrait), ("zh-Hans", .portrait), ("de", .landscape), ("fr", .landscape)] {
            let page = try render(banner, language, orientation)
            let card = surface(page)
            let screen = page.layout.screenRect
            #expect(card.minX == 0 && card.maxX == screen.maxX && card.maxY > screen.maxY, "\(language): edge to edge, attached")
            #expect(scrim(page) == nil && page.layout.layers.allSatisfy { $0.kind != .scrim }, "\(language): the app stays undimmed")
            #expect(page.layout.item("grabber") == nil)
            #expect(card.minY >= screen.height / 2 - 1, "\(language): at most half the screen")
            #expect(renderer.lint(page, device: "iphone-15-pro").filter { $0.severity == .error }.isEmpty, "\(language)")
        }
        // A long text scrolls inside the banner, the buttons pinned under it.
        var files: [String: String] = ["document.json": #"{ "presentation": "banner" }"#]
        files["en.md"] = "# Cookies\n\n" + (1...20).map { "Sentence \($0) about analytics cookies." }.joined(separator: " ")
            + " [Privacy policy](https://yunfan.cn/p).\n"
        let long = try render(folder.folder("long-banner", files: files))
        #expect(long.layout.semantics.body.isScrollable)
        #expect(surface(long).minY >= long.layout.screen.height / 2 - 1)
        let viewport = long.layout.semantics.body.viewport
        #expect(long.linkMap.buttons.allSatisfy { $0.rect.minY >= viewport.maxY })
    }

    @Test func theCardStaysTheDefaultAndAppliesToLaunchConsent() throws {
        let card = try render(folder.folder("card", files: ["en.md": "# T\n\nRead the [privacy policy](https://yunfan.cn/p).",
                                                            "document.json": #"{ "presentation": "card" }"#]))
        let plain = try render(folder.folder("plain", files: ["en.md": "# T\n\nRead the [privacy policy](https://yunfan.cn/p)."]))
        #expect(card.bitmap == plain.bitmap && card.layout == plain.layout)
        let launch = try render(folder.folder("launch", files: [
            "en.md": "# T\n\nRead the [privacy policy](https://yunfan.cn/p).",
            "document.json": #"{ "template": "launch-consent", "presentation": "sheet" }"#]))
        #expect(launch.layout.item("grabber") != nil && surface(launch).minX == 8)
    }

    @Test func aPresentationItCannotHaveIsAnErrorNamingTheFix() throws {
        func error(_ settings: String) -> String {
            let url = folder.folder("bad-\(abs(settings.hashValue))", files: ["en.md": "# T\n\nB", "document.json": settings])
            do {
                _ = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(error(#"{ "presentation": "sheets" }"#).contains("did you mean sheet"))
        #expect(error(#"{ "presentation": "bottom" }"#).contains("use card or sheet or banner"))
        for template in ["att-explainer", "login-consent"] {
            let message = error(#"{ "template": "\#(template)", "presentation": "sheet" }"#)
            #expect(message.contains("draws a full screen") && message.contains("remove it"), "\(message)")
        }
    }
}
