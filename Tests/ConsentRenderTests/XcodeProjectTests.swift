import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 31, first slice: an Xcode project is an input. Its project.pbxproj (an old-style property
/// list), its targets' build configurations and their xcconfig files, with Xcode's precedence.
@Suite struct XcodeProjectTests {
    let temporary = TemporaryFolder()

    /// A project as Xcode writes one: a group tree, a project and a target configuration each
    /// based on an xcconfig, INFOPLIST_KEY_* in the target's settings, an array setting.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 56;
        	objects = {

        /* Begin PBXFileReference section */
        		A1 /* Project.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Project.xcconfig; sourceTree = "<group>"; };
        		A2 /* App.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = App.xcconfig; sourceTree = "<group>"; };
        		A3 /* Info.plist */ = {isa = PBXFileReference; path = Info.plist; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        		G0 = {isa = PBXGroup; children = (G1 /* Config */, G2 /* Atlas */, ); sourceTree = "<group>"; };
        		G1 /* Config */ = {isa = PBXGroup; children = (A1, A2, ); path = Config; sourceTree = "<group>"; };
        		G2 /* Atlas */ = {isa = PBXGroup; children = (A3, ); path = Atlas; sourceTree = "<group>"; };
        /* End PBXGroup section */

        		T1 /* Atlas */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L2 /* Build configuration list for PBXNativeTarget "Atlas" */;
        			name = Atlas;
        			productName = Atlas;
        		};
        		P0 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = L1;
        			developmentRegion = en;
        			knownRegions = (
        				en,
        				Base,
        				de,
        				"zh-Hant",
        			);
        			mainGroup = G0;
        			targets = (
        				T1 /* Atlas */,
        			);
        		};
        		C1 /* Release */ = {isa = XCBuildConfiguration; baseConfigurationReference = A1 /* Project.xcconfig */; buildSettings = {
        				MARKETING_VERSION = 2.1;
        				ORGANIZATION = "com.example";
        				OTHER_SWIFT_FLAGS = "-DPROJECT";
        			}; name = Release; };
        		C2 /* Release */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReference = A2 /* App.xcconfig */;
        			buildSettings = {
        				GENERATE_INFOPLIST_FILE = YES;
        				INFOPLIST_KEY_CFBundleDisplayName = "$(APP_DISPLAY_NAME)";
        				INFOPLIST_KEY_NSCameraUsageDescription = "$(PRODUCT_NAME) scans the QR codes on signs.";
        				OTHER_SWIFT_FLAGS = (
        					"$(inherited)",
        					"-DTARGET",
        				);
        				PRODUCT_BUNDLE_IDENTIFIER = "$(ORGANIZATION).$(PRODUCT_NAME:rfc1034identifier)";
        				DATA = <0fbd 7a3c>;
        			};
        			name = Release;
        		};
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1 /* Release */, ); defaultConfigurationName = Release; };
        		L2 = {isa = XCConfigurationList; buildConfigurations = (C2 /* Release */, ); defaultConfigurationName = Release; };
        	};
        	rootObject = P0 /* Project object */;
        }
        """

    func project() throws -> XcodeProject {
        let root = temporary.url
        let config = root.appendingPathComponent("Config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("""
            // The project's settings.
            APP_DISPLAY_NAME = Atlas
            OTHER_SWIFT_FLAGS = -DXCCONFIG
            SWIFT_VERSION = 5.0
            #include? "Missing.xcconfig"
            """.utf8).write(to: config.appendingPathComponent("Project.xcconfig"))
        try Data("""
            #include "Shared.xcconfig"
            PRODUCT_NAME = Atlas Maps
            APP_DISPLAY_NAME = $(inherited) Maps
            SWIFT_VERSION[sdk=iphoneos*] = 6.0
            SWIFT_VERSION[sdk=macosx*] = 4.2
            CODE_SIGN_STYLE[config=Debug] = Manual
            // Several conditions, each in its own brackets, as DuckDuckGo's Configuration.xcconfig writes them.
            OTHER_LDFLAGS[config=Release][arch=*][sdk=*] = -ObjC
            OTHER_CFLAGS[config=Debug][arch=*][sdk=*] = -DDEBUG
            """.utf8).write(to: config.appendingPathComponent("App.xcconfig"))
        try Data("APP_DISPLAY_NAME = Atlas\nURL = https:/$()/example.com // the comment\n".utf8)
            .write(to: config.appendingPathComponent("Shared.xcconfig"))
        let folder = root.appendingPathComponent("Atlas.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.pbxproj.utf8).write(to: folder.appendingPathComponent("project.pbxproj"))
        return try XcodeProject.load(folder)
    }

    @Test func theProjectsTargetsRegionsAndFilesAreRead() throws {
        let project = try project()
        #expect(project.targets.map(\.name) == ["Atlas"])
        #expect(project.developmentRegion == "en" && project.knownRegions == ["en", "Base", "de", "zh-Hant"])
        #expect(project.filePaths.contains("Config/App.xcconfig") && project.filePaths.contains("Atlas/Info.plist"))
        let target = try project.target("atlas")
        #expect(target.configurations["Release"]?.baseConfiguration?.lastPathComponent == "App.xcconfig")
        #expect(target.configurations["Release"]?.settings["OTHER_SWIFT_FLAGS"] == "$(inherited) -DTARGET")
    }

    /// Xcode's precedence: target settings over the target's xcconfig over the project's settings
    /// over the project's xcconfig, `$(inherited)` reaching down, variables and modifiers expanded.
    @Test func buildSettingsResolveAsXcodeResolvesThem() throws {
        let settings = try project().buildSettings(target: "Atlas", configuration: "Release")
        #expect(try settings.value("OTHER_SWIFT_FLAGS") == "-DPROJECT -DTARGET", "the project's settings hide its xcconfig")
        #expect(try settings.value("PRODUCT_NAME") == "Atlas Maps")
        #expect(try settings.value("APP_DISPLAY_NAME") == "Atlas Maps", "$(inherited) within an xcconfig and its include")
        #expect(try settings.value("SWIFT_VERSION") == "6.0", "an iPhone build's condition holds, a Mac one's does not")
        #expect(settings.rawValue("CODE_SIGN_STYLE") == nil, "a Debug condition does not hold for Release")
        #expect(settings.rawValue("OTHER_LDFLAGS") == "-ObjC" && settings.rawValue("OTHER_CFLAGS") == nil, "[a][b][c] conditions all hold, or not")
        #expect(try settings.value("PRODUCT_BUNDLE_IDENTIFIER") == "com.example.Atlas-Maps")
        #expect(try settings.value("INFOPLIST_KEY_NSCameraUsageDescription") == "Atlas Maps scans the QR codes on signs.")
        #expect(try settings.value("URL") == "https://example.com", "// starts a comment; /$()/ writes two slashes")
        #expect(settings.source(of: "PRODUCT_NAME")?.contains("App.xcconfig") == true)
        // The user's --build-setting is above them all.
        let overridden = try project().buildSettings(target: "Atlas", configuration: "Release", extra: ["APP_DISPLAY_NAME": "Atlas β"])
        #expect(try overridden.value("INFOPLIST_KEY_CFBundleDisplayName") == "Atlas β")
        // A variable no level sets is named, never expanded to nothing.
        #expect(throws: BuildSettings.Unset(variable: "BUNDLE_DISPLAY_NAME", text: "$(BUNDLE_DISPLAY_NAME)")) {
            try settings.expand("$(BUNDLE_DISPLAY_NAME)")
        }
        #expect(try settings.expand("$(UNSET:default=Atlas) ${TARGET_NAME:upper}") == "Atlas ATLAS")
    }

    @Test func aMissingTargetOrConfigurationIsNamedWithTheChoices() throws {
        let project = try project()
        #expect { try project.target("Atlass") } throws: { "\($0)".contains("Did you mean 'Atlas'?") }
        #expect { try project.buildSettings(target: "Atlas", configuration: "Releas") } throws: {
            "\($0)".contains("no build configuration 'Releas'. Did you mean 'Release'?")
        }
    }

    /// Bad input: the file and line, what is wrong and the fix.
    @Test(arguments: [
        ("{ objects = { A = {isa = PBXGroup; }; ", "line 1", "is never closed"),
        ("{ a = (b, c d); }", "line 1", "expected , or )"),
        ("{ a = b }", "line 1", "does not end with a semicolon"),
        ("{ a = <0fz>; }", "line 1", "hexadecimal digits only"),
        ("{\n  a = \"open;\n}", "line 2", "never closed"),
        ("{ a = b; } trailing", "line 1", "after the end of the property list"),
        ("{ archiveVersion = 1; }", "line 1", "no objects and rootObject"),
    ])
    func aBrokenProjectFileNamesItsLine(text: String, place: String, problem: String) throws {
        #expect {
            try XcodeProject.parse(Data(text.utf8), projectURL: URL(fileURLWithPath: "/p/App.xcodeproj"))
        } throws: { error in
            let message = "\(error)"
            return message.contains("/p/App.xcodeproj/project.pbxproj") && message.contains(place) && message.contains(problem)
        }
    }

    @Test(arguments: [
        ("#include \"Nowhere.xcconfig\"", "line 1", "there is no"),
        ("SWIFT_VERSION", "line 1", "neither a setting nor an #include"),
        ("BAD-NAME = 1", "line 1", "not a build setting's name"),
        ("A = 1\n#include \"Self.xcconfig\"", "line 2", "already being read"),
    ])
    func aBrokenXCConfigNamesItsLine(text: String, place: String, problem: String) throws {
        let file = temporary.url.appendingPathComponent("Self.xcconfig")
        try Data(text.utf8).write(to: file)
        #expect { try XCConfig.load(file) } throws: { error in
            let message = "\(error)"
            return message.contains(file.path) && message.contains(place) && message.contains(problem)
        }
    }

    @Test func variablesThatDoubleEachOtherAreRefused() throws {
        var settings: [String: String] = ["V0": "xxxxxxxx"]
        for level in 1...30 { settings["V\(level)"] = "$(V\(level - 1))$(V\(level - 1))" }
        let build = BuildSettings(levels: [.init(name: "test", settings: settings)])
        #expect(throws: BuildSettings.TooLong.self) { try build.value("V30") }
        #expect(try build.value("V3")?.count == 64)
    }

    /// Fault 1: a key given twice in the Info.plist is read as Xcode reads it, the render saying
    /// so; and `--app-info` replaces the document's app files entirely, so it routes around a bad one.
    @Test func aDuplicateKeyWarnsAndAppInfoRoutesAroundABadPlist() throws {
        let app = temporary.url.appendingPathComponent("doc/app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let plist = { (extra: String) in """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleDisplayName</key><string>Atlas</string>
            <key>NSCameraUsageDescription</key><string>Atlas scans the QR codes on signs.</string>
            \(extra)
            </dict></plist>
            """ }
        try Data(plist("<key>CFBundleDisplayName</key><string>Atlas Maps</string>").utf8).write(to: app.appendingPathComponent("Info.plist"))
        let document = temporary.folder("doc", files: [
            "document.json": #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist" } }"#,
            "en.md": "# Terms\n\nRead the [policy](https://example.com/p).\n",
        ])
        let out = temporary.url.appendingPathComponent("out/camera.png")
        var run = try runRenderCLI(["render", "--document", document.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                                    "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the key 'CFBundleDisplayName' is given twice") && run.stderr.contains("(first on line 3)"), "\(run.stderr)")
        let map = try JSONSerialization.jsonObject(with: Data(contentsOf: out.deletingPathExtension().appendingPathExtension("links.json")))
        #expect("\(map)".contains("“Atlas Maps” Would Like to Access the Camera"))
        // A plist that does not read stops the document, unless --app-info stands in for it.
        try Data("<plist><dict><key>broken".utf8).write(to: app.appendingPathComponent("Info.plist"))
        run = try runRenderCLI(["render", "--document", document.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                                "--out", out.path])
        #expect(run.status == 2)
        let good = temporary.url.appendingPathComponent("good")
        try FileManager.default.createDirectory(at: good, withIntermediateDirectories: true)
        try Data(plist("").utf8).write(to: good.appendingPathComponent("Info.plist"))
        run = try runRenderCLI(["render", "--document", document.path, "--device", "iphone-15-pro", "--screen", "prompt:camera",
                                "--app-info", good.path, "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Fault 2: `$(PRODUCT_NAME)` never reaches a screen. The Info.plist's own value expands from
    /// `app.buildSettings`; without them, and in a translation (which iOS shows as written), the
    /// render is refused naming the key, the variable and the fix, and lint reports it once.
    @Test func anXcodeVariableNeverReachesAScreen() throws {
        let app = temporary.url.appendingPathComponent("doc/app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleDisplayName</key><string>$(PRODUCT_NAME)</string>
            <key>NSCameraUsageDescription</key><string>${PRODUCT_NAME} scans the QR codes on signs.</string>
            </dict></plist>
            """.utf8).write(to: app.appendingPathComponent("Info.plist"))
        try Data("\"CFBundleDisplayName\" = \"$(PRODUCT_NAME:upper)\";\n".utf8).write(to: app.appendingPathComponent("de.lproj/InfoPlist.strings"))
        func document(_ settings: String) -> URL {
            temporary.folder("doc", files: ["document.json": #"{ "defaultLanguage": "en", "app": { "infoPlist": "app/Info.plist"\#(settings) } }"#,
                                            "en.md": "# Terms\n\nRead the [policy](https://example.com/p).\n", "de.md": "# AGB\n\nText.\n"])
        }
        func render(_ folder: URL, _ language: String) throws -> RenderedPage {
            var request = RenderRequest(folder: try DocumentFolder(url: folder, appFiles: XcodeAppFiles()), profile: try shippedProfiles.profile(id: "iphone-15-pro"),
                                        requestedLanguage: language, orientation: .portrait, appearance: .light)
            request.variant.screen = .prompt(.camera)
            return try ConsentRenderer().render(request)
        }
        #expect { try render(document(""), "en") } throws: { error in
            guard case let PromptError.unexpandedVariable(key, variables, _, _, inInfoPlist, _, _, _, _) = error else { return false }
            return key == "CFBundleDisplayName" && variables == ["PRODUCT_NAME"] && inInfoPlist
                && "\(error)".contains(#""app": { "buildSettings": { "PRODUCT_NAME": "…" } }"#)
        }
        let given = document(#", "buildSettings": { "PRODUCT_NAME": "Atlas" }"#)
        let page = try render(given, "en")
        #expect(page.linkMap.prompt?.title == "“Atlas” Would Like to Access the Camera")
        #expect(page.linkMap.prompt?.message == "Atlas scans the QR codes on signs.")
        // The German translation is shown as written on the device: refused, saying so.
        #expect { try render(given, "de") } throws: { error in
            guard case let PromptError.unexpandedVariable(_, _, _, file, inInfoPlist, _, _, _, _) = error else { return false }
            return file.hasSuffix("de.lproj/InfoPlist.strings") && !inInfoPlist && "\(error)".contains("shows a translation as it is written")
        }
        // Lint names it once however many cells, and goes on.
        let lint = try runRenderCLI(["lint", "--document", document("").path, "--devices", "iphone-15-pro,iphone-se-3", "--screens",
                                     "prompt:camera", "--languages", "en", "--format", "json"])
        #expect(lint.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        #expect(findings.filter { $0["rule"] as? String == "app.unexpanded-variable" }.count == 1, "\(lint.stdout)")
    }

    @Test func deepNestingIsRefusedNotCrashedOn() throws {
        let text = "{ a = " + String(repeating: "(", count: 10_000) + " ; }"
        #expect { try XcodeProject.parse(Data(text.utf8), projectURL: URL(fileURLWithPath: "/p/App.xcodeproj")) } throws: {
            "\($0)".contains("nested more than")
        }
    }
}
