import Foundation

/// A folder that ConsentRender writes into: one it created itself or found empty, marked with a
/// marker file that lists every file the tool wrote there (its ownership ledger, `FileLedger`).
///
/// No command may delete or overwrite what it did not write. Before any work, `claim` checks the
/// path a user gave: it must not be, contain or (for inputs) lie inside a folder the run reads,
/// nor be or contain the current directory; an existing path must be a folder that carries the
/// marker, is empty, or is one the caller recognises as its own earlier output. Nothing is
/// created or deleted until the claim succeeds. Inside the folder a run replaces or removes only a
/// file the ledger lists with the bytes it still has; any other file is the user's: a removal
/// keeps it (and says so), a write over it is refused (exit 2). A symbolic link inside is
/// refused, never followed.
public struct OwnedFolder: Sendable {
    /// What the folder holds.
    public enum Kind: String, Sendable, CaseIterable {
        /// Failure images and `index.html` of a golden run; the tool's own files are cleared at the start of a run.
        case goldenArtifacts
        /// A matrix render (`matrix`, `watch`): cells, `manifest.json` and `index.html`; overwritten, never cleared.
        case matrix
        /// An App Store export: shared with fastlane's own files, so any folder will do; only the
        /// screenshots the ledger lists are the tool's.
        case appStoreExport
        /// A Google Play export: shared with fastlane supply's metadata, so any folder will do;
        /// only the screenshots the ledger lists are the tool's.
        case playExport
        /// A review of a consent flow (`review`): a folder per device; a review removes its own
        /// earlier files from the device folders it writes (and nothing else).
        case review
        /// A golden folder (`golden record`, `assertConsentGolden`): the goldens and `ENVIRONMENT.json`,
        /// replaced only in the record modes that say so. Its marker is committed with the goldens.
        case golden

        /// The marker file's name, which holds the ledger.
        public var markerName: String {
            switch self {
            case .goldenArtifacts: ".consentrender-artifacts"
            case .matrix: ".consentrender-matrix"
            case .appStoreExport: ".consentrender-appstore"
            case .playExport: ".consentrender-play"
            case .review: ".consentrender-review"
            case .golden: ".consentrender-golden"
            }
        }

        /// The folder's name in messages.
        var noun: String {
            switch self {
            case .goldenArtifacts: "The artifacts folder"
            case .matrix: "The matrix output folder"
            case .appStoreExport: "The App Store export folder"
            case .playExport: "The Google Play export folder"
            case .review: "The review output folder"
            case .golden: "The golden folder"
            }
        }

        /// What the files are, in the marker's first line.
        var contents: String {
            switch self {
            case .goldenArtifacts: "golden failure images"
            case .matrix: "a matrix render"
            case .appStoreExport: "App Store screenshots"
            case .playExport: "Google Play screenshots"
            case .review: "consent flow reviews"
            case .golden: "golden images and link maps"
            }
        }

        /// What a run does to the folder, in messages.
        var effect: String {
            switch self {
            case .goldenArtifacts: "a golden run clears its earlier files from its artifacts folder"
            case .matrix: "a matrix run writes and replaces files there"
            case .appStoreExport, .playExport: "an export writes and deletes screenshots there"
            case .review: "a review replaces its earlier files in the device folders of its output folder"
            case .golden: "a golden record replaces goldens"
            }
        }
    }

    /// A folder a run reads, which an output folder must keep clear of.
    public struct Protected: Sendable, Equatable {
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
    let ledger: FileLedger
    /// This run's lock on the folder (`lock`, `prepare`), shared by copies of this value and
    /// released by `finish` or `unlock` (or when the last copy goes).
    private let hold = Hold()

    private final class Hold: @unchecked Sendable {
        private let mutex = NSLock()
        private var lock: FolderLock?

        var isHeld: Bool { mutex.withLock { lock != nil } }

        func keep(_ lock: FolderLock) { mutex.withLock { self.lock = lock } }

