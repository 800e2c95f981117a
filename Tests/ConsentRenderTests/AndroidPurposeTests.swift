import Foundation
import Testing
@testable import AndroidFiles
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 38, slices 3 and 4: the app's purpose banner above Android's permission dialog
/// (`permissionPurposes`), China's rule that location, contacts and photos requests state their
/// purpose on screen, and Android flows reviewed whole.
@Suite struct AndroidPurposeTests {
    static let consent = repositoryRoot.appendingPathComponent("Samples/android-consent")

    static func render(_ kind: PromptKind, language: String, document: URL = consent, device: String = "pixel-9") throws -> RenderedPage {
        var request = RenderRequest(folder: try DocumentFolder(url: document, appFiles: AppFileReaders([AndroidAppFiles(), XcodeAppFiles()])),
                                    profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
                                    orientation: .portrait, appearance: .light)
        request.variant.screen = .prompt(kind)
        return try ConsentRenderer().render(request)
    }

    @Test(arguments: ["zh-Hans", "en"])
    func theBannerSaysWhyAboveTheDialog(language: String) throws {
        let page = try Self.render(.location, language: language)
        let banner = try #require(page.layout.items.first { $0.id == "banner" }?.bounds)
        let dialog = page.linkMap.dialog
        #expect(banner.maxY < dialog.minY, "the banner sits above the dialog")
        #expect(banner.minY >= page.linkMap.safeArea.top, "under the status bar")
        let texts = page.layout.items.compactMap { item -> String? in
            if case let .text(text) = item.drawable, item.id.hasPrefix("banner-") { return text.block.text }
            return nil
        }
        #expect(texts.first == (language == "en" ? "Location permission: why we ask" : "位置信息权限使用说明"))
        #expect(page.linkMap.prompt?.message.hasPrefix(language == "en" ? "Used to suggest nearby pick-up points" : "用于为您推荐附近的上车点") == true)
        // The app's window is behind the dialog's: the banner's white is dimmed with the app.
        let scale = page.linkMap.scale
        let pixel = page.bitmap.color(x: Int((banner.minX + 6) * scale), y: Int(banner.midY * scale))
        #expect(pixel.red < 120, "\(pixel)")
    }

