import Foundation

/// What a run learned about one cell.
struct CellEntry: Sendable {
    var cell: String
    var outcome: GoldenOutcome
    var fontFiles: Set<String>
}

/// Renders one cell and compares, records or reports it.
struct CellChecker {
    let cell: GoldenCell
    let catalog: DeviceProfileCatalog
    /// The golden folder and its ledger: a golden is replaced only when the ledger lists it unchanged.
    let goldens: OwnedFolder
    var goldenDirectory: URL { goldens.url }
    let artifacts: FailureArtifacts
    let recordMode: GoldenRecordMode
    let options: DiffOptions
    let appFiles: (any AppFilesReader)?
    /// Held for every write to the golden and artifacts folders.
    let writes: NSLock

    func check(with renderer: Result<ConsentRenderer, Error>) -> CellEntry {
        do {
            return try compare(using: try renderer.get())
        } catch {
            let what = if case RenderError.writeFailed = error { "could not write" } else { "could not render" }
            var entry = failed(["\(what): \(error)"], fontFiles: [], artifacts: nil)
            if case var .failed(failure) = entry.outcome {
                if ErrorCause(of: error) == .input { failure.badInput = true } else { failure.environmentFailure = true }
                entry.outcome = .failed(failure)
            }
            return entry
        }
    }

    private func failed(_ reasons: [String], fontFiles: Set<String>, artifacts folder: URL?) -> CellEntry {
        CellEntry(cell: cell.path, outcome: .failed(GoldenFailure(
            cell: cell.path, reasons: reasons, artifacts: folder, environmentChanges: [])), fontFiles: fontFiles)
    }

