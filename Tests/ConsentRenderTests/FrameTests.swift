import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// `--frame`: the screenshot inside a drawn device, on a transparent background.
@Suite struct FrameTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ device: String, orientation: Orientation = .portrait) throws -> (RenderedPage, DeviceProfile) {
        let profile = try shippedProfiles.profile(id: device)
        let page = try renderer.render(RenderRequest(
            folder: try DocumentFolder(url: folder.folder("doc", files: testAgreement), appFiles: XcodeAppFiles()), profile: profile, requestedLanguage: "en",
            orientation: orientation, appearance: .light))
        return (page, profile)
    }

    @Test(arguments: ["iphone-15-pro", "iphone-14", "iphone-se-3", "ipad-pro-13"])
    func theScreenshotSitsUnchangedInsideATransparentFrame(device: String) throws {
        let (page, profile) = try render(device)
        let framed = try renderer.framed(page, profile: profile)
        let image = framed.image
        #expect(image.width > page.bitmap.width + 20 && image.height > page.bitmap.height + 20, "larger than the screen")
        #expect(framed.screen.width == page.bitmap.width && framed.screen.height == page.bitmap.height)
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            #expect(image.alpha(x: x, y: y) == 0, "corner \(x),\(y) is transparent")
        }
        // Away from the display's rounded corners and the cut-out, every pixel is the screenshot's.
        let inset = Int(profile.cornerRadius * page.layout.scale) + 2
        var differing = 0
        for y in stride(from: inset, to: page.bitmap.height - inset, by: 7) {
            for x in stride(from: inset, to: page.bitmap.width - inset, by: 7) {
                let screen = page.bitmap.color(x: x, y: y)
                var framedColor = image.color(x: framed.screen.x + x, y: framed.screen.y + y)
                framedColor.alpha = 1
                if framedColor != screen { differing += 1 }
            }
        }
        let cutoutPixels = profile.cutout.map { Int($0.width * $0.height * page.layout.scale * page.layout.scale / 49) + 40 } ?? 0
        #expect(differing <= cutoutPixels, "\(differing) sampled pixels differ")
        // The bezel around the screen is opaque black.
        let bezel = image.color(x: framed.screen.x + framed.screen.width / 2, y: framed.screen.y + framed.screen.height + 2)
        #expect(bezel.alpha == 1 && bezel.red < 10 && bezel.green < 10 && bezel.blue < 10, "\(bezel)")
        // The PNG keeps the transparency: colour type 6 (RGBA).
        let png = try image.pngData()
        #expect(png[25] == 6)
    }

    @Test func theDynamicIslandIsDrawnAndALandscapeFrameTurnsWithTheDevice() throws {
        let (page, profile) = try render("iphone-15-pro")
        let framed = try renderer.framed(page, profile: profile)
        let island = try #require(profile.cutout).rect
        let scale = page.layout.scale
        let centre = framed.image.color(x: framed.screen.x + Int(island.midX * scale), y: framed.screen.y + Int(island.midY * scale))
        #expect(centre == Color(red: 0, green: 0, blue: 0), "the island is black glass over the screen")

        let (landscape, _) = try render("iphone-15-pro", orientation: .landscape)
        let turned = try renderer.framed(landscape, profile: profile)
        #expect(turned.image.width == framed.image.height && turned.image.height == framed.image.width)
        #expect(turned.screen.width == landscape.bitmap.width)
        // The island is on the left edge, where the landscape render's cut-out is.
        let cutout = try #require(landscape.layout.semantics.cutout)
        let left = turned.image.color(x: turned.screen.x + Int(cutout.midX * scale), y: turned.screen.y + Int(cutout.midY * scale))
        #expect(left == Color(red: 0, green: 0, blue: 0))
        #expect(cutout.minX < 60 && cutout.height > cutout.width, "\(cutout)")
    }

    @Test func rgbaColoursSurviveTheRoundTrip() throws {
        // Half-transparent red: premultiplied 0x80 alpha, 0x80 red.
        let image = RGBAImage(width: 2, height: 1, pixels: [0x8080_0000, 0x0000_0000])
        #expect(image.color(x: 0, y: 0) == Color(red: 255, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(image.alpha(x: 1, y: 0) == 0)
        // The file holds straight alpha: red 255 at alpha 128.
        let png = try image.pngData()
        let decoded = try BackdropCache(budget: 1 << 20).decoded(BackdropImage(png: png, path: "rgba.png"))
        #expect(decoded.words[0] >> 24 == 0x80 && (decoded.words[0] >> 16) & 0xFF == 0x80 && decoded.words[0] & 0xFFFF == 0,
                "\(String(decoded.words[0], radix: 16))")
        #expect(decoded.words[1] == 0)
    }
}
