/// `launch-consent`: the consent dialog over a replica of the app's launch screen (its background
/// colour, centred logo and name), without dimming, as China's large apps show it before anything
/// else runs. The decline button says what happens ("Disagree and exit"). In the `decline-confirm`
/// state the dialog is the confirmation shown after a decline, with a way back to the agreement
/// (`review`) and a way out (`exit`).
struct LaunchConsentTemplate: ScreenTemplate {
    public init() {}

    public var id: TemplateID { .launchConsent }
    /// The button strings its screens draw.
    public var chromeStrings: [String] { ["accept", "decline"] }
    public var summary: String { "the consent dialog over the app's launch screen, with a decline that exits" }
    public var states: [ScreenState] { [.initial, .declineConfirm] }
    public var lintRules: [PageLintRule] { [PageLintRule.launchDeclineExplainsOutcome] }

    public func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        let strings = try LaunchStrings.resolve(language: content.language, settings: content.settings, folder: content.source,
                                                app: content.app)
        let screen = content.settings.launch
        let theme = context.theme
        let backdrop = screen.background.flatMap(Color.init(hex:)) ?? theme.backdrop
        let colors = ButtonGroup.Colors(theme: theme)

        let title: [Inline], body: [Block], buttons: ButtonGroup, declared: [ButtonRole]
        switch state {
        case .declineConfirm:
            title = [.text(strings.confirmTitle)]
            body = [.paragraph([.text(strings.confirmMessage)])]
            buttons = ButtonGroup(actions: [.init(role: .review, label: strings.confirmReview), .init(role: .exit, label: strings.confirmExit)],
                                  metrics: context.metrics.buttons, colors: colors)
            declared = [.review, .exit]
        default:
            title = content.title
            body = content.document.blocks
            (buttons, declared) = try content.dialogButtons(decline: strings.declineAndExit, metrics: context.metrics.buttons,
                                                            colors: colors)
        }
        let card = content.placeDialog(DialogCard(title: title, body: body, buttons: buttons, theme: theme, images: content.images), in: context)

        var page = PageBuilder()
        // The launch screen shows through as it is: no scrim.
        page.add("backdrop", .shape(.screenFill(backdrop)), to: .backdrop)
        page.add(brand(of: content, over: backdrop, around: card.card, in: context), to: .appChrome)
        page.add(card.items, to: .content)
        return try page.page(in: context, semantics: PageSemantics(
            surfaceID: card.surface, titleID: card.titleID, body: card.body, buttons: card.buttons, links: card.links, tint: theme.tint,
            declaredActions: declared))
    }

    /// The logo over the app's name, in the larger free band above or below the dialog, as a
    /// launch screen's footer or header; the dialog covers the screen's middle. Where neither band
    /// holds it (phones in landscape) the dialog covers it, as it would on the device: it is left
    /// out rather than drawn half hidden.
    private func brand(of content: ScreenContent, over backdrop: Color, around card: Rect, in context: LayoutContext) -> [PlacedItem] {
        let metrics = context.metrics.launchScreen
        let screen = content.settings.launch
        let safe = context.safeRect
        let logoSide = context.profile.idiom == .pad ? metrics.padLogoSide : metrics.phoneLogoSide
        let logo = screen.logo.flatMap { content.assets[$0] }
        let nameColor = ContrastRatio.luminance(backdrop) > 0.4 ? Color(red: 0, green: 0, blue: 0) : Color(red: 0xFF, green: 0xFF, blue: 0xFF)
        let name = screen.appName?.text(for: content.language).flatMap { $0.isEmpty ? nil : $0 }
            .map { context.textBlock($0, role: .appName, color: nameColor, width: safe.width, alignment: .center) }
        let nameHeight = name.map { context.measurer.measure($0).size.height } ?? 0
        let brandHeight = (logo == nil ? 0 : logoSide) + (logo != nil && name != nil ? metrics.logoToNameSpacing : 0) + nameHeight
        let above = Rect(x: safe.minX, y: safe.minY, width: safe.width, height: max(0, card.minY - safe.minY))
        let below = Rect(x: safe.minX, y: card.maxY, width: safe.width, height: max(0, safe.maxY - card.maxY))
        let band = below.height >= above.height ? below : above
        guard brandHeight > 0, brandHeight + metrics.bandMargin <= band.height else { return [] }

        var items: [PlacedItem] = []
        var top = context.snap(band.midY - brandHeight / 2)
        if let logo {
            let rect = Rect(x: context.snap(safe.midX - logoSide / 2), y: top, width: logoSide, height: logoSide)
            items.append(PlacedItem(id: "launch-logo", drawable: .image(PlacedImage(png: logo, rect: rect))))
            top = rect.maxY + metrics.logoToNameSpacing
        }
        if let name {
            items.append(PlacedItem(id: "launch-app-name", drawable: .text(PlacedText(
                origin: Point(x: safe.minX, y: context.snap(top)), size: Size(width: safe.width, height: nameHeight), block: name))))
        }
        return items
    }
}
