import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 37, point 6: Google Play screenshots in fastlane supply's layout, within Play's rules.
@Suite struct PlayExportTests {
    @Test func languagesMapToPlaysCodes() throws {
        let expected = ["zh-Hans": "zh-CN", "zh-Hant": "zh-TW", "zh-HK": "zh-HK", "en": "en-US", "en-GB": "en-GB", "de": "de-DE",
                        "he": "iw-IL", "es-MX": "es-419", "es": "es-ES", "pt": "pt-BR", "pt-PT": "pt-PT", "nb": "no-NO", "id": "id",
                        "ar": "ar", "ja": "ja-JP", "fr-CA": "fr-CA", "sr-Latn": "sr"]
        for (tag, code) in expected {
            #expect(try PlayLocale.code(for: tag) == code, "\(tag)")
        }
        #expect(PlayLocale.codes.count == 87)
        #expect(throws: PlayError.self) { try PlayLocale.code(for: "tlh") }
    }

    @Test func aTagWhosePlayLanguageDropsItsScriptOrRegionGetsANote() throws {
        #expect(PlayLocale.note(for: "sr-Latn", code: try PlayLocale.code(for: "sr-Latn"))?.contains("no Latn listing") == true)
        #expect(PlayLocale.note(for: "de-AT", code: try PlayLocale.code(for: "de-AT"))?.contains("de in AT") == true)
        for intended in ["de", "es-MX", "zh-Hans", "zh-HK", "en-GB", "he", "pt"] {
            #expect(PlayLocale.note(for: intended, code: try PlayLocale.code(for: intended)) == nil, "\(intended)")
        }
    }

