import Foundation

/// A folder that ConsentRender writes into and, for some kinds, clears: one it created itself or
/// found empty, and marked with a marker file so a later run knows it is the tool's own.
///
/// No command may delete or overwrite what it did not write. Before any work, `claim` checks the
/// path a user gave: it must not be, contain or (for inputs) lie inside a folder the run reads,
/// nor be or contain the current directory; an existing path must be a folder that carries the
/// marker, is empty, or is one the caller recognises as its own earlier output. Nothing is
/// created or deleted until the claim succeeds. Inside the folder the tool writes only into
/// subfolders it made: a symbolic link there is refused, never followed.
public struct OwnedFolder: Sendable {
    /// What the folder holds.
    public enum Kind: String, Sendable {
        /// Failure images and `index.html` of a golden run; cleared at the start of a run.
        case goldenArtifacts
        /// A matrix render (`matrix`, `watch`): cells, `manifest.json` and `index.html`; overwritten, never cleared.
        case matrix
        /// An App Store export: shared with fastlane's own files, so never claimed whole; the
        /// export's manifest says which screenshots are the tool's.
        case appStoreExport
        /// A review of a consent flow (`review`): a folder per device; each review removes the
        /// device folders before writing (and nothing else).
        case review

        /// The marker file's name; nil for a folder that keeps a manifest instead.
        public var markerName: String? {
            switch self {
            case .goldenArtifacts: ".consentrender-artifacts"
            case .matrix: ".consentrender-matrix"
            case .appStoreExport: nil
            case .review: ".consentrender-review"
            }
        }

        /// The folder's name in messages.
        var noun: String {
            switch self {
            case .goldenArtifacts: "The artifacts folder"
            case .matrix: "The matrix output folder"
            case .appStoreExport: "The App Store export folder"
            case .review: "The review output folder"
            }
        }

        /// What a run does to the folder, in messages.
        var effect: String {
            switch self {
            case .goldenArtifacts: "a golden run deletes everything in its artifacts folder"
            case .matrix: "a matrix run overwrites the files in its output folder"
            case .appStoreExport: "an export writes and deletes screenshots there"
            case .review: "a review replaces the device folders in its output folder"
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

    /// A folder of `kind` at `url`, not yet checked; `claim` checks it.
    init(url: URL, kind: Kind) {
        self.url = url
        self.kind = kind
    }

    /// Checks that the tool may write (and, for artifacts, clear) `url`, without touching anything.
    ///
    /// - Parameter acceptsUnmarked: says whether an existing, non-empty folder without the marker is
    ///   the tool's own anyway (the conventional `.build/golden-failures`, or a matrix folder written
    ///   before markers existed).
    public static func claim(_ url: URL, kind: Kind, protecting protected: [Protected],
                             acceptsUnmarked: (URL) -> Bool = { _ in false }) throws -> OwnedFolder {
        precondition(kind.markerName != nil, "Only a kind with a marker can be claimed whole")
        try checkPlacement(of: url, kind: kind, protecting: protected)
        let folder = OwnedFolder(url: url, kind: kind)
        guard FileManager.default.fileExists(atPath: url.path), !folder.isMarked else { return folder }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw OutputError.unreadableFolder(folder: kind.noun, path: url.path, reason: describeFileError(error))
        }
        guard entries.isEmpty || acceptsUnmarked(url) else {
            throw OutputError.notOwned(folder: kind.noun, path: url.path, effect: kind.effect, marker: kind.markerName ?? "",
                                       sample: entries.sorted().prefix(3).map { $0 })
        }
        return folder
    }

    /// Checks that an output folder is not, does not contain and (where asked) is not inside a
    /// protected folder, and that neither it nor the nearest part of its path that exists is a file.
    public static func checkPlacement(of url: URL, kind: Kind, protecting protected: [Protected]) throws {
        let target = canonicalPath(of: url)
        for guarded in protected {
            let path = canonicalPath(of: guarded.url)
            if target == path || isInside(path, target) {
                throw OutputError.wouldReplaceInput(folder: kind.noun, path: url.path, effect: kind.effect, role: guarded.role,
                                                    rolePath: path, isSame: target == path)
            }
            if guarded.refusesInside && isInside(target, path) {
                throw OutputError.insideInput(folder: kind.noun, path: url.path, role: guarded.role, rolePath: path)
            }
        }
        var existing = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            existing.deleteLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputError.notAFolder(folder: kind.noun, path: url.path, file: existing.path)
        }
    }

