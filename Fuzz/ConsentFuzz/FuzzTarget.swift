import AndroidFiles
import ConsentRender
import XcodeFiles
import Foundation

/// libFuzzer's driver, which runs `fuzz` on generated inputs (from libclang_rt.fuzzer).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt) -> CInt

/// SwiftPM calls an executable's entry point `<module>_main`; it hands control to libFuzzer.
@_cdecl("ConsentFuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return runFuzzerDriver(&count, &arguments) { start, length in fuzz(start, length) }
}

/// libFuzzer entry point: the first byte, modulo 16, picks what the rest is fed to (the seeds in
/// Fuzz/corpus start with the raw byte 0–15 of their target).
///
/// 0–1: a language file's Markdown, parsed, laid out and linted on a phone (portrait or landscape);
/// 2: a device profile's JSON; 3: a document.json, then a render with it and a system prompt with its
/// systemStrings (in en and de, at Large or xxxLarge); 4: pixels built from the
/// bytes, written by the PNG encoder and read back by libpng, which must give the same pixels;
/// 5: an app backdrop's PNG,
/// checked as a file is and drawn behind a dialog; 6: a font file of a document's fonts/ folder,
/// read as the folder is checked (fontconfig reads fonts only from files, so this one input is
/// written to a temporary file); 7: an app's property list (`Info.plist`, XML or binary);
/// 8: a `.strings` file; 9: a String Catalog (`.xcstrings`); 10: a consent flow (`flow.json`), and
/// when it parses, both walkthrough plans over made-up buttons for every role its steps name;
/// 11: an Xcode `project.pbxproj`, then every target's build settings in every configuration, each
/// value expanded; 12: an `.xcconfig`, each value expanded; 13: a `.stringsdict` file; 14: an
/// Android `strings.xml`, then every string it has looked up in a few languages; 15: an
/// `AndroidManifest.xml`, then the dialogs its permissions bring up.
/// Every other input stays in memory. (The switch's default, a Markdown file rendered on an iPad
/// in an RTL language, is reached by no selector: the sixteen values are all taken.)
/// Errors are expected; a crash, hang or sanitizer report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = Data(bytes: start, count: count)
    let selector = bytes[bytes.startIndex]
    let payload = bytes.dropFirst()
    switch selector % 16 {
    case 0, 1: renderMarkdown(payload, language: "en", device: "iphone-se-3", orientation: selector % 2 == 0 ? .portrait : .landscape)
    case 2: _ = try? DeviceProfile.decode(Data(payload), source: "profile.json")
    case 3: renderSettings(Data(payload))
    case 4: encodeAndDecode(Data(payload))
    case 5: renderBackdrop(Data(payload))
    case 6: readFontFile(Data(payload))
    case 7: _ = try? PropertyList.parse(Data(payload), path: "Info.plist")
    case 8: _ = try? StringsFile.parse(Data(payload), path: "en.lproj/Localizable.strings")
    case 9: _ = try? StringCatalog.parse(Data(payload), path: "Localizable.xcstrings")
    case 10: planWalkthroughs(Data(payload))
    case 11: resolveProject(Data(payload))
    case 12: resolveXCConfig(Data(payload))
    case 13: _ = try? StringsDictionary.parse(Data(payload), path: "en.lproj/Localizable.stringsdict")
    case 14: lookUpAndroidStrings(Data(payload))
    case 15: _ = (try? AndroidManifest.parse(Data(payload), path: "AndroidManifest.xml"))?.prompts
    default: renderMarkdown(payload, language: "ar", device: "ipad-10", orientation: .landscape)
    }
    return 0
}

/// A project.pbxproj, parsed; when it parses, every target's settings in every configuration,
/// each expanded (an xcconfig it names is read only if it exists, which a fuzzed one does not).
private func resolveProject(_ data: Data) {
    guard let project = try? XcodeProject.parse(data, projectURL: URL(fileURLWithPath: "/nonexistent/Fuzz.xcodeproj")) else { return }
    for target in project.targets {
        for name in target.configurations.keys {
            guard let settings = try? project.buildSettings(target: target.name, configuration: name) else { continue }
            for level in settings.levels { for key in level.settings.keys { _ = try? settings.value(key) } }
        }
    }
}

