import Foundation

/// The outputs of one render.
public struct RenderedPage: Sendable {
    public var layout: PageLayout
    /// Where the screen sits on the output's canvas.
    package var composition: Composition
    public var bitmap: Bitmap
    public var linkMap: LinkMap
    /// The template the screen was laid out with.
    public var template: any ScreenTemplate
    /// True when no requested language had a file and the document's `defaultLanguage` was used.
    public var usedDefaultLanguage: Bool
    /// Problems that did not stop the render (missing glyphs under `allowsMissingGlyphs`).
    public var warnings: [String]
    /// What the render passed over, for the user (a profile without a status bar).
    public var notes: [String]
    /// The fonts the text was set in.
    public var fonts: FontSet
    /// The platform the screen was drawn for (its lint thresholds).
    public var platform: Platform = .ios
}

/// Renders consent screens. Holds a Pango engine per font set, so use one renderer per thread.
public final class ConsentRenderer {
    /// The templates it lays screens out with.
    public let templates: TemplateRegistry
    /// The platforms its device profiles may name.
    public let platforms: PlatformRegistry
    private var engines: [FontSet: PangoTextEngine] = [:]
    /// The font families of the language the engines last set (`keepFonts(of:)`).
    private var enginesFamilies: String?
    /// Documents parsed for recent renders (`parsedDocument(for:)`).
    var parsedDocuments: [ParsedDocumentKey: ParsedDocument] = [:]
    /// The band `screenshotPNG` paints in, and screen-sized pixels for the bands it paints in the
    /// page's own coordinates: kept from one screenshot to the next.
    var bandPixels: [UInt32] = []
    var wholeScreenPixels: [UInt32] = []

    /// A renderer knowing `templates` and `platforms`; fails when the fonts cannot be set up.
    public init(templates: TemplateRegistry = .standard, platforms: PlatformRegistry = .standard) throws {
        self.templates = templates
        self.platforms = platforms
        _ = try engine(for: .noto)
    }

    /// The engine setting text in `fonts`, made on first use.
    func engine(for fonts: FontSet) throws -> PangoTextEngine {
        if let engine = engines[fonts] { return engine }
        let engine = try PangoTextEngine(fonts: fonts)
        engines[fonts] = engine
        return engine
    }

    /// Under an address-space limit (`ulimit -v`), gives up the engines when the language's fonts
    /// change: each Chinese, Japanese or Korean font set maps about 120 MB of font files (FreeType
    /// and HarfBuzz each map a collection whole). Giving up the engine unmaps HarfBuzz's half
    /// (Cairo keeps up to ten FreeType faces): measured, zh-Hans, zh-Hant and ja in one renderer
    /// took 445 MB of address space before, 338 MB after. Renders are the same either way; without
    /// a limit the engines are kept, which saves loading the fonts again.
    private func keepFonts(of language: String) {
        guard ResourceLimits.current.keepsOneScriptsFonts else { return }
        let families = LanguageTraits(tag: language).fontFamilies
        if let enginesFamilies, enginesFamilies != families { engines.removeAll() }
        enginesFamilies = families
    }

    /// Forgets the text layouts kept from recent pages, so the next render shapes all its text
    /// (a benchmark measuring that). Renders are the same either way.
    package func forgetTextLayouts() {
        engines.values.forEach { $0.forgetLayouts() }
    }

    /// Makes a process that renders many screens reuse their memory: glibc otherwise returns every
    /// freed 10–25 MB screen to the kernel, which zeroes its pages again for the next one. Changes
    /// the whole process's allocator, so it is for programs (render-cli), not a library's choice.
    package static func keepFreedScreenMemory() {
        FastPNG.keepFreedScreens()
    }

    /// Gives the pages of freed memory back to the kernel. With freed screens kept, the heap's
    /// free space is cut up by the smaller blocks each render allocates in it (encoder buffers,
    /// Cairo's masks), so a 10–25 MB screen often finds no free block it fits and the heap grows:
    /// measured 55 KB a cell, 86 MB at 172 cells and 179 MB at 1,720. A matrix, golden run or App
    /// Store export calls this every `cellsBetweenMemoryReleases` cells on each thread or worker
    /// (the next screen then takes fresh pages once), which keeps its memory flat in the number
    /// of cells.
    package static func releaseFreedMemory() {
        FastPNG.releaseFreedMemory()
    }

