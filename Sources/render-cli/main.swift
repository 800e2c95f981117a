import ConsentRender
internal import CStartup
import Foundation

// A parent (a test runner, a CI agent) may start us with signals blocked, which would make
// Ctrl-C and `kill` do nothing; start from the default that a command-line tool expects. The stop
// signals stay blocked (CStartup blocked them before any library initialised; one that came since
// is pending, for the thread below), so no stop finds the default action.
// The limits (ulimit -v, -n, the control group's memory) read before any thread starts: under an
// address-space limit the allocator keeps to one arena (ResourceLimits).
ResourceLimits.prepareProcess()

var allSignals = sigset_t()
sigfillset(&allSignals)
sigdelset(&allSignals, SIGINT)
sigdelset(&allSignals, SIGTERM)
pthread_sigmask(SIG_UNBLOCK, &allSignals, nil)
_ = consentrender_stop_signals_blocked_at_start()

// Ctrl-C or a kill mid-render, or right at the start (this is the first code that runs, so no
// stop finds the default action): delete the temporary files of writes in progress, so no partial
// PNG or JSON is left behind, then exit as the signal would (128 + its number). The signals are
// blocked in every thread (threads made later inherit the mask) and taken by one waiting thread,
// where cleaning up is safe, unlike in a signal handler.
let stopSignals: sigset_t = {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    return set
}()
var blocked = stopSignals
pthread_sigmask(SIG_BLOCK, &blocked, nil)
let signalWaiter = Thread {
    var set = stopSignals
    var number: Int32 = 0
    guard sigwait(&set, &number) == 0 else { return }
    // First: from here on a command that fails (ffmpeg ended by this stop, say) waits for the stop
    // to end the process, so the signal the user sent decides the exit status.
    StopCleanup.stopping = true
    // A watch stopped between renders has complete output: that is how it ends, not an interruption.
    if let message = IdleStop.stopIfIdle() {
        FileHandle.standardError.write(Data(((isatty(STDERR_FILENO) != 0 ? "\n" : "") + message + "\n").utf8))
        exit(unreadOptionsFault() ? 3 : 0)
    }
    // On a new line (a progress bar may be drawing), and said, so the stop is not mistaken for a crash.
    let name = number == SIGINT ? "SIGINT" : "SIGTERM"
    let newline = isatty(STDERR_FILENO) != 0 ? "\n" : ""
    let message = "\(newline)render-cli: stopped by \(name): " + (StopCleanup.message ?? "files being written were removed; what was "
        + "written before stays, so the output is incomplete until the command runs again") + "\n"
    // An empty message: a run another render-cli started and stopped, which says it itself.
    if StopCleanup.message != "" { FileHandle.standardError.write(Data(message.utf8)) }
    MatrixRender.endWorkers()
    StopCleanup.runAll()
    AtomicFileWriter.removePendingFiles()
    exit(128 + number)
}
signalWaiter.start()
// SIGXFSZ (a file-size limit, `ulimit -f`) would end the process with a core dump mid-write; ignored,
// the write fails with EFBIG and the run exits 3 naming the file, as on a full disk.
signal(SIGXFSZ, SIG_IGN)

/// Each command, in the order `render-cli --help` lists them, with what runs it (returning its exit status).
let commandList: [(spec: CommandSpec, run: ([String]) throws -> Int32)] = [
    (RenderCommand.spec, { try RenderCommand.run($0); return 0 }),
    (LintCommand.spec, LintCommand.run),
    (MatrixCommand.spec, MatrixCommand.run),
    (ReviewCommand.spec, ReviewCommand.run),
    (AppStoreCommand.spec, AppStoreCommand.run),
    (PlayCommand.spec, PlayCommand.run),
    (ProfilesCommand.spec, { try ProfilesCommand.run($0); return 0 }),
    (WatchCommand.spec, WatchCommand.run),
    (DiffCommand.spec, DiffCommand.run),
    (BenchCommand.spec, BenchCommand.run),
    (GoldenCommand.spec, GoldenCommand.run),
]
let commands = Dictionary(uniqueKeysWithValues: commandList.map { ($0.spec.name, $0) })
precondition(commandList.map(\.spec.name) == CommandSpec.all.map(\.name), "CommandSpec.all lists every command once, in order")

let overview = """
Usage: render-cli <command> [options]

Renders privacy-consent screens for iOS and Android devices as PNG screenshots with a link-rect map.

Commands:
\(commandList.map { "  " + $0.spec.name.padding(toLength: 11, withPad: " ", startingAt: 0) + $0.spec.summary }.joined(separator: "\n"))

Run render-cli <command> --help (or render-cli help <command>) for a command's options,
render-cli help usage for every command's usage, render-cli help axes for the axes a render
varies on, render-cli help rules for the lint rules (a Markdown table), render-cli help
system-words for iOS's own words built in per prompt and language, and render-cli --version for
the version and the C libraries it renders with.
"""

/// `render-cli help usage`: every command's usage lines, as README shows them.
let allUsages = (commandList.flatMap { $0.spec.usageLines() } + [
    "render-cli <command> --help        (or render-cli help <command>)",
    "render-cli help usage|axes|rules   every usage line, the axes a render varies on, the lint rules",
    "render-cli help system-words       iOS's own words built in, per prompt and language",
    "render-cli --version               the version and the C libraries it renders with",
]).joined(separator: "\n")

