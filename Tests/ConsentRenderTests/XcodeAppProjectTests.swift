import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 31, the project as an input: `"app": { "project", "target", "configuration" }` and
/// `--xcodeproj`, `--target`, `--configuration`, `--build-setting` read what Xcode builds: the
/// target's Info.plist merged with `INFOPLIST_KEY_*`, its variables expanded, and the `.lproj`
/// files its resources list (variant groups, synchronized folders), in a table of any name, with
/// `.stringsdict` plurals; iOS's fallbacks for a key a translation lacks.
@Suite struct XcodeAppProjectTests {
    let temporary = TemporaryFolder()

    /// Two targets: the app Atlas (an Info.plist file and generated keys, a variant group of
    /// InfoPlist.strings, the Vector table, a synchronized folder) and its widget (another app
    /// product would make the choice ambiguous; an extension does not).
    static let pbxproj = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		F1 /* Info.plist */ = {isa = PBXFileReference; path = Info.plist; sourceTree = "<group>"; };
        		F2 /* en */ = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = en; path = en.lproj/InfoPlist.strings; sourceTree = "<group>"; };
        		F3 /* de */ = {isa = PBXFileReference; name = de; path = de.lproj/InfoPlist.strings; sourceTree = "<group>"; };
        		F4 /* ja */ = {isa = PBXFileReference; name = ja; path = ja.lproj/InfoPlist.strings; sourceTree = "<group>"; };
        		F5 /* en */ = {isa = PBXFileReference; name = en; path = en.lproj/Vector.strings; sourceTree = "<group>"; };
        		F6 /* de */ = {isa = PBXFileReference; name = de; path = de.lproj/Vector.strings; sourceTree = "<group>"; };
        		F7 /* en */ = {isa = PBXFileReference; name = en; path = en.lproj/Vector.stringsdict; sourceTree = "<group>"; };
        		F8 /* Atlas.xcconfig */ = {isa = PBXFileReference; path = Atlas.xcconfig; sourceTree = "<group>"; };
        		F9 /* fr */ = {isa = PBXFileReference; name = fr; path = fr.lproj/InfoPlist.strings; sourceTree = "<group>"; };
        		V1 /* InfoPlist.strings */ = {isa = PBXVariantGroup; children = (F2, F3, F4, F9, ); name = InfoPlist.strings; sourceTree = "<group>"; };
        		V2 /* Vector.strings */ = {isa = PBXVariantGroup; children = (F5, F6, ); name = Vector.strings; sourceTree = "<group>"; };
        		V3 /* Vector.stringsdict */ = {isa = PBXVariantGroup; children = (F7, ); name = Vector.stringsdict; sourceTree = "<group>"; };
        		B1 = {isa = PBXBuildFile; fileRef = V1; };
        		B2 = {isa = PBXBuildFile; fileRef = V2; };
        		B3 = {isa = PBXBuildFile; fileRef = V3; };
        		S1 /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, X2, ); path = Shared; sourceTree = "<group>"; };
        		X1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Old/Vector.xcstrings, ); target = T1; };
        		X2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Widget.xcstrings, ); target = T2; };
        		G0 = {isa = PBXGroup; children = (G1, S1, ); sourceTree = "<group>"; };
        		G1 /* Atlas */ = {isa = PBXGroup; children = (F1, F8, V1, V2, V3, ); path = Atlas; sourceTree = "<group>"; };
        		R1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, B3, ); };
        		T1 /* Atlas */ = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (R1, ); fileSystemSynchronizedGroups = (S1, ); name = Atlas; productName = Atlas; productType = "com.apple.product-type.application"; };
        		T2 /* AtlasWidget */ = {isa = PBXNativeTarget; buildConfigurationList = L3; buildPhases = (); name = AtlasWidget; productType = "com.apple.product-type.app-extension"; };
        		P0 = {isa = PBXProject; buildConfigurationList = L1; developmentRegion = en; knownRegions = (en, de, ja, fr, Base, ); mainGroup = G0; targets = (T1, T2, ); };
        		C1 = {isa = XCBuildConfiguration; buildSettings = { ORGANIZATION = com.example; }; name = Release; };
        		C2 = {isa = XCBuildConfiguration; buildSettings = { ORGANIZATION = com.example; }; name = Debug; };
        		C3 = {isa = XCBuildConfiguration; baseConfigurationReference = F8; buildSettings = {
        				GENERATE_INFOPLIST_FILE = YES;
        				INFOPLIST_FILE = Atlas/Info.plist;
        				INFOPLIST_KEY_NSCameraUsageDescription = "$(PRODUCT_NAME) scans the QR codes on signs.";
        				"INFOPLIST_KEY_NSMicrophoneUsageDescription[sdk=iphoneos*]" = "Atlas records voice notes you attach to a place.";
        				"INFOPLIST_KEY_NSMicrophoneUsageDescription[sdk=macosx*]" = "Mac words.";
        				INFOPLIST_KEY_NotAKeyXcodeGenerates = "Left out.";
        			}; name = Release; };
        		C4 = {isa = XCBuildConfiguration; baseConfigurationReference = F8; buildSettings = {
        				GENERATE_INFOPLIST_FILE = YES;
        				INFOPLIST_FILE = Atlas/Info.plist;
        				PRODUCT_NAME = "Atlas Debug";
        			}; name = Debug; };
        		C5 = {isa = XCBuildConfiguration; buildSettings = { GENERATE_INFOPLIST_FILE = NO; }; name = Release; };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); defaultConfigurationName = Release; };
        		L2 = {isa = XCConfigurationList; buildConfigurations = (C3, C4, ); defaultConfigurationName = Release; };
        		L3 = {isa = XCConfigurationList; buildConfigurations = (C5, ); defaultConfigurationName = Release; };
        	};
        	rootObject = P0;
        }
        """

    /// The project on disk, with a document folder beside it naming it; returns the document folder.
    func atlas(app: String = #""project": "../Atlas.xcodeproj""#) throws -> URL {
        let root = temporary.url
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("Atlas.xcodeproj/project.pbxproj", Self.pbxproj)
        try write("Atlas/Atlas.xcconfig", "PRODUCT_NAME = Atlas\nDEVELOPMENT_LANGUAGE = en\n")
        try write("Atlas/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleDisplayName</key><string>$(PRODUCT_NAME)</string>
            <key>CFBundleDevelopmentRegion</key><string>$(DEVELOPMENT_LANGUAGE)</string>
            <key>NSCameraUsageDescription</key><string>The file's own words, which the generated key replaces.</string>
            <key>NSLocationWhenInUseUsageDescription</key><string>Atlas shows the pick-up points near you on the map.</string>
            <key>NSLocationDefaultAccuracyReduced</key><true/>
            </dict></plist>
            """)
        try write("Atlas/en.lproj/InfoPlist.strings", "\"NSCameraUsageDescription\" = \"Atlas scans the QR codes on signs.\";\n")
        try write("Atlas/de.lproj/InfoPlist.strings", """
            "CFBundleDisplayName" = "Atlas DE";
            "NSCameraUsageDescription" = "Atlas liest die QR-Codes auf Schildern.";
            """)
        // ja lacks the camera key: iOS shows the Info.plist's value, not en.lproj's.
        try write("Atlas/ja.lproj/InfoPlist.strings", "\"CFBundleDisplayName\" = \"アトラス\";\n")
        try write("Atlas/fr.lproj/infoPlist.strings", "\"NSCameraUsageDescription\" = \"Atlas lit les codes QR.\";\n")
        try write("Atlas/en.lproj/Vector.strings", "\"consent.accept\" = \"Agree and continue\";\n")
        try write("Atlas/de.lproj/Vector.strings", "\"consent.accept\" = \"Zustimmen und weiter\";\n")
        try write("Atlas/en.lproj/Vector.stringsdict", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>consent.partners</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>Share with %#@partners@</string>
              <key>partners</key><dict>
                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>one partner</string>
                <key>other</key><string>our partners</string>
              </dict>
            </dict>
            </dict></plist>
            """)
        // The synchronized folder: a catalog the app has, and one its exception keeps out.
        try write("Shared/Strings/Vector.xcstrings", """
            { "sourceLanguage": "en", "version": "1.0", "strings": {
              "consent.decline": { "localizations": {
                "en": { "stringUnit": { "state": "translated", "value": "Not now" } },
                "de": { "stringUnit": { "state": "translated", "value": "Nicht jetzt" } } } } } }
            """)
        try write("Shared/Old/Vector.xcstrings", """
            { "sourceLanguage": "en", "version": "1.0", "strings": {
              "consent.decline": { "localizations": { "en": { "stringUnit": { "state": "translated", "value": "Old words" } } } } } }
            """)
        try write("doc/en.md", "# Terms\n\nRead the [policy](https://example.com/p).\n")
        try write("doc/de.md", "# AGB\n\nLesen Sie die [Richtlinie](https://example.com/p).\n")
        try write("doc/ja.md", "# 規約\n\n[ポリシー](https://example.com/p)をお読みください。\n")
        try write("doc/document.json", """
            { "defaultLanguage": "en", "app": { \(app), "table": "Vector" },
              "strings": { "accept": { "key": "consent.accept" }, "decline": { "key": "consent.decline" } } }
            """)
        return root.appendingPathComponent("doc")
    }

    func app(_ folder: URL, overrides: AppFileOverrides = AppFileOverrides()) throws -> AppInfo {
        try #require(try DocumentFolder(url: folder, appFiles: XcodeAppFiles(overrides: overrides)).content.app as? AppInfo)
    }

    /// Fault 3: purpose strings in build settings. The generated Info.plist takes INFOPLIST_KEY_*
    /// over the file's own values (only the keys Xcode generates), conditions for an iPhone build
    /// hold, and variables expand; the resources are the target's own.
    @Test func theProjectGivesTheInfoPlistXcodeBuilds() throws {
        let info = try app(try atlas())
        #expect(info.origin == "Atlas.xcodeproj, target Atlas, Release")
        #expect(info.infoPlist["CFBundleDisplayName"] == "Atlas")
        #expect(info.infoPlist["CFBundleName"] == "Atlas", "PRODUCT_NAME goes into a generated Info.plist")
        #expect(info.infoPlist["NSCameraUsageDescription"] == "Atlas scans the QR codes on signs.", "the generated key wins")
        #expect(info.infoPlist["NSMicrophoneUsageDescription"] == "Atlas records voice notes you attach to a place.")
        #expect(info.infoPlist["NotAKeyXcodeGenerates"] == nil)
        #expect(info.infoPlistBooleans["NSLocationDefaultAccuracyReduced"] == true)
        #expect(info.developmentRegion == "en")
        #expect(info.infoPlistSources["NSCameraUsageDescription"]?.hasPrefix("INFOPLIST_KEY_NSCameraUsageDescription in the target Atlas") == true)
        #expect(Set(info.localizations) == ["en", "de", "ja", "fr"])
        #expect(info.miscasedInfoPlistStrings["fr"]?.hasSuffix("fr.lproj/infoPlist.strings") == true)
        // The Vector table: .strings, .stringsdict (its plural's other form), the synchronized catalog.
        #expect(info.localizedString("consent.accept", language: "de")?.text == "Zustimmen und weiter")
        #expect(info.localizedString("consent.partners", language: "en")?.text == "Share with our partners")
        #expect(info.localizedString("consent.decline", language: "de")?.text == "Nicht jetzt")
        #expect(info.localizableCatalogs.map { ($0.path as NSString).lastPathComponent } == ["Vector.xcstrings"])
        #expect(!info.localizableCatalogs.contains { $0.path.contains("/Old/") }, "a membership exception keeps a file out")
        // Another configuration, and the command line's build settings over all.
        let debug = try app(try atlas(), overrides: AppFileOverrides(configuration: "Debug"))
        #expect(debug.infoPlist["CFBundleDisplayName"] == "Atlas Debug")
        let given = try app(try atlas(), overrides: AppFileOverrides(buildSettings: ["PRODUCT_NAME": "Atlas β"]))
        #expect(given.infoPlist["CFBundleDisplayName"] == "Atlas β")
    }

    /// An app with no localization of its own: its Info.plist is its development region's text, so
    /// a prompt in that language warns of no missing translation; another language still does.
    @Test func anUnlocalizedAppsInfoPlistIsItsDevelopmentRegionsText() throws {
        let folder = temporary.folder("plain", files: [
            "en.md": "# Terms\n\nRead the [privacy policy](https://example.com/privacy).\n",
            "zh-Hans.md": "# 条款\n\n请阅读[隐私政策](https://example.com/privacy)。\n",
            "document.json": #"{ "defaultLanguage": "en", "app": { "infoPlist": "Info.plist" } }"#,
            "Info.plist": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
                + "<key>CFBundleDisplayName</key><string>Atlas</string><key>CFBundleDevelopmentRegion</key><string>en</string>"
                + "<key>NSCameraUsageDescription</key><string>Atlas scans the QR codes on signs.</string></dict></plist>\n",
        ])
        let document = try DocumentFolder(url: folder, appFiles: XcodeAppFiles())
        func warnings(_ language: String) throws -> [String] {
            var request = RenderRequest(folder: document, profile: try shippedProfiles.profile(reference: "iphone-15-pro"),
                                        requestedLanguage: language, orientation: .portrait, appearance: .light)
            request.variant.screen = .prompt(.camera)
            return try ConsentRenderer().render(request).warnings
        }
        #expect(try warnings("en").filter { $0.contains("NSCameraUsageDescription") }.isEmpty)
        #expect(try warnings("zh-Hans").contains { $0.contains("no NSCameraUsageDescription for 'zh-Hans'") })
        #expect(document.content.app?.infoValue("NSCameraUsageDescription", language: "en-GB")?.isFallback == false)
    }

    /// Fault 8: a key a translation lacks shows the Info.plist's value, as iOS does; the mis-cased
    /// file is named for what it is.
    @Test func aKeyATranslationLacksShowsTheInfoPlistsValue() throws {
        let info = try app(try atlas())
        let japanese = try #require(info.infoValue("NSCameraUsageDescription", language: "ja"))
        #expect(japanese.text == "Atlas scans the QR codes on signs.")
        #expect(japanese.file.contains("INFOPLIST_KEY_NSCameraUsageDescription"), "\(japanese.file)")
        #expect(info.infoValue("CFBundleDisplayName", language: "ja")?.text == "アトラス")
        #expect(info.infoValue("NSCameraUsageDescription", language: "de")?.text == "Atlas liest die QR-Codes auf Schildern.")
        #expect(info.infoValue("NSCameraUsageDescription", language: "fr")?.isFallback == true)
        let fix = ConsentRenderer.translationFix(key: "NSCameraUsageDescription", language: "fr", app: info)
        #expect(fix.contains("fr.lproj/infoPlist.strings is named in the wrong letter case") && fix.contains("iOS does not read it"))
        // es-AR finds es (a test of what already held).
        var spanish = info
        spanish.lprojLanguages["es"] = "/x/es.lproj"
        spanish.infoPlistStrings["es"] = AppInfo.Table(path: "/x/es.lproj/InfoPlist.strings", entries: ["NSCameraUsageDescription": "Atlas lee códigos QR."])
        #expect(spanish.infoValue("NSCameraUsageDescription", language: "es-AR")?.text == "Atlas lee códigos QR.")
    }

    /// The prompts render from the project, in its languages, and the dialog takes its words from
    /// the Vector table.
    @Test func aPromptAndTheConsentScreenRenderFromTheProject() throws {
        let folder = try atlas()
        let out = temporary.url.appendingPathComponent("out")
        var run = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                                    "--language", "de", "--out", out.appendingPathComponent("de.png").path])
        #expect(run.status == 0, "\(run.stderr)")
        let map = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("de.links.json"))) as? [String: Any]
        let prompt = ((map?["platform"] as? [String: Any])?["prompt"] as? [String: Any])
        #expect((prompt?["title"] as? String)?.contains("Atlas DE") == true, "\(String(describing: prompt))")
        #expect(prompt?["message"] as? String == "Atlas liest die QR-Codes auf Schildern.")
        run = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--language", "de",
                                "--out", out.appendingPathComponent("consent.png").path])
        #expect(run.status == 0, "\(run.stderr)")
        let consent = try String(contentsOf: out.appendingPathComponent("consent.links.json"), encoding: .utf8)
        #expect(consent.contains("Zustimmen und weiter") && consent.contains("Nicht jetzt"))
    }

    /// The command line: --xcodeproj stands in for the document's app files (its table kept),
    /// --target and --configuration choose, --build-setting goes over; each mistake is named.
    @Test func theCommandLineChoosesTheProjectTargetAndSettings() throws {
        let folder = try atlas(app: #""infoPlist": "missing/Info.plist""#)
        let project = temporary.url.appendingPathComponent("Atlas.xcodeproj").path
        let out = temporary.url.appendingPathComponent("cli")
        func render(_ extra: [String], language: String = "en") throws -> CLIRun {
            try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                              "--language", language, "--out", out.appendingPathComponent("shot.png").path] + extra)
        }
        var run = try render(["--xcodeproj", project, "--configuration", "Debug", "--build-setting", "PRODUCT_NAME=Atlas CLI"])
        #expect(run.status == 0, "\(run.stderr)")
        let map = try String(contentsOf: out.appendingPathComponent("shot.links.json"), encoding: .utf8)
        #expect(map.contains("“Atlas CLI” Would Like to Access the Camera"), "\(map)")
        run = try render(["--xcodeproj", project, "--target", "Atlass"])
        #expect(run.status == 2 && run.stderr.contains("Did you mean 'Atlas'?"), "\(run.stderr)")
        run = try render(["--xcodeproj", project, "--target", "AtlasWidget"])
        #expect(run.status == 2 && run.stderr.contains("the target has no Info.plist"), "\(run.stderr)")
        run = try render(["--xcodeproj", project, "--configuration", "Releas"])
        #expect(run.status == 2 && run.stderr.contains("Did you mean 'Release'?"), "\(run.stderr)")
        run = try render(["--xcodeproj", temporary.url.path])
        #expect(run.status == 2 && run.stderr.contains("holds no project.pbxproj; did you mean"), "\(run.stderr)")
        run = try render(["--target", "Atlas"])
        #expect(run.status == 2 && run.stderr.contains("names an Info.plist, not a project"), "\(run.stderr)")
        run = try render(["--xcodeproj", project, "--app-info", temporary.url.path])
        #expect(run.status == 2 && run.stderr.contains("both choose the app's files"), "\(run.stderr)")
        run = try render(["--xcodeproj", project, "--build-setting", "PRODUCT_NAME"])
        #expect(run.status == 2 && run.stderr.contains("has no '='"), "\(run.stderr)")
        // Nothing was written inside the project.
        let inside = try FileManager.default.contentsOfDirectory(atPath: project)
        #expect(inside == ["project.pbxproj"])
    }

    /// What the first-user trial found: no output goes where the app is built from (its synchronized
    /// folder, an .lproj), a variable set to one nothing sets names that one, and a macOS target
    /// is no candidate for the app.
    @Test func theAppsSourceFoldersAndVariablesAreGuarded() throws {
        let folder = try atlas()
        func render(_ out: String, _ extra: [String] = []) throws -> CLIRun {
            try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                              "--language", "en", "--out", temporary.url.appendingPathComponent(out).path] + extra)
        }
        var run = try render("Shared/shots/camera.png")
        #expect(run.status == 2 && run.stderr.contains("lies inside target Atlas's synchronized folder Shared"), "\(run.stderr)")
        run = try render("Atlas/de.lproj/camera.png")
        #expect(run.status == 2 && run.stderr.contains("the app's de localization"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("Shared/shots").path))
        // Another target's .lproj (listed in the project, not read for this app) is refused too; beside the project is fine.
        try FileManager.default.createDirectory(at: temporary.url.appendingPathComponent("Atlas/fr.lproj"), withIntermediateDirectories: true)
        run = try render("Atlas/fr.lproj/camera.png")
        #expect(run.status == 2 && run.stderr.contains("fr.lproj"), "\(run.stderr)")
        run = try render("out/beside.png")
        #expect(run.status == 0, "\(run.stderr)")
        run = try render("out/camera.png", ["--build-setting", "PRODUCT_NAME=$(APP_TITLE)"])
        #expect(run.status == 2 && run.stderr.contains("PRODUCT_NAME is \"$(APP_TITLE)\" (--build-setting), and nothing sets APP_TITLE; give APP_TITLE a value"),
                "\(run.stderr)")
        #expect(!run.stderr.contains("read the app from its project"), "\(run.stderr)")
        run = try render("out/camera.png", ["--build-setting", "PRODUCT_NAME=$(PRODUCT_NAME) Beta"])
        #expect(run.status == 2 && run.stderr.contains("which refers to itself"), "\(run.stderr)")

        // The widget made a macOS app: Atlas is still the one iOS app, and naming the Mac one is refused.
        let project = temporary.url.appendingPathComponent("Atlas.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: project, encoding: .utf8)
            .replacingOccurrences(of: "productType = \"com.apple.product-type.app-extension\"", with: "productType = \"com.apple.product-type.application\"")
            .replacingOccurrences(of: "GENERATE_INFOPLIST_FILE = NO;", with: "GENERATE_INFOPLIST_FILE = NO; SDKROOT = macosx;")
        try Data(text.utf8).write(to: project)
        #expect(try app(folder).origin == "Atlas.xcodeproj, target Atlas, Release")
        #expect { try app(folder, overrides: AppFileOverrides(target: "AtlasWidget")) } throws: {
            "\($0)".contains("the target AtlasWidget builds for macosx") && "\($0)".contains("--target Atlas")
        }
    }

    /// More of the trial's findings: a conditional --build-setting, a configuration in another
    /// letter case, an empty display name, a missing xcconfig.
    @Test func smallerProjectMistakes() throws {
        let folder = try atlas()
        let project = temporary.url.appendingPathComponent("Atlas.xcodeproj").path
        func render(_ extra: [String]) throws -> CLIRun {
            try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                              "--language", "en", "--out", temporary.url.appendingPathComponent("out/shot.png").path] + extra)
        }
        func title() throws -> String? {
            let map = try JSONSerialization.jsonObject(with: Data(contentsOf: temporary.url.appendingPathComponent("out/shot.links.json")))
            return (((map as? [String: Any])?["platform"] as? [String: Any])?["prompt"] as? [String: Any])?["title"] as? String
        }
        var run = try render(["--xcodeproj", project, "--build-setting", "PRODUCT_NAME=Plain",
                              "--build-setting", "PRODUCT_NAME[sdk=iphoneos*]=Atlas Phone", "--build-setting", "PRODUCT_NAME[sdk=macosx*]=Mac"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try title() == "“Atlas Phone” Would Like to Access the Camera")
        run = try render(["--xcodeproj", project, "--configuration", "debug"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try title() == "“Atlas Debug” Would Like to Access the Camera")
        run = try render(["--xcodeproj", project, "--build-setting", "PRODUCT_NAME[sdk=iphoneos*=X"])
        #expect(run.status == 2 && run.stderr.contains("has no '='") || run.stderr.contains("not closed"), "\(run.stderr)")
        // An empty display name is no name: the bundle name is shown, never “”.
        let plist = temporary.url.appendingPathComponent("Atlas/Info.plist")
        try Data(try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(of: "<string>$(PRODUCT_NAME)</string>", with: "<string></string>")
            .utf8).write(to: plist)
        run = try render(["--xcodeproj", project])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try title() == "“Atlas” Would Like to Access the Camera")
        // A translation on disk that the target does not list: the built app lacks it, and the warning says so.
        try FileManager.default.createDirectory(at: temporary.url.appendingPathComponent("Atlas/sv.lproj"), withIntermediateDirectories: true)
        try Data("\"NSCameraUsageDescription\" = \"Atlas läser QR-koder.\";\n".utf8)
            .write(to: temporary.url.appendingPathComponent("Atlas/sv.lproj/InfoPlist.strings"))
        run = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                                "--language", "sv", "--xcodeproj", project, "--out", temporary.url.appendingPathComponent("out/sv.png").path])
        #expect(run.status == 0 && run.stderr.contains("sv.lproj/InfoPlist.strings exists but the target's resources do not list it"),
                "\(run.stderr)")
        // A table name with a typo: no file has it, and the error offers the one that exists.
        let settings = folder.appendingPathComponent("document.json")
        let original = try String(contentsOf: settings, encoding: .utf8)
        try Data(original.replacingOccurrences(of: "\"table\": \"Vector\"", with: "\"table\": \"Vectr\"").utf8).write(to: settings)
        run = try runRenderCLI(["render", "--document", folder.path, "--device", "iphone-15-pro", "--language", "en",
                                "--out", temporary.url.appendingPathComponent("out/consent.png").path])
        #expect(run.status == 2 && run.stderr.contains("no Vectr.strings or Vectr.xcstrings") && run.stderr.contains("did you mean \"table\": \"Vector\"?"),
                "\(run.stderr)")
        try Data(original.utf8).write(to: settings)
        // A configuration based on an xcconfig that is gone.
        try FileManager.default.removeItem(at: temporary.url.appendingPathComponent("Atlas/Atlas.xcconfig"))
        run = try render(["--xcodeproj", project])
        #expect(run.status == 2 && run.stderr.contains("the target Atlas's Release configuration is based on")
                && run.stderr.contains("does not exist"), "\(run.stderr)")
    }

    @Test func documentMistakesAreNamed() throws {
        var folder = try atlas(app: #""project": "../Atlas.xcodeproj", "infoPlist": "Info.plist""#)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("gives both \"project\" and \"infoPlist\"") }
        folder = try atlas(app: #""infoPlist": "../Atlas/Info.plist", "target": "Atlas""#)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("no project is given") }
        folder = try atlas(app: #""project": "../Atlas.xcodeproj", "target": "Atlas", "localizations": ["../Nowhere"]"#)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("Nowhere does not exist") }
        folder = try atlas(app: #""project": "../Atlas.xcodeproj", "localizations": []"#)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("'app.localizations' is an empty list") }
        folder = try atlas(app: #""project": "../Atlas.xcodeproj", "localizations": 5"#)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("a folder (\"app\") or a list of folders") }
        // A configuration whose xcconfig reference names no object of the file is refused, not read without it.
        folder = try atlas()
        let pbxproj = temporary.url.appendingPathComponent("Atlas.xcodeproj/project.pbxproj")
        try Data(try String(contentsOf: pbxproj, encoding: .utf8).replacingOccurrences(of: "baseConfigurationReference = F8;",
                                                                                      with: "baseConfigurationReference = F99;").utf8).write(to: pbxproj)
        #expect { try DocumentFolder(url: folder, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("names the object F99") }
    }

    /// Several localization folders: a Swift package's resources after the target's own.
    @Test func severalLocalizationFoldersAreRead() throws {
        let package = temporary.url.appendingPathComponent("Packages/UI/Resources/ja.lproj")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try Data("\"consent.accept\" = \"同意して続ける\";\n\"consent.decline\" = \"今はしない\";\n".utf8)
            .write(to: package.appendingPathComponent("Vector.strings"))
        let info = try app(try atlas(app: #""project": "../Atlas.xcodeproj", "localizations": ["../Packages/UI/Resources"]"#))
        #expect(info.localizedString("consent.accept", language: "ja")?.text == "同意して続ける")
        #expect(info.localizedString("consent.accept", language: "de")?.text == "Zustimmen und weiter")
        // A language only the package has is no language of the app's: iOS shows the development region's.
        let spanish = temporary.url.appendingPathComponent("Packages/UI/Resources/es.lproj")
        try FileManager.default.createDirectory(at: spanish, withIntermediateDirectories: true)
        try Data("\"consent.accept\" = \"Aceptar y seguir\";\n".utf8).write(to: spanish.appendingPathComponent("Vector.strings"))
        try Data("\"NSCameraUsageDescription\" = \"Atlas lee los códigos QR.\";\n".utf8).write(to: spanish.appendingPathComponent("InfoPlist.strings"))
        let withPackage = try app(try atlas(app: #""project": "../Atlas.xcodeproj", "localizations": ["../Packages/UI/Resources"]"#))
        #expect(!withPackage.localizations.contains("es"))
        #expect(withPackage.localizedString("consent.accept", language: "es")?.text == "Agree and continue")
        #expect(withPackage.infoValue("NSCameraUsageDescription", language: "es")?.isFallback == true)
    }

    /// A `.stringsdict`'s mistakes name the file, the line and the fix.
    @Test(arguments: [
        ("<key>k</key><string>x</string>", "is not a dictionary"),
        ("<key>k</key><dict><key>n</key><dict/></dict>", "no NSStringLocalizedFormatKey"),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string></dict>", "there is no 'n' dictionary"),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>one</key><string>1</string></dict></dict>",
         "has no 'other' form"),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>%#@n@</string></dict></dict>",
         "in a loop"),
        ("<key>k</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>\n<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPlural</string><key>other</key><string>x</string></dict></dict>",
         "its NSStringFormatSpecTypeKey is 'NSStringPlural'"),
    ])
    func aBrokenStringsDictNamesItsPlace(body: String, problem: String) throws {
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict>\n\(body)\n</dict></plist>\n"
        #expect { try StringsDictionary.parse(Data(text.utf8), path: "/app/en.lproj/Localizable.stringsdict") } throws: { error in
            let message = "\(error)"
            return message.contains("/app/en.lproj/Localizable.stringsdict") && message.contains("line") && message.contains(problem)
        }
    }

    @Test func stringsDictRulesAreReadForAScreenshot() throws {
        let text = """
            <?xml version="1.0"?>
            <plist version="1.0"><dict>
            <key>unread</key><dict><key>NSStringLocalizedFormatKey</key><string>%1$#@count@ in %2$#@boxes@</string>
              <key>count</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>one</key><string>%d message</string><key>other</key><string>%d messages</string></dict>
              <key>boxes</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>other</key><string>your boxes</string></dict></dict>
            <key>title</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>20</key><string>Terms</string><key>60</key><string>Terms of Service</string></dict></dict>
            <key>tap</key><dict><key>NSStringDeviceSpecificRuleType</key><dict><key>iphone</key><string>Tap</string><key>other</key><string>Click</string></dict></dict>
            </dict></plist>
            """
        let entries = try StringsDictionary.parse(Data(text.utf8), path: "/x.stringsdict")
        #expect(entries["unread"] == .text("%d messages in your boxes"))
        #expect(entries["title"] == .text("Terms of Service"))
        #expect(entries["tap"] == .byDevice(["iphone": "Tap", "other": "Click"]))
    }
}
