/// The orientation a screen is rendered in.
public enum Orientation: String, Codable, Sendable, CaseIterable {
    case portrait
    case landscape
}

/// Light or dark system appearance.
public enum Appearance: String, Codable, Sendable, CaseIterable {
    case light
    case dark
}

/// Phone or tablet, which decides the dialog's layout rules.
public enum DeviceIdiom: String, Codable, Sendable, CaseIterable {
    case phone
    case pad
}

/// Safe-area insets for each orientation, in points.
public struct SafeAreaInsets: Codable, Sendable, Equatable {
    public var portrait: EdgeInsets
    public var landscape: EdgeInsets

    public init(portrait: EdgeInsets, landscape: EdgeInsets) {
        self.portrait = portrait
        self.landscape = landscape
    }

    public subscript(orientation: Orientation) -> EdgeInsets {
        switch orientation {
        case .portrait: portrait
        case .landscape: landscape
        }
    }
}

/// Which status bar a device shows, which decides its layout.
public enum StatusBarKind: String, Codable, Sendable, CaseIterable {
    /// Dynamic Island phones: time in the left ear, signal, Wi-Fi and battery in the right.
    case island
    /// Notch phones: the same ears, either side of the notch.
    case notch
    /// Home-button phones: signal and Wi-Fi leading, time centred, "100%" and battery trailing.
    case classic
    /// iPads: time and date leading, Wi-Fi, "100%" and battery trailing.
    case ipad
    /// Android phones: the clock leading, Wi-Fi, signal and battery trailing (AOSP SystemUI).
    case android
}

/// A device's status bar: its kind and height in points (portrait).
public struct StatusBarSpec: Codable, Sendable, Equatable {
    public var kind: StatusBarKind
    public var height: Double

    public init(kind: StatusBarKind, height: Double) {
        self.kind = kind
        self.height = height
    }
}

/// The display's cut-out (Dynamic Island or notch), in portrait points from the screen's top-left.
public struct CutoutSpec: Codable, Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The radius of its rounded corners (a notch's lower corners; the island is a capsule).
    public var cornerRadius: Double

    public init(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.cornerRadius = cornerRadius
    }

    public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

/// One device's screen, as read from `DeviceProfiles/<id>.json`.
public struct DeviceProfile: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var idiom: DeviceIdiom
    /// Screen size in points, portrait.
    public var points: Size
    /// Pixels per point (2 or 3 on current devices).
    public var scale: Double
    public var safeArea: SafeAreaInsets
    /// Radius of the display's rounded corners in points (0 for square displays).
    public var cornerRadius: Double
    /// The App Store Connect screenshot class this device's portrait screenshots belong to
    /// (for example `6.9"`), or nil when its pixel size is not one App Store Connect accepts.
    public var appStoreClass: String?
    /// Orientation used when the command line does not choose one.
    public var orientation: Orientation
    /// Accent colour used when the command line does not choose one.
    public var tint: Color
    /// The status bar; nil when the profile does not say (a render then draws none).
    public var statusBar: StatusBarSpec?
    /// The Dynamic Island or notch; nil for a display without one.
    public var cutout: CutoutSpec?

    /// Whether the display has a Dynamic Island: a cut-out that floats below the top edge (a notch
    /// starts at it), whatever the status bar's kind.
    public var hasDynamicIsland: Bool {
        android == nil && (cutout?.y ?? 0) > 0
    }
    /// Whether the device has a home indicator (no home button); nil when the profile does not say.
    public var homeIndicator: Bool?
    /// The platform the device runs (`ios` when left out): whose chrome, system style, prompts and
    /// lint thresholds its screens get.
    public var platform: String?

    /// Android's own figures (pixels, density, navigation mode, sources); nil for iOS devices.
    public var android: AndroidDisplay?

    /// The platform's name: `platform`, or `ios`.
    package var platformName: String { platform ?? "ios" }

    public init(id: String, name: String, idiom: DeviceIdiom, points: Size, scale: Double,
                safeArea: SafeAreaInsets, cornerRadius: Double, appStoreClass: String?,
                orientation: Orientation = .portrait, tint: Color = Theme.systemBlueLight, statusBar: StatusBarSpec? = nil,
                cutout: CutoutSpec? = nil, homeIndicator: Bool? = nil) {
        self.id = id
        self.name = name
        self.idiom = idiom
        self.points = points
        self.scale = scale
        self.safeArea = safeArea
        self.cornerRadius = cornerRadius
        self.appStoreClass = appStoreClass
        self.orientation = orientation
        self.tint = tint
        self.statusBar = statusBar
        self.cutout = cutout
        self.homeIndicator = homeIndicator
    }

    /// Screen size in points in `orientation` (landscape swaps the portrait sides).
    public func screenSize(in orientation: Orientation) -> Size {
        switch orientation {
        case .portrait: points
        case .landscape: Size(width: points.height, height: points.width)
        }
    }

    /// Screen size in whole pixels in `orientation`.
    public func pixelSize(in orientation: Orientation) -> (width: Int, height: Int) {
        let size = screenSize(in: orientation)
        return (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
    }
}
