import Foundation

/// `login-consent`: a login page with the agreement line under its button, China's most common
/// consent surface. A phone-number field and a "send code" button, or the carrier's one-tap login
/// (the masked number and one button); under it the document's agreement line with its check box;
/// at the bottom the other login methods the document lists.
///
/// The agreement line is the Markdown body: one task-list item (`- [ ] 我已阅读并同意《用户协议》…`)
/// draws the box, ticked when the Markdown says `- [x]` (`choice.pre-ticked` reports that); a
/// paragraph draws a notice without a box ("登录即代表同意…", which `text.bundled-consent` reports).
///
/// States: `initial` (as the page opens), `ticked` (the user ticked the box), `tapped-unticked`
/// (login tapped with the box unticked: `login.whenUnticked` says what the app answers).
struct LoginConsentTemplate: ScreenTemplate {
    public init() {}

    public var id: TemplateID { .loginConsent }
    /// The button strings its screens draw.
    public var chromeStrings: [String] { [] }
    public var summary: String { "a login page (phone number or one-tap) with the agreement line and its check box" }
    public var states: [ScreenState] { [.initial, .ticked, .tappedUnticked] }

    /// A notice (no box) shows only the page as it opens; a login that proceeds unticked has no
    /// tapped-unticked screen. Judged on the default language's line (every language's is its translation).
    public func whyNotShown(_ state: ScreenState, for content: ConsentContent) -> String? {
        guard state != .initial else { return nil }
        let language = content.settings.defaultLanguage.flatMap { tag in
            LanguageTag(tag).flatMap { LanguageResolver(available: content.languages, defaultLanguage: nil).match($0) }
        } ?? content.languages.first
        if let language, let document = try? content.document(language: language), LoginAgreement.box(in: document.blocks) == nil {
            return Self.notice(language)
        }
        return state == .tappedUnticked && content.settings.login.whenUnticked == .proceeds ? Self.proceeds : nil
    }

    static func notice(_ language: String) -> String {
        "the \(language) document's agreement line is a notice without a check box (a paragraph), so there is nothing to tick; write "
            + "it as a task-list item (- [ ] 我已阅读并同意…) to draw the box and its states"
    }

    static let proceeds = "login.whenUnticked is \"proceeds\": tapping login with the box unticked leaves this page, so there is no "
        + "screen to draw (the lint reports it as login.unticked-proceeds)"
    public var lintRules: [PageLintRule] { [PageLintRule.loginUntickedProceeds, PageLintRule.loginNoBox] }
    /// A login page has no decline (not logging in is the refusal), and its agreement line names
    /// documents, not purposes. The dialog an unticked login may answer with keeps every rule but these.
    public var exemptRules: Set<LintRule> { [.declinePresent, .purposeNamed] }

    public func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        let strings = try LoginStrings.resolve(language: content.language, settings: content.settings, folder: content.source,
                                               app: content.app)
        let file = (content.source as NSString).appendingPathComponent("\(content.language).md")
        guard content.document.title != nil else {
            let heading = content.document.blocks.contains { if case .heading = $0 { true } else { false } }
            throw TemplateError.unsupportedContent(template: id.rawValue, document: file, reason: "it has no title", fix:
                "give the page its title as the first line, a # heading (# 欢迎登录)"
                + (heading ? "; the page's title is the first # heading, a ## heading is body text" : ""))
        }
        let agreement = try LoginAgreement(content)
        let login = content.settings.login
        for (index, method) in login.otherMethods.enumerated() where method.label.text(for: content.language) == nil {
            throw DocumentError.invalidSetting(path: (content.source as NSString).appendingPathComponent("document.json"),
                                               field: "login.otherMethods[\(index)].label", value: "without a name in \(content.language)",
                                               fix: "give it one for \(content.language), or one name for every language (\"Apple\")")
        }
        try content.refuseDialogSettings(for: id)
        if agreement.box == nil, state != .initial {
            throw TemplateError.stateNotShown(state: state.rawValue, template: id.rawValue, reason: Self.notice(content.language))
        }
        if state == .tappedUnticked, login.whenUnticked == .proceeds {
            throw TemplateError.stateNotShown(state: state.rawValue, template: id.rawValue, reason: Self.proceeds)
        }
        // The box as this state shows it.
        let ticked: Bool, byUser: Bool
        switch state {
        case .ticked: (ticked, byUser) = (true, true)
        case .tappedUnticked: (ticked, byUser) = (false, false)
        default: (ticked, byUser) = (agreement.box ?? false, false)
        }
        let answer = state == .tappedUnticked ? login.whenUnticked : nil
        let loginPage = LoginPage(content: content, strings: strings, agreement: agreement, ticked: ticked, tickedByUser: byUser,
                                  dimmedLogin: login.whenUnticked == .disabled && agreement.box != nil && !ticked, shaken: answer == .shake)
            .place(in: context)

