import Foundation

/// Where fontconfig keeps its cache of the font folders' contents, so that a start does not read
/// every font file again: a folder only this user can write.
///
/// A cache folder another user can write is a way to change every render's fonts (fontconfig
/// trusts the cache files it finds there), so the folder is the user's own cache folder
/// (`$XDG_CACHE_HOME`, else `~/.cache`), `consentrender/fontconfig` in it, made 0700; failing that,
/// `/tmp/consentrender-fontconfig-<uid>`, made 0700. Either is used only when it is a real folder
/// (not a link) owned by this user that no one else may write; otherwise there is no cache.
enum FontCache {
    /// The cache folder, worked out once per process; nil when no safe one can be had.
    static let folder: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            candidates.append(xdg + "/consentrender/fontconfig")
        } else if let home = environment["HOME"], home.hasPrefix("/"), isFolder(home) {
            // (A home folder that does not exist is not made.)
            candidates.append(home + "/.cache/consentrender/fontconfig")
        }
        candidates.append("/tmp/consentrender-fontconfig-\(geteuid())")
        return candidates.first(where: makeSafeFolder)
    }()

    /// Makes `path` (and the folders on the way that are missing, each 0700) and says whether it
    /// is safe: a real folder, owned by this user, writable by no one else.
    static func makeSafeFolder(_ path: String) -> Bool {
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0 && errno != EEXIST { return false }
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(),
              status.st_mode & 0o022 == 0 else { return false }
        return true
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `text` with the characters XML gives a meaning escaped.
    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
