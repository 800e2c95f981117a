import Foundation
import Testing
@testable import ConsentRender

/// The review pack of a held-out four-step flow (FlowTests.good) in en and zh-Hans, read back with
/// real tools: ffprobe and ffmpeg for the walkthroughs, poppler for the PDF.
@Suite struct ReviewPackTests {
    /// One review of the held-out flow, made once for the suite's tests.
    final class Pack: @unchecked Sendable {
        let temporary = TemporaryFolder()
        let out: URL
        let run: CLIRun

        init() throws {
            let flowURL = temporary.url.appendingPathComponent("flow.json")
            try Data(FlowTests.good.utf8).write(to: flowURL)
            out = temporary.url.appendingPathComponent("review")
            run = try runRenderCLI(["review", "--document", "Samples/privacy-agreement", "--flow", flowURL.path,
                                    "--languages", "en,zh-Hans", "--date", "2026-12-01", "--out", out.path])
        }

        func url(_ relative: String) -> URL { out.appendingPathComponent("iphone-15-pro/\(relative)") }
    }

    static let pack = Result { try Pack() }

    static func tool(_ name: String, _ arguments: [String]) throws -> CLIRun {
        try runProcess(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments)
    }

    /// Frame `index` of `video`, decoded.
    static func frame(_ index: Int, of video: URL) throws -> Bitmap {
        let temporary = TemporaryFolder()
        let png = temporary.url.appendingPathComponent("frame.png")
        let run = try tool("ffmpeg", ["-v", "error", "-i", video.path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
                                      "-pix_fmt", "rgb24", png.path])
        #expect(run.status == 0, "\(run.stderr)")
        return try Bitmap(contentsOfPNG: png)
    }

