import Foundation

/// What `review.pdf` shows of one step in one language.
struct ReviewStep: Sendable {
    public struct Button: Sendable {
        public var role: ButtonRole
        public var label: String
        /// A step, or `end:<label>`.
        public var leadsTo: String
    }

    public var name: String
    /// The screen in words: `consent (launch-consent, state decline-confirm)`, `prompt:att (iOS 26)`.
    public var screen: String
    /// The document folder the step's screen comes from.
    public var document: String
    public var png: Data
    public var linkMap: LinkMap
    public var buttons: [Button]
    /// The screen's lint findings.
    public var lintFindings: [LintFinding]
    /// The flow rules' findings about the step.
    public var flowFindings: [LintFinding]

    public var findings: [LintFinding] { lintFindings + flowFindings }
}

/// One language's part of `review.pdf`: its flow chart and its steps in the flow's order.
struct ReviewLanguage: Sendable {
    public var language: String
    public var steps: [ReviewStep]
    /// The flow chart's size and items (painted as vectors in the PDF).
    var chart: (size: Size, items: [PlacedItem])
}

/// `review.pdf`: for a device, a cover, then per language the flow chart and a page per step
/// (screenshot, links with their URLs, buttons and where they lead, findings), and a summary.
struct ReviewDocument: Sendable {
    public var appName: String
    public var document: String
    public var device: DeviceProfile
    public var date: String
    public var flow: Flow
    public var flowFindings: [LintFinding]
    /// The flow rules applied, each listed in the summary as passed or with its findings.
    public var flowRules: [LintRule] = [.flowPermissionsAfterConsent, .flowATTAfterExplainer]
    public var languages: [ReviewLanguage]

    public init(appName: String, document: String, device: DeviceProfile, date: String, flow: Flow, flowFindings: [LintFinding],
                languages: [ReviewLanguage]) {
        self.appName = appName
        self.document = document
        self.device = device
        self.date = date
        self.flow = flow
        self.flowFindings = flowFindings
        self.languages = languages
    }

    /// The app's name as the documents give it: the launch screen's name, else the Info.plist's
    /// display name, else the document folder's name.
    public static func appName(of folders: [DocumentFolder], language: String) -> String {
        for folder in folders {
            if let name = folder.settings.launch.appName?.text(for: language) { return name }
            if let app = folder.content.app,
               let name = app.infoValue("CFBundleDisplayName", language: language) ?? app.infoValue("CFBundleName", language: language) {
                return name.text
            }
        }
        return folders.first?.name ?? "the app"
    }
}

extension ConsentRenderer {
    /// One language's part of the review: the chart laid out and each step's screenshot, links,
    /// buttons and findings. `pages` are the steps' renders in `language`; `pngs` their PNG files
    /// where already encoded.
    func reviewLanguage(flow: Flow, screens: FlowScreens, pages: [String: RenderedPage], pngs: [String: Data] = [:],
                               language: String, device: String, flowFindings: [LintFinding]) throws -> ReviewLanguage {
        let engine = try engine(for: .noto)
        engine.startPage()
        let chart = try FlowChart(flow: flow, pages: pages, language: language).layout { engine.measure($0) }
        var steps: [ReviewStep] = []
        for step in flow.steps {
            guard let page = pages[step.name] else { continue }
            var screen = step.screen.description
            if step.screen.prompt != nil {
                screen += page.platform.name == Platform.android.name ? " (Android 14)" : " (iOS \(page.linkMap.ios ?? 26))"
            } else {
                screen += " (\(page.template.id)\(step.state == .initial ? "" : ", state \(step.state.rawValue)"))"
            }
            let buttons = step.transitions.flatMap { transition in
                // Every button of the role (a login page's several other ways to log in).
                let found = page.linkMap.buttons.filter { $0.role == transition.role }.map(\.label)
                return (found.isEmpty ? [transition.role.rawValue] : found).map { label in
                    ReviewStep.Button(role: transition.role, label: label, leadsTo: transition.target.description)
                }
            }
            steps.append(ReviewStep(name: step.name, screen: screen, document: screens.documents[step.name]?.name ?? "",
                                    png: try pngs[step.name] ?? page.bitmap.pngData(), linkMap: page.linkMap, buttons: buttons,
                                    lintFindings: lint(page, device: device), flowFindings: flowFindings.filter { $0.element == step.name }))
        }
        return ReviewLanguage(language: language, steps: steps, chart: chart)
    }

