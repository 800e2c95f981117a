internal import CCairo
internal import CPNG

/// Versions of the C libraries that decide how a render looks, as the running program sees them.
enum LibraryVersions {
    static func current() -> [String: String] {
        var freetype = "unknown"
        var library: FT_Library?
        if FT_Init_FreeType(&library) == 0, let library {
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            freetype = "\(major).\(minor).\(patch)"
            FT_Done_FreeType(library)
        }
        let fontconfig = Int(FcGetVersion())
        return [
            "cairo": String(cString: cairo_version_string()),
            "pango": String(cString: pango_version_string()),
            "harfbuzz": String(cString: hb_version_string()),
            "freetype": freetype,
            "fontconfig": "\(fontconfig / 10000).\(fontconfig / 100 % 100).\(fontconfig % 100)",
            "libpng": String(cString: cr_png_library_version()),
        ]
    }
}
