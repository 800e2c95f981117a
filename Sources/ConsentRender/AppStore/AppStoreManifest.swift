import Foundation

/// `consentrender-appstore.json` in an App Store export folder: every screenshot an earlier
/// version's export wrote. Read once, to carry its files over to the folder's ledger
/// (`.consentrender-appstore`), then removed.
///
/// fastlane deliver uploads every file in a locale folder, so a screenshot class dropped between two
/// runs must be deleted; a file the tool did not write must never be.
struct AppStoreManifest: Codable, Equatable {
    static let fileName = "consentrender-appstore.json"

    /// One file the tool wrote (or was writing when a run stopped).
    struct Entry: Codable, Equatable {
        /// Relative to the export folder: `screenshots/<locale>/<file>.png`.
        var path: String
        /// The CRC-32 and size of what was written; nil while a run is writing it, so a file left
        /// by an interrupted run still counts as the tool's own.
        var crc32: String?
        var bytes: Int?
    }

    var schemaVersion = 1
    var document: String
    var screenshots: [Entry]

    /// The manifest in `folder`, or nil when there is none.
    static func load(from folder: URL) throws -> AppStoreManifest? {
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw OutputError.unreadableManifest(path: url.path, detail: describeFileError(error))
        }
        let manifest: AppStoreManifest
        do {
            manifest = try JSONDecoder().decode(AppStoreManifest.self, from: data)
        } catch {
            throw OutputError.unreadableManifest(path: url.path, detail: DecodingFailure(error, decoding: data).summary)
        }
        // A hand-edited manifest must not lead the tool out of its screenshots folder.
        for entry in manifest.screenshots where !Self.isScreenshotPath(entry.path) {
            throw OutputError.unreadableManifest(path: url.path,
                                                 detail: "'\(entry.path)' is not a path screenshots/<locale>/<file>.png")
        }
        return manifest
    }

    /// Whether the file at `path` (relative to `folder`) is the one this manifest says the tool wrote.
    func owns(_ path: String, in folder: URL) -> Bool {
        guard let entry = screenshots.first(where: { $0.path == path }) else { return false }
        guard let checksum = entry.crc32, let bytes = entry.bytes else { return true }
        guard let current = CRC32.ofFile(at: folder.appendingPathComponent(path).path) else { return false }
        return current.checksum == checksum && current.bytes == bytes
    }

    /// `screenshots/<one name>/<one name>.png`, nothing more.
    static func isScreenshotPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return parts.count == 3 && parts[0] == "screenshots" && parts[1...].allSatisfy(isSinglePathComponent)
            && parts[2].hasSuffix(".png")
    }
}
