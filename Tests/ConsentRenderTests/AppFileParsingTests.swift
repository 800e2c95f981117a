import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// The app files of Tests/ConsentRenderTests/Fixtures/AppFiles (make-fixtures.py writes the
/// binary property lists and .strings files with Python's plistlib and codecs).
private let appFiles = repositoryRoot.appendingPathComponent("Tests/ConsentRenderTests/Fixtures/AppFiles")

private func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: appFiles.appendingPathComponent(name))
}

/// A binary property list of `objects` (each its marker and contents, references `width` bytes
/// wide) with object `top` at the top: the header, the objects, their offset table (offsets
/// `width` bytes wide too) and the trailer.
private func binaryPlist(_ objects: [[UInt8]], top: Int = 0, width: Int = 1) -> Data {
    func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
        offsets += bigEndian(bytes.count, width)
        bytes += object
    }
    let table = bytes.count
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, UInt8(width), UInt8(width)]
    bytes += bigEndian(objects.count, 8) + bigEndian(top, 8) + bigEndian(table, 8)
    return Data(bytes)
}

/// Where and what an error says, for assertions.
private func syntax(_ error: AppFileError?) -> (place: AppFileError.Place, problem: String, fix: String)? {
    guard case let .syntax(_, place, problem, fix) = error else { return nil }
    return (place, problem, fix)
}

private func xmlPlist(_ body: String) -> Data {
    Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8)
}

@Suite struct AppFileParsingTests {
    // MARK: XML property lists

    @Test func xmlPropertyListWithEveryValueType() throws {
        let value = try PropertyList.parse(try fixture("Info.plist"), path: "Info.plist")
        let expected: PropertyListValue = .dictionary([
            "CFBundleDisplayName": .string("Wetter & Jetzt"),
            "CFBundleDevelopmentRegion": .string("en"),
            "NSUserTrackingUsageDescription": .string("We use \"your\" data <only> with consent \u{2013} it's your choice \u{2713}"),
            "Script": .string("if a < b && c > d"),
            "Empty": .string(""),
            "Count": .integer(42),
            "Negative": .integer(-17),
            "Hex": .integer(31),
            "Ratio": .real(-2500),
            "Enabled": .bool(true),
            "Disabled": .bool(false),
            "Released": .date(Date(timeIntervalSince1970: 1_704_164_645)),
            "Blob": .data(Data([0x00, 0x01, 0xFE, 0xFF])),
            "Languages": .array([.string("en"), .string("ja"), .array([])]),
            "Nested": .dictionary(["Inner": .string("x"), "Nothing": .dictionary([:])]),
        ])
        #expect(value == expected)
    }

    @Test func xmlPropertyListInUTF16AndWithByteOrderMarks() throws {
        let utf8 = try fixture("Info.plist")
        let expected = try PropertyList.parse(utf8, path: "Info.plist")
        let text = try #require(String(data: utf8, encoding: .utf8))
        let littleEndian = Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!
        let bigEndian = Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!
        #expect(try PropertyList.parse(littleEndian, path: "Info.plist") == expected)
        #expect(try PropertyList.parse(bigEndian, path: "Info.plist") == expected)
        #expect(try PropertyList.parse(Data([0xEF, 0xBB, 0xBF]) + utf8, path: "Info.plist") == expected)
    }