    /// How many cells a matrix thread or worker renders between `releaseFreedMemory` calls: each
    /// call costs the next screens fresh pages, which the kernel zeroes, so it is not made after
    /// every cell; in 64 cells the heap grows by about 3.5 MB (at the 55 KB a cell measured).
    package static let cellsBetweenMemoryReleases = 64

    /// Counts the cells one matrix thread or worker renders and calls `releaseFreedMemory` after
    /// every `cellsBetweenMemoryReleases` of them.
    package struct MemoryReleaseCounter {
        private var cells = 0

        package init() {}

        package mutating func cellRendered() {
            cells += 1
            if cells == ConsentRenderer.cellsBetweenMemoryReleases {
                ConsentRenderer.releaseFreedMemory()
                cells = 0
            }
        }
    }

    /// Resolves the language, lays out, paints and maps one screen.
    public func render(_ request: RenderRequest) throws -> RenderedPage {
        try paint(try layOut(request))
    }

    /// A screen laid out and checked, not yet painted.
    package struct LaidOutPage: Sendable {
        public var layout: PageLayout
        package var composition: Composition
        public var linkMap: LinkMap
        public var template: any ScreenTemplate
        public var usedDefaultLanguage: Bool
        public var warnings: [String]
        /// What the render passed over, for the user (a profile without a status bar).
        public var notes: [String]
        public var fonts: FontSet
        /// The platform the screen was drawn for.
        public var platform: Platform = .ios
    }

    /// The device's platform, when it can draw the request: what only another platform has (an
    /// iOS text size, prompt or setting on Android) is refused with the reason.
    func checkedPlatform(for request: RenderRequest) throws -> Platform {
        let platform = try platforms.platform(of: request.profile)
        if let reason = platform.refusal(request.variant) {
            throw RenderError.notOnPlatform(device: request.profile.id, platform: platform.name, reason: reason)
        }
        if let kind = request.variant.screen.prompt, platform.promptTemplate == nil {
            throw PromptError.noSystemPrompts(platform: platform.name, prompt: kind.rawValue)
        }
        return platform
    }

    /// The template a request asks for, and the state it shows, both checked: a system prompt's is
    /// its platform's, whatever the document's template.
    public func template(for request: RenderRequest) throws -> any ScreenTemplate {
        let platform = try checkedPlatform(for: request)
        if let kind = request.variant.screen.prompt {
            guard let template = platform.promptTemplate else {
                throw PromptError.noSystemPrompts(platform: platform.name, prompt: kind.rawValue)
            }
            return template
        }
        let template = try templates.template(of: request.content, override: request.variant.template)
        if let reason = template.whyNotDrawn(on: platform) {
            throw RenderError.notOnPlatform(device: request.profile.id, platform: platform.name, reason: reason)
        }
        try templates.check([request.variant.state], of: template)
        return template
    }

    /// The first half of `render`, as stages: the content resolved (language, strings, backdrop,
    /// a prompt's words), the template's layout, the platform's post-layout (scroll, cut-out,
    /// system chrome, text facts, glyph check), then the link map from the page and the variant.
    package func layOut(_ request: RenderRequest) throws -> LaidOutPage {
        // The variant names the device by its profile's id (empty: the profile's).
        guard request.variant.device.isEmpty || request.variant.device == request.profile.id else {
            throw RenderError.deviceMismatch(variant: request.variant.device, profile: request.profile.id)
        }
        if request.variant.fullLength, request.variant.screen == .consent { return try layOutFullLength(request) }
        let fontFailures = PangoWarnings.mark
        var resolved = try resolve(request)
        keepFonts(of: resolved.language)
        let engine = try engine(for: resolved.style.fonts)
        engine.startPage()
        let context = layoutContext(for: request, resolved: resolved, engine: engine)
        let laidOut = try resolved.template.layout(resolved.screen, state: resolved.state, in: context)
        let layout: PageLayout
        do {
            layout = try finishLayout(laidOut, request: request, resolved: &resolved, context: context, engine: engine)
        } catch {
            // Characters "no font has" because a font could not be loaded: that failure, not the text's.
            try PangoWarnings.check(since: fontFailures)
            throw error
        }
        try PangoWarnings.check(since: fontFailures)
        let composition = Composition(screenOf: layout)
        let linkMap = LinkMap(page: layout, composition: composition, template: resolved.template.id, device: request.profile.id,
                              variant: request.variant, platform: resolved.platform, documentFonts: Self.documentFonts(of: request))
        // A format specifier drawn as text (`%d unread`) is drawn, and said (lint: text.format-specifier).
        let texts = [layout.title.block.text] + layout.body.blocks.map(\.block.text) + layout.buttons.map(\.label)
        let specifiers = texts.flatMap(FormatSpecifier.all(in:))
        if !specifiers.isEmpty {
            resolved.warnings.append("the screen shows \(specifiers.map { "'\($0)'" }.joined(separator: ", ")), a format specifier the app "
                                     + "fills in at run time, as written (lint: text.format-specifier); name a string without one, or give the words")
        }
        return LaidOutPage(layout: layout, composition: composition, linkMap: linkMap, template: resolved.template,
                           usedDefaultLanguage: resolved.usedDefaultLanguage, warnings: resolved.warnings, notes: resolved.notes,
                           fonts: resolved.style.fonts, platform: resolved.platform)
    }

