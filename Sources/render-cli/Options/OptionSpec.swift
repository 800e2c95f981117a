import Foundation

/// `--format text|json`: what a command prints.
enum TextOrJSON: String, CaseIterable {
    case text
    case json
}

/// What an option takes after its name.
enum OptionValue: Equatable {
    /// `--frame`: given or not; it takes no value.
    case flag
    /// `--bold-text [on|off]`: a setting whose value may be left out (alone, it means on); where
    /// `axis`, it also takes `both` (each cell rendered with it off and on).
    case setting(axis: Bool)
    /// `--name VALUE`, the placeholder saying what VALUE is (`DIR`, `portrait|landscape`).
    case value(String)
}

/// One option of render-cli, declared once: its name, what it takes, its help and its other names.
/// A command takes an option by listing its spec (`CommandSpec`); parsing, `--help`, the usage
/// lines README shows and the option test all come from the specs, so an option cannot be accepted
/// without being declared, nor declared without its help.
struct OptionSpec: Equatable {
    let name: String
    let value: OptionValue
    /// What it does, as prose (wrapped when printed; a "\n" starts a new line).
    let help: String
    /// Other names (`--device` for `--devices`); giving two names of one option is giving it twice.
    var aliases: [String] = []
    /// Whether a run needs it: shown outside the brackets of the usage line.
    var isRequired = false
    /// The one leading word it goes with (`record` for golden's `--mode`), or nil for all of them.
    var onlyWith: String?
    /// Whether it may be given more than once (`--build-setting A=1 --build-setting B=2`).
    var repeatable = false

    init(_ name: String, _ value: OptionValue, aliases: [String] = [], required: Bool = false, onlyWith: String? = nil,
         repeatable: Bool = false, help: String) {
        self.repeatable = repeatable
        self.name = name
        self.value = value
        self.help = help
        self.aliases = aliases
        self.isRequired = required
        self.onlyWith = onlyWith
    }

    /// The option as the usage line writes it: `--orientation portrait|landscape`, `--bold-text [on|off]`.
    var usage: String {
        switch value {
        case .flag: return "--\(name)"
        case .setting(axis: false): return "--\(name) [on|off]"
        case .setting(axis: true): return "--\(name) on|off|both"
        case .value(let placeholder): return "--\(name) \(placeholder)"
        }
    }

    /// The same option with other help: for a command where it means something narrower.
    func with(help: String) -> OptionSpec {
        OptionSpec(name, value, aliases: aliases, required: isRequired, onlyWith: onlyWith, help: help)
    }

    /// The same option, required by a command.
    var required: OptionSpec {
        OptionSpec(name, value, aliases: aliases, required: true, onlyWith: onlyWith, help: help)
    }
}

/// Options that go together (the axes of a matrix, the system chrome), shared between commands
/// the way swift-argument-parser's option groups are; `--help` lists them under their title.
struct OptionGroup {
    let title: String?
    let options: [OptionSpec]

    init(_ title: String?, _ options: [OptionSpec]) {
        self.title = title
        self.options = options
    }
}

/// A subcommand: what it does, its operands and option groups. Its `--help` and usage lines are
/// generated from this and nothing else.
struct CommandSpec {
    let name: String
    /// One line for `render-cli --help`.
    let summary: String
    /// Words written right after the command's name in the usage line (`verify|record`).
    var leadingWords: String?
    /// Arguments that are not options, in order (`EXPECTED.png ACTUAL.png`).
    var operands: [String] = []
    /// Usage lines before the generated one, each after `render-cli <name> ` (`--explain RULE|all`).
    var otherUsages: [String] = []
    /// What the command does, as prose paragraphs (a blank line between them).
    let about: String
    let groups: [OptionGroup]
    /// Said after the options.
    var notes: String?
    /// What its exit statuses mean.
    var exitStatus: String?

    init(_ name: String, summary: String, leadingWords: String? = nil, operands: [String] = [], otherUsages: [String] = [],
         about: String, groups: [OptionGroup], notes: String? = nil, exitStatus: String? = nil) {
        self.name = name
        self.summary = summary
        self.leadingWords = leadingWords
        self.operands = operands
        self.otherUsages = otherUsages
        self.about = about
        self.groups = groups
        self.notes = notes
        self.exitStatus = exitStatus
    }

