import AndroidFiles
import ConsentRender
import XcodeFiles
import Foundation

/// `render-cli bench`: how fast rendering, encoding, matrices and diffs are on this machine.
enum BenchCommand {
    static let spec = CommandSpec(
        "bench", summary: "measure render, encode, matrix and diff speed and memory",
        about: "Measures, on warm renderers, with the shipped samples and profiles:\n"
            + "- ms per stage (layout, paint, encode, link map JSON, write) and per screenshot, the median of the iterations, for "
            + "a 1179×2556 (iphone-15-pro) and a 2064×2752 (ipad-pro-13) render, and the encoder's speed in MB/s of raw rows "
            + "beside libpng + zlib level 1 (the encoder before it), and the layout of the same screen in dark right after it, "
            + "which shapes no text again, and painting and encoding in bands as a matrix cell is;\n"
            + "- a 20-screenshot iphone-15-pro matrix with 1 job and with every core;\n"
            + "- diffing two identical and two differing 1290×2796 images;\n"
            + "- the peak memory of a 100-cell matrix (run as a child process);\n"
            + "- a 1179×2556 (iphone-15-pro) walkthrough video of the launch-consent flow's accepting path: frames per second "
            + "composed, and composed and encoded to H.264 by ffmpeg (the median of 3 runs, or 1 run when N is below 3).\n"
            + "With --matrix N it measures instead (or as well, with --figures) an N-cell sample of the whole matrix a team can "
            + "ask for: every shipped device × App Store Connect's 39 locales × 2 orientations × 2 appearances × 12 text sizes "
            + "(80,496 cells), taken as whole batches of one locale at one text size on every device in both orientations and "
            + "appearances, spread evenly over all of them, rendered as matrix renders it into a scratch folder, with --jobs 1 and "
            + "2, each three times in a fresh process: CPU ms per cell (user + system, workers included), cells per second, "
            + "peak memory (the process and its workers), two jobs' speed-up, and the whole matrix's projected wall time.",
        groups: [OptionGroup(nil, [
            OptionSpec("iterations", .value("N"), help: "warm iterations per stage, 1–1000 (default 20)"),
            OptionSpec("figures", .value("LIST"),
                       help: "which figures to measure, comma-separated: stages, matrix, diff, memory, walkthrough (default: all of "
                           + "them, or none with --matrix)"),
            OptionSpec("matrix", .value("N"), help: "measure an N-cell sample (1–80496) of the whole team matrix, with 1 and 2 jobs"),
            OptionSpec("jobs", .value("N"), help: "with --matrix: render the sample once with N jobs (1–256) in this process and print "
                + "that run's figures"),
            Options.format("json prints the figures as JSON"),
            Options.profiles,
        ])],
        notes: "Run it from a release build on an idle machine (other load changes every figure): swift build -c release && "
            + ".build/release/render-cli bench")

    /// The figures `--figures` can pick, in the order they are measured and printed.
    enum Figure: String, CaseIterable {
        case stages, matrix, diff, memory, walkthrough
    }

    /// What one run measured: the figures `--figures` left out are absent (and left out of the JSON).
    struct Figures: Codable {
        struct Stages: Codable {
            var device: String
            var pixels: String
            var layoutMs: Double
            /// Laying out the same screen in dark right after, which shapes no text again.
            var darkTwinLayoutMs: Double
            var paintMs: Double
            var encodeMs: Double
            var linkMapMs: Double
            var writeMs: Double
            var totalMs: Double
            /// Painting and encoding in bands, as a matrix cell without a frame is
            /// (`ConsentRenderer.screenshotPNG`), and a cell's layout, bands, link map and write.
            var bandsMs: Double
            var bandedTotalMs: Double
            var pngKB: Int
            /// Raw RGB bytes (with filter bytes) the encoder compresses per second, in MB.
            var encodeMBps: Double
            /// libpng + zlib level 1 (`PNGCompression.zlibFast`, renders' encoder before) on the same frame.
            var zlibEncodeMs: Double
            var zlibPngKB: Int
        }

