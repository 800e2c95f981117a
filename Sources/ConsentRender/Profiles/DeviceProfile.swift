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

    public init(id: String, name: String, idiom: DeviceIdiom, points: Size, scale: Double,
                safeArea: SafeAreaInsets, cornerRadius: Double, appStoreClass: String?,
                orientation: Orientation = .portrait, tint: Color = Theme.systemBlueLight) {
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
