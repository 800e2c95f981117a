import ConsentRender
import XcodeFiles
import Foundation

/// `render-cli render`: one document, one device, one language → PNG + link map.
enum RenderCommand {
    static let spec = CommandSpec(
        "render", summary: "render one document on one device",
        about: "Renders a consent document on one device and writes FILE.png (exactly points × scale pixels, RGB without alpha) "
            + "and FILE.links.json (the rectangle of every link and button).",
        groups: [
            OptionGroup(nil, [Options.document, Options.out("FILE.png", help: "where to write; missing folders are made once the render succeeds"),
                              Options.profiles]),
            Options.screenGroup,
            Options.chromeGroup,
            OptionGroup("Prompts:", [Options.over] + Options.appFiles),
            OptionGroup("More output:", [
                OptionSpec("frame", .flag,
                    help: "also write FILE.framed.png: the screenshot inside a drawn device (bezel, Dynamic Island or notch, side "
                        + "buttons) on a transparent background (RGBA), for design reviews and marketing pages, with "
                        + "FILE.framed.links.json (its rects in the framed image's coordinates); the screenshot itself is unchanged"),
                OptionSpec("overlay", .flag,
                    help: "also write FILE.overlay.png: the safe area, link rects and buttons drawn over the render, for design review"),
                OptionSpec("full-length", .flag,
                    help: "write the whole text unclipped instead of a screen: the card (or page) grows to its content on a page as "
                        + "wide as the device and as tall as it needs (at most 32,000 pixels), without status bar, home indicator "
                        + "or app backdrop, to FILE.full.png with FILE.full.links.json (every link visible); never a screenshot "
                        + "for App Store Connect"),
                Options.allowMissingGlyphs,
            ]),
        ],
        exitStatus: "0 written; 2 bad usage or bad input (nothing written); 3 an internal or I/O failure (disk full, Cairo error).")

    /// What `render`'s options ask for, before anything is drawn: the library's request, the files
    /// to write and what the messages name.
    struct Plan {
        var request: RenderRequest
        var outputs: OutputFiles
        var folder: DocumentFolder
        var profile: DeviceProfile
        var language: String
    }

    static func run(_ arguments: [String]) throws {
        let options = try ParsedArguments(arguments, spec: spec)
        let plan = try self.plan(options)
        // One renderer: an error before anything is drawn when even that cannot fit the limits.
        // A framed screenshot takes about two screens more, an overlay one (a full-length page is
        // checked when it is painted, its height known).
        let extra = (options.flag("frame") ? 2 : 0) + (options.flag("overlay") ? 1 : 0)
        _ = try MemoryNeed(screens: [plan.profile.pixelSize(in: plan.request.variant.orientation)], languages: [plan.language],
                           extraScreens: extra)
            .jobs(requested: 1, preferred: 1)
        let renderer = try ConsentRenderer()
        let page = try withOption("state", when: isUnknownState) {
            try withOption("language", when: { ($0 as? DocumentError)?.isAboutTheRequestedLanguage == true }) {
                try renderer.render(plan.request)
            }
        }
        try finish(page, plan: plan, options: options, renderer: renderer)
    }

