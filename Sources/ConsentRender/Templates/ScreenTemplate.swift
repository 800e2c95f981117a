import Foundation

/// Which screen of a template to render: the consent itself, or a later one (launch-consent's
/// confirmation after a decline). A template lists the states it has.
public struct ScreenState: Identifier {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The screen a template opens with.
    public static let initial: ScreenState = "initial"
    /// launch-consent: the confirmation shown after the user declines.
    public static let declineConfirm: ScreenState = "decline-confirm"
    /// agreement-dialog: the second layer, a switch per purpose (`purposes` in document.json).
    public static let preferences: ScreenState = "preferences"
    /// login-consent: the agreement box after the user ticked it.
    public static let ticked: ScreenState = "ticked"
    /// login-consent: what tapping login with the box unticked shows (a toast, the shake, a dialog).
    public static let tappedUnticked: ScreenState = "tapped-unticked"
}

/// What a template lays out: one language's document and the words around it.
public struct ScreenContent: Sendable {
    public var document: ConsentDocument
    /// The resolved BCP 47 tag of the document's language.
    public var language: String
    /// Button labels and the fallback title in that language.
    public var strings: ChromeStrings
    public var settings: DocumentSettings
    /// The document folder's other files by name (a launch screen's logo), read when it was loaded.
    public var assets: [String: Data]
    /// Where the content comes from, for messages (the document folder's path).
    public var source: String
    /// The app's own screen to draw behind the dialog, for templates that show the app behind them.
    public var backdrop: BackdropImage?
    /// A system prompt's words and the screen behind it (`--screen prompt:<kind>`).
    public var prompt: PromptContent?
    /// The app's Xcode files, for strings that name a key of its Localizable strings.
    public var app: (any AppStrings)?
    /// The PNG files the document's Markdown shows, by their source.
    public var images: [String: DocumentImage] = [:]

    public init(document: ConsentDocument, language: String, strings: ChromeStrings, settings: DocumentSettings = DocumentSettings(),
                assets: [String: Data] = [:], source: String) {
        self.document = document
        self.language = language
        self.strings = strings
        self.settings = settings
        self.assets = assets
        self.source = source
    }

    /// The title: the document's first level-1 heading, else the built-in title.
    public var title: [Inline] {
        document.title ?? [.text(strings.title)]
    }
}

/// A template's name, as documents and the command line give it: `agreement-dialog`.
public struct TemplateID: Identifier {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let agreementDialog: TemplateID = "agreement-dialog"
    public static let launchConsent: TemplateID = "launch-consent"
    public static let attExplainer: TemplateID = "att-explainer"
    public static let loginConsent: TemplateID = "login-consent"
    /// iOS's system permission alerts (`--screen prompt:<kind>`), drawn by the platform.
    public static let systemPrompt: TemplateID = "system-prompt"
}

/// A kind of consent screen: how it lays out, which states it has and which lint rules it keeps.
///
/// Add one to a `TemplateRegistry` to render it; `document.json`'s `template`, the CLI's
/// `--template` and its help all read the registry.
public protocol ScreenTemplate: Sendable {
    /// The name documents and the command line use, such as `agreement-dialog`.
    var id: TemplateID { get }
    /// One line for help texts.
    var summary: String { get }
    /// The screens it can show, the first being the one it opens with.
    var states: [ScreenState] { get }
    /// Why `content` has nothing to draw for `state`, one of `states` (a login notice has no box to
    /// tick, a dialog without purposes no preferences); nil when it has. `--states all` leaves such
    /// states out, and asking for one is refused before anything renders.
    func whyNotShown(_ state: ScreenState, for content: ConsentContent) -> String?
    /// Lays `content` out as the screen `state` on the context's device.
    func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout
    /// Checks that only this template's screens get.
    var lintRules: [PageLintRule] { get }
    /// Ids of the common rules (`PageLint.commonRules`) that do not apply to this template's screens.
    var exemptRules: Set<LintRule> { get }
    /// Whether its screens show the app behind them (a dialog over the dimmed app), so an app
    /// backdrop applies; a screen that covers the display refuses one.
    var showsAppBehind: Bool { get }
    /// Why the template has no screen on `platform` (the ATT explainer on Android); nil where it has.
    func whyNotDrawn(on platform: Platform) -> String?
    /// The button strings (`accept`, `decline`, `continue`) its screens draw: only these must
    /// exist in a document's language (a string it never draws cannot stop a render).
    var chromeStrings: [String] { get }
}

