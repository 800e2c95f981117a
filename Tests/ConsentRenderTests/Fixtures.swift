import Foundation
@testable import ConsentRender
@testable import XcodeFiles

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let shippedProfiles = DeviceProfileCatalog(directory: repositoryRoot.appendingPathComponent("DeviceProfiles"))

/// What one run of `render-cli` did.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// The `render-cli` built beside the tests.
let renderCLI: URL = {
    let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("render-cli")
    if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
    return repositoryRoot.appendingPathComponent(".build/debug/render-cli")
}()

/// Runs `render-cli` as a user would, from `directory` (the repository root by default).
func runRenderCLI(_ arguments: [String], environment: [String: String] = [:], in directory: URL = repositoryRoot) throws -> CLIRun {
    try runProcess(renderCLI, arguments, environment: environment, in: directory)
}

/// Starts `render-cli` with `arguments`, waits until its stdout shows `printed` (at most two
/// minutes), then `after` seconds more, and sends it `signal`: for commands that do not end by
/// themselves (`watch`) and for stopping a run midway.
func runRenderCLI(_ arguments: [String], stoppedBy signal: Int32, whenPrinted printed: String, after seconds: Double = 0) throws -> CLIRun {
    let process = Process()
    process.executableURL = renderCLI
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    var stdout = Data()
    let deadline = Date().addingTimeInterval(120)
    while Date() < deadline, process.isRunning, !String(decoding: stdout, as: UTF8.self).contains(printed) {
        let chunk = out.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        stdout.append(chunk)
    }
    Thread.sleep(forTimeInterval: seconds)
    kill(process.processIdentifier, signal)
    stdout.append(out.fileHandleForReading.readDataToEndOfFile())
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderr, as: UTF8.self))
}

/// Runs Debian's python3 on `script` with `arguments`; its exit status, stdout and stderr.
func runPython(_ script: String, arguments: [String]) throws -> CLIRun {
    try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script] + arguments)
}

/// Runs `executable` to its end and collects what it printed.
func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                in directory: URL = repositoryRoot) throws -> CLIRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.currentDirectoryURL = directory
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderr, as: UTF8.self))
}

/// A fresh temporary folder, removed when the value is deinitialised.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("consentrender-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `files` (name → contents) into a new subfolder and returns it.
    func folder(_ name: String, files: [String: String]) -> URL {
        let folder = url.appendingPathComponent(name)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, contents) in files {
            try! Data(contents.utf8).write(to: folder.appendingPathComponent(file))
        }
        return folder
    }
}

/// A consent document the project does not ship: a different app, with links in every language.
let testAgreement: [String: String] = [
    "document.json": #"{ "defaultLanguage": "en" }"#,
    "zh-Hans.md": """
        # 用户协议与隐私政策

        感谢您信任并使用“晨读书房”。我们依据法律法规收集和使用您的个人信息，请您在点击同意前认真阅读[《用户协议》](https://books.example.org/zh/terms)与[《隐私政策》](https://books.example.org/zh/privacy)。

        - 我们仅在必要范围内收集阅读偏好；
        - 您可以随时在设置中关闭个性化推荐。

        如对本政策有疑问，请查阅[《儿童个人信息保护规则》](https://books.example.org/zh/children)。
        """,
    "zh-Hant.md": """
        # 使用者協議與隱私權政策

        感謝您信任並使用「晨讀書房」。請您在點選同意前詳細閱讀[〈使用者協議〉](https://books.example.org/tw/terms)與[〈隱私權政策〉](https://books.example.org/tw/privacy)。

        - 我們僅在必要範圍內蒐集閱讀偏好；
        - 您可以隨時在設定中關閉個人化推薦。

        如有疑問，請參閱[〈兒童個人資料保護規則〉](https://books.example.org/tw/children)。
        """,
    "en.md": """
        # Terms and Privacy

        Thanks for choosing Morning Reads. Please read our [User Agreement](https://books.example.org/en/terms) and [Privacy Notice](https://books.example.org/en/privacy) before you continue.

        - We only collect your reading preferences;
        - You can turn off recommendations in Settings at any time.

        Questions? See the [Children's Privacy Rules](https://books.example.org/en/children).
        """,
]

/// A tint no system colour is near, so tinted pixels can only come from the tint.
let testTint = Color(rgb: 0xD81B60)

