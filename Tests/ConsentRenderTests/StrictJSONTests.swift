import Foundation
import Testing
@testable import ConsentRender

/// Every JSON file the tool reads is read strictly: a syntax error or a misspelt key names the
/// line, the column and the fix.
@Suite struct StrictJSONTests {
    struct SyntaxCase: CustomStringConvertible, Sendable {
        let name: String
        let json: String
        let line: Int
        let column: Int
        let message: String
        var description: String { name }
    }

    static let syntaxCases: [SyntaxCase] = [
        .init(name: "trailing comma in an object", json: "{\n  \"a\": 1,\n}", line: 3, column: 1, message: "a trailing comma before }"),
        .init(name: "trailing comma in a list", json: "{ \"a\": [1, 2,] }", line: 1, column: 14, message: "a trailing comma before ]"),
        .init(name: "single quotes", json: "{ 'a': 1 }", line: 1, column: 3, message: "expected a key in double quotes"),
        .init(name: "comment", json: "{ \"a\": // no\n 1 }", line: 1, column: 8, message: "JSON has no comments"),
        .init(name: "missing comma", json: "{ \"a\": 1\n  \"b\": 2 }", line: 2, column: 3, message: "expected ',' or '}' after the value of \"a\""),
        .init(name: "unclosed", json: "{ \"a\": [1, 2", line: 1, column: 13, message: "the file ends inside a list"),
        .init(name: "empty", json: "", line: 1, column: 1, message: "the file is empty"),
        .init(name: "leading zero", json: "{ \"a\": 07 }", line: 1, column: 9, message: "may not start with 0"),
        .init(name: "duplicate key", json: "{ \"a\": 1, \"a\": 2 }", line: 1, column: 11, message: "given twice"),
        .init(name: "text after the value", json: "{} {}", line: 1, column: 4, message: "after the end of the JSON value"),
        .init(name: "bare word", json: "{ \"a\": yes }", line: 1, column: 8, message: "unexpected 'y' where a value should be"),
        .init(name: "columns count characters", json: "{ \"名前\": 1 x }", line: 1, column: 11, message: "expected ',' or '}'"),
    ]

    @Test(arguments: syntaxCases)
    func syntaxErrorsNameTheLineAndColumn(_ testCase: SyntaxCase) {
        let error = #expect(throws: JSONSyntaxError.self) { try StrictJSONReader.parse(Data(testCase.json.utf8)) }
        #expect(error?.line == testCase.line && error?.column == testCase.column, "\(String(describing: error))")
        #expect(error?.message.contains(testCase.message) == true, "\(String(describing: error))")
    }

    @Test func validJSONReadsAsFoundationReadsIt() throws {
        let json = #"{ "s": "a\"b\\c\u00e9\ud83d\ude00", "n": -1.5e2, "t": true, "f": false, "z": null, "l": [1, {"k": []}] }"#
        let value = try StrictJSONReader.parse(Data(json.utf8))
        guard case let .object(members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["s", "n", "t", "f", "z", "l"])
        #expect(members[0].value == .string("a\"b\\cé😀") && members[1].value == .number(-150))
        #expect(members[2].value == .bool(true) && members[4].value == .null)
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let json = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try StrictJSONReader.parse(Data(json.utf8)) }
    }

    struct KeyCase: CustomStringConvertible, Sendable {
        let name: String
        let json: String
        let message: String
        var description: String { name }
    }

    static let documentKeyCases: [KeyCase] = [
        .init(name: "template", json: #"{ "templte": "agreement-dialog" }"#,
              message: "line 1, column 3: unknown key 'templte'. Did you mean 'template'?"),
        .init(name: "style", json: "{\n  \"style\": { \"declineOpacty\": 1 } }",
              message: "line 2, column 14: unknown key 'declineOpacty' (at 'style.declineOpacty'). Did you mean 'declineOpacity'?"),
        .init(name: "strings", json: #"{ "strings": { "acept": { "en": "OK" } } }"#,
              message: "unknown key 'acept' (at 'strings.acept'). Did you mean 'accept'?"),
    ]

    @Test(arguments: documentKeyCases)
    func aMisspeltDocumentKeyIsAnErrorWithTheNearestKey(_ testCase: KeyCase) {
        let error = #expect(throws: JSONFileError.self) {
            try DocumentSettings.decode(Data(testCase.json.utf8), source: "doc/document.json")
        }
        #expect(error?.description.hasPrefix("doc/document.json: ") == true && error?.description.contains(testCase.message) == true,
                "\(String(describing: error))")
    }

    @Test func matrixAndProfileKeysAreCheckedToo() throws {
        let folder = TemporaryFolder()
        let matrix = folder.url.appendingPathComponent("matrix.json")
        try Data(#"{ "profiles": "p", "documents": { "d": "d" }, "groups": [ { "document": "d", "devices": ["x"], "languages": ["en"], "orientation": ["landscape"] } ], "diff": { "maxDiffPixel": 3 } }"#.utf8).write(to: matrix)
        let matrixError = #expect(throws: JSONFileError.self) { try GoldenMatrix.load(from: matrix) }
        #expect(matrixError?.description.contains("unknown key 'orientation' (at 'groups[0].orientation'). Did you mean 'orientations'?") == true,
                "\(String(describing: matrixError))")
        try Data(#"{ "profiles": "p", "documents": {}, "groups": [], "diff": { "maxDiffPixel": 3 } }"#.utf8).write(to: matrix)
        let diffError = #expect(throws: JSONFileError.self) { try GoldenMatrix.load(from: matrix) }
        #expect(diffError?.description.contains("Did you mean 'maxDiffPixels'?") == true)
        try Data("{ \"profiles\": \"p\", \"documents\": {}, \"groups\": [], }".utf8).write(to: matrix)
        let comma = #expect(throws: GoldenError.self) { try GoldenMatrix.load(from: matrix) }
        #expect(comma?.description.hasPrefix(matrix.path + ": not a valid golden matrix (line 1, column 51: a trailing comma before }; "
            + "remove the comma)") == true, "\(String(describing: comma))")

        var profile = try String(contentsOf: shippedProfiles.directory.appendingPathComponent("iphone-se-3.json"), encoding: .utf8)
        profile = profile.replacingOccurrences(of: "\"cornerRadius\"", with: "\"cornerRadus\"")
        let profileError = #expect(throws: JSONFileError.self) { try DeviceProfile.decode(Data(profile.utf8), source: "se.json") }
        #expect(profileError?.description.contains("unknown key 'cornerRadus'. Did you mean 'cornerRadius'?") == true)
        for id in try shippedProfiles.ids() {
            _ = try shippedProfiles.profile(id: id)
        }
    }
}
