import Foundation

/// The keys a JSON file may have, so a misspelt key is an error instead of a silently ignored
/// setting.
indirect enum KeySchema: Sendable {
    /// An object with these keys (each optional), each value following its schema.
    case object([String: KeySchema])
    /// An object whose keys are data (language tags, document names), each value following the schema.
    case map(KeySchema)
    /// A list, each element following the schema.
    case array(KeySchema)
    /// Any value, not looked into.
    case any
}

/// A key a file has that its schema does not.
struct UnknownKey: Equatable {
    /// Dotted path of the key, such as `strings.acept` or `groups[1].orientation`.
    var path: String
    var key: String
    var line: Int
    var column: Int
    /// The keys allowed where it stands, sorted.
    var known: [String]
    /// The keys one level down (`card.cornerRadius`), for a key written one level too high.
    var nested: [String] = []

    /// The nearest allowed key here; else the nested keys that match it best (`cornerRadus` at
    /// the top of `style` → `buttons.cornerRadius or card.cornerRadius`).
    var suggestion: String? {
        if let sibling = closestMatch(to: key, among: known) { return sibling }
        guard let best = closestMatch(to: key, among: nested.map { String($0.split(separator: ".").last ?? "") }) else { return nil }
        let matches = nested.filter { $0.hasSuffix("." + best) }
        return matches.joined(separator: "' or '")
    }
}

extension JSONValue {
    /// The first key, in reading order, that `schema` does not allow.
    func firstUnknownKey(in schema: KeySchema, path: String = "") -> UnknownKey? {
        switch (self, schema) {
        case let (.object(members), .object(allowed)):
            for member in members {
                let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
                guard let next = allowed[member.key] else {
                    let nested = allowed.sorted { $0.key < $1.key }.flatMap { parent, schema -> [String] in
                        guard case let .object(children) = schema else { return [] }
                        return children.keys.sorted().map { "\(parent).\($0)" }
                    }
                    return UnknownKey(path: memberPath, key: member.key, line: member.line, column: member.column,
                                      known: allowed.keys.sorted(), nested: nested)
                }
                if let unknown = member.value.firstUnknownKey(in: next, path: memberPath) { return unknown }
            }
        case let (.object(members), .map(values)):
            for member in members {
                if let unknown = member.value.firstUnknownKey(in: values, path: path.isEmpty ? member.key : "\(path).\(member.key)") {
                    return unknown
                }
            }
        case let (.array(elements), .array(element)):
            for (index, value) in elements.enumerated() {
                if let unknown = value.firstUnknownKey(in: element, path: "\(path)[\(index)]") { return unknown }
            }
        default:
            break
        }
        return nil
    }
}

extension StrictJSONReader {
    /// Checks `data` (the file at `path`) for strict JSON syntax and for keys `schema` does not allow.
    /// A syntax error is thrown as `malformed` makes it from "line L, column C: what is wrong".
    static func check(_ data: Data, schema: KeySchema, path: String, malformed: (String) -> Error) throws {
        let value: JSONValue
        do {
            value = try parse(data)
        } catch let error as JSONSyntaxError {
            throw malformed(error.description)
        }
        if let unknown = value.firstUnknownKey(in: schema) {
            throw JSONFileError.unknownKey(path: path, key: unknown.path, name: unknown.key, line: unknown.line, column: unknown.column,
                                           suggestion: unknown.suggestion, known: unknown.known)
        }
    }
}

extension KeySchema {
    static let edgeInsets = KeySchema.object(["top": .any, "left": .any, "bottom": .any, "right": .any])

    /// `DeviceProfiles/<id>.json`.
    static let deviceProfile = KeySchema.object([
        "id": .any, "name": .any, "idiom": .any, "points": .object(["width": .any, "height": .any]), "scale": .any,
        "safeArea": .object(["portrait": edgeInsets, "landscape": edgeInsets]), "cornerRadius": .any, "appStoreClass": .any,
        "orientation": .any, "tint": .any, "statusBar": .object(["kind": .any, "height": .any]),
        "cutout": .object(["x": .any, "y": .any, "width": .any, "height": .any, "cornerRadius": .any]), "homeIndicator": .any,
        "platform": .any,
    ])