/// An xcconfig, parsed (its includes relative to a folder that does not exist), each value expanded.
private func resolveXCConfig(_ data: Data) {
    guard let config = try? XCConfig.parse(String(decoding: data, as: UTF8.self), path: "/nonexistent/Fuzz.xcconfig", configuration: "Release")
    else { return }
    let settings = BuildSettings(levels: [.init(name: "fuzz", settings: Dictionary(config.settings.map { ($0.key, $0.value) },
                                                                                   uniquingKeysWith: { $1 }))])
    for (key, _) in config.settings { _ = try? settings.value(key) }
}

/// A flow.json, parsed; when it parses, its walks planned over a button for each role it names.
private func planWalkthroughs(_ data: Data) {
    guard let flow = try? Flow.parse(data, path: "flow.json") else { return }
    var buttons: [String: [LinkMap.Button]] = [:]
    for step in flow.steps {
        buttons[step.name] = step.transitions.enumerated().map { index, transition in
            LinkMap.Button(role: transition.role, label: transition.role.rawValue,
                           rect: Rect(x: 20, y: 600 + 50 * Double(index), width: 300, height: 44),
                           pixelRect: PixelRect(x: 60, y: 1800 + 150 * index, width: 900, height: 132))
        }
    }
    for path in Walkthrough.Path.allCases {
        guard let walk = Walkthrough.plan(flow: flow, buttons: buttons, path: path) else { continue }
        precondition(walk.frames == Int((walk.duration * 30).rounded()) && walk.screens.count <= flow.steps.count,
                     "a walk shows each step at most once and lasts its frames")
    }
}

private let profiles = DeviceProfileCatalog(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("DeviceProfiles"))

nonisolated(unsafe) private let renderer = try! ConsentRenderer()

/// A document.json, decoded and (when it decodes) used for a render: every input stays in memory.
private func renderSettings(_ data: Data) {
    guard let settings = try? DocumentSettings.decode(data, source: "document.json") else { return }
    let content = ConsentContent(name: "fuzz", source: "fuzz", settings: settings,
                                 languageFiles: ["en": Data("# T\n\nBody [privacy](https://example.com/p)".utf8)])
    // Styles are tried at the default and the largest non-accessibility text size (from AX1 up a
    // dialog may push its buttons off screen, which the lint reports rather than the layout prevents).
    render(content, language: "en", device: "iphone-se-3", orientation: .portrait, textSize: data.count % 2 == 0 ? .large : .xxxLarge,
           boldText: data.count % 3 == 0)
    // Its systemStrings and launch.appName, in a system prompt of an app with every purpose string:
    // the alert and its buttons stay on screen whatever the words, up to xxxLarge (from AX1 up, as
    // in a dialog, three stacked buttons may not fit a landscape phone; iOS scrolls them too).
    var app = content
    app.app = AppInfo(infoPlistPath: "Info.plist", infoPlist: Dictionary(uniqueKeysWithValues: PromptKind.allCases.compactMap(\.infoPlistKey)
        .map { ($0, "Fuzz uses this to show what the fuzzer found.") } + [("CFBundleDisplayName", "Fuzz")]), developmentRegion: "en")
    let kind = PromptKind.allCases[data.count % PromptKind.allCases.count]
    // German, Arabic (right to left) and Korean (words kept together on a line) with the built-in words.
    for language in ["en", "de", "ar", "ko"] {
        render(app, language: language, device: "iphone-se-3", orientation: data.count % 5 == 0 ? .landscape : .portrait,
               textSize: data.count % 2 == 0 ? .large : .xxxLarge, screen: .prompt(kind))
    }
}

private let fontPath = FileManager.default.temporaryDirectory.appendingPathComponent("consentfuzz-\(getpid()).ttf")

/// A font file as `DocumentFolder` checks a `fonts/` folder: every family it names, or an error.
private func readFontFile(_ data: Data) {
    guard (try? data.write(to: fontPath)) != nil else { return }
    if let families = try? FontFile.families(at: fontPath.path), families.contains(where: \.isEmpty) {
        fatalError("a font family with an empty name: \(families)")
    }
}

