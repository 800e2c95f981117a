/// A render could not be produced or written.
public enum RenderError: Error, Equatable, Sendable {
    case fontConfiguration(detail: String)
    case cairo(operation: String, status: String)
    case pngEncoding(detail: String)
    case writeFailed(path: String, reason: String)
    case missingGlyphs(characters: [String], language: String, file: String)
    /// A request's variant names another device than its profile.
    case deviceMismatch(variant: String, profile: String)
    /// The device's platform has no such screen or setting (`reason` says why and what to use).
    case notOnPlatform(device: String, platform: String, reason: String)
    /// A file of the package's own resources is missing or unreadable (a broken installation).
    case brokenResource(name: String, detail: String)
    /// A matrix's worker process failed (could not start, ended early, or broke the protocol).
    case workerFailed(detail: String)
    /// Another run holds the folder this run writes into (`FolderLock`), and did not end in time.
    case folderBusy(path: String, holder: Int32?, seconds: Int)
}

extension RenderError: CausedError {
    public var cause: ErrorCause {
        switch self {
        case .missingGlyphs, .deviceMismatch, .notOnPlatform: .input
        case .fontConfiguration, .cairo, .pngEncoding, .writeFailed, .brokenResource, .workerFailed, .folderBusy: .environment
        }
    }
}

extension RenderError: CustomStringConvertible {
    /// For a failure a library reports as memory running out: the limits and the fix.
    static func outOfMemoryHint(_ status: String) -> String {
        guard status.contains("out of memory") else { return "." }
        return "\(ResourceLimits.memoryLimitsSaid): raise the limit, or draw fewer or smaller screens at once."
    }

    public var description: String {
        switch self {
        case let .fontConfiguration(detail):
            return "Font setup failed: \(detail). Run scripts/setup to install the Noto fonts."
        case let .cairo(operation, status):
            return "Cairo failed in \(operation): \(status)" + Self.outOfMemoryHint(status)
        case let .pngEncoding(detail):
            return "PNG encoding failed: \(detail)" + Self.outOfMemoryHint(detail)
        case let .writeFailed(path, reason):
            return "Cannot write \(path): \(reason)."
        case let .folderBusy(path, holder, seconds):
            let who = holder.map { "another run (process \($0))" } ?? "another run"
            return "\(path) is in use by \(who); waited \(seconds) seconds and wrote nothing. Two runs writing one folder "
                + "would mix their files: wait for that run to end (or stop it), then run again."
        case let .notOnPlatform(device, platform, reason):
            return "\(device) is an \(platform) device: \(reason)"
        case let .deviceMismatch(variant, profile):
            return "the request's variant names the device '\(variant)', but its profile is '\(profile)'; set the variant's device "
                + "to the profile's id (or leave it empty)"
        case let .brokenResource(name, detail):
            return "ConsentRender's resource \(name) \(detail); reinstall or rebuild the package (swift build)."
        case let .workerFailed(detail):
            return "A worker process of the matrix failed: \(detail). Run it again, or with --jobs 1 (one process) to see whether "
                + "the failure is the cell's own."
        case let .missingGlyphs(characters, language, file):
            return "\(file): no installed font has \(characters.joined(separator: ", ")) (language \(language)); "
                + "they would show as boxes. Replace them, install a Noto font that covers them, "
                + "or allow missing glyphs to render them as boxes anyway."
        }
    }
}