    private func compare(using renderer: ConsentRenderer) throws -> CellEntry {
        let page = try renderer.render(RenderRequest(
            content: try DocumentFolder(url: cell.documentFolder, appFiles: appFiles).content, profile: try catalog.profile(id: cell.variant.device),
            variant: cell.variant))
        let fontFiles = renderer.fontFiles(in: page.layout, fonts: page.fonts)
        let actualLinks = try page.linkMap.jsonData()
        // A cell kept without an image keeps its layout instead.
        let actualLayout = cell.keepsImage ? nil : try LayoutSnapshot(page.layout).jsonData()
        let actualImage = cell.keepsImage ? page.bitmap : nil
        let pngURL = goldenDirectory.appendingPathComponent(cell.path + ".png")
        let linksURL = goldenDirectory.appendingPathComponent(cell.path + ".links.json")
        let layoutURL = goldenDirectory.appendingPathComponent(cell.path + ".layout.json")
        let textFiles = [(linksURL, actualLinks)] + (actualLayout.map { [(layoutURL, $0)] } ?? [])
        func record(_ outcome: GoldenOutcome) throws -> CellEntry {
            // A golden whose pixels (and a JSON file whose bytes) are already these stays as it is, and
            // is listed as the tool's: nothing of it is lost.
            var changed: [(url: URL, data: Data)] = []
            var kept: [String] = []
            if cell.keepsImage {
                if (try? Bitmap(contentsOfPNG: pngURL)) == page.bitmap {
                    kept.append(cell.path + ".png")
                } else {
                    changed.append((pngURL, try page.bitmap.pngData(compression: .maximum)))
                }
            }
            for (url, data) in textFiles {
                if (try? Data(contentsOf: url)) == data { kept.append(goldens.relativePath(of: url)) } else { changed.append((url, data)) }
            }
            return try locked { try write(changed, kept: kept, outcome: outcome) }
        }
        func write(_ changed: [(url: URL, data: Data)], kept: [String], outcome: GoldenOutcome) throws -> CellEntry {
            let relatives = changed.map { goldens.relativePath(of: $0.url) }
            let theirs = relatives.filter {
                let owner = goldens.ownership(of: $0)
                return owner == .unlisted || owner == .changed
            }
            // A folder on the way that is a symbolic link could lead into a folder of the user's:
            // nothing is written or listed through it.
            let link = goldens.symbolicLink(on: relatives + kept)
            guard theirs.isEmpty, link == nil else {
                let reasons: [String]
                if let link {
                    reasons = ["not recorded: \(link.path) is a symbolic link, which could lead to a file or folder of yours; "
                        + "ConsentRender never records a golden through a link. Remove the link (and put back a real folder where "
                        + "it was one) and record again"]
                } else {
                    let one = theirs.count == 1
                    let paths = theirs.map { goldenDirectory.appendingPathComponent($0).path }.joined(separator: " and ")
                    reasons = ["not recorded: \(paths) \(one ? "is not a file" : "are not files") golden record wrote "
                        + "(\(OwnedFolder.Kind.golden.markerName) in the golden folder does not list \(one ? "it" : "them"), or "
                        + "\(one ? "it" : "they") changed since). Delete \(one ? "it" : "them") (git keeps the history) and record again"]
                }
                // What is there and what would be recorded, side by side, so the difference can be judged.
                let existing = cell.keepsImage ? try? Bitmap(contentsOfPNG: pngURL) : nil
                let folder = try? artifacts.write(cell: cell.path, variant: cell.variant, expected: existing, actual: actualImage,
                                                  diff: existing.map { diff(expected: $0, actual: page.bitmap, options: options) },
                                                  expectedLinks: try? Data(contentsOf: linksURL), actualLinks: actualLinks,
                                                  expectedLayout: cell.keepsImage ? nil : try? Data(contentsOf: layoutURL),
                                                  actualLayout: actualLayout, reasons: reasons)
                var failure = GoldenFailure(cell: cell.path, reasons: reasons, artifacts: folder, environmentChanges: [])
                failure.refusedOverwrite = true
                return CellEntry(cell: cell.path, outcome: .failed(failure), fontFiles: fontFiles)
            }
            for path in kept { try goldens.adopt(path) }
            if !changed.isEmpty {
                try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
                _ = try goldens.subfolder((cell.path as NSString).deletingLastPathComponent)
            }
            try goldens.write(changed)
            return CellEntry(cell: cell.path, outcome: changed.isEmpty ? .passed : outcome, fontFiles: fontFiles)
        }

        let fileManager = FileManager.default
        let needed = (cell.keepsImage ? [pngURL] : []) + textFiles.map(\.0)
        if let missing = needed.first(where: { !fileManager.fileExists(atPath: $0.path) }) {
            if recordMode.recordsMissing { return try record(.recorded) }
            let folder = try locked {
                try artifacts.write(cell: cell.path, variant: cell.variant, expected: nil, actual: actualImage, diff: nil,
                                    expectedLinks: nil, actualLinks: actualLinks, expectedLayout: nil, actualLayout: actualLayout,
                                    reasons: ["no golden at \(missing.path) (record mode \(recordMode.rawValue) does not record missing goldens)"])
            }
            return failed(["no golden at \(missing.path); record mode \(recordMode.rawValue) does not record missing goldens. "
                + "Run with CONSENT_GOLDEN=missing to record it, then look at it and commit it"],
                          fontFiles: fontFiles, artifacts: folder)
        }

        let expected = cell.keepsImage ? try Bitmap(contentsOfPNG: pngURL) : nil
        let result = expected.map { diff(expected: $0, actual: page.bitmap, options: options) }
        let expectedLinks = try Data(contentsOf: linksURL)
        let expectedLayout = cell.keepsImage ? nil : try Data(contentsOf: layoutURL)
        let linksMatch = expectedLinks == actualLinks
        let layoutMatches = expectedLayout == actualLayout
        if result?.passes != false && linksMatch && layoutMatches {
            return recordMode == .all ? try record(.rerecorded) : CellEntry(cell: cell.path, outcome: .passed, fontFiles: fontFiles)
        }
        if recordMode.recordsFailures { return try record(.rerecorded) }

        var reasons: [String] = []
        if let result, !result.passes { reasons.append("image: \(result.summary)") }
        if !linksMatch { reasons.append("link map: \(firstDifference(expectedLinks, actualLinks))") }
        if let expectedLayout, let actualLayout, !layoutMatches {
            reasons.append("layout: \(firstDifference(expectedLayout, actualLayout))")
        }
        let folder = try locked {
            try artifacts.write(cell: cell.path, variant: cell.variant, expected: expected, actual: actualImage, diff: result,
                                expectedLinks: expectedLinks, actualLinks: actualLinks, expectedLayout: expectedLayout,
                                actualLayout: actualLayout, reasons: reasons)
        }
        return failed(reasons, fontFiles: fontFiles, artifacts: folder)
    }

    private func locked<T>(_ body: () throws -> T) throws -> T {
        writes.lock()
        defer { writes.unlock() }
        return try body()
    }

    /// "line N: expected … got …" for the first line where two JSON texts differ.
    private func firstDifference(_ expected: Data, _ actual: Data) -> String {
        let a = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for line in 0..<max(a.count, b.count) {
            let left = line < a.count ? a[line].trimmingCharacters(in: .whitespaces) : "(end)"
            let right = line < b.count ? b[line].trimmingCharacters(in: .whitespaces) : "(end)"
            if left != right { return "line \(line + 1): expected \(left) got \(right)" }
        }
        return "the files differ"
    }
}