        func release() {
            let lock = mutex.withLock { () -> FolderLock? in
                defer { self.lock = nil }
                return self.lock
            }
            lock?.release()
        }
    }

    /// A folder of `kind` at `url`, not yet checked; `claim` checks it.
    init(url: URL, kind: Kind) {
        self.url = url
        self.kind = kind
        ledger = FileLedger.ledger(root: url, marker: url.appendingPathComponent(kind.markerName), kind: kind.contents)
    }

    /// Checks that the tool may write into `url`, without touching anything.
    ///
    /// - Parameter acceptsUnmarked: says whether an existing, non-empty folder without the marker is
    ///   the tool's to write into anyway (the conventional `.build/golden-failures`, a matrix folder
    ///   written before markers existed, a golden folder, an App Store folder shared with fastlane).
    ///   Its files stay the user's: the ledger lists none of them.
    public static func claim(_ url: URL, kind: Kind, protecting protected: [Protected],
                             acceptsUnmarked: (URL) -> Bool = { _ in false }) throws -> OwnedFolder {
        try checkPlacement(of: url, kind: kind, protecting: protected)
        let folder = OwnedFolder(url: url, kind: kind)
        try folder.checkMarker()
        // A folder that exists is locked now, before its list is read for the run's checks, so a
        // run of another process still writing there is waited for first (a new folder is locked
        // by `prepare`, which makes it).
        if isRealFolder(url) { try folder.lock(.exclusive) }
        guard FileManager.default.fileExists(atPath: url.path), !folder.isMarked else { return folder }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw OutputError.unreadableFolder(folder: kind.noun, path: url.path, reason: describeFileError(error))
        }
        guard entries.isEmpty || acceptsUnmarked(url) else {
            throw OutputError.notOwned(folder: kind.noun, path: url.path, effect: kind.effect, marker: kind.markerName,
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
        if let reserved = reservedFolder(atOrAbove: target, for: kind) {
            throw OutputError.insideReservedFolder(folder: kind.noun, path: url.path, role: reserved.role, rolePath: reserved.path,
                                                   isSame: reserved.path == target)
        }
        var existing = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            // A link that leads nowhere: nothing can be made through it.
            if isSymbolicLink(existing) {
                throw OutputError.danglingLink(folder: kind.noun, path: url.path, link: existing.path,
                                               target: try? FileManager.default.destinationOfSymbolicLink(atPath: existing.path))
            }
            existing.deleteLastPathComponent()
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw OutputError.notAFolder(folder: kind.noun, path: url.path, file: existing.path)
        }
    }

    /// The nearest folder at or above `path` (canonical) that no other command may write into,
    /// whatever folders a run names as its inputs: a golden folder (its marker, or `matrix.json`
    /// beside `ENVIRONMENT.json`), except for golden record itself, and a consent document folder
    /// (one with a `document.json`). Every folder-writing command checks this one list.
    static func reservedFolder(atOrAbove path: String, for kind: Kind) -> (role: String, path: String)? {
        var found: (role: String, path: String)?
        _ = nearestFolder(atOrAbove: path) { folder in
            if kind != .golden, isGoldenFolder(folder) {
                found = ("a golden folder", folder)
            } else if FileManager.default.fileExists(atPath: folder + "/document.json") {
                found = ("a consent document folder", folder)
            }
            return found != nil
        }
        return found
    }

    /// Whether the folder at `path` is a golden folder: its marker, or `matrix.json` beside
    /// `ENVIRONMENT.json` (one recorded before markers existed).
    static func isGoldenFolder(_ path: String) -> Bool {
        let files = FileManager.default
        return files.fileExists(atPath: path + "/" + Kind.golden.markerName)
            || (files.fileExists(atPath: path + "/matrix.json") && files.fileExists(atPath: path + "/ENVIRONMENT.json"))
    }

