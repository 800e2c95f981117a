import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

@Suite struct ImageDiffTests {
    static let white: UInt32 = 0xFFFF_FFFF
    static let black: UInt32 = 0xFF00_0000

    func canvas(_ width: Int = 20, _ height: Int = 20, fill: UInt32 = white, _ paint: (inout [UInt32], Int) -> Void = { _, _ in }) -> Bitmap {
        var pixels = [UInt32](repeating: fill, count: width * height)
        paint(&pixels, width)
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    @Test func identicalBitmapsTakeTheExactPath() {
        let a = canvas { pixels, width in pixels[3 * width + 4] = Self.black }
        let result = diff(expected: a, actual: a)
        #expect(result.isIdentical && result.passes)
        #expect(result.classes.isEmpty)
        #expect(result.summary == "identical")
    }

    @Test func differentSizesFail() {
        let result = diff(expected: canvas(20, 20), actual: canvas(20, 21))
        #expect(!result.passes && !result.sizesMatch)
        #expect(result.summary == "size changed from 20×20 to 20×21")
        #expect(result.diffImage(expected: canvas(20, 20)) == nil)
    }

    @Test func onePixelChangeIsCountedWithItsBoundingBox() {
        let expected = canvas()
        let actual = canvas { pixels, width in pixels[7 * width + 11] = Self.black }
        let result = diff(expected: expected, actual: actual)
        #expect(!result.passes)
        #expect(result.differingPixels == 1)
        #expect(result.boundingBox == PixelRect(x: 11, y: 7, width: 1, height: 1))
        #expect(result.summary.hasPrefix("1 pixel differs (0.250%) in x 11…11, y 7…7"))
        #expect(diff(expected: expected, actual: actual, options: DiffOptions(maxDiffPixels: 1)).passes)
        #expect(diff(expected: expected, actual: actual, options: DiffOptions(maxDiffRatio: 0.01)).passes)
        #expect(!diff(expected: expected, actual: actual, options: DiffOptions(maxDiffRatio: 0.001)).passes)
    }

    @Test func systemBlueTurningDarkModeBlueFailsOnlyThroughDeltaE() {
        let light: UInt32 = 0xFF00_7AFF, dark: UInt32 = 0xFF0A_84FF
        let expected = canvas(fill: light), actual = canvas(fill: dark)
        #expect(ColorDistance.deltaE94(light, dark) > 2)
        let yiqOnly = diff(expected: expected, actual: actual, options: DiffOptions(maximumDeltaE: nil))
        #expect(yiqOnly.passes, "pixelmatch's YIQ threshold alone does not see this change")
        let result = diff(expected: expected, actual: actual)
        #expect(!result.passes)
        #expect(result.differingPixels == 400)
        #expect(result.boundingBox == PixelRect(x: 0, y: 0, width: 20, height: 20))
    }

    @Test func invisibleNoiseBelowBothThresholdsPasses() {
        let expected = canvas(fill: 0xFF80_8080), actual = canvas(fill: 0xFF80_8081)
        let result = diff(expected: expected, actual: actual)
        #expect(result.passes && result.differingPixels == 0)
        #expect(!result.isIdentical && result.changedPixels == 400)
        #expect(result.summary.hasPrefix("no counted difference: 400 pixels changed"))
    }

    /// A black bar on white whose right edge pixels are grey blends.
    func edge(grey: UInt32) -> Bitmap {
        canvas { pixels, width in
            for y in 0..<20 {
                for x in 5..<15 { pixels[y * width + x] = Self.black }
                pixels[y * width + 15] = grey
            }
        }
    }

    @Test func antiAliasedEdgeChangesAreIgnoredOnlyWhenAsked() {
        let expected = edge(grey: 0xFF80_8080), actual = edge(grey: 0xFFC8_C8C8)
        let ignoring = diff(expected: expected, actual: actual)
        #expect(ignoring.passes)
        #expect(ignoring.antiAliasedPixels == 20 && ignoring.differingPixels == 0)
        let strict = diff(expected: expected, actual: actual, options: DiffOptions(ignoresAntiAliasing: false))
        #expect(!strict.passes && strict.differingPixels == 20)
    }

    @Test func onePointShiftOfARenderFails() throws {
        let folder = TemporaryFolder()
        let documents = try DocumentFolder(url: folder.folder("doc", files: testAgreement), appFiles: XcodeAppFiles())
        var request = RenderRequest(
            folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: "en",
            orientation: .portrait, appearance: .light)
        // Only the dialog may move: the status bar would change pixels at the screen's edge.
        request.showsSystemChrome = false
        let page = try ConsentRenderer().render(request)
        let original = page.bitmap
        // 1 pt at @2x is 2 pixels.
        var shifted = [UInt32](repeating: 0, count: original.pixels.count)
        for y in 0..<original.height {
            for x in 0..<original.width {
                shifted[y * original.width + x] = original[max(0, x - 2), y]
            }
        }
        let result = diff(expected: original, actual: Bitmap(width: original.width, height: original.height, pixels: shifted))
        #expect(!result.passes)
        #expect(result.differingPixels > 1000)
        let box = try #require(result.boundingBox)
        #expect(page.layout.dialog.rect.pixelRect(scale: 2).x - 2 <= box.x)
    }

    @Test func diffImageMarksChangesRedAndAntiAliasingYellowOverAFadedCopy() throws {
        let expected = edge(grey: 0xFF80_8080)
        var changed = edge(grey: 0xFFC8_C8C8).pixels
        changed[2 * 20 + 2] = Self.black
        let result = diff(expected: expected, actual: Bitmap(width: 20, height: 20, pixels: changed))
        let image = try #require(result.diffImage(expected: expected))
        #expect(image[2, 2] == 0xFFFF_0000)
        #expect(image[15, 0] == 0xFFFF_C800)
        let fadedBlack = image[6, 6] & 0xFF
        #expect(fadedBlack > 200 && fadedBlack < 255)
        #expect(image[0, 10] == 0xFFFF_FFFF)
    }

    @Test func sideBySideStripHoldsEveryImage() {
        let a = canvas(10, 10, fill: Self.black), b = canvas(20, 5, fill: Self.white)
        let strip = Bitmap.sideBySide([a, b])
        #expect(strip.width == 10 + 20 + 3 * 24 && strip.height == 10 + 2 * 24)
        #expect(strip[24, 24] == Self.black)
        #expect(strip[24 + 10 + 24, 24] == Self.white)
        #expect(strip[0, 0] == 0xFF3A_3A3C)
    }

    @Test func cropKeepsThePixelsInsideAndClampsToTheBitmap() {
        let image = edge(grey: 0xFF80_8080)
        let crop = image.cropped(to: PixelRect(x: 14, y: -5, width: 10, height: 8))
        #expect(crop.width == 6 && crop.height == 3)
        #expect(crop[0, 0] == Self.black && crop[1, 0] == 0xFF80_8080 && crop[2, 2] == Self.white)
    }

    @Test func pngRoundTripsAndGarbageIsAnError() throws {
        let original = edge(grey: 0xFF12_3456)
        for compression in [PNGCompression.standard, .maximum, PNGCompression(level: 1, filters: .none)] {
            #expect(try Bitmap(pngData: original.pngData(compression: compression)) == original)
        }
        let error = #expect(throws: PNGDecodingError.self) { try Bitmap(pngData: Data("not a png".utf8), path: "x.png") }
        #expect(error?.description.hasPrefix("x.png: not a readable PNG image") == true)
    }
}
