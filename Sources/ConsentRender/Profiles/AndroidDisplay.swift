import Foundation

/// How an Android phone is navigated, which decides the bottom inset and what SystemUI draws there.
public enum NavigationMode: String, Codable, Sendable, CaseIterable {
    /// Gesture navigation: a 24 dp inset with a 108×4 dp handle (AOSP's gestural overlay).
    case gesture
    /// Back, home and recents buttons in a 48 dp bar (AOSP's default).
    case threeButton = "3-button"

    /// The inset apps get at the bottom (portrait) or on the bar's side (landscape, 3-button), in dp:
    /// AOSP's `navigation_bar_height` (48 dp core; 24 dp in the gestural overlay) and
    /// `navigation_bar_width` (48 dp) (reference android-metrics.md §2, android-metrics-2.md §2: firm).
    public var inset: Double {
        switch self {
        case .gesture: 24
        case .threeButton: 48
        }
    }
}

/// How sure a figure is, as the reference files grade them.
public enum FigureGrade: String, Codable, Sendable, CaseIterable, Comparable {
    /// Read in the cited source (a device tree, a vendor's spec sheet).
    case firm
    /// Derived from firm figures, or two agreeing secondary sources.
    case likely
    /// One weak source or none: check it on a device before trusting a pixel.
    case guess

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Where one figure of a profile comes from.
public struct FigureSource: Codable, Sendable, Equatable {
    public var grade: FigureGrade
    /// The source: a repository at a commit and a path, a vendor page, or why it is chosen.
    public var source: String

    public init(grade: FigureGrade, source: String) {
        self.grade = grade
        self.source = source
    }
}

/// A punch-hole camera: a circle, in portrait dp from the screen's top-left.
public struct PunchHole: Codable, Sendable, Equatable {
    /// The centre.
    public var x: Double
    public var y: Double
    public var radius: Double

    public init(x: Double, y: Double, radius: Double) {
        self.x = x
        self.y = y
        self.radius = radius
    }
}

/// What an Android profile says beyond the shared fields: the display as Android describes it
/// (pixels and density; dp = px × 160 / dpi), the navigation mode, the landscape status bar and
/// each figure's source and grade.
public struct AndroidDisplay: Codable, Sendable, Equatable {
    /// The screen in pixels, portrait.
    public var pixels: PixelSize
    /// Dots per inch as Android reports it (`wm density`): 420 on a Pixel 9, so 1 dp = 2.625 px.
    public var density: Double
    public var navigation: NavigationMode
    /// The status bar's height in landscape, in dp (AOSP's `status_bar_height_landscape`).
    public var statusBarLandscape: Double
    /// How far the status bar's content and the 3-button keys keep from the screen's sides, in
    /// dp (`rounded_corner_content_padding`: 70 px on Pixels, 0 in AOSP).
    public var statusBarContentPadding: Double
    /// The figures' sources by field name (`pixels`, `density`, `statusBar`, `cutout`,
    /// `cornerRadius`, `navigation`).
    public var sources: [String: FigureSource]

    public init(pixels: PixelSize, density: Double, navigation: NavigationMode, statusBarLandscape: Double,
                statusBarContentPadding: Double = 0, sources: [String: FigureSource]) {
        self.pixels = pixels
        self.density = density
        self.navigation = navigation
        self.statusBarLandscape = statusBarLandscape
        self.statusBarContentPadding = statusBarContentPadding
        self.sources = sources
    }

    /// The fields a profile's sources may name: its figures.
    public static let figures = ["pixels", "density", "statusBar", "cutout", "cornerRadius", "navigation"]

    /// The figures graded below firm, or given no source, weakest first (`guess: statusBar`).
    public var doubtfulFigures: [(figure: String, grade: FigureGrade?)] {
        /// How far below firm a grade is; an unsourced figure is weakest.
        func weakness(_ grade: FigureGrade?) -> Int {
            grade.flatMap { FigureGrade.allCases.firstIndex(of: $0) } ?? FigureGrade.allCases.count
        }
        return Self.figures.compactMap { figure -> (String, FigureGrade?)? in
            guard let source = sources[figure] else { return (figure, nil) }
            return source.grade == .firm ? nil : (figure, source.grade)
        }.sorted { weakness($0.1) > weakness($1.1) }
    }
}

/// A size in whole pixels.
public struct PixelSize: Codable, Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// An Android profile as its file is written: pixels and density instead of points and scale,
/// the status bar, navigation mode, punch hole and corners in dp, and the figures' sources.
struct AndroidProfileFile: Decodable {
    struct StatusBar: Decodable {
        var height: Double
        var landscapeHeight: Double
        var contentPadding: Double?
    }

    var id: String
    var name: String
    var platform: String
    var idiom: DeviceIdiom
    var pixels: PixelSize
    var density: Double
    var statusBar: StatusBar
    var navigation: NavigationMode
    var cutout: PunchHole?
    var cornerRadius: Double
    var orientation: Orientation?
    var tint: Color?
    var sources: [String: FigureSource]?

    /// Keys an iOS profile has that an Android one replaces, with the replacement.
    static let iOSKeys: [String: String] = [
        "points": "give \"pixels\" (the screen in pixels, portrait) and \"density\" (dpi) instead; dp = px × 160 / dpi",
        "scale": "give \"density\" in dpi instead (420 for 2.625 px per dp)",
        "safeArea": "leave it out: an Android profile's insets come from its status bar, navigation mode and cut-out",
        "homeIndicator": "give \"navigation\": \"gesture\" or \"3-button\" instead",
        "appStoreClass": "leave it out: App Store classes are for iOS devices",
    ]

