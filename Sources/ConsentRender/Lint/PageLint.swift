import Foundation

/// One check of a rendered screen.
public struct PageLintRule: Sendable {
    /// The rule's id, such as `contrast.text`; findings carry it.
    public var id: String
    public var check: @Sendable (PageLint) -> [LintFinding]

    public init(id: String, check: @escaping @Sendable (PageLint) -> [LintFinding]) {
        self.id = id
        self.check = check
    }

    init(_ rule: LintRule, _ check: @escaping @Sendable (PageLint) -> [LintFinding]) {
        self.init(id: rule.rawValue, check: check)
    }
}

/// Checks a rendered screen against the consent rules: measured from the layout (geometry) and
/// the painted colours, not from the input files. Every screen gets the common rules its template
/// does not exempt it from, plus the template's own.
public struct PageLint: Sendable {
    public var page: PageLayout
    public var device: String
    /// The template the screen was laid out with.
    public var template: any ScreenTemplate
    /// Characters no font covered in this render.
    public var missingCharacters: [Unicode.Scalar]
    /// Text items the text engine cut short with "…" (a title or label over its line limit).
    public var ellipsizedText: Set<String>
    public var options: LintOptions
    /// The text size the screen was laid out at. The content rules (`text.min-size`,
    /// `text.density`, contrast, links, wording) judge Large, the app's default: a user who picks
    /// another size chose it. At other sizes only the layout rules apply.
    public var textSize: ContentSizeCategory
    /// The title and labels whose lines break inside a word (a word wider than its box).
    public var wordBrokenText: Set<String>

    /// The smallest button the platform's guidelines accept, in points on each side (iOS: 44).
    public var minimumTapTarget: Double = 44

    public init(page: PageLayout, device: String, template: any ScreenTemplate = AgreementDialogTemplate(),
                missingCharacters: [Unicode.Scalar] = [], ellipsizedText: Set<String> = [], options: LintOptions = LintOptions(),
                textSize: ContentSizeCategory = .large, wordBrokenText: Set<String> = [], minimumTapTarget: Double = 44) {
        self.wordBrokenText = wordBrokenText
        self.minimumTapTarget = minimumTapTarget
        self.page = page
        self.device = device
        self.template = template
        self.missingCharacters = missingCharacters
        self.ellipsizedText = ellipsizedText
        self.options = options
        self.textSize = textSize
    }

    /// The rules that judge a screen's layout, which apply at every text size.
    public static let layoutRules: Set<String> = [LintRule.safeArea, .statusBar, .truncation, .buttonsVisible, .targetSize]
        .map(\.rawValue).reduce(into: []) { $0.insert($1) }

    /// The rules every consent screen follows unless its template says otherwise.
    public static let commonRules: [PageLintRule] = [
        PageLintRule(.contrastText) { $0.textContrast() },
        PageLintRule(.contrastButtonEdge) { $0.buttonEdges() },
        PageLintRule(.targetSize) { $0.targetSizes() },
        PageLintRule(.declinePresent) { $0.declinePresent() },
        PageLintRule(.equalTreatment) { $0.equalTreatment() },
        PageLintRule(.policyPresent) { $0.policyPresent() },
        PageLintRule(.safeArea) { $0.safeArea() },
        PageLintRule(.statusBar) { $0.statusBarClear() },
        PageLintRule(.truncation) { $0.truncation() },
        PageLintRule(.buttonsVisible) { $0.buttonsVisible() },
        PageLintRule(.linkScheme) { $0.linkSchemes() },
        PageLintRule(.linkTextControls) { $0.linkTextControls() },
        PageLintRule(.minimumSize) { $0.textSizes().filter { $0.rule == LintRule.minimumSize.rawValue } },
        PageLintRule(.density) { $0.textSizes().filter { $0.rule == LintRule.density.rawValue } },
        PageLintRule(.missingGlyphs) { $0.glyphs() },
        PageLintRule(.languageMix) { $0.languageMix() },
        PageLintRule(.impliedConsent) { $0.impliedConsent() },
        PageLintRule(.preTicked) { $0.preTicked() },
        PageLintRule(.forcedConsent) { $0.forcedConsent() },
    ]

    /// The rules this screen gets: the common ones its template keeps, then the template's own.
    public var rules: [PageLintRule] {
        let all = Self.commonRules.filter { !template.exemptRules.contains($0.id) } + template.lintRules
        return textSize == .large ? all : all.filter { Self.layoutRules.contains($0.id) }
    }

    /// Every finding, errors first.
    public func findings() -> [LintFinding] {
        rules.flatMap { $0.check(self) }.sorted { ($0.severity, $0.rule) < ($1.severity, $1.rule) }
    }

