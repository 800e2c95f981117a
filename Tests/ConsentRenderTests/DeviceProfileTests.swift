import Foundation
import Testing
@testable import ConsentRender

struct ExpectedProfile: CustomStringConvertible, Sendable {
    let id: String
    let points: (Double, Double)
    let scale: Double
    let portrait: (Double, Double, Double, Double)
    let landscape: (Double, Double, Double, Double)
    let cornerRadius: Double
    let appStoreClass: String?
    let statusBar: (StatusBarKind, Double)
    let cutout: (Double, Double)?
    let homeIndicator: Bool
    var description: String { id }
}

/// The device table of `shared/reference/ios-metrics.md` (§1, §2, §5), typed in by hand and
/// checked against the files. The 17 series and Air take their iOS 26 landscape insets.
let expectedProfiles: [ExpectedProfile] = [
    .init(id: "iphone-se-3", points: (375, 667), scale: 2, portrait: (20, 0, 0, 0), landscape: (0, 0, 0, 0), cornerRadius: 0, appStoreClass: #"4.7""#,
          statusBar: (.classic, 20), cutout: nil, homeIndicator: false),
    .init(id: "iphone-8-plus", points: (414, 736), scale: 3, portrait: (20, 0, 0, 0), landscape: (0, 0, 0, 0), cornerRadius: 0, appStoreClass: #"5.5""#,
          statusBar: (.classic, 20), cutout: nil, homeIndicator: false),
    .init(id: "iphone-x", points: (375, 812), scale: 3, portrait: (44, 0, 34, 0), landscape: (0, 44, 21, 44), cornerRadius: 39, appStoreClass: #"6.1""#,
          statusBar: (.notch, 44), cutout: (209, 30), homeIndicator: true),
    .init(id: "iphone-xs", points: (375, 812), scale: 3, portrait: (44, 0, 34, 0), landscape: (0, 44, 21, 44), cornerRadius: 39, appStoreClass: #"6.1""#,
          statusBar: (.notch, 44), cutout: (209, 30), homeIndicator: true),
    .init(id: "iphone-xs-max", points: (414, 896), scale: 3, portrait: (44, 0, 34, 0), landscape: (0, 44, 21, 44), cornerRadius: 39, appStoreClass: #"6.5""#,
          statusBar: (.notch, 44), cutout: (209, 30), homeIndicator: true),
    .init(id: "iphone-xr", points: (414, 896), scale: 2, portrait: (48, 0, 34, 0), landscape: (0, 48, 21, 48), cornerRadius: 41.5, appStoreClass: nil,
          statusBar: (.notch, 48), cutout: (230, 33), homeIndicator: true),
    .init(id: "iphone-11-pro", points: (375, 812), scale: 3, portrait: (44, 0, 34, 0), landscape: (0, 44, 21, 44), cornerRadius: 39, appStoreClass: #"6.1""#,
          statusBar: (.notch, 44), cutout: (209, 30), homeIndicator: true),
    .init(id: "iphone-11", points: (414, 896), scale: 2, portrait: (48, 0, 34, 0), landscape: (0, 48, 21, 48), cornerRadius: 41.5, appStoreClass: nil,
          statusBar: (.notch, 48), cutout: (230, 33), homeIndicator: true),
    .init(id: "iphone-11-pro-max", points: (414, 896), scale: 3, portrait: (44, 0, 34, 0), landscape: (0, 44, 21, 44), cornerRadius: 39, appStoreClass: #"6.5""#,
          statusBar: (.notch, 44), cutout: (209, 30), homeIndicator: true),
    .init(id: "iphone-12-mini", points: (375, 812), scale: 3, portrait: (50, 0, 34, 0), landscape: (0, 50, 21, 50), cornerRadius: 44, appStoreClass: #"6.1""#,
          statusBar: (.notch, 50), cutout: (226, 34), homeIndicator: true),
    .init(id: "iphone-12", points: (390, 844), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 47.33, appStoreClass: #"6.1""#,
          statusBar: (.notch, 47), cutout: (210, 32), homeIndicator: true),
    .init(id: "iphone-12-pro", points: (390, 844), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 47.33, appStoreClass: #"6.1""#,
          statusBar: (.notch, 47), cutout: (210, 32), homeIndicator: true),
    .init(id: "iphone-12-pro-max", points: (428, 926), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 53.33, appStoreClass: #"6.5""#,
          statusBar: (.notch, 47), cutout: (210, 32), homeIndicator: true),
    .init(id: "iphone-13-mini", points: (375, 812), scale: 3, portrait: (50, 0, 34, 0), landscape: (0, 50, 21, 50), cornerRadius: 44, appStoreClass: #"6.1""#,
          statusBar: (.notch, 50), cutout: (162, 32), homeIndicator: true),
    .init(id: "iphone-13", points: (390, 844), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 47.33, appStoreClass: #"6.1""#,
          statusBar: (.notch, 47), cutout: (162, 32), homeIndicator: true),
    .init(id: "iphone-13-pro", points: (390, 844), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 47.33, appStoreClass: #"6.1""#,
          statusBar: (.notch, 47), cutout: (162, 32), homeIndicator: true),
    .init(id: "iphone-13-pro-max", points: (428, 926), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 53.33, appStoreClass: #"6.5""#,
          statusBar: (.notch, 47), cutout: (162, 32), homeIndicator: true),
    .init(id: "iphone-14", points: (390, 844), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 47.33, appStoreClass: #"6.1""#,
          statusBar: (.notch, 47), cutout: (162, 32), homeIndicator: true),
    .init(id: "iphone-14-plus", points: (428, 926), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 53.33, appStoreClass: #"6.5""#,
          statusBar: (.notch, 47), cutout: (162, 32), homeIndicator: true),
    .init(id: "iphone-14-pro", points: (393, 852), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.3""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-14-pro-max", points: (430, 932), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.9""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-15", points: (393, 852), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.3""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-15-plus", points: (430, 932), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.9""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-15-pro", points: (393, 852), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.3""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-15-pro-max", points: (430, 932), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.9""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-16", points: (393, 852), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.3""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-16-plus", points: (430, 932), scale: 3, portrait: (59, 0, 34, 0), landscape: (0, 59, 21, 59), cornerRadius: 55, appStoreClass: #"6.9""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-16e", points: (390, 844), scale: 3, portrait: (47, 0, 34, 0), landscape: (0, 47, 21, 47), cornerRadius: 47.33, appStoreClass: #"6.1""#,
          statusBar: (.notch, 47), cutout: (162, 32), homeIndicator: true),
    .init(id: "iphone-16-pro", points: (402, 874), scale: 3, portrait: (62, 0, 34, 0), landscape: (0, 62, 21, 62), cornerRadius: 62, appStoreClass: #"6.3""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-16-pro-max", points: (440, 956), scale: 3, portrait: (62, 0, 34, 0), landscape: (0, 62, 21, 62), cornerRadius: 62, appStoreClass: #"6.9""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-17", points: (402, 874), scale: 3, portrait: (62, 0, 34, 0), landscape: (20, 62, 20, 62), cornerRadius: 62, appStoreClass: #"6.3""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-17-pro", points: (402, 874), scale: 3, portrait: (62, 0, 34, 0), landscape: (20, 62, 20, 62), cornerRadius: 62, appStoreClass: #"6.3""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-17-pro-max", points: (440, 956), scale: 3, portrait: (62, 0, 34, 0), landscape: (20, 62, 20, 62), cornerRadius: 62, appStoreClass: #"6.9""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "iphone-air", points: (420, 912), scale: 3, portrait: (68, 0, 34, 0), landscape: (20, 68, 29, 68), cornerRadius: 62, appStoreClass: #"6.9""#,
          statusBar: (.island, 54), cutout: (126, 37), homeIndicator: true),
    .init(id: "ipad-mini-7", points: (744, 1133), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 21.5, appStoreClass: #"iPad 11""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-10", points: (820, 1180), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 25, appStoreClass: #"iPad 11""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-a16", points: (820, 1180), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 25, appStoreClass: #"iPad 11""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-air-11-m3", points: (820, 1180), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 18, appStoreClass: #"iPad 11""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-air-13-m3", points: (1024, 1366), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 18, appStoreClass: #"iPad 13""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-pro-11", points: (834, 1194), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 18, appStoreClass: #"iPad 11""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-pro-11-m4", points: (834, 1210), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 30, appStoreClass: #"iPad 11""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-pro-12-9", points: (1024, 1366), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 18, appStoreClass: #"iPad 13""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
    .init(id: "ipad-pro-13", points: (1032, 1376), scale: 2, portrait: (24, 0, 20, 0), landscape: (24, 0, 20, 0), cornerRadius: 30, appStoreClass: #"iPad 13""#,
          statusBar: (.ipad, 24), cutout: nil, homeIndicator: true),
]

@Suite struct DeviceProfileTests {
    @Test(arguments: expectedProfiles)
    func shippedProfileMatchesTheDeviceTable(_ expected: ExpectedProfile) throws {
        let profile = try shippedProfiles.profile(id: expected.id)
        #expect(profile.points == Size(width: expected.points.0, height: expected.points.1))
        #expect(profile.scale == expected.scale)
        let p = expected.portrait, l = expected.landscape
        #expect(profile.safeArea.portrait == EdgeInsets(top: p.0, left: p.1, bottom: p.2, right: p.3))
        #expect(profile.safeArea.landscape == EdgeInsets(top: l.0, left: l.1, bottom: l.2, right: l.3))
        #expect(profile.cornerRadius == expected.cornerRadius)
        #expect(profile.appStoreClass == expected.appStoreClass)
        #expect(profile.tint == Color(hex: "#007AFF"))
        #expect(profile.idiom == (expected.id.hasPrefix("ipad") ? .pad : .phone))
        #expect(profile.statusBar == StatusBarSpec(kind: expected.statusBar.0, height: expected.statusBar.1))
        #expect(profile.cutout.map { [$0.width, $0.height] } == expected.cutout.map { [$0.0, $0.1] })
        if let cutout = profile.cutout {
            #expect(abs(cutout.rect.midX - profile.points.width / 2) < 1e-9, "the cut-out is centred")
        }
        #expect(profile.homeIndicator == expected.homeIndicator)
    }

    @Test func everyProfileFileIsInTheTable() throws {
        #expect(try shippedProfiles.ids() == (expectedProfiles.map(\.id) + expectedAndroidProfiles.map(\.id)).sorted())
    }

    @Test func landscapeSwapsTheSidesAndPixelSizeIsPointsTimesScale() throws {
        let profile = try shippedProfiles.profile(id: "iphone-15-pro")
        #expect(profile.pixelSize(in: .portrait) == (1179, 2556))
        #expect(profile.pixelSize(in: .landscape) == (2556, 1179))
    }

    @Test func unknownDeviceSuggestsTheClosestId() throws {
        let error = #expect(throws: ProfileError.self) { try shippedProfiles.profile(reference: "iphone-15-pr") }
        guard case let .unknownDevice(id, suggestion, _) = error else {
            Issue.record("expected unknownDevice, got \(String(describing: error))")
            return
        }
        #expect(id == "iphone-15-pr")
        #expect(suggestion == "iphone-15-pro")
        #expect(error!.description.contains("Did you mean 'iphone-15-pro'?"))
    }

    @Test func unrelatedNameGetsNoSuggestion() throws {
        let error = #expect(throws: ProfileError.self) { try shippedProfiles.profile(reference: "nokia-3310") }
        guard case let .unknownDevice(_, suggestion, _) = error else {
            Issue.record("expected unknownDevice")
            return
        }
        #expect(suggestion == nil)
    }

    static let validProfile = """
    { "id": "test-phone", "name": "Test Phone", "idiom": "phone",
      "points": { "width": 390, "height": 844 }, "scale": 3,
      "safeArea": { "portrait": { "top": 47, "left": 0, "bottom": 34, "right": 0 },
                    "landscape": { "top": 0, "left": 47, "bottom": 21, "right": 47 } },
      "cornerRadius": 47.33, "appStoreClass": null, "orientation": "portrait", "tint": "#007AFF" }
    """

    struct BadProfileCase: CustomStringConvertible, Sendable {
        let name: String
        let json: String
        let field: String?
        var description: String { name }
    }

    static let badProfiles: [BadProfileCase] = [
        .init(name: "truncated JSON", json: String(validProfile.prefix(80)), field: nil),
        .init(name: "scale as text", json: validProfile.replacingOccurrences(of: #""scale": 3"#, with: #""scale": "three""#), field: "scale"),
        .init(name: "missing scale", json: validProfile.replacingOccurrences(of: #""scale": 3,"#, with: ""), field: "scale"),
        .init(name: "zero scale", json: validProfile.replacingOccurrences(of: #""scale": 3"#, with: #""scale": 0"#), field: "scale"),
        .init(name: "huge scale", json: validProfile.replacingOccurrences(of: #""scale": 3"#, with: #""scale": 9"#), field: "scale"),
        .init(name: "negative width", json: validProfile.replacingOccurrences(of: #""width": 390"#, with: #""width": -390"#), field: "points.width"),
        .init(name: "huge height", json: validProfile.replacingOccurrences(of: #""height": 844"#, with: #""height": 90000"#), field: "points.height"),
        .init(name: "insets taller than the screen", json: validProfile.replacingOccurrences(of: #""top": 47"#, with: #""top": 900"#), field: "safeArea.portrait.top + bottom"),
        .init(name: "negative inset", json: validProfile.replacingOccurrences(of: #""bottom": 21"#, with: #""bottom": -1"#), field: "safeArea.landscape.bottom"),
        .init(name: "bad tint", json: validProfile.replacingOccurrences(of: "#007AFF", with: "blue"), field: "tint"),
        .init(name: "unknown idiom", json: validProfile.replacingOccurrences(of: #""idiom": "phone""#, with: #""idiom": "watch""#), field: "idiom"),
    ]

    @Test(arguments: badProfiles)
    func badProfileIsAnErrorNamingTheFileAndField(_ bad: BadProfileCase) throws {
        let folder = TemporaryFolder()
        let directory = folder.folder("profiles", files: ["test-phone.json": bad.json])
        let catalog = DeviceProfileCatalog(directory: directory)
        let error = #expect(throws: ProfileError.self) { try catalog.profile(id: "test-phone") }
        let message = error?.description ?? ""
        #expect(message.contains(directory.appendingPathComponent("test-phone.json").path), "\(message)")
        if let field = bad.field {
            #expect(message.contains("'\(field)'"), "\(message)")
        } else {
            guard case .malformedJSON = error else {
                Issue.record("expected malformedJSON, got \(message)")
                return
            }
        }
    }

    @Test func malformedJSONSaysWhereTheSyntaxBreaks() throws {
        let folder = TemporaryFolder()
        let broken = Self.validProfile.replacingOccurrences(of: #""scale": 3,"#, with: #""scale": 3,,"#)
        let directory = folder.folder("profiles", files: ["test-phone.json": broken])
        let error = #expect(throws: ProfileError.self) { try DeviceProfileCatalog(directory: directory).profile(id: "test-phone") }
        #expect(error?.description.contains("not valid JSON (line 2, column") == true, "\(String(describing: error))")
    }

    @Test func validProfileLoads() throws {
        let folder = TemporaryFolder()
        let directory = folder.folder("profiles", files: ["test-phone.json": Self.validProfile])
        let profile = try DeviceProfileCatalog(directory: directory).profile(id: "test-phone")
        #expect(profile.cornerRadius == 47.33)
        #expect(profile.appStoreClass == nil)
    }
}
