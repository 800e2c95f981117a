import Foundation
import Testing
@testable import ConsentRender

/// Issue 28, points 4–13: what a first-time user found wrong, each case as the user ran it.
@Suite struct FirstUserFaultTests {
    let temporary = TemporaryFolder()
    var root: URL { temporary.url }

    // MARK: 4. App Store locales

    func appstore(_ languages: String, out: URL) throws -> CLIRun {
        try runRenderCLI(["appstore", "--document", "Samples/privacy-agreement", "--languages", languages, "--out", out.path])
    }

    @Test(arguments: ["en,en-XA", "ar-XB", "zh-Hans,EN-xa"])
    func appstoreRefusesPseudoLocales(_ languages: String) throws {
        let out = root.appendingPathComponent("store")
        let run = try appstore(languages, out: out)
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("is a pseudo-locale") && run.stderr.contains("App Store Connect has no such localization"),
                "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    }

    @Test func twoTagsOfOneAppStoreLocaleAreExportedOnceAndCountedOnce() throws {
        let out = root.appendingPathComponent("store")
        let run = try appstore("en,en-US,zh-Hans,zh-CN", out: out)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("4 screenshots for en-US, zh-Hans"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "screenshots/en-US/01_").count == 2, "one render per file: \(run.stdout)")
        #expect(run.stderr.contains("note: 'en-US' is the App Store locale en-US, as 'en' is"), "\(run.stderr)")
        #expect(run.stderr.contains("note: 'zh-CN' is the App Store locale zh-Hans, as 'zh-Hans' is"), "\(run.stderr)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("screenshots").path)
            .filter { $0.hasSuffix(".png") }
        #expect(files.count == 4)
    }

    // MARK: 5. The status bar's clock

    /// ICU writes a narrow no-break space (U+202F) before the day period.
    @Test(arguments: [
        ("iphone-se-3", "de", "14:05", "14:05"),
        ("iphone-se-3", "fr", "14:05", "14:05"),
        ("iphone-se-3", "en", "14:05", "2:05\u{202F}PM"),
        ("iphone-se-3", "ko", "14:05", "오후 2:05"),
        ("iphone-8-plus", "de", "9:41", "9:41"),
        ("ipad-pro-13", "de", "14:05", "14:05  Di. 9. Jan."),
        ("ipad-pro-13", "fr", "14:05", "14:05  mar. 9 janv."),
        ("ipad-pro-13", "en", "14:05", "2:05\u{202F}PM  Tue Jan 9"),
        ("iphone-15-pro", "de", "14:05", "14:05"),
        ("iphone-15-pro", "en", "14:05", "2:05"),
        ("iphone-se-3", "en-XA", "9:41", "9:41\u{202F}AM"),
        ("iphone-se-3", "ar-XB", "9:41", "9:41\u{202F}AM"),
    ])
    func everyStatusBarKindShowsTheLanguagesClock(_ device: String, _ language: String, _ time: String, _ shown: String) throws {
        let folder = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/world-agreement"))
        var request = RenderRequest(folder: folder, profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
                                    orientation: .portrait, appearance: .light)
        request.statusBar = StatusBarContent(time: time)
        let page = try ConsentRenderer().layOut(request)
        #expect(page.linkMap.statusBar?.time == shown, "\(device) \(language)")
    }

    // MARK: 6. The framed image's link map

