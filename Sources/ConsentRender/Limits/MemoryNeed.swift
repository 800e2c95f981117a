import Foundation

/// What a run will need of memory and open files, estimated before it starts from the screens it
/// renders, and checked against `ResourceLimits`: a run that cannot fit stops with exit 3 and the
/// figures, before it writes anything; one left to choose its jobs takes as many as fit.
///
/// The figures were measured on Debian 12's libraries with render-cli's release build (the
/// smallest `ulimit -v` under which each command completes, and peak resident memory; docs/cli.md,
/// "Limits"), and round up: an estimate that is low lets a run start that then dies inside a C
/// library, one that is high only refuses a run near its limit.
package struct MemoryNeed: Equatable, Sendable {
    /// Address space of the process before it renders: the Swift runtime, Foundation, the C
    /// libraries, the document and the profiles read (measured 95 MB).
    static let processAddressMB = 100
    /// Address space of one renderer (a thread drawing screens): its Latin fonts, text layouts, the
    /// encoder's buffers and its thread's 8 MB stack (measured 40–50 MB beside the screen itself).
    static let rendererAddressMB = 45
    /// One Chinese, Japanese or Korean font set (Noto Sans CJK Regular, Medium and Bold: 58 MB of
    /// collections, each mapped twice, by FreeType and by HarfBuzz).
    static let cjkFontsAddressMB = 125
    /// Each further CJK set a renderer draws: a renderer under an address-space limit gives up
    /// HarfBuzz's maps of the last set (`ConsentRenderer`), but Cairo keeps up to ten FreeType
    /// faces open (measured: zh-Hans alone 269 MB, with zh-Hant and ja 338 MB).
    static let furtherCJKFontsAddressMB = 45
    /// Arabic, Hebrew, Thai or Devanagari faces.
    static let otherScriptFontsAddressMB = 15
    /// Resident memory of the process before it renders (measured 30 MB).
    static let processResidentMB = 40
    /// Resident memory of one renderer beside its screens (fonts in use, layouts, buffers).
    static let rendererResidentMB = 30
    /// The pages of CJK fonts a renderer touches.
    static let cjkFontsResidentMB = 25

    /// The address space ffmpeg needs to encode a walkthrough video of frames this size with one
    /// x264 thread, in MB: Debian's ffmpeg maps about 300 MB of libraries before it encodes
    /// (measured with one thread: 750×1334 frames need 330 MB, 2064×2752 frames 450 MB; with x264's
    /// default threads about 120 MB more). ffmpeg inherits render-cli's limit.
    package static func encoderAddressMB(width: Int, height: Int) -> Int {
        310 + 25 * (width * height + 999_999) / 1_000_000
    }

    /// The largest screen's bytes (4 a pixel).
    package var largestScreenBytes: Int
    /// Whether any screen is in Chinese, Japanese or Korean.
    package var cjk: Bool { cjkSets > 0 }
    /// How many CJK font sets the screens use (Simplified and Traditional Chinese, Japanese, Korean).
    package var cjkSets: Int
    /// Whether any screen needs another complex script's fonts.
    package var otherScripts: Bool
    /// Screen-sized buffers a renderer holds beside the screen it draws: a golden comparison's
    /// decoded golden, diff image and side-by-side failure image (5 screens), a framed screenshot
    /// (2), an overlay (1), a walkthrough video's frames (2 a step, and 3).
    package var extraScreens: Int

    /// The need of rendering screens of these pixel sizes in these languages.
    package init(screens: [(width: Int, height: Int)], languages: [String], extraScreens: Int = 0) {
        self.extraScreens = extraScreens
        largestScreenBytes = screens.map { $0.width * $0.height * 4 }.max() ?? 0
        let families = languages.map { LanguageTraits(tag: $0).fontFamilies }
        cjkSets = Set(families.filter { $0.hasPrefix("Noto Sans CJK") }).count
        otherScripts = families.contains { !$0.hasPrefix("Noto Sans CJK") && !$0.hasPrefix("Noto Sans,") && $0 != "Noto Sans" }
    }

    private var screenMB: Int { (largestScreenBytes + (1 << 20) - 1) >> 20 }

    /// The address space of one process drawing with `renderers` threads, in MB.
    package func addressSpaceMB(renderers: Int) -> Int {
        let cjkFonts = cjk ? Self.cjkFontsAddressMB + (cjkSets - 1) * Self.furtherCJKFontsAddressMB : 0
        let fonts = cjkFonts + (otherScripts ? Self.otherScriptFontsAddressMB : 0)
        return Self.processAddressMB + renderers * (Self.rendererAddressMB + (1 + extraScreens) * screenMB + fonts)
    }

    /// The resident memory of `processes` processes holding `renderers` renderers between them, in MB.
    package func residentMB(renderers: Int, processes: Int = 1) -> Int {
        processes * Self.processResidentMB
            + renderers * (Self.rendererResidentMB + (3 + extraScreens) * screenMB + (cjk ? Self.cjkFontsResidentMB : 0))
    }

    /// How the jobs of a run are held: as threads of this process, or as worker processes (a
    /// matrix), each with its own address space.
    package enum Jobs: Equatable, Sendable {
        case threads
        /// `oneFontSetEach`: each worker holds one CJK font set (a matrix under an address-space
        /// limit starts a new worker for another set).
        case processes(oneFontSetEach: Bool = false)
    }

    /// The jobs to run: `requested` when it fits the limits; left to choose (`requested` nil), the
    /// most up to `preferred` that fit, with a note saying so when that is fewer. Throws
    /// `ResourceError.notEnoughMemory` when the jobs asked for, or one, cannot fit.
    package func jobs(requested: Int?, preferred: Int, as kind: Jobs = .threads, limits: ResourceLimits = .current,
                      fix: String? = nil, note: (String) -> Void = { _ in }) throws -> Int {
        let wanted = requested ?? max(1, preferred)
        var jobs = wanted
        while jobs >= 1, shortfall(jobs: jobs, kind: kind, limits: limits) != nil {
            if requested != nil { break }
            jobs -= 1
        }
        if jobs >= 1, shortfall(jobs: jobs, kind: kind, limits: limits) == nil {
            if jobs < wanted, let over = shortfall(jobs: wanted, kind: kind, limits: limits) {
                note("running \(jobs) \(jobs == 1 ? "job" : "jobs"), not \(wanted): \(wanted) would need about \(over.needMB) MB "
                     + "(\(over.limit))")
            }
            return jobs
        }
        let failing = requested ?? 1
        guard let over = shortfall(jobs: failing, kind: kind, limits: limits) else { return failing }
        let fewer = (1..<failing).last { shortfall(jobs: $0, kind: kind, limits: limits) == nil }
        let one = failing > 1 && fewer == nil ? shortfall(jobs: 1, kind: kind, limits: limits)?.needMB : nil
        throw ResourceError.notEnoughMemory(needMB: over.needMB, limit: over.limit, jobs: failing, fewerJobs: fewer, oneJobMB: one,
                                            fix: fix)
    }

    /// How the address-space limit is said in a message.
    static func addressSpaceLimitSaid(_ bytes: Int) -> String {
        "the address-space limit, ulimit -v, is \(bytes >> 20) MB"
    }

    /// Throws when a diff cannot fit the address-space limit: both images decoded (with libpng's
    /// row buffer), the comparison, and with `--out` the diff image or the images side by side;
    /// six of the larger image in all, beside the process.
    package static func checkDiff(largestImageBytes: Int, writesImage: Bool, limits: ResourceLimits = .current) throws {
        guard let limit = limits.addressSpace else { return }
        let needMB = processAddressMB + ((writesImage ? 6 : 4) * largestImageBytes + (1 << 20) - 1) / (1 << 20)
        guard needMB > limit >> 20 else { return }
        throw ResourceError.notEnoughMemory(needMB: needMB, limit: addressSpaceLimitSaid(limit), jobs: 1, fewerJobs: nil,
                                            fix: "compare smaller images")
    }

    /// What `jobs` jobs would need beyond a limit, if they would: the need and the limit, said.
    func shortfall(jobs: Int, kind: Jobs, limits: ResourceLimits) -> (needMB: Int, limit: String)? {
        if let bytes = limits.addressSpace {
            // A worker process holds one renderer; threads share this process.
            var each = self
            if kind == .processes(oneFontSetEach: true) { each.cjkSets = min(cjkSets, 1) }
            let need = each.addressSpaceMB(renderers: kind == .threads ? jobs : 1)
            let limitMB = bytes >> 20
            if need > limitMB { return (need, Self.addressSpaceLimitSaid(bytes)) }
        }
        if let bytes = limits.groupMemory {
            let need = residentMB(renderers: jobs, processes: kind == .threads ? 1 : jobs + 1)
            let limitMB = bytes >> 20
            if need > limitMB {
                return (need, "the control group's memory limit, \(limits.groupMemoryFile ?? "memory.max"), is \(limitMB) MB")
            }
        }
        return nil
    }
}

