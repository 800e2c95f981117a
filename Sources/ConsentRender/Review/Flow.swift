import Foundation

/// A consent flow (`flow.json` in a document folder): the screens a user passes through, as steps,
/// and for each button role on a step's screen the step it leads to or an `end:` label.
///
/// ```json
/// { "start": "consent",
///   "steps": {
///     "consent": { "screen": "consent", "on": { "accept": "explain", "decline": "confirm" } },
///     "explain": { "document": "../att-explainer", "screen": "consent", "on": { "continue": "att" } },
///     "att":     { "screen": "prompt:att", "on": { "allow": "end:home", "deny": "end:home" } } } }
/// ```
public struct Flow: Sendable, Equatable {
    /// Where a tap leads.
    public enum Target: Sendable, Equatable, CustomStringConvertible {
        case step(String)
        case end(String)

        init(_ text: String) {
            self = text.hasPrefix("end:") ? .end(String(text.dropFirst(4))) : .step(text)
        }

        public var description: String {
            switch self {
            case let .step(name): name
            case let .end(label): "end:\(label)"
            }
        }
    }

    public struct Transition: Sendable, Equatable {
        public var role: ButtonRole
        public var target: Target
    }

    public struct Step: Sendable, Equatable {
        public var name: String
        /// Another document folder, relative to the flow file's folder; nil is the flow's own.
        public var document: String?
        public var screen: Screen
        public var state: ScreenState
        /// For a system prompt: the step whose screen it is drawn over (the explainer under the
        /// tracking prompt); nil draws it over its document's app backdrop.
        public var over: String?
        /// In the order the file gives them.
        public var transitions: [Transition]
        /// Where the step stands in the file, for messages.
        public var line: Int

        public func target(of role: ButtonRole) -> Target? {
            transitions.first { $0.role == role }?.target
        }
    }

    public var start: String
    /// In the order the file gives them.
    public var steps: [Step]
    /// The flow file's path, for messages.
    public var path: String

    public func step(_ name: String) -> Step? {
        steps.first { $0.name == name }
    }

    /// Reads `flow.json`: strict JSON (every error with its line and column), known keys only,
    /// screens and roles by name. Whether the steps fit together is `FlowCheck`'s question.
    public static func load(_ url: URL) throws -> Flow {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FlowError.unreadable(path: url.path, reason: describeFileError(error))
        }
        return try parse(data, path: url.path)
    }

    public static func parse(_ data: Data, path: String) throws -> Flow {
        try StrictJSONReader.check(data, schema: .flow, path: path) { FlowError.malformed(path: path, detail: $0) }
        let tree = try StrictJSONReader.parse(data)
        guard case let .object(members) = tree else {
            throw FlowError.malformed(path: path, detail: "the file must hold an object with \"start\" and \"steps\"")
        }
        func string(_ value: JSONValue?, _ field: String, line: Int) throws -> String {
            guard case let .string(text)? = value else {
                throw FlowError.invalid(path: path, line: line, field: field, fix: "give it as a string")
            }
            return text
        }
        guard let startMember = members.last(where: { $0.key == "start" }) else {
            throw FlowError.invalid(path: path, line: 1, field: "start", fix: "add \"start\": the name of the first step")
        }
        let start = try string(startMember.value, "start", line: startMember.line)
        guard let stepsMember = members.last(where: { $0.key == "steps" }), case let .object(stepMembers) = stepsMember.value,
              !stepMembers.isEmpty else {
            throw FlowError.invalid(path: path, line: 1, field: "steps", fix: "add \"steps\": { \"name\": { \"screen\": …, \"on\": { … } } }")
        }
        var steps: [Step] = []
        // A misspelt screen, role or target does not stop the reading: every one is named at once.
        var problems: [String] = []
        for member in stepMembers {
            let field = "steps.\(member.key)"
            guard case let .object(fields) = member.value else {
                throw FlowError.invalid(path: path, line: member.line, field: field, fix: "give the step as an object with \"screen\" and \"on\"")
            }
            func value(_ key: String) -> JSONMember? { fields.last { $0.key == key } }
            let screenText = try value("screen").map { try string($0.value, "\(field).screen", line: $0.line) } ?? "consent"
            let screen = Screen(name: screenText)
            if screen == nil {
                let names = Screen.all.map(\.description)
                let hint = closestMatch(to: screenText, among: names).map { " (did you mean \($0)?)" } ?? ""
                problems.append("line \(value("screen")?.line ?? member.line): \(field).screen: '\(screenText)' is not a screen\(hint); "
                                + "use \(names.joined(separator: ", "))")
            }
            let state = try value("state").map { ScreenState(rawValue: try string($0.value, "\(field).state", line: $0.line)) } ?? .initial
            let document = try value("document").map { try string($0.value, "\(field).document", line: $0.line) }
            if let stateMember = value("state"), screen?.prompt != nil {
                problems.append("line \(stateMember.line): \(field).state: a system prompt has one screen and no states; remove \"state\"")
            }
            let over = try value("over").map { try string($0.value, "\(field).over", line: $0.line) }
            if let over, screen?.prompt == nil {
                problems.append("line \(value("over")?.line ?? member.line): \(field).over: only a system prompt is drawn over another "
                                + "step's screen; remove \"over\": \"\(over)\" or make the step a prompt:<kind>")
            }
            var transitions: [Transition] = []
            if let on = value("on") {
                guard case let .object(roles) = on.value else {
                    throw FlowError.invalid(path: path, line: on.line, field: "\(field).on",
                                            fix: "give each button role and where it leads: { \"accept\": \"next\", \"decline\": \"end:exit\" }")
                }
                for role in roles {
                    let target = try string(role.value, "\(field).on.\(role.key)", line: role.line)
                    guard let parsed = ButtonRole(rawValue: role.key) else {
                        let names = FlowCheck.allRoles.map(\.rawValue)
                        let hint = closestMatch(to: role.key, among: names).map { " (did you mean \($0)?)" } ?? ""
                        problems.append("line \(role.line): \(field).on.\(role.key): '\(role.key)' is not a button role\(hint); "
                                        + "roles are \(names.joined(separator: ", "))")
                        continue
                    }
                    guard !target.isEmpty, target != "end:" else {
                        problems.append("line \(role.line): \(field).on.\(role.key): name the next step, or end the flow with "
                                        + "\"end:<label>\" (end:home, end:exit)")
                        continue
                    }
                    transitions.append(Transition(role: parsed, target: Target(target)))
                }
            }
            guard let screen else { continue }
            steps.append(Step(name: member.key, document: document, screen: screen, state: state, over: over, transitions: transitions,
                              line: member.line))
        }
        guard problems.isEmpty else { throw FlowError.fields(path: path, problems: problems) }
        return Flow(start: start, steps: steps, path: path)
    }
}