    /// Whether the folder carries this kind's marker.
    public var isMarked: Bool {
        guard let marker = kind.markerName else { return false }
        return FileManager.default.fileExists(atPath: url.appendingPathComponent(marker).path)
    }

    /// Creates the folder if need be and writes the marker.
    public func prepare() throws {
        guard let marker = kind.markerName else { preconditionFailure("\(kind) folders have no marker") }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw RenderError.writeFailed(path: url.path, reason: "cannot create the folder (\(describeFileError(error)))")
        }
        if !isMarked {
            let text = "This folder holds files written by ConsentRender (render-cli).\n"
                + "A later run may overwrite or delete what is in it. Delete this file to keep it from doing so.\n"
            try AtomicFileWriter.write([(url.appendingPathComponent(marker), Data(text.utf8))])
        }
    }

    /// Deletes everything in the folder except its marker (a symbolic link is removed, never
    /// followed). Only a claimed folder can be cleared.
    public func clear() throws {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for entry in entries where entry != kind.markerName {
            try remove(url.appendingPathComponent(entry))
        }
    }

    /// Deletes `relative` (a file or a folder the tool wrote) inside the folder, if it is there.
    public func remove(_ relative: String) throws {
        precondition(relative.split(separator: "/").allSatisfy { isSinglePathComponent(String($0)) },
                     "'\(relative)' is not a relative path of plain names")
        try remove(url.appendingPathComponent(relative))
    }

    private func remove(_ item: URL) throws {
        var status = stat()
        guard lstat(item.path, &status) == 0 else { return }
        do {
            try FileManager.default.removeItem(at: item)
        } catch {
            throw RenderError.writeFailed(path: item.path, reason: "cannot delete it (\(describeFileError(error)))")
        }
    }

    /// The folder `relative` inside this one, made where missing. Every part of the path must be
    /// a real folder: a symbolic link (which could lead into a folder of the user's) or a file in
    /// the way is an error, and nothing is written through it.
    public func subfolder(_ relative: String) throws -> URL {
        var current = url
        for component in relative.split(separator: "/").map(String.init) {
            precondition(isSinglePathComponent(component), "'\(relative)' is not a relative path of plain names")
            current.appendPathComponent(component)
            var status = stat()
            if lstat(current.path, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFDIR: continue
                case S_IFLNK: throw OutputError.symbolicLink(folder: kind.noun, path: url.path, link: current.path)
                default: throw OutputError.notAFolder(folder: kind.noun, path: url.path, file: current.path)
                }
            }
            guard mkdir(current.path, 0o755) == 0 || errno == EEXIST else {
                throw RenderError.writeFailed(path: current.path, reason: "cannot create the folder (\(String(cString: strerror(errno))))")
            }
        }
        return current
    }
}

/// Whether `url` is a symbolic link (not followed).
func isSymbolicLink(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
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

/// A file-system error from Foundation in plain words ("permission denied", "the disk is full"),
/// not `NSCocoaErrorDomain error 512`.
func describeFileError(_ error: Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    guard nsError.domain == NSCocoaErrorDomain else { return nsError.localizedDescription }
    switch nsError.code {
    case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or folder"
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
    case NSFileWriteFileExistsError: return "a file of that name is in the way"
    case NSFileWriteOutOfSpaceError: return "the disk is full"
    case NSFileWriteVolumeReadOnlyError: return "the volume is read-only"
    case NSFileWriteInvalidFileNameError, NSFileReadInvalidFileNameError: return "the name is not valid"
    default: return "the file system refused (\(nsError.domain) \(nsError.code))"
    }
}