/// Prints `message` to stderr.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}


let arguments = Array(CommandLine.arguments.dropFirst())

/// Whether the command ended without reading an option it was given (an option accepted and
/// ignored: a fault of render-cli's own), said on stderr.
func unreadOptionsFault() -> Bool {
    let unread = OptionReads.unread
    // A shared reader may look up an option another command declares (lint has no --time); a
    // name no command declares is a misspelling in the code.
    let undeclared = OptionReads.undeclared.filter { !CommandSpec.declaredAnywhere.contains($0) }
    if !unread.isEmpty {
        printError("render-cli \(arguments.first ?? ""): internal error: " + unread.map { "--\($0)" }.joined(separator: ", ")
            + " was accepted but not applied; the output does not reflect it. Please report this.")
    }
    if !undeclared.isEmpty {
        printError("render-cli \(arguments.first ?? ""): internal error: the command looked up "
            + undeclared.map { "--\($0)" }.joined(separator: ", ") + ", which no command declares. Please report this.")
    }
    return !unread.isEmpty || !undeclared.isEmpty
}
if arguments.first == "--version" || arguments.first == "version" {
    print("render-cli \(ConsentRenderVersion.version)")
    for (library, version) in ConsentRenderVersion.libraries.sorted(by: { $0.key < $1.key }) {
        print("  \(library) \(version)")
    }
    exit(0)
}
// `render-cli help render` is `render-cli render --help`; help takes one command or topic.
if arguments.count > 2, arguments[0] == "help" {
    printError("render-cli help: give one command or topic (usage, axes, rules, system-words), not '\(arguments.dropFirst().joined(separator: " "))'. "
               + "Run render-cli --help for the commands.")
    exit(2)
}
if arguments.count == 2, arguments[0] == "help" {
    if arguments[1] == "usage" {
        print(allUsages)
        exit(0)
    }
    if arguments[1] == "axes" {
        print(axisTable())
        exit(0)
    }
    if arguments[1] == "rules" {
        print(LintRuleInfo.markdownTable())
        exit(0)
    }
    if arguments[1] == "system-words" {
        switch SystemWords.builtIn {
        case let .success(words): print(words.coverageMarkdown)
        case let .failure(error):
            printError("render-cli help: \(error)")
            exit(3)
        }
        exit(0)
    }
    guard let command = commands[arguments[1]] else {
        let suggestion = closestMatch(to: arguments[1], among: commands.keys.sorted() + ["usage", "axes", "rules", "system-words"]).map { " Did you mean '\($0)'?" } ?? ""
        printError("render-cli help: '\(arguments[1])' is neither a command nor a help topic (usage, axes, rules, system-words).\(suggestion) "
                   + "Run render-cli --help for the commands.")
        exit(2)
    }
    print(command.spec.help)
    exit(0)
}
// A matrix's worker process (started by `matrix --jobs N`, never listed).
if arguments.first == MatrixWorkerCommand.name {
    exit(MatrixWorkerCommand.run(Array(arguments.dropFirst())))
}
guard let name = arguments.first, !["--help", "-h", "help"].contains(name) else {
    print(overview)
    exit(arguments.isEmpty ? 2 : 0)
}
guard let command = commands[name] else {
    let suggestion = closestMatch(to: name, among: commands.keys.sorted()).map { " Did you mean '\($0)'?" } ?? ""
    printError("render-cli: unknown command '\(name)'.\(suggestion) Run render-cli --help for the list.")
    exit(2)
}
let options = Array(arguments.dropFirst())
if options.contains("--help") || options.contains("-h") {
    print(command.spec.help)
    exit(0)
}
ResourceLimits.setNoteHandler { printError("render-cli \(name): note: \($0)") }
do {
    // Fewer open files than a process needs would fail somewhere inside a library, mid-write.
    try OpenFilesNeed.check(OpenFilesNeed.process)
    let status = try command.run(options)
    StopCleanup.waitIfStopping()
    exit(unreadOptionsFault() ? 3 : status)
} catch let error as UsageError {
    StopCleanup.waitIfStopping()
    let message = error.message.hasSuffix(".") || error.message.hasSuffix("?") ? error.message : error.message + "."
    printError("render-cli \(name): \(message) Run render-cli \(name) --help for usage.")
    exit(2)
} catch {
    StopCleanup.waitIfStopping()
    printError("render-cli \(name): \(describe(error))")
    let underlying = (error as? OptionError)?.underlying ?? error
    exit(underlying is UsageError || ErrorCause(of: underlying) == .input ? 2 : 3)
}

/// A library error as the command line says it: with the option that fixes it, where one does.
func describe(_ error: Error) -> String {
    let underlying = (error as? OptionError)?.underlying ?? error
    switch underlying {
    case RenderError.missingGlyphs:
        return "\(error) Pass --allow-missing-glyphs for that."
    case ProfileError.unknownDevice:
        return "\(error) (render-cli profiles lists the profiles)"
    case ProfileError.noProfilesDirectory:
        return "\(error) Pass --profiles DIR."
    default:
        return "\(error)"
    }
}
