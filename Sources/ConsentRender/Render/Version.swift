/// What a build of ConsentRender is: its version and the C libraries that decide how it renders.
package enum ConsentRenderVersion {
    /// The package's version.
    public static let version = "0.5.0"

    /// cairo, pango, harfbuzz, freetype, fontconfig and libpng as the running program sees them
    /// (the versions the golden environment fingerprint records).
    public static var libraries: [String: String] {
        LibraryVersions.current()
    }
}