extension ScreenTemplate {
    public var states: [ScreenState] { [.initial] }
    public func whyNotShown(_ state: ScreenState, for content: ConsentContent) -> String? { nil }

    /// The screens it shows for `content`: what `--states all` stands for.
    public func states(for content: ConsentContent) -> [ScreenState] {
        states.filter { whyNotShown($0, for: content) == nil }
    }
    public var lintRules: [PageLintRule] { [] }
    public var exemptRules: Set<LintRule> { [] }
    public var showsAppBehind: Bool { false }
    public func whyNotDrawn(on platform: Platform) -> String? { nil }
    public var chromeStrings: [String] { ["accept", "decline", "continue"] }
}

/// The templates a renderer knows, by id.
public struct TemplateRegistry: Sendable {
    public private(set) var templates: [any ScreenTemplate]

    /// A registry of `templates`, each checked as `register` checks it.
    public init(_ templates: [any ScreenTemplate]) throws {
        self.templates = []
        for template in templates { try register(template) }
    }

    private init(builtIn templates: [any ScreenTemplate]) {
        self.templates = templates
    }

    /// The templates ConsentRender ships.
    public static let standard = TemplateRegistry(builtIn: [AgreementDialogTemplate(), LaunchConsentTemplate(), ATTExplainerTemplate(),
                                                            LoginConsentTemplate()])

    /// Adds `template`; one with the same id is replaced. Throws `TemplateError.invalidTemplate`
    /// for a template without an id or without a state (a fault of the template's code, exit 3).
    public mutating func register(_ template: any ScreenTemplate) throws {
        let id = template.id.rawValue
        if id.isEmpty || id.contains(where: { $0.isWhitespace }) {
            throw TemplateError.invalidTemplate(id: id, reason: "its id is \(id.isEmpty ? "empty" : "'\(id)', with a space in it"); "
                + "give it a name such as 'cookie-notice', as document.json's template field and --template spell it")
        }
        if template.states.isEmpty {
            throw TemplateError.invalidTemplate(id: id, reason: "it lists no states; list at least .initial")
        }
        templates.removeAll { $0.id == template.id }
        templates.append(template)
    }

    public var ids: [TemplateID] { templates.map(\.id) }

    /// The states `all` stands for with `content`: its template's for the document (the initial one
    /// alone when the document names no template this registry has).
    public func shownStates(of content: ConsentContent) -> [ScreenState] {
        (try? template(of: content).states(for: content)) ?? [.initial]
    }

    /// The template `content` is laid out with: `override` (a request's) or the document's own.
    public func template(of content: ConsentContent, override: String? = nil) throws -> any ScreenTemplate {
        if let override { return try template(override, from: .request) }
        let settings = (content.source as NSString).appendingPathComponent("document.json")
        return try template(content.settings.template, from: .document(path: settings))
    }

    /// Checks that `template` has every one of `states`, naming the states it has when not, and,
    /// given the document's `content`, that the document has something to draw for each.
    public func check(_ states: [ScreenState], of template: any ScreenTemplate, for content: ConsentContent? = nil) throws {
        for state in states where !template.states.contains(state) {
            throw TemplateError.unknownState(state: state.rawValue, template: template.id.rawValue, states: template.states.map(\.rawValue))
        }
        guard let content else { return }
        for state in states {
            if let reason = template.whyNotShown(state, for: content) {
                throw TemplateError.stateNotShown(state: state.rawValue, template: template.id.rawValue, reason: reason)
            }
        }
    }

    /// The template called `id`; `source` says where the name came from, for the error.
    public func template(_ id: String, from source: TemplateError.Source) throws -> any ScreenTemplate {
        guard let template = templates.first(where: { $0.id.rawValue == id }) else {
            let names = ids.map(\.rawValue)
            throw TemplateError.unknownTemplate(name: id, source: source, suggestion: closestMatch(to: id, among: names), known: names)
        }
        return template
    }
}