    /// The language's flow chart as a bitmap (`flow.png`), at a pixel a point.
    func flowChart(of review: ReviewLanguage) throws -> Bitmap {
        try paintChart(Self.plainPage(size: review.chart.size, items: review.chart.items, language: review.language))
    }

    /// The review as PDF bytes: vector text (searchable, copyable), every link a clickable PDF link.
    /// The same review and date give the same bytes.
    func reviewPDF(_ review: ReviewDocument) throws -> Data {
        let engine = try engine(for: .noto)
        engine.startPage()
        var composer = ReviewPDFComposer(review: review, measure: { engine.measure($0) })
        let pages = composer.compose()
        let stream = PDFStream()
        do {
            let canvas = try CairoCanvas(pdfPageOf: pages[0].size, writingTo: stream, text: engine)
            canvas.setPDFInfo(title: "Consent flow review: \(review.appName), \(review.device.name)", date: review.date)
            for (index, page) in pages.enumerated() {
                if index > 0 { canvas.startPDFPage(of: page.size) }
                try Painter(page: Self.plainPage(size: page.size, items: page.items, language: "en"),
                            composition: Composition(canvasSize: page.size, screenOrigin: Point(x: 0, y: 0), scale: 1)).paint(on: canvas)
                if let chart = page.chart {
                    try canvas.transformed(origin: chart.origin, scale: chart.scale) {
                        try Painter(page: Self.plainPage(size: chart.size, items: chart.items, language: chart.language),
                                    composition: Composition(canvasSize: chart.size, screenOrigin: Point(x: 0, y: 0), scale: 1)).paint(on: canvas)
                    }
                }
                for link in page.links { canvas.addLink(link.rect, to: link.uri) }
            }
            try canvas.finish()
        }
        return stream.data
    }

    /// A page of plain items (a chart, a PDF page) with no consent-screen semantics.
    static func plainPage(size: Size, items: [PlacedItem], language: String) -> PageLayout {
        // Nothing reads these semantics: the page is only drawn.
        let semantics = PageSemantics(surfaceID: ItemRef(id: "background"), titleID: ItemRef(id: "background"),
                                      body: BodySemantics(viewport: Rect(x: 0, y: 0, width: 0, height: 0), contentHeight: 0, blockIDs: []),
                                      buttons: [], links: [], tint: Color(red: 0, green: 0x6F, blue: 0xE6), declaredActions: [])
        return PageLayout(screen: size, scale: 1, orientation: .portrait, appearance: .light, safeArea: .zero, displayCornerRadius: 0,
                          language: language, layers: [Layer(kind: .content, items: items)], semantics: semantics)
    }
}

/// A page of the review PDF: its items, its links, and a chart drawn scaled.
struct ReviewPDFPage {
    struct Chart {
        var origin: Point
        var scale: Double
        var size: Size
        var items: [PlacedItem]
        var language: String
    }

    var size: Size
    var items: [PlacedItem] = []
    var links: [(rect: Rect, uri: String)] = []
    var chart: Chart?
}

/// Lays the review out on A4 pages, flowing text onto continuation pages when a column runs out.
struct ReviewPDFComposer {
    static let portrait = Size(width: 595, height: 842)
    static let landscape = Size(width: 842, height: 595)
    static let margin = 40.0

    let review: ReviewDocument
    let measure: (TextBlock) -> TextMeasurement
    private(set) var pages: [ReviewPDFPage] = []
    private var cursor = 0.0
    private var itemCount = 0
    /// The heading a continuation page repeats (empty: none).
    private var continuation = ""

    init(review: ReviewDocument, measure: @escaping (TextBlock) -> TextMeasurement) {
        self.review = review
        self.measure = measure
    }

