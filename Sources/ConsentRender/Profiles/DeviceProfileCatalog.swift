import Foundation

/// The device profiles in one folder, looked up by id.
public struct DeviceProfileCatalog: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Profile ids in the folder, sorted.
    public func ids() throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw ProfileError.unreadable(path: directory.path, reason: describeFileError(error))
        }
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Every profile in the folder, sorted by id.
    public func allProfiles() throws -> [DeviceProfile] {
        try ids().map { try profile(id: $0) }
    }

    /// The profile named by `reference`: an id in this folder, or a path to a `.json` file.
    public func profile(reference: String) throws -> DeviceProfile {
        if reference.hasSuffix(".json") || reference.contains("/") {
            return try DeviceProfile.load(from: URL(fileURLWithPath: reference))
        }
        return try profile(id: reference)
    }

    /// The profile with `id`, or an error suggesting the closest id.
    public func profile(id: String) throws -> DeviceProfile {
        let url = directory.appendingPathComponent(id + ".json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            let known = (try? ids()) ?? []
            throw ProfileError.unknownDevice(id: id, suggestion: closestMatch(to: id, among: known), directory: directory.path)
        }
        let profile = try DeviceProfile.load(from: url)
        guard profile.id == id else {
            throw ProfileError.invalidValue(path: url.path, field: "id", value: "'\(profile.id)'",
                                            fix: "it must match the file name; change it to '\(id)'")
        }
        return profile
    }
}

extension DeviceProfileCatalog {
    /// The device profiles that ship with the library, as package resources: what a team's own
    /// tests render with, without a copy of the profiles folder.
    public static var builtIn: DeviceProfileCatalog {
        get throws {
            guard let folder = Bundle.module.url(forResource: "DeviceProfiles", withExtension: nil) else {
                throw ProfileError.noProfilesDirectory(searched: [Bundle.module.bundlePath + "/DeviceProfiles"])
            }
            return DeviceProfileCatalog(directory: folder)
        }
    }
}

extension DeviceProfile {
    /// A built-in profile by its id (`DeviceProfile.named("iphone-15-pro")`); an unknown id is an
    /// error naming the nearest one.
    public static func named(_ id: String) throws -> DeviceProfile {
        try DeviceProfileCatalog.builtIn.profile(id: id)
    }
}
