import Foundation

/// A lint of a document over many cells, as `render-cli lint` runs it: every cell rendered and
/// checked (with text.dynamic-type at AX3 for the Large ones), plus the rules about the document as
/// a whole (links.parity), the app's purpose strings for the prompts asked for, and, when the
/// document has a flow.json, its flow rules.
public struct LintRun {
    public var folder: DocumentFolder
    public var catalog: DeviceProfileCatalog
    public var cells: [RenderVariant]
    /// The languages asked for, or nil for every language file of the document.
    public var languages: [String]?
    public var tint: Color?
    public var options: LintOptions
    /// Whether the screens are checked with iOS's status bar and home indicator drawn.
    public var showsSystemChrome = true
    /// Whether characters no font covers are reported as a warning instead of an error.
    public var allowsMissingGlyphs = false
    /// The templates the renderer knows.
    public var templates: TemplateRegistry = .standard

    public init(folder: DocumentFolder, catalog: DeviceProfileCatalog, cells: [RenderVariant], languages: [String]? = nil,
                tint: Color? = nil, options: LintOptions = LintOptions()) {
        self.folder = folder
        self.catalog = catalog
        self.cells = cells
        self.languages = languages
        self.tint = tint
        self.options = options
    }

    /// What a lint found.
    public struct Report: Sendable {
        /// Every finding: the document's, then each cell's in order, then the flow's.
        public var findings: [LintFinding]
        /// How many screens were checked.
        public var screens: Int
        /// The number of steps of the flow.json checked, or nil when the document has none.
        public var flowSteps: Int?
        /// Whether the flow rules found no error (true when there is no flow).
        public var flowPasses: Bool
        /// The flow rules applied (empty when there is no flow).
        public var flowRules: [LintRule] = []

        public var errors: Int { findings.filter { $0.severity == .error }.count }
        public var warnings: Int { findings.count - errors }
    }

    public func run() throws -> Report {
        let profiles = try Dictionary(uniqueKeysWithValues: Set(cells.map(\.device)).map { ($0, try catalog.profile(reference: $0)) })
        let renderer = try ConsentRenderer(templates: templates)
        // The document's consent flow, when it has one: its steps must fit, and the flow rules apply.
        var flowFindings: [LintFinding] = []
        var flowSteps: Int?
        var flowRules: [LintRule] = []
        let flowURL = folder.url.appendingPathComponent("flow.json")
        if FileManager.default.fileExists(atPath: flowURL.path), let profile = profiles.values.sorted(by: { $0.id < $1.id }).first,
           let language = cells.first?.language {
            let flow = try Flow.load(flowURL)
            let check = FlowCheck(flow: flow, screens: try FlowScreens(flow: flow, ownDocument: folder)
                .screens(renderer: renderer, profile: profile, language: language), markets: folder.markets, marketsAreDefault: folder.settings.markets == nil)
            try check.validate()
            flowFindings = check.findings()
            flowSteps = flow.steps.count
            flowRules = check.rules
        }
        var locator = SourceLocator(content: folder.content)
        var findings = try DocumentLint(folder: folder, languages: languages).findings()
        // The app's purpose strings, from its files: every iOS prompt asked for, in every language
        // (Android's dialogs show no purpose string of the app's).
        let prompts = Set(cells.filter { profiles[$0.device]?.android == nil }.compactMap(\.screen.prompt))
        // An Android app's permissions, each with its purpose for the banner.
        if let app = folder.content.app, app.platformName == Platform.android.name, profiles.values.contains(where: { $0.android != nil }) {
            for kind in app.declaredPrompts where folder.settings.permissionPurposes[kind] == nil {
                findings.append(LintFinding(
                    rule: LintRule.promptPurposeDeclared, severity: .warning,
                    message: "the app's manifest asks for the \(kind.rawValue) permission, and document.json gives no purpose for it "
                        + "(permissionPurposes.\(kind.rawValue)); Android's dialog never says why the app asks, so add the purpose for the "
                        + "app's banner",
                    element: "permissionPurposes.\(kind.rawValue)", rect: nil, language: "", device: ""))
            }
        }
        if let app = folder.content.app, app.platformName != Platform.android.name {
            let languages = languages.map { Array(Set($0)).sorted() } ?? (folder.languages + app.localizationsBeyond(folder.languages))
            findings += PromptLint(app: app, languages: languages, prompts: PromptKind.allCases.filter(prompts.contains)).findings()
        }
        // Prompts and languages whose iOS words are missing, app texts with a variable: one finding
        // each, however many cells.
        var reported = Set<String>()
        for cell in cells {
            guard let profile = profiles[cell.device] else { continue }
            var request = RenderRequest(content: folder.content, profile: profile, variant: cell, tint: tint, allowsMissingGlyphs: true)
            request.showsSystemChrome = showsSystemChrome
            let page: RenderedPage
            do {
                page = try renderer.render(request)
            } catch PromptError.missingPurposeString {
                // Reported once above, as prompt.purpose-present.
                continue
            } catch let PromptError.missingSystemStrings(prompt, language, missing, _) {
                if reported.insert("\(prompt) \(language)").inserted {
                    findings.append(.systemWordsMissing(prompt: prompt, language: language, missing: missing))
                }
                continue
            } catch let error as PromptError {
                // An app text with an Xcode variable: once per key and file, whatever the cells.
                guard case let .unexpandedVariable(key, _, _, file, _, _, _, _, _) = error else { throw error }
                if reported.insert("\(key) \(file)").inserted {
                    var finding = LintFinding(rule: .appUnexpandedVariable, severity: .error, message: error.description,
                                              element: key, rect: nil, language: cell.language, device: "")
                    finding.variant = VariantRecord(partial: [("language", cell.language), ("screen", cell.screen.description)])
                    findings.append(finding)
                }
                continue
            }
            var cellFindings = renderer.lint(page, device: cell.device, options: options)
            if cell.textSize == .large && cell.fontScale == .one {
                cellFindings += try renderer.dynamicTypeFindings(for: request, device: cell.device)
            }
            findings += cellFindings.map { finding in
                var finding = finding
                // Allowed missing glyphs are still reported, as a warning.
                if allowsMissingGlyphs, finding.rule == LintRule.missingGlyphs { finding.severity = .warning }
                finding.place(in: cell)
                finding.source = locator.locate(finding, page: page)
                return finding
            }
        }
        // The document's and the app's findings: their files.
        for index in findings.indices where findings[index].source == nil && findings[index].device.isEmpty {
            findings[index].source = locator.locate(findings[index], page: nil)
        }
        findings += flowFindings
        var report = Report(findings: findings, screens: cells.count, flowSteps: flowSteps,
                      flowPasses: !flowFindings.contains { $0.severity == .error })
        report.flowRules = flowRules
        return report
    }
}
