import ConsentRender
import Foundation

/// An Xcode project (`App.xcodeproj`, read from its `project.pbxproj`): its targets and their build
/// configurations, the xcconfig files those are based on, and the project's regions. Read only:
/// nothing is ever written inside the project.
package struct XcodeProject: Sendable {
    /// A build configuration of the project or of a target: its settings and its xcconfig.
    package struct Configuration: Sendable, Equatable {
        package var name: String
        package var settings: [String: String]
        /// The xcconfig it is based on, when it has one.
        package var baseConfiguration: URL?
    }

    package struct Target: Sendable, Equatable {
        package var name: String
        package var productName: String?
        /// `com.apple.product-type.application` for an app.
        package var productType: String?
        package var configurations: [String: Configuration]
        /// The configuration `xcodebuild` builds when none is named (the list's
        /// `defaultConfigurationName`).
        package var defaultConfiguration: String?
        /// The files its Copy Bundle Resources phase lists, relative to the project folder (a
        /// variant group's `.lproj` files each), as the build copies them into the app.
        package var resourcePaths: [String]
        /// Xcode 16's synchronized folders of the target: every file in them belongs to it, apart
        /// from its exceptions (paths relative to the folder).
        package var synchronizedFolders: [SynchronizedFolder]

        package var isApplication: Bool { productType == "com.apple.product-type.application" }
    }

    /// A folder Xcode 16 keeps in step with the disk (`PBXFileSystemSynchronizedRootGroup`).
    package struct SynchronizedFolder: Sendable, Equatable {
        /// Relative to the project folder.
        package var path: String
        /// Files in it that are not members of the target, relative to it.
        package var exceptions: Set<String>
    }

    /// The `.xcodeproj` folder.
    package let url: URL
    /// The folder that holds it (Xcode's `SRCROOT` and `PROJECT_DIR`).
    package var projectDirectory: URL { url.deletingLastPathComponent() }
    package let targets: [Target]
    package let configurations: [String: Configuration]
    package let developmentRegion: String?
    package let knownRegions: [String]
    /// Every file the project lists, by its path relative to the project folder where it has one.
    package let filePaths: [String]

    /// `project.pbxproj`'s path, for messages.
    package var pbxprojPath: String { url.appendingPathComponent("project.pbxproj").path }

    /// Reads `url` (an `.xcodeproj` folder, or its `project.pbxproj`).
    package static func load(_ url: URL) throws -> XcodeProject {
        let folder = url.lastPathComponent == "project.pbxproj" ? url.deletingLastPathComponent() : url
        let file = folder.appendingPathComponent("project.pbxproj")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw AppFileError.syntax(path: file.path, place: .line(1, column: nil), problem: "there is no readable project.pbxproj",
                                      fix: "give the .xcodeproj folder Xcode opens")
        }
        return try parse(data, projectURL: folder)
    }

    /// Reads a `project.pbxproj`'s bytes as the project at `projectURL`.
    package static func parse(_ data: Data, projectURL: URL) throws -> XcodeProject {
        let path = projectURL.appendingPathComponent("project.pbxproj").path
        var reader = OldStylePropertyListReader(scalars: try StringsFile.decode([UInt8](data), path: path), path: path)
        let root = try reader.wholeValue()
        let graph = try ObjectGraph(root: root, path: path)
        let project = try graph.object(graph.rootID, isa: "PBXProject", field: "rootObject")
        let paths = graph.filePaths(from: project.string("mainGroup"), base: "")
        func configurations(of owner: Object, field: String) throws -> (all: [String: Configuration], defaultName: String?) {
            guard let listID = owner.string("buildConfigurationList") else { return ([:], nil) }
            let list = try graph.object(listID, isa: "XCConfigurationList", field: "\(field).buildConfigurationList")
            var result: [String: Configuration] = [:]
            for id in list.strings("buildConfigurations") {
                let configuration = try graph.object(id, isa: "XCBuildConfiguration", field: "\(field).buildConfigurations")
                let name = configuration.string("name") ?? id
                var base: URL?
                if let reference = configuration.string("baseConfigurationReference") {
                    // A reference to a file the project does not have is no reason to build without it.
                    // (A file outside the main group's tree is taken from its own path.)
                    guard let relative = paths[reference] ?? graph.objects[reference].flatMap({ fields -> String? in
                        if case let .string(own)? = fields["path"] { return own }
                        return nil
                    }) else {
                        throw XcodeProjectError.missingObject(path: path, id: reference, field: "configuration \(name)'s baseConfigurationReference")
                    }
                    base = projectURL.deletingLastPathComponent().appendingPathComponent(relative)
                } else if let anchor = configuration.string("baseConfigurationReferenceAnchor"), let folder = paths[anchor],
                          let relative = configuration.string("baseConfigurationReferenceRelativePath") {
                    // Xcode 16's synchronized folders: the xcconfig lies in an anchored folder.
                    base = projectURL.deletingLastPathComponent().appendingPathComponent(folder).appendingPathComponent(relative)
                }
                result[name] = Configuration(name: name, settings: BuildSettings.resolvingConditions(configuration.settings("buildSettings"), configuration: name),
                                             baseConfiguration: base)
            }
            return (result, list.string("defaultConfigurationName"))
        }
        var targets: [Target] = []
        for id in project.strings("targets") {
            let target = try graph.object(id, isa: nil, field: "targets")
            let name = target.string("name") ?? id
            let (all, defaultName) = try configurations(of: target, field: "target \(name)")
            targets.append(Target(name: name, productName: target.string("productName"), productType: target.string("productType"),
                                  configurations: all, defaultConfiguration: defaultName,
                                  resourcePaths: graph.resourcePaths(of: target, paths: paths),
                                  synchronizedFolders: graph.synchronizedFolders(of: target, paths: paths)))
        }
        return XcodeProject(url: projectURL, targets: targets, configurations: try configurations(of: project, field: "project").all,
                            developmentRegion: project.string("developmentRegion"), knownRegions: project.strings("knownRegions"),
                            filePaths: paths.values.sorted())
    }

    /// The target named `name` (in any letter case), or an error listing the targets.
    package func target(_ name: String) throws -> Target {
        if let target = targets.first(where: { $0.name == name }) ?? targets.first(where: { $0.name.lowercased() == name.lowercased() }) {
            return target
        }
        let names = targets.map(\.name)
        let suggestion = closestMatch(to: name, among: names).map { " Did you mean '\($0)'?" } ?? ""
        throw XcodeProjectError.unknownTarget(project: url.path, target: name, targets: names, suggestion: suggestion)
    }

    /// `target`'s build settings for `configuration`, every level in Xcode's order, with `extra`
    /// (the user's `--build-setting`s) over them all.
    package func buildSettings(target name: String, configuration: String, extra: [String: String] = [:]) throws -> BuildSettings {
        let target = try target(name)
        // Xcode's names are matched exactly, else in any letter case (as targets are).
        let configuration = target.configurations[configuration] != nil ? configuration
            : target.configurations.keys.sorted().first { $0.lowercased() == configuration.lowercased() } ?? configuration
        guard let targetConfiguration = target.configurations[configuration] else {
            let names = target.configurations.keys.sorted()
            let suggestion = closestMatch(to: configuration, among: names).map { " Did you mean '\($0)'?" } ?? ""
            throw XcodeProjectError.unknownConfiguration(project: url.path, target: target.name, configuration: configuration,
                                                         configurations: names, suggestion: suggestion)
        }
        let source = projectDirectory.standardizedFileURL.path
        var levels = [BuildSettings.Level(name: "Xcode's defaults", settings: [
            "TARGET_NAME": target.name, "PROJECT_NAME": url.deletingPathExtension().lastPathComponent, "SRCROOT": source,
            "PROJECT_DIR": source, "SOURCE_ROOT": source, "CONFIGURATION": configuration, "PRODUCT_NAME": "$(TARGET_NAME)",
            "DEVELOPMENT_LANGUAGE": developmentRegion ?? "en", "PLATFORM_NAME": "iphoneos", "SDK_NAME": "iphoneos",
            "EFFECTIVE_PLATFORM_NAME": "-iphoneos",
        ])]
        func add(_ configuration: Configuration?, _ owner: String) throws {
            guard let configuration else { return }
            if let base = configuration.baseConfiguration {
                guard FileManager.default.fileExists(atPath: base.path) else {
                    throw XcodeProjectError.missingXCConfig(project: pbxprojPath, owner: owner, configuration: configuration.name, path: base.path)
                }
                let config = try XCConfig.load(base, configuration: configuration.name)
                levels.append(.init(name: "\(owner)'s xcconfig (\(base.lastPathComponent))",
                                    settings: Dictionary(config.settings.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })))
            }
            levels.append(.init(name: "\(owner)'s build settings (\(pbxprojPath))", settings: configuration.settings))
        }
        try add(configurations[configuration], "the project")
        try add(targetConfiguration, "the target \(target.name)")
        if !extra.isEmpty { levels.append(.init(name: "--build-setting", settings: extra)) }
        return BuildSettings(levels: levels)
    }
}