    static func plan(_ options: ParsedArguments) throws -> Plan {
        // The screen's axes, read through the axis table (device, language and the output come later).
        var variant = RenderVariant(device: "", language: "")
        for axis in RenderVariant.axes where axis.place != .unnamed || axis.key == "template" {
            guard !["device", "language", "fullLength"].contains(axis.key) else { continue }
            try options.apply(axis.key, to: &variant)
        }
        let (screen, scroll) = (variant.screen, variant.scroll)
        if scroll != .top && screen != .consent {
            throw UsageError(message: "--scroll scrolls the consent screen's body; a system prompt is drawn over the unscrolled screen")
        }
        try options.refusePromptOptions(when: screen == .consent, screensOption: "screen")
        _ = try options.required("document", example: "Samples/privacy-agreement")
        let deviceReference = try options.required("device", example: "iphone-15-pro")
        var outPath = try options.required("out", example: "out/iphone-15-pro.png")
        // The file written is not the one --out named (FILE.full.png for FILE.png): it is a side file.
        var renamedOut = false
        let fullLength = options.flag("full-length")
        if fullLength {
            for (option, reason) in [("frame", "a device frame holds a screen, and a full-length capture is taller than one"),
                                     ("scroll", "a full-length capture shows the whole text, so there is nothing to scroll"),
                                     ("screen", "a full-length capture is of the consent screen's text"),
                                     ("island", "a full-length capture is a document, with no status bar or Dynamic Island"),
                                     ("time", "a full-length capture is a document, with no status bar to show a time")]
                where options.flag(option) || (option == "scroll" && scroll != .top) || (option == "screen" && screen != .consent)
                    || (option == "island" && variant.showsIsland) || (option == "time" && options.value("time") != nil) {
                throw UsageError(message: "--full-length and --\(option) do not go together: \(reason)")
            }
            // The capture is named apart from screenshots: FILE.full.png and FILE.full.links.json.
            if outPath.lowercased().hasSuffix(".png") && !outPath.lowercased().hasSuffix(".full.png") {
                outPath = String(outPath.dropLast(4)) + ".full.png"
                renamedOut = true
            }
        }
        let tint = try options.color("tint")
        let outputs = try OutputFiles(pngPath: outPath, overlay: options.flag("overlay"), framed: options.flag("frame"),
                                      renamed: renamedOut)
        // The document first: a missing document is the mistake to name, before where profiles are.
        let folder = try openDocument(options, command: "render")

        // A profile given by its path needs no profiles folder.
        let profile = try withOption("device") {
            deviceReference.lowercased().hasSuffix(".json") && options.value("profiles") == nil
                ? try DeviceProfile.load(from: URL(fileURLWithPath: deviceReference))
                : try locateProfileCatalog(explicit: options.value("profiles")).profile(reference: deviceReference)
        }
        if options.value("orientation") == nil { variant.orientation = profile.orientation }
        if variant.showsIsland && !profile.hasDynamicIsland {
            throw UsageError(message: "--island shown draws the Dynamic Island, and \(profile.name) (\(profile.id)) has none; "
                + "use a Dynamic Island phone (iphone-15-pro, iphone-17-pro) or leave --island out")
        }
        let over = try options.over(command: "render")
        let knownIDs = (try? locateProfileCatalog(explicit: options.value("profiles")).ids()) ?? []
        noteUnmatchedBackdrops(folder, deviceIDs: knownIDs + [profile.id], command: "render")
        // A document with one language file needs no --language.
        guard let language = options.value("language") ?? folder.settings.defaultLanguage
            ?? (folder.languages.count == 1 ? folder.languages[0] : nil) else {
            throw UsageError(message: "missing --language (this document has: \(folder.languages.joined(separator: ", ")))")
        }

        let chrome = try options.systemChrome()
        let backdrop = try options.backdrop()
        var inputFolders = [(url: folder.url, role: "the document folder")]
        if let path = options.value("over") { inputFolders.append((URL(fileURLWithPath: path), "--over's document folder")) }
        if let path = options.value("app-info") { inputFolders.append((URL(fileURLWithPath: path), "--app-info's folder")) }
        if let path = options.value("xcodeproj") { inputFolders.append((URL(fileURLWithPath: path), "the --xcodeproj project")) }
        inputFolders += (folder.content.app?.sourceFolders ?? []).map { ($0.url, $0.role) }
        var inputFiles: [(url: URL, role: String)] = []
        if let path = options.value("backdrop") { inputFiles.append((URL(fileURLWithPath: path), "the --backdrop image")) }
        if deviceReference.lowercased().hasSuffix(".json") { inputFiles.append((URL(fileURLWithPath: deviceReference), "the device profile")) }
        try outputs.refuseInputs(folders: inputFolders, files: inputFiles)
        variant.device = profile.id
        variant.language = language
        variant.fullLength = fullLength
        variant.tint = tint
        variant.showsSystemChrome = chrome.shows
        variant.statusBar = chrome.statusBar
        variant.backdrop = backdrop
        variant.over = over.map { OverScreen(content: $0) }
        variant.template = try template(options)
        let request = RenderRequest(content: folder.content, profile: profile, variant: variant,
                                    allowsMissingGlyphs: options.flag("allow-missing-glyphs"))
        return Plan(request: request, outputs: outputs, folder: folder, profile: profile, language: language)
    }

