/// `att-explainer`: the full-screen page an app shows before the system's tracking prompt. It must
/// look unlike the app's own UI, so it uses only system colours and fonts (never the brand tint),
/// and it offers exactly one action, `continue`, which leads to the system prompt.
///
/// The document's `## ` headings start its sections: a section with a list is drawn as a data flow
/// (one node per step, joined by arrows), a section with a GFM table as a wrapping table, and any
/// other section as text. Dots on the trailing edge mark the sections.
struct ATTExplainerTemplate: ScreenTemplate {
    public init() {}

    public var id: TemplateID { .attExplainer }
    /// The button strings its screens draw.
    public var chromeStrings: [String] { ["continue"] }
    public var summary: String { "the full-screen explainer shown before iOS's tracking prompt, with one continue action" }
    public var lintRules: [PageLintRule] { [PageLintRule.attSingleAction, PageLintRule.attNoAllowWording, PageLintRule.attNoIncentive,
                                                PageLintRule.attNoAllowInstruction] }
    /// An explainer has one action, so the accept/decline rules do not apply. It keeps the policy
    /// rule: its privacy link belongs on the first screen too.
    public var exemptRules: Set<LintRule> {
        [.declinePresent, .equalTreatment]
    }

    /// App Tracking Transparency is iOS's: Android has no tracking prompt to explain.
    public func whyNotDrawn(on platform: Platform) -> String? {
        platform.name == Platform.ios.name ? nil
            : "the att-explainer template explains iOS's App Tracking Transparency prompt, which Android does not have; "
                + "render it on an iOS device, or give this document another template (agreement-dialog) for Android"
    }

    public func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        try content.refuseDialogSettings(for: id)
        let metrics = context.metrics.page
        let theme = context.theme.system
        let safe = context.safeRect
        let traits = context.language
        let columnWidth = context.snap(min(safe.width - 2 * metrics.sideMargin, metrics.maximumColumnWidth))
        let columnX = context.snap(safe.midX - columnWidth / 2)
        var links: [LinkSource] = []

        // Title: large, bold, the label colour (not the brand tint), three lines at most.
        let titleStyle = context.textStyle(.pageTitle, color: theme.label, linkColor: theme.link)
        var titleBuilder = StyledTextBuilder(base: titleStyle, traits: traits)
        titleBuilder.append(content.title, links: &links)
        let titleBlock = titleBuilder.block(width: columnWidth, alignment: .leading,
                                            lineHeight: titleStyle.fontSize * traits.displayLineHeightMultiple,
                                            maximumLines: context.metrics.text.titleMaximumLines)
        let titleMeasurement = context.measurer.measure(titleBlock)
        let title = PlacedText(origin: Point(x: columnX, y: context.snap(safe.minY + metrics.titleTop)),
                               size: Size(width: columnWidth, height: titleMeasurement.size.height), block: titleBlock)

        // The one action, at the bottom.
        var buttonMetrics = context.metrics.buttons
        buttonMetrics.minimumHeight = metrics.buttonHeight
        buttonMetrics.cornerRadius = metrics.buttonCornerRadius
        buttonMetrics.horizontalPadding = metrics.buttonLabelInset
        // A second action ("Not Now"), when the document asks for one, as apps draw it: a plain
        // text button under Continue. Apple's rules allow only the one; the lint says so.
        var actions: [ButtonGroup.Action] = [.init(role: .continue, label: content.strings.continueLabel)]
        if content.settings.secondaryAction == .notNow {
            actions.append(.init(role: .notNow, label: try ChromeStrings.actionLabel("notNow", language: content.language,
                                                                                    settings: content.settings, folder: content.source,
                                                                                    app: content.app), prominence: .plain))
        }
        let group = ButtonGroup(actions: actions, metrics: buttonMetrics, colors: ButtonGroup.Colors(theme: theme))
        let buttonHeight = group.place(.vertical, at: Point(x: 0, y: 0), width: columnWidth, in: context).height
        let buttons = group.place(.vertical, at: Point(x: columnX, y: context.snap(safe.maxY - metrics.buttonBottomMargin - buttonHeight)),
                                  width: columnWidth, in: context)
        let buttonTop = buttons.buttons.map(\.rect.minY).min() ?? safe.maxY

        // Sections, stacked in the body's own coordinates, then moved under the title.
        var builder = ATTSectionBuilder(context: context, theme: theme, width: columnWidth)
        _ = builder.slugger.slug(for: content.title.plainText)
        var sectionCount = 0
        var cursor = 0.0
        for (index, section) in ATTSections(blocks: content.document.blocks).sections.enumerated() {
            if index > 0 { cursor += metrics.sectionSpacing }
            sectionCount += 1
            cursor = builder.place(section, at: context.snap(cursor), links: &links)
        }
        let viewportTop = context.snap(title.frame.maxY + metrics.titleToBodySpacing)
        let available = max(0, buttonTop - metrics.bodyToButtonSpacing - viewportTop)
        let contentHeight = cursor
        // Content that fits keeps its last pixel; content that does not ends on a whole line, as
        // the dialog's body does, never through the glyphs.
        let viewport = Rect(x: columnX, y: viewportTop, width: columnWidth,
                            height: foldHeight(of: builder.blocks, contentHeight: contentHeight, available: available, scale: context.scale))
        let measured = builder.blocks.map { $0.offsetBy(dx: columnX, dy: viewportTop) }
        let body = ScrollBody(blocks: measured, shapes: builder.shapes.map { $0.offsetBy(dx: columnX, dy: viewportTop) },
                              viewport: viewport, contentHeight: contentHeight, indicatorGap: metrics.indicatorGap,
                              surface: theme.palette.pageBackground, indicatorColor: theme.scrollIndicator, anchors: builder.anchors)
        let (bodyItems, bodySemantics) = body.placed(in: context)

        // A page indicator on the trailing edge: one dot per section, the first (shown on open) filled.
        let dotX = traits.isRightToLeft ? columnX - metrics.dotOffset : columnX + columnWidth + metrics.dotOffset
        let dots = (0..<sectionCount).map { index in
            PlacedItem(id: "section-dot-\(index)", drawable: .shape(.circle(
                center: Point(x: dotX, y: viewportTop + metrics.firstDotTop + Double(index) * metrics.dotSpacing),
                radius: metrics.dotRadius, color: index == 0 ? theme.label : theme.label.withAlpha(0.3))))
        }

        var page = PageBuilder()
        let surface = page.add("backdrop", .shape(.screenFill(theme.palette.pageBackground)), to: .backdrop)
        let titleItem = page.add("title", .text(title), to: .content)
        page.add(bodyItems, to: .content)
        page.add(dots, to: .content)
        page.add(buttons.items, to: .content)
        return try page.page(in: context, semantics: PageSemantics(
            surfaceID: surface, titleID: titleItem, body: bodySemantics, buttons: buttons.buttons,
            links: placeLinks(links, title: MeasuredBlock(placed: title, measurement: titleMeasurement), body: measured,
                              viewport: viewport),
            tint: theme.tint, declaredActions: actions.map(\.role)))
    }
}