    /// A finding of `rule` about `element`, at `rect` on the screen.
    public func finding(_ rule: String, _ severity: LintSeverity, _ element: String, _ rect: Rect?, _ message: String) -> LintFinding {
        // Thousandths of a point, as the link map rounds them.
        let rounded = rect.map(LinkMap.rounded)
        return LintFinding(rule: rule, severity: severity, message: message, element: element, rect: rounded,
                           language: page.language, device: device)
    }

    func finding(_ rule: LintRule, _ severity: LintSeverity, _ element: String, _ rect: Rect?, _ message: String) -> LintFinding {
        finding(rule.rawValue, severity, element, rect, message)
    }

    private var card: Color { page.dialog.fill }
    /// The filled button (accept, or review on a decline confirmation).
    private var accept: PageLayout.Button? { page.buttons.first { $0.role.isPrimary } }
    /// The way to refuse (decline, or exit on a decline confirmation); a "Manage settings" is not one.
    private var decline: PageLayout.Button? { page.buttons.first { $0.role == .decline || $0.role == .exit } }

    /// WCAG's large text: 18 pt, or 14 pt bold.
    private func isLarge(_ run: TextRun) -> Bool {
        run.fontSize >= 18 || (run.fontSize >= 14 && run.weight != .regular)
    }

    /// `contrast.text`: WCAG 1.4.3, 4.5:1 (3:1 for large text); TCF 5:1 for button labels.
    func textContrast() -> [LintFinding] {
        var results: [LintFinding] = []
        var seen = Set<String>()
        func check(_ runs: [TextRun], element: (TextRun) -> String, rect blockRect: Rect, background: Color, isLabel: Bool) {
            for run in runs {
                let name = element(run)
                let rect = run.linkIndex.flatMap { page.links[$0].visibleRects.first } ?? blockRect
                let key = "\(name) \(run.color.hex) \(run.color.alpha) \(background.hex)"
                guard seen.insert(key).inserted else { continue }
                let ratio = ContrastRatio.of(run.color, on: background)
                var needed = isLarge(run) ? 3.0 : 4.5
                if isLabel && options.tcf { needed = 5 }
                if ratio < needed {
                    let source = isLabel && options.tcf ? "IAB TCF v2.2" : "WCAG 1.4.3"
                    results.append(finding(.contrastText, .error, name, rect,
                        "\(run.color.hex)\(run.color.alpha < 1 ? " at \(Int(run.color.alpha * 100))%" : "") on \(background.hex) "
                        + "is \(ContrastRatio.format(ratio)); \(source) needs \(ContrastRatio.format(needed)) here"))
                }
            }
        }
        check(page.title.block.runs, element: { _ in "title" }, rect: page.title.frame, background: card, isLabel: false)
        for block in page.body.blocks {
            check(block.block.runs, element: { run in run.linkIndex.map { "link-\($0)" } ?? "body text" },
                  rect: block.frame, background: card, isLabel: false)
        }
        for button in page.buttons {
            let fill = button.fill.alpha < 1 ? button.fill.composited(over: card) : button.fill
            check(button.labelText.block.runs, element: { _ in "\(button.role.rawValue) label" }, rect: button.rect,
                  background: fill, isLabel: true)
        }
        return results
    }

    /// `contrast.button-edge`: WCAG 1.4.11, a button's fill or border 3:1 against the card.
    func buttonEdges() -> [LintFinding] {
        page.buttons.compactMap { button in
            // A text button or link has no edge to see: its words are the control (contrast.text judges them).
            if button.fill.alpha == 0, button.border == nil { return nil }
            let fill = ContrastRatio.of(button.fill, on: card)
            let border = button.border.map { ContrastRatio.of($0, on: card) } ?? 0
            guard max(fill, border) < 3 else { return nil }
            return finding(.contrastButtonEdge, .error, "\(button.role.rawValue) button", button.rect,
                           "its fill is \(ContrastRatio.format(fill)) against the card"
                           + (button.border == nil ? " and it has no border" : " and its border \(ContrastRatio.format(border))")
                           + "; WCAG 1.4.11 needs 3:1 for one of them")
        }
    }

