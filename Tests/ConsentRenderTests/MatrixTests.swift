import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

@Suite struct MatrixTests {
    let folder = TemporaryFolder()
    let sample = try! DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/privacy-agreement"), appFiles: XcodeAppFiles())

    func render(_ plan: MatrixPlan, into name: String, jobs: Int, shard: MatrixShard? = nil) throws -> (URL, MatrixManifest) {
        let out = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let cells = shard.map(plan.cells(in:)) ?? plan.cells
        let run = try MatrixRender(folder: sample, catalog: shippedProfiles, cells: cells, outputDirectory: out,
                                   jobs: jobs, shard: shard).run()
        #expect(run.results.allSatisfy { $0.error == nil })
        // The manifest is put together from each cell's JSON: the same bytes as encoding it whole.
        let manifest = try run.manifest()
        #expect(try run.manifestData == (try canonicalJSONData(manifest)))
        return (out, manifest)
    }

    func files(in url: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: url.path) where path.contains(".") {
            result[path] = try Data(contentsOf: url.appendingPathComponent(path))
        }
        return result
    }

    /// With at least four batches a thread, a batch (one language at one text size) is rendered
    /// whole by one renderer, so it looks that language's fonts up at that size once.
    @Test func aBatchOfOneLanguageAtOneTextSizeStaysWithOneRenderer() throws {
        let plan = MatrixPlan(axes: VariantAxes(devices: ["iphone-15-pro", "iphone-se-3"], orientations: [.portrait],
                                                appearances: [.light], languages: ["en", "zh-Hans"],
                                                textSizes: [.small, .medium, .large, .xLarge, .xxLarge]))
        let cells = plan.cells
        let log = RenderLog()
        _ = renderInParallel(count: cells.count, jobs: 2, group: { cells[$0].sameText }, batch: { cells[$0].textBatch }) { index, renderer in
            log.append(index, by: ObjectIdentifier(try! renderer.get()))
            return index
        }
        let byRenderer = log.indicesByRenderer
        for batch in Set(cells.map(\.textBatch)) {
            let holders = byRenderer.filter { _, indices in indices.contains { cells[$0].textBatch == batch } }
            #expect(holders.count == 1, "\(batch) split between renderers")
        }
    }

    /// Cells that differ only in colours reach one renderer one after another, in cell order, so it
    /// shapes their text once; runs of one language at one text size go to one renderer as a batch;
    /// results still come back in cell order.
    @Test func cellsThatDifferOnlyInColoursGoToOneRendererInTurn() throws {
        let plan = MatrixPlan(devices: ["iphone-15-pro", "iphone-se-3"], orientations: Orientation.allCases,
                              appearances: Appearance.allCases, languages: ["en", "zh-Hans"])
        plan.cells.forEach { cell in
            var other = cell
            other.appearance = cell.appearance == .light ? .dark : .light
            other.increaseContrast.toggle()
            other.tint = Color(rgb: 0x34C759)
            #expect(other.sameText == cell.sameText)
            other.orientation = cell.orientation == .portrait ? .landscape : .portrait
            #expect(other.sameText != cell.sameText)
        }
        let cells = plan.cells
        let log = RenderLog()
        let order = renderInParallel(count: cells.count, jobs: 2, group: { cells[$0].sameText },
                                     batch: { cells[$0].textBatch }) { index, renderer in
            log.append(index, by: ObjectIdentifier(try! renderer.get()))
            // Long enough for the second thread to have started and taken a batch.
            usleep(20_000)
            return index
        }
        #expect(order == Array(cells.indices))
        let byRenderer = log.indicesByRenderer
        #expect(byRenderer.count == 2)
        for indices in byRenderer.values {
            // Within a batch, cell order.
            for batch in Set(indices.map { cells[$0].textBatch }) {
                let own = indices.filter { cells[$0].textBatch == batch }
                #expect(own == own.sorted())
            }
            // Each renderer's sequence is whole groups: a group's cells are adjacent in it.
            let groups = indices.map { cells[$0].sameText }
            for (position, group) in groups.enumerated() where position > 0 && groups[position - 1] != group {
                #expect(!groups[..<position].contains(group), "a group split across another one")
            }
        }
        let grouped = Dictionary(grouping: cells.indices, by: { cells[$0].sameText })
        #expect(grouped.values.allSatisfy { $0.count == 2 })
        for members in grouped.values {
            #expect(byRenderer.values.contains { Set(members).isSubset(of: Set($0)) }, "a group split across renderers")
        }
    }

    @Test func everyDeviceLanguageOrientationAndAppearanceRendersAtItsExactSize() throws {
        // Every device in both orientations, and every language and appearance on the devices
        // of the other tests, keeps the test to a few hundred renders.
        let devices = try shippedProfiles.ids()
        let plan = MatrixPlan(axes: VariantAxes(devices: devices, orientations: Orientation.allCases, appearances: [.light],
                                                languages: ["zh-Hans"]))
        let full = MatrixPlan(devices: ["iphone-se-3", "iphone-15-pro", "ipad-pro-13"], orientations: Orientation.allCases,
                              appearances: Appearance.allCases, languages: sample.languages)
        let cells = plan.cells + full.cells.filter { !plan.cells.contains($0) }
        let expected = devices.count * 2 + 3 * 2 * 2 * sample.languages.count - 3 * 2
        #expect(cells.count == expected && devices.count >= 43)
        let out = folder.url.appendingPathComponent("full")
        let run = try MatrixRender(folder: sample, catalog: shippedProfiles, cells: cells, outputDirectory: out,
                                   jobs: ProcessInfo.processInfo.activeProcessorCount).run()
        #expect(run.results.allSatisfy { $0.error == nil })
        let manifest = try run.manifest()
        let written = try files(in: out)
        #expect(written.keys.filter { $0.hasSuffix(".png") }.count == expected)
        #expect(written.keys.filter { $0.hasSuffix(".links.json") }.count == expected)
        #expect(manifest.cells.count == expected)
        for cell in manifest.cells {
            let profile = try shippedProfiles.profile(id: cell.device)
            let expected = profile.pixelSize(in: cell.cell.orientation)
            let png = try #require(written[cell.png])
            let header = try #require(pngHeader(png))
            #expect(header.width == expected.width && header.height == expected.height, "\(cell.png)")
            #expect(cell.pixelSize.width == expected.width && cell.pixelSize.height == expected.height)
            #expect(cell.appStoreClass == profile.appStoreClass, "\(cell.device)")
            #expect(cell.lint.errors == 0, "the sample lints clean: \(cell.png)")
        }
        #expect(written["index.html"] != nil && written["manifest.json"] != nil)
    }

    @Test func jobsDoNotChangeABit() throws {
        let plan = MatrixPlan(devices: ["iphone-se-3", "ipad-10", "iphone-15-pro"], orientations: Orientation.allCases,
                              appearances: [.dark], languages: ["en", "zh-Hant"])
        let (one, _) = try render(plan, into: "one-job", jobs: 1)
        let (two, _) = try render(plan, into: "two-jobs", jobs: 2)
        let (four, _) = try render(plan, into: "four-jobs", jobs: 4)
        let reference = try files(in: one)
        #expect(reference.count == 12 * 2 + 3, "cells, manifest, gallery and the folder marker")
        for (name, other) in [("two", try files(in: two)), ("four", try files(in: four))] {
            let differing = Set(reference.keys).union(other.keys).filter { reference[$0] != other[$0] }.sorted()
            #expect(differing.isEmpty, "\(name) jobs wrote other bytes in \(differing)")
        }
    }

    @Test func shardsCoverTheMatrixExactlyOnce() throws {
        let plan = MatrixPlan(devices: try shippedProfiles.ids(), orientations: Orientation.allCases,
                              appearances: Appearance.allCases, languages: ["en", "zh-Hans", "zh-Hant"])
        for count in 1...5 {
            let shards = (1...count).map { plan.cells(in: MatrixShard(index: $0, count: count)!) }
            let union = shards.flatMap { $0 }
            #expect(union.count == plan.cells.count)
            #expect(Set(union) == Set(plan.cells))
            #expect(shards.allSatisfy { abs($0.count - plan.cells.count / count) <= 1 })
        }
        #expect(MatrixShard("0/3") == nil && MatrixShard("4/3") == nil && MatrixShard("2/3") == MatrixShard(index: 2, count: 3))
    }

    @Test func galleryLoadsInChromiumWithoutErrorsAndItsOverlayMatchesTheLinkMaps() throws {
        let plan = MatrixPlan(devices: ["iphone-se-3", "iphone-15-pro", "ipad-pro-13"], orientations: Orientation.allCases,
                              appearances: [.light], languages: sample.languages)
        let (out, manifest) = try render(plan, into: "gallery", jobs: 2)
        let page = out.appendingPathComponent("index.html")

        func expectedRects(device: String?) throws -> [String] {
            var rects: [String] = []
            for cell in manifest.cells where device == nil || cell.device == device {
                let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: out.appendingPathComponent(cell.links)))
                for link in map.links where link.visible {
                    rects += link.rects.map { "\(link.id) \(format($0.x)) \(format($0.y)) \(format($0.width)) \(format($0.height))" }
                }
            }
            return rects.sorted()
        }

        let all = try HeadlessChromium.load(page, fragment: "overlay=1")
        #expect(all.consoleErrors.isEmpty, "\(all.consoleErrors)")
        #expect(all.dom.contains("data-ready=\"yes\""))
        #expect(all.linkRects == (try expectedRects(device: nil)))
        #expect(all.linkRects.count > 20)
        #expect(all.visibleFigures == manifest.cells.count)

        let filtered = try HeadlessChromium.load(page, fragment: "device=iphone-se-3&orientation=landscape&overlay=1")
        #expect(filtered.consoleErrors.isEmpty)
        #expect(filtered.visibleFigures == sample.languages.count)
        let seLandscape = try expectedRects(device: "iphone-se-3").filter { _ in true }
        #expect(Set(filtered.linkRects).isSubset(of: Set(seLandscape)))
        #expect(!filtered.linkRects.isEmpty)

        let plain = try HeadlessChromium.load(page, fragment: "")
        #expect(plain.linkRects.isEmpty, "the overlay is off until asked for")
    }

    @Test func galleryFiltersByTextSizeAndSettingAndAlwaysShowsItsErrors() throws {
        let plan = MatrixPlan(axes: VariantAxes(devices: ["iphone-se-3"], languages: ["en"], textSizes: [.large, .accessibility2],
                                                boldText: [false, true]))
        let (out, manifest) = try render(plan, into: "gallery-sizes", jobs: 2)
        #expect(manifest.cells.count == 4)
        let page = out.appendingPathComponent("index.html")
        #expect(try HeadlessChromium.load(page, fragment: "textSize=AX2").visibleFigures == 2)
        #expect(try HeadlessChromium.load(page, fragment: "textSize=AX2&boldText=on").visibleFigures == 1)

        // A render that failed (as watch shows a document that does not load) stays in view.
        var gallery = try GalleryPage(emptyFor: MatrixManifest(schemaVersion: MatrixManifest.currentSchemaVersion, document: "doc", cells: []),
                                      reloadSeconds: nil)
        gallery.errors = ["doc/document.json: not valid JSON"]
        let broken = out.appendingPathComponent("broken.html")
        try Data(gallery.html.utf8).write(to: broken)
        let shown = try HeadlessChromium.load(broken, fragment: "")
        #expect(shown.dom.contains("not valid JSON"))
        #expect(!shown.dom.contains("<section id=\"errors\" hidden"), "\(shown.dom.prefix(2000))")
    }

    /// A matrix keeps no cell's manifest or gallery entry in memory: the results carry none, the
    /// entries wait in a hidden file of the output folder that is gone when the run ends, and
    /// `manifest.json` and `index.html`, written an entry at a time from it, are the bytes the
    /// whole manifest and page made in memory give.
    @Test func theCellsEntriesWaitOnDiskAndTheFilesAreTheOnesMadeInMemory() throws {
        let out = folder.url.appendingPathComponent("spooled")
        let plan = MatrixPlan(axes: VariantAxes(devices: ["iphone-se-3", "ipad-pro-13"], orientations: [.portrait, .landscape],
                                                appearances: [.light], languages: ["en", "ja"], textSizes: [.large]))
        for jobs in [1, 2] {
            let run = try MatrixRender(folder: sample, catalog: shippedProfiles, cells: plan.cells, outputDirectory: out,
                                       jobs: jobs).run()
            #expect(run.results.count == 8 && run.renderedCells == 8)
            #expect(run.results.allSatisfy { $0.manifestElement == nil && $0.galleryElement == nil }, "no entry kept per cell")
            let hidden = try FileManager.default.subpathsOfDirectory(atPath: out.path)
                .filter { ($0 as NSString).lastPathComponent.hasPrefix(".") && $0 != OwnedFolder.Kind.matrix.markerName }
            #expect(hidden.isEmpty, "left behind: \(hidden)")
            let manifest = try run.manifest()
            let manifestData = try run.manifestData
            #expect(manifestData == (try canonicalJSONData(manifest)))
            // The page made in memory from the same entries (each cell's, as a render makes it).
            var elements: [Data] = []
            for cell in manifest.cells {
                let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: out.appendingPathComponent(cell.links)))
                elements.append(try GalleryPage.element(for: cell, linkMap: map))
            }
            var page = GalleryPage(manifest: manifest, manifestData: manifestData, cellElements: elements, reloadSeconds: nil)
            page.pictureChecksums = run.results.compactMap(\.pngChecksum)
            let written = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(written == page.html, "jobs \(jobs): index.html differs from the page made in memory")
        }
    }
}

