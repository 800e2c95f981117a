import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

@Suite struct LaunchConsentTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer
    let sample = repositoryRoot.appendingPathComponent("Samples/launch-consent")

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ documents: URL, _ language: String, device: String = "iphone-15-pro", _ orientation: Orientation = .portrait,
                state: ScreenState = .initial) throws -> RenderedPage {
        try renderer.render(RenderRequest(
            folder: try DocumentFolder(url: documents, appFiles: XcodeAppFiles()), profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
            orientation: orientation, appearance: .light, state: state))
    }

    @Test func dialogSitsUndimmedOnTheLaunchScreenWithADeclineThatSaysExit() throws {
        let page = try render(sample, "zh-Hans")
        #expect(page.linkMap.template == "launch-consent" && page.linkMap.state == nil)
        #expect(page.linkMap.buttons.first { $0.role == .decline }?.label == "不同意并退出")
        // The launch screen's colour shows as it is: no dimming.
        #expect(page.bitmap.color(x: 3, y: 3) == Color(hex: "#0E6BA8"))
        guard case let .image(logoImage)? = page.layout.item("launch-logo")?.drawable else {
            Issue.record("no logo")
            return
        }
        let logo = logoImage.rect.pixelRect(scale: 3)
        let tile = page.bitmap.color(x: logo.x + logo.width / 2 - 40, y: logo.y + logo.height - 30)
        #expect(tile.red > 230 && tile.green > 230 && tile.blue > 230, "the logo's white tile is drawn")
        #expect(page.layout.text("launch-app-name")?.block.text == "云帆出行")
        #expect(page.layout.layers.map(\.kind) == [.backdrop, .appChrome, .content, .systemChrome],
                "no scrim over a launch screen; the status bar above it")
        #expect(page.layout.dialog.rect.intersection(logo.pointsRect(scale: 3)) == nil, "the brand is not under the dialog")
        let english = try render(sample, "en")
        #expect(english.linkMap.buttons.first { $0.role == .decline }?.label == "Disagree and exit")
    }

    @Test func declineConfirmationHasItsOwnTwoButtons() throws {
        for (language, review, exit) in [("zh-Hans", "查看协议", "仍不同意并退出"), ("zh-Hant", "查看條款", "仍不同意並退出"),
                                         ("en", "Read again", "Exit app")] {
            let page = try render(sample, language, state: .declineConfirm)
            #expect(page.linkMap.state == "decline-confirm")
            #expect(page.linkMap.buttons.map(\.role).sorted { $0.rawValue < $1.rawValue } == [.exit, .review])
            #expect(Set(page.linkMap.buttons.map(\.label)) == [review, exit])
            #expect(page.linkMap.links.isEmpty)
            #expect(renderer.lint(page, device: "iphone-15-pro").filter { $0.severity == .error }.isEmpty)
        }
    }

    @Test func phonesInLandscapeLeaveTheBrandOutRatherThanUnderTheDialog() throws {
        let page = try render(sample, "en", .landscape)
        #expect(page.layout.item("launch-logo") == nil && page.layout.item("launch-app-name") == nil)
        let pad = try render(sample, "en", device: "ipad-pro-13", .landscape)
        #expect(pad.layout.item("launch-logo") != nil)
    }

    @Test func declineThatDoesNotSayWhatHappensWarns() throws {
        var files = ["en.md": "# Hi\n\nRead our [privacy policy](https://example.com/p)."]
        files["document.json"] = #"{ "template": "launch-consent", "strings": { "declineAndExit": { "en": "Not now" } } }"#
        let page = try render(folder.folder("vague", files: files), "en")
        let warning = renderer.lint(page, device: "iphone-15-pro").filter { $0.rule == "launch.decline-explains-outcome" }
        #expect(warning.count == 1 && warning[0].severity == .warning && warning[0].message.contains("'Not now' does not say"))
        #expect(renderer.lint(try render(sample, "en"), device: "iphone-15-pro").allSatisfy { $0.rule != "launch.decline-explains-outcome" })
    }

    @Test func badLaunchSettingsAreErrorsNamingTheField() throws {
        let badColour = folder.folder("bad-colour", files: ["en.md": "# T\n\nB",
            "document.json": #"{ "template": "launch-consent", "launch": { "background": "blue" } }"#])
        #expect(throws: DocumentError.self) { try DocumentFolder(url: badColour, appFiles: XcodeAppFiles()) }
        let missingLogo = folder.folder("no-logo", files: ["en.md": "# T\n\nB",
            "document.json": #"{ "template": "launch-consent", "launch": { "logo": "missing.png" } }"#])
        let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: missingLogo, appFiles: XcodeAppFiles()) }
        #expect(error?.description.contains("field 'launch.logo'") == true)
        let agreement = try DocumentFolder(url: folder.folder("agreement", files: testAgreement), appFiles: XcodeAppFiles())
        let stateError = #expect(throws: TemplateError.self) {
            try renderer.render(RenderRequest(folder: agreement, profile: try shippedProfiles.profile(id: "iphone-se-3"),
                                              requestedLanguage: "en", orientation: .portrait, appearance: .light,
                                              state: .declineConfirm))
        }
        #expect(stateError?.description == "The agreement-dialog template has no state 'decline-confirm'. Its states are: initial, preferences.")
    }
}

private extension PixelRect {
    func pointsRect(scale: Double) -> Rect {
        Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale, height: Double(height) / scale)
    }
}
