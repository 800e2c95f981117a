import Foundation

extension DeviceProfile {
    /// The limits a profile must respect; outside them a profile is a typo, not a device.
    public static let scaleRange: ClosedRange<Double> = 1...4
    public static let sideRange: ClosedRange<Double> = 1...4096

    /// Reads and validates the profile at `url`.
    ///
    /// Every problem is a `ProfileError` naming the file and the field.
    public static func load(from url: URL) throws -> DeviceProfile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ProfileError.unreadable(path: url.path, reason: describeFileError(error))
        }
        return try decode(data, source: url.path)
    }

    /// Decodes and validates a profile's JSON; `source` names it in errors (a file's path).
    public static func decode(_ data: Data, source path: String) throws -> DeviceProfile {
        if let platform = try? JSONDecoder().decode(PlatformField.self, from: data).platform,
           platform.caseInsensitiveCompare("android") == .orderedSame {
            return try decodeAndroid(data, source: path)
        }
        try StrictJSONReader.check(data, schema: .deviceProfile, path: path) { ProfileError.malformedJSON(path: path, detail: $0) }
        let profile = try decoded(DeviceProfile.self, from: data, path: path)
        try profile.validate(path: path)
        if profile.statusBar?.kind == .android {
            throw ProfileError.invalidValue(path: path, field: "statusBar.kind", value: "android",
                                            fix: "an iOS profile's status bar is island, notch, classic or ipad; for an Android "
                                                + "device write \"platform\": \"android\" (see DeviceProfiles/pixel-9.json)")
        }
        return profile
    }

    /// `data` decoded as `type`, a decoding failure as the `ProfileError` naming the field.
    private static func decoded<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            switch DecodingFailure(error, decoding: data) {
            case let .syntax(detail):
                throw ProfileError.malformedJSON(path: path, detail: detail)
            case let .missingField(field):
                throw ProfileError.missingField(path: path, field: field)
            case let .wrongType(field, expected):
                throw ProfileError.wrongType(path: path, field: field, expected: expected)
            case let .invalidValue(field, detail):
                throw ProfileError.invalidValue(path: path, field: field, value: "not accepted", fix: detail)
            }
        }
    }

    private struct PlatformField: Decodable {
        var platform: String?
    }

    /// Decodes an Android profile (`"platform": "android"`): pixels and density, see `AndroidProfileFile`.
    private static func decodeAndroid(_ data: Data, source path: String) throws -> DeviceProfile {
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let key = AndroidProfileFile.iOSKeys.keys.sorted().first(where: { object[$0] != nil }) {
            throw ProfileError.invalidValue(path: path, field: key, value: "an iOS field in an Android profile",
                                            fix: AndroidProfileFile.iOSKeys[key]! + " (see DeviceProfiles/pixel-9.json)")
        }
        try StrictJSONReader.check(data, schema: .androidDeviceProfile, path: path) { ProfileError.malformedJSON(path: path, detail: $0) }
        let file = try decoded(AndroidProfileFile.self, from: data, path: path)
        if file.id.isEmpty {
            throw ProfileError.invalidValue(path: path, field: "id", value: "empty",
                                            fix: "give the profile an id, normally its file name without .json")
        }
        return try file.profile(path: path)
    }

    /// Checks the values JSON decoding cannot: ranges and geometry that fits the screen.
    func validate(path: String) throws {
        func invalid(_ field: String, _ value: Double, _ fix: String) -> ProfileError {
            .invalidValue(path: path, field: field, value: Self.format(value), fix: fix)
        }
        if id.isEmpty {
            throw ProfileError.invalidValue(path: path, field: "id", value: "empty",
                                            fix: "give the profile an id, normally its file name without .json")
        }
        guard scale.isFinite, Self.scaleRange.contains(scale) else {
            throw invalid("scale", scale, "it must be between 1 and 4 (pixels per point, for example 3)")
        }
        for (field, side) in [("points.width", points.width), ("points.height", points.height)] {
            guard side.isFinite, Self.sideRange.contains(side) else {
                throw invalid(field, side, "it must be between 1 and 4096 points")
            }
        }
        for orientation in Orientation.allCases {
            let insets = safeArea[orientation]
            let screen = screenSize(in: orientation)
            let prefix = "safeArea.\(orientation.rawValue)"
            for (side, value) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)] {
                guard value.isFinite, value >= 0 else {
                    throw invalid("\(prefix).\(side)", value, "insets must be zero or more points")
                }
            }
            if insets.left + insets.right >= screen.width {
                throw invalid("\(prefix).left + right", insets.left + insets.right,
                              "the insets must leave room inside the \(Self.format(screen.width)) pt wide screen")
            }
            if insets.top + insets.bottom >= screen.height {
                throw invalid("\(prefix).top + bottom", insets.top + insets.bottom,
                              "the insets must leave room inside the \(Self.format(screen.height)) pt tall screen")
            }
        }
        let shortSide = min(points.width, points.height)
        guard cornerRadius.isFinite, cornerRadius >= 0, cornerRadius <= shortSide / 2 else {
            throw invalid("cornerRadius", cornerRadius, "it must be between 0 and half the screen's short side")
        }
        if let statusBar {
            guard statusBar.height.isFinite, statusBar.height >= 10, statusBar.height <= 100 else {
                throw invalid("statusBar.height", statusBar.height, "it must be between 10 and 100 points (54 on Dynamic Island "
                              + "phones); leave statusBar out for a device without one")
            }
        }
        if let cutout {
            for (field, value) in [("x", cutout.x), ("y", cutout.y), ("width", cutout.width), ("height", cutout.height),
                                   ("cornerRadius", cutout.cornerRadius)] where !(value.isFinite && value >= 0) {
                throw invalid("cutout.\(field)", value, "it must be zero or more points")
            }
            guard Rect(x: 0, y: 0, width: points.width, height: points.height).contains(cutout.rect) else {
                throw ProfileError.invalidValue(path: path, field: "cutout", value: "outside the screen",
                                                fix: "give its place in portrait points, inside the \(Self.format(points.width))×"
                                                    + "\(Self.format(points.height)) pt screen")
            }
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