    @Test func aFramedImageHasItsOwnMapInItsOwnCoordinates() throws {
        let out = root.appendingPathComponent("shot.png")
        let run = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-15-pro", "--language", "en",
                                    "--frame", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let framedMapURL = root.appendingPathComponent("shot.framed.links.json")
        #expect(run.stdout.contains(framedMapURL.path))
        let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: root.appendingPathComponent("shot.links.json")))
        let framedMap = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: framedMapURL))
        let shot = try Bitmap(contentsOfPNG: out)
        let framed = try Bitmap(contentsOfPNG: root.appendingPathComponent("shot.framed.png"))
        #expect(framedMap.pixelSize.width == framed.width && framedMap.pixelSize.height == framed.height)
        let screen = try #require(framedMap.framedScreen)
        #expect(screen.pixelRect.width == shot.width && screen.pixelRect.height == shot.height)
        #expect(map.framedScreen == nil, "the screenshot's own map is unchanged")
        // Every button and link rect covers the same pixels in both images (the screen is copied 1:1).
        let shotRects: [PixelRect] = map.buttons.map(\.pixelRect) + map.links.flatMap(\.pixelRects)
        let framedRects: [PixelRect] = framedMap.buttons.map(\.pixelRect) + framedMap.links.flatMap(\.pixelRects)
        let pairs = Array(zip(shotRects, framedRects))
        #expect(pairs.count > 3)
        for (inShot, inFrame) in pairs {
            #expect(inFrame.x == inShot.x + screen.pixelRect.x && inFrame.y == inShot.y + screen.pixelRect.y)
            #expect(inFrame.width == inShot.width && inFrame.height == inShot.height)
            let offsets: [(Int, Int)] = [(1, 1), (inShot.width / 2, inShot.height / 2), (inShot.width - 2, inShot.height - 2)]
            for (dx, dy) in offsets {
                let a: Color = shot.color(x: inShot.x + dx, y: inShot.y + dy)
                let b: Color = framed.color(x: inFrame.x + dx, y: inFrame.y + dy)
                #expect(a == b, "\(inShot) → \(inFrame)")
            }
        }
        // A second render replaces its own framed map; one of the user's is refused.
        try Data(#"{"mine": true}"#.utf8).write(to: framedMapURL)
        let refused = try runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-15-pro",
                                        "--language", "en", "--frame", "--out", out.path])
        #expect(refused.status == 2 && refused.stderr.contains("\(framedMapURL.path) exists and is not a link map"), "\(refused.stderr)")
    }

    // MARK: 7. Options accepted and ignored (every option's own test is OptionCoverageTests)

    @Test func lintRefusesOverInsteadOfIgnoringIt() throws {
        let run = try runRenderCLI(["lint", "--document", "Samples/privacy-agreement", "--over", "/nonexistent"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("lint takes no --over"), "\(run.stderr)")
        let also = try runRenderCLI(["lint", "--document", "Samples/privacy-agreement", "--over=Samples/att-explainer"])
        #expect(also.status == 2 && also.stderr.contains("lint takes no --over"), "\(also.stderr)")
    }

    // MARK: 8 and 9. Refusals leave nothing behind; paths that cannot be written are bad usage

    @Test(arguments: [
        (["render", "--document", "{T}/missing-folder", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/y/deep/a.png"],
         "does not exist"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-sf-3", "--language", "en", "--out", "{T}/y/deep/a.png"],
         "Did you mean 'iphone-se-3'"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--state", "nope",
          "--out", "{T}/y/deep/a.png"], "nope"),
        (["diff", "Golden/privacy-agreement/iphone-se-3/portrait-light/zh-Hans.png", "{T}/missing.png", "--out", "{T}/y/deep/d.png"],
         "not a readable PNG image"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/afile/x.png"],
         "afile is a file, not a folder"),
        (["diff", "Golden/privacy-agreement/iphone-se-3/portrait-light/zh-Hans.png", "Golden/privacy-agreement/iphone-se-3/portrait-light/zh-Hans.png",
          "--out", "{T}/afile/d.png"], "afile is a file, not a folder"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/.png"],
         "names only the extension"),
        (["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en", "--out", "{T}/y/.PNG"],
         "names only the extension"),
    ])
    func aRefusedRunLeavesNothingBehind(_ arguments: [String], _ reason: String) throws {
        try Data("a file".utf8).write(to: root.appendingPathComponent("afile"))
        let run = try runRenderCLI(arguments.map { $0.replacingOccurrences(of: "{T}", with: root.path) })
        #expect(run.status == 2, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains(reason), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["afile"], "no folder or file was made")
    }
}
