/// The fonts a renderer may use: Debian's Noto families (through the project's fontconfig file)
/// plus any font files a document brings. Each set builds its renderer's own fontconfig
/// configuration, never the process-wide one, so one document's fonts never reach another's.
public struct FontSet: Sendable, Hashable {
    /// Absolute paths of font files added to the Noto fonts, sorted.
    public private(set) var files: [String]

    public init(files: [String] = []) {
        self.files = Array(Set(files)).sorted()
    }

    /// Only the Noto fonts.
    public static let noto = FontSet()
}
