import ConsentRender
import Foundation

extension AppInfo {
    /// The app as an Xcode project builds it: the target's build settings for `configuration`
    /// (with `buildSettings` over them), its Info.plist (`INFOPLIST_FILE`, merged with the one
    /// Xcode generates from `INFOPLIST_KEY_*` when `GENERATE_INFOPLIST_FILE` is on), every
    /// `$(VAR)` expanded, and the `.lproj` files and String Catalogs its resources hold (the
    /// Copy Bundle Resources phase, variant groups, Xcode 16's synchronized folders), then
    /// `extraLocalizations` (Swift packages' resources). Nothing inside the project is written.
    static func load(project url: URL, target name: String?, configuration: String?, buildSettings extra: [String: String],
                     table: String, extraLocalizations: [URL], source: String) throws -> AppInfo {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw PromptError.missingAppFile(path: url.path, source: source,
                                             fix: "give the .xcodeproj folder Xcode opens, relative to the document folder")
        }
        let project = try XcodeProject.load(url)
        let target = try name.map { try project.target($0) } ?? project.appTarget()
        if let platform = try project.otherPlatform(of: target) {
            throw XcodeProjectError.notIOS(project: project.url.path, target: target.name, platform: platform,
                                           iosApps: try project.targets.filter { try $0.isApplication && project.otherPlatform(of: $0) == nil }.map(\.name))
        }
        let configurationName = try configuration ?? target.defaultConfiguration
            ?? target.configurations.keys.sorted().first
            ?? { throw XcodeProjectError.noConfigurations(project: project.pbxprojPath, target: target.name) }()
        let settings = try project.buildSettings(target: target.name, configuration: configurationName, extra: extra)
        let origin = "\(url.lastPathComponent), target \(target.name), \(configurationName)"

        // The Info.plist file the target names, if any.
        var info: AppInfo
        func setting(_ name: String) throws -> String? {
            do { return try settings.value(name) } catch let unset as BuildSettings.Unset {
                throw XcodeProjectError.unsetVariable(origin: origin, setting: name, variable: unset.variable,
                                                      level: settings.source(of: name) ?? project.pbxprojPath)
            }
        }
        let generates = try setting("GENERATE_INFOPLIST_FILE")?.uppercased() == "YES"
        let plistSetting = try setting("INFOPLIST_FILE")
        if let plistPath = plistSetting, !plistPath.isEmpty {
            let plist = plistPath.hasPrefix("/") ? URL(fileURLWithPath: plistPath)
                : project.projectDirectory.appendingPathComponent(plistPath).standardizedFileURL
            guard FileManager.default.fileExists(atPath: plist.path) else {
                throw XcodeProjectError.missingInfoPlist(origin: origin, path: plist.path, setting: settings.source(of: "INFOPLIST_FILE") ?? "")
            }
            info = try readInfoPlist(plist)
        } else if generates {
            info = AppInfo(infoPlistPath: project.pbxprojPath, infoPlist: [:], developmentRegion: "en")
        } else {
            throw XcodeProjectError.noInfoPlist(origin: origin)
        }
        // Expanded as the build expands it, before the generated keys go over it.
        if try setting("INFOPLIST_EXPAND_BUILD_SETTINGS")?.uppercased() != "NO" {
            info.expandVariables(with: settings)
        }
        if generates {
            for (key, setting) in generatedKeys(settings) {
                // A variable nothing sets stays as written, and a render that would show it is refused.
                guard let value = (try? settings.value(setting)) ?? settings.rawValue(setting) else { continue }
                info.infoPlist[key] = value
                if (try? settings.value(setting)) == nil { info.unexpandedReasons[key] = settings.whyUnexpanded(value) }
                info.infoPlistSources[key] = "\(setting) in \(settings.source(of: setting) ?? project.pbxprojPath)"
            }
            info.developmentRegion = info.infoPlist["CFBundleDevelopmentRegion"].flatMap(lprojTag) ?? info.developmentRegion
        }
        info.buildSettingNames = settings.names
        info.origin = origin
        info.generatesInfoPlist = generates
        info.table = table

