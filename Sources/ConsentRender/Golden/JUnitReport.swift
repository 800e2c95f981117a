import Foundation

/// A golden run as JUnit XML, the format CI systems show test results in (Jenkins, GitLab, GitHub
/// test reporters): one `<testsuite>` per document, one `<testcase>` per cell named by its path.
///
/// A mismatch is a `<failure>` (its message the first reason, its text every reason with the diff
/// figures); a cell that could not be drawn from its input, or failed for a cause outside it, an
/// `<error>`. Each failure's images (expected, actual, diff) are attachments in the two forms CI
/// readers take: `[[ATTACHMENT|path]]` lines in the case's `<system-out>` (GitLab, Jenkins'
/// JUnit Attachments plugin) and `<property name="attachment" …>` entries in its suite's
/// `<properties>` (the Jenkins schema, `junit-10.xsd`, allows properties on suites only). It
/// validates against that schema (Schemas/junit-10.xsd).
public enum JUnitReport {
    /// The first line of every report render-cli writes: how a later run knows the file is its own.
    public static let mark = "<!-- JUnit report written by render-cli (ConsentRender); a later run may replace it -->"

    /// The images a failed cell's artifacts folder may hold, in the order they are attached.
    static let attachedImages = ["expected.png", "actual.png", "diff.png"]

