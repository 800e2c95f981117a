import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// What a first-time user of the Android side tripped over (issue 37's trial), each as a
/// regression test.
@Suite struct AndroidFirstUseTests {
    static let login = repositoryRoot.appendingPathComponent("Samples/login-consent")

    /// The login page on a Pixel: Roboto's letter spacing cut the country code ("+1" drawn as
    /// "…") and the other-methods title short, and the Chinese look's grey text at a further 60 %
    /// failed contrast; the Chinese toast's narrowed text broke a painter's claim (a crash in
    /// debug builds, which check every claim).
    @Test(arguments: ["en", "zh-Hans", "de"])
    func theLoginPageShowsItsWordsWholeAndReadableOnAndroid(language: String) throws {
        let renderer = try ConsentRenderer()
        for state in [ScreenState.initial, .tappedUnticked] {
            let page = try renderFolder(Self.login, with: renderer, language: language, device: "pixel-9", state: state)
            #expect(page.layout.ellipsizedTextIDs.isEmpty, "\(language) \(state): \(page.layout.ellipsizedTextIDs)")
            let errors = renderer.lint(page).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(language) \(state): \(errors.map(\.message))")
            _ = try page.bitmap.pngData(compression: .fast)
        }
    }

    /// A string a template never draws does not stop it: the agreement dialog draws accept and
    /// decline, never "continue", which no built-in table gives for Serbian in Latin script.
    @Test func aDocumentNeedsOnlyTheButtonStringsItsTemplateDraws() throws {
        let folder = TemporaryFolder()
        let url = folder.folder("doc", files: [
            "document.json": #"{ "strings": { "accept": { "sr-Latn": "Prihvatam" }, "decline": { "sr-Latn": "Odbijam" } } }"#,
            "sr-Latn.md": "# Privatnost\n\nPročitajte [politiku privatnosti](https://example.com/privacy).\n",
        ])
        let page = try renderFolder(url, with: try ConsentRenderer(), language: "sr-Latn", device: "pixel-9")
        #expect(page.linkMap.buttons.map(\.label).sorted() == ["Odbijam", "Prihvatam"])
        // An ATT explainer draws "continue" and still needs it.
        #expect(AgreementDialogTemplate().chromeStrings == ["accept", "decline"])
        #expect(ATTExplainerTemplate().chromeStrings == ["continue"])
    }

    /// Large-text findings on Android speak the font scale and dp.
    @Test func largeTextFindingsOnAndroidSpeakFontScaleAndDp() throws {
        let renderer = try ConsentRenderer()
        let request = RenderRequest(folder: try DocumentFolder(url: Self.login, appFiles: XcodeAppFiles()),
                                    profile: try shippedProfiles.profile(id: "galaxy-s24"), requestedLanguage: "de",
                                    orientation: .landscape, appearance: .dark)
        let findings = try renderer.dynamicTypeFindings(for: request, device: "galaxy-s24")
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(finding.message.hasPrefix("at font scale 2.0,"), "\(finding.message)")
            #expect(!finding.message.contains(" pt"), "\(finding.message)")
            #expect(finding.unit == "dp")
        }
    }

    /// The review's notes name a login page as one and every way to log in.
    @Test func reviewNotesNameTheLoginPageAndEveryLoginMethod() throws {
        let temporary = TemporaryFolder()
        let popup = temporary.url.appendingPathComponent("popup")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Samples/launch-consent"), to: popup)
        try FileManager.default.copyItem(at: Self.login, to: temporary.url.appendingPathComponent("login"))
        try Data(#"""
            { "start": "consent", "steps": {
                "consent": { "screen": "consent", "on": { "accept": "login", "decline": "confirm" } },
                "confirm": { "screen": "consent", "state": "decline-confirm", "on": { "review": "consent", "exit": "end:exit" } },
                "login": { "document": "../login", "screen": "consent", "on": { "login": "end:home", "login-method": "end:home" } } } }
            """#.utf8).write(to: popup.appendingPathComponent("flow.json"))
        let out = temporary.url.appendingPathComponent("review")
        let run = try runRenderCLI(["review", "--document", popup.path, "--devices", "pixel-9", "--languages", "en", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let notes = try String(contentsOf: out.appendingPathComponent("pixel-9/notes.txt"), encoding: .utf8)
        #expect(notes.contains("the login page"), "\(notes)")
        #expect(notes.contains("\"WeChat\", \"Apple\" or \"Password\""), "\(notes)")
        let pdf = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), [out.appendingPathComponent("pixel-9/review.pdf").path, "-"])
        #expect(pdf.stdout.contains("dp at 420 dpi"), "\(pdf.stdout.prefix(600))")
    }
}