        var page = PageBuilder()
        let surface = page.add("login-background", .shape(.screenFill(context.theme.palette.pageBackground)), to: .backdrop)
        if answer == .dialog {
            // The login page under the scrim, and the dialog the app answers with: its semantics are the page's.
            page.add(loginPage.items, to: .appChrome)
            page.add("scrim", .shape(.fill(context.screenRect, cornerRadius: 0, color: context.theme.dimming)), to: .scrim)
            let theme = context.theme
            let colors = ButtonGroup.Colors(theme: theme)
            let actions: [ButtonGroup.Action] = [.init(role: .accept, label: strings.agreeAndLogIn), .init(role: .decline, label: strings.disagree)]
            var buttons = ButtonGroup(actions: actions, metrics: context.metrics.buttons, colors: colors)
            buttons.rowOrder = [.decline, .accept]
            let body: [Block] = [.paragraph([.text(strings.agreementMessage)]), .paragraph(agreement.linkList(language: context.language))]
            let card = DialogCard(title: [.text(strings.agreementTitle)], body: body, buttons: buttons, theme: theme, images: content.images)
                .place(in: context)
            page.add(card.items, to: .content)
            return try page.page(in: context, semantics: PageSemantics(
                surfaceID: card.surface, titleID: card.titleID, body: card.body, buttons: card.buttons, links: card.links, tint: theme.tint,
                declaredActions: [.decline, .accept]))
        }
        page.add(loginPage.items, to: .content)
        if answer == .toast {
            page.add(toast(strings.untickedToast, clear: loginPage.body.viewport, in: context), to: .content)
        }
        var semantics = PageSemantics(surfaceID: surface, titleID: loginPage.titleID, body: loginPage.body, buttons: loginPage.buttons,
                                      links: loginPage.links, tint: context.theme.tint, declaredActions: loginPage.declared)
        semantics.login = LoginSemantics(method: login.method, whenUnticked: login.whenUnticked, hasBox: agreement.box != nil)
        return try page.page(in: context, semantics: semantics)
    }

    /// A dark rounded toast in the middle of the screen, as iOS apps draw one (no system toast
    /// exists), moved below the agreement line (`clear`) where the middle would cover it.
    private func toast(_ text: String, clear line: Rect, in context: LayoutContext) -> [PlacedItem] {
        let metrics = context.metrics.login
        let safe = context.safeRect
        let padding = metrics.toastPadding
        let maximum = context.snap(safe.width * metrics.toastMaximumWidthShare) - padding.left - padding.right
        let white = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
        var block = context.textBlock(text, role: .field, color: white, width: maximum, alignment: .center)
        block.width = min(maximum, block.shrinkWrapped(context.measurer.measure(block).size.width))
        // Measured again at the width it is drawn at, so its box holds every line it shows.
        let measured = context.measurer.measure(block).size
        let size = Size(width: context.snap(block.width + padding.left + padding.right),
                        height: context.snap(measured.height + padding.top + padding.bottom))
        // In the middle; else below the line, else above it; where neither has room (the largest
        // text sizes) at the safe area's bottom: always on screen, over the line if it must be.
        let clearance = metrics.toastClearance
        func covers(_ top: Double) -> Bool { top < line.maxY + clearance && top + size.height > line.minY - clearance }
        let fits: (Double) -> Bool = { $0 >= safe.minY && $0 + size.height <= safe.maxY }
        let candidates = [safe.midY - size.height / 2, line.maxY + clearance, line.minY - clearance - size.height]
        let top = candidates.first { fits($0) && !covers($0) } ?? max(safe.minY, safe.maxY - size.height - clearance)
        let rect = Rect(x: context.snap(safe.midX - size.width / 2), y: context.snap(top), width: size.width, height: size.height)
        return [
            // Dark on a light page; in dark mode a grey that stands off the black page.
            PlacedItem(id: "toast", drawable: .shape(.fill(rect, cornerRadius: metrics.toastCornerRadius,
                                                           color: context.traits.appearance == .dark ? Color(red: 0x3A, green: 0x3A, blue: 0x3C)
                                                               : Color(red: 0, green: 0, blue: 0, alpha: 0.8)))),
            PlacedItem(id: "toast-text", drawable: .text(PlacedText(origin: Point(x: rect.x + padding.left, y: rect.y + padding.top),
                                                                    size: Size(width: block.width, height: measured.height), block: block))),
        ]
    }
}

