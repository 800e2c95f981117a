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
}
