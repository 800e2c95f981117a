import Foundation

/// A PNG file of a document folder that its Markdown shows (`![alt](badge.png)`).
public struct DocumentImage: Sendable, Equatable {
    /// The Markdown source, a path relative to the document folder.
    public var source: String
    public var png: Data
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// 2 or 3 for `name@2x.png` / `name@3x.png`, as UIImage reads them; else 1 (a pixel per point).
    public var scale: Double

    /// Its size in points.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }
}

enum DocumentImages {
    /// The image sources of a document, in order, each once.
    static func sources(in document: ConsentDocument) -> [String] {
        var found: [String] = []
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case let .image(source, _): if !found.contains(source) { found.append(source) }
                case let .emphasis(content), let .strong(content), let .strikethrough(content), let .link(_, content, _), let .small(content):
                    visit(content)
                case .text, .code, .softBreak, .lineBreak: break
                }
            }
        }
        func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case let .paragraph(inlines), let .heading(_, inlines): visit(inlines)
                case let .list(_, _, items): items.forEach(visit)
                case let .checklist(items): items.map(\.blocks).forEach(visit)
                case let .quote(inner): visit(inner)
                case let .table(header, rows): (header + rows.flatMap { $0 }).forEach(visit)
                case .thematicBreak: break
                }
            }
        }
        visit(document.title ?? [])
        visit(document.blocks)
        return found
    }

    /// Reads the image `source` of `file` (a language file) from `folder`: a PNG inside the
    /// folder; nothing is fetched from the network.
    static func load(_ source: String, folder: URL, file: String) throws -> DocumentImage {
        let lower = source.lowercased()
        if lower.contains("://") || lower.hasPrefix("data:") || lower.hasPrefix("//") {
            throw DocumentError.invalidImage(file: file, source: source,
                                             fix: "it is not a file of the document folder; nothing is fetched from the network, so save "
                                                + "the image as a PNG beside the document and write ![…](name.png)")
        }
        let path = source.removingPercentEncoding ?? source
        if path.hasPrefix("/") {
            throw DocumentError.invalidImage(file: file, source: source,
                                             fix: "it is an absolute path; write it relative to the document folder (![…](images/badge.png))")
        }
        let url = folder.appendingPathComponent(path).standardizedFileURL
        if url.path == folder.standardizedFileURL.path {
            throw DocumentError.invalidImage(file: file, source: source, fix: "it names the document folder itself, not a PNG file in it")
        }
        guard url.path.hasPrefix(folder.standardizedFileURL.path + "/") else {
            throw DocumentError.invalidImage(file: file, source: source, fix: "it lies outside the document folder; keep images inside it")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw DocumentError.invalidImage(file: file, source: source, fix: "\(url.path) is a folder, not a PNG file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DocumentError.invalidImage(file: file, source: source, fix: "\(url.path) cannot be read (\(describeFileError(error)))")
        }
        if let problem = Self.headerProblem(data) {
            throw DocumentError.invalidImage(file: file, source: source, fix: "\(url.path) \(problem)")
        }
        guard case let .success(header) = PNGFileHeader.read(data) else {
            preconditionFailure("headerProblem accepted a file whose header does not read")
        }
        let (width, height) = (header.width, header.height)
        let stem = (path as NSString).deletingPathExtension
        let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        let image = DocumentImage(source: source, png: data, pixelWidth: width, pixelHeight: height, scale: scale)
        // Decoded now, so a file cut short fails before anything is drawn.
        do {
            try BackdropImage(png: data, path: url.path).checkPixels()
        } catch {
            throw DocumentError.invalidImage(file: file, source: source, fix: "\(url.path) cannot be decoded: \(error)")
        }
        return image
    }

    /// The most pixels an image of a dialog may have: a full iPad Pro 13-inch screen's worth twice over.
    static let maximumPixels = 12_000_000

    /// Why `data` cannot be a document's image, or nil.
    static func headerProblem(_ data: Data) -> String? {
        if data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) { return "is a JPEG, not a PNG; export it as PNG" }
        let header: PNGFileHeader
        switch PNGFileHeader.read(data) {
        case .failure(.notPNG): return "is not a PNG (\(PNGFileHeader.Problem.notPNG.reason)); export it as PNG"
        case let .failure(problem): return "is not a readable PNG (\(problem.reason))"
        case let .success(read): header = read
        }
        let (width, height) = (header.width, header.height)
        guard width > 0, height > 0 else { return "has a size of \(width)×\(height) in its header" }
        guard width * height <= maximumPixels else {
            return "is \(width)×\(height) pixels, more than a dialog shows (at most \(maximumPixels / 1_000_000) million); scale it down"
        }
        guard header.bitDepth != 16 else { return "has 16 bits per channel; export it with 8 bits per channel" }
        return nil
    }
}
