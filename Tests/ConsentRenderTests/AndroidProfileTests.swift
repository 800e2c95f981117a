import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// The Android rows of the device table (reference android-metrics.md §8, android-metrics-2.md §3),
/// typed in by hand from the sources and checked against the files: pixels, density, portrait and
/// landscape status bar in dp, navigation, and the grade of the density.
struct ExpectedAndroidProfile: CustomStringConvertible, Sendable {
    let id: String
    let pixels: (Int, Int)
    let density: Double
    let statusBar: (Double, Double)
    let navigation: NavigationMode
    let densityGrade: FigureGrade
    var description: String { id }
}

let expectedAndroidProfiles: [ExpectedAndroidProfile] = [
    .init(id: "pixel-8", pixels: (1080, 2400), density: 420, statusBar: (132 / 2.625, 28), navigation: .gesture, densityGrade: .firm),
    .init(id: "pixel-8-pro", pixels: (1344, 2992), density: 480, statusBar: (151 / 3.0, 28), navigation: .gesture, densityGrade: .firm),
    .init(id: "pixel-9", pixels: (1080, 2424), density: 420, statusBar: (66, 24), navigation: .gesture, densityGrade: .firm),
    .init(id: "pixel-9-pro", pixels: (1280, 2856), density: 480, statusBar: (68, 24), navigation: .gesture, densityGrade: .firm),
    .init(id: "pixel-9-pro-xl", pixels: (1344, 2992), density: 480, statusBar: (66, 24), navigation: .gesture, densityGrade: .firm),
    .init(id: "pixel-10", pixels: (1080, 2424), density: 420, statusBar: (66, 24), navigation: .gesture, densityGrade: .guess),
    .init(id: "pixel-10-pro", pixels: (1280, 2856), density: 480, statusBar: (68, 24), navigation: .gesture, densityGrade: .likely),
    .init(id: "pixel-10-pro-xl", pixels: (1344, 2992), density: 480, statusBar: (66, 24), navigation: .gesture, densityGrade: .likely),
    .init(id: "galaxy-s24", pixels: (1080, 2340), density: 480, statusBar: (30.333, 24), navigation: .threeButton, densityGrade: .likely),
    .init(id: "galaxy-s25", pixels: (1080, 2340), density: 480, statusBar: (30.333, 24), navigation: .threeButton, densityGrade: .likely),
    .init(id: "galaxy-a55", pixels: (1080, 2340), density: 360, statusBar: (30, 24), navigation: .threeButton, densityGrade: .firm),
    .init(id: "galaxy-z-flip-7", pixels: (1080, 2520), density: 480, statusBar: (30.333, 24), navigation: .threeButton, densityGrade: .firm),
    .init(id: "galaxy-z-fold-7", pixels: (1968, 2184), density: 320, statusBar: (30, 24), navigation: .threeButton, densityGrade: .firm),
    .init(id: "xiaomi-14", pixels: (1200, 2670), density: 480, statusBar: (49, 24), navigation: .gesture, densityGrade: .firm),
    .init(id: "xiaomi-15", pixels: (1200, 2670), density: 520, statusBar: (140 / 3.25, 24), navigation: .gesture, densityGrade: .firm),
    .init(id: "redmi-note-13-pro-plus", pixels: (1220, 2712), density: 480, statusBar: (104 / 3.0, 24), navigation: .gesture,
          densityGrade: .guess),
]

@Suite struct AndroidProfileTests {
    @Test(arguments: expectedAndroidProfiles)
    func profileMatchesTheTable(_ expected: ExpectedAndroidProfile) throws {
        let profile = try shippedProfiles.profile(id: expected.id)
        let android = try #require(profile.android)
        #expect(profile.platformName == "android")
        #expect(android.pixels == PixelSize(width: expected.pixels.0, height: expected.pixels.1))
        #expect(android.density == expected.density)
        // dp = px × 160 / dpi, and the PNG is exactly the pixel size in both orientations.
        #expect(abs(profile.points.width - Double(expected.pixels.0) * 160 / expected.density) < 1e-9)
        #expect(profile.scale == expected.density / 160)
        #expect(profile.pixelSize(in: .portrait) == (expected.pixels.0, expected.pixels.1))
        #expect(profile.pixelSize(in: .landscape) == (expected.pixels.1, expected.pixels.0))
        #expect(abs((profile.statusBar?.height ?? 0) - expected.statusBar.0) < 0.001)
        #expect(android.statusBarLandscape == expected.statusBar.1)
        #expect(android.navigation == expected.navigation)
        #expect(android.sources["density"]?.grade == expected.densityGrade)
        // Every figure has a source.
        for figure in AndroidDisplay.figures {
            let source = try #require(android.sources[figure], "\(expected.id) has no source for \(figure)")
            #expect(source.source.count > 20)
        }
        // The punch hole sits in the middle of the top edge, inside the status bar.
        if let cutout = profile.cutout {
            // (A Pixel's hole sits up to half a pixel off the middle: 539.5 of 1080.)
            #expect(abs(cutout.rect.midX - profile.points.width / 2) < 0.25)
            #expect(cutout.rect.maxY <= expected.statusBar.0 + 0.01)
        }
    }

