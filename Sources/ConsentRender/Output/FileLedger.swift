import Foundation

/// Whether a path in an owned folder holds a file the tool wrote.
enum FileOwnership: Equatable, Sendable {
    /// Nothing is there.
    case absent
    /// A file the ledger lists, with the bytes it lists.
    case ours
    /// A file (or folder, or link) the ledger does not list: the user's.
    case unlisted
    /// A file the ledger lists whose bytes changed since: the user's now.
    case changed
}

/// The list, kept in an owned folder's marker file, of every file the tool wrote there with its
/// size and CRC-64: the one record of ownership that every folder-writing command consults.
///
/// A run replaces or removes only a listed file whose bytes are still the listed ones. An entry is
/// appended to the marker *before* its file is renamed into place, so a run stopped at any instant
/// leaves every file it wrote listed (a path may then be listed with two fingerprints, the old
/// file's and the new one's: whichever is on disk is the tool's). At the end of a run the marker
/// is rewritten with one line per file still there. A file the user changed no longer matches its
/// entry, so it is the user's from then on.
///
/// The marker is text, so a person who opens it reads what it is:
///
///     This folder holds files written by ConsentRender (render-cli): …
///     files:
///     183467 5c1b0d3e8f09a2b4 iphone-15-pro/portrait-light/en.png
///     - iphone-15-pro/portrait-light/en-old.png
///
/// An entry line is `<size> <crc64> <path>`; `- <path>` records a removal. A marker an older
/// version wrote has no `files:` line, hence no list: every file already in that folder counts as
/// the user's.
final class FileLedger: @unchecked Sendable {
    /// The folder the listed paths are relative to.
    let root: URL
    let marker: URL
    /// What the folder holds, for the marker's first line.
    let kind: String
    /// Whether the marker already held a list when it was read (false for an older version's marker or none).
    private(set) var hadList: Bool
    private var entries: [String: [FileFingerprint]]
    private let lock = NSLock()

    static let listHeading = "files:"

    /// The header every marker starts with.
    static func header(for kind: String) -> String {
        """
        This folder holds \(kind) written by ConsentRender (render-cli): the files listed below, each with its size and CRC-64.
        A later run replaces or removes a listed file only while its bytes are still the listed ones; it never touches any other file here.
        Without this file a run counts every file here as yours, and writes over none of them.
        \(listHeading)

        """
    }

    /// The ledger in `marker` (under `root`); empty when the marker does not exist yet.
    private init(root: URL, marker: URL, kind: String) {
        self.root = root
        self.marker = marker
        self.kind = kind
        let text = (try? String(contentsOf: marker, encoding: .utf8)) ?? ""
        (hadList, entries) = Self.parse(text)
    }

    private final class Reference {
        weak var ledger: FileLedger?
    }

    private static let shared = NSLock()
    nonisolated(unsafe) private static var held: [String: Reference] = [:]

    /// The ledger for `marker`: the one a run in this process holds now (so two runs of one process,
    /// such as parallel tests, append to one list), else read afresh from disk.
    static func ledger(root: URL, marker: URL, kind: String) -> FileLedger {
        shared.lock()
        defer { shared.unlock() }
        let key = canonicalPath(of: marker)
        if let ledger = held[key]?.ledger { return ledger }
        let ledger = FileLedger(root: root, marker: marker, kind: kind)
        let reference = Reference()
        reference.ledger = ledger
        held = held.filter { $0.value.ledger != nil }
        held[key] = reference
        return ledger
    }

    /// Reads the list of a marker's text: entry and removal lines after `files:`; lines that do not
    /// parse (a hand edit) are ignored, which can only make fewer files the tool's.
    static func parse(_ text: String) -> (hasList: Bool, entries: [String: [FileFingerprint]]) {
        var entries: [String: [FileFingerprint]] = [:]
        var inList = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard inList else {
                inList = line == listHeading
                continue
            }
            if line.hasPrefix("- ") {
                entries[String(line.dropFirst(2))] = nil
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let size = Int(parts[0]), size >= 0, parts[1].count == 16,
                  let crc = UInt64(parts[1], radix: 16), isListablePath(String(parts[2])) else { continue }
            entries[String(parts[2]), default: []].append(FileFingerprint(size: size, crc64: crc))
        }
        return (inList, entries)
    }

    /// A relative path of plain names (no `.`, `..`, empty part or leading slash).
    static func isListablePath(_ path: String) -> Bool {
        !path.isEmpty && !path.contains("\n") && path.split(separator: "/", omittingEmptySubsequences: false)
            .allSatisfy { isSinglePathComponent(String($0)) }
    }

    /// The first folder on the way to `relative` (not `relative` itself) that is a symbolic link.
    static func firstSymbolicLink(in relative: String, under root: URL) -> URL? {
        var current = root
        for component in relative.split(separator: "/").dropLast() {
            current.appendPathComponent(String(component))
            var status = stat()
            guard lstat(current.path, &status) == 0 else { return nil }
            if status.st_mode & S_IFMT == S_IFLNK { return current }
        }
        return nil
    }

