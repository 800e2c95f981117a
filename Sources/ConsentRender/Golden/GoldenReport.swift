import Foundation

/// Why one cell failed, and where its artifacts are.
public struct GoldenFailure: Sendable, Equatable, CustomStringConvertible {
    /// The cell's path, `<document>/<device>/<orientation>-<appearance>/<language>`.
    public var cell: String
    /// One sentence per problem (image, link map, missing golden, render error).
    public var reasons: [String]
    /// The folder holding expected, actual, diff and side-by-side images for this cell.
    public var artifacts: URL?
    /// How this machine differs from the one that recorded the goldens, when it does.
    public var environmentChanges: [String]
    /// True when the cell was not recorded because its golden is a file golden record did not
    /// write (a usage problem, exit 2, rather than a mismatch).
    public var refusedOverwrite = false
    /// True when the cell could not be drawn from its input (a prompt without its purpose string):
    /// bad input, exit 2, as `matrix` gives it, rather than a mismatch.
    public var badInput = false
    /// True when the cell failed for a cause outside its input (a full disk, a file-size limit, a
    /// Cairo error): an I/O or internal failure, exit 3, never a mismatch.
    public var environmentFailure = false

    public var description: String {
        var text = "\(cell): " + reasons.joined(separator: "; ")
        if let artifacts { text += "\n  artifacts: \(artifacts.path)" }
        if !environmentChanges.isEmpty {
            text += "\n  this machine differs from the one that recorded the goldens: "
                + environmentChanges.joined(separator: ", ")
        }
        return text
    }
}

/// What happened to one cell.
public enum GoldenOutcome: Sendable, Equatable {
    case passed
    /// The golden did not exist and was written.
    case recorded
    /// The golden existed and was rewritten (record mode `failed` or `all`).
    case rerecorded
    case failed(GoldenFailure)
}

/// The result of a golden run: every cell's outcome, orphaned goldens and the failure index.
public struct GoldenReport: Sendable, CustomStringConvertible {
    public var outcomes: [(cell: String, outcome: GoldenOutcome)]
    /// Golden files no matrix cell renders (relative to the golden folder).
    public var orphans: [String]
    /// The `index.html` listing every failure, when there were failures.
    public var index: URL?
    public var recordMode: GoldenRecordMode
    /// Files in the artifacts folder the run kept because they are not the tool's (relative to it).
    public var keptArtifacts: [String] = []
    /// The artifacts folder, for the note about kept files.
    public var artifactsFolder: URL?

    /// Whether a golden was left unrecorded because it is a file the tool did not write.
    public var refusedOverwrite: Bool { failures.contains { $0.refusedOverwrite } }

    /// Whether a cell could not be drawn from its input.
    public var hasBadInput: Bool { failures.contains { $0.badInput } }

    /// Whether a cell failed for a cause outside its input (disk full, Cairo).
    public var hasEnvironmentFailure: Bool { failures.contains { $0.environmentFailure } }

    public var failures: [GoldenFailure] {
        outcomes.compactMap { if case let .failed(failure) = $0.outcome { failure } else { nil } }
    }

    public var passed: Bool { failures.isEmpty }

    func count(_ matches: (GoldenOutcome) -> Bool) -> Int {
        outcomes.filter { matches($0.outcome) }.count
    }

    /// A one-line tally, then every failure and orphan.
    public var description: String {
        let recorded = count { $0 == .recorded }, rerecorded = count { $0 == .rerecorded }
        var lines = ["\(outcomes.count) golden \(outcomes.count == 1 ? "cell" : "cells"): \(count { $0 == .passed }) passed, \(failures.count) failed, "
            + "\(recorded) recorded, \(rerecorded) re-recorded (record mode \(recordMode.rawValue))"]
        lines += failures.map(\.description)
        if let index { lines.append("failure report: \(index.path)") }
        if !keptArtifacts.isEmpty, let artifactsFolder {
            lines.append("note: kept \(keptArtifacts.count == 1 ? "a file" : "\(keptArtifacts.count) files") in \(artifactsFolder.path) "
                + "that render-cli did not write (or that changed since): " + keptArtifacts.joined(separator: ", "))
        }
        if !orphans.isEmpty {
            lines.append("orphaned goldens (no matrix cell renders them; delete them or add their cells): "
                + orphans.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