    /// The report of `report`, which took `seconds`.
    public static func golden(_ report: GoldenReport, seconds: Double) -> Data {
        var documents: [String] = []
        var cases: [String: [(cell: String, outcome: GoldenOutcome)]] = [:]
        for entry in report.outcomes {
            let document = String(entry.cell.split(separator: "/").first ?? Substring(entry.cell))
            if cases[document] == nil { documents.append(document) }
            cases[document, default: []].append(entry)
        }
        func isError(_ failure: GoldenFailure) -> Bool { failure.badInput || failure.environmentFailure || failure.refusedOverwrite }
        let failures = report.failures.filter { !isError($0) }.count
        let errors = report.failures.count - failures
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", mark,
                     "<testsuites name=\"golden\" tests=\"\(report.outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
                         + "time=\"\(format(seconds))\">"]
        for document in documents {
            let entries = cases[document] ?? []
            let suiteFailures = entries.filter { if case let .failed(failure) = $0.outcome { !isError(failure) } else { false } }.count
            let suiteErrors = entries.filter { if case let .failed(failure) = $0.outcome { isError(failure) } else { false } }.count
            lines.append("  <testsuite name=\"\(escaped(document))\" tests=\"\(entries.count)\" failures=\"\(suiteFailures)\" "
                         + "errors=\"\(suiteErrors)\" skipped=\"0\">")
            // Each image once; its path names its cell.
            let attachments = entries.flatMap { entry -> [(String, String)] in
                guard case let .failed(failure) = entry.outcome else { return [] }
                return images(of: failure).map { (entry.cell, $0) }
            }
            if !attachments.isEmpty {
                lines.append("    <properties>")
                for (_, path) in attachments {
                    lines.append("      <property name=\"attachment\" value=\"\(escaped(path))\"/>")
                }
                lines.append("    </properties>")
            }
            for (cell, outcome) in entries {
                let opening = "    <testcase name=\"\(escaped(cell))\" classname=\"golden.\(escaped(document))\""
                switch outcome {
                case .passed:
                    lines.append(opening + "/>")
                case .recorded, .rerecorded:
                    lines.append(opening + ">")
                    lines.append("      <system-out>\(outcome == .recorded ? "recorded" : "re-recorded"): no golden was compared</system-out>")
                    lines.append("    </testcase>")
                case let .failed(failure):
                    let element = isError(failure) ? "error" : "failure"
                    // A cell with no golden to compare is "missing", not a mismatch.
                    let missing = failure.reasons.contains { $0.hasPrefix("no golden at ") }
                    let type = failure.environmentFailure ? "environment" : failure.badInput ? "bad-input"
                        : failure.refusedOverwrite ? "refused-overwrite" : missing ? "missing" : "mismatch"
                    var text = failure.reasons
                    if !failure.environmentChanges.isEmpty {
                        text.append("this machine differs from the one that recorded the goldens: "
                                    + failure.environmentChanges.joined(separator: ", "))
                    }
                    lines.append(opening + ">")
                    lines.append("      <\(element) type=\"\(type)\" message=\"\(escaped(failure.reasons.first ?? "failed"))\">"
                                 + escaped(text.joined(separator: "\n"), inAttribute: false) + "</\(element)>")
                    var out = images(of: failure).map { "[[ATTACHMENT|\($0)]]" }
                    if let folder = failure.artifacts { out.append("artifacts: \(folder.path)") }
                    if !out.isEmpty { lines.append("      <system-out>\(escaped(out.joined(separator: "\n"), inAttribute: false))</system-out>") }
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The images in a failure's artifacts folder: relative to the current folder when inside it
    /// (GitLab reads only paths relative to the project's folder), else absolute.
    static func images(of failure: GoldenFailure) -> [String] {
        guard let folder = failure.artifacts else { return [] }
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        return attachedImages.map { folder.appendingPathComponent($0).standardizedFileURL.path }
            .filter { FileManager.default.fileExists(atPath: $0) }
            .map { $0.hasPrefix(base + "/") ? String($0.dropFirst(base.count + 1)) : $0 }
    }

    static func format(_ seconds: Double) -> String { String(format: "%.3f", max(0, seconds)) }

    /// `text` safe in XML 1.0 text and attribute values: `& < > "` escaped, line breaks and tabs
    /// as character references in an attribute (kept in text), and the control characters XML
    /// cannot hold left out.
    static func escaped(_ text: String, inAttribute: Bool = true) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += inAttribute ? "&#10;" : "\n"
            case "\r": result += "&#13;"
            case "\t": result += inAttribute ? "&#9;" : "\t"
            default:
                let value = scalar.value
                // XML 1.0's Char: no other C0 control, no U+FFFE/U+FFFF.
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether the file at `path` is a report render-cli wrote (its second line is the mark).
    public static func isOwn(fileAt path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        return String(decoding: head, as: UTF8.self).split(separator: "\n", maxSplits: 2).dropFirst().first.map(String.init) == mark
    }

    /// A lint run as JUnit: one suite for the document, a case per screen checked (failed when it
    /// has errors; its warnings in `<system-out>`), and one for the document and its flow as a whole.
    public static func lint(_ findings: [LintFinding], document: String, cells: [RenderVariant], seconds: Double) -> Data {
        var byCell: [String: [LintFinding]] = [:]
        var whole: [LintFinding] = []
        for finding in findings {
            if let variant = finding.variant, variant["device"] != nil {
                byCell[RenderVariant(record: variant).path, default: []].append(finding)
            } else {
                whole.append(finding)
            }
        }
        var cases: [(name: String, findings: [LintFinding])] = cells.map { ($0.path, byCell[$0.path] ?? []) }
        cases.append(("\(document) (document and flow)", whole))
        let failed = cases.filter { $0.findings.contains { $0.severity == .error } }.count
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", mark,
                     "<testsuites name=\"lint\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" time=\"\(format(seconds))\">",
                     "  <testsuite name=\"\(escaped(document))\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">"]
        for (name, findings) in cases {
            let opening = "    <testcase name=\"\(escaped(name))\" classname=\"lint.\(escaped(document))\""
            guard !findings.isEmpty else {
                lines.append(opening + "/>")
                continue
            }
            lines.append(opening + ">")
            let errors = findings.filter { $0.severity == .error }
            if let first = errors.first {
                lines.append("      <failure type=\"lint\" message=\"\(escaped("\(errors.count) error\(errors.count == 1 ? "" : "s"): \(first.rule) \(first.element)"))\">"
                             + escaped(errors.map(\.description).joined(separator: "\n"), inAttribute: false) + "</failure>")
            }
            let warnings = findings.filter { $0.severity == .warning }
            if !warnings.isEmpty {
                lines.append("      <system-out>\(escaped(warnings.map(\.description).joined(separator: "\n"), inAttribute: false))</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A matrix run as JUnit: a case per cell, named by its path; a cell that failed to render is an
    /// `<error>` with its message (type `environment` for a cause outside its input), one left out
    /// because ConsentRender has none of iOS's words in its language is `<skipped>`.
    public static func matrix(_ results: [MatrixRender.CellResult], document: String, seconds: Double) -> Data {
        let skipped = results.filter { $0.missingWords?.severity == .warning }.count
        let errors = results.filter { $0.error != nil && $0.missingWords?.severity != .warning }.count
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", mark,
                     "<testsuites name=\"matrix\" tests=\"\(results.count)\" failures=\"0\" errors=\"\(errors)\" time=\"\(format(seconds))\">",
                     "  <testsuite name=\"\(escaped(document))\" tests=\"\(results.count)\" failures=\"0\" errors=\"\(errors)\" skipped=\"\(skipped)\">"]
        for result in results {
            let opening = "    <testcase name=\"\(escaped(result.cell.path))\" classname=\"matrix.\(escaped(document))\""
            guard let error = result.error else {
                lines.append(opening + "/>")
                continue
            }
            lines.append(opening + ">")
            if result.missingWords?.severity == .warning {
                lines.append("      <skipped message=\"\(escaped(error))\"/>")
            } else {
                let type = result.errorCause == .environment ? "environment" : "bad-input"
                lines.append("      <error type=\"\(type)\" message=\"\(escaped(error))\">\(escaped(error, inAttribute: false))</error>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}
