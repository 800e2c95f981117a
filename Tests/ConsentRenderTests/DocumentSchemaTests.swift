import Foundation
import Testing
@testable import ConsentRender

/// `Schemas/document.schema.json` (for editors) and the Swift decoder agree: every key the schema
/// has decodes, every key the decoder takes is in the schema, and every sample validates.
@Suite struct DocumentSchemaTests {
    static let schemaURL = repositoryRoot.appendingPathComponent("Schemas/document.schema.json")

    func schema() throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any])
    }

    /// The fixed keys of each object in the schema, by dotted path ("" for the top).
    static func schemaKeys(_ node: [String: Any], path: String = "") -> [String: Set<String>] {
        guard let properties = node["properties"] as? [String: Any] else { return [:] }
        var result = [path: Set(properties.keys)]
        for (key, child) in properties {
            if let child = child as? [String: Any] {
                result.merge(schemaKeys(child, path: path.isEmpty ? key : "\(path).\(key)")) { $0.union($1) }
            }
        }
        return result
    }

    /// The same from the decoder's key schema.
    static func decoderKeys(_ schema: KeySchema, path: String = "") -> [String: Set<String>] {
        guard case let .object(members) = schema else { return [:] }
        var result = [path: Set(members.keys)]
        for (key, child) in members {
            result.merge(decoderKeys(child, path: path.isEmpty ? key : "\(path).\(key)")) { $0.union($1) }
        }
        return result
    }

    @Test func theSchemaAndTheDecoderHaveTheSameKeys() throws {
        let fromSchema = Self.schemaKeys(try schema())
        let fromDecoder = Self.decoderKeys(.documentSettings)
        #expect(Set(fromSchema.keys) == Set(fromDecoder.keys))
        for (path, keys) in fromDecoder {
            #expect(fromSchema[path] == keys, "\(path.isEmpty ? "the top level" : path): schema \(fromSchema[path] ?? []) vs decoder \(keys)")
        }
    }

    /// A value for every key the schema describes, from its type, enum, default or minimum.
    static func example(of node: [String: Any], definitions: [String: Any] = [:]) -> Any {
        // A shared definition (`"$ref": "#/$defs/localizedString"`) stands for its body.
        if let reference = node["$ref"] as? String, let definition = definitions[String(reference.split(separator: "/").last ?? "")] as? [String: Any] {
            return example(of: definition, definitions: definitions)
        }
        if let properties = node["properties"] as? [String: Any] {
            return properties.compactMapValues { $0 as? [String: Any] }.mapValues { example(of: $0, definitions: definitions) }
        }
        if let values = node["enum"] as? [Any] { return values[0] }
        if let values = node["examples"] as? [Any] { return values[0] }
        if let choices = node["anyOf"] as? [[String: Any]] { return example(of: choices[0], definitions: definitions) }
        if let value = node["default"] { return value }
        switch node["type"] as? String {
        case "number", "integer": return node["minimum"] ?? 1
        case "array": return [(node["items"] as? [String: Any]).map { example(of: $0, definitions: definitions) } ?? "x"]
        case "object":
            let value = (node["additionalProperties"] as? [String: Any]).map { example(of: $0, definitions: definitions) } ?? "x"
            return ["en": value]
        case "string" where (node["pattern"] as? String)?.contains("0-9A-Fa-f") == true: return "#1B5E20"
        case "string" where (node["pattern"] as? String)?.contains("[0-5]") == true: return "9:41"
        default: return "x"
        }
    }

    @Test func everyKeyTheSchemaHasDecodes() throws {
        let root = try schema()
        var document = try #require(Self.example(of: root, definitions: root["$defs"] as? [String: Any] ?? [:]) as? [String: Any])
        // Values that name things which must exist are left to their own tests.
        document["template"] = "agreement-dialog"
        document["defaultLanguage"] = nil
        document["launch"] = ["background": "#0E6BA8", "appName": "App"]
        // The login page is the login-consent template's (refused with another template).
        document["login"] = nil
        document["backdrop"] = nil
        document["app"] = nil
        // iOS's words as they must be: a title names the app once, a button not at all.
        document["systemStrings"] = (document["systemStrings"] as? [String: Any])?.keys.reduce(into: [String: Any]()) { words, key in
            words[key] = ["en": key.hasSuffix(".title") ? (key.hasPrefix("android.") ? "<b>%1$s</b> x" : "“%@” x") : "x"]
        }
        // An explainer's second action is refused on a dialog (ConsentChoiceTests); the dialog's actions stay,
        // with the settings action settingsStyle draws.
        document["secondaryAction"] = nil
        document["actions"] = ["decline", "settings", "accept"]
        var style = try #require(document["style"] as? [String: Any])
        style["fonts"] = ["default": "Noto Sans", "title": "Noto Serif", "zh-Hant": "Noto Sans CJK TC"]
        document["style"] = style
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
        let settings = try DocumentSettings.decode(data, source: "every-key.json")
        #expect(settings.style.text?.titleSize == 17)
        #expect(settings.style.colors?.darkHighContrast?.declineBorder == Color(hex: "#1B5E20"))
        #expect(settings.style.buttons?.cornerRadiusByLanguage?["en"] == 0)
        #expect(try validate([("every-key.json", data)]).isEmpty)
    }

    /// Problems python3-jsonschema finds in `documents` (name and bytes), one line each.
    func validate(_ documents: [(String, Data)]) throws -> [String] {
        let folder = TemporaryFolder()
        var paths: [String] = []
        for (index, (name, data)) in documents.enumerated() {
            let url = folder.url.appendingPathComponent("\(index)-\((name as NSString).lastPathComponent)")
            try data.write(to: url)
            paths.append(url.path)
        }
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            validator = Draft202012Validator(json.load(open(sys.argv[1])))
            for path in sys.argv[2:]:
                for error in validator.iter_errors(json.load(open(path))):
                    print(path + ": " + "/".join(str(p) for p in error.absolute_path) + ": " + error.message)
            """
        let run = try runPython(script, arguments: [Self.schemaURL.path] + paths)
        #expect(run.status == 0, "python3-jsonschema failed (scripts/setup installs it): \(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test func everySampleValidatesAgainstTheSchema() throws {
        let samples = repositoryRoot.appendingPathComponent("Samples")
        let documents = try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted().compactMap { name -> (String, Data)? in
            let url = samples.appendingPathComponent(name).appendingPathComponent("document.json")
            return (try? Data(contentsOf: url)).map { ("\(name).json", $0) }
        }
        #expect(documents.count >= 6)
        #expect(try validate(documents) == [])
    }

    @Test func theSchemaRejectsWhatTheDecoderRejects() throws {
        let bad = [#"{ "style": { "cornerRadus": 4 } }"#, #"{ "style": { "text": { "bodySize": 200 } } }"#,
                   #"{ "style": { "buttons": { "arrangement": "stackd" } } }"#, #"{ "style": { "fonts": { "titel": "X" } } }"#,
                   #"{ "systemStrings": { "camera.title": { "fr": "Caméra" } } }"#, #"{ "systemStrings": { "camera.ok": { "fr": "%@ OK" } } }"#,
                   #"{ "systemStrings": { "camera.ok": { "fr": " " } } }"#, #"{ "systemStrings": { "camera.title": { "fr": "%@ %@" } } }"#,
                   #"{ "systemStrings": { "android.camera.title": { "fr": "Caméra" } } }"#]
        for json in bad {
            #expect(throws: (any Error).self) { try DocumentSettings.decode(Data(json.utf8), source: "bad.json") }
            #expect(try validate([("bad.json", Data(json.utf8))]).count >= 1, "\(json)")
        }
    }
}