    @Test func theWalkthroughsAreH264AndLastAsLongAsTheirTimelines() throws {
        let pack = try Self.pack.get()
        #expect(pack.run.status == 0, "\(pack.run.stderr)")
        for language in ["en", "zh-Hans"] {
            let timeline = try JSONDecoder().decode(WalkthroughTimeline.self, from: Data(contentsOf: pack.url("\(language)/walkthrough.json")))
            #expect(timeline.walkthroughs.map(\.file) == ["walkthrough.mp4", "walkthrough-decline.mp4"])
            #expect(timeline.videoWidth == 1180 && timeline.videoHeight == 2556)
            for walkthrough in timeline.walkthroughs {
                let probe = try Self.tool("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                                                      "stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames:format=duration",
                                                      "-of", "default=noprint_wrappers=1", pack.url("\(language)/\(walkthrough.file)").path])
                let fields = Dictionary(probe.stdout.split(separator: "\n").map { line -> (String, String) in
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts.count > 1 ? parts[1] : "")
                }, uniquingKeysWith: { first, _ in first })
                #expect(fields["codec_name"] == "h264" && fields["pix_fmt"] == "yuv420p", "\(fields)")
                #expect(fields["width"] == "1180" && fields["height"] == "2556" && fields["r_frame_rate"] == "30/1", "\(fields)")
                #expect(fields["nb_read_frames"] == "\(walkthrough.frames)")
                let duration = try #require(fields["duration"].flatMap(Double.init))
                #expect(abs(duration - walkthrough.duration) < 1.0 / 30, "\(walkthrough.file): \(duration) s, timeline \(walkthrough.duration) s")
            }
            // Accepting: consent → explainer → tracking prompt → location prompt; declining ends at once.
            let accepting = try #require(timeline.walkthroughs.first)
            #expect(accepting.screens.map(\.step) == ["consent", "explain", "att", "location"])
            #expect(accepting.taps.map(\.role) == [.accept, .continue, .allow, .allowWhileUsing] && accepting.ends == "end:home")
            let declining = try #require(timeline.walkthroughs.last)
            #expect(declining.screens.map(\.step) == ["consent"] && declining.taps.map(\.role) == [.decline] && declining.ends == "end:home")
            // Each screen held about two seconds.
            #expect(accepting.duration > 7.5 && accepting.duration < 9.5)
        }
    }

    @Test func everyTapLiesInsideItsButtonAndTheCircleShowsThere() throws {
        let pack = try Self.pack.get()
        for language in ["en", "zh-Hans"] {
            let timeline = try JSONDecoder().decode(WalkthroughTimeline.self, from: Data(contentsOf: pack.url("\(language)/walkthrough.json")))
            for walkthrough in timeline.walkthroughs {
                for tap in walkthrough.taps {
                    let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: pack.url("\(language)/\(tap.step).links.json")))
                    let button = try #require(map.buttons.first { $0.role == tap.role })
                    #expect(button.rect.contains(Rect(x: tap.point.x, y: tap.point.y, width: 0, height: 0)),
                            "\(language) \(tap.step) \(tap.role): \(tap.point) outside \(button.rect)")
                    #expect(button.label == tap.label)
                }
            }
            // At the first tap's time the circle covers the button's centre; a moment before it does not.
            let accepting = try #require(timeline.walkthroughs.first)
            let video = pack.url("\(language)/walkthrough.mp4")
            for tap in accepting.taps.prefix(2) {
                let index = Int((tap.time * 30).rounded())
                let at = try Self.frame(index, of: video), before = try Self.frame(index - 3, of: video)
                let x = Int(tap.point.x * timeline.scale), y = Int(tap.point.y * timeline.scale)
                func difference(_ dx: Int, _ dy: Int) -> Int {
                    let a = at.color(x: x + dx, y: y + dy), b = before.color(x: x + dx, y: y + dy)
                    return abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
                }
                let inside = [(0, 30), (30, 0), (-30, 0), (0, -30), (20, 20)].map { difference($0.0, $0.1) }
                #expect(inside.allSatisfy { $0 > 40 }, "\(language) \(tap.step): the circle should change the button's pixels, \(inside)")
                // Far from the tap (150 points away) nothing changes.
                #expect(difference(0, -450) < 20 || y < 450)
            }
        }
    }

    @Test func thePDFHasAPagePerStepEveryURLAndRasterises() throws {
        let pack = try Self.pack.get()
        let pdf = pack.url("review.pdf")
        let info = try Self.tool("pdfinfo", [pdf.path])
        #expect(info.status == 0, "\(info.stderr)")
        let pages = try #require(info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }
            .flatMap { Int($0.split(separator: " ").last ?? "") })
        // A cover, per language a chart and four steps, a summary.
        #expect(pages >= 1 + 2 * (1 + 4) + 1, "\(info.stdout)")
        #expect(info.stdout.contains("Dec  1 00:00:00 2026"), "the date given, and no other: \(info.stdout)")
        let text = try Self.tool("pdftotext", ["-layout", pdf.path, "-"]).stdout
        var urls = Set<String>()
        for language in ["en", "zh-Hans"] {
            for step in ["consent", "explain", "att", "location"] {
                let map = try JSONDecoder().decode(LinkMap.self, from: Data(contentsOf: pack.url("\(language)/\(step).links.json")))
                urls.formUnion(map.links.map(\.url))
            }
        }
        #expect(!urls.isEmpty)
        for url in urls {
            // pdftotext may break a long URL over lines; the text holds it whole once the breaks are gone.
            #expect(text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "").contains(url), "\(url) missing")
        }
        #expect(text.contains("Consent flow review") && text.contains("step 4 of 4: location") && text.contains("Summary of lint results"))
        // The cover's count of lint warnings is the summary's, language by language added up.
        let plain = try Self.tool("pdftotext", [pdf.path, "-"]).stdout.replacingOccurrences(of: "\n", with: " ")
        func number(before word: String, after marker: String, in text: String) -> Int? {
            guard let range = text.range(of: marker) else { return nil }
            let rest = text[range.upperBound...]
            guard let end = rest.range(of: " \(word)") else { return nil }
            return Int(rest[..<end.lowerBound].split(separator: " ").last ?? "")
        }
        let coverWarnings = try #require(number(before: "warning", after: "screens' lint (", in: plain.replacingOccurrences(of: "errors,", with: "errors ,")
            .replacingOccurrences(of: "error,", with: "error ,")))
        var summaryWarnings = 0
        for language in ["English (en): 4 screens,", "Chinese, Simplified (zh-Hans): 4 screens,"] {
            summaryWarnings += try #require(number(before: "warning", after: language, in: plain.replacingOccurrences(of: "errors,", with: "errors ,")
                .replacingOccurrences(of: "error,", with: "error ,")))
        }
        #expect(coverWarnings == summaryWarnings, "cover \(coverWarnings), summary \(summaryWarnings)")
        #expect(text.contains("“同意并继续”") || text.contains("同意"), "the Chinese buttons' words are searchable text")
        // Every URL is a clickable link too.
        let links = try Self.tool("pdfinfo", ["-url", pdf.path]).stdout
        for url in urls { #expect(links.contains(url), "\(url) is not a link annotation") }
        // Every page rasterises.
        let temporary = TemporaryFolder()
        let raster = try Self.tool("pdftoppm", ["-r", "20", "-png", pdf.path, temporary.url.appendingPathComponent("page").path])
        #expect(raster.status == 0, "\(raster.stderr)")
        let rendered = try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).filter { $0.hasSuffix(".png") }
        #expect(rendered.count == pages)
    }

    @Test func theSameReviewAndDateGiveTheSameBytesAndABadDateIsRefused() throws {
        let pack = try Self.pack.get()
        let temporary = TemporaryFolder()
        let flowURL = temporary.url.appendingPathComponent("flow.json")
        try Data(FlowTests.good.utf8).write(to: flowURL)
        let again = temporary.url.appendingPathComponent("again")
        let run = try runRenderCLI(["review", "--document", "Samples/privacy-agreement", "--flow", flowURL.path, "--languages", "en,zh-Hans",
                                    "--date", "2026-12-01", "--jobs", "1", "--out", again.path])
        #expect(run.status == 0, "\(run.stderr)")
        for file in ["review.pdf", "notes.txt", "en/walkthrough.json", "zh-Hans/flow.png", "zh-Hans/walkthrough-decline.mp4"] {
            #expect(try Data(contentsOf: pack.url(file)) == Data(contentsOf: again.appendingPathComponent("iphone-15-pro/\(file)")), "\(file)")
        }
        for bad in ["2026-02-30", "1.12.2026", "2026-12"] {
            let refused = try runRenderCLI(["review", "--document", "Samples/launch-consent", "--date", bad, "--out",
                                            temporary.url.appendingPathComponent("bad").path])
            #expect(refused.status == 2 && refused.stderr.contains("--date '\(bad)' is not a date"), "\(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: temporary.url.appendingPathComponent("bad").path))
    }

    @Test func aKilledReviewStopsFFmpegAndLeavesNoPartialVideo() throws {
        let temporary = TemporaryFolder()
        let out = temporary.url.appendingPathComponent("review")
        let process = Process()
        process.executableURL = renderCLI
        process.arguments = ["review", "--document", "Samples/launch-consent", "--languages", "all", "--jobs", "1", "--out", out.path]
        process.currentDirectoryURL = repositoryRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until ffmpeg is writing a video (its hidden temporary exists), then stop the run.
        func partials() -> [String] {
            (FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".tmp") }
        }
        let deadline = Date().addingTimeInterval(120)
        var seen: [String] = []
        while Date() < deadline, process.isRunning {
            seen = partials().filter { $0.contains("walkthrough") }
            if !seen.isEmpty { break }
            usleep(20_000)
        }
        try #require(!seen.isEmpty, "no walkthrough was being written")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGTERM)
        #expect(partials().isEmpty, "\(partials())")
        // No ffmpeg is left writing the file.
        let commandLines = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { pid -> String? in
            guard Int(pid) != nil, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            return String(decoding: data, as: UTF8.self)
        } ?? []
        #expect(!commandLines.contains { $0.contains("ffmpeg") && $0.contains(out.path) })
    }

    @Test func aLanguageAStepLacksIsRefusedWholeAndARerunClearsTheFolder() throws {
        let temporary = TemporaryFolder()
        let out = temporary.url.appendingPathComponent("review")
        let refused = try runRenderCLI(["review", "--document", "Samples/launch-consent", "--languages", "en,ja", "--out", out.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("ja, step 'consent'") && refused.stderr.contains("has no language file for 'ja'")
                && refused.stderr.contains("ja, step 'confirm'") && refused.stderr.contains("nothing was written"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // A first language without iOS's prompt words is named with every other screen, not alone.
        let french = try runRenderCLI(["review", "--document", "Samples/launch-consent", "--languages", "fr", "--out", out.path])
        #expect(french.status == 2 && french.stderr.contains("fr, step 'consent'") && french.stderr.contains("fr, step 'location'")
                && french.stderr.contains("fr, step 'notifications'"), "\(french.stderr)")
        // An earlier review's other language, and a killed run's temporary file, are gone after the next run.
        let first = try runRenderCLI(["review", "--document", "Samples/att-explainer", "--languages", "en,ja", "--out", out.path])
        #expect(first.status == 0, "\(first.stderr)")
        let stray = out.appendingPathComponent("iphone-15-pro/en/.walkthrough.mp4.\(UUID().uuidString).tmp")
        try Data("partial".utf8).write(to: stray)
        let mine = out.appendingPathComponent("MY-NOTES.txt")
        try Data("the user's".utf8).write(to: mine)
        let second = try runRenderCLI(["review", "--document", "Samples/att-explainer", "--languages", "en,EN", "--out", out.path])
        #expect(second.status == 0 && second.stderr.contains("--languages names 'en' more than once"), "\(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: mine.path), "a file the review did not write stays")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("iphone-15-pro/ja").path))
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("iphone-15-pro/en/walkthrough.mp4").path))
        // The tracking prompt is drawn over the explainer, as the sample's flow says ("over": "explain").
        let att = try Bitmap(contentsOfPNG: out.appendingPathComponent("iphone-15-pro/en/att.png"))
        let explainer = try Bitmap(contentsOfPNG: out.appendingPathComponent("iphone-15-pro/en/explain.png"))
        let corner = (x: 30, y: 900)
        let a = att.color(x: corner.x, y: corner.y), e = explainer.color(x: corner.x, y: corner.y)
        #expect(a.red < e.red && a.red > e.red / 3, "the explainer shows dimmed behind the alert: \(a) over \(e)")
    }
}
