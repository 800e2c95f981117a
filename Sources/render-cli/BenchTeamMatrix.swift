import AndroidFiles
import ConsentRender
import XcodeFiles
import Foundation

/// `render-cli bench --matrix N`: an N-cell sample of the whole matrix a team can ask for (every
/// shipped device × App Store Connect's 39 locales × both orientations × both appearances × the
/// 12 text sizes), rendered as `matrix` renders it, with one job and with two.
enum BenchTeamMatrix {
    /// The full team matrix's axes.
    static func axes(devices: [String]) -> VariantAxes {
        VariantAxes(devices: devices, orientations: Orientation.allCases, appearances: Appearance.allCases,
                    languages: ChromeStrings.appStoreLocalizations, textSizes: ContentSizeCategory.allCases)
    }

    /// `count` cells of `cells` that cost per cell what the whole matrix costs: whole batches (one
    /// locale at one text size, on every device in both orientations and appearances, as a matrix
    /// renders them together), of locale-and-size pairs spread evenly over all of them, the last
    /// batch cut to make `count`.
    static func sample(_ cells: [RenderVariant], count: Int) -> [RenderVariant] {
        var batches: [[RenderVariant]] = []
        var at: [RenderVariant.TextBatch: Int] = [:]
        for cell in cells {
            if let index = at[cell.textBatch] {
                batches[index].append(cell)
            } else {
                at[cell.textBatch] = batches.count
                batches.append([cell])
            }
        }
        let perBatch = max(1, cells.count / max(1, batches.count))
        let taken = min(batches.count, (count + perBatch - 1) / perBatch)
        let chosen = (0..<taken).flatMap { batches[$0 * batches.count / taken] }
        return Array(chosen.prefix(count))
    }

    /// The world-agreement sample with a file per App Store locale: the sample's own where it has
    /// the language (zh-Hant reads zh-Hans's text, in the same fonts), else its English text
    /// under the locale's tag, so every cell draws text in its locale's chrome.
    static func makeDocument(from world: URL, in scratch: URL) throws -> URL {
        let document = scratch.appendingPathComponent("team-matrix-document")
        try FileManager.default.createDirectory(at: document, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: world.appendingPathComponent("document.json"),
                                         to: document.appendingPathComponent("document.json"))
        for locale in ChromeStrings.appStoreLocalizations {
            let base = locale == "zh-Hant" ? "zh-Hans" : String(locale.split(separator: "-")[0])
            let own = world.appendingPathComponent("\(locale).md")
            let source = FileManager.default.fileExists(atPath: own.path) ? own
                : FileManager.default.fileExists(atPath: world.appendingPathComponent("\(base).md").path)
                    ? world.appendingPathComponent("\(base).md") : world.appendingPathComponent("en.md")
            try FileManager.default.copyItem(at: source, to: document.appendingPathComponent("\(locale).md"))
        }
        return document
    }

    /// What one run of the sample measured.
    struct Run: Codable {
        var jobs: Int
        var cells: Int
        var failedCells: Int
        var seconds: Double
        /// User + system CPU of this process and its worker processes.
        var cpuSeconds: Double
        /// This process's peak resident memory plus each worker's.
        var peakMB: Double
        var cpuMsPerCell: Double
        var cellsPerSecond: Double

        init(jobs: Int, cells: Int, failedCells: Int, seconds: Double, cpuSeconds: Double, peakMB: Double) {
            self.jobs = jobs
            self.cells = cells
            self.failedCells = failedCells
            self.seconds = seconds
            self.cpuSeconds = cpuSeconds
            self.peakMB = peakMB
            cpuMsPerCell = cpuSeconds * 1000 / Double(max(cells, 1))
            cellsPerSecond = Double(cells) / max(seconds, 1e-9)
        }
    }

    /// Each profile's platform, by id.
    static func platforms(in catalog: DeviceProfileCatalog) throws -> [String: Platform] {
        var platforms: [String: Platform] = [:]
        for profile in try catalog.allProfiles() { platforms[profile.id] = try PlatformRegistry.standard.platform(of: profile) }
        return platforms
    }

    /// Renders the sample once in this process (and, with more than one job, its workers).
    static func runOnce(cells count: Int, jobs: Int, catalog: DeviceProfileCatalog, world: URL, scratch: URL) throws -> Run {
        let document = try makeDocument(from: world, in: scratch)
        let folder = try DocumentFolder(url: document, appFiles: appFileReaders())
        let plan = MatrixPlan(axes: axes(devices: try catalog.ids()), platforms: try platforms(in: catalog))
        let cells = sample(plan.cells, count: count)
        let out = scratch.appendingPathComponent("team-matrix-\(jobs)")
        var render = MatrixRender(folder: folder, catalog: catalog, cells: cells, outputDirectory: out, jobs: jobs)
        render.workerLaunch = MatrixWorkerLaunch(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
            arguments: [MatrixWorkerCommand.name, String(getpid()), "--document", document.path, "--out", out.path,
                        "--profiles", catalog.directory.path, "--devices", cells[0].device, "--languages", cells[0].language])
        let before = cpuSeconds()
        let clock = ContinuousClock()
        var run: MatrixRun?
        let elapsed = try clock.measure { run = try render.run() }
        let cpu = cpuSeconds() - before
        var own = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        let failed = run?.results.filter { $0.error != nil }.count ?? cells.count
        let parts = elapsed.components
        return Run(jobs: jobs, cells: cells.count, failedCells: failed,
                   seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18, cpuSeconds: cpu,
                   peakMB: Double(own.ru_maxrss) / 1024 + MatrixRender.workersPeakMemoryMB())
    }

