import Foundation
import Testing
@testable import ConsentRender
@testable import render_cli

/// What the first-user trial of issue 33's worker processes found, each case as the user ran it.
@Suite struct FourthTrialFaultTests {
    let temporary = TemporaryFolder()

    /// `--jobs +2` was read as 2: a count takes no sign.
    @Test func aSignedJobCountIsRefused() throws {
        let out = temporary.url.appendingPathComponent("out")
        let run = try runRenderCLI(["matrix", "--document", "Samples/world-agreement", "--devices", "iphone-se-3", "--jobs", "+2",
                                    "--out", out.path])
        #expect(run.status == 2 && run.stderr.contains("--jobs '+2' must be a number from 1 to 256"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A matrix stopped before any cell was written said that what it had written stayed: until a
    /// cell is written the stop says none was, and after one the usual sentence.
    @Test func aStopBeforeTheFirstCellSaysNoneWasWritten() {
        let saved = StopCleanup.message
        defer { StopCleanup.message = saved }
        let reporter = ProgressReporter(total: 3, linePerCell: false)
        #expect(StopCleanup.message?.hasPrefix("no cell of this run was finished") == true)
        reporter.finished(MatrixRender.CellResult(cell: RenderVariant(device: "iphone-se-3", language: "en"), error: "a cell that failed", errorCause: nil, warnings: []))
        #expect(StopCleanup.message?.hasPrefix("no cell of this run was finished") == true, "a failed cell writes nothing")
        reporter.finished(MatrixRender.CellResult(cell: RenderVariant(device: "iphone-se-3", language: "en"), error: nil, errorCause: nil, warnings: []))
        #expect(StopCleanup.message == nil, "after a written cell, the sentence about files written before")
    }

    /// The refusal of a folder holding the user's files says what a matrix would do there, not
    /// that it overwrites "its" files (which a folder of its own allows).
    @Test func aMatrixRefusingAFolderOfTheUsersSaysWhatItWouldDo() throws {
        let out = temporary.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("my notes".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let run = try runRenderCLI(["matrix", "--document", "Samples/world-agreement", "--devices", "iphone-se-3", "--languages", "en",
                                    "--out", out.path])
        #expect(run.status != 0 && run.stderr.contains("already holds files ConsentRender did not write (notes.txt…), and a matrix "
                                                        + "run writes and replaces files there; nothing was touched"), "\(run.stderr)")
        #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "my notes")
    }

    /// `--jbos` was taken for `--ios` (two substitutions, as near as one deletion and one
    /// substitution): swapped neighbours count as one edit.
    @Test func swappedLettersSuggestTheOptionMeant() throws {
        let run = try runRenderCLI(["matrix", "--document", "Samples/world-agreement", "--jbos", "2",
                                    "--out", temporary.url.appendingPathComponent("o").path])
        #expect(run.status == 2 && run.stderr.contains("Did you mean --jobs?"), "\(run.stderr)")
        #expect(editDistance("jbos", "jobs") == 1 && editDistance("jbos", "ios") == 2 && editDistance("abc", "abc") == 0)
        #expect(editDistance("kitten", "sitting") == 3 && editDistance("", "ab") == 2 && editDistance("ca", "abc") == 3)
    }

    /// `--languages en,EN` made en.png and EN.png, one file on a case-insensitive disk: tags do not
    /// differ by letter case, so they are one cell, named as BCP 47 writes the tag.
    @Test func languagesThatDifferOnlyInLetterCaseAreOneCell() throws {
        let out = temporary.url.appendingPathComponent("cases")
        let run = try runRenderCLI(["matrix", "--document", "Samples/world-agreement", "--devices", "iphone-se-3", "--orientations", "portrait",
                                    "--appearances", "light", "--languages", "en,EN,zh-hans,ZH-Hans", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("iphone-se-3/portrait-light").path)
            .filter { $0.hasSuffix(".png") }.sorted()
        #expect(pngs == ["en.png", "zh-Hans.png"], "\(pngs)")
    }

    /// `bench --matrix` stopped while its runs render: one line says what the stop did, nothing
    /// claims a run failed, it exits 130, and its scratch folder is gone (it was left, half
    /// removed, when the command's own thread exited first).
    @Test func aStoppedBenchOfTheTeamMatrixRemovesItsScratchFolder() throws {
        let temporaryDirectory = temporary.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = renderCLI
        process.arguments = ["bench", "--matrix", "400"]
        process.currentDirectoryURL = repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaryDirectory.path]) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Stopped once a run has written cells into the scratch folder.
        let deadline = Date().addingTimeInterval(120)
        func cellsWritten() -> Int {
            (FileManager.default.enumerator(atPath: temporaryDirectory.path)?.allObjects as? [String] ?? []).count { $0.hasSuffix(".png") }
        }
        while Date() < deadline, process.isRunning, cellsWritten() < 20 { usleep(50_000) }
        kill(process.processIdentifier, SIGINT)
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(said)")
        #expect(said.components(separatedBy: "stopped by").count == 2 && !said.contains("failed"), "\(said)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path)
        #expect(left.isEmpty, "left in the temporary folder: \(left)")
    }
}