    @Test func aMisspeltPurposeResourceGetsADidYouMean() throws {
        let folder = TemporaryFolder()
        _ = folder.folder("app/res/values", files: [
            "strings.xml": #"<resources><string name="app_name">Yunfan</string><string name="camera_purpose">Scans codes.</string></resources>"#,
        ])
        let document = folder.folder("doc", files: [
            "en.md": "# Privacy\n",
            "document.json": #"{ "app": { "resources": "../app/res" }, "permissionPurposes": { "camera": { "resource": "camera_purpse" } } }"#,
        ])
        #expect { try Self.render(.camera, language: "en", document: document) } throws: {
            "\($0)".contains("names the resource \"camera_purpse\", which no strings.xml of the app has; did you mean \"camera_purpose\"?")
        }
    }

    @Test func purposesNeedTheirLanguageAndAKnownDialog() throws {
        let folder = TemporaryFolder()
        let document = folder.folder("doc", files: [
            "en.md": "# Privacy\n\nRead the [policy](https://example.com/privacy).\n",
            "document.json": #"{ "launch": { "appName": "Yunfan" }, "permissionPurposes": { "camera": { "de": "Zum Scannen." } } }"#,
        ])
        #expect { try Self.render(.camera, language: "en", document: document) } throws: {
            "\($0)".contains("permissionPurposes.camera has no words for 'en'")
        }
        // Without a purpose the dialog has no banner.
        #expect(try Self.render(.microphone, language: "en", document: document).layout.items.allSatisfy { $0.id != "banner" })
        let typo = folder.folder("typo", files: [
            "en.md": "# Privacy\n",
            "document.json": #"{ "permissionPurposes": { "locaton": "Why" } }"#,
        ])
        #expect { try DocumentFolder(url: typo, appFiles: XcodeAppFiles()) } throws: {
            "\($0)".contains("'locaton' is not a permission dialog; did you mean \"location\"?")
        }
    }

    /// A purpose may come from the app's strings.xml, in the device's language.
    @Test func aPurposeCanBeAStringsResource() throws {
        let folder = TemporaryFolder()
        _ = folder.folder("app/res/values", files: [
            "strings.xml": #"<resources><string name="app_name">Yunfan</string><string name="why_location">Finds pick-up points.</string></resources>"#,
        ])
        _ = folder.folder("app/res/values-zh-rCN", files: [
            "strings.xml": #"<resources><string name="why_location">用于推荐上车点。</string></resources>"#,
        ])
        let document = folder.folder("doc", files: [
            "en.md": "# Privacy\n", "zh-Hans.md": "# 隐私\n",
            "document.json": #"{ "app": { "resources": "../app/res" }, "permissionPurposes": { "location": { "resource": "@string/why_location" } } }"#,
        ])
        #expect(try Self.render(.location, language: "zh-Hans", document: document).linkMap.prompt?.message == "用于推荐上车点。")
        #expect(try Self.render(.location, language: "en", document: document).linkMap.prompt?.message == "Finds pick-up points.")
        // A language the app has no translation for would mix two languages: refused.
        #expect { try Self.render(.location, language: "fr", document: document) } throws: {
            "\($0)".contains("has no translation of for 'fr'")
        }
    }

    /// With the cn market, a location, contacts or photos dialog in an Android flow without its
    /// banner fails `prompt.purpose-shown`; with it, the flow passes.
    @Test func chinasPurposeRuleFailsAFlowWithoutTheBanner() throws {
        let temporary = TemporaryFolder()
        let sample = temporary.url.appendingPathComponent("android-launch")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/android-launch"), to: sample)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/android-app"),
                                         to: temporary.url.appendingPathComponent("android-app"))
        func lint() throws -> CLIRun {
            try runRenderCLI(["lint", "--document", sample.path, "--devices", "pixel-9", "--languages", "zh-Hans", "--orientations", "portrait",
                              "--appearances", "light"])
        }
        let passing = try lint()
        #expect(passing.stdout.contains("prompt.purpose-shown"), "\(passing.stdout)")
        #expect(!passing.stdout.contains("error prompt.purpose-shown"), "\(passing.stdout)")
        // Without the location purpose.
        let url = sample.appendingPathComponent("document.json")
        var settings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var purposes = try #require(settings["permissionPurposes"] as? [String: Any])
        purposes["location"] = nil
        settings["permissionPurposes"] = purposes
        try JSONSerialization.data(withJSONObject: settings).write(to: url)
        let failing = try lint()
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("error prompt.purpose-shown location: the location dialog at 'location' shows no purpose"),
                "\(failing.stdout)")
        // The manifest asks for location, and the document no longer says why.
        #expect(failing.stdout.contains("warning prompt.purpose-declared permissionPurposes.location"), "\(failing.stdout)")
    }

    /// A flow that asks for a permission before the user agrees fails on Android as on iOS.
    @Test func aPermissionBeforeConsentFailsTheFlowOnAndroid() throws {
        let temporary = TemporaryFolder()
        let sample = temporary.url.appendingPathComponent("android-launch")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/android-launch"), to: sample)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/android-app"),
                                         to: temporary.url.appendingPathComponent("android-app"))
        try Data(#"""
            { "start": "location", "steps": {
                "location": { "screen": "prompt:location", "on": { "allow-while-using": "consent", "allow-once": "consent", "deny": "consent" } },
                "consent": { "screen": "consent", "on": { "accept": "end:home", "decline": "confirm" } },
                "confirm": { "screen": "consent", "state": "decline-confirm", "on": { "review": "consent", "exit": "end:exit" } } } }
            """#.utf8).write(to: sample.appendingPathComponent("flow.json"))
        let run = try runRenderCLI(["lint", "--document", sample.path, "--devices", "pixel-9", "--languages", "zh-Hans", "--orientations",
                                    "portrait", "--appearances", "light"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("error flow.permissions-after-consent location: the location prompt is reached without an accept"),
                "\(run.stdout)")
        #expect(run.stdout.contains("error flow.consent-on-launch location"), "\(run.stdout)")
        // A purpose keyed by something that is no language is refused.
        let url = sample.appendingPathComponent("document.json")
        try Data(String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"zh-Hant\": \"用於為您推薦", with: "\"zh_Hant\": \"用於為您推薦").utf8)
            .write(to: url)
        let bad = try runRenderCLI(["lint", "--document", sample.path, "--devices", "pixel-9", "--languages", "zh-Hans"])
        #expect(bad.status == 2 && bad.stderr.contains("'zh_Hant' is not a language tag; did you mean 'zh-Hant'?"), "\(bad.stderr)")
    }

    /// The review of the Android sample flow (consent → decline confirmation → location with its
    /// banner → notifications) in zh-Hans and en.
    @Test func theAndroidFlowIsReviewedWhole() throws {
        let temporary = TemporaryFolder()
        let out = temporary.url.appendingPathComponent("review")
        let run = try runRenderCLI(["review", "--document", "Samples/android-launch", "--devices", "pixel-9", "--languages", "zh-Hans,en",
                                    "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        for language in ["zh-Hans", "en"] {
            for step in ["consent", "confirm", "location", "notifications"] {
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("pixel-9/\(language)/\(step).png").path))
            }
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("pixel-9/\(language)/walkthrough.mp4").path))
        }
        let notes = try String(contentsOf: out.appendingPathComponent("pixel-9/notes.txt"), encoding: .utf8)
        #expect(notes.contains("Android's location permission dialog"), "\(notes)")
        #expect(notes.contains("with the app's banner above it saying why: \"Used to suggest nearby pick-up points"), "\(notes)")
        let pdf = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [out.appendingPathComponent("pixel-9/review.pdf").path, "-"])
        #expect(pdf.stdout.contains("prompt.purpose-shown: passed"), "\(pdf.stdout.prefix(400))")
        #expect(pdf.stdout.contains("(Android 14)"))
    }
}
