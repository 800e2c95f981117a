import Foundation

/// Writes what a reviewer needs to judge a failed cell, outside the golden folder, and the one
/// `index.html` that lists every failure.
struct FailureArtifacts {
    /// The claimed artifacts folder; created with its marker on the first write.
    let folder: OwnedFolder
    var root: URL { folder.url }

    /// The record of one failure, kept beside its images so the index can be rebuilt from disk.
    struct Record: Codable {
        var cell: String
        /// The cell's variant, as every JSON that holds one gives it.
        var variant: VariantRecord?
        var reasons: [String]
        var environmentChanges: [String]
        var files: [String]
    }

    /// Writes the cell's images and link maps and returns its folder.
    func write(cell: String, variant: RenderVariant, expected: Bitmap?, actual: Bitmap?, diff: DiffResult?,
               expectedLinks: Data?, actualLinks: Data?, expectedLayout: Data? = nil, actualLayout: Data? = nil,
               reasons: [String]) throws -> URL {
        try self.folder.removeOwned(cell)
        let folder = try self.folder.subfolder(cell)
        var files: [(name: String, data: Data)] = []
        if let expected { files.append(("expected.png", try expected.pngData())) }
        if let actual { files.append(("actual.png", try actual.pngData())) }
        var strip: [Bitmap] = [expected, actual].compactMap { $0 }
        if let expected, let image = diff?.diffImage(expected: expected) {
            files.append(("diff.png", try image.pngData(mark: .diff)))
            strip.append(image)
        }
        if strip.count > 1 { files.append(("side-by-side.png", try Bitmap.sideBySide(strip).pngData(mark: .diff))) }
        // A small change is hard to see in a whole screen: add the same strip cropped around it.
        if strip.count == 3, let box = diff?.boundingBox, let expected,
           box.width * box.height * 4 < expected.width * expected.height {
            let margin = 48
            let area = PixelRect(x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
            files.append(("zoom.png", try Bitmap.sideBySide(strip.map { $0.cropped(to: area) }).pngData(mark: .diff)))
        }
        if let expectedLinks { files.append(("expected.links.json", expectedLinks)) }
        if let actualLinks { files.append(("actual.links.json", actualLinks)) }
        if let expectedLayout { files.append(("expected.layout.json", expectedLayout)) }
        if let actualLayout { files.append(("actual.layout.json", actualLayout)) }
        let record = Record(cell: cell, variant: variant.record, reasons: reasons, environmentChanges: [], files: files.map(\.name))
        files.append(("failure.json", try canonicalJSONData(record)))
        try self.folder.write(files.map { (folder.appendingPathComponent($0.name), $0.data) })
        return folder
    }

    /// Every file a failure of `cell` can leave, relative to the artifacts folder.
    static func possibleFiles(of cell: String) -> [String] {
        ["expected.png", "actual.png", "diff.png", "side-by-side.png", "zoom.png", "expected.links.json", "actual.links.json",
         "expected.layout.json", "actual.layout.json", "failure.json"].map { cell + "/" + $0 }
    }

    /// Adds the machine differences to every failure record under the root.
    func annotate(environmentChanges: [String]) throws {
        for (url, var record) in records() {
            record.environmentChanges = environmentChanges
            try folder.write([(url, try canonicalJSONData(record))])
        }
    }

    /// Rewrites `index.html` from the failure records on disk; returns nil when there are none.
    @discardableResult
    func writeIndex() throws -> URL? {
        let records = self.records().map(\.1).sorted { $0.cell < $1.cell }
        let index = root.appendingPathComponent("index.html")
        guard !records.isEmpty else {
            try folder.removeOwned("index.html")
            return nil
        }
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Golden failures (\(records.count))</title>
        <style>
        body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #1c1c1e; }
        section { border-top: 1px solid #d1d1d6; padding: 16px 0; }
        h2 { font-size: 16px; margin: 0 0 8px; font-family: ui-monospace, monospace; }
        ul { margin: 4px 0 8px; } .env { color: #b25000; }
        img { max-width: 100%; max-height: 70vh; border: 1px solid #d1d1d6; background: #808080; margin: 4px 0; }
        a { margin-right: 12px; }
        </style></head><body>
        <h1>\(records.count) golden \(records.count == 1 ? "failure" : "failures")</h1>
        <p>Each strip shows expected, actual and the difference (red: counted, yellow: ignored anti-aliasing);
        a small change also gets a strip cropped around it.</p>

        """
        for record in records {
            let folder = record.cell.split(separator: "/").map { String($0).htmlEscaped }.joined(separator: "/")
            html += "<section id=\"\(record.cell.htmlEscaped)\"><h2>\(record.cell.htmlEscaped)</h2><ul>"
            html += record.reasons.map { "<li>\($0.htmlEscaped)</li>" }.joined()
            html += record.environmentChanges.map { "<li class=\"env\">machine differs: \($0.htmlEscaped)</li>" }.joined()
            html += "</ul><p>"
            html += record.files.filter { $0 != "failure.json" }.map { "<a href=\"\(folder)/\($0)\">\($0)</a>" }.joined()
            html += "</p>"
            let pictures = record.files.contains("side-by-side.png")
                ? ["zoom.png", "side-by-side.png"].filter(record.files.contains)
                : Array(record.files.filter { $0.hasSuffix(".png") }.prefix(1))
            for picture in pictures {
                html += "<a href=\"\(folder)/\(picture)\"><img src=\"\(folder)/\(picture)\" alt=\"\(record.cell.htmlEscaped) \(picture)\"></a> "
            }
            html += "</section>\n"
        }
        html += "</body></html>\n"
        try folder.write([(index, Data(html.utf8))])
        return index
    }

    private func records() -> [(URL, Record)] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var result: [(URL, Record)] = []
        for case let url as URL in enumerator where url.lastPathComponent == "failure.json" {
            if let data = try? Data(contentsOf: url), let record = try? JSONDecoder().decode(Record.self, from: data) {
                result.append((url, record))
            }
        }
        return result
    }
}