/// A project that does not have the target or configuration a document names.
package enum XcodeProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownTarget(project: String, target: String, targets: [String], suggestion: String)
    case unknownConfiguration(project: String, target: String, configuration: String, configurations: [String], suggestion: String)
    case missingObject(path: String, id: String, field: String)
    case wrongObject(path: String, id: String, field: String, expected: String, found: String)
    /// No target was named, and the project has no app target or several.
    case whichTarget(project: String, apps: [String], targets: [String])
    case noConfigurations(project: String, target: String)
    /// A configuration is based on an .xcconfig file that is not there.
    case missingXCConfig(project: String, owner: String, configuration: String, path: String)
    /// The target builds for another platform than iOS (`macosx`).
    case notIOS(project: String, target: String, platform: String, iosApps: [String])
    /// The target names no Info.plist and does not generate one.
    case noInfoPlist(origin: String)
    /// `INFOPLIST_FILE` names a file that is not there.
    case missingInfoPlist(origin: String, path: String, setting: String)
    /// A setting the reading needs holds a variable nothing sets.
    case unsetVariable(origin: String, setting: String, variable: String, level: String)
    /// `document.json`'s `app` gives both `project` and `infoPlist`.
    case projectAndInfoPlist(settingsPath: String)
    /// `target` or `configuration` (or `--target`) without a project.
    case withoutProject(field: String, source: String, fix: String)
    /// A `table` name that is not a file name.
    case badTable(name: String, source: String)

    package var description: String {
        switch self {
        case let .unknownTarget(project, target, targets, suggestion):
            return "\(project) has no target '\(target)'.\(suggestion) Its targets: \(targets.joined(separator: ", "))."
        case let .unknownConfiguration(project, target, configuration, configurations, suggestion):
            return "\(project): the target \(target) has no build configuration '\(configuration)'.\(suggestion) "
                + "It has: \(configurations.joined(separator: ", "))."
        case let .missingObject(path, id, field):
            return "\(path): \(field) names the object \(id), which the file does not have; re-save the project in Xcode."
        case let .wrongObject(path, id, field, expected, found):
            return "\(path): \(field) names \(id), a \(found) where a \(expected) belongs; re-save the project in Xcode."
        case let .whichTarget(project, apps, targets):
            if apps.isEmpty {
                return "\(project) has no app target (com.apple.product-type.application), so it is not clear which target's Info.plist "
                    + "to read; name one: \"app\": { \"target\": \"…\" } or --target NAME. Its targets: \(targets.joined(separator: ", "))."
            }
            return "\(project) has \(apps.count) app targets (\(apps.joined(separator: ", "))); name the one to render: "
                + "\"app\": { \"target\": \"\(apps[0])\" } or --target \(apps[0])."
        case let .notIOS(project, target, platform, iosApps):
            let fix = iosApps.isEmpty ? "ConsentRender draws iOS's prompts; this project has no iOS app target"
                : "name an iOS app target: \"app\": { \"target\": \"\(iosApps[0])\" } or --target \(iosApps[0])"
                    + (iosApps.count > 1 ? " (its iOS apps: \(iosApps.joined(separator: ", ")))" : "")
            return "\(project): the target \(target) builds for \(platform) (SDKROOT / SUPPORTED_PLATFORMS), not iOS; \(fix)."
        case let .missingXCConfig(project, owner, configuration, path):
            return "\(project): \(owner)'s \(configuration) configuration is based on \(path), which does not exist (Xcode cannot build it "
                + "either); restore the file, or choose another in Xcode (the project's Info tab, Configurations)."
        case let .noConfigurations(project, target):
            return "\(project): the target \(target) has no build configurations; re-save the project in Xcode."
        case let .noInfoPlist(origin):
            return "\(origin): the target has no Info.plist: INFOPLIST_FILE is not set and GENERATE_INFOPLIST_FILE is not YES. "
                + "Name the target that builds the app (--target), or set one of them in the project."
        case let .missingInfoPlist(origin, path, setting):
            return "\(origin): INFOPLIST_FILE (from \(setting)) names \(path), which does not exist; check out the whole project, "
                + "or give the setting with --build-setting INFOPLIST_FILE=path/Info.plist (relative to the project's folder)."
        case let .unsetVariable(origin, setting, variable, level):
            return "\(origin): \(setting) (from \(level)) uses $(\(variable)), which no level of the build settings sets; give it: "
                + "--build-setting \(variable)=… or \"app\": { \"buildSettings\": { \"\(variable)\": \"…\" } }."
        case let .projectAndInfoPlist(settingsPath):
            return "\(settingsPath): \"app\" gives both \"project\" and \"infoPlist\"; the project names its target's Info.plist. "
                + "Keep one: \"project\" to read what Xcode builds, or \"infoPlist\" for that file alone."
        case let .withoutProject(field, source, fix):
            if field == "--build-setting" {
                return "\(source): --build-setting gives values to the app's Info.plist variables, and no app files are given; \(fix)."
            }
            return "\(source): \(field) chooses a target of an Xcode project, and no project is given; \(fix)."
        case let .badTable(name, source):
            return "\(source): the table '\(name)' is not a table name; give the .strings file's name without its folder "
                + "or extension, for example \"table\": \"Localizable\"."
        }
    }
}

