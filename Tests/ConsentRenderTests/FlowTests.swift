import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Consent flows (`flow.json`): reading, fitting the steps together, the flow rules, and `review`.
@Suite struct FlowTests {
    /// A held-out four-step flow over the shipped samples, written next to them in a temporary folder.
    static func flow(_ steps: String, start: String = "consent") -> String {
        #"{ "start": "\#(start)", "steps": { \#(steps) } }"#
    }

    static let samples = repositoryRoot.appendingPathComponent("Samples").path

    static let good = flow(#"""
        "consent": { "document": "\#(samples)/privacy-agreement", "screen": "consent", "on": { "accept": "explain", "decline": "end:home" } },
        "explain": { "document": "\#(samples)/att-explainer", "screen": "consent", "on": { "continue": "att" } },
        "att": { "document": "\#(samples)/att-explainer", "screen": "prompt:att", "on": { "allow": "location", "deny": "location" } },
        "location": { "document": "\#(samples)/privacy-agreement", "screen": "prompt:location",
                      "on": { "allow-once": "end:home", "allow-while-using": "end:home", "deny": "end:home" } }
        """#)

    static func check(_ json: String) throws -> FlowCheck {
        let temporary = TemporaryFolder()
        let url = temporary.url.appendingPathComponent("flow.json")
        try Data(json.utf8).write(to: url)
        let flow = try Flow.load(url)
        let own = try DocumentFolder(url: URL(fileURLWithPath: samples).appendingPathComponent("privacy-agreement"), appFiles: XcodeAppFiles())
        let screens = try FlowScreens(flow: flow, ownDocument: own)
        return FlowCheck(flow: flow, screens: try screens.screens(renderer: ConsentRenderer(),
                                                                  profile: try shippedProfiles.profile(reference: "iphone-15-pro"), language: "en"))
    }

    @Test func aFlowWhoseStepsFitPassesAndItsScreensAreKnown() throws {
        let check = try Self.check(Self.good)
        try check.validate()
        #expect(check.findings().isEmpty, "\(check.findings())")
        #expect(check.screens["explain"]?.template == "att-explainer" && check.screens["att"]?.roles == [.deny, .allow])
        #expect(check.screens["consent"]?.roles.sorted { $0.rawValue < $1.rawValue } == [.accept, .decline])
    }

    @Test func everyProblemIsNamedAtOnce() throws {
        let broken = Self.flow(#"""
            "consent": { "document": "\#(Self.samples)/privacy-agreement", "screen": "consent", "on": { "accept": "end:home", "continue": "nope" } },
            "island": { "document": "\#(Self.samples)/privacy-agreement", "screen": "prompt:att", "on": { "allow": "end:home", "deny": "end:home" } }
            """#)
        #expect {
            try Self.check(broken).validate()
        } throws: { error in
            guard case let FlowError.problems(_, problems) = error else { return false }
            let text = problems.joined(separator: "\n")
            return text.contains("its screen's decline button leads nowhere") && text.contains("no continue button")
                && text.contains("leads to 'nope', which is not a step") && text.contains("step 'island'") && text.contains("not reachable")
        }
        #expect {
            try Flow.parse(Data(#"{ "start": "a", "steps": { "a": { "screen": "prompt:camra", "on": {} } } }"#.utf8), path: "flow.json")
        } throws: { error in "\(error)".contains("did you mean prompt:camera") && "\(error)".contains("line 1") }
        #expect {
            try Flow.parse(Data(#"{ "start": "a", "steps": { "a": { "screen": "consent", "on": { "acept": "end:x" } } } }"#.utf8), path: "flow.json")
        } throws: { error in "\(error)".contains("did you mean accept") }
    }

    @Test func aPermissionBeforeAnyAcceptAndATTWithoutTheExplainerFailTheFlowRules() throws {
        let early = Self.flow(#"""
            "consent": { "document": "\#(Self.samples)/privacy-agreement", "screen": "consent", "on": { "accept": "end:home", "decline": "location" } },
            "location": { "document": "\#(Self.samples)/privacy-agreement", "screen": "prompt:location",
                          "on": { "allow-once": "att", "allow-while-using": "att", "deny": "att" } },
            "att": { "document": "\#(Self.samples)/privacy-agreement", "screen": "prompt:att", "on": { "allow": "end:home", "deny": "end:home" } }
            """#)
        let check = try Self.check(early)
        try check.validate()
        let findings = check.findings()
        #expect(findings.contains { $0.rule == "flow.permissions-after-consent" && $0.element == "location" && $0.message.contains("decline → location") })
        #expect(findings.contains { $0.rule == "flow.att-after-explainer" && $0.element == "att" })
        // The ATT prompt is not judged by the first rule (the explainer's continue governs it).
        #expect(!findings.contains { $0.rule == "flow.permissions-after-consent" && $0.element == "att" })
    }

    @Test func reviewWritesEveryStepAndExitsTwoOnABrokenFlow() throws {
        let temporary = TemporaryFolder()
        let flowURL = temporary.url.appendingPathComponent("flow.json")
        try Data(Self.good.utf8).write(to: flowURL)
        let out = temporary.url.appendingPathComponent("review")
        let run = try runRenderCLI(["review", "--document", "Samples/privacy-agreement", "--flow", flowURL.path, "--languages", "en,zh-Hans",
                                    "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        for language in ["en", "zh-Hans"] {
            for step in ["consent", "explain", "att", "location"] {
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("iphone-15-pro/\(language)/\(step).png").path))
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("iphone-15-pro/\(language)/\(step).links.json").path))
            }
            // The chart: four thumbnails of at least 240 pixels side by side, and a terminal column.
            let chart = try Data(contentsOf: out.appendingPathComponent("iphone-15-pro/\(language)/flow.png"))
            let header = try #require(pngHeader(chart))
            #expect(header.width >= 5 * 240 && header.height > 520)
        }
        // Notes for App Review, from the English screens.
        let notes = try String(contentsOf: out.appendingPathComponent("iphone-15-pro/notes.txt"), encoding: .utf8)
        #expect(notes.contains("On first launch the app shows the consent dialog \"Your Privacy at Yunfan Rides\""))
        #expect(notes.contains("Tapping \"Agree and continue\" on the consent dialog shows the tracking explainer"))
        // A Chinese app (the cn market) that a refusal lets in, in a basic mode: no exit at the first tap.
        #expect(notes.contains("Tapping \"Decline\" on the consent dialog continues to the app's home screen."))
        #expect(notes.contains("System permissions are requested only after the user agrees"))
        #expect(notes.contains("The tracking prompt appears only after the user taps \"Continue\" on the explainer."))
        try Data(Self.good.replacingOccurrences(of: #""continue": "att""#, with: #""continue": "end:x""#).utf8).write(to: flowURL)
        let broken = try runRenderCLI(["review", "--document", "Samples/privacy-agreement", "--flow", flowURL.path, "--languages", "en",
                                       "--out", temporary.url.appendingPathComponent("other").path])
        #expect(broken.status == 2 && broken.stderr.contains("step 'att'") && broken.stderr.contains("not reachable"))
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("other").path))
    }

    @Test func theChartLabelsItsArrowsInTheLanguageAndReadsRightToLeftInArabic() throws {
        let temporary = TemporaryFolder()
        let url = temporary.url.appendingPathComponent("flow.json")
        try Data(Self.good.utf8).write(to: url)
        let flow = try Flow.load(url)
        let own = try DocumentFolder(url: URL(fileURLWithPath: Self.samples).appendingPathComponent("privacy-agreement"), appFiles: XcodeAppFiles())
        let screens = try FlowScreens(flow: flow, ownDocument: own)
        let renderer = try ConsentRenderer()
        let profile = try shippedProfiles.profile(reference: "iphone-15-pro")
        var pages: [String: RenderedPage] = [:]
        for step in flow.steps { pages[step.name] = try renderer.render(try #require(screens.request(for: step, profile: profile, language: "zh-Hans"))) }
        let chart = FlowChart(flow: flow, pages: pages, language: "zh-Hans")
        let (_, items) = try chart.layout { try! renderer.measure($0) }
        let labels = items.compactMap { item -> String? in
            guard item.id.hasSuffix("-label"), item.id.hasPrefix("edge-"), case let .text(text) = item.drawable else { return nil }
            #expect((text.block.runs.first?.fontSize ?? 0) >= 14)
            return text.block.text
        }
        #expect(labels.contains("同意") && labels.contains("继续"))
        let thumbnails = items.filter { $0.id.hasPrefix("thumb-") && !$0.id.hasSuffix("-edge") }.compactMap(\.bounds)
        #expect(thumbnails.count == 4 && thumbnails.allSatisfy { $0.width >= 240 })
        // Right to left: the start's thumbnail is the rightmost.
        let arabic = FlowChart(flow: flow, pages: pages, language: "ar")
        let (_, mirrored) = try arabic.layout { try! renderer.measure($0) }
        let start = try #require(mirrored.first { $0.id == "thumb-consent" }?.bounds)
        #expect(mirrored.filter { $0.id.hasPrefix("thumb-") }.compactMap(\.bounds).allSatisfy { $0.minX <= start.minX })
    }

    @Test func theSamplesFlowsPass() throws {
        for sample in ["launch-consent", "att-explainer"] {
            let folder = try DocumentFolder(url: URL(fileURLWithPath: Self.samples).appendingPathComponent(sample), appFiles: XcodeAppFiles())
            let flow = try Flow.load(folder.url.appendingPathComponent("flow.json"))
            let screens = try FlowScreens(flow: flow, ownDocument: folder)
            let check = FlowCheck(flow: flow, screens: try screens.screens(renderer: ConsentRenderer(),
                                                                           profile: try shippedProfiles.profile(reference: "iphone-15-pro"),
                                                                           language: "en"), markets: folder.markets)
            try check.validate()
            #expect(check.findings().isEmpty, "\(sample): \(check.findings())")
        }
    }

    @Test func everyFuzzSeedStartsWithItsTargetsSelector() throws {
        // The fuzz target feeds the rest of an input to what its first byte (mod 16) picks; a seed
        // that starts with the wrong byte fuzzes the wrong parser.
        let selectors = ["md": [0, 1], "profile": [2], "settings": [3], "encode": [4], "backdrop": [5], "font": [6], "plist": [7],
                         "strings": [8], "xcstrings": [9], "flow": [10], "pbxproj": [11], "xcconfig": [12], "stringsdict": [13],
                         "androidstrings": [14], "manifest": [15]]
        let corpus = repositoryRoot.appendingPathComponent("Fuzz/corpus")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        #expect(seeds.contains { $0.hasPrefix("flow-") })
        for seed in seeds {
            let prefix = String(seed.prefix { $0 != "-" })
            let first = try #require(try Data(contentsOf: corpus.appendingPathComponent(seed)).first)
            #expect(selectors[prefix]?.contains(Int(first) % 16) == true, "\(seed) starts with \(first)")
        }
        // The flow seed is the sample's flow, which parses.
        let flowSeed = try Data(contentsOf: corpus.appendingPathComponent("flow-launch")).dropFirst()
        #expect(try Flow.parse(Data(flowSeed), path: "flow.json").steps.count == 4)
    }

    @Test func everyMisspeltFieldIsNamedAtOnceAndAFlowMustEnd() throws {
        #expect {
            try Flow.parse(Data(#"""
                { "start": "a", "steps": {
                  "a": { "screen": "consent", "on": { "acept": "end:x", "decline": "" } },
                  "b": { "screen": "prompt:camra", "on": {} },
                  "c": { "screen": "consent", "over": "a", "on": { "accept": "end:x" } },
                  "d": { "screen": "prompt:att", "state": "decline-confirm", "on": {} } } }
                """#.utf8), path: "flow.json")
        } throws: { error in
            guard case let FlowError.fields(_, problems) = error else { return false }
            return problems.count == 5 && problems[4].contains("steps.d.state: a system prompt has one screen and no states")
                && problems[0].contains("line 2: steps.a.on.acept") && problems[0].contains("did you mean accept")
                && problems[1].contains("steps.a.on.decline") && problems[2].contains("line 3: steps.b.screen")
                && problems[3].contains("steps.c.over: only a system prompt")
        }
        // Every path loops: a user could never leave; "over" names a missing step.
        let trapped = Self.flow(#"""
            "consent": { "document": "\#(Self.samples)/launch-consent", "screen": "consent", "on": { "accept": "confirm", "decline": "confirm" } },
            "confirm": { "document": "\#(Self.samples)/launch-consent", "screen": "consent", "state": "decline-confirm",
                         "on": { "review": "consent", "exit": "consent" } },
            "att": { "document": "\#(Self.samples)/att-explainer", "screen": "prompt:att", "over": "explian", "on": { "allow": "end:home", "deny": "end:home" } }
            """#)
        #expect {
            try Self.check(trapped).validate()
        } throws: { error in
            let text = "\(error)"
            return text.contains("step 'consent' (line 1): no path from it reaches an end:") && text.contains("step 'confirm'")
                && text.contains("\"over\" names 'explian', which is not a step") && !text.contains("step 'att' (line 4): no path")
        }
    }
}
