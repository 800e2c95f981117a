import Foundation

/// What a machine's renders depend on besides the inputs: library versions and the font files
/// used. Stored as `Golden/ENVIRONMENT.json` when goldens are recorded, so that a failure on
/// another machine can say which part differs.
struct EnvironmentFingerprint: Codable, Sendable, Equatable {
    public struct FontFile: Codable, Sendable, Equatable {
        public var bytes: Int
        public var crc32: String
    }

    /// Library name → version (cairo, pango, harfbuzz, freetype, fontconfig, libpng).
    public var libraries: [String: String]
    /// Font file path → size and checksum, for every font the goldens use.
    public var fonts: [String: FontFile]

    /// This machine's fingerprint for the font files at `fontPaths`.
    public static func current(fontPaths: Set<String>) -> EnvironmentFingerprint {
        var fonts: [String: FontFile] = [:]
        for path in fontPaths {
            if let sum = CRC32.ofFile(at: path) {
                fonts[path] = FontFile(bytes: sum.bytes, crc32: sum.checksum)
            }
        }
        return EnvironmentFingerprint(libraries: LibraryVersions.current(), fonts: fonts)
    }

    /// Reads a stored fingerprint; nil when there is none or it cannot be read.
    public static func load(from url: URL) -> EnvironmentFingerprint? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(EnvironmentFingerprint.self, from: data)
    }

    /// Pretty-printed, sorted JSON: the same fingerprint is always the same bytes.
    public func jsonData() throws -> Data {
        try canonicalJSONData(self)
    }

    /// Sentences naming each difference from `recorded` (the goldens' machine) to this one.
    public func changes(since recorded: EnvironmentFingerprint) -> [String] {
        var changes: [String] = []
        for name in Set(recorded.libraries.keys).union(libraries.keys).sorted() {
            let before = recorded.libraries[name] ?? "absent"
            let now = libraries[name] ?? "absent"
            if before != now { changes.append("\(name) \(before) → \(now)") }
        }
        for path in recorded.fonts.keys.sorted() {
            let name = (path as NSString).lastPathComponent
            guard let now = fonts[path] else {
                changes.append("font \(name) is missing (\(path))")
                continue
            }
            if let before = recorded.fonts[path], before != now {
                changes.append("font \(name) changed (\(before.bytes) bytes crc \(before.crc32) → \(now.bytes) bytes crc \(now.crc32))")
            }
        }
        return changes
    }
}