    /// User + system CPU seconds of this process and of the children it has waited for.
    static func cpuSeconds() -> Double {
        var total = 0.0
        for who in [RUSAGE_SELF, RUSAGE_CHILDREN] {
            var usage = rusage()
            getrusage(who.rawValue, &usage)
            total += Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        return total
    }

    /// Where `bench --matrix` tells the runs it starts to put their files (its own scratch folder,
    /// which it deletes at the end).
    static let scratchVariable = "CONSENTRENDER_BENCH_SCRATCH"

    /// The process id of that bench, which its runs end with (`MatrixRender.endWithParent`).
    static let parentVariable = "CONSENTRENDER_BENCH_PARENT"

    /// The figures of the whole measurement: the best of `rounds` runs with each job count, each run
    /// in a fresh process (so its peak memory is its own).
    struct Figures: Codable {
        var sampleCells: Int
        var teamMatrixCells: Int
        var rounds: Int
        var runs: [Run]
        /// Two jobs' cells per second over one job's (best runs).
        var scaling: Double
        /// The whole team matrix's wall time at the best job count's rate, in minutes.
        var projectedMinutes: Double
    }

    /// Runs `bench --matrix N --jobs J` as child processes, `rounds` times each job count, interleaved.
    static func measure(cells: Int, rounds: Int, catalog: DeviceProfileCatalog, jobCounts: [Int], scratch: URL) throws -> Figures {
        var best: [Int: Run] = [:]
        let total = MatrixPlan(axes: axes(devices: try catalog.ids()), platforms: try platforms(in: catalog)).cells.count
        for _ in 0..<rounds {
            for jobs in jobCounts {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                process.arguments = ["bench", "--matrix", String(cells), "--jobs", String(jobs), "--profiles", catalog.directory.path,
                                     "--format", "json"]
                process.environment = ProcessInfo.processInfo.environment.merging(
                    [scratchVariable: scratch.path, parentVariable: String(getpid())]) { $1 }
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let stop = StopCleanup.add { [pid = process.processIdentifier] in StopCleanup.endChild(pid) }
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                StopCleanup.remove(stop)
                guard process.terminationStatus == 0, let run = try? JSONDecoder().decode(Run.self, from: data) else {
                    throw UsageError(message: "the team-matrix sample with \(jobs) job(s) failed (exit \(process.terminationStatus))")
                }
                if run.failedCells > 0 {
                    throw UsageError(message: "\(run.failedCells) of the sample's \(run.cells) cells failed to render with \(jobs) job(s); "
                        + "run render-cli bench --matrix \(cells) --jobs \(jobs) to see them")
                }
                if best[jobs].map({ run.seconds < $0.seconds }) ?? true { best[jobs] = run }
            }
        }
        let runs = jobCounts.compactMap { best[$0] }
        let one = best[1]?.cellsPerSecond ?? 0
        let fastest = runs.map(\.cellsPerSecond).max() ?? 0
        let two = best[2]?.cellsPerSecond ?? 0
        return Figures(sampleCells: min(cells, total), teamMatrixCells: total, rounds: rounds, runs: runs,
                       scaling: one > 0 ? two / one : 0, projectedMinutes: fastest > 0 ? Double(total) / fastest / 60 : 0)
    }

    static func printTable(_ figures: Figures, cores: Int) {
        print("team matrix: a \(figures.sampleCells)-cell sample of \(figures.teamMatrixCells.formatted()) cells (every shipped device × "
            + "\(ChromeStrings.appStoreLocalizations.count) App Store locales × 2 orientations × 2 appearances × 12 text sizes), "
            + "best of \(figures.rounds) runs each, \(cores) cores")
        for run in figures.runs {
            print("  \(run.jobs) job\(run.jobs == 1 ? " " : "s"): \(String(format: "%.2f", run.cpuMsPerCell)) ms of CPU per cell, "
                + "\(String(format: "%.0f", run.cellsPerSecond)) cells/s, \(String(format: "%.1f", run.seconds)) s, "
                + "peak memory \(String(format: "%.0f", run.peakMB)) MB")
        }
        if figures.scaling > 0 { print("  two jobs: \(String(format: "%.2f", figures.scaling))× the cells per second of one") }
        print("  projected: the whole \(figures.teamMatrixCells.formatted())-cell matrix in \(String(format: "%.1f", figures.projectedMinutes)) "
            + "minutes at the fastest rate")
    }
}
