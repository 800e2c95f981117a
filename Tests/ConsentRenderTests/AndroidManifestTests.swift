import Foundation
import Testing
@testable import AndroidFiles
@testable import ConsentRender
@testable import XcodeFiles

/// Issue 38, slice 2: an app's `AndroidManifest.xml` gives the permission dialogs it can show and
/// its label; read with the same discipline as every input (file, line, fix).
@Suite struct AndroidManifestTests {
    static let sample = repositoryRoot.appendingPathComponent("Samples/android-app/app/src/main/AndroidManifest.xml")

    static func manifest(_ body: String, root: String = #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="http://schemas.android.com/tools">"#)
        throws -> AndroidManifest {
        try AndroidManifest.parse(Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n\(root)\n\(body)\n</manifest>\n".utf8), path: "AndroidManifest.xml")
    }

    @Test func theSamplesPermissionsGiveItsDialogs() throws {
        let manifest = try AndroidManifest.load(Self.sample)
        // Fine and coarse location are one dialog; the storage permission stops at API 32 and the
        // phone permission is removed from the merged manifest.
        #expect(manifest.prompts == [.location, .camera, .notifications])
        #expect(manifest.label == "@string/app_name")
        #expect(manifest.notes.count == 1 && manifest.notes[0].contains("READ_EXTERNAL_STORAGE is asked for up to Android API 32"))
        #expect(!manifest.permissions.contains { $0.name.hasSuffix("READ_PHONE_STATE") })
    }

    @Test func permissionsMapToPermissionControllersGroups() throws {
        let expected: [String: PromptKind?] = [
            "android.permission.ACCESS_BACKGROUND_LOCATION": .location, "android.permission.RECORD_AUDIO": .microphone,
            "android.permission.GET_ACCOUNTS": .contacts, "android.permission.READ_MEDIA_VISUAL_USER_SELECTED": .photos,
            "android.permission.READ_MEDIA_AUDIO": .mediaLibrary, "android.permission.NEARBY_WIFI_DEVICES": .bluetooth,
            "android.permission.ACTIVITY_RECOGNITION": .motion, "android.permission.BODY_SENSORS": .bodySensors,
            "android.permission.PROCESS_OUTGOING_CALLS": .callLog, "android.permission.RECEIVE_MMS": .sms,
            "com.android.voicemail.permission.ADD_VOICEMAIL": .phone, "android.permission.POST_NOTIFICATIONS": .notifications,
            // No dialog: normal, special and custom permissions, and storage for an app on Android 13+.
            "android.permission.INTERNET": nil, "android.permission.SYSTEM_ALERT_WINDOW": nil, "com.example.permission.X": nil,
            "android.permission.READ_EXTERNAL_STORAGE": nil, "android.permission.ADD_VOICEMAIL": nil,
        ]
        for (permission, kind) in expected {
            #expect(AndroidManifest.dialog(of: permission) == kind, "\(permission)")
        }
    }

    /// Attributes are matched by namespace, whatever the prefix; `uses-permission-sdk-23` counts.
    @Test func namespacesNotPrefixesAndEveryFormOfTheElement() throws {
        let manifest = try Self.manifest("""
            <uses-permission-sdk-23 a:name="android.permission.CAMERA" />
            <!-- <uses-permission a:name="android.permission.RECORD_AUDIO" /> -->
            <uses-permission
                a:name="android.permission.BLUETOOTH_SCAN"
                a:usesPermissionFlags="neverForLocation"
                t:targetApi="s" />
            <uses-permission a:name="android.permission.CAMERA" />
            <application a:label="Yunfan Go" />
            """, root: #"<manifest xmlns:a="http://schemas.android.com/apk/res/android" xmlns:t="http://schemas.android.com/tools">"#)
        #expect(manifest.prompts == [.camera, .bluetooth])
        #expect(manifest.label == "Yunfan Go")
    }

    @Test func badManifestsNameTheFileLineAndFix() throws {
        func message(_ body: String, root: String? = nil) -> String {
            do {
                _ = try root.map { try Self.manifest(body, root: $0) } ?? Self.manifest(body)
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("<uses-permission />").contains("AndroidManifest.xml: line 3, column 1: <uses-permission> has no android:name"))
        // What Android's tools would flag is not passed over: the permission would vanish without a word.
        #expect(message(#"<uses-permision android:name="android.permission.READ_SMS" />"#).contains("did you mean <uses-permission>?"))
        #expect(message(#"<uses-permission android:name="android.permission.BODY_SENSORS" android:maxSdkVerison="33" />"#)
            .contains("did you mean android:maxSdkVersion?"))
        #expect(message(#"<uses-permission android:name="android.permission.CALL_PHONE" tools:node="remvoe" />"#)
            .contains(#"did you mean "remove"?"#))
        #expect(message(#"<uses-permission android:name="android.permission.CAMERA" android:maxSdkVersion="latest" />"#)
            .contains(#"android:maxSdkVersion "latest" is not an API level"#))
        #expect(message("<uses-permission android:name=\"x\"", root: nil).contains("AndroidManifest.xml: line 4, column 1"))
        #expect(message(#"<uses-permission name="android.permission.CAMERA" />"#, root: "<manifest>").contains("declares no Android namespace"))
        // A library's bare manifest needs none.
        #expect(try Self.manifest("", root: #"<manifest package="com.example.library">"#).prompts.isEmpty)
        let resources = try? AndroidManifest.parse(Data("<resources />".utf8), path: "res/values/strings.xml")
        #expect(resources == nil)
        #expect(throws: AndroidResourceError.self) { try AndroidManifest.parse(Data("<resources />".utf8), path: "x.xml") }
    }

    /// `--screens prompts` renders what the manifest asks for, named by the app's label.
    @Test func promptsAreWhatTheManifestDeclares() throws {
        let folder = TemporaryFolder()
        let out = folder.url.appendingPathComponent("m")
        let run = try runRenderCLI(["matrix", "--document", "Samples/android-consent", "--devices", "pixel-9", "--languages", "en",
                                    "--screens", "prompts", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("en-prompt-location") && run.stdout.contains("en-prompt-camera") && run.stdout.contains("en-prompt-notifications"))
        #expect(!run.stdout.contains("prompt-microphone"))
    }

    /// The label gives the app's name: a resource, or the manifest's own words; a Gradle
    /// placeholder falls back to `app_name`.
    @Test func theLabelNamesTheApp() throws {
        let folder = TemporaryFolder()
        let res = folder.folder("app/src/main/res/values", files: [
            "strings.xml": #"<resources><string name="app_name">Yunfan</string><string name="launcher">Yunfan Go</string></resources>"#,
        ]).deletingLastPathComponent()
        func name(label: String) throws -> String? {
            try Data("""
                <manifest xmlns:android="http://schemas.android.com/apk/res/android">
                    <application android:label="\(label)" />
                </manifest>
                """.utf8).write(to: res.deletingLastPathComponent().appendingPathComponent("AndroidManifest.xml"))
            let files = try JSONDecoder().decode(DocumentSettings.AppFiles.self, from: Data(#"{ "resources": "app/src/main/res" }"#.utf8))
            let app = try AndroidAppFiles().read(files, documentFolder: folder.url, settingsPath: "document.json")
            return app.infoValue("CFBundleDisplayName", language: "en")?.text
        }
        #expect(try name(label: "@string/launcher") == "Yunfan Go")
        #expect(try name(label: "Yunfan Rides") == "Yunfan Rides")
        #expect(try name(label: "${appLabel}") == "Yunfan")
        #expect { try name(label: "@string/app_nmae") } throws: { "\($0)".contains("AndroidManifest.xml: line 2") && "\($0)".contains("did you mean @string/app_name?") }
    }

    /// A DOCTYPE's internal entities, as real apps declare their name once (getActivity/AndroidProject).
    @Test func stringsXMLExpandsADoctypesEntities() throws {
        let file = try StringsXMLFile.parse(Data("""
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
                <!-- the app's name, once -->
                <!ENTITY app_name "安卓技术中台">
                <!ENTITY privacy_policy '《隐私政策》'>
                ]>
            <resources>
                <string name="app_name">&app_name;</string>
                <string name="agree">请阅读&privacy_policy;（&app_name;）</string>
            </resources>
            """.utf8), path: "strings.xml")
        #expect(file.entries["app_name"]?.text == "安卓技术中台")
        #expect(file.entries["agree"]?.text == "请阅读《隐私政策》（安卓技术中台）")
        for (doctype, problem) in [(#"<!DOCTYPE resources [ <!ENTITY % p "x"> ]>"#, "parameter entity"),
                                   (#"<!DOCTYPE resources [ <!ENTITY e SYSTEM "file:///etc/passwd"> ]>"#, "external entity"),
                                   (#"<!DOCTYPE resources [ <!ELEMENT resources ANY> ]>"#, "only <!ENTITY"),
                                   (#"<!DOCTYPE resources [ <!ENTITY e "x"#, "is not closed")] {
            #expect { try StringsXMLFile.parse(Data("\(doctype)\n<resources />".utf8), path: "strings.xml") } throws: { error in
                "\(error)".contains(problem) && "\(error)".contains("strings.xml: line 1")
            }
        }
    }
}