        // The target's resources, then the folders the document adds.
        info.protect(url, role: "the app's Xcode project")
        for path in target.resourcePaths {
            let file = project.projectDirectory.appendingPathComponent(path).standardizedFileURL
            try info.addResource(file)
        }
        for folder in target.synchronizedFolders {
            let url = project.projectDirectory.appendingPathComponent(folder.path).standardizedFileURL
            try info.addSynchronized(url, exceptions: folder.exceptions)
            // Whatever lands in it becomes part of the app's next build.
            info.protect(url, role: "target \(target.name)'s synchronized folder \(folder.path)")
        }
        for folder in extraLocalizations {
            try info.addLocalizations(in: folder, package: true)
            info.protect(folder, role: "a folder of the app's localizations")
        }
        info.protectLocalizations()
        // InfoPlist.strings on disk beside the target's .lproj folders that it does not list.
        for parent in Set(info.lprojLanguages.values.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).sorted() {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).sorted() where name.hasSuffix(".lproj") {
                guard let tag = lprojTag(String(name.dropLast(".lproj".count))), info.infoPlistStrings[tag] == nil, tag != "Base" else { continue }
                let file = URL(fileURLWithPath: parent).appendingPathComponent(name).appendingPathComponent("InfoPlist.strings").path
                if FileManager.default.fileExists(atPath: file), info.unlistedInfoPlistStrings[tag] == nil { info.unlistedInfoPlistStrings[tag] = file }
            }
        }
        // Every target's synchronized folders and every .lproj folder the project lists, whichever
        // target they belong to: a file put there becomes part of the next build.
        for other in project.targets where other.name != target.name {
            for folder in other.synchronizedFolders {
                info.protect(project.projectDirectory.appendingPathComponent(folder.path).standardizedFileURL,
                             role: "target \(other.name)'s synchronized folder \(folder.path)")
            }
        }
        for path in project.filePaths {
            let parts = path.split(separator: "/")
            guard let index = parts.lastIndex(where: { $0.hasSuffix(".lproj") }) else { continue }
            let lproj = parts[...index].joined(separator: "/")
            info.protect(project.projectDirectory.appendingPathComponent(lproj).standardizedFileURL, role: "the project's \(lproj)")
        }
        return info
    }

    /// The keys Xcode's generated Info.plist takes from build settings (`INFOPLIST_KEY_<key>`, and
    /// the bundle's name and development region from `PRODUCT_NAME` and `DEVELOPMENT_LANGUAGE`),
    /// each with its setting. The generated values go over the file's, as Xcode's build merges
    /// them (swift-build's InfoPlistProcessorTaskAction: "last-in-wins").
    static func generatedKeys(_ settings: BuildSettings) -> [(key: String, setting: String)] {
        var keys: [(String, String)] = [("CFBundleName", "PRODUCT_NAME"), ("CFBundleDevelopmentRegion", "DEVELOPMENT_LANGUAGE")]
        for name in settings.names where name.hasPrefix("INFOPLIST_KEY_") {
            let key = String(name.dropFirst("INFOPLIST_KEY_".count))
            // Xcode generates only the keys it declares: the strings a screen can show.
            if generatedStringKeys.contains(key) { keys.append((key, name)) }
        }
        return keys.sorted { $0.0 < $1.0 }
    }

    /// The string-valued Info.plist keys Xcode generates from `INFOPLIST_KEY_*` build settings
    /// that an app's screens can show: the display name and every usage description (swift-build's
    /// InfoPlistProcessorTaskAction, `usageDescriptionStringKeys`, commit 41aee62).
    static let generatedStringKeys: Set<String> = [
        "CFBundleDisplayName", "NSHumanReadableCopyright",
        "NFCReaderUsageDescription", "NSAccessoryTrackingUsageDescription", "NSAppDataUsageDescription", "NSAppleEventsUsageDescription",
        "NSAppleMusicUsageDescription", "NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription",
        "NSBluetoothWhileInUseUsageDescription", "NSCalendarsUsageDescription", "NSCalendarsFullAccessUsageDescription",
        "NSCalendarsWriteOnlyAccessUsageDescription", "NSCameraUsageDescription", "NSContactsUsageDescription",
        "NSCriticalMessagingUsageDescription", "NSDesktopFolderUsageDescription", "NSDocumentsFolderUsageDescription",
        "NSDownloadsFolderUsageDescription", "NSFaceIDUsageDescription", "NSFallDetectionUsageDescription",
        "NSFileProviderDomainUsageDescription", "NSFileProviderPresenceUsageDescription", "NSFinancialDataUsageDescription",
        "NSFocusStatusUsageDescription", "NSGKFriendListUsageDescription", "NSHandsTrackingUsageDescription",
        "NSHealthClinicalHealthRecordsShareUsageDescription", "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription",
        "NSHomeKitUsageDescription", "NSIdentityUsageDescription", "NSLocalNetworkUsageDescription",
        "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription", "NSLocationUsageDescription",
        "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription", "NSMotionUsageDescription",
        "NSNearbyInteractionAllowOnceUsageDescription", "NSNearbyInteractionUsageDescription", "NSNetworkVolumesUsageDescription",
        "NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription", "NSRemindersUsageDescription",
        "NSRemindersFullAccessUsageDescription", "NSRemovableVolumesUsageDescription", "NSSensorKitUsageDescription",
        "NSSiriUsageDescription", "NSSpeechRecognitionUsageDescription", "NSSystemAdministrationUsageDescription",
        "NSSystemExtensionUsageDescription", "NSUserTrackingUsageDescription", "NSVideoSubscriberAccountUsageDescription",
        "NSVoIPUsageDescription", "NSWorldSensingUsageDescription", "OSBundleUsageDescription",
    ]

    /// One file the resources phase copies: an `.lproj` file (a variant group's child), an
    /// `.lproj` folder, or a String Catalog; other files hold no words a prompt shows.
    mutating func addResource(_ url: URL) throws {
        let parent = url.deletingLastPathComponent()
        if parent.pathExtension == "lproj" {
            try addLproj(parent, only: url.lastPathComponent)
        } else if url.pathExtension == "lproj" {
            try addLproj(url, only: nil)
        } else if url.lastPathComponent == "InfoPlist.xcstrings" || url.lastPathComponent == "\(table).xcstrings" {
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            try addCatalog(url)
        }
    }

    /// Every `.lproj` folder and String Catalog in a synchronized folder, at any depth (the build
    /// copies them to the bundle's top), apart from the target's exceptions.
    mutating func addSynchronized(_ folder: URL, exceptions: Set<String>) throws {
        var found: [(URL, String)] = []
        func walk(_ url: URL, relative: String, depth: Int) {
            guard depth < 12, found.count < 10_000 else { return }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let child = url.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                guard !exceptions.contains(path) else { continue }
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder) else { continue }
                if name.hasSuffix(".lproj") || name.hasSuffix(".xcstrings") {
                    found.append((child, path))
                } else if isFolder.boolValue, !["xcassets", "xcodeproj", "bundle", "framework"].contains(child.pathExtension) {
                    walk(child, relative: path, depth: depth + 1)
                }
            }
        }
        walk(folder, relative: "", depth: 0)
        for (url, path) in found {
            if url.pathExtension == "lproj" {
                // A file of it may be an exception on its own.
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
                for name in names where !exceptions.contains(path + "/" + name) { try addLproj(url, only: name) }
            } else {
                try addResource(url)
            }
        }
    }
}