/// The width, height and colour type in a PNG's IHDR chunk.
/// The document folder at `url` rendered with `renderer` on a shipped profile.
func renderFolder(_ url: URL, with renderer: ConsentRenderer, language: String, device: String = "iphone-15-pro",
                  orientation: Orientation = .portrait, appearance: Appearance = .light, state: ScreenState = .initial) throws -> RenderedPage {
    try renderer.render(RenderRequest(folder: try DocumentFolder(url: url, appFiles: XcodeAppFiles()), profile: try shippedProfiles.profile(id: device),
                                      requestedLanguage: language, orientation: orientation, appearance: appearance, state: state))
}

func pngHeader(_ data: Data) -> (width: Int, height: Int, bitDepth: Int, colorType: Int)? {
    let bytes = [UInt8](data.prefix(33))
    guard bytes.count == 33, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
          String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
    func be32(_ offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    return (be32(16), be32(20), Int(bytes[24]), Int(bytes[25]))
}

/// Whether a pixel is the tint blended over the background at 35% or more (anti-aliased or faded
/// tint counts; grey text edges do not, being off the background→tint line), with the tint's
/// direction from the background worked out once, for scanning whole screens: scalar arithmetic on
/// the bitmap's pixel words, and the background itself rejected first.
struct TintClassifier {
    let background: (r: Double, g: Double, b: Double)
    let direction: (r: Double, g: Double, b: Double)
    let lengthSquared: Double
    let backgroundWord: UInt32

    init(tint: Color, background: Color) {
        self.background = (Double(background.red), Double(background.green), Double(background.blue))
        direction = (Double(tint.red) - self.background.r, Double(tint.green) - self.background.g, Double(tint.blue) - self.background.b)
        lengthSquared = direction.r * direction.r + direction.g * direction.g + direction.b * direction.b
        backgroundWord = 0xFF00_0000 | UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
    }

    func isTinted(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Bool {
        let offset = (Double(red) - background.r, Double(green) - background.g, Double(blue) - background.b)
        let fraction = (offset.0 * direction.r + offset.1 * direction.g + offset.2 * direction.b) / lengthSquared
        guard fraction >= 0.35, fraction <= 1.1 else { return false }
        let residual = (offset.0 - fraction * direction.r, offset.1 - fraction * direction.g, offset.2 - fraction * direction.b)
        return (residual.0 * residual.0 + residual.1 * residual.1 + residual.2 * residual.2).squareRoot() <= 24
    }

    func isTinted(word: UInt32) -> Bool {
        word != backgroundWord && isTinted(UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF))
    }
}

/// Where a render's tint is: how many body pixels are tinted, how many of those lie inside a link
/// rect, and the (visible) link rects that hold no tinted pixel.
struct TintPlacement {
    var tinted = 0
    var insideLinks = 0
    var rectsWithoutTint: [(link: String, rect: PixelRect)] = []

    init(_ page: RenderedPage, tint: Color) {
        let map = page.linkMap
        let classifier = TintClassifier(tint: tint, background: page.layout.dialog.fill)
        let width = page.bitmap.width, height = page.bitmap.height
        let body = Rect(x: map.body.x, y: map.body.y, width: map.body.width, height: map.body.height).pixelRect(scale: map.scale)
        let visible = map.links.filter(\.visible).flatMap { link in link.pixelRects.map { (link.id, $0) } }
        let rects = map.links.flatMap(\.pixelRects)
        page.bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in max(0, body.y)..<min(height, body.y + body.height) {
                let row = rects.filter { y >= $0.y && y < $0.y + $0.height }
                for x in max(0, body.x)..<min(width, body.x + body.width) where classifier.isTinted(word: pixels[y * width + x]) {
                    tinted += 1
                    if row.contains(where: { x >= $0.x && x < $0.x + $0.width }) { insideLinks += 1 }
                }
            }
            for (id, rect) in visible {
                let found = (max(0, rect.y)..<min(height, rect.y + rect.height)).contains { y in
                    (max(0, rect.x)..<min(width, rect.x + rect.width)).contains { classifier.isTinted(word: pixels[y * width + $0]) }
                }
                if !found { rectsWithoutTint.append((id, rect)) }
            }
        }
    }
}

/// Chrome strings with these button labels and English for the rest.
func chrome(accept: String, decline: String) -> ChromeStrings {
    ChromeStrings(accept: accept, decline: decline, continueLabel: "Continue", title: "Privacy Notice")
}