/// What the link map and the lint read of a login page beyond a dialog's.
public struct LoginSemantics: Codable, Sendable, Equatable {
    public var method: LoginScreen.Method
    public var whenUnticked: LoginScreen.WhenUnticked
    /// Whether the agreement line has a check box (a task-list item) or is a notice (a paragraph).
    public var hasBox: Bool
}

/// The document's agreement line: its words, and its box (nil: a notice without one).
struct LoginAgreement {
    var blocks: [Block]
    /// Whether the Markdown draws the box ticked (`- [x]`); nil for a notice.
    var box: Bool?

    /// Every link of `blocks`' paragraphs, lists and quotes, in order, each once by target.
    static func links(in blocks: [Block]) -> [Inline] {
        var links: [Inline] = []
        var seen = Set<String>()
        func collect(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case let .link(url, _, _): if seen.insert(url).inserted { links.append(inline) }
                case let .emphasis(inner), let .strong(inner), let .strikethrough(inner), let .small(inner): collect(inner)
                default: break
                }
            }
        }
        func walk(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case let .paragraph(inlines), let .heading(_, inlines): collect(inlines)
                case let .list(_, _, items): items.forEach(walk)
                case let .quote(inner): walk(inner)
                case let .checklist(items): items.forEach { walk($0.blocks) }
                case .table, .thematicBreak: break
                }
            }
        }
        walk(blocks)
        return links
    }

    /// The line's box in `blocks` (one task-list item of paragraphs): whether it starts ticked; nil for none.
    static func box(in blocks: [Block]) -> (checked: Bool, line: [Block])? {
        guard blocks.count == 1, case let .checklist(items) = blocks[0], items.count == 1, let checked = items[0].checked,
              items[0].blocks.allSatisfy({ if case .paragraph = $0 { true } else { false } }) else { return nil }
        return (checked, items[0].blocks)
    }

    init(_ content: ScreenContent) throws {
        let blocks = content.document.blocks
        if let found = Self.box(in: blocks) {
            self.blocks = found.line
            box = found.checked
            return
        }
        let paragraphs = blocks.allSatisfy { if case .paragraph = $0 { true } else { false } }
        // (A document without a body is refused when it is read.)
        guard paragraphs, blocks.count <= 3 else {
            let hint = blocks.contains { if case .heading = $0 { true } else { false } }
                ? " (the page's title is the first # heading; a ## heading is body text)" : ""
            throw TemplateError.unsupportedContent(template: TemplateID.loginConsent.rawValue,
                                                   document: (content.source as NSString).appendingPathComponent("\(content.language).md"),
                                                   reason: "its body has \(Self.describe(blocks)), which a login page does not show\(hint)",
                                                   fix: "give the body only the agreement line: one task-list item (- [ ] 我已阅读并同意[《用户协议》](…)和"
                                                       + "[《隐私政策》](…)) for a check box, or a paragraph for a notice without one; "
                                                       + "the policies themselves belong on the pages the links open")
        }
        self.blocks = blocks
        box = nil
    }

    private static func describe(_ blocks: [Block]) -> String {
        if blocks.count > 3, blocks.allSatisfy({ if case .paragraph = $0 { true } else { false } }) { return "\(blocks.count) paragraphs" }
        for block in blocks {
            switch block {
            case .heading: return "a heading"
            case .list: return "a list"
            case .quote: return "a quote"
            case .table: return "a table"
            case .thematicBreak: return "a thematic break (---)"
            case let .checklist(items): return items.count == 1 ? "a task list mixed with other blocks" : "a task list of \(items.count) items"
            case .paragraph: continue
            }
        }
        return "more than one block"
    }

    /// Every link of the line, as the dialog after an unticked login lists them: 《用户协议》《隐私政策》
    /// side by side in Chinese, comma-separated elsewhere.
    func linkList(language: LanguageTraits) -> [Inline] {
        let links = Self.links(in: blocks)
        let bracketed = links.allSatisfy { if case let .link(_, content, _) = $0 { content.plainText.hasPrefix("《") } else { false } }
        let separator = bracketed ? "" : language.isCJK ? "、" : ", "
        var list: [Inline] = []
        for (index, link) in links.enumerated() {
            if index > 0, !separator.isEmpty { list.append(.text(separator)) }
            list.append(link)
        }
        return list
    }
}