    /// `target.size`: buttons at least the platform's minimum (44×44 pt, Apple HIG); links on
    /// lines under 24 pt (WCAG 2.5.8) warn.
    func targetSizes() -> [LintFinding] {
        let minimum = minimumTapTarget
        var results = page.buttons.compactMap { button -> LintFinding? in
            guard button.rect.width < minimum || button.rect.height < minimum else { return nil }
            return finding(.targetSize, .error, "\(button.role.rawValue) button", button.rect,
                           String(format: "is %.0f×%.0f pt; tap targets need %.0f×%.0f pt", button.rect.width, button.rect.height,
                                  minimum, minimum))
        }
        for link in page.links {
            guard let small = link.visibleRects.first(where: { $0.height < 24 }) else { continue }
            results.append(finding(.targetSize, .warning, link.id, small,
                                   String(format: "sits on %.1f pt lines; a 24 pt tall target is easier to tap", small.height)))
        }
        return results
    }

    /// `choice.decline-present`: a way to refuse on the first screen.
    func declinePresent() -> [LintFinding] {
        guard let decline, page.screenRect.contains(decline.rect) else {
            let others = page.buttons.filter { !$0.role.isPrimary }.map { "'\($0.label)'" }
            let shown = others.isEmpty ? "the screen offers accept only"
                : "the screen offers accept and \(others.joined(separator: ", ")), which is not a way to refuse"
            return [finding(.declinePresent, .error, "buttons", nil,
                            "there is no decline on the first screen: \(shown); consent needs a real choice, refusing as easy as "
                            + "accepting (GDPR Art. 7, EDPB Guidelines 05/2020, CNIL and Irish DPC findings on accept-only banners); "
                            + "add \"decline\" to document.json's \"actions\"")]
        }
        return []
    }

    /// `choice.equal-treatment`: refusing is as easy as accepting.
    func equalTreatment() -> [LintFinding] {
        guard let decline, page.screenRect.contains(decline.rect), let accept else { return [] }
        if decline.style == .link {
            return [finding(.equalTreatment, .error, "decline link", decline.rect,
                            "'\(decline.label)' is a small text link while '\(accept.label)' is a button; refusing must be as easy "
                            + "and as visible as accepting (EDPB Guidelines 03/2022 on deceptive design, CNIL); draw the decline as "
                            + "a button: remove \"declineStyle\": \"link\"")]
        }
        var results: [LintFinding] = []
        let acceptRun = accept.labelText.block.runs.first, declineRun = decline.labelText.block.runs.first
        if let acceptRun, let declineRun, acceptRun.fontSize != declineRun.fontSize || acceptRun.weight != declineRun.weight {
            results.append(finding(.equalTreatment, .error, "decline label", decline.rect,
                "is \(declineRun.fontSize) pt \(declineRun.weight.rawValue) but accept is \(acceptRun.fontSize) pt "
                + "\(acceptRun.weight.rawValue); both choices need the same font, size and weight"))
        }
        let labelAlpha = declineRun?.color.alpha ?? 1
        let fill = decline.fill.alpha < 1 ? decline.fill.composited(over: card) : decline.fill
        let labelContrast = declineRun.map { ContrastRatio.of($0.color, on: fill) } ?? 21
        if labelAlpha < 1 || decline.fill.alpha < 1 || labelContrast < 4.5 {
            results.append(finding(.equalTreatment, .error, "decline button", decline.rect,
                "looks disabled (drawn at \(Int((min(labelAlpha, decline.fill.alpha) * 100).rounded()))% opacity, "
                + "label contrast \(ContrastRatio.format(labelContrast))); decline must look as available as accept"))
        }
        let ratio = (decline.rect.width * decline.rect.height) / max(1, accept.rect.width * accept.rect.height)
        if ratio < 0.8 {
            results.append(finding(.equalTreatment, .warning, "decline button", decline.rect,
                                   String(format: "is %.0f%% of the accept button's area; keep it at least 80%%", ratio * 100)))
        }
        return results
    }

    /// Interactive elements: buttons and the visible parts of links.
    private var interactive: [(name: String, rect: Rect)] {
        page.buttons.map { ("\($0.role.rawValue) \($0.style == .link ? "link" : "button")", $0.rect) }
            + page.links.flatMap { link in link.visibleRects.map { (link.id, $0) } }
    }

    /// `layout.safe-area`: inside the safe area and clear of the display's rounded corners.
    func safeArea() -> [LintFinding] {
        let safe = page.safeRect
        var results: [LintFinding] = []
        for element in interactive {
            if !safe.contains(element.rect) {
                results.append(finding(.safeArea, .error, element.name, element.rect,
                                       "leaves the safe area (under the status bar, notch or home indicator)"))
            } else if let corner = cornerClipping(element.rect) {
                results.append(finding(.safeArea, .error, element.name, element.rect,
                                       "reaches into the display's rounded \(corner) corner"))
            }
        }
        return results
    }