    /// Writes the page's files and says what was written.
    private static func finish(_ page: RenderedPage, plan: Plan, options: ParsedArguments, renderer: ConsentRenderer) throws {
        let (outputs, folder, profile, language, variant) = (plan.outputs, plan.folder, plan.profile, plan.language, plan.request.variant)
        try checkAppInfoIsUsed(options, folder: folder, why: consentScreensNeedNoApp,
                               fix: "add --screen prompt:att (or another prompt), or drop --app-info")
        try outputs.write(try ScreenArtifacts(page: page, renderer: renderer, profile: profile, overlay: options.flag("overlay"),
                                              framed: options.flag("frame")))
        for warning in page.warnings {
            printError("render-cli render: warning: \(warning)")
        }
        for note in page.notes {
            printError("render-cli render: note: \(note)")
        }
        if page.usedDefaultLanguage {
            let suggestion = closestMatch(to: language, among: folder.languages).map { " Did you mean '\($0)'?" } ?? ""
            printError("render-cli render: note: no language file matches '\(language)' (the document has "
                + "\(folder.languages.joined(separator: ", "))); rendered its defaultLanguage '\(page.linkMap.language.resolved)'.\(suggestion)")
        }

        let map = page.linkMap
        let cellName = variant.folderName
        let visibleLinks = map.links.filter { $0.visible }.count
        let scrolling = map.body.scrollable ? ", body scrolls" : ""
        if let prompt = map.prompt {
            let buttons = map.buttons.map { "\($0.role.rawValue) \"\($0.label)\"" }.joined(separator: ", ")
            let system = map.platform.name == "android" ? "Android \(map.platform.look ?? "14") \(prompt.kind) permission dialog"
                : "iOS \(map.ios ?? 26) \(prompt.kind) prompt"
            print("\(outputs.png.path) \(map.pixelSize.width)×\(map.pixelSize.height) \(profile.id) \(cellName) "
                + "\(map.language.resolved): \(system), \(buttons); map in \(outputs.linkMap.path)")
        } else {
            print("\(outputs.png.path) \(map.pixelSize.width)×\(map.pixelSize.height) \(profile.id) \(cellName) "
                + "\(map.language.resolved): \(visibleLinks) of \(map.links.count) links visible\(scrolling); map in \(outputs.linkMap.path)")
        }
        if options.flag("frame") { print("framed: \(outputs.framed.path) (map in \(outputs.framedLinkMap.path))") }
        if options.flag("overlay") { print("overlay: \(outputs.overlay.path)") }
    }
}

/// The `--template` option, checked against the templates there are.
func template(_ options: ParsedArguments) throws -> String? {
    guard let name = options.value("template") else { return nil }
    let ids = TemplateRegistry.standard.ids.map(\.rawValue)
    guard ids.contains(name) else {
        let suggestion = closestMatch(to: name, among: ids).map { " Did you mean '\($0)'?" } ?? ""
        throw UsageError(message: "--template '\(name)' is not a template.\(suggestion) Use one of: \(ids.joined(separator: ", "))")
    }
    return name
}

/// A render's output files, checked before any rendering starts. Each may replace only a file
/// render-cli wrote (a link map, or a PNG carrying the mark of its kind), and none may go inside
/// the render's input folders or onto one of its input files.
struct OutputFiles {
    let png: URL
    let linkMap: URL
    let overlay: URL
    let framed: URL
    let framedLinkMap: URL

    /// Whether the PNG is not the file `--out` named (a full-length capture's `FILE.full.png`).
    let pngIsRenamed: Bool
    /// Whether the overlay and the framed image (with its link map) are written too.
    let writesOverlay: Bool
    let writesFramed: Bool

    init(pngPath: String, overlay writesOverlay: Bool = false, framed writesFramed: Bool = false, renamed: Bool = false) throws {
        png = try checkedPNGOutput(pngPath)
        pngIsRenamed = renamed
        self.writesOverlay = writesOverlay
        self.writesFramed = writesFramed
        let stem = png.deletingLastPathComponent().appendingPathComponent(String(png.lastPathComponent.dropLast(4)))
        linkMap = stem.appendingPathExtension("links.json")
        overlay = stem.appendingPathExtension("overlay.png")
        framed = stem.appendingPathExtension("framed.png")
        framedLinkMap = stem.appendingPathExtension("framed.links.json")
        try checkSideFiles(overlay: writesOverlay, framed: writesFramed)
    }

    /// Every file this render writes.
    var all: [URL] { [png, linkMap] + (writesOverlay ? [overlay] : []) + (writesFramed ? [framed, framedLinkMap] : []) }

