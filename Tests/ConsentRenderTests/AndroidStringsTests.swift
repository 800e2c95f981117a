import Foundation
import Testing
@testable import AndroidFiles
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 37, point 5: an Android app's strings.xml as an input, with aapt2's rules and Android's
/// locale resolution.
@Suite struct AndroidStringsTests {
    private func parse(_ body: String, root: String = "<resources>") throws -> StringsXMLFile {
        try StringsXMLFile.parse(Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(root)\n\(body)\n</resources>\n".utf8), path: "res/values/strings.xml")
    }

    private func text(_ value: String) throws -> String? {
        try parse("<string name=\"a\">\(value)</string>").entries["a"]?.text
    }

    @Test func aapt2sRulesForAStringsText() throws {
        #expect(try text("Don\\'t agree") == "Don't agree")
        #expect(try text("\"Don't agree\"") == "Don't agree", "an apostrophe inside double quotes")
        #expect(try text("  Two\n    lines   folded  ") == "Two lines folded")
        #expect(try text("\"  kept  \"") == "  kept  ")
        #expect(try text("A\\nB\\tC") == "A\nB\tC")
        #expect(try text("\\@string \\? \\\\ \\\"") == "@string ? \\ \"")
        #expect(try text("\\u00A0\\u4E2D") == "\u{A0}中")
        #expect(try text("\\uD83E\\uDDD8") == "🧘", "a surrogate pair is one character")
        #expect(try text("Tom &amp; Jerry &#8217; &#x4E2D;") == "Tom & Jerry \u{2019} 中")
        #expect(try text("<![CDATA[<b>bold</b>]]> and <b>markup</b> <xliff:g id=\"n\" example=\"3\">%1$d</xliff:g>") == "<b>bold</b> and markup %1$d")
    }

    @Test func pluralsShowOtherAndKeepEveryQuantity() throws {
        let file = try parse("""
            <plurals name="partners">
                <item quantity="one">%d partner</item>
                <item quantity="other">%d partners</item>
            </plurals>
            """)
        let entry = try #require(file.entries["partners"])
        #expect(entry.text == "%d partners")
        #expect(entry.quantities == ["one": "%d partner", "other": "%d partners"])
    }

    @Test func otherResourceTypesAreKeptOutAndTextBetweenThemIsAWarning() throws {
        let file = try parse("""
            <color name="brand">#FF6750A4</color>
            <string-array name="list"><item>a</item></string-array>
            <string name="a">A</string>&gt;
            <dimen name="gap">8dp</dimen>
            """)
        #expect(file.entries.keys.sorted() == ["a"])
        #expect(file.warnings.count == 1 && file.warnings[0].contains("line 5"))
    }

    @Test func whatAapt2RefusesIsRefusedWithTheLineAndTheFix() {
        func message(_ body: String, root: String = "<resources>") -> String {
            do {
                _ = try parse(body, root: root)
                return "parsed"
            } catch {
                return "\(error)"
            }
        }
        let apostrophe = message("<string name=\"a\">Don't</string>")
        #expect(apostrophe.contains("res/values/strings.xml: line 3") && apostrophe.contains("unescaped apostrophe") && apostrophe.contains("\\'"))
        #expect(message("<string name=\"a\">A</string>\n<string name=\"a\">B</string>").contains("'a' is defined twice (first on line 3)"))
        #expect(message("<strng name=\"a\">A</strng>").contains("did you mean <string>?"))
        #expect(message("<string>A</string>").contains("has no name"))
        #expect(message("<string name=\"1a\">A</string>").contains("not a valid resource name"))
        #expect(message("<string name=\"a\">A</strin>").contains("</strin> closes <string>"))
        #expect(message("<string name=\"a\">A &nbsp; B</string>").contains("&nbsp; is not an entity") && message("<string name=\"a\">A &nbsp; B</string>").contains("&#160;"))
        #expect(message("<string name=\"a\">A & B</string>").contains("&amp;"))
        #expect(message("<plurals name=\"p\"><item quantity=\"onee\">x</item></plurals>").contains("did you mean \"one\""))
        #expect(message("<plurals name=\"p\"></plurals>").contains("has no items"))
        #expect(message("<string name=\"a\">\\uD83E</string>").contains("surrogate"))
        #expect(message("<string name=\"a\">\\u12</string>").contains("four hex digits"))
        #expect(message("<string name=\"a\">A</string>", root: "<resourcez>").contains("</resources> closes <resourcez>"))
        #expect(message("<string name=\"a\">unclosed").contains("</resources> closes <string> (opened on line 3)"))
        #expect {
            try StringsXMLFile.parse(Data("<resources>\n<string name=\"a\">A</string>\n".utf8), path: "x.xml")
        } throws: { "\($0)".contains("x.xml: line 1, column 1: <resources> is never closed") }
        let utf16 = Data([0xFF, 0xFE]) + Data("<resources/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(throws: AndroidResourceError.self) { try StringsXMLFile.parse(utf16, path: "x.xml") }
        #expect(throws: AndroidResourceError.self) { try StringsXMLFile.parse(Data([0x3C, 0xC3, 0x28]), path: "x.xml") }
    }

    @Test func folderNamesGiveTheirLocales() {
        func locale(_ name: String) -> String? { ResourceLocale.qualifiers(of: name)?.locale?.description }
        #expect(locale("values-zh-rCN") == "zh-CN")
        #expect(locale("values-b+sr+Latn") == "sr-Latn")
        #expect(locale("values-b+zh+Hant+TW") == "zh-Hant-TW")
        #expect(locale("values-es-r419") == "es-419")
        #expect(locale("values-iw") == "he", "Android's old code for Hebrew")
        #expect(locale("values-in") == "id")
        #expect(locale("values") == nil)
        #expect(ResourceLocale.qualifiers(of: "values-night")?.night == true)
        #expect(ResourceLocale.qualifiers(of: "values-de-land-night") == ResourceLocale.Qualifiers(
            locale: ResourceLocale(language: "de"), landscape: true, night: true))
        #expect(ResourceLocale.qualifiers(of: "values-sw600dp")?.otherQualifiers == true)
        #expect(ResourceLocale.qualifiers(of: "values-v21")?.version == 21)
        #expect(ResourceLocale.qualifiers(of: "drawable-hdpi") == nil)
    }

    @Test func androidsResolutionOrder() {
        let resolver = AndroidLocaleResolver(available: ["zh-CN", "zh-TW", "es-419", "es", "fr-FR", "en", "en-GB", "pt"].compactMap {
            ResourceLocale(bcp47: $0)
        })
        func first(_ language: String) -> String? { resolver.order(for: language).first?.description }
        #expect(first("zh-HK") == "zh-TW", "Traditional Chinese by script, never zh-CN")
        #expect(first("zh-Hans") == "zh-CN")
        #expect(first("es-MX") == "es-419", "the parent region before the language")
        #expect(first("es-ES") == "es")
        #expect(first("fr-CH") == "fr-FR", "another region of the language")
        #expect(first("en-AU") == "en", "en-AU → en-001 (absent) → en")
        #expect(first("pt-AO") == "pt")
        #expect(first("ja") == nil, "no folder: the default values/")
        #expect(resolver.order(for: "ja,fr").first?.description == "fr-FR", "the next language of the list")
    }

    @Test func theSampleRendersItsOwnWordsInFiveLanguages() throws {
        let renderer = try ConsentRenderer()
        let folder = repositoryRoot.appendingPathComponent("Samples/android-consent")
        let expected = ["en": ("Agree and continue", "Don't agree"), "zh-Hans": ("同意并继续", "不同意"), "zh-Hant": ("同意並繼續", "不同意"),
                        "de": ("Zustimmen und fortfahren", "Nicht zustimmen"), "fr": ("Accepter et continuer", "Je n'accepte pas")]
        for (language, labels) in expected {
            let page = try renderer.render(RenderRequest(
                folder: try DocumentFolder(url: folder, appFiles: AppFileReaders([AndroidAppFiles(), XcodeAppFiles()])),
                profile: try shippedProfiles.profile(id: "pixel-9"), requestedLanguage: language, orientation: .portrait, appearance: .light))
            #expect(page.linkMap.buttons.first { $0.role == .accept }?.label == labels.0, "\(language)")
            #expect(page.linkMap.buttons.first { $0.role == .decline }?.label == labels.1, "\(language)")
        }
    }

    @Test func darkAndLandscapeScreensReadTheirFolders() throws {
        let folder = TemporaryFolder()
        let res = folder.url.appendingPathComponent("res")
        for (name, text) in [("values", "Agree"), ("values-night", "Agree (night)"), ("values-land", "Agree (land)"),
                             ("values-de", "Zustimmen"), ("values-de-night", "Zustimmen (Nacht)")] {
            try FileManager.default.createDirectory(at: res.appendingPathComponent(name), withIntermediateDirectories: true)
            try Data("<resources><string name=\"accept\">\(text)</string></resources>".utf8)
                .write(to: res.appendingPathComponent(name).appendingPathComponent("strings.xml"))
        }
        let app = try AndroidApp.load(resourceFolders: [res])
        func text(_ language: String, _ appearance: Appearance, _ orientation: Orientation) -> String? {
            app.seen(appearance: appearance, orientation: orientation).localizedString("accept", language: language)?.text
        }
        #expect(text("en", .light, .portrait) == "Agree")
        #expect(text("en", .dark, .portrait) == "Agree (night)")
        #expect(text("en", .light, .landscape) == "Agree (land)")
        #expect(text("en", .dark, .landscape) == "Agree (land)", "orientation ranks above night mode")
        #expect(text("de", .dark, .portrait) == "Zustimmen (Nacht)")
        #expect(text("de", .light, .landscape) == "Zustimmen", "the locale ranks above the orientation")
    }

    @Test func theAppsNameAndReferencesResolve() throws {
        let app = try AndroidApp.load(resourceFolders: [repositoryRoot.appendingPathComponent("Samples/android-app/app/src/main/res")])
        #expect(app.setting("CFBundleDisplayName") == "Yunfan Go")
        #expect(app.infoValue("CFBundleDisplayName", language: "de")?.text == "Yunfan Go")
        #expect(app.localizedString("consent_title", language: "en")?.text == "Before you ride with %1$s")
        #expect(app.localizations == ["de", "fr", "sr-Latn", "zh-CN", "zh-TW"])
        // values-night holds no strings; a default-language string is no fallback in English.
        #expect(app.localizedString("consent_exit", language: "en")?.isFallback == false)
        #expect(app.localizedString("consent_title", language: "de")?.isFallback == true)
        // An app name not marked translatable="false" would be; this one is meant for every language.
        #expect(app.localizedString("app_name", language: "de")?.isFallback == false)
    }

    @Test func documentSettingsNameTheResourcesAndRefuseMixingPlatforms() throws {
        let folder = TemporaryFolder()
        let both = folder.folder("both", files: [
            "document.json": #"{ "app": { "resources": "res", "infoPlist": "Info.plist" } }"#, "en.md": "# T\n\nBody.\n",
        ])
        #expect {
            _ = try DocumentFolder(url: both, appFiles: AppFileReaders([AndroidAppFiles(), XcodeAppFiles()]))
        } throws: { "\($0)".contains("either Android's (resources) or Xcode's") }
        let missing = folder.folder("missing", files: [
            "document.json": #"{ "app": { "resources": "nowhere/res" } }"#, "en.md": "# T\n\nBody.\n",
        ])
        #expect {
            _ = try DocumentFolder(url: missing, appFiles: AppFileReaders([AndroidAppFiles(), XcodeAppFiles()]))
        } throws: { "\($0)".contains("app.resources") && "\($0)".contains("there is no such folder") }
        let typo = folder.folder("typo", files: [
            "document.json": """
                { "app": { "resources": "\(repositoryRoot.path)/Samples/android-app/app/src/main/res" },
                  "strings": { "accept": { "resource": "consent_acept" } } }
                """, "en.md": "# T\n\nBody.\n",
        ])
        let run = try runRenderCLI(["render", "--document", typo.path, "--device", "pixel-9", "--language", "en",
                                    "--out", folder.url.appendingPathComponent("t.png").path])
        #expect(run.status == 2 && run.stderr.contains("did you mean \"consent_accept\""))
    }
}
