internal import CCairo

/// A font file read as fontconfig reads it, on its own, without a configuration: what a
/// document's `fonts/` folder is checked with when the folder is opened.
package enum FontFile {
    /// The family names the faces of the font file at `path` give themselves (in every language
    /// they name it in), sorted; throws `DocumentError.unreadableFont` when the file holds no face
    /// FreeType can read.
    public static func families(at path: String) throws -> [String] {
        guard let set = FcFontSetCreate() else {
            throw RenderError.fontConfiguration(detail: "fontconfig could not allocate a font set")
        }
        defer { FcFontSetDestroy(set) }
        var count: Int32 = 0
        // Face index -1 (as unsigned) reads every face of a collection (.ttc).
        let faces = FcFreeTypeQueryAll(path, UInt32.max, nil, &count, set)
        guard faces > 0, set.pointee.nfont > 0 else { throw DocumentError.unreadableFont(path: path) }
        let names = familyNames(in: set)
        guard !names.isEmpty else { throw DocumentError.unreadableFont(path: path) }
        return names.sorted()
    }

    /// Every family name the fonts of `set` give themselves (a font may name its family in
    /// several languages).
    static func familyNames(in set: UnsafeMutablePointer<FcFontSet>) -> Set<String> {
        var names = Set<String>()
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index] else { continue }
            var nameIndex: Int32 = 0
            var name: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_FAMILY, nameIndex, &name) == FcResultMatch, let name {
                names.insert(String(cString: name))
                nameIndex += 1
            }
        }
        return names
    }
}
