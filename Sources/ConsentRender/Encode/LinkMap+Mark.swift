import Foundation

extension LinkMap {
    /// Whether the file at `path` is a link map ConsentRender wrote: a JSON object with the link
    /// map's schema key (`schemaVersion`, a number) beside its device (`variant.device`, or
    /// `device` in a schemaVersion 1 map) and `pixelSize`. A single output's `.links.json` may
    /// replace only such a file.
    package static func isLinkMapFile(at path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size < 64 << 20,
              let data = FileManager.default.contents(atPath: path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        let device = (object["variant"] as? [String: Any])?["device"] ?? object["device"]
        return object["schemaVersion"] is NSNumber && device is String && object["pixelSize"] is [String: Any]
    }
}