    /// `layout.status-bar`: no button or visible link under the status bar or the cut-out.
    func statusBarClear() -> [LintFinding] {
        let areas = [page.semantics.statusBar.map { ("the status bar", $0.rect) }, page.semantics.cutout.map { ("the cut-out", $0) }]
            .compactMap { $0 }
        var results: [LintFinding] = []
        for element in interactive {
            if let (name, _) = areas.first(where: { $0.1.intersection(element.rect) != nil }) {
                results.append(finding(.statusBar, .error, element.name, element.rect,
                                       "lies under \(name), where iOS draws over the app and a tap does not reach it"))
            }
        }
        return results
    }

    /// Which rounded display corner cuts into `rect`, if any.
    private func cornerClipping(_ rect: Rect) -> String? {
        let radius = page.displayCornerRadius
        guard radius > 0 else { return nil }
        let w = page.screen.width, h = page.screen.height
        let corners: [(String, Double, Double, Double, Double)] = [
            ("top-left", rect.minX, rect.minY, radius, radius),
            ("top-right", rect.maxX, rect.minY, w - radius, radius),
            ("bottom-left", rect.minX, rect.maxY, radius, h - radius),
            ("bottom-right", rect.maxX, rect.maxY, w - radius, h - radius),
        ]
        for (name, x, y, cx, cy) in corners {
            let inCornerSquare = (name.hasSuffix("left") ? x < cx : x > cx) && (name.hasPrefix("top") ? y < cy : y > cy)
            if inCornerSquare && ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() > radius {
                return name
            }
        }
        return nil
    }

    /// `layout.truncation`: the title and button labels fit their boxes; only the body may be cut.
    func truncation() -> [LintFinding] {
        var results: [LintFinding] = []
        if !page.dialog.rect.contains(page.title.frame, tolerance: 0.5) {
            results.append(finding(.truncation, .error, "title", page.title.frame, "does not fit in the dialog and is cut off"))
        } else if ellipsizedText.contains(page.semantics.titleID) {
            let lines = page.title.block.maximumLines.map { " to \($0) \($0 == 1 ? "line" : "lines")" } ?? ""
            results.append(finding(.truncation, .error, "title", page.title.frame,
                                   "is cut\(lines) with \"…\"; shorten it so the whole title shows"))
        } else if wordBrokenText.contains(page.semantics.titleID) {
            results.append(finding(.truncation, .error, "title", page.title.frame,
                                   "breaks inside a word: a word is wider than the title's box; shorten it or widen the card"))
        }
        let card = page.dialog
        if card.cornerRadius > 0, !Self.isInside(page.title.frame, roundedRect: card.rect, radius: card.cornerRadius) {
            results.append(finding(.truncation, .error, "title", page.title.frame,
                                   "reaches into the card's \(Int(card.cornerRadius)) pt rounded corners and is cut by them; "
                                   + "use a smaller card.cornerRadius or more card.padding"))
        }
        for button in page.buttons where card.cornerRadius > 0
            && !Self.isInside(button.rect, roundedRect: card.rect, radius: card.cornerRadius) {
            results.append(finding(.truncation, .error, "\(button.role.rawValue) button", button.rect,
                                   "sticks out of the card's \(Int(card.cornerRadius)) pt rounded corners; "
                                   + "use a smaller card.cornerRadius or more card.padding"))
        }
        for (button, semantics) in zip(page.buttons, page.semantics.buttons) {
            if !button.rect.contains(button.labelText.frame, tolerance: 0.5) {
                results.append(finding(.truncation, .error, "\(button.role.rawValue) label", button.labelText.frame,
                                       "does not fit in its button and is cut off"))
            } else if ellipsizedText.contains(semantics.labelID) {
                results.append(finding(.truncation, .error, "\(button.role.rawValue) label", button.labelText.frame,
                                       "'\(button.label)' is cut with \"…\"; shorten it so the whole label shows"))
            } else if wordBrokenText.contains(semantics.labelID) {
                results.append(finding(.truncation, .error, "\(button.role.rawValue) label", button.labelText.frame,
                                       "'\(button.label)' breaks inside a word: the button is narrower than one of its words; "
                                       + "shorten the label, widen the button (style.buttons.minWidth) or let the buttons "
                                       + "stack (style.buttons.arrangement auto)"))
            }
        }
        if page.body.viewport.height < 1 {
            results.append(finding(.truncation, .error, "body", page.body.viewport,
                                   "has no room at all: the title and buttons fill the dialog"))
        }
        return results
    }