    static let ink = Color(red: 0x1C, green: 0x1C, blue: 0x1E)
    static let grey = Color(red: 0x6E, green: 0x6E, blue: 0x73)
    static let blue = Color(red: 0x00, green: 0x5B, blue: 0xC1)
    static let red = Color(red: 0xC4, green: 0x1E, blue: 0x1E)
    static let amber = Color(red: 0x9A, green: 0x5B, blue: 0x00)
    static let green = Color(red: 0x1E, green: 0x7B, blue: 0x34)

    mutating func compose() -> [ReviewPDFPage] {
        cover()
        for language in review.languages {
            chartPage(language)
            for (index, step) in language.steps.enumerated() {
                stepPage(step, index: index, of: language)
            }
        }
        summary()
        return pages
    }

    // MARK: Building blocks

    private mutating func newPage(_ size: Size = portrait, continuing heading: String = "") {
        var page = ReviewPDFPage(size: size)
        page.items.append(PlacedItem(id: "background", drawable: .shape(.screenFill(Color(red: 255, green: 255, blue: 255)))))
        pages.append(page)
        cursor = Self.margin
        continuation = heading
        footer()
    }

    private mutating func footer() {
        let size = pages[pages.count - 1].size
        let words = "\(review.appName) · \(review.device.name) · \(review.date) · page \(pages.count)"
        let block = text(words, size: 8, color: Self.grey, width: size.width - 2 * Self.margin, alignment: .center)
        place(block, at: Point(x: Self.margin, y: size.height - 26))
    }

