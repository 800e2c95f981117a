internal import CCairo
import Foundation

/// A private fontconfig configuration: the project's `Resources/fonts.conf` (Debian's Noto font
/// folders only) plus a font set's own files.
///
/// No host font or host rule can change a render. Each configuration is handed to its renderers'
/// font maps, so one document's fonts never reach another's; the plain Noto one is also made
/// fontconfig's process-wide current configuration before any is used, because Cairo resolves
/// some font patterns against the current configuration: left unset, fontconfig would load the
/// host's /etc/fonts there, lazily and racily from several threads, and a render could pick a
/// host font or none (boxes). Configurations are built once per font set and shared: fontconfig
/// allows reading a built configuration from several threads.
final class FontConfiguration: @unchecked Sendable {
    let config: OpaquePointer

    private init(config: OpaquePointer) {
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [FontSet: FontConfiguration] = [:]

    /// The configuration for `fonts`, built on first use.
    static func configuration(for fonts: FontSet) throws -> FontConfiguration {
        lock.lock()
        defer { lock.unlock() }
        if built.isEmpty {
            let base = try load(.noto)
            FcConfigSetCurrent(base.config)
            built[.noto] = base
        }
        if let configuration = built[fonts] { return configuration }
        let configuration = try load(fonts)
        built[fonts] = configuration
        return configuration
    }

    private static func load(_ fonts: FontSet) throws -> FontConfiguration {
        guard let file = Bundle.module.url(forResource: "fonts", withExtension: "conf") else {
            throw RenderError.fontConfiguration(detail: "fonts.conf is missing from the ConsentRender resources")
        }
        guard let config = FcConfigCreate() else {
            throw RenderError.fontConfiguration(detail: "fontconfig could not create a configuration")
        }
        // Owned from here on: a failure below destroys it with the object.
        let configuration = FontConfiguration(config: config)
        guard FcConfigParseAndLoad(config, file.path, 1) != 0 else {
            throw RenderError.fontConfiguration(detail: "fontconfig could not parse \(file.path)")
        }
        // Without a cache folder fontconfig reads every font file at each start; slower, never wrong.
        if let cache = FontCache.folder {
            let snippet = "<fontconfig><cachedir>\(FontCache.xmlEscaped(cache))</cachedir></fontconfig>"
            guard FcConfigParseAndLoadFromMemory(config, snippet, 1) != 0 else {
                throw RenderError.fontConfiguration(detail: "fontconfig could not take the cache folder \(cache)")
            }
        }
        guard FcConfigBuildFonts(config) != 0 else {
            throw RenderError.fontConfiguration(detail: "fontconfig could not scan the Noto font folders")
        }
        let fontCount = FcConfigGetFonts(config, FcSetSystem).map { Int($0.pointee.nfont) } ?? 0
        guard fontCount > 0 else {
            throw RenderError.fontConfiguration(detail: "no fonts in /usr/share/fonts/truetype/noto or /usr/share/fonts/opentype/noto")
        }
        for path in fonts.files where FcConfigAppFontAddFile(config, path) == 0 {
            throw DocumentError.unreadableFont(path: path)
        }
        return configuration
    }

    /// The family names of the fonts in this configuration: every name a font gives itself
    /// (fonts may name their family in several languages), by where the font comes from.
    func familyNames(shipped: Bool) -> Set<String> {
        guard let set = FcConfigGetFonts(config, shipped ? FcSetSystem : FcSetApplication) else { return [] }
        return FontFile.familyNames(in: set)
    }

    /// The folders fontconfig reads and writes its cache in (`FontCache.folder`, or none).
    var cacheFolders: [String] {
        guard let list = FcConfigGetCacheDirs(config) else { return [] }
        defer { FcStrListDone(list) }
        var folders: [String] = []
        while let next = FcStrListNext(list) {
            folders.append(String(cString: next))
        }
        return folders
    }

    /// Paths of every font file this configuration can use, sorted.
    var fontFiles: [String] {
        var paths = Set<String>()
        for kind in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(config, kind) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                    paths.insert(String(cString: file))
                }
            }
        }
        return paths.sorted()
    }
}
