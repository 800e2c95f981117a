import ConsentRender
import Foundation

/// Finds the DeviceProfiles folder: `--profiles`, then `$CONSENT_PROFILES_DIR`, then
/// `./DeviceProfiles`, then a `DeviceProfiles` folder above the executable (a source checkout).
func locateProfileCatalog(explicit: String?) throws -> DeviceProfileCatalog {
    if let explicit {
        return DeviceProfileCatalog(directory: URL(fileURLWithPath: explicit))
    }
    var searched: [String] = []
    var candidates: [URL] = []
    if let fromEnvironment = ProcessInfo.processInfo.environment["CONSENT_PROFILES_DIR"], !fromEnvironment.isEmpty {
        candidates.append(URL(fileURLWithPath: fromEnvironment))
    }
    candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("DeviceProfiles"))
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" {
        candidates.append(folder.appendingPathComponent("DeviceProfiles"))
        folder.deleteLastPathComponent()
    }
    for candidate in candidates {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return DeviceProfileCatalog(directory: candidate)
        }
        searched.append(candidate.path)
    }
    throw ProfileError.noProfilesDirectory(searched: Array(searched.prefix(3)))
}
