import Foundation

/// The matrix gallery `index.html`: one self-contained page (no network) that shows every cell,
/// grouped by device, with filters, click-to-enlarge and an overlay of link rects, buttons and the
/// safe area drawn from the link maps.
///
/// The filter and overlay state live in the URL's fragment (`#device=iphone-15-pro&overlay=1`), so
/// a reload or a shared link keeps them.
struct GalleryPage {
    /// The manifest (its `cells` are not read: `cellElements` are the cells).
    let manifest: MatrixManifest
    /// `manifest.json`'s bytes, which the page's version is made from, or (for a page written a
    /// cell at a time, `writeHTML`) `manifestCRC`, their CRC-32.
    let manifestData: Data
    var manifestCRC: UInt?
    /// What the page's script reads for each cell, in order: `element(for:linkMap:)`'s.
    let cellElements: [Data]
    /// When set, the page looks this often for a new version (`reload.js`, for `render-cli watch`)
    /// and reloads only when there is one.
    let reloadSeconds: Int?
    /// What went wrong in this render (cells that failed, or a document that does not load).
    var errors: [String] = []
    /// The CRC-32 of every cell's PNG: a changed picture is a new version of the page.
    var pictureChecksums: [String] = []

    /// What the page's script reads for one cell.
    private struct CellData: Encodable {
        var device: String
        var deviceName: String
        var requested: String
        var resolved: String
        /// Every filter's value for this cell, by axis key (defaults included).
        var axes: [String: String]
        var png: String
        /// The framed picture (`--frame`) and the screen's place in it, in percent.
        var framed: String?
        var framedScreen: ScreenBox?
        var size: Size
        var pixelSize: LinkMap.PixelSize
        var appStoreClass: String
        var scrollable: Bool
        var lintErrors: Int
        var lintWarnings: Int
        var lintFindings: [String]
        var safeArea: EdgeInsets
        var links: [LinkShape]
        var buttons: [ButtonShape]
    }

    /// The axes the page filters by: every axis that names a cell (`RenderVariant.axes`).
    static let filterAxes = RenderVariant.axes.filter { $0.place != .unnamed }

    /// A filter the page's script draws: the axis's key, its label and its default value's name.
    private struct Filter: Encodable {
        var key: String
        var label: String
        var defaultValue: String
    }

    private struct ScreenBox: Encodable {
        var left: Double
        var top: Double
        var width: Double
        var height: Double
    }

    private struct LinkShape: Encodable {
        var id: String
        var url: String
        var rects: [Rect]
    }

    private struct ButtonShape: Encodable {
        var role: String
        var label: String
        var rect: Rect
    }

    init(manifest: MatrixManifest, manifestData: Data, cellElements: [Data], reloadSeconds: Int?) {
        self.manifest = manifest
        self.manifestData = manifestData
        self.cellElements = cellElements
        self.reloadSeconds = reloadSeconds
    }

    /// A page with no cells (a render that could not start).
    init(emptyFor manifest: MatrixManifest, reloadSeconds: Int?) throws {
        self.init(manifest: manifest, manifestData: try manifest.canonicalData(cellElements: []), cellElements: [],
                  reloadSeconds: reloadSeconds)
    }

    /// What the page's script reads for one cell, as an element of the page's cell array (made as
    /// the cell renders, so the page is put together from pieces).
    static func element(for cell: MatrixManifest.Cell, linkMap map: LinkMap) throws -> Data {
        try canonicalJSONElement(cellData(for: cell, linkMap: map), depth: 1)
    }

    private static func cellData(for cell: MatrixManifest.Cell, linkMap map: LinkMap?) -> CellData {
            let variant = cell.cell
            var axes: [String: String] = [:]
            for axis in Self.filterAxes { axes[axis.key] = axis.value(of: variant)?.name ?? axis.defaultName }
            axes["language"] = cell.language.requested
            return CellData(
                device: cell.device, deviceName: cell.deviceName, requested: cell.language.requested, resolved: cell.language.resolved,
                axes: axes,
                png: cell.png, framed: cell.framed, framedScreen: cell.framedScreen.flatMap { screen in
                    cell.framedSize.map { size in
                        ScreenBox(left: 100 * Double(screen.x) / Double(size.width), top: 100 * Double(screen.y) / Double(size.height),
                                  width: 100 * Double(screen.width) / Double(size.width),
                                  height: 100 * Double(screen.height) / Double(size.height))
                    }
                },
                size: cell.size, pixelSize: cell.pixelSize, appStoreClass: cell.appStoreClass ?? "none",
                scrollable: cell.scrollable, lintErrors: cell.lint.errors, lintWarnings: cell.lint.warnings,
                lintFindings: cell.lint.findings ?? [],
                safeArea: map?.safeArea ?? .zero,
                links: (map?.links ?? []).filter(\.visible).map { LinkShape(id: $0.id, url: $0.url, rects: $0.rects) },
                buttons: (map?.buttons ?? []).map { ButtonShape(role: $0.role.rawValue, label: $0.label, rect: $0.rect) })
    }

