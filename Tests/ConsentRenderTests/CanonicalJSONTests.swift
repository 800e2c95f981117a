import Foundation
import Testing
@testable import ConsentRender

/// The project's JSON writer (`CanonicalJSONEncoder`) writes the bytes Foundation's `JSONEncoder`
/// writes with the canonical options, for every shape a Codable type can take (debug builds also
/// compare the two on every value the other tests write).
@Suite struct CanonicalJSONTests {
    enum Shape: Codable, Equatable {
        case dot
        case circle(radius: Double)
        case labelled(String, Int)
    }

    struct Inner: Codable, Equatable {
        var name: String
        var tags: [String] = []
        var score: Double?
    }

    struct Everything: Codable {
        var text = "a\"b\\c/d\u{1}\u{1f}\n\t\r\u{8}\u{c}é😀\u{2028}\u{7f} zh《隐私政策》"
        var empty = ""
        var integers: [Int] = [0, -1, Int.max, Int.min]
        var small: [Int8] = [-128, 127]
        var unsigned: [UInt64] = [0, UInt64.max]
        var doubles: [Double] = [0.5, 1.0, 1e-5, 1e16, 123456789.123, -0.0, 2.5e-300, 1.0 / 3, 100, 1e21, 12345678901234567890.0,
                                 0.1 + 0.2, 2.0 / 3 * 1179, 393.0 / 3]
        var floats: [Float] = [0.1, 1.5, 3]
        var flags = [true, false]
        var missing: String?
        var present: String? = "here"
        var nothing: [Int?] = [nil, 1]
        var emptyArray: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nestedEmpty: [[String: [Int]]] = [[:], ["a": []]]
        var byLanguage = ["zh-Hans": 1, "en": 2, "B": 3, "_x": 4, "a10": 5, "a9": 6, "appStoreClass": 7, "appearance": 8, "é": 9, "😀": 10]
        var byNumber: [Int: String] = [10: "ten", 9: "nine", -1: "minus one"]
        var byPair: [Double: String] = [1.5: "x"]
        var shapes: [Shape] = [.dot, .circle(radius: 2.5), .labelled("l", 3)]
        var inner = Inner(name: "n", tags: ["t"], score: 0.25)
        var inners = [Inner(name: "m"), Inner(name: "o", score: 7)]
        var url = URL(string: "https://example.org/privacy?x=1#top")!
        var fileURL = URL(fileURLWithPath: "/tmp/a b/c.png")
        var data = Data([0, 1, 2, 250, 255])
        var date = Date(timeIntervalSinceReferenceDate: 123.5)
    }

    /// A type that writes through a super-encoder and nested containers by hand.
    struct Handwritten: Encodable {
        enum Keys: String, CodingKey { case a, nested, list, `super` }
        func encode(to encoder: Encoder) throws {
            var keyed = encoder.container(keyedBy: Keys.self)
            try keyed.encode(1, forKey: .a)
            var nested = keyed.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            try nested.encodeNil(forKey: .a)
            var list = keyed.nestedUnkeyedContainer(forKey: .list)
            try list.encode("x")
            var inList = list.nestedUnkeyedContainer()
            try inList.encode(2.5)
            var objectInList = list.nestedContainer(keyedBy: Keys.self)
            try objectInList.encode(true, forKey: .a)
            try Inner(name: "s").encode(to: keyed.superEncoder())
            var single = keyed.superEncoder(forKey: .a).singleValueContainer()
            try single.encode("replaced")
        }
    }

    @Test func writesWhatJSONEncoderWritesForEveryShape() throws {
        #expect(try CanonicalJSONEncoder.encode(Everything()) == [UInt8](foundationJSON(Everything())))
        #expect(try CanonicalJSONEncoder.encode(Handwritten()) == [UInt8](foundationJSON(Handwritten())))
        for value in ["top", "", "\u{0}"] {
            #expect(try CanonicalJSONEncoder.encode(value) == [UInt8](foundationJSON(value)))
        }
        #expect(try CanonicalJSONEncoder.encode(42.0) == [UInt8](foundationJSON(42.0)))
        #expect(try CanonicalJSONEncoder.encode([Int]()) == [UInt8](foundationJSON([Int]())))
        #expect(try CanonicalJSONEncoder.encode([String: Int]()) == [UInt8](foundationJSON([String: Int]())))
        #expect(try CanonicalJSONEncoder.encode(Optional<Int>.none) == [UInt8](foundationJSON(Optional<Int>.none)))
    }

    @Test func elementsNestedInADocumentAreItsLinesIndented() throws {
        for depth in 0...3 {
            let element = try canonicalJSONElement(Everything(), depth: depth)
            #expect([UInt8](element) == indented([UInt8](try foundationJSON(Everything())), depth: depth))
        }
        let array = canonicalJSONArray([try canonicalJSONElement(Inner(name: "a"), depth: 2), try canonicalJSONElement(Inner(name: "b"), depth: 2)],
                                       depth: 2)
        struct Holder: Encodable { var cells: [Inner] }
        let whole = String(decoding: try foundationJSON(Holder(cells: [Inner(name: "a"), Inner(name: "b")])), as: UTF8.self)
        #expect(whole == "{\n  \"cells\" : " + String(decoding: array, as: UTF8.self) + "\n}")
    }

    @Test func aNumberJSONCannotHoldIsAnErrorAsInJSONEncoder() {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: EncodingError.self) { try CanonicalJSONEncoder.encode(["x": value]) }
            #expect(throws: EncodingError.self) { try foundationJSON(["x": value]) }
        }
    }
}
