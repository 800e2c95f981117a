import Foundation

/// `manifest.json` of a matrix render: every cell's inputs and outputs, without timestamps, so the
/// same matrix always writes the same bytes.
public struct MatrixManifest: Codable, Sendable, Equatable {
    public struct Cell: Codable, Sendable, Equatable {
        /// The cell's variant, as every JSON that holds one gives it (device, orientation,
        /// appearance, language, textSize always; the other axes when not at their defaults).
        public var variant: VariantRecord
        public var deviceName: String
        /// The language asked for and the one shown.
        public var language: LinkMap.Language
        /// The accent the screen was drawn with: the chosen tint, or the profile's; absent for a
        /// system prompt, which iOS draws in its own colours.
        public var tint: String?
        /// Paths relative to the manifest's folder.
        public var png: String
        public var links: String
        /// The screenshot inside its device frame (`--frame`), and where the screen sits in it.
        public var framed: String?
        /// The framed image's link map, its rects in the framed image's coordinates.
        public var framedLinks: String?
        public var framedScreen: PixelRect?
        public var framedSize: LinkMap.PixelSize?
        public var size: Size
        public var pixelSize: LinkMap.PixelSize
        public var scrollable: Bool
        /// The App Store Connect screenshot class of this pixel size, or nil.
        public var appStoreClass: String?
        /// How many lint errors and warnings the screen has.
        public var lint: LintSummary

        /// The device profile's id.
        public var device: String { variant["device"] ?? "" }

        /// The cell's variant, read back from its record.
        public var cell: RenderVariant { RenderVariant(record: variant) }
    }

    public struct LintSummary: Codable, Sendable, Equatable {
        public var errors: Int
        public var warnings: Int
        /// Each finding in a line ("error choice.pre-ticked checkbox 1: …"), errors first; absent
        /// when there are none (and in manifests written before they were listed).
        public var findings: [String]?

        public init(errors: Int, warnings: Int, findings: [String]? = nil) {
            self.errors = errors
            self.warnings = warnings
            self.findings = findings
        }
    }

    /// 2 since cells hold their `variant` object (version 1 had the axes as fields of the cell).
    public var schemaVersion: Int
    public static let currentSchemaVersion = 2
    public var document: String
    /// Findings about the document rather than one screen (`links.parity`: the languages against
    /// each other), a line each; absent when there are none.
    public var documentFindings: [String]?
    /// One finding per prompt and language whose cells were not drawn because iOS's words for it
    /// are missing (`prompt.system-words-missing`, listing the keys), a line each; absent when none.
    public var promptFindings: [String]?
    /// `I/N` when this is one shard of a larger matrix.
    public var shard: String?
    public var cells: [Cell]
}

extension MatrixManifest {
    /// `manifest.json`'s bytes with `cellElements` as its cells (each made by
    /// `canonicalJSONElement(cell, depth: 2)`), whatever `cells` holds: the same bytes as
    /// `canonicalJSONData` of this manifest holding those cells.
    package func canonicalData(cellElements: [Data]) throws -> Data {
        var (data, range) = try shellData()
        data.replaceSubrange(range, with: Data("\"cells\" : ".utf8) + canonicalJSONArray(cellElements, depth: 2))
        return data
    }

    /// `canonicalData(cellElements:)`'s bytes written to `file`, with the cells' elements
    /// `elements` gives one at a time (in order), so no manifest of all the cells is made in memory.
    func writeCanonicalData(to file: StreamedOutputFile, elements: ((Data) throws -> Void) throws -> Void) throws {
        let (data, range) = try shellData()
        // canonicalJSONArray's shape at depth 2.
        try file.write(data[..<range.lowerBound])
        try file.write("\"cells\" : [\n")
        var first = true
        try elements { element in
            if !first { try file.write(",\n") }
            first = false
            try file.write(element)
        }
        try file.write("\n  ]")
        try file.write(data[range.upperBound...])
    }

    /// The canonical JSON of this manifest without cells, and where its empty cells array is.
    private func shellData() throws -> (Data, Range<Data.Index>) {
        var shell = self
        shell.cells = []
        let data = try canonicalJSONData(shell)
        // "cells" sorts first, so its empty array is the first of its kind in the text.
        let empty = Data("\"cells\" : [\n\n  ]".utf8)
        guard let range = data.range(of: empty) else {
            preconditionFailure("A manifest's canonical JSON holds its empty cells array")
        }
        return (data, range)
    }
}
