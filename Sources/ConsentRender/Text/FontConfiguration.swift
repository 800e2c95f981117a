import CCairo
import Foundation

/// The project's private fontconfig configuration, loaded once from `Resources/fonts.conf`.
///
/// It lists only Debian's Noto font folders, so no host font or host rule can change a render.
/// It is also made fontconfig's current configuration, so no code path falls back to the host's.
final class FontConfiguration: @unchecked Sendable {
    // Built once and never changed afterwards; fontconfig allows reading a built config from
    // several threads.
    let config: OpaquePointer

    private init(config: OpaquePointer) {
        self.config = config
    }

    /// The shared configuration, or why it could not be built.
    static let shared: Result<FontConfiguration, RenderError> = load()

    private static func load() -> Result<FontConfiguration, RenderError> {
        guard let file = Bundle.module.url(forResource: "fonts", withExtension: "conf") else {
            return .failure(.fontConfiguration(detail: "fonts.conf is missing from the ConsentRender resources"))
        }
        guard let config = FcConfigCreate() else {
            return .failure(.fontConfiguration(detail: "fontconfig could not create a configuration"))
        }
        guard FcConfigParseAndLoad(config, file.path, 1) != 0 else {
            FcConfigDestroy(config)
            return .failure(.fontConfiguration(detail: "fontconfig could not parse \(file.path)"))
        }
        guard FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            return .failure(.fontConfiguration(detail: "fontconfig could not scan the Noto font folders"))
        }
        let fontCount = FcConfigGetFonts(config, FcSetSystem).map { Int($0.pointee.nfont) } ?? 0
        guard fontCount > 0 else {
            FcConfigDestroy(config)
            return .failure(.fontConfiguration(
                detail: "no fonts in /usr/share/fonts/truetype/noto or /usr/share/fonts/opentype/noto"))
        }
        FcConfigSetCurrent(config)
        return .success(FontConfiguration(config: config))
    }

    /// Paths of every font file this configuration can use, sorted.
    var fontFiles: [String] {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return [] }
        var paths = Set<String>()
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file {
                paths.insert(String(cString: file))
            }
        }
        return paths.sorted()
    }
}
