import Foundation

/// A screenshot of the app's own screen, drawn behind a dialog in place of the flat background.
public struct BackdropImage: Sendable, Hashable {
    /// The PNG file's bytes.
    public var png: Data
    /// Where it came from, for messages.
    public var path: String

    public init(png: Data, path: String) {
        self.png = png
        self.path = path
    }

    /// By its path and size (the bytes are compared by ==), so a variant with a backdrop hashes fast.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(png.count)
    }

    /// Reads a PNG file, checking its signature and header; the pixels are decoded when it is
    /// first drawn (once per process, see `BackdropCache`).
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PNGDecodingError(path: url.path, reason: describeFileError(error))
        }
        if let problem = Self.headerProblem(data) {
            throw PNGDecodingError(path: url.path, reason: problem)
        }
        self.init(png: data, path: url.path)
    }

    /// Decodes the whole image now (once per process, cached for drawing), so a file that is cut
    /// short fails before anything is written.
    package func checkPixels() throws {
        _ = try BackdropCache.shared.decoded(self)
    }

    /// The most pixels a backdrop may have: 50 million (an iPad Pro 13-inch screenshot has 5.7 million).
    public static let maximumPixels = 50_000_000

    /// Why `data` does not start as a PNG file does (signature, then an IHDR chunk with a size and
    /// 8 bits per channel), or nil.
    public static func headerProblem(_ data: Data) -> String? {
        let header: PNGFileHeader
        switch PNGFileHeader.read(data) {
        case .failure(.notPNG): return PNGFileHeader.Problem.notPNG.reason + "; save the screenshot as PNG"
        case let .failure(problem): return problem.reason
        case let .success(read): header = read
        }
        let (width, height) = (header.width, header.height)
        guard width > 0, height > 0 else { return "its header gives a size of \(width)×\(height)" }
        guard width <= 32768, height <= 32768, width * height <= maximumPixels else {
            return "it is \(width)×\(height) pixels; a backdrop may have at most 50 million (an iPad Pro 13-inch "
                + "screenshot has 5.7 million), so scale it down to the device's screen size"
        }
        guard header.bitDepth != 16 else {
            return "it has 16 bits per channel; save it with 8 bits per channel, as screenshots are"
        }
        return nil
    }
}

/// The app screens a document puts behind its dialog: `document.json`'s `backdrop` (one image for
/// every render) or, when that key is absent, a `backdrop/` folder of per-device and per-language
/// images. The most specific file for a render wins. For a landscape, dark render on
/// `iphone-15-pro` in `en` the order is:
///
///     backdrop/en/iphone-15-pro-landscape-dark.png    backdrop/iphone-15-pro-landscape-dark.png
///     backdrop/en/iphone-15-pro-landscape.png         backdrop/iphone-15-pro-landscape.png
///     backdrop/en/iphone-15-pro-dark.png              backdrop/iphone-15-pro-dark.png
///     backdrop/en/iphone-15-pro.png                   backdrop/iphone-15-pro.png
///
/// then the same with `default` in place of the device id (portrait and light renders skip the
/// `-landscape` and `-dark` names). What decides the picture's shape and colours comes first: the
/// device's own image beats `default.png` (a phone screenshot cropped to an iPad hardly looks like
/// the app), a landscape image beats a portrait one, a dark one a light one, and only then does a
/// language's folder beat the shared image. The language is the render's resolved one (`zh-Hans`),
/// matched without regard to case.
public struct AppBackdrops: Sendable {
    /// The image `document.json` names.
    public var document: BackdropImage?
    /// The `backdrop/` folder's images by their path inside it without `.png` (`zh-Hans/iphone-15-pro`).
    public var folder: [String: BackdropImage]
    /// The `backdrop/` folder's path, when the document has one.
    public var folderPath: String?

    public init(document: BackdropImage? = nil, folder: [String: BackdropImage] = [:], folderPath: String? = nil) {
        self.document = document
        self.folder = folder
        self.folderPath = folderPath
    }

    /// Decodes every image the document names, so a damaged one fails before a matrix or export writes anything.
    package func checkPixels() throws {
        try document?.checkPixels()
        for key in folder.keys.sorted() { try folder[key]?.checkPixels() }
    }

    /// The `backdrop/` images whose names match no device in `deviceIDs` (nor `default`), with the
    /// closest id: a typo such as `iphone-15-pr.png` would otherwise never be used.
    package func unmatchedFiles(deviceIDs: [String]) -> [(file: String, suggestion: String?)] {
        let known = Set(deviceIDs.map { $0.lowercased() } + ["default"])
        return folder.keys.sorted().compactMap { key in
            var stem = String(key.split(separator: "/").last ?? Substring(key)).lowercased()
            for suffix in ["-dark", "-landscape"] where stem.hasSuffix(suffix) { stem = String(stem.dropLast(suffix.count)) }
            guard !known.contains(stem) else { return nil }
            return ("backdrop/\(key).png", closestMatch(to: stem, among: deviceIDs + ["default"]))
        }
    }

