import Foundation
// Only the public API: a library user writes a template the same way.
import ConsentRender

/// A template the library does not ship, written here with the public API only: a full-screen
/// notice with three stacked buttons. Registering it is all it takes to render and lint it.
struct ThreeChoiceNotice: ScreenTemplate {
    var id: TemplateID { "three-choice-notice" }
    var summary: String { "a full-screen notice with three stacked choices" }
    var states: [ScreenState] { [.initial, "reminder"] }
    var lintRules: [PageLintRule] {
        [PageLintRule(id: "notice.three-choices") { lint in
            lint.page.buttons.count == 3 ? [] : [lint.finding("notice.three-choices", .error, "buttons", nil,
                                                              "a notice offers three choices; this one has \(lint.page.buttons.count)")]
        }]
    }
    /// It has no decline and no policy link of its own.
    var exemptRules: Set<LintRule> { ["choice.decline-present", "choice.equal-treatment", "links.policy-present"] }

    func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        let theme = context.theme
        let safe = context.safeRect
        let width = context.snap(safe.width - 48)
        let x = context.snap(safe.midX - width / 2)
        let heading = (state == "reminder" ? "Reminder: " : "") + content.title.plainText
        let title = context.place(context.textBlock(heading, role: .pageTitle, color: theme.label, width: width),
                                  at: Point(x: x, y: context.snap(safe.minY + 24)))
        let group = ButtonGroup(actions: [.init(role: .accept, label: "Allow all"), .init(role: .review, label: "Choose", prominence: .neutral),
                                          .init(role: .decline, label: content.strings.decline)],
                                metrics: context.metrics.buttons, colors: ButtonGroup.Colors(theme: theme), separators: true)
        let height = group.place(.vertical, at: Point(x: 0, y: 0), width: width, in: context).height
        let buttons = group.place(.vertical, at: Point(x: x, y: context.snap(safe.maxY - 16 - height)), width: width, in: context)
        let bodyTop = context.snap(title.frame.maxY + 16)
        let buttonsTop = buttons.buttons.map(\.rect.minY).min() ?? safe.maxY
        let body = DocumentBody(blocks: content.document.blocks, color: theme.label, linkColor: theme.link)
            .place(in: Rect(x: x, y: bodyTop, width: width, height: buttonsTop - 16 - bodyTop), surface: theme.palette.pageBackground,
                   indicatorGap: 8, in: context)
        var page = PageBuilder()
        let surface = page.add("backdrop", .shape(.screenFill(theme.palette.pageBackground)), to: .backdrop)
        let titleItem = page.add("title", .text(title), to: .content)
        page.add(body.items, to: .content)
        page.add(buttons.items, to: .content)
        return try page.page(in: context, semantics: PageSemantics(
            surfaceID: surface, titleID: titleItem, body: body.semantics, buttons: buttons.buttons, links: body.links,
            tint: theme.tint, declaredActions: [.accept, .review, .decline]))
    }
}

