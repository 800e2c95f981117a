import Foundation

/// A lint run as SARIF 2.1.0 (the format GitHub code scanning and other CI viewers read): one run
/// whose tool lists every built-in rule (its summary, its `--explain` text as help, its default
/// severity and source), and one result per finding, located at the file and line it comes from
/// (`LintFinding.source`), with the cell it was found on in its properties. Validated against the
/// OASIS schema (Schemas/sarif-schema-2.1.0.json) by the tests.
public enum LintSARIF {
    /// The log of `findings`; paths under `base` (the current folder) are given relative to it, as
    /// code scanning matches them against the repository, others as `file://` URIs.
    public static func log(_ findings: [LintFinding], toolVersion: String, base: URL) -> Data {
        let rules = LintRuleInfo.builtIn
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.rule, $0) })
        let ruleObjects: [[String: Any]] = rules.map { info in
            let explanation = info.explanation
            return [
                "id": info.rule.rawValue,
                "name": info.rule.rawValue,
                "shortDescription": ["text": info.summary],
                "fullDescription": ["text": explanation.checks],
                "help": ["text": "What it checks: \(explanation.checks)\nWhy: \(explanation.why)\nHow to fix it: \(explanation.fix)"],
                // "error / warning" rules default to error; a finding says its own level.
                "defaultConfiguration": ["level": info.severity.hasPrefix("warning") ? "warning" : "error"],
                "properties": ["source": info.source],
            ]
        }
        let results: [[String: Any]] = findings.map { finding in
            var result: [String: Any] = [
                "ruleId": finding.rule.rawValue,
                "level": finding.severity == .error ? "error" : "warning",
                "message": ["text": "\(finding.element): \(finding.message)"],
            ]
            if let ruleIndex = index[finding.rule] { result["ruleIndex"] = ruleIndex }
            if let source = finding.source {
                var physical: [String: Any] = ["artifactLocation": ["uri": uri(source.file, base: base)]]
                if let line = source.line {
                    var region: [String: Any] = ["startLine": line]
                    if let column = source.column { region["startColumn"] = column }
                    physical["region"] = region
                }
                result["locations"] = [["physicalLocation": physical]]
            }
            var properties: [String: Any] = ["element": finding.element, "language": finding.language]
            if let variant = finding.variant {
                properties["variant"] = Dictionary(variant.values.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
                if variant["device"] != nil { properties["cell"] = RenderVariant(record: variant).path }
            }
            if let rect = finding.rect {
                properties["rect"] = ["x": rect.x, "y": rect.y, "width": rect.width, "height": rect.height]
            }
            if let keys = finding.keys { properties["keys"] = keys }
            result["properties"] = properties
            return result
        }
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [[
                "tool": ["driver": ["name": "ConsentRender", "version": toolVersion, "informationUri": "https://consentrender.dev",
                                    "rules": ruleObjects]],
                "columnKind": "unicodeCodePoints",
                "results": results,
            ]],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    /// `path` as a SARIF artifact URI: relative to `base` when inside it (percent-encoded), else a file URI.
    static func uri(_ path: String, base: URL) -> String {
        let absolute = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path
        let root = base.standardizedFileURL.path
        if absolute.hasPrefix(root + "/") {
            let relative = String(absolute.dropFirst(root.count + 1))
            return relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
        }
        return URL(fileURLWithPath: absolute).absoluteString
    }
}
