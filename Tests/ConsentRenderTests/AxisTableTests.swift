import Foundation
import Testing
@testable import ConsentRender

/// Issue 29, point 3: one table of axes drives names, parsing, products, paths and every JSON that
/// holds a variant.
@Suite struct AxisTableTests {
    @Test func everyNameOfEveryAxisIsItsOwn() {
        let axes = RenderVariant.axes
        for names in [axes.map(\.key), axes.compactMap(\.groupKey), axes.compactMap(\.listOption), axes.map(\.label)] {
            #expect(Set(names).count == names.count, "\(names)")
        }
        // A single option is the list option's other name, so it may equal it, but no two axes share one.
        let single = axes.compactMap(\.singleOption)
        #expect(Set(single).count == single.count, "\(single)")
    }

    @Test func everyValueReadsBackAndSetsWhatItNames() throws {
        for axis in RenderVariant.axes {
            for name in axis.valueNames(in: AxisContext(devices: ["d"], languages: ["en"], states: ["initial", "decline-confirm"])) {
                let value = try #require(axis.value(named: name), "\(axis.key) \(name)")
                var variant = RenderVariant(device: "", language: "")
                axis.set(value, on: &variant)
                #expect(axis.value(of: variant) == value, "\(axis.key) \(name)")
            }
        }
        // Names in any letter case where iOS's own are mixed.
        #expect(RenderVariant.axis("textSize")?.value(named: "ax3")?.name == "AX3")
        #expect(RenderVariant.axis("ios")?.value(named: "iOS 18")?.name == "18")
        #expect(RenderVariant.axis("screen")?.value(named: "att")?.name == "prompt:att")
    }

    @Test func aCellsPathFollowsDesignsRuleInTheTablesOrder() {
        var variant = RenderVariant(device: "iphone-15-pro", orientation: .landscape, appearance: .dark, language: "ja",
                                    state: "decline-confirm", textSize: .accessibility3, boldText: true, increaseContrast: true,
                                    screen: .consent, systemLook: .ios26)
        variant.scroll = .bottom
        #expect(variant.path == "iphone-15-pro/landscape-dark-AX3-bold-contrast/ja-decline-confirm-scroll-bottom")
        variant.tint = Color(hex: "#FF2D55")
        variant.showsSystemChrome = false
        #expect(variant.path == "iphone-15-pro/landscape-dark-AX3-bold-contrast/ja-decline-confirm-scroll-bottom",
                "tint and status bar name no cell")
        let prompt = RenderVariant(device: "d", language: "en", screen: .prompt(.att), systemLook: .ios18)
        #expect(prompt.path == "d/portrait-light-ios18/en-prompt-att")
    }

    @Test func theVariantObjectReadsBackAsItWasWritten() throws {
        var variant = RenderVariant(device: "ipad-pro-13", appearance: .dark, language: "zh-Hans", textSize: .xLarge,
                                    boldText: true, screen: .prompt(.location), systemLook: .ios18)
        variant.tint = Color(hex: "#34C759")
        variant.showsSystemChrome = false
        let data = try canonicalJSONData(variant)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["boldText"] as? Bool == true && json["ios"] as? Int == 18 && json["tint"] as? String == "#34C759")
        #expect(json["statusBar"] as? String == "none" && json["increaseContrast"] == nil && json["state"] == nil,
                "defaults are left out, but for device, orientation, appearance, language and text size")
        #expect(json["orientation"] as? String == "portrait" && json["textSize"] as? String == "xLarge")
        let record = try JSONDecoder().decode(VariantRecord.self, from: data)
        #expect(record == variant.record)
        #expect(RenderVariant(record: record) == variant)
    }

    @Test func aGoldenGroupTakesEveryAxisOfTheTableWithOneValueOrAWord() throws {
        let folder = TemporaryFolder()
        let matrix = folder.url.appendingPathComponent("matrix.json")
        try Data("""
        { "profiles": "\(repositoryRoot.path)/DeviceProfiles", "documents": { "d": "\(repositoryRoot.path)/Samples/privacy-agreement" },
          "groups": [ { "document": "d", "devices": "iphone-se-3", "languages": ["en"], "boldText": ["both"], "ios": [18],
                        "screens": ["consent", "prompt:att"], "tint": "#FF2D55" } ] }
        """.utf8).write(to: matrix)
        let loaded = try GoldenMatrix.load(from: matrix)
        let cells = try loaded.cells(relativeTo: folder.url, source: matrix.path)
        #expect(cells.map(\.variant.path) == ["iphone-se-3/portrait-light/en", "iphone-se-3/portrait-light-ios18/en-prompt-att",
                                              "iphone-se-3/portrait-light-bold/en", "iphone-se-3/portrait-light-bold-ios18/en-prompt-att"])
        #expect(cells.allSatisfy { $0.variant.tint == Color(hex: "#FF2D55") })
        try Data(#"{ "documents": { "d": "d" }, "groups": [ { "document": "d", "devices": ["x"], "languages": ["en"], "ios": [17] } ] }"#.utf8)
            .write(to: matrix)
        #expect {
            try GoldenMatrix.load(from: matrix).cells(relativeTo: folder.url, source: matrix.path)
        } throws: { "\($0)".contains("groups[0].ios") && "\($0)".contains("'17' is not a system look") }
    }
}
