import Foundation

/// `agreement-dialog`: a card centred in the safe area over the dimmed app (or a bottom sheet, or a
/// banner: `presentation`), with a tinted title, a body that scrolls when it does not fit, and
/// accept and decline buttons.
struct AgreementDialogTemplate: ScreenTemplate {
    public init() {}

    public var id: TemplateID { .agreementDialog }
    /// The button strings its screens draw.
    public var chromeStrings: [String] { ["accept", "decline"] }
    public var summary: String { "a consent card over the dimmed app, with accept and decline (the default)" }
    public var showsAppBehind: Bool { true }
    public var states: [ScreenState] { [.initial, .preferences] }

    /// The preferences layer only where the document lists purposes.
    public func whyNotShown(_ state: ScreenState, for content: ConsentContent) -> String? {
        state == .preferences && content.settings.purposes.isEmpty ? Self.noPurposes : nil
    }

    static let noPurposes = "document.json lists no purposes; add \"purposes\": [{ \"label\": { \"en\": \"Analytics\" }, \"description\": "
        + "{ \"en\": \"…\" } }] for the switches of the preferences layer"

    public func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        let theme = context.theme
        let dialog: DialogCard, declared: [ButtonRole]
        if state == .preferences {
            (dialog, declared) = try preferences(content, in: context)
        } else {
            let (buttons, roles) = try content.dialogButtons(decline: content.strings.decline, metrics: context.metrics.buttons,
                                                             colors: ButtonGroup.Colors(theme: theme))
            dialog = DialogCard(title: content.title, body: content.document.blocks, buttons: buttons, theme: theme, images: content.images)
            declared = roles
        }
        let card = content.placeDialog(dialog, in: context)
        var page = PageBuilder()
        page.add("backdrop", .shape(.screenFill(theme.backdrop)), to: .backdrop)
        if let app = content.backdrop {
            page.add("app-backdrop", .image(PlacedImage(png: app.png, rect: context.screenRect, fit: .aspectFill, source: app.path)),
                     to: .backdrop)
        }
        if let dimming = content.dimming(of: card, in: context) {
            page.add("scrim", .shape(.fill(context.screenRect, cornerRadius: 0, color: dimming)), to: .scrim)
        }
        page.add(card.items, to: .content)
        return try page.page(in: context, semantics: PageSemantics(
            surfaceID: card.surface, titleID: card.titleID, body: card.body, buttons: card.buttons, links: card.links, tint: theme.tint,
            declaredActions: declared))
    }

    /// The second layer: a switch per purpose of `purposes` (off unless the document says on; a
    /// required one "Always active"), and Accept all, Reject all and Save choices, stacked with
    /// Accept all on top.
    private func preferences(_ content: ScreenContent, in context: LayoutContext) throws -> (DialogCard, [ButtonRole]) {
        let purposes = content.settings.purposes
        guard !purposes.isEmpty else {
            throw TemplateError.stateNotShown(state: ScreenState.preferences.rawValue, template: id.rawValue, reason: Self.noPurposes)
        }
        let strings = try PreferencesStrings.resolve(language: content.language, settings: content.settings, folder: content.source,
                                                     app: content.app)
        var items: [ChecklistItem] = []
        for (index, purpose) in purposes.enumerated() {
            guard let label = purpose.label.text(for: content.language) else {
                throw DocumentError.invalidSetting(path: (content.source as NSString).appendingPathComponent("document.json"),
                                                   field: "purposes[\(index)].label", value: "with no \(content.language) text",
                                                   fix: "give it one for \(content.language), or one string for every language")
            }
            var blocks: [Block] = [.paragraph([.strong([.text(label)])])]
            if let description = purpose.description {
                guard let text = description.text(for: content.language) else {
                    throw DocumentError.invalidSetting(path: (content.source as NSString).appendingPathComponent("document.json"),
                                                       field: "purposes[\(index)].description", value: "with no \(content.language) text",
                                                       fix: "give it one for \(content.language), or one string for every language")
                }
                blocks.append(.paragraph([.text(text)]))
            }
            items.append(ChecklistItem(checked: purpose.required ? nil : purpose.on, blocks: blocks))
        }
        var body: [Block] = [.checklist(items)]
        // The first layer's links (its policy, its partners) under the purposes, as consent managers keep them.
        let links = LoginAgreement.links(in: content.document.blocks)
        if !links.isEmpty {
            body.append(.paragraph(links.enumerated().flatMap { index, link in index == 0 ? [link] : [.text(" · "), link] }))
        }
        let theme = context.theme
        let actions: [ButtonGroup.Action] = [.init(role: .accept, label: strings.acceptAll), .init(role: .decline, label: strings.rejectAll),
                                             .init(role: .save, label: strings.save, prominence: .neutral)]
        var buttons = ButtonGroup(actions: actions, metrics: context.metrics.buttons, colors: ButtonGroup.Colors(theme: theme))
        buttons.rowOrder = [.save, .decline, .accept]
        var card = DialogCard(title: [.text(strings.title)], body: body, buttons: buttons, theme: theme, images: content.images)
        card.controls = .switches(alwaysOn: strings.alwaysActive)
        return (card, [.accept, .decline, .save])
    }
}
