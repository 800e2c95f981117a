import Foundation
import Testing
@testable import ConsentRender

/// Issue 28, point 7: every command is run with every option it accepts, and each option must be
/// read: it changes the result (exit status, what is printed, or the files written), or, for the
/// options declared output-neutral (`--jobs`, `--format`, `--interval`), the files written are
/// byte-identical and the findings are the same set. The options a command accepts come from the
/// parser itself (`RENDER_CLI_LIST_OPTIONS=1`), so a new option without a case here fails.
///
/// Besides, render-cli stops with an internal error (exit 3) when a command ends without reading an
/// option it was given, so an option accepted and ignored (as `lint --over` was) cannot pass.
@Suite struct OptionCoverageTests {
    /// One run's outcome, with its temporary folder written as `{T}`.
    struct Outcome: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
        var files: [String: Data]
    }

    /// A command line with its own temporary folder `{T}`, run from the repository root.
    static func run(_ arguments: [String], until waitFor: String? = nil) throws -> Outcome {
        let temporary = TemporaryFolder()
        let root = temporary.url.path
        let resolved = arguments.map { $0.replacingOccurrences(of: "{T}", with: root).replacingOccurrences(of: "{F}", with: fixtures.path) }
        if resolved.contains(where: { $0.contains(root + "/Golden") }) {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Golden"), to: temporary.url.appendingPathComponent("Golden"))
        }
        let run = try waitFor.map { try runUntil(resolved, printed: $0) } ?? runRenderCLI(resolved)
        var files: [String: Data] = [:]
        for path in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
            var isDirectory: ObjCBool = false
            let url = temporary.url.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: root, with: "{T}").replacingOccurrences(of: fixtures.path, with: "{F}")
        }
        return Outcome(status: run.status, stdout: clean(run.stdout), stderr: clean(run.stderr), files: files)
    }

    /// Runs a command that does not end by itself (`watch`) until it prints `printed`, then stops it with SIGINT.
    static func runUntil(_ arguments: [String], printed: String) throws -> CLIRun {
        let run = try runRenderCLI(arguments, stoppedBy: SIGINT, whenPrinted: printed)
        // The timing line differs run to run.
        let lines = run.stdout.split(separator: "\n").map { line in
            line.replacingOccurrences(of: #" in [0-9.]+ (ms|s);"#, with: " in …;", options: .regularExpression)
        }
        return CLIRun(status: run.status, stdout: lines.joined(separator: "\n"), stderr: run.stderr)
    }

    /// Files the cases read: a profiles folder with a red tint, two PNGs to compare, a document with a
    /// character no font has, another flow, and golden folders.
    static let fixtures: URL = {
        // Named by the test process, so the next run removes the folders of runs that have ended
        // (Swift Testing has no hook at the end of a run to remove its own).
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory
        for name in (try? manager.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix("consentrender-option-fixtures-") {
            let owner = name.dropFirst("consentrender-option-fixtures-".count)
            // A folder of an earlier naming (a UUID), or of a process that is gone.
            if Int32(owner).map({ kill($0, 0) != 0 && errno == ESRCH }) ?? true {
                try? manager.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let folder = temporary.appendingPathComponent("consentrender-option-fixtures-\(getpid())")
        try? manager.removeItem(at: folder)
        try! manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let profiles = folder.appendingPathComponent("profiles")
        try! manager.copyItem(at: repositoryRoot.appendingPathComponent("DeviceProfiles").resolvingSymlinksInPath(), to: profiles)
        for name in try! manager.contentsOfDirectory(atPath: profiles.path) where name.hasSuffix(".json") {
            let url = profiles.appendingPathComponent(name)
            let text = try! String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"#007AFF\"", with: "\"#FF2D55\"")
                .replacingOccurrences(of: "\"#6750A4\"", with: "\"#FF2D55\"")
                .replacingOccurrences(of: "\"name\": \"", with: "\"name\": \"Test ")
            try! Data(text.utf8).write(to: url)
        }
        // The apps' files with another name in English.
        // (lint reads the purpose strings: the tracking one is vague in English.)
        for (name, source) in [("app", "Samples/privacy-agreement/app"), ("att-app", "Samples/att-explainer/app")] {
            let app = folder.appendingPathComponent(name)
            try! manager.copyItem(at: repositoryRoot.appendingPathComponent(source), to: app)
            let strings = app.appendingPathComponent("en.lproj/InfoPlist.strings")
            let text = try! String(contentsOf: strings, encoding: .utf8).replacingOccurrences(of: "Yunfan Rides", with: "Test Rides")
                .replacingOccurrences(of: #""NSUserTrackingUsageDescription" = "[^"]*";"#, with: #""NSUserTrackingUsageDescription" = "We need this.";"#,
                                      options: .regularExpression)
            try! Data(text.utf8).write(to: strings)
        }
        // An Xcode project with two app targets and two configurations, its Info.plist generated.
        let project = folder.appendingPathComponent("proj/Atlas.xcodeproj")
        try! manager.createDirectory(at: project, withIntermediateDirectories: true)
        try! Data(Self.atlasProject.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        try! Data(#"{ "start": "consent", "steps": { "consent": { "screen": "consent", "on": { "accept": "end:in", "decline": "end:out" } } } }"#.utf8)
            .write(to: folder.appendingPathComponent("glyphs-flow.json"))
        let glyphs = folder.appendingPathComponent("glyphs")
        try! manager.createDirectory(at: glyphs, withIntermediateDirectories: true)
        try! Data("# Privacy \u{E000}\n\nWe keep your data safe. [Privacy Policy](https://example.com/privacy)\n".utf8)
            .write(to: glyphs.appendingPathComponent("en.md"))
        try! Data(#"{ "start": "explain", "steps": { "explain": { "screen": "consent", "on": { "continue": "end:home" } } } }"#.utf8)
            .write(to: folder.appendingPathComponent("short-flow.json"))
        for (name, languages) in [("Golden", #"["en", "zh-Hans"]"#), ("Golden2", #"["en"]"#)] {
            let golden = folder.appendingPathComponent(name)
            try! manager.createDirectory(at: golden, withIntermediateDirectories: true)
            try! Data(#"""
                { "profiles": "\#(repositoryRoot.path)/DeviceProfiles",
                  "documents": { "doc": "\#(repositoryRoot.path)/Samples/privacy-agreement" },
                  "groups": [ { "document": "doc", "devices": ["iphone-se-3"], "languages": \#(languages) } ] }
                """#.utf8).write(to: golden.appendingPathComponent("matrix.json"))
            let recorded = try! runRenderCLI(["golden", "record", "--golden", golden.path, "--artifacts",
                                              folder.appendingPathComponent("artifacts-\(name)").path])
            precondition(recorded.status == 0, recorded.stdout + recorded.stderr)
        }
        for (name, appearance) in [("a", "light"), ("b", "dark")] {
            let made = try! runRenderCLI(["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en",
                                          "--appearance", appearance, "--out", folder.appendingPathComponent("\(name).png").path])
            precondition(made.status == 0, made.stderr)
        }
        return folder
    }()

    /// How an option must show that it was read.
    enum Effect: Sendable, Equatable {
        /// The result differs from the baseline's.
        case changes
        /// The files are byte-identical and the findings the same set; only how it is said may differ.
        case neutral
        /// As neutral, but for one more file the option names (a `--junit` report), which must be there.
        case addsFile(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var command: String
        var option: String
        var arguments: [String]
        var baseline: [String]
        var effect: Effect
        /// For `watch`: what it prints when its first render is done.
        var waitFor: String?

        var testDescription: String { "\(command) --\(option)" }
    }

    // The baselines, each small: one device, one language.
    static let render = ["render", "--document", "Samples/privacy-agreement", "--device", "iphone-se-3", "--language", "en",
                         "--out", "{T}/shot.png"]
    static let prompt = render + ["--screen", "prompt:att"]
    static let matrix = ["matrix", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en",
                         "--out", "{T}/m"]
    static let lint = ["lint", "--document", "Samples/privacy-agreement", "--devices", "iphone-se-3", "--languages", "en"]
    static let appstore = ["appstore", "--document", "Samples/privacy-agreement", "--languages", "en", "--out", "{T}/s"]
    static let play = ["play", "--document", "Samples/privacy-agreement", "--languages", "en", "--out", "{T}/p"]
    static let review = ["review", "--document", "Samples/att-explainer", "--devices", "iphone-se-3", "--languages", "en",
                         "--date", "2026-01-01", "--out", "{T}/r"]
    static let diff = ["diff", "{F}/a.png", "{F}/b.png"]
    static let verify = ["golden", "verify", "--golden", "{F}/Golden", "--artifacts", "{T}/artifacts"]
    static let record = ["golden", "record", "--golden", "{T}/Golden", "--artifacts", "{T}/artifacts"]
    static let bench = ["bench", "--iterations", "1", "--figures", "stages"]

    static let atlasProject = """
        { archiveVersion = 1; objectVersion = 56; objects = {
          G0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
          P0 = {isa = PBXProject; buildConfigurationList = L0; developmentRegion = en; mainGroup = G0; targets = (T1, T2, ); };
          L0 = {isa = XCConfigurationList; buildConfigurations = (); };
          T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; name = Atlas; productType = "com.apple.product-type.application"; };
          T2 = {isa = PBXNativeTarget; buildConfigurationList = L2; name = AtlasPro; productType = "com.apple.product-type.application"; };
          L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); defaultConfigurationName = Release; };
          L2 = {isa = XCConfigurationList; buildConfigurations = (C3, ); defaultConfigurationName = Release; };
          C1 = {isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; PRODUCT_NAME = Atlas;
            INFOPLIST_KEY_CFBundleDisplayName = "$(PRODUCT_NAME)"; INFOPLIST_KEY_NSUserTrackingUsageDescription = "$(PRODUCT_NAME) needs this."; }; name = Release; };
          C2 = {isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; PRODUCT_NAME = "Atlas Debug";
            INFOPLIST_KEY_CFBundleDisplayName = "$(PRODUCT_NAME)"; INFOPLIST_KEY_NSUserTrackingUsageDescription = "$(PRODUCT_NAME) needs this."; }; name = Debug; };
          C3 = {isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = YES; PRODUCT_NAME = "Atlas Pro";
            INFOPLIST_KEY_CFBundleDisplayName = "$(PRODUCT_NAME)"; INFOPLIST_KEY_NSUserTrackingUsageDescription = "$(PRODUCT_NAME) wants it."; }; name = Release; };
        }; rootObject = P0; }
        """

    /// The four options that choose an app from a project, each against `base` (which asks for a prompt).
    static func projectCases(_ base: [String]) -> [(String, [String], [String])] {
        let project = base + ["--xcodeproj", "{F}/proj/Atlas.xcodeproj", "--target", "Atlas"]
        return [
            ("xcodeproj", project, base),
            ("target", with(project, "target", "AtlasPro"), project),
            ("configuration", with(project, "configuration", "Debug"), project),
            ("build-setting", with(project, "build-setting", "PRODUCT_NAME=Other"), project),
        ]
    }

    /// `base` with `option`'s value replaced by `value` (or the option added).
    static func with(_ base: [String], _ option: String, _ value: String? = nil) -> [String] {
        if let index = base.firstIndex(of: "--" + option) {
            var arguments = base
            if let value { arguments[index + 1] = value } else { arguments.remove(at: index) }
            return arguments
        }
        return base + ["--" + option] + (value.map { [$0] } ?? [])
    }

    /// The options `matrix`, `watch` and `lint` share, with the value that shows each was read.
    static func axisCases(_ command: String, _ base: [String], waitFor: String? = nil) -> [Case] {
        let prompts = with(base, "screens", "prompt:att")
        var cases: [(String, [String], [String])] = [
            ("devices", with(base, "devices", "iphone-15-pro"), base),
            ("languages", with(base, "languages", "zh-Hans"), base),
            ("orientations", with(base, "orientations", "landscape"), base),
            ("appearances", with(base, "appearances", "dark"), base),
            ("states", with(with(base, "document", "Samples/launch-consent"), "states", "decline-confirm"),
             with(base, "document", "Samples/launch-consent")),
            ("text-sizes", with(base, "text-sizes", "AX2"), base),
            ("font-scales", with(with(base, "devices", "pixel-9"), "font-scales", "1.3"), with(base, "devices", "pixel-9")),
            ("android", with(with(with(base, "devices", "pixel-9"), "screens", "prompt:camera"), "android", "16"),
             with(with(base, "devices", "pixel-9"), "screens", "prompt:camera")),
            ("screens", prompts, base),
            ("ios", with(prompts, "ios", "18"), prompts),
            ("app-info", with(prompts, "app-info", "{F}/app"), prompts),
        ] + projectCases(prompts) + [
            ("scroll", with(with(base, "document", "Samples/long-agreement"), "scroll", "bottom"), with(base, "document", "Samples/long-agreement")),
            ("bold-text", with(base, "bold-text", "on"), base),
            ("increase-contrast", with(base, "increase-contrast", "on"), base),
            ("document", with(base, "document", "Samples/world-agreement"), base),
            ("tint", with(base, "tint", "#FF2D55"), base),
            ("profiles", with(base, "profiles", "{F}/profiles"), base),
            ("status-bar", with(base, "status-bar", "none"), base),
        ] + (command == "lint" ? [] : [
            ("island", with(with(base, "devices", "iphone-15-pro"), "island", "shown"), with(base, "devices", "iphone-15-pro")),
        ]) + [
            ("allow-missing-glyphs", with(with(base, "document", "{F}/glyphs"), "allow-missing-glyphs"), with(base, "document", "{F}/glyphs")),
        ]
        if command != "lint" {
            cases += [
                ("over", with(prompts, "over", "Samples/att-explainer"), prompts),
                ("out", with(base, "out", "{T}/elsewhere"), base),
                ("jobs", with(with(base, "languages", "en,zh-Hans"), "jobs", "1"), with(base, "languages", "en,zh-Hans")),
                ("shard", with(with(base, "languages", "en,zh-Hans"), "shard", "2/2"), with(base, "languages", "en,zh-Hans")),
                ("time", with(base, "time", "10:30"), base),
                ("backdrop", with(with(base, "document", "Samples/app-backdrop"), "backdrop", "Samples/app-backdrop/backdrop/default-dark.png"),
                 with(base, "document", "Samples/app-backdrop")),
                ("frame", with(base, "frame"), base),
            ]
        }
        return cases.map { option, arguments, baseline in
            Case(command: command, option: option, arguments: arguments, baseline: baseline,
                 effect: option == "jobs" ? .neutral : .changes, waitFor: waitFor)
        }
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        func add(_ command: String, _ option: String, _ arguments: [String], _ baseline: [String], _ effect: Effect = .changes) {
            cases.append(Case(command: command, option: option, arguments: arguments, baseline: baseline, effect: effect))
        }
        // render
        for (option, value) in [("document", "Samples/world-agreement"), ("device", "iphone-15-pro"), ("language", "zh-Hans"),
                                ("orientation", "landscape"), ("appearance", "dark"), ("tint", "#FF2D55"), ("out", "{T}/other.png"),
                                ("profiles", "{F}/profiles"), ("template", "launch-consent"), ("status-bar", "none"), ("time", "10:30"),
                                ("text-size", "AX2"), ("screen", "prompt:att"), ("bold-text", "on"), ("increase-contrast", "on")] {
            add("render", option, with(render, option, value), render)
        }
        add("render", "state", with(with(render, "document", "Samples/launch-consent"), "state", "decline-confirm"),
            with(render, "document", "Samples/launch-consent"))
        add("render", "scroll", with(with(render, "document", "Samples/long-agreement"), "scroll", "bottom"),
            with(render, "document", "Samples/long-agreement"))
        add("render", "backdrop", with(with(render, "document", "Samples/app-backdrop"), "backdrop", "Samples/app-backdrop/backdrop/default-dark.png"),
            with(render, "document", "Samples/app-backdrop"))
        add("render", "ios", with(prompt, "ios", "18"), prompt)
        add("render", "font-scale", with(with(render, "device", "pixel-9"), "font-scale", "1.3"), with(render, "device", "pixel-9"))
        add("render", "android", with(with(with(render, "device", "pixel-9"), "screen", "prompt:camera"), "android", "16"),
            with(with(render, "device", "pixel-9"), "screen", "prompt:camera"))
        add("render", "island", with(with(render, "device", "iphone-15-pro"), "island", "shown"), with(render, "device", "iphone-15-pro"))
        add("render", "over", with(prompt, "over", "Samples/att-explainer"), prompt)
        add("render", "app-info", with(prompt, "app-info", "{F}/app"), prompt)
        for (option, arguments, baseline) in projectCases(prompt) { add("render", option, arguments, baseline) }
        for flag in ["overlay", "frame", "full-length"] { add("render", flag, with(render, flag), render) }
        add("render", "allow-missing-glyphs", with(with(render, "document", "{F}/glyphs"), "allow-missing-glyphs"),
            with(render, "document", "{F}/glyphs"))
        // diff
        add("diff", "out", with(diff, "out", "{T}/d.png"), diff)
        add("diff", "threshold", with(with(diff, "max-delta-e", "off"), "threshold", "0.9"), with(diff, "max-delta-e", "off"))
        add("diff", "max-diff-pixels", with(diff, "max-diff-pixels", "10000000"), diff)
        add("diff", "max-diff-ratio", with(diff, "max-diff-ratio", "1"), diff)
        add("diff", "max-delta-e", with(diff, "max-delta-e", "off"), diff)
        add("diff", "count-anti-aliasing", with(diff, "count-anti-aliasing"), diff)
        // matrix, watch, lint
        cases += axisCases("matrix", matrix)
        add("matrix", "format", with(matrix, "format", "json"), matrix, .neutral)
        add("matrix", "junit", with(matrix, "junit", "{T}/matrix.xml"), matrix, .addsFile("matrix.xml"))
        cases += axisCases("watch", matrix.map { $0 == "matrix" ? "watch" : $0 }, waitFor: "watching")
        cases.append(Case(command: "watch", option: "interval", arguments: with(matrix.map { $0 == "matrix" ? "watch" : $0 }, "interval", "0.2"),
                          baseline: matrix.map { $0 == "matrix" ? "watch" : $0 }, effect: .neutral, waitFor: "watching"))
        cases += axisCases("lint", lint)
        add("lint", "format", with(lint, "format", "json"), lint, .neutral)
        add("lint", "junit", with(lint, "junit", "{T}/lint.xml"), lint, .addsFile("lint.xml"))
        add("lint", "explain", ["lint", "--explain", "choice.pre-ticked"], lint)
        add("lint", "tcf", with(with(lint, "document", "Samples/world-agreement"), "tcf"), with(lint, "document", "Samples/world-agreement"))
        // appstore
        for (option, value) in [("document", "Samples/world-agreement"), ("languages", "zh-Hans"), ("out", "{T}/other"),
                                ("orientations", "landscape"), ("appearance", "dark"), ("tint", "#FF2D55"), ("profiles", "{F}/profiles"),
                                ("time", "10:30")] {
            add("appstore", option, with(appstore, option, value), appstore)
        }
        add("appstore", "states", with(with(appstore, "document", "Samples/launch-consent"), "states", "decline-confirm"),
            with(appstore, "document", "Samples/launch-consent"))
        add("appstore", "backdrop", with(with(appstore, "document", "Samples/app-backdrop"), "backdrop", "Samples/app-backdrop/backdrop/default-dark.png"),
            with(appstore, "document", "Samples/app-backdrop"))
        add("appstore", "jobs", with(with(appstore, "languages", "en,zh-Hans"), "jobs", "1"), with(appstore, "languages", "en,zh-Hans"), .neutral)
        add("appstore", "all-classes", with(appstore, "all-classes"), appstore)
        add("appstore", "allow-missing-glyphs", with(with(appstore, "document", "{F}/glyphs"), "allow-missing-glyphs"),
            with(appstore, "document", "{F}/glyphs"))
        // play
        for (option, value) in [("document", "Samples/world-agreement"), ("languages", "zh-Hans"), ("out", "{T}/other"),
                                ("orientations", "landscape"), ("appearance", "dark"), ("tint", "#FF2D55"), ("profiles", "{F}/profiles"),
                                ("time", "10:30"), ("devices", "galaxy-s24")] {
            add("play", option, with(play, option, value), play)
        }
        add("play", "states", with(with(play, "document", "Samples/launch-consent"), "states", "decline-confirm"),
            with(play, "document", "Samples/launch-consent"))
        add("play", "backdrop", with(with(play, "document", "Samples/app-backdrop"), "backdrop", "Samples/app-backdrop/backdrop/default-dark.png"),
            with(play, "document", "Samples/app-backdrop"))
        add("play", "jobs", with(with(play, "languages", "en,zh-Hans"), "jobs", "1"), with(play, "languages", "en,zh-Hans"), .neutral)
        add("play", "allow-missing-glyphs", with(with(play, "document", "{F}/glyphs"), "allow-missing-glyphs"),
            with(play, "document", "{F}/glyphs"))
        // review: most cases on a one-step flow, whose review is half the work of the sample's
        let shortReview = review + ["--flow", "{F}/short-flow.json"]
        for (option, value) in [("devices", "iphone-15-pro"), ("languages", "zh-Hans"), ("date", "2026-02-02"), ("out", "{T}/other"),
                                ("profiles", "{F}/profiles")] {
            add("review", option, with(shortReview, option, value), shortReview)
        }
        add("review", "flow", with(review, "flow", "{F}/short-flow.json"), review)
        add("review", "app-info", with(review, "app-info", "{F}/att-app"), review)
        for (option, arguments, baseline) in projectCases(review) { add("review", option, arguments, baseline) }
        add("review", "document", with(with(review, "document", "Samples/launch-consent"), "languages", "en"), review)
        add("review", "jobs", with(with(shortReview, "languages", "en,ja"), "jobs", "1"), with(shortReview, "languages", "en,ja"), .neutral)
        let glyphReview = with(with(review, "document", "{F}/glyphs"), "flow", "{F}/glyphs-flow.json")
        add("review", "allow-missing-glyphs", with(glyphReview, "allow-missing-glyphs"), glyphReview)
        // profiles, golden, bench
        add("profiles", "format", ["profiles", "--format", "json"], ["profiles"], .neutral)
        add("profiles", "profiles", ["profiles", "--profiles", "{F}/profiles"], ["profiles"])
        add("golden verify", "golden", with(verify, "golden", "{F}/Golden2"), verify)
        add("golden verify", "only", with(verify, "only", "*/zh-Hans"), verify)
        add("golden verify", "artifacts", with(verify, "artifacts", "{T}/elsewhere"), verify)
        add("golden verify", "mode", with(verify, "mode", "all"), verify)
        add("golden verify", "junit", with(verify, "junit", "{T}/golden.xml"), verify)
        add("golden record", "junit", with(record, "junit", "{T}/golden.xml"), record)
        add("golden record", "golden", with(record, "golden", "{T}/Golden2"), record)
        add("golden record", "only", with(with(record, "mode", "all"), "only", "*/zh-Hans"), with(record, "mode", "all"))
        add("golden record", "artifacts", with(record, "artifacts", "{T}/elsewhere"), record)
        add("golden record", "mode", with(record, "mode", "missing"), with(record, "mode", "all"))
        add("bench", "iterations", with(bench, "iterations", "2"), bench)
        add("bench", "figures", with(bench, "figures", "diff"), bench)
        add("bench", "format", with(bench, "format", "json"), bench, .neutral)
        add("bench", "profiles", with(bench, "profiles", "{T}/no-profiles"), bench)
        add("bench", "matrix", ["bench", "--matrix", "4", "--jobs", "1"], bench)
        add("bench", "jobs", ["bench", "--matrix", "4", "--jobs", "2"], ["bench", "--matrix", "4", "--jobs", "1"])
        return cases
    }()

    /// The options each command's parser accepts, with its singular aliases.
    static func declaredOptions(_ command: String) throws -> Set<String> {
        let words = command.split(separator: " ").map(String.init)
        let run = try runRenderCLI(words + ["x", "y"], environment: ["RENDER_CLI_LIST_OPTIONS": "1"])
        let listing = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let names = (listing?["options"] as? [String] ?? []) + (listing?["flags"] as? [String] ?? [])
        return Set(names)
    }

    @Test(arguments: ["render", "diff", "matrix", "watch", "lint", "appstore", "play", "review", "profiles", "golden verify", "golden record", "bench"])
    func everyAcceptedOptionHasACase(_ command: String) throws {
        let declared = try Self.declaredOptions(command)
        let covered = Set(Self.cases.filter { $0.command == command }.map(\.option))
        #expect(declared.subtracting(covered).isEmpty, "\(command): options without a case: \(declared.subtracting(covered).sorted())")
        #expect(covered.subtracting(declared).isEmpty, "\(command): cases for options it does not accept: \(covered.subtracting(declared).sorted())")
    }

    /// `--help` is generated from the same specs the parser takes: every option a command accepts
    /// has its entry (an indented line starting with it) and is in the usage line.
    @Test(arguments: ["render", "diff", "matrix", "watch", "lint", "appstore", "play", "review", "profiles", "golden", "bench"])
    func everyAcceptedOptionIsInTheHelp(_ command: String) throws {
        let declared = try Self.declaredOptions(command == "golden" ? "golden verify" : command)
        let help = try runRenderCLI([command, "--help"]).stdout
        let lines = help.split(separator: "\n").map(String.init)
        let usage = help.components(separatedBy: "\n\n").first ?? ""
        for option in declared.sorted() {
            #expect(lines.contains { $0.hasPrefix("  --\(option) ") || $0 == "  --\(option)" }, "\(command) --help has no entry for --\(option)")
            #expect(usage.contains("--\(option)"), "\(command)'s usage line lacks --\(option)")
        }
    }

    private static let baselines = BaselineCache()

    /// A baseline's outcome, run once however many cases compare with it.
    static func baselineOutcome(_ arguments: [String], until waitFor: String?) throws -> Outcome {
        let key = arguments.joined(separator: "\u{1F}") + "|" + (waitFor ?? "")
        if let known = baselines.get(key) { return known }
        let outcome = try run(arguments, until: waitFor)
        baselines.set(key, outcome)
        return outcome
    }

    final class BaselineCache: @unchecked Sendable {
        private let lock = NSLock()
        private var outcomes: [String: Outcome] = [:]

        func get(_ key: String) -> Outcome? {
            lock.lock()
            defer { lock.unlock() }
            return outcomes[key]
        }

        func set(_ key: String, _ outcome: Outcome) {
            lock.lock()
            outcomes[key] = outcome
            lock.unlock()
        }
    }

    /// The findings of a lint run, however they were printed.
    static func findings(_ outcome: Outcome) -> Set<String> {
        if let array = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] {
            return Set(array.map { "\($0["severity"] ?? "") \($0["rule"] ?? "") \(($0["variant"] as? [String: Any])?["device"] ?? "") \($0["language"] ?? "")" })
        }
        return Set(outcome.stdout.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: " ")
            guard parts.count > 3, ["error", "warning"].contains(parts[0]) else { return nil }
            return "\(parts[0]) \(parts[1]) \(parts[2].dropFirst()) \(parts[4].dropLast())"
        })
    }

    /// `{T}` and `{F}` in `arguments`, for an in-process request: a temporary folder and the fixtures.
    static func resolved(_ arguments: [String], temporary: URL) -> [String] {
        arguments.map { $0.replacingOccurrences(of: "{T}", with: temporary.path).replacingOccurrences(of: "{F}", with: fixtures.path) }
    }

    /// Issue 29, point 8: matrix, watch and lint are checked in-process, from argument to request
    /// (the library's `MatrixRender` or `LintRun`, which the library's own tests take to pixels):
    /// each option is read while the request is made, and changes it. Options that must leave the
    /// files and findings the same (`--jobs`, `--format`, `--interval`) are still run end to end,
    /// as are all of render, review, appstore, diff, golden and bench.
    static func isInProcess(_ option: Case) -> Bool {
        CLIRequests.commands.contains(option.command) && option.effect == .changes
    }

    @Test(arguments: cases.filter(isInProcess))
    func everyOptionChangesTheRequest(_ option: Case) throws {
        let temporary = TemporaryFolder()
        let with = CLIRequests.request(Self.resolved(option.arguments, temporary: temporary.url))
        let without = CLIRequests.request(Self.resolved(option.baseline, temporary: temporary.url))
        #expect(!without.text.hasPrefix("error:"), "the baseline \(option.baseline) is refused: \(without.text)")
        #expect(with.unread.isEmpty && without.unread.isEmpty, "\(option.testDescription): not read: \(with.unread + without.unread)")
        #expect(with.text != without.text, "\(option.testDescription) changed nothing in the request:\n\(with.text)")
    }

    /// The in-process requests are the runs' requests: one end-to-end run per command renders
    /// (or lints) exactly the cells its request lists.
    @Test(arguments: ["matrix", "watch", "lint"])
    func aRunDoesWhatItsRequestSays(_ command: String) throws {
        let base = (command == "lint" ? Self.lint : Self.matrix.map { $0 == "matrix" ? command : $0 }) + ["--orientations", "portrait,landscape"]
        let run = try Self.run(base, until: command == "watch" ? "watching" : nil)
        #expect(!run.stderr.contains("internal error"), "\(run.stderr)")
        let temporary = TemporaryFolder()
        let request = CLIRequests.request(Self.resolved(base, temporary: temporary.url))
        let cells = request.text.split(separator: "\n").filter { $0.hasPrefix("RenderVariant(") }.count
        #expect(cells == (command == "lint" ? 4 : 2), "\(request.text)")
        if command == "lint" {
            #expect(run.stdout.contains("\(cells) screens of"), "\(run.stdout)")
        } else {
            let screenshots = run.files.keys.filter { $0.hasPrefix("m/iphone-se-3/") && $0.hasSuffix(".png") }
            #expect(screenshots.count == cells, "\(run.files.keys.sorted())")
        }
    }

    @Test(arguments: cases.filter { !isInProcess($0) })
    func everyOptionIsRead(_ option: Case) throws {
        let with = try Self.run(option.arguments, until: option.waitFor)
        #expect(!with.stderr.contains("internal error"), "\(with.stderr)")
        #expect(with.status != 2 || option.effect == .changes, "\(option.testDescription) was refused: \(with.stderr)")
        let without = try Self.baselineOutcome(option.baseline, until: option.waitFor)
        switch option.effect {
        case .changes:
            #expect(with != without, "\(option.testDescription) changed nothing: \(with.stdout) \(with.stderr)")
        case .neutral:
            #expect(with.status == without.status)
            let differing = Set(with.files.keys).symmetricDifference(without.files.keys).sorted()
                + with.files.keys.filter { without.files[$0] != nil && without.files[$0] != with.files[$0] }.sorted()
            #expect(with.files == without.files, "\(option.testDescription): files differ: \(differing.joined(separator: ", "))")
            if option.command == "lint" { #expect(Self.findings(with) == Self.findings(without)) }
        case let .addsFile(name):
            #expect(with.status == without.status)
            #expect(with.files[name] != nil, "\(option.testDescription) wrote no \(name)")
            #expect(with.files.filter { $0.key != name } == without.files, "\(option.testDescription): other files differ")
            if option.command == "lint" { #expect(Self.findings(with) == Self.findings(without)) }
        }
    }
}
