import Foundation
import Testing
@testable import ConsentRender

/// Issue 28, point 13, and issue 29, point 9: the documentation's examples (README.md and every
/// page of docs/) are run, so the documentation cannot drift from what the tool does.
///
/// Every fenced block with a line starting `render-cli` (or `$ render-cli`) is run by `/bin/sh` in a
/// scratch folder that holds the checkout's `Samples` and `DeviceProfiles`, with `render-cli` on the
/// `PATH`, and must succeed. What README shows of the output is compared with what the command
/// prints: the lines under a `$ render-cli …` line (`…` stands for anything), a trailing
/// `# … = N cells` count, and a file excerpt after `<!-- example: file PATH of: COMMAND -->` (JSON
/// compared key by key, arrays by their first items; text line by line). A comment before a block
/// says how else to take it: `<!-- example: skip (reason) -->`, or `<!-- example: add OPTIONS
/// (reason) -->` to run it on a reduced axis.
@Suite struct ReadmeExampleTests {
    /// README's library example is the consumer test's code, line for line: that test compiles and
    /// runs it against the public API only (Tests/ConsumerTests).
    /// The lint rule tables are generated from the rule files (`render-cli help rules`): docs/lint.md
    /// holds every rule but the flow rules, docs/review-pack.md the flow rules.
    @Test(arguments: [("docs/lint.md", false), ("docs/review-pack.md", true)])
    func theRuleTablesAreTheRuleFiles(page: String, flow: Bool) throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(page), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "| rule | severity | what it checks | source |"), "\(page) has no rule table")
        #expect(lines[start - 2].hasPrefix("<!-- rules: generated"), "\(page): the table's marker")
        let table = lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        let expected = LintRuleInfo.markdownTable(LintRuleInfo.builtIn.filter { $0.rule.rawValue.hasPrefix("flow.") == flow })
        #expect(table == expected, "\(page)'s rule table is not the rule files'; paste the rows render-cli help rules prints")
    }

    /// docs/cli.md's usage block is what `render-cli help usage` prints, every line of it (the
    /// example check only finds each shown line among the printed ones).
    @Test func theUsageBlockIsTheGeneratedUsage() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(page.firstIndex(of: "$ render-cli help usage"), "docs/cli.md has no usage block")
        let block = page[(start + 1)...].prefix { !$0.hasPrefix("```") }.joined(separator: "\n")
        let run = try runRenderCLI(["help", "usage"])
        #expect(run.status == 0)
        #expect(block == run.stdout.trimmingCharacters(in: .newlines), "docs/cli.md's usage block is stale: paste what render-cli help usage prints")
    }

    @Test func theLibraryExampleIsTheConsumerTestsCode() throws {
        let pages = try Self.documents.map { try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n") }
        let readme = try #require(pages.first { $0.contains { $0.hasPrefix("<!-- example: library") } })
        let start = try #require(readme.firstIndex { $0.hasPrefix("<!-- example: library") })
        let block = Array(readme[(start + 2)...].prefix { !$0.hasPrefix("```") })
        let test = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/ConsumerTests/ConsumerTests.swift"), encoding: .utf8)
            .components(separatedBy: "\n")
        let begin = try #require(test.firstIndex { $0.contains("// example: begin") })
        let end = try #require(test.firstIndex { $0.contains("// example: end") })
        let lines = test[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
        #expect(block == Array(lines))
        #expect(lines.count <= 10, "a team renders and golden-checks a screen in at most ten lines")
    }


    struct Example: Sendable, CustomTestStringConvertible {
        enum Kind: Sendable {
            case commands
            case skipped(reason: String)
            case reduced(options: String)
            case file(path: String, command: String)
        }

        /// The page, relative to the checkout (`README.md`, `docs/lint.md`).
        var file: String
        var line: Int
        var kind: Kind
        var text: [String]

        var testDescription: String { "\(file) line \(line)" }
    }

    /// README and every page of `docs/`: the documentation whose examples are run.
    static let documents: [URL] = {
        let docs = repositoryRoot.appendingPathComponent("docs")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return [repositoryRoot.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) }
    }()

    /// The blocks of the documentation that are examples, with the comment before each.
    static let examples: [Example] = documents.flatMap { url in
        examples(in: (try? String(contentsOf: url, encoding: .utf8))?.components(separatedBy: "\n") ?? [],
                 file: url.path.replacingOccurrences(of: repositoryRoot.path + "/", with: ""))
    }

    /// The example blocks of one page.
    static func examples(in lines: [String], file: String) -> [Example] {
        var examples: [Example] = []
        var marker: (line: Int, text: String)?
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<!-- example:"), line.hasSuffix("-->") {
                marker = (index, String(line.dropFirst("<!-- example:".count).dropLast(3)).trimmingCharacters(in: .whitespaces))
                index += 1
                continue
            }
            guard line.hasPrefix("```") else {
                if !line.isEmpty { marker = marker.flatMap { index - $0.line <= 2 ? $0 : nil } }
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
            let block = Array(lines[start..<min(end, lines.count)])
            let runsTheTool = block.contains { $0.hasPrefix("render-cli ") || $0.hasPrefix("$ render-cli ") }
            if let marker {
                let text = marker.text
                let kind: Example.Kind
                if text.hasPrefix("skip") {
                    kind = .skipped(reason: text.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: " ()")))
                } else if text.hasPrefix("library") {
                    // Swift, not a command: theLibraryExampleIsTheConsumerTestsCode holds it to the consumer test.
                    kind = .skipped(reason: text.dropFirst(7).trimmingCharacters(in: CharacterSet(charactersIn: " ()")))
                } else if text.hasPrefix("add ") {
                    let rest = text.dropFirst(4)
                    kind = .reduced(options: String(rest.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces))
                } else if text.hasPrefix("file "), let of = text.range(of: " of: ") {
                    kind = .file(path: String(text[text.index(text.startIndex, offsetBy: 5)..<of.lowerBound]),
                                 command: String(text[of.upperBound...]))
                } else {
                    kind = .skipped(reason: "")
                }
                examples.append(Example(file: file, line: start, kind: kind, text: block))
            } else if runsTheTool {
                examples.append(Example(file: file, line: start, kind: .commands, text: block))
            }
            marker = nil
            index = end + 1
        }
        return examples
    }

    /// A command of a block: its shell text, the output README shows under it, and a claimed cell count.
    struct Command {
        var shell: String
        var shown: [String] = []
        var cells: Int?
    }

    /// The block as commands to run. A block with `$ render-cli` lines is a transcript: each such
    /// command is run alone and the lines under it are its output. Any other block is one shell
    /// script (heredocs and all), its `render-cli` lines given `options` and without their comments.
    static func commands(in block: [String], adding options: String?) -> [Command] {
        let transcript = block.contains { $0.hasPrefix("$ render-cli ") }
        var commands: [Command] = []
        var script: [String] = []
        var claims: [Int] = []
        var pending: String?
        for raw in block {
            let isPrompt = raw.hasPrefix("$ render-cli ")
            let isCommand = isPrompt || (!transcript && raw.hasPrefix("render-cli "))
            guard pending != nil || isCommand else {
                if transcript {
                    if !commands.isEmpty { commands[commands.count - 1].shown.append(raw) }
                } else {
                    script.append(raw)
                }
                continue
            }
            var line = isPrompt ? String(raw.dropFirst(2)) : raw
            if let hash = line.range(of: "  # ") {
                let comment = line[hash.upperBound...]
                if let equals = comment.range(of: "= ", options: .backwards),
                   let count = Int(comment[equals.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) {
                    claims.append(count)
                }
                line = String(line[..<hash.lowerBound])
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let continues = trimmed.hasSuffix("\\")
            pending = (pending.map { $0 + " " } ?? "") + (continues ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : trimmed)
            if continues { continue }
            let command = pending! + (options.map { " " + $0 } ?? "")
            pending = nil
            if transcript {
                commands.append(Command(shell: command, cells: claims.popLast()))
            } else {
                script.append(command)
            }
        }
        if !transcript {
            commands.append(Command(shell: "set -e\n" + script.joined(separator: "\n"), cells: claims.last))
        }
        return commands
    }

    /// A scratch folder with the checkout's samples and profiles, and `render-cli` on the PATH.
    static func sandbox() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for name in ["Samples", "DeviceProfiles"] {
            try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent(name),
                                                       withDestinationURL: repositoryRoot.appendingPathComponent(name))
        }
        let bin = folder.url.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("render-cli"), withDestinationURL: renderCLI)
        return folder
    }

    static func shell(_ command: String, in folder: TemporaryFolder) throws -> CLIRun {
        let path = folder.url.appendingPathComponent(".bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: ["PATH": path], in: folder.url)
    }

    /// Whether `line`, where `…` stands for anything, is one of the printed lines.
    static func printed(_ line: String, in output: String) -> Bool {
        let parts = line.components(separatedBy: "…").filter { !$0.isEmpty }
        guard !parts.isEmpty else { return true }
        return output.components(separatedBy: "\n").contains { printedLine in
            var rest = Substring(printedLine)
            for part in parts {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return true
        }
    }

    /// Whether every key of the excerpt has its value in the actual JSON (arrays: the excerpt's items
    /// are the first items of the actual array).
    static func excerpt(_ shown: Any, matches actual: Any, at path: String, differences: inout [String]) {
        switch (shown, actual) {
        case let (shown as [String: Any], actual as [String: Any]):
            for (key, value) in shown {
                guard let other = actual[key] else {
                    differences.append("\(path).\(key) is not in the file")
                    continue
                }
                excerpt(value, matches: other, at: path + "." + key, differences: &differences)
            }
        case let (shown as [Any], actual as [Any]):
            guard shown.count <= actual.count else {
                differences.append("\(path) has \(shown.count) items, the file \(actual.count)")
                return
            }
            for (index, item) in shown.enumerated() {
                excerpt(item, matches: actual[index], at: "\(path)[\(index)]", differences: &differences)
            }
        case let (shown as NSNumber, actual as NSNumber):
            if shown != actual { differences.append("\(path): README \(shown), the file \(actual)") }
        case let (shown as String, actual as String):
            if shown != actual { differences.append("\(path): README '\(shown)', the file '\(actual)'") }
        default:
            differences.append("\(path): README and the file hold different kinds of value")
        }
    }

    @Test func readmeHasExamplesAndEveryMarkerSaysWhy() {
        #expect(Self.examples.count >= 8)
        for example in Self.examples {
            if case let .skipped(reason) = example.kind { #expect(!reason.isEmpty, "\(example.testDescription): a skip says why") }
        }
    }

    @Test(arguments: examples)
    func everyReadmeExampleRunsAsShown(_ example: Example) throws {
        let folder = try Self.sandbox()
        switch example.kind {
        case .skipped:
            return
        case let .file(path, command):
            let run = try Self.shell(command, in: folder)
            #expect(run.status == 0, "\(example.testDescription): \(command): \(run.stderr)")
            let data = try Data(contentsOf: folder.url.appendingPathComponent(path))
            let shown = example.text.joined(separator: "\n")
            if let expected = try? JSONSerialization.jsonObject(with: Data(shown.utf8)) {
                var differences: [String] = []
                Self.excerpt(expected, matches: try JSONSerialization.jsonObject(with: data), at: path, differences: &differences)
                #expect(differences.isEmpty, "\(example.testDescription): \(differences.joined(separator: "; "))")
            } else {
                let text = String(decoding: data, as: UTF8.self)
                for line in example.text where !line.isEmpty {
                    #expect(Self.printed(line, in: text), "\(example.testDescription): \(path) has no line '\(line)'")
                }
            }
        case .commands, .reduced:
            var options: String?
            if case let .reduced(added) = example.kind { options = added }
            for command in Self.commands(in: example.text, adding: options) {
                let run = try Self.shell(command.shell, in: folder)
                let output = run.stdout + run.stderr
                if command.shown.isEmpty {
                    #expect(run.status == 0, "\(example.testDescription): \(command.shell) exited \(run.status): \(run.stderr)")
                }
                for line in command.shown where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    #expect(Self.printed(line, in: output), "\(example.testDescription): \(command.shell) did not print '\(line)'; it printed:\n\(output)")
                }
                if let cells = command.cells {
                    let whole = output.range(of: #"of a [0-9]+-cell matrix"#, options: .regularExpression)
                        .map { output[$0].filter(\.isNumber) }
                        ?? output.range(of: #"[0-9]+ cells in"#, options: .regularExpression).map { output[$0].filter(\.isNumber) }
                    #expect(whole == String(cells), "\(example.testDescription): README says \(cells) cells; \(command.shell) printed \(output)")
                }
            }
        }
    }
}
