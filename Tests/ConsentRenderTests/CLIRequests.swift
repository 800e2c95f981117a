import Foundation
@testable import ConsentRender
@testable import render_cli
@testable import XcodeFiles

/// `render-cli render`, `matrix`, `watch`, `lint`, `appstore` and `review` in-process, up to the
/// request they make of the library (`RenderRequest` with its output files, `MatrixRender`,
/// `LintRun`, `AppStoreExport`, `ReviewRun`) and no further: argument → request, without rendering. A request
/// is compared through its text: every field that decides what is rendered or written, with the
/// cells' variants in full.
enum CLIRequests {
    /// The commands whose requests are made in-process.
    static let commands: Set<String> = ["render", "matrix", "watch", "lint", "appstore", "review"]

    /// What `arguments` (starting with the command's name) ask for, or the error they give; and
    /// the options the request left unread (none, for a command that reads all it accepts).
    static func request(_ arguments: [String]) -> (text: String, unread: [String]) {
        guard let command = arguments.first else { return ("no command", []) }
        // Paths relative to the checkout, as the spawned runs have them (this process may run elsewhere).
        let resolved = arguments.dropFirst().map { $0.hasPrefix("Samples/") ? repositoryRoot.appendingPathComponent($0).path : $0 }
        /// The command's spec parses the arguments, its own code makes the request, and `describe` says it.
        func made<Request>(_ spec: CommandSpec, _ make: (ParsedArguments) throws -> Request,
                           _ describe: (Request) -> String) throws -> (text: String, unread: [String]) {
            let options = try ParsedArguments(Array(resolved), spec: spec)
            return (describe(try make(options)), options.unreadOptions)
        }
        do {
            switch command {
            case "matrix": return try made(MatrixCommand.spec, { try MatrixOptions($0).matrixRender() }, describe)
            case "watch": return try made(WatchCommand.spec, { try MatrixOptions($0).matrixRender(galleryReloadSeconds: 2) }, describe)
            case "render": return try made(RenderCommand.spec, RenderCommand.plan, describe)
            case "lint": return try made(LintCommand.spec, LintCommand.request, describe)
            case "appstore": return try made(AppStoreCommand.spec, AppStoreCommand.request, describe)
            case "review": return try made(ReviewCommand.spec, ReviewCommand.request, describe)
            default: return ("not made in-process: \(command)", [])
            }
        } catch {
            return ("error: \(error)", [])
        }
    }

    static func describe(_ render: MatrixRender) -> String {
        [
            "document \(render.folder.url.path), app \(describeApp(render.folder.content.app))",
            "profiles \(render.catalog.directory.path)",
            "out \(render.outputDirectory.path)",
            "tint \(render.tint?.hex ?? "profile's"), chrome \(render.showsSystemChrome), status bar \(String(describing: render.statusBar))",
            "backdrop \(render.backdrop?.path ?? "none"), over \(render.over?.source ?? "none"), frames \(render.frames)",
            "glyphs allowed \(render.allowsMissingGlyphs), jobs \(render.jobs), shard \(render.shard.map { "\($0)" } ?? "none")",
            "gallery reload \(render.galleryReloadSeconds.map(String.init) ?? "none")",
        ].joined(separator: "\n") + "\n" + render.cells.map { "\($0)" }.joined(separator: "\n")
    }

    static func describe(_ plan: RenderCommand.Plan) -> String {
        let outputs = plan.outputs
        return [
            "document \(plan.folder.url.path), app \(describeApp(plan.request.content.app)), language \(plan.language)",
            "profile \(plan.profile)",
            "out \(outputs.png.path), overlay \(outputs.writesOverlay), framed \(outputs.writesFramed)",
            "glyphs allowed \(plan.request.allowsMissingGlyphs)",
            "\(plan.request.variant)",
        ].joined(separator: "\n")
    }

    static func describe(_ export: AppStoreExport) -> String {
        [
            "document \(export.folder.url.path), profiles \(export.catalog.directory.path), out \(export.outputDirectory.path)",
            "languages \(export.languages), classes \(export.classes), orientations \(export.orientations), states \(export.states)",
            "appearance \(export.appearance), tint \(export.tint?.hex ?? "profile's"), status bar \(String(describing: export.statusBar))",
            "backdrop \(export.backdrop?.path ?? "none"), glyphs allowed \(export.allowsMissingGlyphs), jobs \(export.jobs)",
        ].joined(separator: "\n")
    }

    static func describe(_ review: ReviewRun) -> String {
        [
            "document \(review.folder.url.path), app \(describeApp(review.folder.content.app))",
            "flow from \(review.flow.start): \(review.flow.steps.map { "\($0)" })",
            "profiles \(review.profiles), languages \(review.languages)",
            "out \(review.outputDirectory.path), date \(review.date), jobs \(review.jobs)",
            "glyphs allowed \(review.screens.allowsMissingGlyphs)",
        ].joined(separator: "\n")
    }

    static func describe(_ lint: LintRun) -> String {
        [
            "document \(lint.folder.url.path), app \(describeApp(lint.folder.content.app))",
            "profiles \(lint.catalog.directory.path)",
            "languages \(lint.languages?.joined(separator: ",") ?? "all")",
            "tint \(lint.tint?.hex ?? "profile's"), chrome \(lint.showsSystemChrome), options \(lint.options)",
            "glyphs allowed \(lint.allowsMissingGlyphs)",
        ].joined(separator: "\n") + "\n" + lint.cells.map { "\($0)" }.joined(separator: "\n")
    }
}

/// An app's files as a request reads them: where they come from and, for an Xcode app, the
/// project, target and configuration and every Info.plist string (which `--build-setting` changes).
func describeApp(_ app: (any AppStrings)?) -> String {
    guard let app else { return "none" }
    guard let info = app as? AppInfo else { return app.settingsFile }
    let values = info.infoPlist.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    return "\(app.settingsFile) (\(info.origin ?? "files"): \(values))"
}