extension XcodeProjectError: CausedError { package var cause: ErrorCause { .input } }

/// One object of a pbxproj (`isa = PBXNativeTarget; …`).
private struct Object {
    let id: String
    let fields: [String: PropertyListValue]

    func string(_ key: String) -> String? {
        if case let .string(text)? = fields[key] { return text }
        return nil
    }

    func strings(_ key: String) -> [String] {
        guard case let .array(items)? = fields[key] else { return [] }
        return items.compactMap { if case let .string(text) = $0 { text } else { nil } }
    }

    /// Build settings: strings as they are, arrays joined with spaces as Xcode joins them.
    func settings(_ key: String) -> [String: String] {
        guard case let .dictionary(entries)? = fields[key] else { return [:] }
        return entries.compactMapValues { value in
            switch value {
            case let .string(text): text
            case let .array(items): items.compactMap { if case let .string(text) = $0 { text } else { nil } }.joined(separator: " ")
            default: nil
            }
        }
    }
}

/// A pbxproj's `objects` by id, and its `rootObject`.
private struct ObjectGraph {
    let objects: [String: [String: PropertyListValue]]
    let rootID: String
    let path: String

    init(root: PropertyListValue, path: String) throws {
        self.path = path
        guard case let .dictionary(top) = root else {
            throw AppFileError.syntax(path: path, place: .line(1, column: nil), problem: "it is not a dictionary of objects",
                                      fix: "give the project.pbxproj inside an .xcodeproj folder")
        }
        let missing = [("objects", top["objects"].map { if case .dictionary = $0 { true } else { false } } ?? false),
                       ("rootObject", top["rootObject"].map { if case .string = $0 { true } else { false } } ?? false)]
            .filter { !$0.1 }.map(\.0)
        guard missing.isEmpty, case let .dictionary(objects)? = top["objects"], case let .string(rootID)? = top["rootObject"] else {
            throw AppFileError.syntax(path: path, place: .line(1, column: nil), problem: "it has no \(missing.joined(separator: " and "))",
                                      fix: "restore the file from version control, or re-save the project in Xcode")
        }
        self.objects = objects.compactMapValues { if case let .dictionary(fields) = $0 { fields } else { nil } }
        self.rootID = rootID
    }