    /// The second half of `render`: paints a laid-out page.
    package func paint(_ page: LaidOutPage) throws -> RenderedPage {
        let bitmap = try paintBitmap(page.layout, composition: page.composition, engine: try engine(for: page.fonts))
        return RenderedPage(layout: page.layout, composition: page.composition, bitmap: bitmap, linkMap: page.linkMap,
                            template: page.template, usedDefaultLanguage: page.usedDefaultLanguage, warnings: page.warnings,
                            notes: page.notes, fonts: page.fonts, platform: page.platform)
    }

    /// Characters of any text on the page that no installed font covers, each once (from the
    /// facts its layout recorded).
    package func missingCharacters(in layout: PageLayout, fonts: FontSet = .noto) -> [Unicode.Scalar] {
        layout.missingCharacters
    }
}

extension ConsentRenderer {
    /// The lint findings of a rendered screen: the common rules its template keeps and the
    /// template's own (see `PageLint`).
    public func lint(_ page: RenderedPage, device: String? = nil, options: LintOptions = LintOptions()) -> [LintFinding] {
        lint(page.layout, linkMap: page.linkMap, template: page.template, platform: page.platform, device: device, options: options)
    }

    /// The same findings for a screen laid out and not painted (lint reads no pixels).
    package func lint(_ page: LaidOutPage, device: String? = nil, options: LintOptions = LintOptions()) -> [LintFinding] {
        lint(page.layout, linkMap: page.linkMap, template: page.template, platform: page.platform, device: device, options: options)
    }

    private func lint(_ layout: PageLayout, linkMap: LinkMap, template: any ScreenTemplate, platform: Platform, device: String?,
                      options: LintOptions) -> [LintFinding] {
        var lint = PageLint(page: layout, device: device ?? linkMap.device, template: template, missingCharacters: layout.missingCharacters,
                            ellipsizedText: layout.ellipsizedTextIDs, options: options, textSize: linkMap.textSize ?? .large,
                            wordBrokenText: layout.wordBrokenTextIDs, minimumTapTarget: platform.minimumTapTarget)
        lint.fontScale = linkMap.variant["fontScale"].flatMap(FontScale.init(name:)) ?? .one
        guard let unit = platform.layoutUnit else { return lint.findings() }
        // The rules measure in the layout's unit and say "pt"; on Android that unit is the dp.
        return lint.findings().map { finding in
            var finding = finding
            finding.unit = unit
            finding.message = Self.inUnit(finding.message, unit)
            return finding
        }
    }

