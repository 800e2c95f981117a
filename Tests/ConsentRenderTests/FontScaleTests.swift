import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 37, point 4: Android's font scale as the text size of Android screens.
@Suite struct FontScaleTests {
    @Test func theTablesGiveTheirOwnPoints() {
        // Reference android-metrics.md §4, newer table set: 14 sp at 1.3 is 18.8 dp, 24 sp at 2.0 is 36.
        #expect(abs(FontScaleConverter.dp(forSp: 14, scale: 1.3) - 18.8) < 1e-9)
        #expect(abs(FontScaleConverter.dp(forSp: 24, scale: 2.0) - 36) < 1e-9)
        #expect(abs(FontScaleConverter.dp(forSp: 8, scale: 1.05) - 8.4) < 1e-9)
        #expect(abs(FontScaleConverter.dp(forSp: 100, scale: 1.8) - 100) < 1e-9, "100 sp is not scaled")
    }

    @Test func betweenPointsAndTablesItInterpolates() {
        // 16 sp at 1.3: halfway from 14 (18.8) to 18 (21.6).
        #expect(abs(FontScaleConverter.dp(forSp: 16, scale: 1.3) - 20.2) < 1e-9)
        // 14 sp at 1.4: halfway between the 1.3 (18.8) and 1.5 (22) tables.
        #expect(abs(FontScaleConverter.dp(forSp: 14, scale: 1.4) - 20.4) < 1e-9)
        // Past 100 sp, the last point's ratio (100 sp is 100 dp, so no growth).
        #expect(abs(FontScaleConverter.dp(forSp: 120, scale: 2.0) - 120) < 1e-9)
    }

    @Test func atAndBelowTheThresholdItIsLinear() {
        #expect(FontScaleConverter.dp(forSp: 14, scale: 1.0) == 14)
        #expect(abs(FontScaleConverter.dp(forSp: 14, scale: 0.85) - 11.9) < 1e-9)
        #expect(abs(FontScaleConverter.dp(forSp: 20, scale: 1.03) - 20.6) < 1e-9)
        // Just past the threshold the curve starts where the line left off.
        #expect(abs(FontScaleConverter.dp(forSp: 20, scale: 1.04) - 20.8) < 1e-9)
    }

    @Test func namesAndRange() {
        #expect(FontScale(name: "1.3")?.name == "1.3")
        #expect(FontScale(name: "130%")?.name == "1.3")
        #expect(FontScale(name: "fs0.85")?.name == "0.85")
        #expect(FontScale(name: "2")?.name == "2.0")
        #expect(FontScale(name: "1")?.name == "1.0")
        #expect(FontScale(name: "2.5") == nil)
        #expect(FontScale(name: "0.5") == nil)
        #expect(FontScale(name: "large") == nil)
        #expect(FontScale(name: "-1.3") == nil)
        #expect(FontScale.pixelSteps.map(\.name) == ["0.85", "1.0", "1.15", "1.3", "1.5", "1.8", "2.0"])
    }

    @Test func eachPlatformSuggestsTheOthersNearestSize() {
        #expect(FontScale.nearest(to: .accessibility3) == FontScale(2.0))
        #expect(FontScale.nearest(to: .xLarge) == FontScale(1.15))
        #expect(FontScale(1.3)?.nearestContentSize == .xxxLarge)
        #expect(FontScale(0.85)?.nearestContentSize == .xSmall, "14/17 = 0.82 is nearer 0.85 than 15/17 = 0.88")
    }

    @Test func aScaleGrowsAndroidTextAndAddsItsSuffix() throws {
        let renderer = try ConsentRenderer()
        let folder = repositoryRoot.appendingPathComponent("Samples/world-agreement")
        let profile = try shippedProfiles.profile(id: "pixel-9")
        var request = RenderRequest(folder: try DocumentFolder(url: folder, appFiles: XcodeAppFiles()), profile: profile,
                                    requestedLanguage: "en", orientation: .portrait, appearance: .light)
        let normal = try renderer.render(request)
        request.variant.fontScale = try #require(FontScale(2.0))
        let large = try renderer.render(request)
        #expect(normal.layout.semantics.bodyTextSize == 14)
        #expect(abs((large.layout.semantics.bodyTextSize ?? 0) - 26) < 1e-9, "14 sp is 26 dp at 2.0 (not 28: the curve)")
        #expect(large.linkMap.variant["fontScale"] == "2.0")
        #expect(GoldenCell(document: "d", documentFolder: folder, variant: request.variant).path.contains("portrait-light-fs2.0"))
    }

    @Test func aMatrixOverBothPlatformsGivesEachDeviceItsOwnAxes() throws {
        let folder = TemporaryFolder()
        let out = folder.url.appendingPathComponent("m")
        let run = try runRenderCLI(["matrix", "--document", "Samples/world-agreement", "--out", out.path, "--devices", "iphone-15-pro,pixel-9",
                                    "--languages", "en", "--text-sizes", "Large,AX3", "--font-scales", "1.0,2.0", "--jobs", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let made = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") && !$0.contains("thumb") }.sorted()
        #expect(made == ["iphone-15-pro/portrait-light-AX3/en.png", "iphone-15-pro/portrait-light/en.png",
                         "pixel-9/portrait-light-fs2.0/en.png", "pixel-9/portrait-light/en.png"])
        // Asking only for the other platform's size is a mistake, said before anything renders.
        let wrong = try runRenderCLI(["matrix", "--document", "Samples/world-agreement", "--out", folder.url.appendingPathComponent("w").path,
                                      "--devices", "pixel-9", "--languages", "en", "--text-sizes", "AX3"])
        #expect(wrong.status == 2 && wrong.stderr.contains("text size applies to iOS devices"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("w").path))
        let single = try runRenderCLI(["render", "--document", "Samples/world-agreement", "--device", "iphone-15-pro", "--language", "en",
                                       "--font-scale", "1.3", "--out", folder.url.appendingPathComponent("x.png").path])
        #expect(single.status == 2 && single.stderr.contains("--text-size xxxLarge"))
    }
}