/// Open files a run needs: a process's own (its output, fonts, the lock, standard streams) and
/// each worker's or encoder's pipes.
package enum OpenFilesNeed {
    /// A process's own (measured: `golden verify` works with 7, `review` with one encoder 12,
    /// `matrix` with two workers 15; docs/cli.md, "Limits").
    package static let process = 9
    /// A matrix worker process: its pipes' ends in this process.
    package static let perWorker = 3
    /// `review`'s video encoder (ffmpeg): its pipes.
    package static let encoder = 3

    /// Throws when `needed` open files exceed the limit; `fewerJobs` are the most jobs that would
    /// fit when fewer than asked for would.
    package static func check(_ needed: Int, fewerJobs: Int? = nil, limits: ResourceLimits = .current) throws {
        guard needed > limits.openFiles else { return }
        throw ResourceError.notEnoughOpenFiles(needed: needed, limit: limits.openFiles, fewerJobs: fewerJobs.flatMap { $0 >= 1 ? $0 : nil })
    }

    /// The most worker processes up to `wanted` whose pipes fit the open-files limit (0: none fits).
    package static func workers(fitting wanted: Int, limits: ResourceLimits = .current) -> Int {
        max(0, min(wanted, (limits.openFiles - process) / perWorker))
    }
}

/// A run that cannot fit the process's limits, refused before it starts.
package enum ResourceError: Error, Equatable, Sendable, CausedError, CustomStringConvertible {
    /// `oneJobMB`: what one job alone needs, when `jobs` is more than one and none fits.
    /// `fix`: what helps beside raising the limit, when it is not fewer languages or devices.
    case notEnoughMemory(needMB: Int, limit: String, jobs: Int, fewerJobs: Int?, oneJobMB: Int? = nil, fix: String? = nil)
    /// `fewerJobs`: the most jobs that would fit, when fewer than asked for would.
    case notEnoughOpenFiles(needed: Int, limit: Int, fewerJobs: Int? = nil)
    /// ffmpeg, which inherits the address-space limit, cannot encode a walkthrough video in it.
    case encoderNeedsMemory(needMB: Int, limitMB: Int, device: String)
    /// An allocation failed mid-run (a screen's pixels, a decoded image, a font's file).
    case allocationFailed(what: String, bytes: Int?)

    package var cause: ErrorCause { .environment }

    package var description: String {
        switch self {
        case let .notEnoughMemory(needMB, limit, jobs, fewerJobs, oneJobMB, otherFix):
            let fix = fewerJobs.map { "lower --jobs to \($0) or raise the limit" }
                ?? ((jobs > 1 ? "even one job needs about \(oneJobMB ?? needMB) MB: " : "")
                    + "raise the limit, or " + (otherFix ?? "render fewer languages or smaller devices at once"))
            let what = otherFix == nil || jobs > 1 ? " for \(jobs) \(jobs == 1 ? "job" : "jobs")" : ""
            return "needs about \(needMB) MB\(what) (\(limit)): \(fix). Nothing was written."
        case let .notEnoughOpenFiles(needed, limit, fewerJobs):
            return "needs about \(needed) open files (ulimit -n allows \(limit)): raise the limit (ulimit -n \(max(64, needed)))"
                + (fewerJobs.map { ", or lower --jobs to \($0)" } ?? "") + ". Nothing was written."
        case let .encoderNeedsMemory(needMB, limitMB, device):
            return "the walkthrough videos of \(device) are encoded by ffmpeg, which runs under render-cli's address-space limit "
                + "and needs about \(needMB) MB of it for frames that size (ulimit -v is \(limitMB) MB): raise the limit. "
                + "Nothing was written."
        case let .allocationFailed(what, bytes):
            let size = bytes.map { " (\(($0 + (1 << 20) - 1) >> 20) MB)" } ?? ""
            return "out of memory allocating \(what)\(size)\(ResourceLimits.memoryLimitsSaid): raise the limit, or draw fewer or "
                + "smaller screens at once"
        }
    }
}
