import ConsentRender
import Foundation

/// `render-cli matrix-worker <parent pid> <matrix arguments>`: not a command for people. `matrix`
/// with `--jobs` above 1 starts this binary so, once per job: it builds the same matrix from the
/// same arguments and renders the cells its parent hands it (`MatrixRender.serveCells`).
enum MatrixWorkerCommand {
    static let name = "matrix-worker"

    /// The launch `matrix` gives its render: this very binary, however it was started.
    static func launch(for arguments: [String]) -> MatrixWorkerLaunch {
        MatrixWorkerLaunch(executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
                           arguments: [name, String(getpid())] + arguments)
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first, let parent = Int32(first), isatty(STDIN_FILENO) == 0 else {
            printError("render-cli \(name): this is how render-cli matrix runs its jobs, not a command to run; use render-cli matrix --jobs N")
            return 2
        }
        do {
            let options = try ParsedArguments(Array(arguments.dropFirst()), spec: MatrixCommand.spec)
            let render = try MatrixOptions(options).matrixRender()
            try render.serveCells(parent: parent)
            return 0
        } catch {
            let underlying = (error as? OptionError)?.underlying ?? error
            let cause: ErrorCause = underlying is UsageError || ErrorCause(of: underlying) == .input ? .input : .environment
            let message = (underlying as? UsageError)?.message ?? describe(error)
            MatrixRender.reportWorkerFailure(message, cause: cause)
            printError("render-cli \(name): \(message)")
            return cause == .input ? 2 : 3
        }
    }
}
