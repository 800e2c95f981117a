import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// iOS's status bar and home indicator over every screen, as Apple's marketing screenshots show them.
@Suite struct SystemChromeTests {
    let renderer: ConsentRenderer
    let sample = try! DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/privacy-agreement"), appFiles: XcodeAppFiles())

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ device: String, _ orientation: Orientation = .portrait, language: String = "en", appearance: Appearance = .light,
                chrome: Bool = true, statusBar: StatusBarContent? = nil, folder: DocumentFolder? = nil) throws -> RenderedPage {
        var request = RenderRequest(folder: folder ?? sample, profile: try shippedProfiles.profile(id: device),
                                    requestedLanguage: language, orientation: orientation, appearance: appearance)
        request.showsSystemChrome = chrome
        request.statusBar = statusBar
        return try renderer.render(request)
    }

    @Test(arguments: ["iphone-15-pro", "iphone-14", "iphone-se-3", "ipad-pro-13"])
    func withoutTheChromeOnlyTheStatusBarAndHomeIndicatorDiffer(device: String) throws {
        let shown = try render(device)
        let hidden = try render(device, chrome: false)
        let bar = try #require(shown.linkMap.statusBar)
        #expect(bar.time.contains("9:41"))
        #expect(hidden.linkMap.statusBar == nil && hidden.linkMap.homeIndicator == nil)
        let areas = [bar.pixelRect] + (shown.linkMap.homeIndicator.map { [$0.pixelRect] } ?? [])
        #expect((shown.linkMap.homeIndicator != nil) == (device != "iphone-se-3"), "home-button phones have no indicator")
        var outside = 0, inside = 0
        for y in 0..<shown.bitmap.height {
            for x in 0..<shown.bitmap.width where shown.bitmap[x, y] != hidden.bitmap[x, y] {
                if areas.contains(where: { $0.contains(x: x, y: y) }) { inside += 1 } else { outside += 1 }
            }
        }
        #expect(outside == 0 && inside > 100, "\(device): \(outside) pixels differ outside the chrome, \(inside) inside")
    }

    @Test func eachKindLaysOutItsBarAsIOSDoes() throws {
        // Dynamic Island: the time centred in the left ear, the icons in the right.
        let island = try render("iphone-15-pro").layout
        let time = try #require(island.text("status-bar-time"))
        let cutout = try #require(try shippedProfiles.profile(id: "iphone-15-pro").cutout)
        #expect(time.frame.maxX <= cutout.x && time.block.text == "9:41")
        let battery = try #require(island.item("status-bar-battery-outline")?.bounds)
        #expect(battery.minX > cutout.x + cutout.width)
        // Home-button phones: signal leading, time centred with AM, battery and 100% trailing.
        let classic = try render("iphone-se-3").layout
        #expect(classic.text("status-bar-time")?.block.text.contains("AM") == true)
        #expect((classic.item("status-bar-signal-0")?.bounds?.minX ?? 99) < 10)
        // A home-button phone shows no battery percentage (Settings' default; an iPhone 8 Plus capture).
        #expect(classic.text("status-bar-battery-percent") == nil && classic.item("status-bar-battery-outline") != nil)
        // iPad: time and date leading, in both orientations.
        for orientation in Orientation.allCases {
            let pad = try render("ipad-pro-13", orientation).layout
            #expect(pad.text("status-bar-time")?.block.text.hasSuffix("Tue Jan 9") == true)
        }
        // iPhones hide the bar in landscape; the home indicator stays.
        let landscape = try render("iphone-15-pro", .landscape)
        #expect(landscape.linkMap.statusBar == nil && landscape.linkMap.homeIndicator != nil)
    }

    @Test func timeAndDateFollowTheLanguageAndRightToLeftMirrorsTheBar() throws {
        let world = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/world-agreement"), appFiles: XcodeAppFiles())
        let arabic = try render("iphone-15-pro", language: "ar", folder: world)
        #expect(arabic.linkMap.statusBar?.time == "٩:٤١")
        let time = try #require(arabic.layout.text("status-bar-time"))
        #expect(time.frame.minX > arabic.layout.screen.width / 2, "the time moves to the right ear")
        let bars = (0..<4).compactMap { arabic.layout.item("status-bar-signal-\($0)")?.bounds }
        #expect(bars.map(\.height) == bars.map(\.height).sorted(), "the signal glyph is not drawn back to front")
        let chinese = try render("ipad-pro-13", language: "zh-Hans")
        #expect(chinese.linkMap.statusBar?.time.contains("1月9日") == true, "\(String(describing: chinese.linkMap.statusBar))")
    }

    @Test func glyphsFollowTheAppearanceAndTheIndicatorWhatIsUnderIt() throws {
        for appearance in Appearance.allCases {
            let page = try render("iphone-15-pro", appearance: appearance)
            let time = try #require(page.layout.text("status-bar-time"))
            #expect(time.block.runs[0].color == (appearance == .light ? Color(red: 0, green: 0, blue: 0) : Color(red: 255, green: 255, blue: 255)))
            // Over the dimmed grey of light appearance the indicator is dark; over black, white at 22 % (fidelity.md row 6).
            guard case let .shape(.fill(_, _, color))? = page.layout.item("home-indicator")?.drawable else {
                Issue.record("no home indicator")
                continue
            }
            #expect(color == (appearance == .light ? Color(red: 0, green: 0, blue: 0) : Color(red: 255, green: 255, blue: 255).withAlpha(0.22)))
        }
    }

    @Test func theDocumentAndTheCommandLineSetWhatTheBarShows() throws {
        let folder = TemporaryFolder()
        var files = testAgreement
        files["document.json"] = #"{ "defaultLanguage": "en", "statusBar": { "time": "10:30", "battery": 50, "network": "5g", "cellularBars": 2 } }"#
        let documents = try DocumentFolder(url: folder.folder("bar", files: files), appFiles: XcodeAppFiles())
        let page = try render("iphone-se-3", folder: documents)
        #expect(page.linkMap.statusBar?.time.hasPrefix("10:30") == true)
        // Half a battery: the level fills half the outline (21 pt at 0.88 for a home-button phone).
        #expect(abs((page.layout.item("status-bar-battery-level")?.bounds?.width ?? 0) - 21 * 0.88 / 2) < 0.01)
        #expect(page.layout.text("status-bar-network")?.block.text == "5G")
        #expect(page.layout.item("status-bar-wifi-0") == nil)
        let overridden = try render("iphone-15-pro", statusBar: StatusBarContent(time: "8:00"), folder: documents)
        #expect(overridden.linkMap.statusBar?.time == "8:00")
        files["document.json"] = #"{ "statusBar": { "battery": 120 } }"#
        let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: folder.folder("bad-bar", files: files), appFiles: XcodeAppFiles()) }
        #expect(error?.description.contains("field 'statusBar.battery' is 120; use a whole number from 0 to 100") == true)
        files["document.json"] = #"{ "statusBar": { "time": "abc" } }"#
        #expect { try DocumentFolder(url: folder.folder("bad-time", files: files), appFiles: XcodeAppFiles()) } throws: {
            "\($0)".contains("field 'statusBar.time' is 'abc'; write it as H:MM on a 24-hour clock")
        }
    }

    @Test func timesAreCheckedAndPhonesUseTheLanguagesClock() throws {
        for good in ["9:41", "09:41", "0:00", "23:59"] { #expect(StatusBarClock.parse(good) != nil, "\(good)") }
        for bad in ["25:00", "12:60", "9:5", " 9:41", "abc", "", "9:41:00", "٩:٤١"] { #expect(StatusBarClock.parse(bad) == nil, "\(bad)") }
        let afternoon = StatusBarContent(time: "14:05")
        #expect(try render("iphone-15-pro", statusBar: afternoon).linkMap.statusBar?.time == "2:05", "en is a 12-hour language")
        let withPeriod = try render("iphone-se-3", statusBar: afternoon).linkMap.statusBar?.time
        #expect(withPeriod?.replacingOccurrences(of: "\u{202F}", with: " ") == "2:05 PM")
        #expect(try render("iphone-15-pro", statusBar: StatusBarContent(time: "0:15")).linkMap.statusBar?.time == "12:15")
        #expect(StatusBarClock(time: "14:05", language: "de").phoneTime == "14:05", "German keeps the 24-hour clock")
    }

    @Test func aLowBatteryIsRedAndACellularIPadShowsItsBars() throws {
        let low = try render("iphone-15-pro", statusBar: StatusBarContent(battery: 15))
        guard case let .shape(.fill(_, _, color))? = low.layout.item("status-bar-battery-level")?.drawable else {
            Issue.record("no battery level")
            return
        }
        #expect(color == Color(hex: "#FF3B30"))
        let ipad = try render("ipad-pro-13", statusBar: StatusBarContent(network: .lte))
        #expect(ipad.layout.item("status-bar-signal-0") != nil && ipad.layout.text("status-bar-network")?.block.text == "LTE")
        #expect(try render("ipad-pro-13").layout.item("status-bar-signal-0") == nil, "a Wi-Fi iPad has no bars")
        let world = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/world-agreement"), appFiles: XcodeAppFiles())
        #expect(try render("ipad-pro-13", language: "ar", folder: world).layout.text("status-bar-battery-percent")?.block.text
                == "١٠٠\u{066A}")
    }

    @Test func aProfileWithoutTheFieldsRendersWithoutChromeAndSaysSo() throws {
        var profile = try shippedProfiles.profile(id: "iphone-15-pro")
        profile.statusBar = nil
        profile.homeIndicator = nil
        let page = try renderer.render(RenderRequest(folder: sample, profile: profile, requestedLanguage: "en", orientation: .portrait,
                                                     appearance: .light))
        #expect(page.linkMap.statusBar == nil && page.linkMap.homeIndicator == nil)
        #expect(page.notes.count == 2 && page.notes[0].contains("has no statusBar field"))
    }

    @Test func lintCatchesAButtonUnderTheStatusBar() throws {
        var page = try render("iphone-15-pro")
        page.layout.editButton(0) { $0.rect.y = 10 }
        let findings = renderer.lint(page, device: "iphone-15-pro")
        #expect(findings.contains { $0.rule == "layout.status-bar" && $0.message.contains("under the status bar") })
        #expect(try !renderer.lint(render("iphone-15-pro"), device: "iphone-15-pro").contains { $0.rule == "layout.status-bar" })
    }
}