    @Test func xmlScalarForms() throws {
        let value = try PropertyList.parse(xmlPlist("""
            <array>
            <integer> -0x10 </integer><integer>9223372036854775807</integer><real>7</real><true></true>
            <string>a<!-- gone -->b&#65;&#x1F600;</string><data/><date>2000-02-29T23:59:59Z</date>
            </array>
            """), path: "p.plist")
        #expect(value == .array([.integer(-16), .integer(.max), .real(7), .bool(true), .string("abA😀"), .data(Data()),
                                 .date(Date(timeIntervalSince1970: 951_868_799))]))
    }

    @Test func xmlErrorsNameTheirLine() throws {
        func error(_ text: String) -> AppFileError? {
            #expect(throws: AppFileError.self) { try PropertyList.parse(Data(text.utf8), path: "App/Info.plist") }
        }
        let header = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n"
        // A mismatched close tag: line 7 closes the <array> of line 5 as a dict.
        let mismatched = error(header + "<dict>\n  <key>A</key>\n  <array>\n    <string>x</string>\n</dict>\n</plist>\n")
        #expect(syntax(mismatched)?.place == .line(7, column: 1))
        #expect(syntax(mismatched)?.problem == "</dict> closes the <array> opened on line 5")
        #expect(syntax(mismatched)?.fix == "close it with </array>")
        #expect(mismatched?.description
                == "App/Info.plist: line 7, column 1: </dict> closes the <array> opened on line 5; close it with </array>.")
        // The file ends inside the dict opened on line 3.
        let unclosed = error(header + "<dict>\n  <key>A</key>\n  <string>x</string>\n")
        #expect(syntax(unclosed)?.place == .line(3, column: 1))
        #expect(syntax(unclosed)?.fix == "close it with </dict>")
        // A string never closed, and a tag inside it.
        let tagInString = error(header + "<dict>\n<key>A</key>\n<string>x\n</dict></plist>")
        #expect(syntax(tagInString)?.place == .line(6, column: 1))
        #expect(syntax(tagInString)?.problem == "</dict> closes the <string> opened on line 5")
        let openString = error(header + "<array>\n\n  <string>x\n")
        #expect(syntax(openString)?.place == .line(5, column: 3))
        // A key without a value (the dict closes), and one followed by another key.
        let keyAtEnd = error(header + "<dict>\n  <key>A</key>\n</dict>\n</plist>")
        #expect(syntax(keyAtEnd)?.place == .line(4, column: 3))
        #expect(syntax(keyAtEnd)?.problem == "the key 'A' has no value")
        #expect(syntax(error(header + "<dict>\n<key>A</key>\n<key>B</key><string/>\n</dict>\n</plist>"))?.place == .line(4, column: 1))
        // A value where a key should be.
        let valueForKey = error(header + "<dict>\n  <key>A</key><string>a</string>\n  <string>b</string>\n</dict>\n</plist>")
        #expect(syntax(valueForKey)?.place == .line(5, column: 3))
        #expect(syntax(valueForKey)?.problem == "a <string> where a <key> should be")
        // An unknown element, a bad integer, bad base64, a bad date, an unknown entity.
        let unknown = error(header + "<array>\n<strng>x</strng>\n</array>\n</plist>")
        #expect(syntax(unknown)?.place == .line(4, column: 1))
        #expect(syntax(unknown)?.problem == "<strng> is not a property list element")
        let integer = error(header + "<array>\n<integer>1</integer>\n   <integer>12a</integer>\n</array>\n</plist>")
        #expect(syntax(integer)?.place == .line(5, column: 4))
        #expect(syntax(integer)?.problem.contains("'12a'") == true)
        #expect(syntax(error(header + "<array>\n<integer>99999999999999999999</integer>\n</array>\n</plist>"))?.place
                == .line(4, column: 1))
        let base64 = error(header + "<array>\n<data>\nAAH+\n</data>\n<data>!!!!</data>\n</array>\n</plist>")
        #expect(syntax(base64)?.place == .line(7, column: 1))
        #expect(syntax(error(header + "<array>\n<date>2024-02-30T00:00:00Z</date>\n</array>\n</plist>"))?.place == .line(4, column: 1))
        let entity = error(header + "<array>\n<string>a &copy; b</string>\n</array>\n</plist>")
        #expect(syntax(entity)?.place == .line(4, column: 11))
        #expect(syntax(entity)?.problem == "&copy; is not an entity a property list knows")
        // Text after the root.
        let trailing = error(header + "<string>x</string>\n</plist>\n\nmore")
        #expect(syntax(trailing)?.place == .line(6, column: 1))
        #expect(syntax(trailing)?.fix == "remove everything after </plist>")
        // An unclosed comment names the line it starts on.
        #expect(syntax(error(header + "<array>\n<!-- note\n\n</array>\n</plist>"))?.place == .line(4, column: 1))
        // Nothing that looks like a property list at all.
        #expect(error("hello") == .notAPropertyList(path: "App/Info.plist"))
        // Not UTF-8: the line and column of the bad byte.
        var latin1 = Data((header + "<string>caf").utf8)
        latin1.append(0xE9)
        latin1.append(contentsOf: Array("</string>\n</plist>".utf8))
        #expect(error("") == .notAPropertyList(path: "App/Info.plist"))
        let encoding = #expect(throws: AppFileError.self) { try PropertyList.parse(latin1, path: "p.plist") }
        #expect(encoding == .encoding(path: "p.plist", place: .line(3, column: 12)))
    }

    @Test func xmlDeepNestingAndLongLines() throws {
        let deep = xmlPlist(String(repeating: "<array>", count: 300) + String(repeating: "</array>", count: 300))
        let error = #expect(throws: AppFileError.self) { try PropertyList.parse(deep, path: "p.plist") }
        #expect(syntax(error)?.place == .line(3, column: 1 + 256 * 7))
        #expect(syntax(error)?.problem == "values are nested more than 256 levels deep")
        let nested = xmlPlist(String(repeating: "<array>", count: 200) + String(repeating: "</array>", count: 200))
        #expect(throws: Never.self) { try PropertyList.parse(nested, path: "p.plist") }
        // Twenty thousand values on one line (places are counted only for errors).
        let wide = xmlPlist("<array>" + String(repeating: "<string/><true/>", count: 10_000) + "</array>")
        guard case let .array(values) = try PropertyList.parse(wide, path: "p.plist") else {
            Issue.record("not an array")
            return
        }
        #expect(values.count == 20_000)
    }

    /// Issue 31, fault 1: a real browser's Info.plist gives a key twice; Xcode and plutil read it,
    /// the later value winning, and so does this reader, with a warning naming both lines.
    @Test func xmlDuplicateKeyIsReadAsXcodeReadsItWithAWarning() throws {
        let text = xmlPlist("<dict>\n<key>A</key>\n<string>1</string>\n<key>B</key><integer>2</integer>\n<key>A</key>\n<string>3</string>\n</dict>")
        let (value, warnings) = try PropertyList.read(text, path: "Info.plist")
        #expect(value == .dictionary(["A": .string("3"), "B": .integer(2)]))
        #expect(warnings == ["Info.plist: line 7: the key 'A' is given twice in one dictionary (first on line 4); the value on line 7 "
            + "is used, as Xcode uses it. Remove the other one."])
    }

    // MARK: Binary property lists

    @Test func binaryPropertyListWithEveryValueType() throws {
        let value = try PropertyList.parse(try fixture("all-types.bplist"), path: "all-types.bplist")
        let expected: PropertyListValue = .dictionary([
            "ascii": .string("Hello"),
            "unicode": .string("Zugriff erlauben \u{2013} 日本語 😀"),
            "small": .integer(7),
            "wide": .integer(1 << 40),
            "negative": .integer(-42),
            // 2^63 + 5 is written in 16 bytes; the low 8 are kept.
            "huge": .integer(Int64(bitPattern: 0x8000_0000_0000_0005)),
            "pi": .real(3.25),
            "yes": .bool(true),
            "no": .bool(false),
            "date": .date(Date(timeIntervalSince1970: 1_704_164_645)),
            "bytes": .data(Data([0x00, 0x01, 0xFE])),
            "list": .array([.integer(1), .string("two"), .array([])]),
            "nested": .dictionary(["inner": .string("x")]),
            "uid": .integer(300),
        ])
        #expect(value == expected)
    }

    @Test func binaryInfoPlist() throws {
        let value = try PropertyList.parse(try fixture("info.bplist"), path: "Info.plist")
        guard case let .dictionary(info) = value else {
            Issue.record("not a dictionary: \(value)")
            return
        }
        #expect(info["CFBundleDisplayName"] == .string("Wetter Jetzt"))
        #expect(info["CFBundleDevelopmentRegion"] == .string("en"))
        #expect(info["NSUserTrackingUsageDescription"]
                == .string("Ihre Daten werden verwendet, um Werbung zu personalisieren \u{2013} nur mit Ihrer Zustimmung."))
        #expect(info["CFBundleLocalizations"] == .array([.string("en"), .string("de"), .string("ja")]))
        #expect(info.count == 6)
    }

    @Test func binaryErrorsNameTheByteOffset() throws {
        func error(_ data: Data, _ path: String = "Info.plist") -> AppFileError? {
            #expect(throws: AppFileError.self) { try PropertyList.parse(data, path: path) }
        }
        // Cut short (475 bytes become 455): the last 32 bytes are offsets, not a trailer; the byte
        // read as the width of an offset (429) is 0.
        let truncated = error(try fixture("truncated.bplist"))
        #expect(syntax(truncated)?.place == .byteOffset(429))
        #expect(syntax(truncated)?.problem == "the trailer gives offsets 0 bytes wide (1 to 8 are possible)")
        #expect(syntax(truncated)?.fix.hasPrefix("the file is damaged or cut short") == true)
        // The trailer's offset table offset (byte 467) says 65535 in a 475-byte file.
        let corrupted = error(try fixture("bad-offset-table.bplist"))
        #expect(syntax(corrupted)?.place == .byteOffset(467))
        #expect(syntax(corrupted)?.problem.hasPrefix("the offset table at byte 65535") == true)
        #expect(corrupted?.description.hasPrefix("Info.plist: byte offset 467: the offset table at byte 65535") == true)
        // Array object 0 at byte 8 holds itself: its reference stands at byte 9.
        let cycle = error(try fixture("cycle.bplist"))
        #expect(syntax(cycle)?.place == .byteOffset(9))
        #expect(syntax(cycle)?.problem == "object 0 contains itself (a reference loops back to it)")
        // Shorter than a header and trailer.
        #expect(syntax(error(Data("bplist00\u{0}".utf8)))?.place == .byteOffset(9))
        #expect(syntax(error(Data("bplist".utf8)))?.place == .byteOffset(6))
    }

    @Test func binaryObjectsBuiltByHand() throws {
        // A set (0xC2) reads as an array; a count of 0xF is followed by an integer object.
        let set = binaryPlist([[0xC2, 1, 2], [0x10, 5], [0x5F, 0x10, 0x03] + Array("abc".utf8)])
        #expect(try PropertyList.parse(set, path: "p") == .array([.integer(5), .string("abc")]))
        // 4-byte reals, 2- and 4-byte integers, UTF-16 with a surrogate pair, 1-byte UIDs.
        let numbers = binaryPlist([[0xA5, 1, 2, 3, 4, 5], [0x22, 0x3F, 0xC0, 0, 0], [0x11, 0x01, 0x00],
                                   [0x12, 0xFF, 0xFF, 0xFF, 0xFF], [0x62, 0xD8, 0x3D, 0xDE, 0x00], [0x80, 0x2A]])
        #expect(try PropertyList.parse(numbers, path: "p")
                == .array([.real(1.5), .integer(256), .integer(0xFFFF_FFFF), .string("😀"), .integer(42)]))
        // A shared object is read once and can appear many times.
        let shared = binaryPlist([[0xA3, 1, 1, 1], [0x09]])
        #expect(try PropertyList.parse(shared, path: "p") == .array([.bool(true), .bool(true), .bool(true)]))

        func place(_ data: Data) -> AppFileError.Place? {
            let error = #expect(throws: AppFileError.self) { try PropertyList.parse(data, path: "p") }
            return syntax(error)?.place
        }
        // A dictionary whose key (object 1, referenced at byte 9) is an integer.
        #expect(place(binaryPlist([[0xD1, 1, 2], [0x10, 1], [0x09]])) == .byteOffset(9))
        // A reference to object 7 of 2 (at byte 9).
        #expect(place(binaryPlist([[0xA1, 7], [0x09]])) == .byteOffset(9))
        // An unknown marker 0x70 for object 1 at byte 10.
        #expect(place(binaryPlist([[0xA1, 1], [0x70]])) == .byteOffset(10))
        // A string claiming 2^62 characters: its length (at byte 9) is more than the file holds.
        #expect(place(binaryPlist([[0x5F, 0x13, 0x40, 0, 0, 0, 0, 0, 0, 0]])) == .byteOffset(9))
        // An array of 14 references with 2 bytes left: refused at the array (byte 8), nothing allocated.
        #expect(place(binaryPlist([[0xAE, 0, 0]])) == .byteOffset(8))
        // An object offset (the offset table's entry at byte 10) pointing into the trailer.
        var outside = [UInt8](binaryPlist([[0xA1, 0]]))
        outside[10] = 200
        #expect(place(Data(outside)) == .byteOffset(10))
        // A trailer counting 2^64-1 objects.
        var count = [UInt8](binaryPlist([[0x09]]))
        for index in (count.count - 24)..<(count.count - 16) { count[index] = 0xFF }
        #expect(place(Data(count)) == .byteOffset(count.count - 24))
        // A chain of 300 arrays, each holding the next: deeper than the reader follows (256), refused
        // at the reference to the 257th (object 256, referenced from object 255).
        let chain: [[UInt8]] = (0..<300).map { [0xA1, UInt8(($0 + 1) >> 8), UInt8(truncatingIfNeeded: $0 + 1)] } + [[0x09]]
        let deep = #expect(throws: AppFileError.self) { try PropertyList.parse(binaryPlist(chain, width: 2), path: "p") }
        #expect(syntax(deep)?.place == .byteOffset(8 + 255 * 3 + 1))
        #expect(syntax(deep)?.problem == "objects are nested more than 256 levels deep")
        let shallow: [[UInt8]] = (0..<100).map { [0xA1, UInt8(($0 + 1) >> 8), UInt8(truncatingIfNeeded: $0 + 1)] } + [[0x09]]
        #expect(throws: Never.self) { try PropertyList.parse(binaryPlist(shallow, width: 2), path: "p") }
    }

    // MARK: .strings

    private static let stringsEntries = [
        "NSUserTrackingUsageDescription": "Wir verwenden Ihre Daten für \"personalisierte\" Werbung.",
        "CFBundleDisplayName": "Wetter",
        "greeting": "こんにちは、世界",
        "escapes": "tab\there\nnew line \\ é 😀",
    ]

    @Test(arguments: ["Localizable-utf8.strings", "Localizable-utf16le.strings", "Localizable-utf16be.strings"])
    func stringsInEveryEncoding(name: String) throws {
        #expect(try StringsFile.parse(try fixture(name), path: name) == Self.stringsEntries)
    }

    @Test func stringsUTF16WithoutAByteOrderMarkAndUTF8WithOne() throws {
        let text = try #require(String(data: try fixture("Localizable-utf8.strings"), encoding: .utf8))
        #expect(try StringsFile.parse(text.data(using: .utf16LittleEndian)!, path: "a.strings") == Self.stringsEntries)
        #expect(try StringsFile.parse(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), path: "a.strings") == Self.stringsEntries)
    }

    @Test func stringsGrammar() throws {
        let text = """
            // Keys without values, bare words, a key given twice, octal and odd escapes.
            "Allow";
            path/to:file.name-1 = $value+2;
            "twice" = "first"; "twice" = "second";
            /* a comment
               over lines */ "octal" = "\\101\\0\\'\\q";
            "multi" = "line one
            line two";
            "utf16" = "\\u65E5\\U672C";
            """
        #expect(try StringsFile.parse(Data(text.utf8), path: "a.strings") == [
            "Allow": "Allow", "path/to:file.name-1": "$value+2", "twice": "second", "octal": "A\u{0}'q",
            "multi": "line one\nline two", "utf16": "日本",
        ])
        #expect(try StringsFile.parse(Data(), path: "a.strings") == [:])
        #expect(try StringsFile.parse(Data("  /* only */\n// comments\n".utf8), path: "a.strings") == [:])
        #expect(try StringsFile.parse(Data("{ \"a\" = \"b\"; c = d; }\n".utf8), path: "a.strings") == ["a": "b", "c": "d"])
    }

    @Test func stringsAsXMLPropertyList() throws {
        let xml = xmlPlist("<dict>\n<key>Allow</key>\n<string>Erlauben</string>\n</dict>")
        #expect(try StringsFile.parse(xml, path: "de.lproj/Localizable.strings") == ["Allow": "Erlauben"])
        let nonString = xmlPlist("<dict>\n<key>Allow</key>\n<integer>1</integer>\n</dict>")
        let error = #expect(throws: AppFileError.self) { try StringsFile.parse(nonString, path: "de.lproj/Localizable.strings") }
        #expect(syntax(error)?.place == .line(5, column: 1))
        #expect(error?.description.hasPrefix("de.lproj/Localizable.strings: line 5, column 1: a <integer> in a .strings file") == true)
    }

    @Test func stringsErrorsNameTheirLine() throws {
        func error(_ text: String) -> AppFileError? {
            #expect(throws: AppFileError.self) { try StringsFile.parse(Data(text.utf8), path: "en.lproj/InfoPlist.strings") }
        }
        // The string opened on line 3 runs on to the quote on line 4, and `d` follows it.
        let unterminated = error("\"a\" = \"b\";\n\n\"c\" = \"never closed;\n\"d\" = \"e\";\n")
        #expect(syntax(unterminated)?.place == .line(3, column: nil))
        #expect(syntax(unterminated)?.fix == "close the string with \" on line 3, or end the entry with ;")
        let openAtEnd = error("\"a\" = \"b\";\n\"c\" = \"open\n\n")
        #expect(syntax(openAtEnd)?.place == .line(2, column: nil))
        #expect(openAtEnd?.description
                == "en.lproj/InfoPlist.strings: line 2: the string that starts on line 2 is never closed; close the string with \".")
        let missingSemicolon = error("\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n")
        #expect(syntax(missingSemicolon)?.place == .line(2, column: nil))
        #expect(syntax(missingSemicolon)?.fix == "end the entry with ;")
        #expect(syntax(missingSemicolon)?.problem == "the entry for \"c\" does not end with a semicolon, and '\"' follows on line 3")
        #expect(missingSemicolon?.description == "en.lproj/InfoPlist.strings: line 2: the entry for \"c\" does not end with a semicolon, "
                + "and '\"' follows on line 3; end the entry with ;")
        #expect(syntax(error("\"a\" = \"b\""))?.fix == "end the entry with ;")
        let missingEquals = error("\n\"a\" \"b\";\n")
        #expect(syntax(missingEquals)?.place == .line(2, column: nil))
        #expect(syntax(missingEquals)?.problem == "expected = after the key \"a\", found '\"'")
        let unexpected = error("\"a\" = \"b\";\n\n@\"c\" = \"d\";\n")
        #expect(syntax(unexpected)?.place == .line(3, column: nil))
        #expect(syntax(unexpected)?.problem == "unexpected '@' where a key should be")
        let comment = error("\"a\" = \"b\";\n/* open\n\n\"c\" = \"d\";\n")
        #expect(syntax(comment)?.place == .line(2, column: nil))
        #expect(syntax(comment)?.fix == "close it with */")
        #expect(syntax(error("\"a\" = \"\\UD83D\";"))?.problem.contains("without its second half") == true)
        #expect(syntax(error("\n\"a\" = \"\\UDE00\";"))?.place == .line(2, column: nil))
        #expect(syntax(error("\"a\" = \"\\U12\";"))?.fix == "write it as \\U00E9, for example")
        // Not UTF-8: the line and column of the bad byte.
        var latin1 = Data("\"a\" = \"b\";\n\"caf".utf8)
        latin1.append(0xE9)
        latin1.append(contentsOf: Array("\" = \"x\";".utf8))
        let encoding = #expect(throws: AppFileError.self) { try StringsFile.parse(latin1, path: "a.strings") }
        #expect(encoding == .encoding(path: "a.strings", place: .line(2, column: 5)))
        // UTF-16 with a lone surrogate unit.
        let loneSurrogate = Data([0xFF, 0xFE, 0x22, 0x00, 0x3D, 0xD8, 0x22, 0x00])
        #expect(throws: AppFileError.encoding(path: "a.strings", place: .line(1, column: 2))) {
            try StringsFile.parse(loneSurrogate, path: "a.strings")
        }
    }

    // MARK: String Catalogs

    @Test func stringCatalogVariationsAndFallbacks() throws {
        let catalog = try StringCatalog.parse(try fixture("Localizable.xcstrings"), path: "Localizable.xcstrings")
        #expect(catalog.sourceLanguage == "en")
        #expect(catalog.keys == ["%lld partners", "Allow", "Ask App Not to Track", "Brand", "Only French",
                                 "Shared with %#@partners@ in %#@countries@", "Tap to continue"])
        #expect(catalog.languages == ["de", "en", "fr", "ja"])
        // A plain value, in any state.
        #expect(catalog.value(for: "Allow", language: "de", device: .iphone) == "Erlauben")
        #expect(catalog.value(for: "Allow", language: "ja", device: .ipad) == "許可")
        #expect(catalog.value(for: "Allow", language: "fr", device: .iphone) == nil)
        // The source language: a key without localization is its own text.
        #expect(catalog.value(for: "Allow", language: "en", device: .iphone) == "Allow")
        #expect(catalog.value(for: "Ask App Not to Track", language: "en", device: .iphone) == "Ask App Not to Track")
        #expect(catalog.value(for: "Ask App Not to Track", language: "de", device: .iphone) == nil)
        #expect(catalog.value(for: "Only French", language: "en", device: .iphone) == "Only French")
        #expect(catalog.value(for: "Only French", language: "fr", device: .iphone) == "Seulement en français")
        // A stringUnit without a value is no text.
        #expect(catalog.value(for: "Only French", language: "it", device: .iphone) == nil)
        // Plurals give their other form.
        #expect(catalog.value(for: "%lld partners", language: "de", device: .iphone) == "%lld Partner:innen")
        #expect(catalog.value(for: "%lld partners", language: "en", device: .ipad) == "%lld partners")
        // Device variations: the device's entry, else other; nested device → plural.
        #expect(catalog.value(for: "Tap to continue", language: "de", device: .iphone) == "Tippe zum Fortfahren")
        #expect(catalog.value(for: "Tap to continue", language: "de", device: .ipad) == "Tippe auf dem iPad")
        #expect(catalog.value(for: "Tap to continue", language: "en", device: .iphone) == "Taps on iPhone")
        #expect(catalog.value(for: "Tap to continue", language: "en", device: .ipad) == "Tap to continue")
        // Substitutions, plain and positional; %% stays for the format step.
        #expect(catalog.value(for: "Shared with %#@partners@ in %#@countries@", language: "de", device: .iphone)
                == "Geteilt mit %arg Partnern in %arg Ländern (100%%)")
        #expect(catalog.value(for: "Shared with %#@partners@ in %#@countries@", language: "en", device: .iphone)
                == "Shared with %#@partners@ in %#@countries@")
        // shouldTranslate: false shows the source text everywhere.
        #expect(catalog.value(for: "Brand", language: "de", device: .iphone) == "WeatherNow™")
        #expect(catalog.value(for: "No such key", language: "en", device: .iphone) == nil)
    }

    @Test func stringCatalogErrorsNameLineAndColumn() throws {
        func error(_ text: String) -> AppFileError? {
            #expect(throws: AppFileError.self) { try StringCatalog.parse(Data(text.utf8), path: "Localizable.xcstrings") }
        }
        let path = "Localizable.xcstrings"
        #expect(error("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": []\n}")
                == .wrongType(path: path, line: 3, column: 3, field: "strings", expected: "a JSON object ({ … })"))
        let value = error("""
            {
              "sourceLanguage": "en",
              "strings": { "A": { "localizations": { "de": { "stringUnit": { "state": "translated",
                "value": 3 } } } } }
            }
            """)
        #expect(value == .wrongType(path: path, line: 4, column: 5, field: "strings.A.localizations.de.stringUnit.value",
                                    expected: "a string in double quotes"))
        #expect(value?.description == "Localizable.xcstrings: line 4, column 5: 'strings.A.localizations.de.stringUnit.value' "
                + "must be a string in double quotes; fix the value or re-save the catalog in Xcode.")
        let missingSource = error("\n  {\n  \"strings\": {}\n}")
        guard case let .missingField(_, line, column, field, fix) = missingSource else {
            Issue.record("not a missing field: \(String(describing: missingSource))")
            return
        }
        #expect((line, column, field) == (2, 3, "sourceLanguage"))
        #expect(fix.contains("\"sourceLanguage\": \"en\""))
        let plural = error("""
            {"sourceLanguage": "en", "strings": {"%lld items": {"localizations": {"de": {"variations": {
                "plural": {"one": {"stringUnit": {"state": "translated", "value": "ein Ding"}}}}}}}}}
            """)
        guard case let .missingVariation(_, pluralLine, pluralColumn, pluralField, missing, _) = plural else {
            Issue.record("not a missing variation: \(String(describing: plural))")
            return
        }
        #expect((pluralLine, pluralColumn, missing) == (2, 5, "\"other\""))
        #expect(pluralField == "strings.%lld items.localizations.de.variations.plural")
        let device = error("""
            {"sourceLanguage": "en", "strings": {"Tap": {"localizations": {"de": {"variations": {"device": {
              "iphone": {"stringUnit": {"state": "translated", "value": "Tippe"}}}}}}}}}
            """)
        guard case let .missingVariation(_, deviceLine, deviceColumn, _, deviceMissing, _) = device else {
            Issue.record("not a missing variation: \(String(describing: device))")
            return
        }
        #expect((deviceLine, deviceColumn, deviceMissing) == (1, 86, "\"ipad\" or \"other\""))
        // JSON syntax: a trailing comma, with the JSON reader's line and column.
        let comma = error("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {},\n}")
        #expect(syntax(comma)?.place == .line(4, column: 1))
        #expect(syntax(comma)?.fix == "fix the JSON, or re-save the catalog in Xcode")
        #expect(error("[]") == .wrongType(path: path, line: 1, column: 1, field: "the catalog",
                                          expected: "a JSON object ({ \"sourceLanguage\": …, \"strings\": { … } })"))
        #expect(error("{\"sourceLanguage\": \"en\", \"strings\": {\"A\": {\"shouldTranslate\": \"no\"}}}")
                == .wrongType(path: path, line: 1, column: 44, field: "strings.A.shouldTranslate", expected: "true or false"))
        // Members Xcode may add later are left alone.
        let future = try StringCatalog.parse(Data("{\"sourceLanguage\": \"en\", \"newThing\": 1, \"strings\": {\"A\": {\"x\": []}}}".utf8),
                                             path: path)
        #expect(future.keys == ["A"])
        #expect(future.value(for: "A", language: "en", device: .ipad) == "A")
    }

    @Test func appFileErrorsAreInputErrors() {
        #expect(ErrorCause(of: AppFileError.notAPropertyList(path: "x")) == .input)
    }

    // MARK: Damaged files

    /// Every fixture with bytes flipped, cut, inserted or repeated: each parse gives a value or an
    /// AppFileError, never a crash, a hang or another error.
    @Test func damagedFixturesNeverCrash() throws {
        var generator = SplitMix64(seed: 0xC0FFEE)
        let names = try FileManager.default.contentsOfDirectory(atPath: appFiles.path).filter { !$0.hasSuffix(".py") }.sorted()
        #expect(names.count >= 10)
        var parsed = 0, refused = 0
        for name in names {
            let original = [UInt8](try fixture(name))
            for _ in 0..<40 {
                var bytes = original
                switch generator.next() % 4 {
                case 0:
                    for _ in 0...(generator.next() % 4) where !bytes.isEmpty {
                        bytes[Int(generator.next() % UInt64(bytes.count))] ^= UInt8(1 << (generator.next() % 8))
                    }
                case 1:
                    bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1))))
                case 2:
                    let position = Int(generator.next() % UInt64(bytes.count + 1))
                    bytes.insert(contentsOf: (0..<(1 + generator.next() % 8)).map { _ in UInt8(truncatingIfNeeded: generator.next()) },
                                 at: position)
                default:
                    for _ in 0...(generator.next() % 3) where !bytes.isEmpty {
                        bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                    }
                }
                do {
                    let data = Data(bytes)
                    if name.hasSuffix(".strings") {
                        _ = try StringsFile.parse(data, path: name)
                    } else if name.hasSuffix(".xcstrings") {
                        _ = try StringCatalog.parse(data, path: name)
                    } else {
                        _ = try PropertyList.parse(data, path: name)
                    }
                    parsed += 1
                } catch is AppFileError {
                    refused += 1
                } catch {
                    Issue.record("\(name): \(type(of: error)) is not an AppFileError: \(error)")
                }
            }
        }
        #expect(parsed + refused == names.count * 40)
        #expect(parsed > 0 && refused > 0)
    }
}

/// A small deterministic generator (SplitMix64), so the damaged files are the same on every run.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