    /// Whether `rect`'s corners lie inside the rounded rectangle (`radius` at each corner).
    static func isInside(_ rect: Rect, roundedRect outer: Rect, radius: Double) -> Bool {
        guard outer.contains(rect, tolerance: 0.5) else { return false }
        let r = min(radius, outer.width / 2, outer.height / 2)
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
        return corners.allSatisfy { x, y in
            // The centre of the corner arc nearest the point; inside the straight edges there is nothing to check.
            let cx = min(max(x, outer.minX + r), outer.maxX - r), cy = min(max(y, outer.minY + r), outer.maxY - r)
            return ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() <= r + 0.5
        }
    }

    /// `layout.buttons-visible`: both buttons wholly on screen, in the dialog, not overlapping.
    func buttonsVisible() -> [LintFinding] {
        let screen = page.screenRect
        var results = page.buttons.compactMap { button -> LintFinding? in
            guard !(screen.contains(button.rect) && page.dialog.rect.contains(button.rect)) else { return nil }
            return finding(.buttonsVisible, .error, "\(button.role.rawValue) button", button.rect,
                           "is not fully visible in \(page.orientation.rawValue)")
        }
        if let accept, let decline, accept.rect.intersection(decline.rect) != nil {
            results.append(finding(.buttonsVisible, .error, "buttons", accept.rect, "the accept and decline buttons overlap"))
        }
        let declared = page.semantics.declaredActions
        let drawn = declared.filter { role in page.buttons.contains { $0.role == role } }
        if drawn.count < declared.count {
            results.append(finding(.buttonsVisible, .error, "buttons", nil,
                                   "the screen shows \(drawn.count) of its \(declared.count) buttons"))
        }
        return results
    }

    /// `links.scheme`: https pages, in-document `#anchors`, and `tel:` and `mailto:` (a customer-service
    /// number or address, which iOS opens in Phone or Mail).
    func linkSchemes() -> [LintFinding] {
        page.links.compactMap { link in
            let url = link.url.trimmingCharacters(in: .whitespaces).lowercased()
            let rect = link.visibleRects.first
            if url.hasPrefix("https://") || (url.hasPrefix("#") && url.count > 1) { return nil }
            if (url.hasPrefix("tel:") || url.hasPrefix("mailto:")) && url.split(separator: ":", maxSplits: 1).count == 2 { return nil }
            if url.isEmpty || url == "#" {
                return finding(.linkScheme, .error, link.id, rect, "'\(link.text)' has no target")
            }
            for unsafe in ["http://", "javascript:", "data:"] where url.hasPrefix(unsafe) {
                return finding(.linkScheme, .error, link.id, rect,
                               "'\(link.text)' goes to \(link.url); use https:// (\(unsafe == "http://" ? "an http" : "a \(unsafe.dropLast())") link "
                               + "is refused by App Review and insecure)")
            }
            return finding(.linkScheme, .warning, link.id, rect, "'\(link.text)' goes to \(link.url), which is not an https page")
        }
    }