/// A layout context for `device` in `orientation`, with text in `language` measured by `measurer`.
func layoutContext(device: String, _ orientation: Orientation, language: String = "en", appearance: Appearance = .light,
                   tint: Color? = nil, style: StyleTokens = .iOSDefault, measurer: any TextMeasuring) throws -> LayoutContext {
    let profile = try shippedProfiles.profile(id: device)
    return LayoutContext(profile: profile, orientation: orientation, style: style,
                         traits: ScreenTraits(appearance: appearance, language: LanguageTraits(tag: language),
                                              tint: tint ?? profile.tint, adaptsSystemBlue: tint == nil),
                         measurer: measurer)
}

/// The agreement dialog of `document` laid out directly, without a renderer.
func layoutAgreement(_ document: ConsentDocument, strings: ChromeStrings, language: String = "en", device: String,
                     _ orientation: Orientation, measurer: any TextMeasuring) throws -> PageLayout {
    let context = try layoutContext(device: device, orientation, language: language, measurer: measurer)
    return try AgreementDialogTemplate().layout(ScreenContent(document: document, language: language, strings: strings, source: "test"),
                                                state: .initial, in: context)
}

/// Edits of a laid-out page, for crafting the bad screens lint tests need.
extension PageLayout {
    /// Replaces what item `id` draws.
    mutating func updateItem(_ id: String, _ edit: (inout Drawable) -> Void) {
        for layer in layers.indices {
            if let index = layers[layer].items.firstIndex(where: { $0.id == id }) {
                edit(&layers[layer].items[index].drawable)
                return
            }
        }
        preconditionFailure("no item \(id)")
    }

    /// Edits button `index` through its view and writes the result back into its semantics and items.
    mutating func editButton(_ index: Int, _ edit: (inout Button) -> Void) {
        var button = buttons[index]
        edit(&button)
        var semantics = self.semantics.buttons[index]
        semantics.role = button.role
        semantics.label = button.label
        semantics.rect = button.rect
        updateItem(semantics.shapeID.id) { $0 = .shape(.fill(button.rect, cornerRadius: button.cornerRadius, color: button.fill)) }
        updateItem(semantics.labelID.id) { $0 = .text(button.labelText) }
        if let borderID = semantics.borderID {
            if let border = button.border {
                updateItem(borderID.id) { $0 = .shape(.stroke(button.rect, cornerRadius: button.cornerRadius, color: border, width: 1, dash: [])) }
            } else {
                for layer in layers.indices { layers[layer].items.removeAll { $0.ref == borderID } }
                semantics.borderID = nil
            }
        }
        self.semantics.buttons[index] = semantics
    }

    /// Adds a copy of button `index`, edited, as a new button.
    mutating func duplicateButton(_ index: Int, _ edit: (inout Button) -> Void) {
        var semantics = self.semantics.buttons[index]
        let suffix = "-copy-\(self.semantics.buttons.count)"
        let content = layers.firstIndex { $0.kind == .content }!
        for id in [semantics.shapeID, semantics.labelID] + (semantics.borderID.map { [$0] } ?? []) {
            var item = self.item(id)!
            item.id += suffix
            layers[content].items.append(item)
        }
        semantics.shapeID = ItemRef(id: semantics.shapeID.id + suffix)
        semantics.labelID = ItemRef(id: semantics.labelID.id + suffix)
        semantics.borderID = semantics.borderID.map { ItemRef(id: $0.id + suffix) }
        self.semantics.buttons.append(semantics)
        editButton(self.semantics.buttons.count - 1, edit)
    }

    /// Removes the buttons `predicate` picks, with their items.
    mutating func removeButtons(where predicate: (ButtonSemantics) -> Bool) {
        let removed = semantics.buttons.filter(predicate)
        let ids = Set(removed.flatMap { [$0.shapeID, $0.labelID] + ($0.borderID.map { [$0] } ?? []) })
        for layer in layers.indices { layers[layer].items.removeAll { ids.contains($0.ref) } }
        semantics.buttons.removeAll(where: predicate)
    }

    /// Edits the title's placed text.
    mutating func editTitle(_ edit: (inout PlacedText) -> Void) {
        var title = self.title
        edit(&title)
        updateItem(semantics.titleID.id) { $0 = .text(title) }
    }

    /// Edits body block `index`'s placed text.
    mutating func editBodyBlock(_ index: Int, _ edit: (inout PlacedText) -> Void) {
        var block = body.blocks[index]
        edit(&block)
        updateItem(semantics.body.blockIDs[index].id) { $0 = .text(block) }
    }
}