    /// Refuses (exit 2) an output inside one of `folders` or onto one of `files` (by path, or the
    /// same file under another name): the document folder, `--over`'s and `--app-info`'s folders,
    /// the `--backdrop` image, a device profile given by its path.
    func refuseInputs(folders: [(url: URL, role: String)], files: [(url: URL, role: String)]) throws {
        for output in all {
            let path = canonicalPath(of: output)
            for folder in folders {
                let inside = canonicalPath(of: folder.url)
                if path.hasPrefix(inside == "/" ? "/" : inside + "/") {
                    throw OutputError.renderOutputIsInput(path: output.path, role: folder.role, rolePath: inside, isFile: false)
                }
            }
            var outStatus = stat()
            for file in files {
                var inputStatus = stat()
                let same = canonicalPath(of: file.url) == path
                    || (stat(output.path, &outStatus) == 0 && stat(file.url.path, &inputStatus) == 0
                        && outStatus.st_dev == inputStatus.st_dev && outStatus.st_ino == inputStatus.st_ino)
                if same { throw OutputError.renderOutputIsInput(path: output.path, role: file.role, rolePath: file.url.path, isFile: true) }
            }
        }
    }

    /// Refuses (exit 2) an output file that exists and is not one render-cli wrote.
    func checkSideFiles(overlay writesOverlay: Bool, framed writesFramed: Bool) throws {
        var theirs: [OutputError.SideFile] = []
        func check(_ url: URL, what: String, isOurs: (String) -> Bool) {
            var status = stat()
            guard lstat(url.path, &status) == 0 else { return }
            if status.st_mode & S_IFMT != S_IFREG || !isOurs(url.path) { theirs.append(.init(path: url.path, what: what)) }
        }
        check(png, what: pngIsRenamed ? "a full-length capture" : "a screenshot", isOurs: { PNGMark.of(fileAt: $0) == .render })
        check(linkMap, what: "a link map", isOurs: LinkMap.isLinkMapFile)
        if writesOverlay { check(overlay, what: "an overlay image", isOurs: { PNGMark.of(fileAt: $0) == .overlay }) }
        if writesFramed {
            check(framed, what: "a framed image", isOurs: { PNGMark.of(fileAt: $0) == .framed })
            check(framedLinkMap, what: "a link map", isOurs: LinkMap.isLinkMapFile)
        }
        guard theirs.isEmpty else {
            let output = pngIsRenamed ? "the full-length capture of --out " + String(png.path.dropLast(9)) + ".png" : png.path
            throw OutputError.notOurSideFiles(files: theirs, output: output)
        }
    }

    func write(_ artifacts: ScreenArtifacts) throws {
        // A render into a folder another run owns (a golden folder while golden record writes it)
        // waits for that run to end.
        let lock = try OwnedFolder.lockEnclosingFolder(of: png)
        defer { lock?.release() }
        // Checked again: a file may have appeared while the screen rendered.
        try checkSideFiles(overlay: artifacts.overlay != nil, framed: artifacts.framed != nil)
        try createFolder(for: png)
        try AtomicFileWriter.write(artifacts.files(stem: String(png.path.dropLast(4))).map { (URL(fileURLWithPath: $0.name), $0.data) })
    }
}

/// Checks an output path before any work, touching nothing: it must end in .png, name a file (not
/// only the extension), and not be a folder; the nearest part of its folder that exists must be a
/// folder (not a file) that can be written. The folder is made only when the file is written
/// (`createFolder(for:)`), so a run refused later leaves nothing behind.
func checkedPNGOutput(_ path: String) throws -> URL {
    guard OutputFormat(fileName: path) == .png else {
        throw UsageError(message: "--out '\(path)' must name a .png file, for example out/iphone-15-pro-en.png")
    }
    let url = outputURL(path)
    guard url.lastPathComponent.count > 4, !path.hasSuffix("/") else {
        throw UsageError(message: "--out '\(path)' names only the extension, which would write a hidden file; give the file a name, "
            + "for example out/iphone-15-pro-en.png")
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
        throw UsageError(message: "--out '\(path)' is a directory; give a file name ending in .png inside it")
    }
    var existing = url.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
        existing = URL(fileURLWithPath: (existing.path as NSString).deletingLastPathComponent)
    }
    guard FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw UsageError(message: "--out '\(path)': \(existing.path) is a file, not a folder; give a path whose folders are folders")
    }
    guard FileManager.default.isWritableFile(atPath: existing.path) else {
        throw RenderError.writeFailed(path: path, reason: "the folder \(existing.path) is not writable")
    }
    return url
}

/// Makes the folder `file` goes in, where missing: just before the file is written.
func createFolder(for file: URL) throws {
    let folder = file.deletingLastPathComponent()
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        throw RenderError.writeFailed(path: file.path, reason: "cannot create the folder \(folder.path) (\(describeFileError(error)))")
    }
}