    /// Every command's spec, in the order `render-cli --help` lists them.
    static let all = [RenderCommand.spec, LintCommand.spec, MatrixCommand.spec, ReviewCommand.spec, AppStoreCommand.spec,
                      PlayCommand.spec, ProfilesCommand.spec, WatchCommand.spec, DiffCommand.spec, BenchCommand.spec, GoldenCommand.spec]

    /// The names of every option some command declares.
    static let declaredAnywhere = Set(all.flatMap { $0.options.map(\.name) })

    /// Every option, in the order the groups list them.
    var options: [OptionSpec] { groups.flatMap(\.options) }

    /// The option named `name` or one of its aliases.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The usage lines: each usage starts `render-cli <name>` (the first after `leading`, the others
    /// under it) and wraps to `width` with its options aligned after the command's name, required
    /// options first and the others in brackets.
    func usageLines(leading: String = "", width: Int = 100) -> [String] {
        let head = "render-cli \(name) "
        let margin = String(repeating: " ", count: leading.count)
        // An option with a usage line of its own (`--explain RULE|all`) is left out of the main one,
        // and `--out` comes last of the required options, after what is read.
        let options = options.filter { option in !otherUsages.contains { $0.contains(option.usage) } }
        // One usage per leading word when an option goes with one of them only (golden verify, golden record).
        let firstWords: [String?] = options.contains { $0.onlyWith != nil }
            ? (leadingWords ?? "").split(separator: "|").map(String.init) : [leadingWords]
        let generated = firstWords.map { word -> [String] in
            let options = options.filter { $0.onlyWith == nil || $0.onlyWith == word }
            let required = options.filter(\.isRequired)
            var words = (word.map { [$0] } ?? []) + operands
            words += (required.filter { $0.name != "out" } + required.filter { $0.name == "out" }).map(\.usage)
            words += options.filter { !$0.isRequired }.map { "[\($0.usage)]" }
            return words
        }
        let usages = otherUsages.map { $0.split(separator: " ").map(String.init) } + generated
        return usages.enumerated().flatMap { index, words in
            wrapWords(words, first: (index == 0 ? leading : margin) + head,
                      indent: margin + String(repeating: " ", count: head.count), width: width)
        }
    }

    /// `render-cli <name> --help`.
    var help: String {
        var text = usageLines(leading: "Usage: ").joined(separator: "\n")
        text += "\n\n" + about.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : wrap(String($0), indent: "", width: 100) }.joined(separator: "\n")
        for group in groups where !group.options.isEmpty {
            text += "\n\n"
            if let title = group.title { text += wrap(title, indent: "", width: 100) + "\n" }
            text += group.options.map(Self.helpEntry).joined(separator: "\n")
        }
        if let notes { text += "\n\n" + wrap(notes, indent: "", width: 100) }
        if let exitStatus { text += "\n\nExit status: " + wrap(exitStatus, indent: "             ", width: 100).dropFirst(13) }
        return text
    }

    /// An option's entry in `--help`: its usage, then its help from column 22 (on the next line
    /// when the usage is longer than that column allows).
    static func helpEntry(_ option: OptionSpec) -> String {
        let column = 21
        var usage = "  " + option.usage
        if !option.aliases.isEmpty { usage += " (or --" + option.aliases.joined(separator: ", --") + ")" }
        let indent = String(repeating: " ", count: column)
        let body = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            .map { wrap(String($0), indent: indent, width: 100) }.joined(separator: "\n")
        if usage.count < column - 1 {
            return usage + String(repeating: " ", count: column - usage.count) + body.dropFirst(column)
        }
        return usage + "\n" + body
    }
}

/// `text` wrapped at spaces to lines of at most `width` characters, each starting with `indent`.
func wrap(_ text: String, indent: String, width: Int) -> String {
    wrapWords(text.split(separator: " ").map(String.init), first: indent, indent: indent, width: width).joined(separator: "\n")
}

/// `words` laid into lines of at most `width` characters (a longer word gets a line of its own):
/// the first starting with `first`, the others with `indent`.
func wrapWords(_ words: [String], first: String, indent: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = first
    var lineIsEmpty = true
    for word in words {
        if !lineIsEmpty, line.count + 1 + word.count > width {
            lines.append(line)
            line = indent
            lineIsEmpty = true
        }
        line += (lineIsEmpty ? "" : " ") + word
        lineIsEmpty = false
    }
    lines.append(line)
    return lines
}