    /// True when the document names no backdrop.
    public var isEmpty: Bool { document == nil && folderPath == nil }

    /// The names looked up for a render, most specific first.
    package static func candidates(device: String, orientation: Orientation, appearance: Appearance,
                                  language: String) -> [String] {
        let oriented = orientation == .landscape ? ["-landscape", ""] : [""]
        let suffixes = appearance == .dark ? oriented.flatMap { [$0 + "-dark", $0] } : oriented
        return [device, "default"].flatMap { stem in
            suffixes.flatMap { suffix in [language + "/" + stem + suffix, stem + suffix] }
        }
    }

    /// The image for a render, or nil when the folder has none for it.
    public func image(device: String, orientation: Orientation, appearance: Appearance, language: String) -> BackdropImage? {
        if let document { return document }
        let keys = Dictionary(folder.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        return Self.candidates(device: device, orientation: orientation, appearance: appearance, language: language)
            .lazy.compactMap { keys[$0.lowercased()] }.first
    }

    /// Reads a document's backdrops: the file `settings.backdrop` names or, without that key, the
    /// `backdrop/` folder (PNG files, and one level of language folders).
    static func load(folder url: URL, settings: DocumentSettings, settingsPath: String) throws -> AppBackdrops {
        if let name = settings.backdrop {
            func refuse(_ fix: String) -> DocumentError {
                DocumentError.invalidSetting(path: settingsPath, field: "backdrop", value: "'\(name)'", fix: fix)
            }
            let fileURL = url.appendingPathComponent(name).standardizedFileURL
            let folderPath = url.standardizedFileURL.path
            guard !name.isEmpty else {
                throw refuse("name a PNG file in the document folder, for example \"home.png\"")
            }
            guard !name.hasPrefix("/"), !name.hasPrefix("~"), fileURL.path.hasPrefix(folderPath + "/") else {
                throw refuse("it must name a file inside the document folder (\(folderPath)); copy the screenshot there "
                             + "and give its name relative to the folder, for example \"home.png\"")
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw refuse("it is a folder; name one PNG file, or remove the key so the backdrop/ folder's "
                             + "per-device images are used")
            }
            do {
                return AppBackdrops(document: try BackdropImage(contentsOf: fileURL))
            } catch let error as PNGDecodingError {
                throw DocumentError.invalidSetting(
                    path: settingsPath, field: "backdrop", value: "'\(name)'",
                    fix: "it must name a readable PNG file in the document folder (\(error.path): \(error.reason))")
            }
        }
        let folderURL = url.appendingPathComponent("backdrop")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folderURL.path, isDirectory: &isDirectory) else { return AppBackdrops() }
        guard isDirectory.boolValue else {
            throw DocumentError.invalidBackdrop(path: folderURL.path, fix: "it must be a folder of PNG files named after devices "
                                                + "(backdrop/iphone-15-pro.png), or name one file in document.json's \"backdrop\"")
        }
        var images: [String: BackdropImage] = [:]
        func add(_ fileURL: URL, key: String) throws {
            let name = fileURL.lastPathComponent
            guard (name as NSString).pathExtension.lowercased() == "png" else {
                throw DocumentError.invalidBackdrop(path: fileURL.path, fix: "backdrops are PNG files named after a device "
                                                    + "(iphone-15-pro.png or iphone-15-pro-landscape.png); convert or remove it")
            }
            images[key + "/" + String(name.dropLast(4))] = try BackdropImage(contentsOf: fileURL)
        }
        for name in try Self.visibleNames(in: folderURL) {
            let entryURL = folderURL.appendingPathComponent(name)
            var entryIsDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: entryURL.path, isDirectory: &entryIsDirectory)
            if entryIsDirectory.boolValue {
                guard let tag = LanguageTag(name), tag.description.caseInsensitiveCompare(name) == .orderedSame else {
                    let suggestion = DocumentFolder.suggestedTag(for: name).map { "; rename it \($0)" } ?? ""
                    throw DocumentError.invalidBackdrop(path: entryURL.path, fix: "a folder inside backdrop/ holds one "
                                                        + "language's images and is named by its language tag (zh-Hans, en)\(suggestion)")
                }
                for file in try Self.visibleNames(in: entryURL) {
                    let fileURL = entryURL.appendingPathComponent(file)
                    var nested: ObjCBool = false
                    if FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &nested), nested.boolValue {
                        throw DocumentError.invalidBackdrop(path: fileURL.path, fix: "backdrop/ has one level of language "
                                                            + "folders; move its images up into backdrop/\(name)/")
                    }
                    try add(fileURL, key: name)
                }
            } else {
                try add(entryURL, key: "")
            }
        }
        var folder: [String: BackdropImage] = [:]
        for (key, image) in images { folder[key.hasPrefix("/") ? String(key.dropFirst()) : key] = image }
        return AppBackdrops(folder: folder, folderPath: folderURL.path)
    }

    private static func visibleNames(in folder: URL) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw DocumentError.unreadableFile(path: folder.path, reason: describeFileError(error))
        }
    }
}