/// A backdrop PNG: its header checked as `BackdropImage(contentsOf:)` does, then drawn (decoded and
/// scaled) behind a dialog.
private func renderBackdrop(_ png: Data) {
    guard BackdropImage.headerProblem(png) == nil, let profile = try? profiles.profile(id: "iphone-se-3") else { return }
    var request = RenderRequest(content: ConsentContent(name: "fuzz", source: "fuzz",
                                                        languageFiles: ["en": Data("# T\n\nBody".utf8)]),
                                profile: profile, variant: RenderVariant(device: "iphone-se-3", orientation: .portrait, language: "en"))
    request.backdrop = BackdropImage(png: png, path: "backdrop.png")
    _ = try? renderer.render(request)
}

/// The first byte sets the width (1–256); each following group of four bytes is a colour (three
/// bytes) written 1 to 64 times (the fourth byte), so inputs make both runs and noise. (A
/// 1×38,052 image from this was the decoder's row limit, not an encoder fault.)
private func encodeAndDecode(_ data: Data) {
    guard data.count >= 5 else { return }
    let bytes = [UInt8](data)
    let width = Int(bytes[0]) + 1
    var pixels: [UInt32] = []
    var index = 1
    while index + 4 <= bytes.count {
        let color = 0xFF00_0000 | UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
        pixels.append(contentsOf: repeatElement(color, count: Int(bytes[index + 3] & 63) + 1))
        index += 4
    }
    // libpng reads at most 32,768 rows here (the decoder's limit, not the encoder's).
    let height = min(pixels.count / width, 32_768)
    guard height > 0 else { return }
    let image = Bitmap(width: width, height: height, pixels: Array(pixels.prefix(width * height)))
    guard let png = try? image.pngData(), let decoded = try? Bitmap(pngData: png) else {
        fatalError("the PNG encoder failed on a \(width)×\(height) image, or libpng could not read its PNG")
    }
    if decoded != image { fatalError("a \(width)×\(height) PNG decodes to other pixels") }
}

private func renderMarkdown(_ data: Data, language: String, device: String, orientation: Orientation) {
    render(ConsentContent(name: "fuzz", source: "fuzz", languageFiles: [language: Data(data)]), language: language, device: device,
           orientation: orientation)
}

private func render(_ content: ConsentContent, language: String, device: String, orientation: Orientation,
                    textSize: ContentSizeCategory = .large, boldText: Bool = false, screen: Screen = .consent) {
    guard let profile = try? profiles.profile(id: device) else { return }
    let variant = RenderVariant(device: device, orientation: orientation, language: language, textSize: textSize, boldText: boldText,
                                screen: screen)
    guard let page = try? renderer.render(RenderRequest(content: content, profile: profile, variant: variant, allowsMissingGlyphs: true))
    else { return }
    _ = renderer.lint(page, device: device)
    // Properties every render keeps: links inside the body (or the title, which may hold links)
    // and the screen, buttons on screen.
    let screen = page.layout.screenRect
    for link in page.layout.links {
        for rect in link.visibleRects where !(page.layout.body.viewport.contains(rect, tolerance: 0.01)
                                              || page.layout.title.frame.contains(rect, tolerance: 0.01))
                                              || !screen.contains(rect, tolerance: 0.01) {
            fatalError("link rect \(rect) outside the body \(page.layout.body.viewport) and title \(page.layout.title.frame)")
        }
    }
    for button in page.layout.buttons where !screen.contains(button.rect, tolerance: 0.01) {
        fatalError("button \(button.rect) off screen")
    }
}

/// A `strings.xml` parsed; when it parses, each of its strings looked up as the default folder's
/// and as a zh-rCN folder's, in languages that reach them and one that does not.
func lookUpAndroidStrings(_ data: Data) {
    guard let file = try? StringsXMLFile.parse(data, path: "res/values/strings.xml") else { return }
    let app = AndroidApp(files: [(nil, file), (ResourceLocale(language: "zh", region: "CN"), file)])
    for name in file.entries.keys.sorted() {
        for language in ["en", "zh-Hans", "zh-HK,zh-CN", "sr-Latn"] { _ = app.localizedString(name, language: language) }
    }
}
