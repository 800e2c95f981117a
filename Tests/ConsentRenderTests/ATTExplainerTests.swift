import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

@Suite struct ATTExplainerTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer
    let sample = repositoryRoot.appendingPathComponent("Samples/att-explainer")

    init() throws {
        renderer = try ConsentRenderer()
    }

    func render(_ documents: URL, _ language: String, device: String = "iphone-15-pro", _ orientation: Orientation = .portrait,
                appearance: Appearance = .light, tint: Color? = nil) throws -> RenderedPage {
        try renderer.render(RenderRequest(
            folder: try DocumentFolder(url: documents, appFiles: XcodeAppFiles()), profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
            orientation: orientation, appearance: appearance, tint: tint))
    }

    @Test func oneContinueActionInSystemColoursWhateverTheBrandTint() throws {
        for (language, label) in [("en", "Continue"), ("zh-Hans", "继续"), ("zh-Hant", "繼續")] {
            let page = try render(sample, language, tint: Color(hex: "#D81B60"))
            #expect(page.linkMap.template == "att-explainer")
            #expect(page.linkMap.buttons.map(\.role) == [.continue] && page.linkMap.buttons.map(\.label) == [label])
            #expect(page.layout.buttons[0].fill == Theme.systemBlueLight, "no brand colour")
            #expect(!page.layout.textBlocks.flatMap(\.runs).contains { $0.color == Color(hex: "#D81B60") })
            #expect(page.layout.items.filter { $0.id.hasPrefix("section-dot-") }.count == 3, "one dot per section")
            #expect(renderer.lint(page, device: "iphone-15-pro").filter { $0.severity == .error }.isEmpty)
        }
        #expect(try render(sample, "en", appearance: .dark).layout.buttons[0].fill == Theme.systemBlueDark)
    }

    @Test(arguments: ["iphone-se-3", "iphone-15-pro-max", "ipad-pro-13"], Orientation.allCases)
    func flowAndTableWrapInsideTheSafeArea(device: String, orientation: Orientation) throws {
        let page = try render(sample, "en", device: device, orientation)
        let safe = page.layout.safeRect
        let column = page.layout.body.viewport
        for block in page.layout.body.blocks {
            #expect(block.frame.minX >= column.minX - 1e-6 && block.frame.maxX <= column.maxX + 1e-6)
        }
        var boxes = 0, rules = 0
        for item in page.layout.items where item.id.hasPrefix("body-shape-") {
            guard case let .shape(shape) = item.drawable else { continue }
            switch shape {
            case let .fill(rect, _, _):
                boxes += 1
                #expect(rect.minX >= safe.minX && rect.maxX <= safe.maxX)
            case let .line(from, to, _, _):
                rules += 1
                #expect(min(from.x, to.x) >= safe.minX && max(from.x, to.x) <= safe.maxX)
            default: break
            }
        }
        #expect(boxes == 3, "three flow nodes")
        #expect(rules >= 4 + 2, "row rules and column rules")
        #expect(safe.contains(page.layout.buttons[0].rect))
        if device == "iphone-se-3" && orientation == .portrait {
            // Cells wrap rather than overflow: some table cell takes more than one line.
            let cells = page.layout.body.blocks.filter { $0.block.runs.first?.fontSize == 14 }
            #expect(cells.contains { $0.size.height > 14 * 1.35 * 1.5 })
        }
    }

    @Test(arguments: [("en", 1.2, "Tracking "), ("zh-Hans", 1.2, "跟踪"), ("he", 1.25, "מעקב "), ("ar", 1.45, "التتبع "),
                      ("ur", 1.85, "ٹریکنگ ")])
    func titleTakesTheLanguagesLineHeightAndAtMostThreeLines(language: String, multiple: Double, word: String) throws {
        let words = String(repeating: word, count: 60)
        let documents = folder.folder("att-\(language)", files: [
            "document.json": #"{ "template": "att-explainer", "defaultLanguage": "\#(language)" }"#,
            "\(language).md": "# \(words)\n\nWe ask before we track you.\n",
        ])
        let page = try render(documents, language)
        let title = page.layout.title
        #expect(abs(title.block.lineHeight - 28 * multiple) < 1e-9)
        #expect(title.block.maximumLines == 3)
        #expect(title.size.height < 3.5 * 28 * multiple, "a long title stops at three lines")
        #expect(page.layout.safeRect.contains(page.layout.buttons[0].rect))
    }

    @Test func allowWordingIncentivesAndASecondButtonFailLint() throws {
        var files = ["en.md": "# Ads\n\n## Why\n\nWe show ads. Read our [privacy policy](https://example.com/p)."]
        files["document.json"] = #"{ "template": "att-explainer", "strings": { "continue": { "en": "Allow tracking" } } }"#
        let allow = try render(folder.folder("allow", files: files), "en")
        let found = renderer.lint(allow, device: "iphone-15-pro").filter { $0.rule == "att.no-allow-wording" }
        #expect(found.count == 1 && found[0].severity == .error && found[0].message.contains("'Allow tracking' says 'allow'"))

        files["document.json"] = #"{ "template": "att-explainer" }"#
        files["en.md"] = "# Ads\n\nAllow tracking and earn 100 bonus coins!"
        let incentive = try render(folder.folder("incentive", files: files), "en")
        #expect(renderer.lint(incentive, device: "iphone-15-pro").contains { $0.rule == "att.no-incentive" && $0.severity == .error })

        var twoButtons = try render(sample, "en")
        twoButtons.layout.duplicateButton(0) { second in
            second.role = .decline
            second.label = "Not now"
            second.rect.y -= 60
        }
        let single = PageLint(page: twoButtons.layout, device: "iphone-15-pro", template: ATTExplainerTemplate()).findings()
            .filter { $0.rule == "att.single-action" }
        #expect(single.count == 1 && single[0].message.contains("this one has 2 (Continue, Not now)"))
    }
}
