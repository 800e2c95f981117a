import ConsentRender
import Foundation

/// An app's `AndroidManifest.xml`, as far as its permission dialogs need it: the permissions it
/// asks for (`<uses-permission>`, `<uses-permission-sdk-23>`) and its label
/// (`<application android:label>`). Attributes are matched by namespace, not prefix; an element
/// the manifest merger removes (`tools:node="remove"`) is not asked for, nor is a permission whose
/// `android:maxSdkVersion` is below the Android drawn (34).
public struct AndroidManifest: Sendable, Equatable {
    /// One `<uses-permission>`.
    public struct Permission: Sendable, Equatable {
        /// `android.permission.CAMERA`.
        public var name: String
        public var line: Int
        /// `android:maxSdkVersion`, if given.
        public var maxSdkVersion: Int?
    }

    public var path: String
    /// The permissions the app asks for on Android 14, in the manifest's order.
    public var permissions: [Permission]
    /// `<application android:label>` as written (`@string/app_name`, a literal or `${placeholder}`).
    public var label: String?
    /// The line of `<application>`, for messages about its label.
    public var labelLine = 0
    /// What reading left aside (a permission only older Androids ask for), for the user.
    public var notes: [String]

    static let androidNamespace = "http://schemas.android.com/apk/res/android"
    static let toolsNamespace = "http://schemas.android.com/tools"

    public static func load(_ url: URL) throws -> AndroidManifest {
        try parse(try ResourceXMLReader.contents(of: url), path: url.path)
    }