    /// The profile as the renderer uses it: dp as points, density / 160 as the scale, and the
    /// insets Android gives an app (reference android-metrics.md §2).
    func profile(path: String) throws -> DeviceProfile {
        func invalid(_ field: String, _ value: Double, _ fix: String) -> ProfileError {
            .invalidValue(path: path, field: field, value: DeviceProfile.format(value), fix: fix)
        }
        for (field, side) in [("pixels.width", pixels.width), ("pixels.height", pixels.height)] where !(100...8192).contains(side) {
            throw invalid(field, Double(side), "it must be between 100 and 8192 pixels (1080 on a Pixel 9)")
        }
        guard density.isFinite, (120...800).contains(density) else {
            throw invalid("density", density, "it must be between 120 and 800 dpi (420 on a Pixel 9; `adb shell wm density` prints it)")
        }
        let scale = density / 160
        let points = Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
        for (field, height) in [("statusBar.height", statusBar.height), ("statusBar.landscapeHeight", statusBar.landscapeHeight)]
        where !(height.isFinite && (10...100).contains(height)) {
            throw invalid(field, height, "it must be between 10 and 100 dp (AOSP's default is 24 dp; a Pixel 9's portrait bar is 66 dp)")
        }
        let contentPadding = statusBar.contentPadding ?? 0
        guard contentPadding.isFinite, (0...60).contains(contentPadding) else {
            throw invalid("statusBar.contentPadding", contentPadding,
                          "it must be between 0 and 60 dp (rounded_corner_content_padding: 70 px, 26.67 dp, on a Pixel 9)")
        }
        let shortSide = min(points.width, points.height)
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= shortSide / 2 else {
            throw invalid("cornerRadius", cornerRadius, "it must be between 0 and half the screen's short side, in dp")
        }
        var cutoutSpec: CutoutSpec?
        if let cutout {
            for (field, value) in [("x", cutout.x), ("y", cutout.y), ("radius", cutout.radius)] where !(value.isFinite && value >= 0) {
                throw invalid("cutout.\(field)", value, "it must be zero or more dp")
            }
            let rect = Rect(x: cutout.x - cutout.radius, y: cutout.y - cutout.radius, width: 2 * cutout.radius, height: 2 * cutout.radius)
            guard cutout.radius > 0, Rect(x: 0, y: 0, width: points.width, height: points.height).contains(rect) else {
                throw ProfileError.invalidValue(path: path, field: "cutout", value: "outside the screen",
                                                fix: "give the hole's centre and radius in portrait dp, inside the "
                                                    + "\(DeviceProfile.format(points.width))×\(DeviceProfile.format(points.height)) dp screen")
            }
            cutoutSpec = CutoutSpec(x: rect.x, y: rect.y, width: rect.width, height: rect.height, cornerRadius: cutout.radius)
        }
        for (figure, source) in (sources ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard AndroidDisplay.figures.contains(figure) else {
                let hint = closestMatch(to: figure, among: AndroidDisplay.figures).map { "did you mean '\($0)'? " } ?? ""
                throw ProfileError.invalidValue(path: path, field: "sources.\(figure)", value: "not a figure of the profile",
                                                fix: hint + "sources name one of " + AndroidDisplay.figures.joined(separator: ", "))
            }
            if source.source.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ProfileError.invalidValue(path: path, field: "sources.\(figure).source", value: "empty",
                                                fix: "say where the figure comes from (a device tree at a commit, a spec sheet)")
            }
        }
        // The insets an app gets: the status bar on top; the navigation inset at the bottom, or
        // in landscape on the right for the 3-button bar (`navigation_bar_width`); in landscape
        // the cut-out's safe inset on the left (the top edge turns to the left at ROTATION_90),
        // which on these phones is the portrait status bar's depth (the device trees' cut-out
        // rects run the bar's full height), where Android 14 letterboxes the app.
        let portrait = EdgeInsets(top: statusBar.height, left: 0, bottom: navigation.inset, right: 0)
        let holeDepth = cutoutSpec == nil ? 0 : statusBar.height
        let landscape = EdgeInsets(top: statusBar.landscapeHeight, left: holeDepth,
                                   bottom: navigation == .gesture ? navigation.inset : 0,
                                   right: navigation == .threeButton ? navigation.inset : 0)
        var profile = DeviceProfile(
            id: id, name: name, idiom: idiom, points: points, scale: scale,
            safeArea: SafeAreaInsets(portrait: portrait, landscape: landscape), cornerRadius: cornerRadius, appStoreClass: nil,
            orientation: orientation ?? .portrait, tint: tint ?? Color(rgb: 0x6750A4),
            statusBar: StatusBarSpec(kind: .android, height: statusBar.height), cutout: cutoutSpec, homeIndicator: nil)
        profile.platform = platform
        profile.android = AndroidDisplay(pixels: pixels, density: density, navigation: navigation,
                                         statusBarLandscape: statusBar.landscapeHeight, statusBarContentPadding: contentPadding,
                                         sources: sources ?? [:])
        return profile
    }
}