    /// The first folder, from `path` (canonical) up to the root, that `matches`.
    private static func nearestFolder(atOrAbove path: String, where matches: (String) -> Bool) -> String? {
        var current = path
        while true {
            if matches(current) { return current }
            guard current != "/", !current.isEmpty else { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
    }

    /// Whether the folder carries this kind's marker.
    public var isMarked: Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(kind.markerName).path)
    }

    /// Creates the folder if need be and makes sure its marker holds a list (a new marker, or an
    /// older version's marker given its list: every file already there stays the user's).
    /// Locks it for this run (`lock`).
    public func prepare() throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw RenderError.writeFailed(path: url.path, reason: "cannot create the folder (\(describeFileError(error)))")
        }
        try lock(.exclusive)
        try checkMarker()
        try ledger.startList()
    }

    /// Locks the folder (which must exist) for this run, waiting up to `FolderLock.patience`
    /// seconds for a run of another process to end (then exit 3). Holding it exclusively, with no
    /// other run of this process writing there, the run first removes the hidden temporary files
    /// that a run killed mid-write left in the folder, if the folder is one the tool marked.
    func lock(_ mode: FolderLock.Mode) throws {
        guard !hold.isHeld else { return }
        let lock = try FolderLock.acquire(url, mode: mode)
        hold.keep(lock)
        // Another process's run may have written there while this one waited: its list is read
        // again (unless a run of this process is using it).
        if lock.isFirstInProcess { ledger.reload() }
        if mode == .exclusive, lock.isFirstInProcess, isMarked {
            removeTemporaries()
        }
    }

    /// Releases this run's lock on the folder (`finish` does too).
    func unlock() {
        hold.release()
    }

    /// Refuses a marker that is not a plain file (a folder, a link): the list of the tool's files
    /// cannot be kept there, and a link could lead anywhere.
    public func checkMarker() throws {
        let marker = url.appendingPathComponent(kind.markerName)
        var status = stat()
        guard lstat(marker.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return }
        throw OutputError.markerNotAFile(folder: kind.noun, path: url.path, marker: marker.path,
                                         what: status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a plain file")
    }

    /// Takes into this process's list the files other processes (a matrix's workers) listed in the
    /// marker since it was read.
    func absorbMarker() {
        ledger.absorbMarker()
    }

    /// Rewrites the marker's list with the files that are still the tool's; call it when a run ends.
    /// Releases the run's lock on the folder, whether or not that worked.
    public func finish() throws {
        defer { unlock() }
        try ledger.compact()
    }

    /// Locks, for a run that writes the single file `file`, the nearest folder around it that a
    /// folder-writing command owns (one holding a marker of any kind, or a golden folder), so a
    /// render into a golden folder waits while golden record writes it; nil when there is none.
    package static func lockEnclosingFolder(of file: URL) throws -> FolderLock? {
        let files = FileManager.default
        let owned = nearestFolder(atOrAbove: canonicalPath(of: file.deletingLastPathComponent())) { folder in
            files.fileExists(atPath: folder)
                && (Kind.allCases.contains { files.fileExists(atPath: folder + "/" + $0.markerName) } || isGoldenFolder(folder))
        }
        return try owned.map { try FolderLock.acquire(URL(fileURLWithPath: $0), mode: .exclusive) }
    }

    /// Lists the file at `relative` as the tool's with the bytes it has now: for a file the run
    /// found to be exactly what it would write (a golden with the same pixels), so nothing of it is lost.
    func adopt(_ relative: String) throws {
        try refuseSymbolicLinks(on: [relative])
        guard let fingerprint = FileFingerprint(ofFileAt: url.appendingPathComponent(relative).path) else { return }
        try ledger.willWrite(relative, fingerprint)
    }

    /// Removes a file an older version wrote by a name of its own (such as the App Store export's
    /// `consentrender-appstore.json`, now replaced by the ledger), once its contents are carried over.
    func retire(_ relative: String) throws {
        guard unlink(url.appendingPathComponent(relative).path) == 0 || errno == ENOENT else {
            throw RenderError.writeFailed(path: url.appendingPathComponent(relative).path,
                                          reason: "cannot delete it (\(String(cString: strerror(errno))))")
        }
    }

    /// Who owns the file at `relative` now.
    func ownership(of relative: String) -> FileOwnership {
        ledger.ownership(of: relative)
    }

    /// Checks, before a run writes anything, that none of `relatives` (the files it will write) is
    /// a file of the user's, nor lies through a symbolic link; names every one that is, at once.
    /// - Parameter listedElsewhere: files an earlier version's own list shows to be the tool's.
    public func checkWritable(_ relatives: [String], listedElsewhere: Set<String> = []) throws {
        try refuseSymbolicLinks(on: relatives)
        var theirs: [String] = []
        for relative in Set(relatives).sorted() {
            switch ownership(of: relative) {
            case .absent, .ours: continue
            case .unlisted, .changed: if !listedElsewhere.contains(relative) { theirs.append(relative) }
            }
        }
        guard theirs.isEmpty else { throw notOurs(theirs) }
    }

    /// The first folder on the way to any of `relatives`, or the file itself, that is a symbolic
    /// link, checked from the root down (`lstat`, never followed).
    func symbolicLink(on relatives: [String]) -> URL? {
        for relative in Set(relatives).sorted() {
            if let link = FileLedger.firstSymbolicLink(in: relative, under: url) { return link }
            let file = url.appendingPathComponent(relative)
            if isSymbolicLink(file) { return file }
        }
        return nil
    }

    /// Refuses (exit 2) a write or listing whose path runs through a symbolic link inside the
    /// folder: it could lead into a folder of the user's.
    func refuseSymbolicLinks(on relatives: [String]) throws {
        if let link = symbolicLink(on: relatives) {
            throw OutputError.symbolicLink(folder: kind.noun, path: url.path, link: link.path)
        }
    }

    private func notOurs(_ relatives: [String]) -> OutputError {
        // A folder an earlier version wrote: its marker without a list, or (where the kind allows
        // one) no marker at all but the earlier output the claim recognised.
        OutputError.notOurFiles(folder: kind.noun, path: url.path, files: relatives.map { url.appendingPathComponent($0).path },
                                olderMarker: !ledger.hadList && (isMarked || (kind != .appStoreExport && kind != .playExport)))
    }

    /// The path of `file` inside the folder, relative to it.
    func relativePath(of file: URL) -> String {
        let root = url.standardizedFileURL.path
        let path = file.standardizedFileURL.path
        precondition(path.hasPrefix(root + "/"), "\(path) is not inside the owned folder \(root)")
        return String(path.dropFirst(root.count + 1))
    }

    /// Writes `files` (each whole or not at all), listing them in the ledger first. A file of the
    /// user's at any of the paths is refused (exit 2) before anything is written; a file of the
    /// tool's that already has these exact bytes is left as it is.
    public func write(_ files: [(url: URL, data: Data)]) throws {
        let planned = files.map { (relative: relativePath(of: $0.url), url: $0.url, data: $0.data,
                                   fingerprint: FileFingerprint(of: $0.data)) }
        try refuseSymbolicLinks(on: planned.map(\.relative))
        var theirs: [String] = []
        var changed: [(url: URL, data: Data)] = []
        for file in planned {
            let state = ledger.state(of: file.relative)
            switch state.ownership {
            case .absent:
                changed.append((file.url, file.data))
            case .ours:
                if state.fingerprint != file.fingerprint { changed.append((file.url, file.data)) }
            case .unlisted, .changed:
                theirs.append(file.relative)
            }
        }
        guard theirs.isEmpty else { throw notOurs(theirs) }
        for file in planned { try ledger.willWrite(file.relative, file.fingerprint) }
        try AtomicFileWriter.write(changed)
    }

    /// Writes `files`, given relative to the folder.
    public func write(relative files: [(path: String, data: Data)]) throws {
        try write(files.map { (url.appendingPathComponent($0.path), $0.data) })
    }

    /// Puts a file written by another program (a video from ffmpeg, at `temporary`) in place at
    /// `destination`, listing it first; a file of the user's there is refused.
    public func commitStreamedFile(_ temporary: URL, to destination: URL) throws {
        let relative = relativePath(of: destination)
        do {
            try refuseSymbolicLinks(on: [relative])
        } catch {
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw error
        }
        switch ownership(of: relative) {
        case .absent, .ours: break
        case .unlisted, .changed:
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw notOurs([relative])
        }
        guard let fingerprint = FileFingerprint(ofFileAt: temporary.path) else {
            AtomicFileWriter.abandonStreamedFile(temporary)
            throw RenderError.writeFailed(path: destination.path, reason: "its temporary file cannot be read back")
        }
        try ledger.willWrite(relative, fingerprint)
        try AtomicFileWriter.commitStreamedFile(temporary, to: destination)
    }

    /// Removes what the tool wrote at `relative` (a file, or every such file in a folder, then the
    /// folders left empty) and keeps everything else there. Returns the paths kept because they
    /// are the user's (added by the user, or listed but changed since).
    @discardableResult
    public func removeOwned(_ relative: String) throws -> [String] {
        precondition(FileLedger.isListablePath(relative), "'\(relative)' is not a relative path of plain names")
        return try removeOwned(at: relative)
    }

    /// Removes every file of the tool's in the folder (its marker stays) and returns the paths it kept.
    @discardableResult
    public func clear() throws -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var kept: [String] = []
        for entry in entries.sorted() where entry != kind.markerName {
            kept += try removeOwned(at: entry)
        }
        return kept
    }

    private func removeOwned(at relative: String) throws -> [String] {
        let item = url.appendingPathComponent(relative)
        var status = stat()
        guard lstat(item.path, &status) == 0 else {
            try ledger.didRemove(relative)
            return []
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            var kept: [String] = []
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: item.path)) ?? []
            for entry in entries.sorted() {
                kept += try removeOwned(at: relative + "/" + entry)
            }
            // A folder is removed only when nothing of the user's is left in it.
            if kept.isEmpty { rmdir(item.path) }
            return kept
        }
        // A run stopped mid-write leaves its hidden temporary file; it is the tool's by its exact name.
        let isTemporary = status.st_mode & S_IFMT == S_IFREG && AtomicFileWriter.isTemporaryName(item.lastPathComponent)
        guard isTemporary || ownership(of: relative) == .ours else { return [relative] }
        guard unlink(item.path) == 0 || errno == ENOENT else {
            throw RenderError.writeFailed(path: item.path, reason: "cannot delete it (\(String(cString: strerror(errno))))")
        }
        try ledger.didRemove(relative)
        return []
    }

    /// Removes every hidden temporary file of the tool's (`AtomicFileWriter`'s names) in the
    /// folder and the real folders inside it, but `keeping`: what a process killed mid-write left.
    /// Call it only when nothing else writes there.
    func removeTemporaries(except keeping: String? = nil) {
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return }
        while let relative = walker.nextObject() as? String {
            let path = url.appendingPathComponent(relative).path
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFLNK { walker.skipDescendants(); continue }
            guard status.st_mode & S_IFMT == S_IFREG, path != keeping,
                  AtomicFileWriter.isTemporaryName((relative as NSString).lastPathComponent) else { continue }
            unlink(path)
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

/// Whether `url` is a real folder (a link to one counts: the folder named may be reached through a link).
private func isRealFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
}

/// Whether `url` is a symbolic link (not followed).
func isSymbolicLink(_ url: URL) -> Bool {
    var status = stat()
    return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
}

/// The absolute path of `url` with `.`, `..` and symbolic links resolved, as far as it exists; the
/// part that does not exist yet is appended as written.
package func canonicalPath(of url: URL) -> String {
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
package func describeFileError(_ error: Error) -> String {
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