/// How JavaScript prints a number: 44 not 44.0.
func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

/// Debian's Chromium, headless, for checking generated pages.
enum HeadlessChromium {
    struct Page {
        var dom: String
        var consoleErrors: [String]

        /// `"link-0 x y width height"` for every link rect drawn in the overlay, sorted.
        var linkRects: [String] {
            let pattern = #"<rect class="link-rect" x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" data-link="([^"]+)""#
            let regex = try! NSRegularExpression(pattern: pattern)
            let text = dom as NSString
            return regex.matches(in: dom, range: NSRange(location: 0, length: text.length)).map { match in
                let parts = (1...5).map { text.substring(with: match.range(at: $0)) }
                return "\(parts[4]) \(parts[0]) \(parts[1]) \(parts[2]) \(parts[3])"
            }.sorted()
        }

        /// Figures the filters leave shown.
        var visibleFigures: Int {
            let regex = try! NSRegularExpression(pattern: #"<figure data-index="\d+"( hidden="")?>"#)
            return regex.matches(in: dom, range: NSRange(location: 0, length: (dom as NSString).length))
                .filter { $0.range(at: 1).location == NSNotFound }.count
        }
    }

    static func load(_ file: URL, fragment: String) throws -> Page {
        let executable = "/usr/bin/chromium"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "Chromium is missing; run scripts/setup"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
                             "--virtual-time-budget=5000", "--dump-dom", file.absoluteString + (fragment.isEmpty ? "" : "#" + fragment)]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = log.split(separator: "\n").map(String.init).filter { line in
            line.contains("CONSOLE") || line.contains("Uncaught")
        }
        return Page(dom: dom, consoleErrors: errors)
    }
}

/// Which renderer drew which index, in the order each drew them.
private final class RenderLog: @unchecked Sendable {
    private var entries: [(index: Int, renderer: ObjectIdentifier)] = []
    private let lock = NSLock()

    func append(_ index: Int, by renderer: ObjectIdentifier) {
        lock.lock()
        entries.append((index, renderer))
        lock.unlock()
    }

    var indicesByRenderer: [ObjectIdentifier: [Int]] {
        lock.lock()
        defer { lock.unlock() }
        return Dictionary(grouping: entries, by: \.renderer).mapValues { $0.map(\.index) }
    }
}