        struct Throughput: Codable {
            var jobs: Int
            var screenshots: Int
            var seconds: Double
            var msPerScreenshot: Double
        }

        struct WalkthroughVideo: Codable {
            var device: String
            var pixels: String
            var frames: Int
            /// Frames composed per second, sent nowhere.
            var composedFps: Double
            /// Frames composed and encoded (ffmpeg, H.264) per second, the file written.
            var encodedFps: Double
            var mp4KB: Int
        }

        var stages: [Stages]?
        var walkthrough: WalkthroughVideo?
        var matrix: [Throughput]?
        var diffIdenticalMs: Double?
        var diffDifferingMs: Double?
        var peakMemoryMBFor100Cells: Double?
        var teamMatrix: BenchTeamMatrix.Figures?
        var cores: Int
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, spec: spec)
        let iterations = try options.number("iterations", in: 1...1000, default: 20)
        let json = try options.choice("format", as: TextOrJSON.self, default: .text) == .json
        let teamCells = try options.value("matrix").map { _ in try options.number("matrix", in: 1...80_496, default: 2000) }
        let teamJobs = try options.value("jobs").map { _ in try options.number("jobs", in: 1...256, default: 1) }
        if teamJobs != nil && teamCells == nil {
            throw UsageError(message: "--jobs goes with --matrix N (the team-matrix sample); the other figures choose their own jobs")
        }
        let chosen = Set(try options.choices("figures", as: Figure.self, default: teamCells == nil ? Figure.allCases : []))
        let catalog = try locateProfileCatalog(explicit: options.value("profiles"))
        let samples = catalog.directory.deletingLastPathComponent().appendingPathComponent("Samples")
        guard FileManager.default.fileExists(atPath: samples.appendingPathComponent("privacy-agreement").path) else {
            throw UsageError(message: "bench renders a ConsentRender checkout's Samples, found beside its DeviceProfiles folder, and "
                + "\(samples.path) has none; run it from a checkout, or give --profiles <checkout>/DeviceProfiles")
        }
        let agreement = try DocumentFolder(url: samples.appendingPathComponent("privacy-agreement"), appFiles: appFileReaders())
        let world = try DocumentFolder(url: samples.appendingPathComponent("world-agreement"), appFiles: appFileReaders())
        // A team-matrix run started by `bench --matrix` works inside its parent's scratch folder and
        // leaves it to the parent: deleting thousands of files between runs would slow the next
        // run's file creation (ext4 passes over recently freed inodes) and skew its figures.
        let parentScratch = ProcessInfo.processInfo.environment[BenchTeamMatrix.scratchVariable].map { URL(fileURLWithPath: $0) }
        let scratch = (parentScratch ?? FileManager.default.temporaryDirectory).appendingPathComponent("consentrender-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { if parentScratch == nil { try? FileManager.default.removeItem(at: scratch) } }
        if parentScratch == nil {
            // Stopped, bench ends the runs it started (first) and removes its scratch folder.
            StopCleanup.message = "no figures were printed; bench ended the runs it had started and removed its scratch folder"
            let path = scratch.path
            StopCleanup.add {
                // A run's workers end with it a moment later and may finish a file meanwhile.
                for _ in 0..<40 {
                    try? FileManager.default.removeItem(atPath: path)
                    guard FileManager.default.fileExists(atPath: path) else { break }
                    usleep(50_000)
                }
            }
        } else {
            // Its parent says what the stop did; this run's line would only repeat it.
            StopCleanup.message = ""
            // Ends with the bench that started it, however that one ends (a kill, a closed terminal).
            if let parent = ProcessInfo.processInfo.environment[BenchTeamMatrix.parentVariable].flatMap(Int32.init),
               !MatrixRender.endWithParent(parent) {
                throw UsageError(message: "the bench --matrix run that started this one (process \(parent)) has ended")
            }
        }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        if let teamCells, let teamJobs {
            let run = try BenchTeamMatrix.runOnce(cells: teamCells, jobs: teamJobs, catalog: catalog,
                                                  world: samples.appendingPathComponent("world-agreement"), scratch: scratch)
            if json {
                print(String(decoding: try canonicalJSONData(run), as: UTF8.self), terminator: "")
            } else {
                print("ConsentRender benchmark (\(cores) cores, \(buildConfiguration))")
                print("")
                print("team matrix, \(run.cells) cell\(run.cells == 1 ? "" : "s"), \(run.jobs) job\(run.jobs == 1 ? "" : "s"): "
                    + String(format: "%.2f ms of CPU per cell, %.0f cells/s, %.1f s, peak memory %.0f MB", run.cpuMsPerCell,
                             run.cellsPerSecond, run.seconds, run.peakMB)
                    + (run.failedCells > 0 ? ", \(run.failedCells) cells failed" : ""))
            }
            return run.failedCells > 0 ? 3 : 0
        }

        let renderer = try ConsentRenderer()
        var figures = Figures(cores: cores)
        if chosen.contains(.stages) {
            figures.stages = try ["iphone-15-pro", "ipad-pro-13"].map { device in
                try measureStages(renderer: renderer, folder: agreement, profile: try catalog.profile(id: device),
                                  iterations: iterations, scratch: scratch)
            }
        }
        if chosen.contains(.matrix) {
            let plan = MatrixPlan(devices: ["iphone-15-pro"], orientations: Orientation.allCases, appearances: Appearance.allCases,
                                  languages: ["ar", "de", "en", "he", "hi"])
            figures.matrix = try Set([1, cores]).sorted().map { jobs -> Figures.Throughput in
                let out = scratch.appendingPathComponent("matrix-\(jobs)")
                try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
                let render = MatrixRender(folder: world, catalog: catalog, cells: plan.cells, outputDirectory: out, jobs: jobs)
                _ = try render.run()
                let seconds = try seconds { _ = try render.run() }
                return Figures.Throughput(jobs: jobs, screenshots: plan.cells.count, seconds: seconds,
                                          msPerScreenshot: seconds * 1000 / Double(plan.cells.count))
            }
        }
        if chosen.contains(.diff) {
            let big = try catalog.profile(id: "iphone-15-pro-max")
            let blue = try renderer.render(RenderRequest(folder: agreement, profile: big, requestedLanguage: "en",
                                                         orientation: .portrait, appearance: .light))
            let copy = Bitmap(width: blue.bitmap.width, height: blue.bitmap.height, pixels: blue.bitmap.pixels)
            let changed = try renderer.render(RenderRequest(folder: agreement, profile: big, requestedLanguage: "en",
                                                            orientation: .portrait, appearance: .light, tint: Color(rgb: 0x0A84FF)))
            figures.diffIdenticalMs = try seconds(repeating: iterations) { _ = diff(expected: blue.bitmap, actual: copy) } * 1000
            figures.diffDifferingMs = try seconds(repeating: iterations) { _ = diff(expected: blue.bitmap, actual: changed.bitmap) } * 1000
        }
        if chosen.contains(.memory) {
            figures.peakMemoryMBFor100Cells = try peakMemoryOfMatrix(cells: 100, catalog: catalog, world: world.url, scratch: scratch)
        }
        if chosen.contains(.walkthrough) {
            figures.walkthrough = try measureWalkthrough(
                renderer: renderer, catalog: catalog, runs: iterations < 3 ? 1 : 3,
                document: try DocumentFolder(url: samples.appendingPathComponent("launch-consent"), appFiles: appFileReaders()),
                scratch: scratch)
        }
        if let teamCells {
            figures.teamMatrix = try BenchTeamMatrix.measure(cells: teamCells, rounds: 3, catalog: catalog, jobCounts: [1, 2],
                                                             scratch: scratch)
        }
        if json {
            print(String(decoding: try canonicalJSONData(figures), as: UTF8.self), terminator: "")
        } else {
            printTable(figures, iterations: iterations)
        }
        return 0
    }