    /// Who owns what is at `relative` now.
    func ownership(of relative: String) -> FileOwnership {
        state(of: relative).ownership
    }

    /// Who owns what is at `relative` now, and, for a file of the tool's, the fingerprint of its bytes.
    func state(of relative: String) -> (ownership: FileOwnership, fingerprint: FileFingerprint?) {
        let path = root.appendingPathComponent(relative).path
        var status = stat()
        // A path through a symbolic link leads out of the folder: whatever is there is the user's.
        if Self.firstSymbolicLink(in: relative, under: root) != nil { return (.unlisted, nil) }
        guard lstat(path, &status) == 0 else { return (.absent, nil) }
        lock.lock()
        let listed = entries[relative]
        lock.unlock()
        guard let listed, status.st_mode & S_IFMT == S_IFREG else { return (.unlisted, nil) }
        guard let current = FileFingerprint(ofFileAt: path), listed.contains(current) else { return (.changed, nil) }
        return (.ours, current)
    }

    /// Lists `relative` with `fingerprint` on disk, before the file is put in place.
    func willWrite(_ relative: String, _ fingerprint: FileFingerprint) throws {
        precondition(Self.isListablePath(relative), "'\(relative)' is not a relative path of plain names")
        lock.lock()
        defer { lock.unlock() }
        try startListLocked()
        if entries[relative]?.contains(fingerprint) == true { return }
        try append("\(fingerprint.size) \(fingerprint.checksumText) \(relative)\n")
        entries[relative, default: []].append(fingerprint)
    }

    /// Records that `relative` was removed.
    func didRemove(_ relative: String) throws {
        lock.lock()
        defer { lock.unlock() }
        guard entries[relative] != nil else { return }
        try append("- \(relative)\n")
        entries[relative] = nil
    }

    /// Reads the list again from the marker: for a run that has just taken the folder's lock, since
    /// a run of another process may have written there while this one waited.
    func reload() {
        let text = (try? String(contentsOf: marker, encoding: .utf8)) ?? ""
        let (hasList, listed) = Self.parse(text)
        lock.lock()
        defer { lock.unlock() }
        (hadList, entries) = (hasList, listed)
    }

    /// Adds the entries other processes appended to the marker since this ledger read it (a
    /// matrix's worker processes list each file they write there, as this process does).
    func absorbMarker() {
        let (_, listed) = Self.parse((try? String(contentsOf: marker, encoding: .utf8)) ?? "")
        lock.lock()
        defer { lock.unlock() }
        for (path, fingerprints) in listed {
            for fingerprint in fingerprints where entries[path]?.contains(fingerprint) != true {
                entries[path, default: []].append(fingerprint)
            }
        }
    }

    /// Starts the list in a marker that has none (a new one, or an older version's), keeping no entry.
    func startList() throws {
        lock.lock()
        defer { lock.unlock() }
        try startListLocked()
    }

    private func startListLocked() throws {
        var status = stat()
        guard !hadList || lstat(marker.path, &status) != 0 else { return }
        try AtomicFileWriter.write([(marker, Data(Self.header(for: kind).utf8))])
        hadList = true
        entries = [:]
    }

    /// Whether the list names any file.
    var hasEntries: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !entries.isEmpty
    }

    /// Rewrites the marker with one line per listed file that is still there, in path order: a
    /// file that is gone loses its entry, and a path listed twice (a run stopped between listing a
    /// file and putting it in place) keeps the fingerprint of the bytes on disk. A listed file the
    /// user changed keeps its entry, which no longer matches it, so it stays the user's. Does nothing
    /// when that list is what the marker already says (a golden folder's marker is committed).
    func compact() throws {
        lock.lock()
        defer { lock.unlock() }
        var kept: [(String, FileFingerprint)] = []
        for (path, fingerprints) in entries {
            let file = root.appendingPathComponent(path).path
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if fingerprints.count == 1 {
                kept.append((path, fingerprints[0]))
            } else if let current = FileFingerprint(ofFileAt: file), fingerprints.contains(current) {
                kept.append((path, current))
            }
        }
        kept.sort { $0.0 < $1.0 }
        let text = Self.header(for: kind) + kept.map { "\($0.1.size) \($0.1.checksumText) \($0.0)\n" }.joined()
        if (try? String(contentsOf: marker, encoding: .utf8)) != text {
            try AtomicFileWriter.write([(marker, Data(text.utf8))])
        }
        entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.0, [$0.1]) })
        hadList = true
    }

    /// Every listed path (for removing a whole folder's files).
    var listedPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.keys.sorted()
    }

    private func append(_ line: String) throws {
        let descriptor = open(marker.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RenderError.writeFailed(path: marker.path, reason: "cannot add to the list of files the tool wrote ("
                + String(cString: strerror(errno)) + ")")
        }
        defer { close(descriptor) }
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw RenderError.writeFailed(path: marker.path, reason: "cannot add to the list of files the tool wrote ("
                    + String(cString: strerror(errno)) + ")")
            }
            offset += written
        }
    }
}
