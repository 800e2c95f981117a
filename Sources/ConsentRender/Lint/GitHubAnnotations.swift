import Foundation

/// GitHub Actions workflow commands (`::error file=…,line=…::message`), so lint errors and golden
/// failures show inline on a pull request without uploads. Printed when `GITHUB_ACTIONS=true`.
public enum GitHubAnnotations {
    /// Whether the process runs in GitHub Actions.
    public static func enabled(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// One annotation line: `level` is `error`, `warning` or `notice`; `file` relative to `base`
    /// when inside it.
    public static func line(_ level: String, title: String, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
                            base: URL) -> String {
        var properties: [String] = []
        if let file {
            let absolute = URL(fileURLWithPath: file, relativeTo: base).standardizedFileURL.path
            let root = base.standardizedFileURL.path
            properties.append("file=" + escapedProperty(absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : absolute))
            if let line { properties.append("line=\(line)") }
            if let column { properties.append("col=\(column)") }
        }
        properties.append("title=" + escapedProperty(title))
        return "::\(level) \(properties.joined(separator: ","))::\(escapedData(message))"
    }

    /// The annotations of lint `findings`: errors as errors, warnings as warnings; one for each
    /// place and message, however many screens it was found on (GitHub shows a handful a step).
    public static func lint(_ findings: [LintFinding], base: URL) -> [String] {
        var order: [String] = []
        var groups: [String: [LintFinding]] = [:]
        for finding in findings {
            let source = finding.source
            let key = [finding.severity.rawValue, finding.rule.rawValue, source?.file ?? "", "\(source?.line ?? 0)", "\(source?.column ?? 0)",
                       finding.element, finding.message].joined(separator: "\u{1F}")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(finding)
        }
        return order.compactMap { key in
            guard let group = groups[key], let finding = group.first else { return nil }
            let cell = finding.variant.map { variant in variant["device"] != nil ? " [\(RenderVariant(record: variant).path)" : "" } ?? ""
            let more = group.count > 1 && !cell.isEmpty ? " and \(group.count - 1) more screen\(group.count == 2 ? "" : "s")]" : cell.isEmpty ? "" : "]"
            return line(finding.severity == .error ? "error" : "warning", title: "\(finding.rule)\(cell)\(more)",
                        message: "\(finding.element): \(finding.message)", file: finding.source?.file, line: finding.source?.line,
                        column: finding.source?.column, base: base)
        }
    }

    /// The annotations of a golden run's failures, at the cell's golden image.
    public static func golden(_ report: GoldenReport, goldenFolder: URL, base: URL) -> [String] {
        report.failures.map { failure in
            let image = goldenFolder.appendingPathComponent(failure.cell + ".png").path
            return line("error", title: "golden \(failure.cell)", message: failure.reasons.joined(separator: "\n")
                            + (failure.artifacts.map { "\nartifacts: \($0.path)" } ?? ""),
                        file: FileManager.default.fileExists(atPath: image) ? image : nil, base: base)
        }
    }

    /// GitHub's escaping of a command's data: `%`, CR and LF.
    static func escapedData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub's escaping of a property value: the data's, plus `:` and `,`.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