    private static func measureStages(renderer: ConsentRenderer, folder: DocumentFolder, profile: DeviceProfile,
                                      iterations: Int, scratch: URL) throws -> Figures.Stages {
        let request = RenderRequest(folder: folder, profile: profile, requestedLanguage: "en", orientation: .portrait,
                                    appearance: .light)
        var dark = request
        dark.variant.appearance = .dark
        let out = scratch.appendingPathComponent("\(profile.id).png")
        var darkTwin: [Double] = []
        var layout: [Double] = [], paint: [Double] = [], encode: [Double] = [], linkMap: [Double] = [], write: [Double] = [], zlib: [Double] = []
        var total: [Double] = [], bands: [Double] = [], bandedTotal: [Double] = []
        var bytes = 0, zlibBytes = 0
        for round in 0..<(iterations + 3) {
            var laidOut: ConsentRenderer.LaidOutPage?
            var page: RenderedPage?
            var png = Data()
            var layoutSeconds = 0.0, paintSeconds = 0.0, encodeSeconds = 0.0
            // Each round shapes its text as a new screen does; a screen the renderer laid out
            // just before in another colour would not (the dark twin, below).
            renderer.forgetTextLayouts()
            layoutSeconds = try seconds { laidOut = try renderer.layOut(request) }
            guard let laidOut else { preconditionFailure("layOut returned") }
            paintSeconds = try seconds { page = try renderer.paint(laidOut) }
            guard let page else { preconditionFailure("paint returned") }
            encodeSeconds = try seconds { png = try page.bitmap.pngData() }
            var json = Data()
            let linkMapSeconds = try seconds { json = try page.linkMap.jsonData() }
            let writeSeconds = try seconds {
                try AtomicFileWriter.write([(out, png), (out.appendingPathExtension("links.json"), json)])
            }
            var banded = Data()
            let bandsSeconds = try seconds { banded = try renderer.screenshotPNG(of: laidOut) }
            guard banded == png else {
                throw RenderError.pngEncoding(detail: "the \(profile.id) screenshot painted in bands differs from the one painted whole "
                                              + "(a bug in ConsentRender: please report it with this device and sample)")
            }
            let darkTwinSeconds = try seconds { _ = try renderer.layOut(dark) }
            let times = [layoutSeconds, paintSeconds, encodeSeconds, linkMapSeconds, writeSeconds]
            // The first rounds warm caches (fonts, glyphs) and are not counted.
            guard round >= 3 else { continue }
            darkTwin.append(darkTwinSeconds)
            layout.append(times[0]); paint.append(times[1]); encode.append(times[2]); linkMap.append(times[3]); write.append(times[4])
            total.append(times.reduce(0, +))
            bands.append(bandsSeconds)
            bandedTotal.append(layoutSeconds + bandsSeconds + linkMapSeconds + writeSeconds)
            bytes = png.count
        }
        // The encoder before (libpng + zlib) is timed in rounds of its own: its 30-odd ms between
        // the stages above would push their data out of the caches and slow every stage.
        let page = try renderer.paint(try renderer.layOut(request))
        for round in 0..<(max(1, iterations / 2) + 2) {
            var zlibPNG = Data()
            let zlibSeconds = try seconds { zlibPNG = try page.bitmap.pngData(compression: .zlibFast) }
            guard round >= 2 else { continue }
            zlib.append(zlibSeconds)
            zlibBytes = zlibPNG.count
        }
        // Medians: a shared or virtual machine stalls now and then, and a mean would count the stalls.
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] * 1000 }
        let pixels = profile.pixelSize(in: .portrait)
        let rawMB = Double(pixels.height * (1 + 3 * pixels.width)) / 1_000_000
        return Figures.Stages(device: profile.id, pixels: "\(pixels.width)×\(pixels.height)", layoutMs: median(layout),
                              darkTwinLayoutMs: median(darkTwin),
                              paintMs: median(paint), encodeMs: median(encode), linkMapMs: median(linkMap), writeMs: median(write), totalMs: median(total),
                              bandsMs: median(bands), bandedTotalMs: median(bandedTotal), pngKB: bytes / 1024, encodeMBps: rawMB / (median(encode) / 1000), zlibEncodeMs: median(zlib),
                              zlibPngKB: zlibBytes / 1024)
    }

    /// Composes, then composes and encodes, the launch-consent flow's accepting walkthrough.
    private static func measureWalkthrough(renderer: ConsentRenderer, catalog: DeviceProfileCatalog, runs: Int, document: DocumentFolder,
                                           scratch: URL) throws -> Figures.WalkthroughVideo {
        let profile = try catalog.profile(id: "iphone-15-pro")
        let flow = try Flow.load(document.url.appendingPathComponent("flow.json"))
        let screens = try FlowScreens(flow: flow, ownDocument: document)
        var pages: [String: RenderedPage] = [:]
        for step in flow.steps {
            guard let request = screens.request(for: step, profile: profile, language: "en") else { continue }
            pages[step.name] = try renderer.render(request)
        }
        guard let walkthrough = Walkthrough.plan(flow: flow, buttons: pages.mapValues(\.linkMap.buttons), path: .accepting),
              let scale = pages[flow.start]?.layout.scale else {
            throw UsageError(message: "the launch-consent sample's flow has no walkthrough")
        }
        let shown = try walkthrough.screens.map { try renderer.walkthroughScreen(of: pages[$0.step]!, step: $0.step) }
        let video = scratch.appendingPathComponent("walkthrough.mp4")
        var composed: [Double] = [], encoded: [Double] = []
        for _ in 0..<runs {
            composed.append(try seconds { try Walkthrough.compose(walkthrough, screens: shown, scale: scale) { _ in } })
            encoded.append(try seconds { try Walkthrough.encode(walkthrough, screens: shown, scale: scale, to: video) })
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: video.path)[.size] as? Int) ?? 0
        let frames = Double(walkthrough.frames)
        let pixels = profile.pixelSize(in: .portrait)
        return Figures.WalkthroughVideo(device: profile.id, pixels: "\(pixels.width)×\(pixels.height)", frames: walkthrough.frames,
                                        composedFps: frames / composed.sorted()[runs / 2], encodedFps: frames / encoded.sorted()[runs / 2],
                                        mp4KB: size / 1024)
    }

    /// Runs `render-cli matrix` on `cells` cells as a child process and returns its peak resident memory.
    private static func peakMemoryOfMatrix(cells: Int, catalog: DeviceProfileCatalog, world: URL, scratch: URL) throws -> Double {
        let devices = try catalog.ids()
        let perDevice = max(1, cells / devices.count)
        let languages = ["ar", "de", "en", "he", "hi", "ja", "th"].prefix(perDevice + 1)
        let process = Process()
        // This very binary, however it was started (from PATH, a relative path or a link).
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["matrix", "--document", world.path, "--devices", devices.joined(separator: ","),
                             "--languages", languages.joined(separator: ","), "--profiles", catalog.directory.path,
                             "--out", scratch.appendingPathComponent("memory").path, "--format", "json"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stop = StopCleanup.add { [pid = process.processIdentifier] in StopCleanup.endChild(pid) }
        process.waitUntilExit()
        StopCleanup.remove(stop)
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }

    private static func seconds(repeating count: Int = 1, _ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        var error: Error?
        let elapsed = clock.measure {
            for _ in 0..<count {
                do { try body() } catch let thrown { error = thrown; break }
            }
        }
        if let error { throw error }
        let parts = elapsed.components
        return (Double(parts.seconds) + Double(parts.attoseconds) / 1e18) / Double(count)
    }

    private static func printTable(_ figures: Figures, iterations: Int) {
        func ms(_ value: Double) -> String { String(format: "%.1f", value) }
        // The team-matrix sample alone takes no medians: its runs are the best of three.
        let medians = figures.stages != nil || figures.matrix != nil || figures.diffIdenticalMs != nil
            ? ", medians of \(iterations) warm iterations" : ""
        print("ConsentRender benchmark (\(figures.cores) cores\(medians), \(buildConfiguration))")
        if let stages = figures.stages {
            print("")
            print("ms per screenshot         layout   paint  encode    json   write   total  PNG")
            for stage in stages {
                let name = "\(stage.device) \(stage.pixels)".padding(toLength: 24, withPad: " ", startingAt: 0)
                print("\(name)  \(ms(stage.layoutMs).leftPadded(6))  \(ms(stage.paintMs).leftPadded(6))  "
                    + "\(ms(stage.encodeMs).leftPadded(6))  \(ms(stage.linkMapMs).leftPadded(6))  \(ms(stage.writeMs).leftPadded(6))  \(ms(stage.totalMs).leftPadded(6))  \(stage.pngKB) KB")
            }
            for stage in stages {
                print("painted and encoded in bands, \(stage.device), as a matrix cell: \(ms(stage.bandsMs)) ms "
                    + "(whole: \(ms(stage.paintMs + stage.encodeMs))); layout, bands, json and write: \(ms(stage.bandedTotalMs)) ms")
            }
            for stage in stages {
                print("layout, \(stage.device), of the same screen in dark right after (its text shaped once): "
                    + "\(ms(stage.darkTwinLayoutMs)) ms")
            }
            for stage in stages {
                print("encoder, \(stage.device): \(String(format: "%.0f", stage.encodeMBps)) MB/s of raw rows, "
                    + "\(stage.pngKB) KB; libpng + zlib level 1 (the encoder before) \(ms(stage.zlibEncodeMs)) ms, \(stage.zlibPngKB) KB")
            }
        }
        if let video = figures.walkthrough {
            if figures.stages == nil { print("") }
            print("walkthrough, \(video.device) \(video.pixels), \(video.frames) frames: composed \(String(format: "%.0f", video.composedFps)) fps; "
                + "composed and encoded (H.264, ffmpeg) \(String(format: "%.0f", video.encodedFps)) fps, \(video.mp4KB) KB")
        }
        if figures.matrix != nil || figures.diffIdenticalMs != nil || figures.peakMemoryMBFor100Cells != nil { print("") }
        for run in figures.matrix ?? [] {
            print("matrix, \(run.screenshots) iphone-15-pro screenshots, \(run.jobs) job\(run.jobs == 1 ? "" : "s"): "
                + "\(ms(run.seconds * 1000)) ms, \(ms(run.msPerScreenshot)) ms per screenshot")
        }
        if let identical = figures.diffIdenticalMs, let differing = figures.diffDifferingMs {
            print("diff 1290×2796, identical: \(String(format: "%.2f", identical)) ms; differing (tint): \(ms(differing)) ms")
        }
        if let peak = figures.peakMemoryMBFor100Cells {
            print("peak memory of a 100-cell matrix: \(String(format: "%.0f", peak)) MB")
        }
        if let team = figures.teamMatrix {
            print("")
            BenchTeamMatrix.printTable(team, cores: figures.cores)
        }
    }
}

/// How this binary was compiled: a debug build's figures are several times a release build's.
#if DEBUG
let buildConfiguration = "debug build: swift build -c release measures what users get"
#else
let buildConfiguration = "release build"
#endif

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