extension ScreenContent {
    /// Refuses a dialog's settings (`presentation`, `purposes`, `actions`, `declineStyle`,
    /// `settingsStyle`) on a full-screen template the document is rendered with by `--template`
    /// (its own document.json is refused when read).
    func refuseDialogSettings(for template: TemplateID) throws {
        let set: [(String, Bool)] = [("presentation", settings.presentation != nil), ("purposes", !settings.purposes.isEmpty),
                                     ("actions", settings.actions != nil), ("declineStyle", settings.declineStyle != nil),
                                     ("settingsStyle", settings.settingsStyle != nil)]
        let names = set.filter(\.1).map { "\"\($0.0)\"" }
        guard let last = names.last else { return }
        let keys = names.count == 1 ? [last] : [names.dropLast().joined(separator: ", "), last]
        throw TemplateError.unsupportedContent(template: template.rawValue, document: (source as NSString).appendingPathComponent("document.json"),
                                               reason: "it sets \(keys.joined(separator: " and ")), which only a consent dialog has",
                                               fix: "render it with the template its document.json names, or remove \(keys.joined(separator: " and "))")
    }

    /// The dialog placed as the document's `presentation` says: a centred card, a sheet (floating,
    /// or at the large detent when its body would scroll there) or a banner.
    func placeDialog(_ card: DialogCard, in context: LayoutContext) -> DialogCard.Placement {
        switch settings.presentation ?? .card {
        case .card:
            return card.place(in: context)
        case .sheet:
            let floating = card.place(in: context, frame: .sheet(in: context, large: false))
            guard floating.body.isScrollable, context.profile.idiom == .phone, context.orientation == .portrait else { return floating }
            return card.place(in: context, frame: .sheet(in: context, large: true))
        case .banner:
            return card.place(in: context, frame: .banner(in: context))
        }
    }

    /// What dims the app behind the dialog: the theme's dimming behind a card, iOS's lighter one
    /// behind a sheet (48 % behind a floating one in dark), none behind a banner or a full-screen sheet.
    func dimming(of placement: DialogCard.Placement, in context: LayoutContext) -> Color? {
        let metrics = context.metrics.sheet
        switch settings.presentation ?? .card {
        case .card: return context.theme.dimming
        case .banner: return nil
        case .sheet:
            if context.profile.idiom == .phone && context.orientation == .landscape && !metrics.edgeAttached { return nil }
            let floating = placement.card.maxX < context.screen.width - 1e-6 && context.profile.idiom == .phone
            let alpha = context.traits.appearance == .dark && floating ? metrics.floatingDarkDimming : metrics.dimming
            return Color(red: 0, green: 0, blue: 0, alpha: alpha)
        }
    }

    /// The dialog's buttons as `document.json` lists them (`actions`, `declineStyle`): stacked
    /// with the primary on top, side by side in the listed order, with `decline` as the decline's
    /// label. Without `actions`: decline, then accept.
    func dialogButtons(decline: String, metrics: Metrics.Buttons, colors: ButtonGroup.Colors) throws
        -> (group: ButtonGroup, declared: [ButtonRole]) {
        let listed = settings.actions ?? [.decline, .accept]
        var actions: [ButtonGroup.Action] = []
        for action in listed {
            switch action {
            case .accept:
                actions.append(.init(role: .accept, label: strings.accept))
            case .decline:
                actions.append(.init(role: .decline, label: decline, prominence: settings.declineStyle?.prominence))
            case .settings:
                actions.append(.init(role: .settings, label: try ChromeStrings.actionLabel("settings", language: language, settings: settings,
                                                                                         folder: source, app: app),
                                     prominence: settings.settingsStyle?.prominence))
            }
        }
        // Stacked: the primary on top, the others below it in the listed order.
        let stacked = actions.filter { $0.role.isPrimary } + actions.filter { !$0.role.isPrimary }
        var group = ButtonGroup(actions: stacked, metrics: metrics, colors: colors)
        group.rowOrder = listed.map(\.role)
        return (group, listed.map(\.role))
    }
}
