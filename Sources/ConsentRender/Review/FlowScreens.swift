import Foundation

/// A flow with the document folder of each step and a way to render any step.
public struct FlowScreens: Sendable {
    public let flow: Flow
    /// By step name: the flow's own document, or the one the step names.
    public let documents: [String: DocumentFolder]
    /// Whether characters no font covers are drawn as boxes (with a warning) instead of stopping
    /// the review (`--allow-missing-glyphs`): for every request, the checks before rendering too.
    public var allowsMissingGlyphs = false

    /// Opens the documents the steps name, relative to the flow file's folder.
    public init(flow: Flow, ownDocument: DocumentFolder) throws {
        self.flow = flow
        let base = URL(fileURLWithPath: flow.path).deletingLastPathComponent()
        var opened: [String: DocumentFolder] = [:]
        var documents: [String: DocumentFolder] = [:]
        for step in flow.steps {
            guard let relative = step.document else {
                documents[step.name] = ownDocument
                continue
            }
            let url = (relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : base.appendingPathComponent(relative)).standardizedFileURL
            if let folder = opened[url.path] {
                documents[step.name] = folder
                continue
            }
            do {
                let folder = try DocumentFolder(url: url, appFiles: ownDocument.appFiles)
                opened[url.path] = folder
                documents[step.name] = folder
            } catch let error as DocumentError {
                throw FlowError.invalid(path: flow.path, line: step.line, field: "steps.\(step.name).document",
                                        fix: "'\(relative)' cannot be opened as a document folder (relative to the flow file's folder): "
                                            + String(describing: error).trimmingCharacters(in: CharacterSet(charactersIn: ". \n")))
            }
        }
        self.documents = documents
    }

    /// The request for `step` on `profile` in `language`.
    public func request(for step: Flow.Step, profile: DeviceProfile, language: String, orientation: Orientation = .portrait,
                        appearance: Appearance = .light) -> RenderRequest? {
        guard let document = documents[step.name] else { return nil }
        var request = RenderRequest(folder: document, profile: profile, requestedLanguage: language, orientation: orientation,
                                    appearance: appearance, state: step.state)
        request.variant.screen = step.screen
        request.allowsMissingGlyphs = allowsMissingGlyphs
        if let over = step.over.flatMap({ flow.step($0) }), let behind = documents[over.name] {
            request.over = behind.content
            request.overState = over.state
        }
        return request
    }

    /// What each step's screen shows (its buttons' roles and its template), laid out once on
    /// `profile` in `language`, for `FlowCheck`.
    func screens(renderer: ConsentRenderer, profile: DeviceProfile, language: String) throws -> [String: FlowCheck.Screen] {
        var screens: [String: FlowCheck.Screen] = [:]
        var problems: [String] = []
        for step in flow.steps {
            // A prompt's buttons are its system's, the same in every language: nothing to lay out (and
            // a language without the system's words is named later, with every other screen that cannot be drawn).
            if let kind = step.screen.prompt {
                if profile.android != nil, let dialog = AndroidPermissionDialog.of(kind) {
                    screens[step.name] = FlowCheck.Screen(roles: dialog.buttons.map(\.role), template: .androidPermission,
                                                          lacksPurpose: documents[step.name]?.settings.permissionPurposes[kind] == nil)
                } else {
                    screens[step.name] = FlowCheck.Screen(roles: kind.roles, template: "system-prompt")
                }
                continue
            }
            guard var request = request(for: step, profile: profile, language: language) else { continue }
            // The screen itself is what is checked here; what it is drawn over is checked when rendered.
            request.over = nil
            let page: ConsentRenderer.LaidOutPage
            do {
                page = try renderer.layOut(request)
            } catch let error as TemplateError {
                problems.append("line \(step.line): steps.\(step.name).state: \(String(describing: error).trimmingCharacters(in: CharacterSet(charactersIn: ".")))")
                continue
            }
            screens[step.name] = FlowCheck.Screen(roles: page.layout.semantics.buttons.map(\.role), template: page.template.id)
        }
        guard problems.isEmpty else { throw FlowError.fields(path: flow.path, problems: problems) }
        return screens
    }
}
