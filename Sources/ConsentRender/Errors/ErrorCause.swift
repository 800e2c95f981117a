// The user-facing sentences of each stage's errors live in this folder, one file per error
// enum beside its cause, so the wording stays consistent: quote the bad value, name the file
// and field, and say how to fix it.

/// Whose fault an error is: bad input the user can fix (exit status 2), or a failure of the
/// machine or the tool (exit status 3): a full disk, a Cairo or font setup error, an encoder fault.
public enum ErrorCause: Sendable, Equatable {
    case input
    case environment

    /// The cause an error states (`CausedError`); an error that states none (Foundation's own
    /// file errors, say) is taken as the environment's.
    public init(of error: Error) {
        self = (error as? CausedError)?.cause ?? .environment
    }
}

/// An error that states its own cause, next to the stage that throws it: every error type of
/// ConsentRender conforms, and a library user's own error (a template's, a platform's) may, so
/// that render-cli and `ErrorCause(of:)` file it as bad input rather than as a failure.
public protocol CausedError: Error {
    var cause: ErrorCause { get }
}
