import AndroidFiles
import ConsentRender
import XcodeFiles
import Foundation

/// Finds the DeviceProfiles folder: `--profiles`, then `$CONSENT_PROFILES_DIR` (either must exist),
/// then `./DeviceProfiles`, then a `DeviceProfiles` folder above the executable (a source checkout).

/// Opens `--document` and prints the folder's notes (files it ignored) on stderr.
func openDocument(_ options: ParsedArguments, command: String, example: String = "Samples/privacy-agreement") throws -> DocumentFolder {
    let url = URL(fileURLWithPath: try options.required("document", example: example))
    // `--app-info DIR` stands in for document.json's "app" entirely: the document's own app files
    // are not read, so it can route around one that does not read.
    let folder = try DocumentFolder(url: url, appFiles: appFileReaders(overrides: try options.appFileOverrides()), app: try options.appInfo())
    for note in folder.notes {
        printError("render-cli \(command): note: \(note)")
    }
    return folder
}

/// Notes a `backdrop/` image whose name matches no device profile: it would never be used.
func noteUnmatchedBackdrops(_ folder: DocumentFolder, deviceIDs: [String], command: String) {
    for (file, suggestion) in folder.content.backdrops.unmatchedFiles(deviceIDs: deviceIDs) {
        let hint = suggestion.map { "; did you mean \($0)?" } ?? ""
        printError("render-cli \(command): note: \(file) matches no device profile, so no render uses it\(hint)")
    }
}

func locateProfileCatalog(explicit: String?) throws -> DeviceProfileCatalog {
    // A folder the user named must exist: falling back to another would render other devices.
    func named(_ path: String, by source: String) throws -> DeviceProfileCatalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError(message: "\(source) '\(path)' does not exist; give the folder holding the device profiles "
                + "(one <id>.json each), for example DeviceProfiles")
        }
        guard isDirectory.boolValue else {
            throw UsageError(message: "\(source) '\(path)' is a file; give the folder holding the device profiles")
        }
        return DeviceProfileCatalog(directory: URL(fileURLWithPath: path))
    }
    if let explicit {
        return try named(explicit, by: "--profiles")
    }
    if let fromEnvironment = ProcessInfo.processInfo.environment["CONSENT_PROFILES_DIR"], !fromEnvironment.isEmpty {
        return try named(fromEnvironment, by: "CONSENT_PROFILES_DIR")
    }
    var searched: [String] = []
    var candidates: [URL] = []
    candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("DeviceProfiles"))
    // The binary's own path (`render-cli` found on the PATH is not a path to it).
    let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
    var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
    while folder.path != "/" {
        candidates.append(folder.appendingPathComponent("DeviceProfiles"))
        folder.deleteLastPathComponent()
    }
    for candidate in candidates {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return DeviceProfileCatalog(directory: candidate)
        }
        if !searched.contains(candidate.path) { searched.append(candidate.path) }
    }
    // Last, the profiles built into the library (its resource bundle beside the binary).
    if let builtIn = try? DeviceProfileCatalog.builtIn, FileManager.default.fileExists(atPath: builtIn.directory.path) {
        return builtIn
    }
    throw ProfileError.noProfilesDirectory(searched: Array(searched.prefix(3)))
}

/// Refuses `--app-info` when the screens laid out so far took nothing from the app's files: the
/// option would change nothing (the consent screen reads the app only for strings that name a key
/// of its Localizable strings; system prompts always read it).
func checkAppInfoIsUsed(_ options: ParsedArguments, folder: DocumentFolder, why: String, fix: String) throws {
    guard let option = appFilesOption(options), let app = folder.content.app, !app.reads.happened else { return }
    throw UsageError(message: "--\(option) changes nothing here: \(why); \(fix.replacingOccurrences(of: "--app-info", with: "--\(option)"))")
}

/// The option that names the app's files on the command line (`app-info` or `xcodeproj`), if one does.
func appFilesOption(_ options: ParsedArguments) -> String? {
    ["app-info", "xcodeproj"].first { options.value($0) != nil }
}

/// Why consent screens alone take nothing from the app's files.
let consentScreensNeedNoApp = "no system prompt is asked for, and document.json's strings name no key of the app's Localizable strings"

/// The readers documents are opened with: an Android app's resources (`"app": { "resources": … }`),
/// else an Xcode app's files, with the command line's `--xcodeproj`, `--target` and `--build-setting`.
func appFileReaders(overrides: AppFileOverrides = AppFileOverrides()) -> AppFileReaders {
    AppFileReaders([AndroidAppFiles(), XcodeAppFiles(overrides: overrides)])
}