    /// `text` with each size or place it gives in points ("44 pt", "17.0 pt lines") given in `unit`.
    static func inUnit(_ text: String, _ unit: String) -> String {
        text.replacingOccurrences(of: #"(\d) ?pt\b"#, with: "$1 " + unit, options: .regularExpression)
    }

    /// `text.dynamic-type`: the screen of `request` laid out again at its platform's large text
    /// size (iOS's AX3, Android's font scale 2.0), warning when that cuts
    /// text short or leaves a button out of sight (the bug snapshot teams test text sizes for).
    /// iOS's own alerts are left out: their layout is Apple's, which no document can change.
    package func dynamicTypeFindings(for request: RenderRequest, device: String) throws -> [LintFinding] {
        guard request.variant.screen == .consent else { return [] }
        var large = request
        let option = try platforms.platform(of: request.profile).largeTextCheck(&large.variant)
        let page = try layOut(large)
        let lint = PageLint(page: page.layout, device: device, template: page.template, ellipsizedText: page.layout.ellipsizedTextIDs,
                            textSize: large.variant.textSize, wordBrokenText: page.layout.wordBrokenTextIDs,
                            minimumTapTarget: page.platform.minimumTapTarget)
        let size = option.split(separator: " ").last.map(String.init) ?? ""
        let unit = page.platform.layoutUnit
        // Android's large text is a font scale ("at font scale 2.0"), iOS's a text size ("at the AX3 text size").
        let at = option.hasPrefix("--font-scale") ? "at font scale \(size)" : "at the \(size) text size"
        return (lint.truncation() + lint.buttonsVisible()).map { finding in
            var warning = finding
            warning.rule = LintRule.dynamicType
            warning.severity = .warning
            warning.message = "\(at), \(finding.message) (render it with \(option))"
            if let unit {
                warning.unit = unit
                warning.message = Self.inUnit(warning.message, unit)
            }
            return warning
        }
    }

    /// The ids of the text items the engine cut short with "…" (from the layout's facts).
    package func ellipsizedText(in layout: PageLayout, fonts: FontSet = .noto) -> Set<String> {
        layout.ellipsizedTextIDs
    }

    /// The ids of the title and button labels whose lines break inside a word (from the layout's facts).
    package func wordBrokenText(in layout: PageLayout, fonts: FontSet = .noto) -> Set<String> {
        layout.wordBrokenTextIDs
    }

    /// The page with the design-review overlay drawn over it (see `PageLayout.withReviewOverlay`).
    public func overlay(of page: RenderedPage) throws -> Bitmap {
        try paintBitmap(page.layout.withReviewOverlay(), composition: page.composition, engine: try engine(for: page.fonts))
    }

    /// The page as a one-page PDF: text and shapes as vectors, at the composition's size in points.
    public func pdf(of page: RenderedPage) throws -> Data {
        let stream = PDFStream()
        do {
            let canvas = try CairoCanvas(pdfPageOf: page.composition.canvasSize, writingTo: stream, text: try engine(for: page.fonts))
            try Painter(page: page.layout, composition: page.composition).paint(on: canvas)
            try canvas.finish()
        }
        return stream.data
    }

    /// Where `block`'s lines fall when set in `fonts`.
    func measure(_ block: TextBlock, fonts: FontSet = .noto) throws -> TextMeasurement {
        try engine(for: fonts).measure(block)
    }

    /// Paths of the font files that set any text of `layout` (from the layout's facts).
    package func fontFiles(in layout: PageLayout, fonts: FontSet = .noto) -> Set<String> {
        layout.fontFiles
    }

    /// Draws a chart page (a flow chart) made of plain items, at its own size.
    func paintChart(_ page: PageLayout) throws -> Bitmap {
        try paintBitmap(page, composition: Composition(screenOf: page), engine: try engine(for: .noto))
    }

    /// Draws `page` into a new bitmap of exactly the composition's pixel size.
    func paintBitmap(_ page: PageLayout, composition: Composition, engine: PangoTextEngine) throws -> Bitmap {
        let width = composition.pixelWidth, height = composition.pixelHeight
        var failure: Error?
        let fontFailures = PangoWarnings.mark
        try checkAllocatable(width * height * 4, what: "a \(width)×\(height) screen")
        // Every pixel is written by the first, full-screen fill, so the storage starts uninitialised.
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            do {
                let canvas = try CairoCanvas(pixels: buffer, pixelWidth: width, pixelHeight: height, scale: composition.scale,
                                             text: engine)
                try Painter(page: page, composition: composition).paint(on: canvas)
                try canvas.finish()
            } catch {
                failure = error
                buffer.initialize(repeating: 0)
            }
            initialized = buffer.count
        }
        if let failure { throw failure }
        try PangoWarnings.check(since: fontFailures)
        return Bitmap(width: width, height: height, pixels: pixels,
                      knownRepeats: RepeatedRows.flags(for: page, composition: composition))
    }
}

extension LinkMap {
    /// Pretty-printed JSON with sorted keys, so equal maps are equal bytes and diffs read well.
    public func jsonData() throws -> Data {
        try canonicalJSONData(self)
    }
}