    private func text(_ value: String, size: Double, weight: FontWeight = .regular, color: Color = ink, width: Double,
                      alignment: TextAlignment = .natural, language: String = "en") -> TextBlock {
        let traits = LanguageTraits(tag: language)
        var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: size, weight: weight, color: color, linkColor: color), traits: traits)
        builder.append(plain: value)
        return builder.block(width: width, alignment: alignment, lineHeight: size * 1.3)
    }

    @discardableResult
    private mutating func place(_ block: TextBlock, at origin: Point) -> Rect {
        let measured = measure(block)
        let frame = Rect(x: origin.x, y: origin.y, width: block.width, height: measured.size.height)
        itemCount += 1
        pages[pages.count - 1].items.append(PlacedItem(id: "text-\(itemCount)", drawable: .text(PlacedText(origin: origin,
                                                       size: Size(width: frame.width, height: frame.height), block: block))))
        return frame
    }

    /// Text in the column from `x`, `width` wide, at the cursor: on a continuation page when the
    /// page is full. Returns its frame.
    @discardableResult
    private mutating func flow(_ value: String, size: Double, weight: FontWeight = .regular, color: Color = ink, x: Double = margin,
                               width: Double? = nil, language: String = "en", gap: Double = 3, link: String? = nil) -> Rect {
        let page = pages[pages.count - 1].size
        let columnWidth = width ?? page.width - x - Self.margin
        let block = text(value, size: size, weight: weight, color: color, width: columnWidth, language: language)
        let height = measure(block).size.height
        var left = x, usedWidth = columnWidth
        if cursor + height > page.height - 46 {
            let heading = continuation
            newPage(page, continuing: heading)
            if !heading.isEmpty {
                place(text(heading + " (continued)", size: 10, weight: .semibold, color: Self.grey, width: page.width - 2 * Self.margin),
                      at: Point(x: Self.margin, y: cursor))
                cursor += 20
            }
            // A continuation page has the whole width.
            left = Self.margin
            usedWidth = page.width - 2 * Self.margin
        }
        let placed = usedWidth == columnWidth ? block : text(value, size: size, weight: weight, color: color, width: usedWidth, language: language)
        let frame = place(placed, at: Point(x: left, y: cursor))
        if let link { pages[pages.count - 1].links.append((Rect(x: frame.x, y: frame.y, width: measure(placed).size.width,
                                                                height: frame.height), link)) }
        cursor += frame.height + gap
        return frame
    }

    private mutating func shape(_ id: String, _ shape: Shape) {
        pages[pages.count - 1].items.append(PlacedItem(id: "\(id)-\(pages.count)-\(itemCount)", drawable: .shape(shape)))
        itemCount += 1
    }

    static func languageName(_ tag: String) -> String {
        Locale(identifier: "en").localizedString(forIdentifier: tag).map { "\($0) (\(tag))" } ?? tag
    }

    static func severityColor(_ severity: LintSeverity) -> Color {
        severity == .error ? red : amber
    }

    // MARK: Pages

    private mutating func cover() {
        newPage()
        cursor = 150
        flow("Consent flow review", size: 30, weight: .bold, gap: 14)
        flow(review.appName, size: 20, weight: .semibold, color: Self.blue, gap: 30)
        let pixels = review.device.pixelSize(in: .portrait)
        let rows: [(String, String)] = [
            ("Document", review.document),
            ("Device", "\(review.device.name) (\(review.device.id)), \(pixels.width)×\(pixels.height) pixels, "
                + "\(Self.number(review.device.points.width))×\(Self.number(review.device.points.height)) "
                + (review.device.android == nil ? "points" : "dp at \(Self.number(review.device.android?.density ?? 0)) dpi")),
            ("Languages", review.languages.map { Self.languageName($0.language) }.joined(separator: ", ")),
            ("Date", review.date),
            ("Flow", "\(review.flow.steps.count) steps from '\(review.flow.start)': " + review.flow.steps.map(\.name).joined(separator: ", ")),
        ]
        for (label, value) in rows {
            let top = cursor
            flow(label, size: 11, weight: .semibold, color: Self.grey, width: 90)
            cursor = top
            flow(value, size: 11, x: Self.margin + 100, gap: 10)
        }
        cursor += 20
        let lint = review.languages.flatMap { $0.steps.flatMap(\.lintFindings) }
        let errors = lint.filter { $0.severity == .error }.count, warnings = lint.count - errors
        let flowErrors = review.flowFindings.filter { $0.severity == .error }.count
        flow("Contents: per language, the flow chart and one page per step (screenshot, links and their URLs, buttons and where "
             + "they lead, the screen's lint findings); then a summary: the flow rules (\(Self.count(flowErrors, "error"))) and the "
             + "screens' lint (\(Self.count(errors, "error")), \(Self.count(warnings, "warning")) over every language).",
             size: 10, color: Self.grey)
    }

    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    private mutating func chartPage(_ language: ReviewLanguage) {
        newPage(Self.landscape)
        flow("\(Self.languageName(language.language)): the flow", size: 16, weight: .semibold, gap: 4)
        flow("Each arrow is labelled with the button tapped, in the screen's language; ends are shown as terminals.",
             size: 9, color: Self.grey, gap: 10)
        let page = Self.landscape
        let available = Size(width: page.width - 2 * Self.margin, height: page.height - cursor - 50)
        let scale = min(available.width / language.chart.size.width, available.height / language.chart.size.height, 1)
        let origin = Point(x: Self.margin + (available.width - language.chart.size.width * scale) / 2, y: cursor)
        pages[pages.count - 1].chart = ReviewPDFPage.Chart(origin: origin, scale: scale, size: language.chart.size,
                                                          items: language.chart.items, language: language.language)
    }

    private mutating func stepPage(_ step: ReviewStep, index: Int, of language: ReviewLanguage) {
        let heading = "\(Self.languageName(language.language)) · step \(index + 1) of \(language.steps.count): \(step.name)"
        newPage(Self.portrait, continuing: heading)
        flow(heading, size: 15, weight: .semibold, gap: 2)
        flow("Screen \(step.screen), from the document \(step.document)", size: 9, color: Self.grey, gap: 12)
        // A phone's screenshot on the left with the column beside it; a wider screen (an iPad)
        // across the top with the column below. Its links are clickable where the screen shows them.
        let top = cursor
        let pixels = step.linkMap.pixelSize
        let aspect = Double(pixels.height) / Double(pixels.width)
        let besideColumn = aspect >= 1.6
        let box = besideColumn ? Size(width: 230, height: Self.portrait.height - top - 50)
            : Size(width: Self.portrait.width - 2 * Self.margin, height: 430)
        let width = min(box.width, box.height / aspect)
        let fitted = Rect(x: besideColumn ? Self.margin : (Self.portrait.width - width) / 2, y: top, width: width, height: width * aspect)
        itemCount += 1
        pages[pages.count - 1].items.append(PlacedItem(id: "shot-\(itemCount)", drawable: .image(PlacedImage(png: step.png, rect: fitted))))
        shape("shot-edge", .stroke(fitted, cornerRadius: 0, color: Self.grey.withAlpha(0.6), width: 0.75, dash: []))
        let scale = fitted.width / step.linkMap.size.width
        for link in step.linkMap.links where link.visible {
            for rect in link.rects {
                pages[pages.count - 1].links.append((Rect(x: fitted.x + rect.x * scale, y: fitted.y + rect.y * scale,
                                                          width: rect.width * scale, height: rect.height * scale), link.url))
            }
        }
        let x: Double
        if besideColumn {
            x = fitted.maxX + 24
        } else {
            x = Self.margin
            cursor = fitted.maxY + 18
        }
        flow("Links", size: 12, weight: .semibold, x: x, gap: 4)
        if step.linkMap.links.isEmpty { flow("The screen has no links.", size: 9.5, color: Self.grey, x: x, gap: 8) }
        for link in step.linkMap.links {
            // On the page's left edge like the rest of the column (LRM), in the link's own direction.
            flow("\u{200E}\u{2068}\(link.text)\u{2069}", size: 9.5, x: x, language: language.language, gap: 1)
            let note = link.visible ? "" : " (below the fold)"
            flow(link.url + note, size: 8.5, color: Self.blue, x: x, gap: 7, link: link.url)
        }
        cursor += 6
        flow("Buttons", size: 12, weight: .semibold, x: x, gap: 4)
        for button in step.buttons {
            // Left to right whatever the label's script (LRM), the label isolated (FSI … PDI), so the
            // arrow points from the button to where it leads in an Arabic or Hebrew review too.
            flow("\u{200E}“\u{2068}\(button.label)\u{2069}” (\(button.role.rawValue)) → \(button.leadsTo)", size: 9.5, x: x,
                 language: language.language, gap: 4)
        }
        cursor += 6
        flow("Findings", size: 12, weight: .semibold, x: x, gap: 4)
        if step.findings.isEmpty { flow("No lint or flow findings.", size: 9.5, color: Self.green, x: x) }
        for finding in step.findings {
            flow("\(finding.severity.rawValue) \(finding.rule) (\(finding.element))", size: 9, weight: .semibold, color: Self.severityColor(finding.severity), x: x, gap: 1)
            flow(finding.message, size: 8.5, x: x, gap: 6)
        }
    }

    private mutating func summary() {
        newPage(Self.portrait, continuing: "Summary of lint results")
        flow("Summary of lint results", size: 18, weight: .semibold, gap: 12)
        flow("Flow rules", size: 12, weight: .semibold, gap: 4)
        for rule in review.flowRules {
            let failures = review.flowFindings.filter { $0.rule == rule }
            flow("\(rule.rawValue): " + (failures.isEmpty ? "passed" : "\(failures.count) finding\(failures.count == 1 ? "" : "s")"),
                 size: 10, color: failures.isEmpty ? Self.green : Self.red, gap: 2)
            for finding in failures { flow("\(finding.element): \(finding.message)", size: 9, x: Self.margin + 14, gap: 3) }
        }
        cursor += 10
        for language in review.languages {
            let findings = language.steps.flatMap(\.lintFindings)
            let errors = findings.filter { $0.severity == .error }.count
            flow("\(Self.languageName(language.language)): \(Self.count(language.steps.count, "screen")), \(Self.count(errors, "error")), "
                 + "\(Self.count(findings.count - errors, "warning"))", size: 12, weight: .semibold, gap: 4)
            for step in language.steps {
                for finding in step.lintFindings {
                    flow("\(step.name), \(finding.element): \(finding.severity.rawValue) \(finding.rule): \(finding.message)", size: 9,
                         color: finding.severity == .error ? Self.red : Self.ink, x: Self.margin + 14, gap: 3)
                }
            }
            if findings.isEmpty { flow("Every screen lints clean.", size: 9.5, color: Self.green, x: Self.margin + 14, gap: 3) }
            cursor += 8
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
