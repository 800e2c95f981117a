/// Whether a flow's steps fit together (validation: every problem is an error naming the step and
/// role, exit 2), and the flow rules of the consent lint:
///
/// - `flow.permissions-after-consent`: a system permission prompt (other than ATT's) reachable
///   without passing an `accept`: the seed's and MIIT's rule that permissions are asked only after
///   the user agrees.
/// - `flow.att-after-explainer`: the ATT prompt reached other than through an explainer's
///   `continue` (Apple: show the explainer first, and never a prompt straight away).
///
/// With the `cn` market (`DocumentFolder.markets`):
/// - `flow.consent-on-launch`: the flow starts with the privacy popup;
/// - `flow.decline-second-popup`: the popup's decline leads to a second popup or into the app, not out.
struct FlowCheck: Sendable {
    /// Every role a screen can have, for messages.
    static let allRoles: [ButtonRole] = [.accept, .decline, .review, .exit, .continue, .allow, .deny, .allowOnce, .allowWhileUsing, .ok,
                                         .settings, .notNow, .login, .otherLogin, .loginMethod, .save]

    /// What one step's screen shows: its buttons' roles and the template it is laid out with.
    public struct Screen: Sendable, Equatable {
        public var roles: [ButtonRole]
        public var template: TemplateID
        /// An Android permission dialog whose document gives no purpose for it (no banner above it).
        public var lacksPurpose = false

        public init(roles: [ButtonRole], template: TemplateID, lacksPurpose: Bool = false) {
            self.roles = roles
            self.template = template
            self.lacksPurpose = lacksPurpose
        }
    }

    public var flow: Flow
    /// By step name.
    public var screens: [String: Screen]
    /// The markets the app ships to (`cn`, `eu`, …): `cn` adds the China flow rules.
    public var markets: Set<String>
    /// Whether `markets` is the default (`cn` for a document in Simplified Chinese) rather than
    /// document.json's, which the China rules' findings say.
    public var marketsAreDefault: Bool

    public init(flow: Flow, screens: [String: Screen], markets: Set<String> = [], marketsAreDefault: Bool = false) {
        self.flow = flow
        self.screens = screens
        self.markets = markets
        self.marketsAreDefault = marketsAreDefault
    }

    /// Why the China rules apply, after their findings' messages.
    var chinaReason: String {
        marketsAreDefault
            ? " (China's rule, for the cn market a document in Simplified Chinese has unless document.json's \"markets\" says otherwise)"
            : " (China's rule, for the cn market document.json's \"markets\" lists)"
    }

    /// The templates of a privacy popup: the first-launch dialog China's rules mean.
    static let popupTemplates: Set<TemplateID> = ["agreement-dialog", "launch-consent"]

    /// The flow rules this check applies, in the order reports list them.
    public var rules: [LintRule] {
        [.flowPermissionsAfterConsent, .flowATTAfterExplainer]
            + (markets.contains("cn") ? [.flowConsentOnLaunch, .flowDeclineSecondPopup, .promptPurposeShown] : [])
    }

    /// Whether the step shows a privacy popup.
    func isPopup(_ step: Flow.Step) -> Bool {
        step.screen == .consent && screens[step.name].map { Self.popupTemplates.contains($0.template) } == true
    }

    /// Throws `FlowError.problems` listing every way the steps do not fit: an unknown start or
    /// target, a role of a screen that leads nowhere, a transition for a role the screen does not
    /// have, a step no path reaches.
    public func validate() throws {
        var problems: [String] = []
        let names = flow.steps.map(\.name)
        func suggestion(_ name: String) -> String {
            // A close spelling, else a step the name starts (notifs → notifications).
            let match = closestMatch(to: name, among: names)
                ?? names.first { name.count >= 3 && $0.lowercased().hasPrefix(name.lowercased()) }
            return match.map { " (did you mean '\($0)'?)" } ?? ""
        }
        if flow.step(flow.start) == nil {
            problems.append("\"start\" names '\(flow.start)', which is not a step\(suggestion(flow.start))")
        }
        for step in flow.steps {
            let shown = screens[step.name]?.roles ?? []
            for transition in step.transitions {
                if case let .step(target) = transition.target, flow.step(target) == nil {
                    problems.append("step '\(step.name)' (line \(step.line)): \(transition.role.rawValue) leads to '\(target)', which is not a step"
                                    + "\(suggestion(target)); name a step or end the flow with \"end:<label>\"")
                }
                if !shown.contains(transition.role) {
                    problems.append("step '\(step.name)' (line \(step.line)): its screen has no \(transition.role.rawValue) button (it has "
                                    + "\(shown.map(\.rawValue).joined(separator: ", "))); remove \"\(transition.role.rawValue)\"")
                }
            }
            for role in shown where step.target(of: role) == nil {
                problems.append("step '\(step.name)' (line \(step.line)): its screen's \(role.rawValue) button leads nowhere; add "
                                + "\"\(role.rawValue)\": \"<step>\" or \"end:<label>\" to its \"on\"")
            }
        }
        for step in flow.steps {
            guard let over = step.over else { continue }
            if let behind = flow.step(over) {
                if behind.screen.prompt != nil {
                    problems.append("step '\(step.name)' (line \(step.line)): \"over\" names '\(over)', a system prompt; a prompt is drawn over an app screen")
                }
            } else {
                problems.append("step '\(step.name)' (line \(step.line)): \"over\" names '\(over)', which is not a step\(suggestion(over))")
            }
        }
        let reachable = Set(paths().map(\.step))
        for step in flow.steps where !reachable.contains(step.name) && flow.step(flow.start) != nil {
            problems.append("step '\(step.name)' (line \(step.line)) is not reachable from '\(flow.start)'; lead to it from another step or remove it")
        }
        // A user must be able to leave the flow: into the app or out of it.
        let ending = stepsThatCanEnd()
        for step in flow.steps where reachable.contains(step.name) && !ending.contains(step.name) && !step.transitions.isEmpty {
            problems.append("step '\(step.name)' (line \(step.line)): no path from it reaches an end:, so a user there could never "
                            + "leave the flow; lead one of its paths to \"end:<label>\" (end:home, end:exit)")
        }
        guard problems.isEmpty else { throw FlowError.problems(path: flow.path, problems: problems) }
    }