    @Test func aPseudoLocaleIsRefusedWhenAskedForAndLeftOutOfAll() throws {
        let code: (String) throws -> String = { try PlayLocale.code(for: $0) }
        #expect(throws: PlayError.pseudoLocale(tag: "en-XA")) {
            try StoreExport.locales(of: ["en", "en-XA"], store: "Play language", code: code, pseudo: { PlayError.pseudoLocale(tag: $0) })
        }
        let all = try StoreExport.locales(of: ["ar-XB", "en", "en-XA"], store: "Play language", code: code,
                                          pseudo: { PlayError.pseudoLocale(tag: $0) }, skipsPseudo: true)
        #expect(all.locales.map(\.code) == ["en-US"])
        #expect(all.notes.count == 2 && all.notes.allSatisfy { $0.contains("pseudo-locale") })
    }

    @Test func aTallPhoneIsCutToTwoToOne() throws {
        let pixel = try shippedProfiles.profile(id: "pixel-9")
        let cut = PlayExport.playable(pixel)
        #expect(cut.shortened)
        #expect(cut.profile.pixelSize(in: .portrait) == (1080, 2160))
        #expect(cut.profile.pixelSize(in: .landscape) == (2160, 1080))
        let fold = try shippedProfiles.profile(id: "galaxy-z-fold-7")
        #expect(!PlayExport.playable(fold).shortened)
    }

    @Test func theExportWritesSupplysLayoutAndKeepsToItsOwnFiles() throws {
        let folder = TemporaryFolder()
        let out = folder.url.appendingPathComponent("fastlane")
        let document = repositoryRoot.appendingPathComponent("Samples/privacy-agreement")
        func export(_ languages: [String]) throws -> PlayExport.Outcome {
            try PlayExport(folder: try DocumentFolder(url: document, appFiles: XcodeAppFiles()), catalog: shippedProfiles,
                           languages: languages, devices: ["pixel-9", "galaxy-z-fold-7"], outputDirectory: out, jobs: 2).run()
        }
        let first = try export(["zh-Hans", "en"])
        #expect(first.screenshots.map(\.path).sorted() == [
            "metadata/android/en-US/images/phoneScreenshots/01_pixel-9_portrait.png",
            "metadata/android/en-US/images/tenInchScreenshots/01_galaxy-z-fold-7_portrait.png",
            "metadata/android/zh-CN/images/phoneScreenshots/01_pixel-9_portrait.png",
            "metadata/android/zh-CN/images/tenInchScreenshots/01_galaxy-z-fold-7_portrait.png",
        ])
        for shot in first.screenshots {
            let header = try #require(pngHeader(try Data(contentsOf: out.appendingPathComponent(shot.path))))
            #expect(header.colorType == 2, "24-bit RGB, no alpha")
            #expect(max(header.width, header.height) <= 2 * min(header.width, header.height))
        }
        // A file of the team's beside them stays, with a warning; a language dropped later goes.
        let own = out.appendingPathComponent("metadata/android/en-US/images/phoneScreenshots/00_ours.png")
        try Data("mine".utf8).write(to: own)
        let second = try export(["zh-Hans"])
        #expect(second.removed.contains("metadata/android/en-US/images/phoneScreenshots/01_pixel-9_portrait.png"))
        #expect(FileManager.default.fileExists(atPath: own.path))
        // The folders the removal emptied go (supply would take an empty one's language as a listing).
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("metadata/android/en-US/images/tenInchScreenshots").path))
        let third = try export(["zh-Hans", "en"])
        #expect(third.warnings.contains { $0.contains("00_ours.png") && $0.contains("not written by the Play export") })
        // With the team's file, eight more would make nine in the folder: refused, nothing written.
        var crowded = try PlayExport(folder: try DocumentFolder(url: document, appFiles: XcodeAppFiles()), catalog: shippedProfiles,
                                     languages: ["en"], devices: ["pixel-8", "pixel-8-pro", "pixel-9", "pixel-9-pro", "pixel-10", "galaxy-s24",
                                                                  "galaxy-a55", "xiaomi-14"], outputDirectory: out, jobs: 2)
        crowded.jobsAreFixed = false
        #expect {
            try crowded.run()
        } throws: { "\($0)".contains("00_ours.png") && "\($0)".contains("would hold 9") }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(
            "metadata/android/en-US/images/phoneScreenshots/08_xiaomi-14_portrait.png").path))
        // Only pictures count, as supply uploads only them: a note and a folder of the team's are neither counted nor warned about.
        try FileManager.default.removeItem(at: own)
        let images = out.appendingPathComponent("metadata/android/en-US/images/phoneScreenshots")
        try Data("notes".utf8).write(to: images.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: images.appendingPathComponent("old"), withIntermediateDirectories: true)
        let full = try crowded.run()
        #expect(full.screenshots.count == 8)
        #expect(!full.warnings.contains { $0.contains("notes.txt") || $0.contains("/old") }, "\(full.warnings)")
    }

    @Test func everyLanguageOfTheDocumentLeavesOutWhatPlayLacks() throws {
        let folder = TemporaryFolder()
        let document = folder.folder("doc", files: [
            "en.md": "# Privacy\n\nRead the [privacy policy](https://example.com/privacy).\n",
            "cy.md": "# Preifatrwydd\n\nDarllenwch y [polisi preifatrwydd](https://example.com/privacy).\n",
            "document.json": #"{ "strings": { "accept": { "cy": "Derbyn" }, "decline": { "cy": "Gwrthod" } } }"#,
        ])
        var export = PlayExport(folder: try DocumentFolder(url: document, appFiles: XcodeAppFiles()), catalog: shippedProfiles,
                                languages: ["cy", "en"], devices: ["pixel-9"], outputDirectory: folder.url.appendingPathComponent("out"), jobs: 1)
        #expect(throws: PlayError.noPlayLocale(tag: "cy")) { try export.run() }
        export.languagesAreAll = true
        let outcome = try export.run()
        #expect(outcome.screenshots.map(\.locale) == ["en-US"])
        #expect(outcome.notes.contains { $0.hasPrefix("'cy' has no Play language; left out") }, "\(outcome.notes)")
    }

    @Test func whatPlayCannotTakeIsRefusedBeforeAnythingIsWritten() throws {
        let folder = TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        let document = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/privacy-agreement"), appFiles: XcodeAppFiles())
        var iphone = PlayExport(folder: document, catalog: shippedProfiles, languages: ["en"], devices: ["iphone-15-pro"], outputDirectory: out,
                                jobs: 1)
        #expect(throws: PlayError.notAnAndroidDevice(device: "iphone-15-pro")) { try iphone.run() }
        iphone.devices = ["pixel-8", "pixel-9", "pixel-9-pro", "pixel-10", "galaxy-s24", "galaxy-a55", "xiaomi-14", "xiaomi-15", "pixel-8-pro"]
        #expect(throws: PlayError.self) { try iphone.run() }
        iphone.devices = ["pixel-9"]
        iphone.languages = ["en-XA"]
        #expect(throws: PlayError.pseudoLocale(tag: "en-XA")) { try iphone.run() }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("metadata").path))
    }

    @Test func theCommandLineExports() throws {
        let folder = TemporaryFolder()
        let run = try runRenderCLI(["play", "--document", "Samples/android-consent", "--languages", "de,fr", "--devices", "galaxy-s24",
                                    "--out", folder.url.appendingPathComponent("f").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("metadata/android/de-DE/images/phoneScreenshots/01_galaxy-s24_portrait.png 1080×2160 (the screen cut to 2:1 for Play)"))
        let bad = try runRenderCLI(["play", "--document", "Samples/android-consent", "--languages", "de", "--devices", "pixel-99",
                                    "--out", folder.url.appendingPathComponent("g").path])
        #expect(bad.status == 2 && bad.stderr.contains("--devices") && bad.stderr.contains("pixel-9"))
    }
}