    @Test func everyAndroidProfileIsInTheTable() throws {
        let android = try shippedProfiles.allProfiles().filter { $0.android != nil }.map(\.id).sorted()
        #expect(android == expectedAndroidProfiles.map(\.id).sorted())
    }

    @Test func insetsComeFromTheBarsAndTheCutout() throws {
        let pixel = try shippedProfiles.profile(id: "pixel-9")
        #expect(pixel.safeArea.portrait == EdgeInsets(top: 66, left: 0, bottom: 24, right: 0))
        // Landscape: the 24 dp bar, the letterbox as deep as the portrait bar, the gesture inset.
        #expect(pixel.safeArea.landscape == EdgeInsets(top: 24, left: 66, bottom: 24, right: 0))
        let samsung = try shippedProfiles.profile(id: "galaxy-s24")
        #expect(samsung.safeArea.portrait.bottom == 48)
        #expect(samsung.safeArea.landscape.right == 48)
        #expect(samsung.safeArea.landscape.bottom == 0)
        #expect(!pixel.hasDynamicIsland, "a punch hole is not a Dynamic Island")
    }

    private func decode(_ json: String) throws -> DeviceProfile {
        try DeviceProfile.decode(Data(json.utf8), source: "phone.json")
    }

    private let valid = """
    { "id": "phone", "name": "Phone", "platform": "android", "idiom": "phone", "pixels": { "width": 1080, "height": 2400 },
      "density": 420, "statusBar": { "height": 40, "landscapeHeight": 24 }, "navigation": "gesture", "cornerRadius": 20 }
    """

    @Test func aMinimalProfileDecodes() throws {
        let profile = try decode(valid)
        #expect(profile.pixelSize(in: .portrait) == (1080, 2400))
        #expect(profile.cutout == nil)
        #expect(profile.android?.statusBarContentPadding == 0)
        #expect(profile.android?.doubtfulFigures.map(\.figure) == AndroidDisplay.figures, "no sources: every figure unsourced")
    }

    @Test func badAndroidProfilesNameTheFieldAndTheFix() throws {
        func message(_ json: String) -> String {
            do {
                _ = try decode(json)
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        let ios = message(valid.replacingOccurrences(of: "\"density\": 420", with: "\"density\": 420, \"points\": { \"width\": 1, \"height\": 1 }"))
        #expect(ios.contains("phone.json") && ios.contains("'points'") && ios.contains("\"pixels\""))
        let navigation = message(valid.replacingOccurrences(of: "\"gesture\"", with: "\"gestures\""))
        #expect(navigation.contains("navigation") && navigation.contains("did you mean 'gesture'"))
        let density = message(valid.replacingOccurrences(of: "420", with: "4200"))
        #expect(density.contains("'density'") && density.contains("120 and 800"))
        let hole = message(valid.replacingOccurrences(of: "\"cornerRadius\": 20", with: "\"cornerRadius\": 20, \"cutout\": { \"x\": 500, \"y\": 10, \"radius\": 8 }"))
        #expect(hole.contains("'cutout'") && hole.contains("outside the screen"))
        let source = message(valid.replacingOccurrences(of: "\"cornerRadius\": 20", with: "\"cornerRadius\": 20, \"sources\": { \"densty\": { \"grade\": \"firm\", \"source\": \"a tree\" } }"))
        #expect(source.contains("sources.densty") && source.contains("did you mean 'density'"))
        let grade = message(valid.replacingOccurrences(of: "\"cornerRadius\": 20", with: "\"cornerRadius\": 20, \"sources\": { \"density\": { \"grade\": \"sure\", \"source\": \"a tree\" } }"))
        #expect(grade.contains("firm, likely, guess"))
        let padding = message(valid.replacingOccurrences(of: "\"landscapeHeight\": 24", with: "\"landscapeHeight\": 24, \"contentPadding\": -3"))
        #expect(padding.contains("statusBar.contentPadding"))
        let missing = message(valid.replacingOccurrences(of: "\"pixels\": { \"width\": 1080, \"height\": 2400 },", with: ""))
        #expect(missing.contains("'pixels'") && missing.contains("missing"))
        let unknown = message(valid.replacingOccurrences(of: "\"navigation\"", with: "\"navigaton\""))
        #expect(unknown.contains("navigaton") && unknown.contains("line"))
        // An iOS profile cannot borrow Android's status bar kind.
        let iosProfile = try String(contentsOf: repositoryRoot.appendingPathComponent("DeviceProfiles/iphone-15-pro.json"), encoding: .utf8)
        let borrowed = message(iosProfile.replacingOccurrences(of: "\"kind\": \"island\"", with: "\"kind\": \"android\""))
        #expect(borrowed.contains("statusBar.kind") && borrowed.contains("\"platform\": \"android\""))
    }
}
