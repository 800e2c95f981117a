// The library as a team's own tests use it: `import ConsentRender`, no @testable, the built-in
// device profiles. README's "Use it as a library" shows the lines between the markers, and
// ReadmeExampleTests checks that it does, word for word.
import ConsentRender
import XcodeFiles
import Foundation
import Testing

let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Test func aTeamRendersAndGoldenChecksItsConsentScreen() throws {
    let document = checkout.appendingPathComponent("Samples/privacy-agreement")
    let golden = checkout.appendingPathComponent("Golden")
    // example: begin
    let renderer = try ConsentRenderer()
    let folder = try DocumentFolder(url: document, appFiles: XcodeAppFiles())
    let request = RenderRequest(content: folder.content, profile: try DeviceProfile.named("iphone-15-pro"),
                                variant: RenderVariant(device: "iphone-15-pro", language: "en"))
    let page = try renderer.render(request)
    try page.bitmap.pngData().write(to: FileManager.default.temporaryDirectory.appendingPathComponent("consent-en.png"))
    #expect(renderer.lint(page, device: "iphone-15-pro").allSatisfy { $0.severity != .error })
    try assertConsentGolden(document: document, axes: VariantAxes(devices: ["iphone-15-pro"], languages: ["en", "zh-Hans"]),
                            golden: golden, appFiles: XcodeAppFiles())
    // example: end
    #expect(page.bitmap.width == 1179 && page.bitmap.height == 2556)
}