    var html: String {
        let json = String(decoding: canonicalJSONArray(cellElements, depth: 1) + Data("\n".utf8), as: UTF8.self)
        return page(cells: Self.scriptSafe(json))
    }

    /// "</" would end the script element early.
    private static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "</", with: "<\\/")
    }

    /// The page, the bytes of `html`, written to `file` with the cells' elements `elements` gives
    /// one at a time (in order), so no page of all the cells is made in memory.
    func writeHTML(to file: StreamedOutputFile, elements: ((Data) throws -> Void) throws -> Void) throws {
        let marker = "{{cells-\(UUID().uuidString)}}"
        let whole = page(cells: marker)
        guard let range = whole.range(of: marker) else { preconditionFailure("The gallery's template places the cells once") }
        try file.write(String(whole[..<range.lowerBound]))
        // canonicalJSONArray's shape at depth 1, then a newline.
        try file.write("[\n")
        var first = true
        try elements { element in
            if !first { try file.write(",\n") }
            first = false
            try file.write(Self.scriptSafe(String(decoding: element, as: UTF8.self)))
        }
        try file.write("\n]\n")
        try file.write(String(whole[range.upperBound...]))
    }

    /// The page with `embedded` (the cells' JSON, made safe for a script element) in its place.
    private func page(cells embedded: String) -> String {
        let filters = Self.filterAxes.map { Filter(key: $0.key, label: $0.label, defaultValue: $0.defaultName) }
        let filterJSON = ((try? canonicalJSONData(filters)).map { String(decoding: $0, as: UTF8.self) } ?? "[]")
            .replacingOccurrences(of: "</", with: "<\\/")
        let title = "ConsentRender gallery: \(manifest.document.htmlEscaped)"
            + (manifest.shard.map { " (shard \($0.htmlEscaped))" } ?? "")
        let documentList = (manifest.documentFindings ?? []).isEmpty ? "" : "<section id=\"document-findings\"><h2>Lint findings about the "
            + "document (its languages against each other)</h2><ul>" + (manifest.documentFindings ?? []).map { "<li>\($0.htmlEscaped)</li>" }.joined()
            + "</ul></section>\n"
        let errorList = documentList + (errors.isEmpty ? "" : "<section id=\"errors\"><h2>\(errors.count == 1 ? "A render failed" : "\(errors.count) renders failed")"
            + "</h2><ul>" + errors.map { "<li>\($0.htmlEscaped)</li>" }.joined() + "</ul></section>\n")
        let reload = reloadSeconds.map { seconds in
            // A file:// page cannot fetch, but it can load a script: reload.js says which version
            // is current, and the page reloads only when that changes.
            """
            const version = "\(version)";
            setInterval(() => {
              const probe = document.createElement("script");
              probe.src = "reload.js?" + Date.now();
              probe.onload = () => { probe.remove(); if (window.galleryVersion && window.galleryVersion !== version) location.reload(); };
              probe.onerror = () => probe.remove();
              document.head.appendChild(probe);
            }, \(seconds * 1000));

            """
        } ?? ""
        return Self.fill(Self.template, with: ["title": title, "cells": embedded, "filters": filterJSON, "errors": errorList,
                                               "reload": reload])
    }

    /// A token that changes whenever what the page shows changes.
    var version: String {
        let rest = Data((errors + pictureChecksums).joined(separator: "\n").utf8)
        if let manifestCRC { return CRC32.hex(CRC32.value(of: rest, continuing: manifestCRC)) }
        return CRC32.of(manifestData + rest)
    }

    /// `reload.js`, which tells an open gallery the current version.
    var reloadScript: String {
        "window.galleryVersion = \"\(version)\";\n"
    }

    /// `template` with each `{{name}}` replaced by its value in one pass, so a value that happens
    /// to contain `{{…}}` is never filled in again.
    static func fill(_ template: String, with values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            let name = String(rest[open.upperBound..<close.lowerBound])
            result += rest[..<open.lowerBound]
            result += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `Resources/gallery.html`, with `{{refresh}}`, `{{title}}` and `{{cells}}` to fill in.
    static let template: String = {
        guard let url = Bundle.module.url(forResource: "gallery", withExtension: "html"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            preconditionFailure("gallery.html is missing from the ConsentRender resources; the package is built wrong")
        }
        return text
    }()
}

extension String {
    /// The string, or nil when it is empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