    func object(_ id: String, isa expected: String?, field: String) throws -> Object {
        guard let fields = objects[id] else { throw XcodeProjectError.missingObject(path: path, id: id, field: field) }
        let object = Object(id: id, fields: fields)
        if let expected, let isa = object.string("isa"), isa != expected {
            throw XcodeProjectError.wrongObject(path: path, id: id, field: field, expected: expected, found: isa)
        }
        return object
    }

    /// The files `target`'s resources phase copies, relative to the project folder: a file's own
    /// path, a variant group's (`InfoPlist.strings` in each `.lproj`) each child's.
    func resourcePaths(of target: Object, paths: [String: String]) -> [String] {
        var result: [String] = []
        for phaseID in target.strings("buildPhases") {
            guard let phase = objects[phaseID].map({ Object(id: phaseID, fields: $0) }), phase.string("isa") == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase.strings("files") {
                guard let reference = objects[buildFileID].map({ Object(id: buildFileID, fields: $0) })?.string("fileRef"),
                      let file = objects[reference].map({ Object(id: reference, fields: $0) }) else { continue }
                if file.string("isa") == "PBXVariantGroup" {
                    result += file.strings("children").compactMap { paths[$0] }
                } else if let path = paths[reference] {
                    result.append(path)
                }
            }
        }
        // A synchronized folder of another target lends this one the files its exception sets
        // name for it (an extension sharing the app's Localizable.xcstrings).
        let own = Set(target.strings("fileSystemSynchronizedGroups"))
        for (groupID, fields) in objects.sorted(by: { $0.key < $1.key }) where !own.contains(groupID) {
            let group = Object(id: groupID, fields: fields)
            guard group.string("isa") == "PBXFileSystemSynchronizedRootGroup", let folder = paths[groupID] else { continue }
            for setID in group.strings("exceptions") {
                guard let set = objects[setID].map({ Object(id: setID, fields: $0) }), set.string("target") == target.id else { continue }
                result += set.strings("membershipExceptions").map { folder.isEmpty ? $0 : folder + "/" + $0 }
            }
        }
        return result
    }

