/// How bad a lint finding is: errors fail `render-cli lint` (exit 1), warnings do not.
public enum LintSeverity: String, Codable, Sendable, Comparable {
    case error
    case warning

    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

/// One problem the lint found on a rendered screen or in a document.
public struct LintFinding: Codable, Sendable, Equatable, CustomStringConvertible {
    /// The rule's id, such as `contrast.text`.
    public var rule: LintRule
    public var severity: LintSeverity
    public var message: String
    /// What it is about: `title`, `link-0`, `accept button`, `en.md`, …
    public var element: String
    /// Where, in points (dp on Android, see `unit`), when it is on the screen.
    public var rect: Rect?
    /// `dp` where the screen's unit is not iOS's point (an Android screen); nil for points.
    public var unit: String?
    /// The language the finding is about: the screen's (as shown) or the document file's.
    public var language: String
    /// The screen it was found on, as every JSON that holds a variant gives it; absent for a finding
    /// about a document or a flow as a whole.
    public var variant: VariantRecord?
    /// The keys a finding lists (`prompt.system-words-missing`: the missing words' keys); nil for other findings.
    public var keys: [String]?
    /// Where in the team's files it comes from (a link's Markdown line, a label's document.json
    /// entry, a purpose string's Info.plist line), when `render-cli lint` could find it.
    public var source: SourceLocation?

    public init(rule: LintRule, severity: LintSeverity, message: String, element: String, rect: Rect?, language: String,
                device: String, state: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.element = element
        self.rect = rect
        self.language = language
        if !device.isEmpty {
            variant = VariantRecord(partial: [("device", device)] + (state.map { [("state", $0)] } ?? []))
        }
    }

    /// The device profile id, or empty for document-wide findings.
    public var device: String { variant?["device"] ?? "" }

    /// Records which screen the finding is about.
    public mutating func place(in cell: RenderVariant) {
        variant = cell.record
    }

    public var description: String {
        let place = rect.map { String(format: " at %.0f,%.0f %.0f×%.0f ", $0.x, $0.y, $0.width, $0.height) + (unit ?? "pt") } ?? ""
        var cell = language
        if let variant {
            // The cell's name, its parts apart: `iphone-15-pro portrait-light en-prompt-att`.
            let screen = RenderVariant(record: variant)
            cell = variant["orientation"] == nil ? [screen.device, language].filter { !$0.isEmpty }.joined(separator: " ")
                : screen.path.split(separator: "/").joined(separator: " ")
        }
        // A finding about the whole flow or document has no screen to name.
        let where_ = cell.isEmpty ? "" : " [\(cell)]"
        return "\(severity.rawValue) \(rule)\(where_) \(element)\(place): \(message)"
    }
}

/// Lint settings.
public struct LintOptions: Sendable, Equatable {
    /// IAB TCF v2.2: button labels need 5:1 contrast instead of WCAG's 4.5:1 or 3:1.
    public var tcf: Bool

    public init(tcf: Bool = false) {
        self.tcf = tcf
    }
}

extension LintFinding {
    /// The finding on one line, as a matrix manifest lists findings about no one cell:
    /// `error prompt.system-words-missing de location prompt: …`.
    public var line: String {
        "\(severity.rawValue) \(rule) \(language) \(element): \(message)"
    }
}