    /// The steps from which some path reaches an `end:`.
    func stepsThatCanEnd() -> Set<String> {
        var ending = Set(flow.steps.filter { step in step.transitions.contains { if case .end = $0.target { true } else { false } } }.map(\.name))
        var grew = true
        while grew {
            grew = false
            for step in flow.steps where !ending.contains(step.name) {
                if step.transitions.contains(where: { if case let .step(next) = $0.target { ending.contains(next) } else { false } }) {
                    ending.insert(step.name)
                    grew = true
                }
            }
        }
        return ending
    }

    /// Every step reached, with whether an `accept` was passed on the way there and the path, in
    /// breadth-first order (each step with and without an accept at most once).
    func paths() -> [(step: String, accepted: Bool, path: [String])] {
        guard flow.step(flow.start) != nil else { return [] }
        var seen = Set<String>()
        var queue: [(step: String, accepted: Bool, path: [String])] = [(flow.start, false, [flow.start])]
        var result: [(step: String, accepted: Bool, path: [String])] = []
        while !queue.isEmpty {
            let current = queue.removeFirst()
            guard seen.insert("\(current.step)\u{0}\(current.accepted)").inserted, let step = flow.step(current.step) else { continue }
            result.append(current)
            for transition in step.transitions {
                guard case let .step(next) = transition.target else { continue }
                queue.append((next, current.accepted || transition.role == .accept, current.path + ["\(transition.role.rawValue) → \(next)"]))
            }
        }
        return result
    }

    public func findings() -> [LintFinding] {
        var results: [LintFinding] = []
        var reported = Set<String>()
        for reached in paths() {
            guard let step = flow.step(reached.step), let kind = step.screen.prompt, kind != .att, !reached.accepted,
                  reported.insert(step.name).inserted else { continue }
            results.append(LintFinding(
                rule: LintRule.flowPermissionsAfterConsent, severity: .error,
                message: "the \(kind.rawValue) prompt is reached without an accept (\(reached.path.joined(separator: ", "))); ask for "
                    + "system permissions only after the user agrees",
                element: step.name, rect: nil, language: "", device: ""))
        }
        for step in flow.steps {
            guard step.screen == .prompt(.att) else { continue }
            if step.name == flow.start {
                results.append(LintFinding(rule: LintRule.flowATTAfterExplainer, severity: .error,
                                           message: "the flow starts with the tracking prompt; show the explainer first and lead to it with its continue",
                                           element: step.name, rect: nil, language: "", device: ""))
            }
            for source in flow.steps {
                for transition in source.transitions where transition.target == .step(step.name) {
                    let fromExplainer = screens[source.name]?.template == "att-explainer" && source.screen == .consent
                    guard !(fromExplainer && transition.role == .continue) else { continue }
                    results.append(LintFinding(
                        rule: LintRule.flowATTAfterExplainer, severity: .error,
                        message: "the tracking prompt is reached from '\(source.name)' by \(transition.role.rawValue), not by an explainer's "
                            + "continue; lead to it only from the ATT explainer's continue",
                        element: step.name, rect: nil, language: "", device: ""))
                }
            }
        }
        if markets.contains("cn") { results += chinaFindings() }
        return results
    }

    /// The `cn` market's rules: the popup first, and a second popup (or the app) after its decline.
    private func chinaFindings() -> [LintFinding] {
        var results: [LintFinding] = []
        if let start = flow.step(flow.start), !(isPopup(start) && start.state == .initial) {
            let shown = start.screen.prompt.map { "the \($0.rawValue) prompt" }
                ?? screens[start.name].map { "the \($0.template.rawValue) screen" + (start.state == .initial ? "" : " (\(start.state.rawValue))") }
                ?? "its screen"
            results.append(LintFinding(
                rule: LintRule.flowConsentOnLaunch, severity: .error,
                message: "the flow starts with \(shown) at '\(start.name)'; in China the privacy popup (an agreement-dialog or "
                    + "launch-consent step) comes first on first launch, before anything else" + chinaReason,
                element: start.name, rect: nil, language: "", device: ""))
        }
        // MIIT names the album, contacts and location: their dialogs need the purpose on screen.
        for step in flow.steps {
            guard let kind = step.screen.prompt, [.location, .contacts, .photos].contains(kind), screens[step.name]?.lacksPurpose == true
            else { continue }
            results.append(LintFinding(
                rule: LintRule.promptPurposeShown, severity: .error,
                message: "the \(kind.rawValue) dialog at '\(step.name)' shows no purpose: Android's dialog states none, and the step's document "
                    + "has no permissionPurposes.\(kind.rawValue) for the app's banner above it" + chinaReason,
                element: step.name, rect: nil, language: "", device: ""))
        }
        for step in flow.steps where isPopup(step) {
            guard case let .end(label) = step.target(of: .decline), label.lowercased() != "home" else { continue }
            results.append(LintFinding(
                rule: LintRule.flowDeclineSecondPopup, severity: .error,
                message: "the decline on '\(step.name)' ends the flow (end:\(label)); show a second popup that explains what refusing "
                    + "means and offers to read the policy again (a decline-confirm step), or continue into the app (end:home)" + chinaReason,
                element: step.name, rect: nil, language: "", device: ""))
        }
        return results
    }
}
