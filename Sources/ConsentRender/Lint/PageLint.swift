import Foundation

/// One check of a rendered screen.
public struct PageLintRule: Sendable {
    /// The rule's id, such as `contrast.text`; findings carry it.
    public var id: LintRule
    public var check: @Sendable (PageLint) -> [LintFinding]

    public init(id: LintRule, check: @escaping @Sendable (PageLint) -> [LintFinding]) {
        self.id = id
        self.check = check
    }

    init(_ rule: LintRule, _ check: @escaping @Sendable (PageLint) -> [LintFinding]) {
        self.init(id: rule, check: check)
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
    /// Android's font scale the screen was laid out at: as with the text size, the content rules
    /// judge 1.0 only.
    public var fontScale: FontScale = .one
    /// The title and labels whose lines break inside a word (a word wider than its box).
    public var wordBrokenText: Set<String>

    /// The smallest button the platform's guidelines accept, in points on each side (iOS: 44).
    public var minimumTapTarget: Double = 44

    init(page: PageLayout, device: String, template: any ScreenTemplate = AgreementDialogTemplate(),
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
    public static let layoutRules: Set<LintRule> = [.safeArea, .statusBar, .truncation, .buttonsVisible, .targetSize]

    /// The rules every consent screen follows unless its template says otherwise.
    public static let commonRules: [PageLintRule] = [
        .contrastText,
        .contrastButtonEdge,
        .targetSize,
        .declinePresent,
        .equalTreatment,
        .policyPresent,
        .safeArea,
        .statusBar,
        .truncation,
        .buttonsVisible,
        .linkScheme,
        .placeholderHost,
        .linkTextControls,
        .minimumSize,
        .density,
        .missingGlyphs,
        .formatSpecifier,
        .languageMix,
        .impliedConsent,
        .preTicked,
        .dismissAsConsent,
        .forcedConsent,
        .bundledConsent,
        .purposeNamed,
    ]

    /// The rules this screen gets: the common ones its template keeps, then the template's own.
    public var rules: [PageLintRule] {
        let all = Self.commonRules.filter { !template.exemptRules.contains($0.id) } + template.lintRules
        return textSize == .large && fontScale == .one ? all : all.filter { Self.layoutRules.contains($0.id) }
    }

    /// Every finding, errors first.
    public func findings() -> [LintFinding] {
        rules.flatMap { $0.check(self) }.sorted { ($0.severity, $0.rule) < ($1.severity, $1.rule) }
    }

    /// A finding of `rule` about `element`, at `rect` on the screen.
    public func finding(_ rule: LintRule, _ severity: LintSeverity, _ element: String, _ rect: Rect?, _ message: String) -> LintFinding {
        // Thousandths of a point, as the link map rounds them.
        let rounded = rect.map(LinkMap.rounded)
        return LintFinding(rule: rule, severity: severity, message: message, element: element, rect: rounded,
                           language: page.language, device: device)
    }

    var card: Color { page.dialog.fill }
    /// The filled button (accept, or review on a decline confirmation).
    var accept: PageLayout.Button? { page.buttons.first { $0.role.isPrimary } }
    /// The way to refuse (decline, or exit on a decline confirmation); a "Manage settings" is not one.
    var decline: PageLayout.Button? { page.buttons.first { $0.role == .decline || $0.role == .exit } }

    /// WCAG's large text: 18 pt, or 14 pt bold.
    func isLarge(_ run: TextRun) -> Bool {
        run.fontSize >= 18 || (run.fontSize >= 14 && run.weight != .regular)
    }

    /// Interactive elements: buttons and the visible parts of links.
    var interactive: [(name: String, rect: Rect)] {
        page.buttons.map { ("\($0.role.rawValue) \($0.style == .link ? "link" : "button")", $0.rect) }
            + page.links.flatMap { link in link.visibleRects.map { (link.id, $0) } }
    }

    /// Which rounded display corner cuts into `rect`, if any.
    func cornerClipping(_ rect: Rect) -> String? {
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

    /// The title's and body's words, for the wording rules.
    var screenText: String {
        ([page.title.block] + page.body.blocks.map(\.block)).map(\.text).joined(separator: "\n")
    }
}