    /// `links.text-controls`: no bidi overrides or control characters in link text, which can
    /// make a link read as something other than where it goes (Unicode TR #36, CVE-2021-42574).
    func linkTextControls() -> [LintFinding] {
        // The ar-XB pseudo-locale draws its text with overrides on purpose.
        guard PseudoLocale(LanguageTag(page.language) ?? LanguageTag(language: "und")) != .mirrored else { return [] }
        return page.links.compactMap { link in
            let suspicious = link.text.unicodeScalars.filter { scalar in
                (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                    || scalar.properties.generalCategory == .control
            }
            guard let first = suspicious.first else { return nil }
            let names = suspicious.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
            return finding(.linkTextControls, .error, link.id, link.visibleRects.first,
                           "its text holds \(Set(names).sorted().joined(separator: ", ")) "
                           + "(\(first.properties.name ?? "a control character")), which can disguise where it goes")
        }
    }

    /// Words that name a privacy policy, in the languages ConsentRender ships strings for.
    static let policyWords = [
        "privacy", "privacidad", "privacidade", "privacitat", "confidentialité", "confidentialite", "datenschutz",
        "riservatezza", "privacyverklaring", "personvern", "integritet", "privatliv", "tietosuoja", "prywatno",
        "ochrana osobních", "súkromi", "adatvédelm", "confidențialitate", "gizlilik", "конфиденциальн", "конфіденційн",
        "απορρήτου", "απόρρητο", "פרטיות", "خصوصية", "الخصوصية", "حریم خصوصی", "رازداری", "गोपनीयता", "ความเป็นส่วนตัว",
        "quyền riêng tư", "privasi", "privasi", "隐私", "隱私", "私隱", "个人信息", "個人資料", "プライバシー", "個人情報",
        "개인정보", "privātuma", "privatumo",
    ]

    /// `links.policy-present`: at least one link to a privacy policy.
    func policyPresent() -> [LintFinding] {
        // A decline confirmation leads back to the agreement instead of linking the policy.
        guard !page.buttons.contains(where: { $0.role == .review }) else { return [] }
        // A policy link leads somewhere: a real https address, or an #anchor to a heading of the
        // text that names the policy. A cookie banner's cookie policy counts.
        let anchors = Set(page.semantics.body.anchors.map(\.id))
        func leadsSomewhere(_ link: PlacedLink) -> Bool {
            if link.url.hasPrefix("#") {
                let id = String(link.url.dropFirst()).removingPercentEncoding ?? String(link.url.dropFirst())
                return anchors.contains(id) && Self.policyWords.contains { id.lowercased().contains($0) }
            }
            guard let url = URL(string: link.url), url.scheme?.lowercased() == "https", let host = url.host, host.contains(".") else { return false }
            return true
        }
        let named = page.links.filter { link in
            let haystack = (link.text + " " + link.url).lowercased()
            return Self.policyWords.contains { haystack.contains($0) } || WordLists.firstMatch(in: link.text, of: WordLists.cookiePolicy) != nil
        }
        let policies = named.filter(leadsSomewhere)
        guard !policies.isEmpty else {
            if let empty = named.first {
                return [finding(.policyPresent, .error, empty.id, empty.rects.first ?? page.body.viewport,
                                "'\(empty.text)' names the privacy policy but leads nowhere ('\(empty.url)'); link the policy's https "
                                + "address, or an #anchor to the heading that holds it (PIPL Art. 17, GDPR Art. 13)")]
            }
            return [finding(.policyPresent, .error, "links", page.body.viewport,
                            "no link to a privacy policy; link the full policy from the dialog (PIPL Art. 17, GDPR Art. 13)")]
        }
        guard policies.contains(where: \.isVisible) else {
            return [finding(.policyPresent, .warning, policies[0].id, policies[0].rects.first ?? page.body.viewport,
                            "the privacy policy link '\(policies[0].text)' is below the fold; App Review and PIPL expect it on "
                            + "the first screen, so move it up or shorten the text above it")]
        }
        return []
    }

    /// `text.min-size` and `text.density`: MIIT's "文字过小过密" (text too small or too dense).
    func textSizes() -> [LintFinding] {
        var results: [LintFinding] = []
        let traits = LanguageTraits(tag: page.language)
        let minimum = traits.isCJK ? 14.0 : 13.0
        for (index, block) in page.body.blocks.enumerated() {
            guard let largest = block.block.runs.map(\.fontSize).max() else { continue }
            if let small = block.block.runs.map(\.fontSize).min(), small < minimum {
                results.append(finding(.minimumSize, .error, "body block \(index + 1)", block.frame,
                                       "\(small) pt text is too small; body text needs \(minimum) pt here"))
            }
            if block.block.lineHeight < largest * 1.2 - 1e-9 {
                results.append(finding(.density, .error, "body block \(index + 1)", block.frame,
                                       String(format: "lines are %.1f pt apart for %.0f pt text; keep at least 1.2× the font size",
                                              block.block.lineHeight, largest)))
            }
        }
        return results
    }

    /// `text.missing-glyphs`.
    func glyphs() -> [LintFinding] {
        guard !missingCharacters.isEmpty else { return [] }
        let names = missingCharacters.map { scalar -> String in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return [finding(.missingGlyphs, .error, "text", nil, "no installed font has \(names.joined(separator: ", ")); they show as boxes")]
    }

    /// `text.language-mix`: the dialog's own words in the body's writing system (EDPB: one
    /// language per screen).
    /// The title's and body's words, for the wording rules.
    var screenText: String {
        ([page.title.block] + page.body.blocks.map(\.block)).map(\.text).joined(separator: "\n")
    }

    /// `text.language-mix`: the buttons are in the writing system of the screen's language (a
    /// product name or "Google Analytics" in Latin letters does not make English buttons right
    /// under Chinese text); for a language it does not know, the system most of the text is in.
    func languageMix() -> [LintFinding] {
        guard let majority = WritingSystem.expected(for: page.language) ?? WritingSystem.majority(of: screenText) else { return [] }
        return page.buttons.compactMap { button in
            let labelScripts = WritingSystem.of(button.label)
            // A label with some of the language's own letters is in that language ("同意并使用App");
            // "OK" is iOS's own word in many languages (Japanese among them).
            let foreign = labelScripts.subtracting(majority)
            guard !foreign.isEmpty, labelScripts.isDisjoint(with: majority),
                  button.label.trimmingCharacters(in: .whitespaces).uppercased() != "OK" else { return nil }
            return finding(.languageMix, .error, "\(button.role.rawValue) label", button.rect,
                           "'\(button.label)' is written in \(foreign.map(\.rawValue).sorted().joined(separator: ", ")) but most of the "
                           + "text is in \(majority.map(\.rawValue).sorted().joined(separator: " and ")); use the document's language for "
                           + "the buttons")
        }
    }

    /// `choice.pre-ticked`: a consent box that starts ticked.
    func preTicked() -> [LintFinding] {
        page.semantics.body.checkboxes.enumerated().compactMap { index, box in
            guard box.checked else { return nil }
            let shown = box.rect.intersection(page.body.viewport) != nil
            return finding(.preTicked, .error, "checkbox \(index + 1)", shown ? box.rect : nil,
                           "'\(box.text)'\(shown ? "" : " (below the fold)") starts ticked; consent is a box the user ticks, never one ticked for them (CJEU C-673/17 "
                           + "Planet49; GDPR Recital 32; PIPL Art. 14; MIIT: no 默认勾选); draw it unticked: - [ ] instead of - [x]")
        }
    }

    /// `text.implied-consent` (warning): wording that treats using the app as agreeing.
    func impliedConsent() -> [LintFinding] {
        guard let match = WordLists.firstMatch(in: screenText, of: WordLists.impliedConsent, language: page.language,
                                               unless: WordLists.entries(of: WordLists.notImplied, for: page.language)) else { return [] }
        return [finding(.impliedConsent, .warning, "text", page.body.viewport,
                        "says '\(match.text)': consent must be an affirmative act, not inferred from using the app (GDPR Art. 4(11) "
                        + "and Recital 32, EDPB Guidelines 05/2020; PIPL Art. 14); ask the user to tap a choice instead")]
    }

    /// `text.forced-consent` (warning): refusing something the app does not need said to block
    /// the whole app. Declining the basic agreement may end the app; a permission may not.
    func forcedConsent() -> [LintFinding] {
        let sentences = screenText.split(whereSeparator: { "。！？!?；;\n".contains($0) || $0 == "." })
        for sentence in sentences {
            let text = String(sentence)
            // "…将无法使用附近门店推荐功能，但不影响其他功能" scopes the refusal to one feature, as MIIT asks.
            guard let blocks = WordLists.firstMatch(in: text, of: WordLists.blocksTheApp, language: page.language),
                  let what = WordLists.firstMatch(in: text, of: WordLists.optionalData, language: page.language),
                  WordLists.firstMatch(in: text, of: WordLists.featureScoped, language: page.language) == nil else { continue }
            return [finding(.forcedConsent, .warning, "text", page.body.viewport,
                            "'\(text.trimmingCharacters(in: .whitespaces))' makes the whole app depend on \(what.text) ('\(blocks.text)'); "
                            + "refusing a permission or optional processing must leave the app's basic functions usable (MIIT 164号文 "
                            + "on forced bundling; PIPL Art. 16; GDPR Art. 7(4))")]
        }
        return []
    }
}

extension PageLint {
    /// `att.single-action`, `att.no-allow-wording`, `att.no-incentive` (App Store Review
    /// Guideline 5.1.1(iv) and Apple's ATT guidance): the explainer template's rules.
    static let attSingleAction = PageLintRule(.attSingleAction) { lint in
        let page = lint.page
        guard page.buttons.count != 1 || page.buttons.first?.role != .continue else { return [] }
        return [lint.finding(.attSingleAction, .error, "buttons", page.buttons.first?.rect,
                             "an explainer offers exactly one action, leading to the system prompt; this one has "
                             + "\(page.buttons.count) (\(page.buttons.map(\.label).joined(separator: ", "))); remove \"secondaryAction\" "
                             + "from document.json: the system prompt gives both choices")]
    }

    static let attNoAllowWording = PageLintRule(.attNoAllowWording) { $0.allowWording() }

    static let attNoIncentive = PageLintRule(.attNoIncentive) { lint in
        let text = lint.page.textBlocks.map(\.text).joined(separator: "\n")
        guard let match = WordLists.firstMatch(in: text, of: WordLists.incentive, language: lint.page.language,
                                               unless: WordLists.entries(of: WordLists.noIncentive, for: lint.page.language)) else { return [] }
        return [lint.finding(.attNoIncentive, .error, "text", lint.page.body.viewport,
                             "says '\(match.text)' (\(match.language)): something in return for allowing tracking, an app that stays "
                             + "free or a developer to support included, is an incentive, and Apple rejects it (App Review 3.2.2(vi), "
                             + "5.1.1(iv))")]
    }

    private func allowWording() -> [LintFinding] {
        var results: [LintFinding] = []
        for button in page.buttons {
            if let match = WordLists.firstMatch(in: button.label, of: WordLists.allowWording, language: page.language) {
                results.append(finding(.attNoAllowWording, .error, "\(button.role.rawValue) label", button.rect,
                                       "'\(button.label)' says '\(match.text)' (\(match.language)); label it like \"Continue\"/\"继续\": "
                                       + "the system prompt asks the question"))
            }
        }
        return results
    }

    /// Words that say a decline leaves the app, by language.
    static let exitWords = ["exit", "quit", "leave", "close", "退出", "離開", "离开", "關閉", "关闭", "beenden", "quitter",
                            "salir", "sair", "終了", "종료", "выйти", "خروج", "יציאה"]

    /// `launch.decline-explains-outcome` (warning): on a launch-consent screen the decline label
    /// says what happens next, e.g. "不同意并退出" (MIIT: users must know declining ends the session).
    static let launchDeclineExplainsOutcome = PageLintRule(.launchDeclineExplainsOutcome) { $0.launchDeclineOutcome() }

    private func launchDeclineOutcome() -> [LintFinding] {
        guard let decline, decline.role == .decline else { return [] }
        let label = decline.label.lowercased()
        guard !Self.exitWords.contains(where: { label.contains($0) }) else { return [] }
        return [finding(.launchDeclineExplainsOutcome, .warning, "decline label", decline.rect,
                        "'\(decline.label)' does not say what happens; say the app will close, e.g. \"Disagree and exit\"")]
    }
}

/// The writing systems text uses, for telling languages apart on one screen.
enum WritingSystem: String, Hashable, Sendable {
    case latin = "Latin", greek = "Greek", cyrillic = "Cyrillic", hebrew = "Hebrew", arabic = "Arabic"
    case devanagari = "Devanagari", thai = "Thai", hangul = "Hangul", kana = "Kana", han = "Han"

    /// The writing systems a language is written in (Japanese: Han and kana; Korean: Hangul, with
    /// Hanja), or nil for a pseudo-locale or a language the table does not know.
    static func expected(for language: String) -> Set<WritingSystem>? {
        guard LanguageTag(language).map({ PseudoLocale($0) == nil }) ?? true, let primary = language.split(separator: "-").first.map({ $0.lowercased() }) else { return nil }
        switch primary {
        case "zh", "yue": return [.han]
        case "ja": return [.han, .kana]
        case "ko": return [.hangul, .han]
        case "ru", "uk", "be", "bg", "mk", "kk", "mn": return [.cyrillic]
        case "ar", "fa", "ur", "ps": return [.arabic]
        case "he", "yi": return [.hebrew]
        case "hi", "mr", "ne": return [.devanagari]
        case "th": return [.thai]
        case "el": return [.greek]
        case "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "nb", "nn", "fi", "pl", "cs", "sk", "hu", "ro", "tr", "hr", "sl",
             "id", "ms", "vi", "ca", "et", "lv", "lt", "ga", "is", "sq", "af", "sw", "tl", "fil", "eu", "gl", "cy", "mt", "az", "uz":
            return [.latin]
        default: return nil
        }
    }

    /// The writing system most of `text`'s letters are in (Han and kana together when kana is
    /// among them: Japanese), or nil for text without letters.
    static func majority(of text: String) -> Set<WritingSystem>? {
        var counts: [WritingSystem: Int] = [:]
        for scalar in text.unicodeScalars {
            if let system = classify(scalar.value) { counts[system, default: 0] += 1 }
        }
        if let kana = counts[.kana], let han = counts[.han] {
            counts[.kana] = kana + han
            counts[.han] = nil
            guard let top = counts.max(by: { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }) else { return nil }
            return top.key == .kana ? [.kana, .han] : [top.key]
        }
        guard let top = counts.max(by: { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }) else { return nil }
        // Korean text may carry Hanja; Japanese labels may be all Han ("同意") or all kana.
        return top.key == .hangul ? [.hangul, .han] : top.key == .han && counts[.kana] != nil ? [.han, .kana] : [top.key]
    }

    static func of(_ text: String) -> Set<WritingSystem> {
        var found = Set<WritingSystem>()
        for scalar in text.unicodeScalars {
            if let system = classify(scalar.value) { found.insert(system) }
        }
        return found
    }

    private static func classify(_ value: UInt32) -> WritingSystem? {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0x400...0x52F: .cyrillic
        case 0x591...0x5F4, 0xFB1D...0xFB4F: .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: .arabic
        case 0x900...0x97F: .devanagari
        case 0xE01...0xE5B: .thai
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: .hangul
        case 0x3041...0x30FF: .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: .han
        default: nil
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