    /// `target`'s synchronized folders, with the files its exception sets keep out of it.
    func synchronizedFolders(of target: Object, paths: [String: String]) -> [XcodeProject.SynchronizedFolder] {
        target.strings("fileSystemSynchronizedGroups").compactMap { groupID in
            guard let path = paths[groupID], let fields = objects[groupID] else { return nil }
            let group = Object(id: groupID, fields: fields)
            var exceptions = Set<String>()
            for setID in group.strings("exceptions") {
                guard let set = objects[setID].map({ Object(id: setID, fields: $0) }), set.string("target") == target.id else { continue }
                exceptions.formUnion(set.strings("membershipExceptions"))
            }
            return XcodeProject.SynchronizedFolder(path: path, exceptions: exceptions)
        }
    }

    /// Every group and file below `groupID` by id, with its path relative to the project folder
    /// (`<group>` paths joined to their group's, `SOURCE_ROOT` ones from the project folder;
    /// absolute and build-product paths are left out).
    func filePaths(from groupID: String?, base: String) -> [String: String] {
        var paths: [String: String] = [:]
        func visit(_ id: String, parent: String, depth: Int) {
            guard depth < 64, let fields = objects[id] else { return }
            let object = Object(id: id, fields: fields)
            let own = object.string("path")
            let here: String?
            switch object.string("sourceTree") ?? "<group>" {
            case "<group>": here = own.map { parent.isEmpty ? $0 : parent + "/" + $0 } ?? parent
            case "SOURCE_ROOT": here = own ?? ""
            default: here = nil
            }
            guard let here else { return }
            paths[id] = here
            for child in object.strings("children") { visit(child, parent: here, depth: depth + 1) }
        }
        if let groupID { visit(groupID, parent: base, depth: 0) }
        return paths
    }
}