    /// An Android device profile (`"platform": "android"`).
    static let androidDeviceProfile = KeySchema.object([
        "id": .any, "name": .any, "platform": .any, "idiom": .any, "pixels": .object(["width": .any, "height": .any]),
        "density": .any, "statusBar": .object(["height": .any, "landscapeHeight": .any, "contentPadding": .any]), "navigation": .any,
        "cutout": .object(["x": .any, "y": .any, "radius": .any]), "cornerRadius": .any, "orientation": .any, "tint": .any,
        "sources": .map(.object(["grade": .any, "source": .any])),
    ])

    /// A document's `document.json`; `strings` takes the keys of the built-in tables.
    static let documentSettings = KeySchema.object([
        "$schema": .any, "template": .any, "defaultLanguage": .any,
        "strings": .object(Dictionary(uniqueKeysWithValues: ChromeStrings.stringKeys.map { ($0, KeySchema.map(.any)) })),
        "style": documentStyle,
        "launch": .object(["background": .any, "logo": .any, "appName": .any]),
        "login": .object(["method": .any, "maskedNumber": .any, "whenUnticked": .any, "logo": .any,
                          "otherMethods": .array(.object(["label": .any, "icon": .any]))]),
        "statusBar": .object(["time": .any, "battery": .any, "network": .any, "cellularBars": .any, "wifiBars": .any]),
        "backdrop": .any,
        "app": .object(["infoPlist": .any, "localizations": .any, "buildSettings": .any, "project": .any, "target": .any,
                         "configuration": .any, "table": .any, "resources": .any, "manifest": .any]),
        "detectors": .any, "actions": .any, "declineStyle": .any, "settingsStyle": .any, "secondaryAction": .any, "presentation": .any, "markets": .any, "permissionPurposes": .any,
        "purposes": .array(.object(["label": .any, "description": .any, "on": .any, "required": .any])),
        "systemStrings": .object(Dictionary(uniqueKeysWithValues: SystemStrings.keys.map { ($0, KeySchema.map(.any)) })),
    ])

    /// `flow.json`.
    static let flow = KeySchema.object([
        "$schema": .any, "start": .any,
        "steps": .map(.object(["screen": .any, "state": .any, "document": .any, "over": .any, "on": .any])),
    ])

    /// The colours of one appearance in `style.colors`.

    static let brandColors = KeySchema.object(Dictionary(uniqueKeysWithValues: (BrandColors.colorKeys + ["dim"]).map { ($0, KeySchema.any) }))

    /// `document.json`'s `style`.
    static let documentStyle = KeySchema.object([
        "androidLook": .any,
        "colors": .object(["light": brandColors, "dark": brandColors, "lightHighContrast": brandColors,
                           "darkHighContrast": brandColors]),
        "fonts": .map(.any),
        "text": .object(["titleSize": .any, "bodySize": .any, "buttonSize": .any, "smallSize": .any, "lineSpacing": .any, "paragraphSpacing": .any,
                         "titleAlignment": .any]),
        "card": .object(["cornerRadius": .any, "maxWidth": .any, "margin": .any, "padding": .any]),
        "buttons": .object(["height": .any, "cornerRadius": .any, "padding": .any, "minWidth": .any, "arrangement": .any,
                            "cornerRadiusByLanguage": .map(.any)]),
        "declineOpacity": .any,
    ])

    /// A golden folder's `matrix.json`.
    static let goldenMatrix = KeySchema.object([
        "profiles": .any, "documents": .map(.any),
        // A group's keys come from the axis table.
        "groups": .array(.object(Dictionary(uniqueKeysWithValues: GoldenMatrix.Group.keys.map { ($0, KeySchema.any) }))),
        "diff": .object(["threshold": .any, "maximumDeltaE": .any, "ignoresAntiAliasing": .any, "maxDiffPixels": .any,
                         "maxDiffRatio": .any]),
    ])
}
