import Foundation

/// Review notes in English drafted from a flow and its screens (`notes.txt`), for App Review's
/// notes field: what the app shows on first launch, where each button leads, and the order of the
/// permission prompts, as the flow rules found it.
struct ReviewNotes {
    public var flow: Flow
    /// Each step's render, in the language the notes quote.
    public var pages: [String: RenderedPage]
    /// The app's name (or the document's), for the heading.
    public var documentName: String
    /// The flow rules' findings; the closing sentences state only what holds.
    public var findings: [LintFinding]

    public init(flow: Flow, pages: [String: RenderedPage], documentName: String, findings: [LintFinding]) {
        self.flow = flow
        self.pages = pages
        self.documentName = documentName
        self.findings = findings
    }

    /// How a step's screen reads in a sentence: in full (with its title) the first time, then short.
    func describe(_ step: Flow.Step, full: Bool = true) -> String {
        guard let page = pages[step.name] else { return "the step '\(step.name)'" }
        let title = page.layout.title.block.text.replacingOccurrences(of: "\u{200B}", with: "")
            .replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
        if let kind = step.screen.prompt {
            let name = kind == .att ? "App Tracking Transparency" : kind.rawValue
            if page.platform.name == Platform.android.name {
                // The app's banner above it, saying why it asks (the link map's message).
                let purpose = page.linkMap.prompt.map(\.message).flatMap { $0.isEmpty ? nil : $0 }
                let banner = purpose.map { ", with the app's banner above it saying why: \"\($0)\"" } ?? ""
                return full ? "Android's \(name) permission dialog (\"\(title)\")\(banner)" : "the \(name) permission dialog"
            }
            return full ? "iOS's \(name) prompt (\"\(title)\")" : "the \(name) prompt"
        }
        let what = switch page.template.id {
        case "att-explainer": "the tracking explainer"
        case "login-consent": "the login page"
        case "launch-consent": step.state == .initial ? "the first-launch privacy dialog" : "the confirmation after a decline"
        default: "the consent dialog"
        }
        return full ? "\(what) \"\(title)\"" : what
    }

    /// The label of the step's button of `role`; the labels of several (a login page's other
    /// ways to log in) as alternatives.
    func label(_ role: ButtonRole, on step: Flow.Step) -> String {
        let labels = (pages[step.name]?.linkMap.buttons ?? []).filter { $0.role == role }.map(\.label)
        return labels.isEmpty ? role.rawValue : alternatives(labels)
    }

    /// The label (or labels) of the step's buttons of `role`, each in quotes.
    func quoted(_ role: ButtonRole, on step: Flow.Step) -> String {
        let labels = (pages[step.name]?.linkMap.buttons ?? []).filter { $0.role == role }.map { "\"\($0.label)\"" }
        return labels.isEmpty ? "\"\(role.rawValue)\"" : alternatives(labels)
    }

    public var text: String {
        let count = flow.steps.count == 1 ? "1 screen" : "\(flow.steps.count) screens"
        var lines = ["Review notes: \(documentName) (\(count) in the consent flow)", ""]
        guard let start = flow.step(flow.start) else { return lines.joined(separator: "\n") }
        let buttons = start.transitions.map { quoted($0.role, on: start) }
        lines.append("On first launch the app shows \(describe(start))" + (buttons.isEmpty ? "." : ", with \(list(buttons))."))
        var told = Set([start.name])
        var queue = [start]
        while !queue.isEmpty {
            let step = queue.removeFirst()
            let toldBefore = told
            // The buttons that lead to the same place are told together.
            var groups: [(target: Flow.Target, labels: [String])] = []
            for transition in step.transitions {
                let quoted = quoted(transition.role, on: step)
                if let index = groups.firstIndex(where: { $0.target == transition.target }) {
                    groups[index].labels.append(quoted)
                } else {
                    groups.append((transition.target, [quoted]))
                }
            }
            for group in groups {
                let tap = "Tapping \(alternatives(group.labels)) on \(describe(step, full: false))"
                switch group.target {
                case let .end(label):
                    lines.append("\(tap) \(Self.ending(label)).")
                case let .step(name):
                    guard let next = flow.step(name) else { continue }
                    if toldBefore.contains(name) {
                        lines.append("\(tap) returns to \(describe(next, full: false)).")
                    } else {
                        lines.append("\(tap) shows \(describe(next, full: !told.contains(name))).")
                        if told.insert(name).inserted { queue.append(next) }
                    }
                }
            }
        }
        lines.append("")
        let prompts = flow.steps.compactMap(\.screen.prompt)
        if prompts.contains(where: { $0 != .att }) && !findings.contains(where: { $0.rule == LintRule.flowPermissionsAfterConsent }) {
            lines.append("System permissions are requested only after the user agrees to the privacy policy.")
        }
        if prompts.contains(.att) && !findings.contains(where: { $0.rule == LintRule.flowATTAfterExplainer }),
           let explainer = flow.steps.first(where: { step in step.transitions.contains { transition in
               transition.role == .continue && flow.step(transition.target.description)?.screen == .prompt(.att) } }) {
            lines.append("The tracking prompt appears only after the user taps \(quoted(.continue, on: explainer)) on the explainer.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func alternatives(_ items: [String]) -> String {
        items.count <= 1 ? (items.first ?? "") : items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    static func ending(_ label: String) -> String {
        switch label.lowercased() {
        case "exit": "closes the app"
        case "home": "continues to the app's home screen"
        default: "ends the flow (\(label))"
        }
    }

    private func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: "the button \(items[0])"
        default: "the buttons " + items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}