    public static func parse(_ data: Data, path: String) throws -> AndroidManifest {
        let root = try ResourceXMLReader.root(of: data, path: path)
        guard root.name == "manifest" else {
            throw AndroidResourceError.syntax(path: path, line: root.line, column: root.column,
                                              problem: "the root element is <\(root.name)>, and an app manifest's is <manifest>",
                                              fix: "give the app module's AndroidManifest.xml (app/src/main/AndroidManifest.xml)")
        }
        let namespaces = Self.namespaces(of: root, inherited: [:])
        func attribute(_ element: XMLElement, _ local: String, in namespace: String, scope: [String: String]) -> String? {
            element.attributes.first { attribute in
                let parts = attribute.name.split(separator: ":", maxSplits: 1).map(String.init)
                return parts.count == 2 && parts[1] == local && scope[parts[0]] == namespace
            }?.value
        }
        var permissions: [Permission] = [], notes: [String] = [], label: String?, labelLine = 0
        func fail(_ element: XMLElement, _ problem: String, _ fix: String) -> AndroidResourceError {
            .syntax(path: path, line: element.line, column: element.column, problem: problem, fix: fix)
        }
        for node in root.children {
            guard case let .element(element) = node.content else { continue }
            let scope = Self.namespaces(of: element, inherited: namespaces)
            // A misspelt element Android's tools would flag is not passed over: its permission would vanish.
            if !Self.manifestElements.contains(element.name),
               let near = closestMatch(to: element.name, among: Self.manifestElements.sorted()) {
                throw fail(element, "<\(element.name)> is not a manifest element", "did you mean <\(near)>?")
            }
            // A library's bare <manifest /> declares no namespace and needs none; a permission does.
            if ["uses-permission", "uses-permission-sdk-23", "application"].contains(element.name), !scope.values.contains(androidNamespace) {
                throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column,
                                                  problem: "<\(element.name)> is read by its android: attributes, and the manifest declares no "
                                                      + "Android namespace",
                                                  fix: "add xmlns:android=\"\(androidNamespace)\" to <manifest>")
            }
            switch element.name {
            case "uses-permission", "uses-permission-sdk-23":
                for attribute in element.attributes {
                    let parts = attribute.name.split(separator: ":", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { continue }
                    if scope[parts[0]] == androidNamespace, !Self.permissionAttributes.contains(parts[1]) {
                        let near = closestMatch(to: parts[1], among: Self.permissionAttributes.sorted())
                        throw fail(element, "<\(element.name)> has no attribute android:\(parts[1])",
                                   near.map { "did you mean android:\($0)?" } ?? "remove it")
                    }
                    if scope[parts[0]] == toolsNamespace, parts[1] == "node", !Self.toolsNodes.contains(attribute.value) {
                        let near = closestMatch(to: attribute.value, among: Self.toolsNodes.sorted())
                        throw fail(element, "tools:node=\"\(attribute.value)\" is not a manifest merger instruction",
                                   (near.map { "did you mean \"\($0)\"? " } ?? "") + "It takes " + Self.toolsNodes.sorted().joined(separator: ", "))
                    }
                }
                guard let name = attribute(element, "name", in: androidNamespace, scope: scope)?
                        .trimmingCharacters(in: .whitespaces), !name.isEmpty else {
                    throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column,
                                                      problem: "<\(element.name)> has no android:name",
                                                      fix: "name the permission, as in <uses-permission android:name=\"android.permission.CAMERA\" />")
                }
                // The manifest merger takes it out of the built app.
                if let node = attribute(element, "node", in: toolsNamespace, scope: scope), ["remove", "removeAll"].contains(node) { continue }
                var maxSdk: Int?
                if let text = attribute(element, "maxSdkVersion", in: androidNamespace, scope: scope) {
                    guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0 else {
                        throw AndroidResourceError.syntax(path: path, line: element.line, column: element.column,
                                                          problem: "android:maxSdkVersion \"\(text)\" is not an API level",
                                                          fix: "write a whole number such as 32, or leave the attribute out")
                    }
                    maxSdk = value
                    if value < AndroidApp.sdkLevel {
                        notes.append("\(path):\(element.line): \(name) is asked for up to Android API \(value) only "
                            + "(android:maxSdkVersion), so Android 14 shows no dialog for it")
                        continue
                    }
                }
                if !permissions.contains(where: { $0.name == name }) {
                    permissions.append(Permission(name: name, line: element.line, maxSdkVersion: maxSdk))
                }
            case "application":
                label = attribute(element, "label", in: androidNamespace, scope: scope)
                labelLine = element.line
            default:
                continue
            }
        }
        var manifest = AndroidManifest(path: path, permissions: permissions, label: label, notes: notes)
        manifest.labelLine = labelLine
        return manifest
    }

    /// The elements `<manifest>` may hold (the manifest's reference), for a did-you-mean.
    static let manifestElements: Set<String> = [
        "uses-permission", "uses-permission-sdk-23", "uses-permission-sdk-m", "permission", "permission-group", "permission-tree", "uses-feature", "uses-sdk",
        "application", "queries", "instrumentation", "supports-screens", "compatible-screens", "supports-gl-texture",
        "uses-configuration", "attribution", "protected-broadcast", "original-package", "adopt-permissions", "uses-split",
        "eat-comment", "overlay", "profileable", "package-verifier", "key-sets", "feature-group", "install-constraints", "sdk-library",
        "uses-native-library", "apex-system-service",
    ]
    /// `<uses-permission>`'s android: attributes.
    static let permissionAttributes: Set<String> = ["name", "maxSdkVersion", "usesPermissionFlags", "requiredFeature", "requiredNotFeature"]
    /// The manifest merger's `tools:node` instructions.
    static let toolsNodes: Set<String> = ["merge", "replace", "remove", "removeAll", "strict", "merge-only-attributes"]

    /// Prefix → namespace URI in scope at `element`: its own `xmlns:` declarations over `inherited`.
    static func namespaces(of element: XMLElement, inherited: [String: String]) -> [String: String] {
        var scope = inherited
        for attribute in element.attributes where attribute.name.hasPrefix("xmlns:") {
            scope[String(attribute.name.dropFirst(6))] = attribute.value
        }
        return scope
    }

    /// The permission dialogs the app's permissions bring up on Android 14, in the order the
    /// manifest first asks for each (`PermissionController`'s platform permission groups).
    public var prompts: [PromptKind] {
        var kinds: [PromptKind] = []
        for permission in permissions {
            guard let kind = Self.dialog(of: permission.name), !kinds.contains(kind) else { continue }
            kinds.append(kind)
        }
        return kinds
    }

    /// The dialog a dangerous platform permission brings up on Android 14: its group in
    /// PermissionController's `PermissionMapping.PLATFORM_PERMISSIONS` (AOSP packages/modules/
    /// Permission, Android 14). Nil for a normal or custom permission, one only the system may
    /// hold, and the old storage permissions, which ask nothing of an app targeting Android 13+.
    public static func dialog(of permission: String) -> PromptKind? {
        let name = permission.hasPrefix("android.permission.") ? String(permission.dropFirst("android.permission.".count)) : permission
        switch name {
        case "ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION": return .location
        case "CAMERA": return .camera
        case "RECORD_AUDIO": return .microphone
        case "READ_CONTACTS", "WRITE_CONTACTS", "GET_ACCOUNTS": return .contacts
        case "READ_CALENDAR", "WRITE_CALENDAR": return .calendar
        case "READ_PHONE_STATE", "READ_PHONE_NUMBERS", "CALL_PHONE", "USE_SIP", "ANSWER_PHONE_CALLS", "ACCEPT_HANDOVER",
             "com.android.voicemail.permission.ADD_VOICEMAIL": return .phone
        case "READ_CALL_LOG", "WRITE_CALL_LOG", "PROCESS_OUTGOING_CALLS": return .callLog
        case "SEND_SMS", "RECEIVE_SMS", "READ_SMS", "RECEIVE_MMS", "RECEIVE_WAP_PUSH": return .sms
        case "ACTIVITY_RECOGNITION": return .motion
        case "BLUETOOTH_ADVERTISE", "BLUETOOTH_CONNECT", "BLUETOOTH_SCAN", "UWB_RANGING", "NEARBY_WIFI_DEVICES": return .bluetooth
        case "READ_MEDIA_IMAGES", "READ_MEDIA_VIDEO", "READ_MEDIA_VISUAL_USER_SELECTED", "ACCESS_MEDIA_LOCATION": return .photos
        case "READ_MEDIA_AUDIO": return .mediaLibrary
        case "BODY_SENSORS", "BODY_SENSORS_BACKGROUND": return .bodySensors
        case "POST_NOTIFICATIONS": return .notifications
        default: return nil
        }
    }
}
