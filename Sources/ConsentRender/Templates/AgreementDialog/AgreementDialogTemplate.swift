/// `agreement-dialog`: a card centred in the safe area over the dimmed app (or a bottom sheet, or a
/// banner: `presentation`), with a tinted title, a body that scrolls when it does not fit, and
/// accept and decline buttons.
struct AgreementDialogTemplate: ScreenTemplate {
    public init() {}

    public var id: TemplateID { .agreementDialog }
    public var summary: String { "a consent card over the dimmed app, with accept and decline (the default)" }
    public var showsAppBehind: Bool { true }

    public func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        let theme = context.theme
        let (buttons, declared) = try content.dialogButtons(decline: content.strings.decline, metrics: context.metrics.buttons,
                                                            colors: ButtonGroup.Colors(theme: theme))
        let card = content.placeDialog(DialogCard(title: content.title, body: content.document.blocks, buttons: buttons, theme: theme,
                                                  images: content.images), in: context)
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
}