extension XcodeProject {
    /// The project's one app target, or an error naming them.
    /// A macOS, watchOS, tvOS or visionOS app target is not one whose prompts iOS shows, so it is
    /// not a candidate when the project also has an iOS one.
    package func appTarget() throws -> Target {
        let apps = targets.filter(\.isApplication)
        if apps.count == 1 { return apps[0] }
        let iosApps = try apps.filter { try otherPlatform(of: $0) == nil }
        if iosApps.count == 1 { return iosApps[0] }
        throw XcodeProjectError.whichTarget(project: url.path, apps: (iosApps.isEmpty ? apps : iosApps).map(\.name), targets: targets.map(\.name))
    }

    /// The platform `target` builds for when it is not iOS (`macosx` from `SDKROOT` in its default
    /// configuration), or nil for an iOS target: `SDKROOT` iphoneos, or `auto`/unset with
    /// `SUPPORTED_PLATFORMS` naming iphoneos (or unset).
    package func otherPlatform(of target: Target) throws -> String? {
        guard let configuration = target.defaultConfiguration ?? target.configurations.keys.sorted().first else { return nil }
        let settings = try buildSettings(target: target.name, configuration: configuration)
        let sdk = ((try? settings.value("SDKROOT")) ?? settings.rawValue("SDKROOT") ?? "").lowercased()
        if sdk.hasPrefix("iphoneos") || sdk.hasPrefix("iphonesimulator") { return nil }
        let platforms = ((try? settings.value("SUPPORTED_PLATFORMS")) ?? settings.rawValue("SUPPORTED_PLATFORMS") ?? "")
            .lowercased().split(separator: " ").map(String.init)
        if platforms.contains("iphoneos") { return nil }
        if !platforms.isEmpty { return platforms[0] }
        return sdk.isEmpty || sdk == "auto" ? nil : sdk
    }
}
