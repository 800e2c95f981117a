import Foundation

/// A folder that ConsentRender writes into and, for some kinds, clears: one it created itself or
/// found empty, and marked with a marker file so a later run knows it is the tool's own.
///
/// No command may delete or overwrite what it did not write. Before any work, `claim` checks the
/// path a user gave: it must not be, contain or (for inputs) lie inside a folder the run reads,
/// nor be or contain the current directory; an existing path must be a folder that carries the
/// marker, is empty, or is one the caller recognises as its own earlier output. Nothing is
/// created or deleted until the claim succeeds.
public struct OwnedFolder: Sendable {
    /// What the folder holds; each kind has its own marker file.
    public enum Kind: String, Sendable {
        /// Failure images and `index.html` of `golden verify`; cleared at the start of a run.
        case goldenArtifacts
        /// A matrix render (`matrix`, `watch`): cells, `manifest.json` and `index.html`; overwritten, never cleared.
        case matrix

        /// The marker file's name.
        public var markerName: String {
            switch self {
            case .goldenArtifacts: ".consentrender-artifacts"
            case .matrix: ".consentrender-matrix"
            }
        }

        /// The option that named the folder, for messages.
        var option: String {
            switch self {
            case .goldenArtifacts: "--artifacts"
            case .matrix: "--out"
            }
        }

        /// A good place for it, for messages.
        var example: String {
            switch self {
            case .goldenArtifacts: ".build/golden-failures"
            case .matrix: "out/matrix"
            }
        }

        var contents: String {
            switch self {
            case .goldenArtifacts: "golden failure images"
            case .matrix: "matrix renders"
            }
        }
    }

    /// A folder a run reads, which an output folder must keep clear of.
    public struct Protected: Sendable {
        public var url: URL
        /// What it is, for messages: "the golden folder", "the document folder".
        public var role: String
        /// Whether an output folder inside it is refused too (true for inputs, false for the current directory).
        public var refusesInside: Bool

        public init(url: URL, role: String, refusesInside: Bool = true) {
            self.url = url
            self.role = role
            self.refusesInside = refusesInside
        }

        /// The current directory: an output folder may lie inside it, but may not be it or contain it.
        public static var currentDirectory: Protected {
            Protected(url: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), role: "the current directory",
                      refusesInside: false)
        }
    }

    public let url: URL
    public let kind: Kind

    /// Checks that the tool may write (and, for artifacts, clear) `url`, without touching anything.
    ///
    /// - Parameter acceptsUnmarked: says whether an existing, non-empty folder without the marker is
    ///   the tool's own anyway (the conventional `.build/golden-failures`, or a matrix folder written
    ///   before markers existed).
    public static func claim(_ url: URL, kind: Kind, protecting protected: [Protected],
                             acceptsUnmarked: (URL) -> Bool = { _ in false }) throws -> OwnedFolder {
        try checkPlacement(of: url, option: kind.option, example: kind.example, protecting: protected)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return OwnedFolder(url: url, kind: kind)
        }
        let folder = OwnedFolder(url: url, kind: kind)
        if folder.isMarked { return folder }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw OutputError.unreadableFolder(path: url.path, option: kind.option, reason: (error as NSError).localizedDescription)
        }
        guard entries.isEmpty || acceptsUnmarked(url) else {
            throw OutputError.notOwned(path: url.path, option: kind.option, kind: kind.contents, marker: kind.markerName,
                                       sample: entries.sorted().prefix(3).map { $0 })
        }
        return folder
    }

    /// Checks that an output folder is not, does not contain and (where asked) is not inside a
    /// protected folder, and is not a file.
    public static func checkPlacement(of url: URL, option: String, example: String,
                                      protecting protected: [Protected]) throws {
        let target = canonicalPath(of: url)
        for guarded in protected {
            let path = canonicalPath(of: guarded.url)
            if target == path || isInside(path, target) {
                throw OutputError.wouldReplaceInput(path: url.path, option: option, role: guarded.role, rolePath: path,
                                                       example: example)
            }
            if guarded.refusesInside && isInside(target, path) {
                throw OutputError.insideInput(path: url.path, option: option, role: guarded.role, rolePath: path,
                                                       example: example)
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputError.notAFolder(path: url.path, option: option)
        }
    }

    /// Whether the folder carries this kind's marker.
    public var isMarked: Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(kind.markerName).path)
    }

    /// Creates the folder if need be and writes the marker.
    public func prepare() throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw RenderError.writeFailed(path: url.path, reason: "cannot create the folder (\((error as NSError).localizedDescription))")
        }
        if !isMarked {
            let text = "This folder holds \(kind.contents) written by ConsentRender (render-cli).\n"
                + "A later run may overwrite or delete what is in it. Delete this file to keep it from doing so.\n"
            try AtomicFileWriter.write([(url.appendingPathComponent(kind.markerName), Data(text.utf8))])
        }
    }

    /// Deletes everything in the folder except its marker. Only a claimed folder can be cleared.
    public func clear() throws {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for entry in entries where entry != kind.markerName {
            let item = url.appendingPathComponent(entry)
            do {
                try FileManager.default.removeItem(at: item)
            } catch {
                throw RenderError.writeFailed(path: item.path, reason: "cannot delete it (\((error as NSError).localizedDescription))")
            }
        }
    }
}

/// The absolute path of `url` with `.`, `..` and symbolic links resolved, as far as it exists; the
/// part that does not exist yet is appended as written.
func canonicalPath(of url: URL) -> String {
    var existing = url.standardizedFileURL
    var missing: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
        missing.insert(existing.lastPathComponent, at: 0)
        existing.deleteLastPathComponent()
    }
    var resolved = existing.path
    if let real = realpath(existing.path, nil) {
        resolved = String(cString: real)
        free(real)
    }
    for component in missing {
        resolved = resolved == "/" ? "/" + component : resolved + "/" + component
    }
    return resolved
}

/// Whether `path` lies strictly inside `folder` (both canonical).
private func isInside(_ path: String, _ folder: String) -> Bool {
    folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
}
