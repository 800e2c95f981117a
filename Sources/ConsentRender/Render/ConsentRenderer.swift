import Foundation

/// The outputs of one render.
public struct RenderedPage: Sendable {
    public var layout: PageLayout
    /// Where the screen sits on the output's canvas.
    public var composition: Composition
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
}

/// Renders consent screens. Holds a Pango engine per font set, so use one renderer per thread.
public final class ConsentRenderer {
    /// The templates it lays screens out with.
    public let templates: TemplateRegistry
    private var engines: [FontSet: PangoTextEngine] = [:]

    /// A renderer knowing `templates`; fails when the fonts cannot be set up.
    public init(templates: TemplateRegistry = .standard) throws {
        self.templates = templates
        _ = try engine(for: .noto)
    }

    /// The engine setting text in `fonts`, made on first use.
    func engine(for fonts: FontSet) throws -> PangoTextEngine {
        if let engine = engines[fonts] { return engine }
        let engine = try PangoTextEngine(fonts: fonts)
        engines[fonts] = engine
        return engine
    }

    /// Makes a process that renders many screens reuse their memory: glibc otherwise returns every
    /// freed 10–25 MB screen to the kernel, which zeroes its pages again for the next one. Changes
    /// the whole process's allocator, so it is for programs (render-cli), not a library's choice.
    public static func keepFreedScreenMemory() {
        FastPNG.keepFreedScreens()
    }

    /// Resolves the language, lays out, paints and maps one screen.
    public func render(_ request: RenderRequest) throws -> RenderedPage {
        try paint(try layOut(request))
    }

    /// A screen laid out and checked, not yet painted.
    public struct LaidOutPage: Sendable {
        public var layout: PageLayout
        public var composition: Composition
        public var linkMap: LinkMap
        public var template: any ScreenTemplate
        public var usedDefaultLanguage: Bool
        public var warnings: [String]
        /// What the render passed over, for the user (a profile without a status bar).
        public var notes: [String]
        public var fonts: FontSet
    }

    /// The layout of every system prompt (`--screen prompt:<kind>`), whatever the document's template.
    public static let promptTemplate = SystemPromptTemplate()

    /// The template a request asks for, and the state it shows, both checked.
    public func template(for request: RenderRequest) throws -> any ScreenTemplate {
        if request.variant.screen.prompt != nil { return Self.promptTemplate }
        let template = try templates.template(of: request.content, override: request.variant.template)
        try templates.check([request.variant.state], of: template)
        return template
    }

    /// The first half of `render`: resolves the language, lays out and checks for missing glyphs.
    public func layOut(_ request: RenderRequest) throws -> LaidOutPage {
        if let kind = request.variant.screen.prompt { return try layOutPrompt(kind, request: request) }
        if request.variant.fullLength { return try layOutFullLength(request) }
        let template = try template(for: request)
        let variant = request.variant
        let content = request.content
        let (language, source, document, usedDefaultLanguage) = try Self.document(for: request)
        let style = request.style.resolved(language: language, increaseContrast: variant.increaseContrast)
        let engine = try engine(for: style.fonts)
        try engine.checkFamilies(style.brandFonts, settingsPath: (content.source as NSString).appendingPathComponent("document.json"))
        engine.startPage()
        // String Catalogs' device variations follow the device.
        var app = content.app
        app?.device = request.profile.idiom == .pad ? .ipad : .iphone
        let strings = try ChromeStrings.resolve(language: language, settings: content.settings, folder: content.source, app: app)
        let traits = ScreenTraits(appearance: variant.appearance, language: LanguageTraits(tag: language),
                                  sizeCategory: variant.textSize, boldText: variant.boldText,
                                  increaseContrast: variant.increaseContrast,
                                  tint: request.tint ?? request.profile.tint, adaptsSystemBlue: request.tint == nil)
        let context = LayoutContext(profile: request.profile, orientation: request.variant.orientation, style: style, traits: traits,
                                    measurer: engine)
        var screen = ScreenContent(document: document, language: language, strings: strings, settings: content.settings,
                                   assets: content.assets, source: content.source)
        screen.app = app
        screen.images = content.images
        var notes: [String] = []
        screen.backdrop = try backdrop(for: request, template: template, language: language, notes: &notes)
        var layout = try template.layout(screen, state: request.variant.state, in: context)
        if variant.scroll != .top {
            let offset = try Self.scrollOffset(variant.scroll, of: layout, document: document, file: content.path(of: source),
                                               notes: &notes)
            layout = layout.scrolled(by: offset)
        }
        // The cut-out is hardware: it takes no taps whether or not the status bar is drawn.
        layout.semantics.cutout = request.profile.cutout.map { Self.cutoutRect($0.rect, profile: request.profile,
                                                                               orientation: request.variant.orientation) }
        if request.showsSystemChrome {
            notes += addSystemChrome(to: &layout, in: context, content: (content.settings.statusBar ?? StatusBarContent())
                                        .overridden(by: request.statusBar))
        }
        var warnings: [String] = []
        let missing = missingCharacters(in: layout, engine: engine)
        if !missing.isEmpty {
            let error = RenderError.missingGlyphs(characters: missing.map(Self.describe), language: language,
                                                  file: content.path(of: source))
            guard request.allowsMissingGlyphs else { throw error }
            warnings.append(error.description)
        }
        return finish(layout, template: template, request: request, context: context, engine: engine,
                      usedDefaultLanguage: usedDefaultLanguage, warnings: warnings, notes: notes, fonts: style.fonts)
    }

    /// The link map and the page's outputs of a laid-out screen.
    private func finish(_ layout: PageLayout, template: any ScreenTemplate, request: RenderRequest, context: LayoutContext,
                        engine: PangoTextEngine, usedDefaultLanguage: Bool, warnings: [String], notes: [String],
                        fonts: FontSet) -> LaidOutPage {
        let variant = request.variant
        let composition = Composition(screenOf: layout)
        var linkMap = LinkMap(page: layout, composition: composition, template: template.id, device: request.profile.id,
                              requestedLanguage: request.variant.language)
        linkMap.state = request.variant.state == .initial ? nil : request.variant.state.rawValue
        linkMap.textSize = variant.textSize
        linkMap.boldText = variant.boldText ? true : nil
        linkMap.increaseContrast = variant.increaseContrast ? true : nil
        linkMap.texts = texts(of: layout, in: context, composition: composition, engine: engine,
                              documentFonts: (request.content.source as NSString).appendingPathComponent("fonts"))
        let maximum = layout.maximumScrollOffset
        if variant.scroll != .top {
            linkMap.body.scrollOffset = LinkMap.rounded(layout.semantics.body.scrollOffset)
            linkMap.body.maxScrollOffset = LinkMap.rounded(maximum)
        }
        linkMap.body.truncatedAt = layout.semantics.body.truncatedAt.map(LinkMap.rounded)
        // `#anchor` links: the heading they scroll to (the title's id scrolls to the top).
        let anchors = layout.semantics.body.anchors
        for index in linkMap.links.indices where linkMap.links[index].url.hasPrefix("#") {
            let id = String(linkMap.links[index].url.dropFirst())
            if let anchor = anchors.first(where: { $0.id == id }) {
                linkMap.links[index].anchor = LinkMap.Anchor(id: id, scrollOffset: LinkMap.rounded(min(anchor.offset, maximum)))
            }
        }
        return LaidOutPage(layout: layout, composition: composition, linkMap: linkMap, template: template,
                           usedDefaultLanguage: usedDefaultLanguage, warnings: warnings, notes: notes, fonts: fonts)
    }

    /// The tallest full-length page, in pixels: Cairo draws images of at most 32,767 rows.
    public static let fullLengthPixelLimit = 32_000

    /// A full-length capture: the screen laid out once as it is, then again on a device made taller
    /// by what its body hides, so the body's viewport holds the whole text, whatever the template.
    /// No status bar, home indicator or app backdrop: it is a document, not a screen.
    private func layOutFullLength(_ request: RenderRequest) throws -> LaidOutPage {
        var screen = request
        screen.variant.fullLength = false
        screen.variant.scroll = .top
        screen.showsSystemChrome = false
        screen.backdrop = nil
        screen.content.backdrops = AppBackdrops()
        let first = try layOut(screen)
        let body = first.layout.semantics.body
        let hidden = max(0, body.contentHeight - body.viewport.height)
        guard hidden > 0 else {
            var page = first
            page.linkMap.fullLength = true
            return page
        }
        let orientation = request.variant.orientation
        let current = request.profile.screenSize(in: orientation).height
        let limit = (Double(Self.fullLengthPixelLimit) / request.profile.scale).rounded(.down)
        let height = min(current + hidden.rounded(.up) + 1, limit)
        var tall = screen
        // Profiles give portrait points; a landscape screen's height is their width.
        if orientation == .portrait { tall.profile.points.height = height } else { tall.profile.points.width = height }
        tall.profile.cutout = nil
        var page = try layOut(tall)
        page.linkMap.fullLength = true
        page.linkMap.device = request.profile.id
        let shown = page.layout.semantics.body
        if shown.contentHeight > shown.viewport.height + BodySemantics.fitTolerance {
            let stop = shown.viewport.height
            page.linkMap.body.truncatedAt = LinkMap.rounded(min(stop, shown.truncatedAt ?? stop))
            page.notes.append("the full-length page stops at \(Int(limit)) pt (\(Self.fullLengthPixelLimit) pixels at \(ScrollPosition.number(request.profile.scale))×): "
                              + "the text runs on past it")
        }
        return page
    }

    /// Lays out a system prompt: iOS's words in the device language (the render's), the app's name
    /// and purpose string from its files as iOS picks them, over the app's screen or `--over`'s.
    private func layOutPrompt(_ kind: PromptKind, request: RenderRequest) throws -> LaidOutPage {
        let variant = request.variant
        let content = request.content
        guard let requested = try LanguageResolver.parse(variant.language).first else {
            throw DocumentError.invalidLanguageTag(tag: variant.language)
        }
        let language = requested.description
        let settingsPath = (content.source as NSString).appendingPathComponent("document.json")
        var notes: [String] = [], warnings: [String] = []
        guard var app = content.app else { throw PromptError.noAppFiles(prompt: kind.rawValue, settingsPath: settingsPath) }
        app.device = request.profile.idiom == .pad ? .ipad : .iphone
        // The purpose string first: without it there is no prompt at all. iOS reads the key from
        // the Info.plist itself; a translation alone does not make a prompt, nor does an empty one.
        app.reads.note()
        if let key = kind.infoPlistKey, (app.infoPlist[key] ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw PromptError.missingPurposeString(prompt: kind.subject, key: key, infoPlist: app.infoPlistPath)
        }
        // The app's own texts follow the device's preference list as iOS matches it to the app's
        // localizations (ko,ja on an app without Korean gives Japanese); iOS's words follow its first language.
        let preferences = variant.language
        let strings = try SystemStrings.resolve(kind, language: language, settings: content.settings, settingsPath: settingsPath)
        var appLanguage: String?
        var usesDevelopmentRegion = false
        let appName: String
        if let name = content.settings.launch.appName?.text(for: language) {
            appName = name
        } else if let name = app.infoValue("CFBundleDisplayName", language: preferences) ?? app.infoValue("CFBundleName", language: preferences) {
            appName = name.text
            appLanguage = name.language
        } else {
            throw PromptError.noAppName(infoPlist: app.infoPlistPath)
        }
        let message: String
        var messageLanguage = language
        if let key = kind.infoPlistKey {
            guard let purpose = app.infoValue(key, language: preferences) else {
                throw PromptError.missingPurposeString(prompt: kind.subject, key: key, infoPlist: app.infoPlistPath)
            }
            message = purpose.text
            appLanguage = purpose.language
            if purpose.language != "Base" { messageLanguage = purpose.language }
            if purpose.isFallback {
                usesDevelopmentRegion = true
                warnings.append("the app has no \(key) for '\(language)', so iOS shows the \(purpose.language == "Base" ? "Base" : "'\(purpose.language)'") "
                                + "text from \(purpose.file); add a translation to \(language).lproj/InfoPlist.strings or InfoPlist.xcstrings")
            }
        } else {
            message = strings.text("notifications.message") ?? ""
        }
        let template = Self.promptTemplate
        var behind = try backdrop(for: request, template: template, language: language, notes: &notes)
        if let over = request.over {
            behind = try screenBehind(over, request: request, language: preferences)
        }
        let prompt = PromptContent(kind: kind, look: variant.systemLook, title: strings.title(of: kind, appName: appName),
                                   message: message, messageLanguage: messageLanguage, infoPlistKey: kind.infoPlistKey,
                                   appLanguage: appLanguage, usesDevelopmentRegion: usesDevelopmentRegion,
                                   actions: kind.roles.map { PromptContent.Action(role: $0, label: strings.label($0, of: kind)) },
                                   preciseLabel: kind == .location ? strings.text("location.precise") : nil, backdrop: behind)
        // The system draws its alerts in its own look and fonts, never the app's style.
        let style = StyleTokens.iOSDefault.resolved(language: language, increaseContrast: variant.increaseContrast)
        let engine = try engine(for: style.fonts)
        engine.startPage()
        let traits = ScreenTraits(appearance: variant.appearance, language: LanguageTraits(tag: language),
                                  sizeCategory: variant.textSize, boldText: variant.boldText,
                                  increaseContrast: variant.increaseContrast,
                                  tint: request.tint ?? request.profile.tint, adaptsSystemBlue: request.tint == nil)
        let context = LayoutContext(profile: request.profile, orientation: variant.orientation, style: style, traits: traits,
                                    measurer: engine)
        var screen = ScreenContent(document: ConsentDocument(title: nil, blocks: []), language: language,
                                   strings: ChromeStrings(accept: "", decline: "", continueLabel: "", title: ""),
                                   settings: content.settings, assets: content.assets, source: content.source)
        screen.prompt = prompt
        var layout = try template.layout(screen, state: .initial, in: context)
        layout.semantics.cutout = request.profile.cutout.map { Self.cutoutRect($0.rect, profile: request.profile,
                                                                               orientation: variant.orientation) }
        if request.showsSystemChrome {
            notes += addSystemChrome(to: &layout, in: context, content: (content.settings.statusBar ?? StatusBarContent())
                                        .overridden(by: request.statusBar))
        }
        let missing = missingCharacters(in: layout, engine: engine)
        if !missing.isEmpty {
            let error = RenderError.missingGlyphs(characters: missing.map(Self.describe), language: language, file: app.infoPlistPath)
            guard request.allowsMissingGlyphs else { throw error }
            warnings.append(error.description)
        }
        var page = finish(layout, template: template, request: request, context: context, engine: engine, usedDefaultLanguage: false,
                          warnings: warnings, notes: notes, fonts: style.fonts)
        page.linkMap.screen = variant.screen.description
        page.linkMap.ios = variant.systemLook.version
        page.linkMap.prompt = LinkMap.Prompt(kind: kind.rawValue, title: prompt.title, message: prompt.message,
                                             infoPlistKey: kind.infoPlistKey, appLanguage: appLanguage,
                                             usesDevelopmentRegion: usesDevelopmentRegion ? true : nil)
        return page
    }

    /// The offset `position` scrolls the body of `layout` to: the bottom, a heading's first line at
    /// the viewport's top (clamped to the end), or a number of points (clamped). A heading past the
    /// layout limit stops at the limit, with a note; an id no heading has is an error.
    static func scrollOffset(_ position: ScrollPosition, of layout: PageLayout, document: ConsentDocument, file: String,
                             notes: inout [String]) throws -> Double {
        let body = layout.semantics.body
        let maximum = layout.maximumScrollOffset
        if let limit = body.truncatedAt, position != .top {
            notes.append("the text is longer than the \(Int(BodyText.measuredHeightLimit)) pt that are laid out; it stops at \(Int(limit)) pt")
        }
        switch position {
        case .top:
            return 0
        case .bottom:
            return maximum
        case let .points(value):
            if value > maximum + 1e-6 {
                notes.append("--scroll \(position): the body scrolls \(ScrollPosition.number(LinkMap.rounded(maximum))) pt at most; shown at its end")
            }
            return min(value, maximum)
        case let .anchor(id):
            if let anchor = body.anchors.first(where: { $0.id == id }) { return min(anchor.offset, maximum) }
            let ids = HeadingSlugger.ids(of: document)
            if ids.first == id && document.title != nil { return 0 }
            guard ids.contains(id) else {
                throw DocumentError.unknownAnchor(id: id, file: file, ids: ids, suggestion: closestMatch(to: id, among: ids))
            }
            if body.truncatedAt != nil {
                notes.append("--scroll #\(id): that heading is past the layout limit; shown at the limit")
                return maximum
            }
            notes.append("--scroll #\(id): this screen does not scroll to that heading (it is not in its scrolling text); shown at the top")
            return 0
        }
    }

    /// `--over`'s document rendered as its consent screen for the same device, orientation,
    /// appearance and language, without system chrome (the prompt's page draws that), as an image.
    private func screenBehind(_ over: ConsentContent, request: RenderRequest, language: String) throws -> BackdropImage {
        var variant = request.variant
        variant.screen = .consent
        variant.state = request.overState
        variant.template = nil
        variant.language = language
        // The screen behind is the other document's own: its backdrop, no prompt over it.
        variant.over = nil
        variant.backdrop = nil
        variant.statusBar = nil
        var behind = RenderRequest(content: over, profile: request.profile, variant: variant, tint: request.tint,
                                   allowsMissingGlyphs: request.allowsMissingGlyphs)
        behind.showsSystemChrome = false
        let page = try render(behind)
        if page.usedDefaultLanguage {
            throw PromptError.overLacksLanguage(folder: over.source, language: language, shown: page.linkMap.language.resolved,
                                                available: over.languages)
        }
        return BackdropImage(png: try page.bitmap.pngData(), path: "--over \(over.source)")
    }

    /// The link map's `texts`: the title, the body and each button label, with the fonts that set them.
    private func texts(of layout: PageLayout, in context: LayoutContext, composition: Composition, engine: PangoTextEngine,
                       documentFonts: String) -> [LinkMap.Text] {
        let documentPrefix = (documentFonts as NSString).standardizingPath + "/"
        func names(_ blocks: [TextBlock]) -> [String] {
            let files = blocks.reduce(into: Set<String>()) { $0.formUnion(engine.fontFiles(in: $1)) }
            return files.map { file in
                file.hasPrefix(documentPrefix) ? "fonts/" + file.dropFirst(documentPrefix.count) : (file as NSString).lastPathComponent
            }.sorted()
        }
        func text(_ id: String, rect: Rect, blocks: [TextBlock]) -> LinkMap.Text {
            LinkMap.Text(id: id, rect: LinkMap.rounded(rect), pixelRect: composition.pixelRect(rect),
                         size: blocks.first?.runs.first?.fontSize ?? 0, fonts: names(blocks))
        }
        let title = layout.title
        var result = [text("title", rect: title.frame, blocks: [title.block])]
        let body = layout.body
        if !body.blocks.isEmpty {
            // The body's size is its paragraphs', not a heading's or a list marker's.
            var blocks = body.blocks.map(\.block)
            if let index = blocks.firstIndex(where: { $0.runs.first?.fontSize == context.fontSize(.body) }) {
                blocks.swapAt(0, index)
            }
            result.append(text("body", rect: body.viewport, blocks: blocks))
        }
        for button in layout.buttons {
            result.append(text("button-\(button.role.rawValue)", rect: button.labelText.frame,
                               blocks: [button.labelText.block]))
        }
        return result
    }

    /// The app screen behind the dialog: `--backdrop`, else the document's (its `backdrop` setting
    /// or the most specific file of its `backdrop/` folder). Decoded here, once per file, so a bad
    /// PNG fails before anything is drawn.
    private func backdrop(for request: RenderRequest, template: any ScreenTemplate, language: String,
                          notes: inout [String]) throws -> BackdropImage? {
        let backdrops = request.content.backdrops
        guard request.backdrop != nil || !backdrops.isEmpty else { return nil }
        guard template.showsAppBehind else {
            throw DocumentError.backdropNotShown(template: template.id, source: request.backdrop?.path ?? request.content.source)
        }
        let (orientation, appearance) = (request.variant.orientation, request.variant.appearance)
        guard let image = request.backdrop ?? backdrops.image(device: request.profile.id, orientation: orientation,
                                                              appearance: appearance, language: language) else {
            let looked = AppBackdrops.candidates(device: request.profile.id, orientation: orientation, appearance: appearance,
                                                 language: language)
                .map { "backdrop/\($0).png" }.joined(separator: ", ")
            notes.append("\(backdrops.folderPath ?? "backdrop/") has no image for this render (looked for \(looked)); "
                         + "the flat background is drawn")
            return nil
        }
        _ = try BackdropCache.shared.decoded(image)
        return image
    }

    /// Adds iOS's status bar and home indicator as the page's system-chrome layer, above the app
    /// and its dimming; returns notes for a profile that does not describe them.
    private func addSystemChrome(to layout: inout PageLayout, in context: LayoutContext, content: StatusBarContent) -> [String] {
        let profile = context.profile
        let chrome = SystemChrome(context: context, content: content)
        var items: [PlacedItem] = []
        var notes: [String] = []
        if let bar = chrome.statusBar() {
            items += bar.items
            layout.semantics.statusBar = StatusBarSemantics(rect: bar.rect, time: bar.time)
        } else if profile.statusBar == nil {
            notes.append("the profile '\(profile.id)' has no statusBar field, so no status bar is drawn; add "
                + "\"statusBar\": { \"kind\": \"island\", \"height\": 54 } (see DeviceProfiles/iphone-15-pro.json)")
        }
        if let indicator = chrome.homeIndicator(over: layout) {
            items.append(indicator.item)
            layout.semantics.homeIndicator = indicator.rect
        } else if profile.homeIndicator == nil {
            notes.append("the profile '\(profile.id)' has no homeIndicator field, so no home indicator is drawn; add "
                + "\"homeIndicator\": true for a device without a home button")
        }
        layout.addLayer(.systemChrome, items: items)
        return notes
    }

    /// The cut-out in the screen's coordinates: profiles give it in portrait; in landscape the device
    /// is turned with its top to the left (home indicator on the right), so the cut-out sits on the left edge.
    static func cutoutRect(_ portrait: Rect, profile: DeviceProfile, orientation: Orientation) -> Rect {
        guard orientation == .landscape else { return portrait }
        return Rect(x: portrait.y, y: profile.points.width - portrait.maxX, width: portrait.height, height: portrait.width)
    }

    /// The second half of `render`: paints a laid-out page.
    public func paint(_ page: LaidOutPage) throws -> RenderedPage {
        let bitmap = try paintBitmap(page.layout, composition: page.composition, engine: try engine(for: page.fonts))
        return RenderedPage(layout: page.layout, composition: page.composition, bitmap: bitmap, linkMap: page.linkMap,
                            template: page.template, usedDefaultLanguage: page.usedDefaultLanguage, warnings: page.warnings,
                            notes: page.notes, fonts: page.fonts)
    }

    /// The language to render, the file it comes from, the document, and whether the default was used.
    ///
    /// A pseudo-locale (`en-XA`, `ar-XB`) asked for first, which the document has no file for, is
    /// made from the document's English file, or its default language.
    static func document(for request: RenderRequest) throws
        -> (language: String, source: String, document: ConsentDocument, usedDefault: Bool) {
        let content = request.content
        let resolver = LanguageResolver(available: content.languages, defaultLanguage: content.settings.defaultLanguage)
        let preferences = try LanguageResolver.parse(request.variant.language)
        if let first = preferences.first, let pseudo = PseudoLocale(first),
           !content.languages.contains(where: { $0.caseInsensitiveCompare(first.description) == .orderedSame }) {
            let source = resolver.match(LanguageTag(language: "en")) ?? content.settings.defaultLanguage ?? content.languages[0]
            return (first.description, source, pseudo.transform(try content.document(language: source)), false)
        }
        let (language, usedDefault) = try resolver.resolution(of: request.variant.language, folder: content.source)
        return (language, language, try content.document(language: language), usedDefault)
    }

    /// Characters of any text on the page that no installed font covers, each once.
    public func missingCharacters(in layout: PageLayout, fonts: FontSet = .noto) -> [Unicode.Scalar] {
        guard let engine = try? engine(for: fonts) else { return [] }
        return missingCharacters(in: layout, engine: engine)
    }

    private func missingCharacters(in layout: PageLayout, engine: PangoTextEngine) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for block in layout.textBlocks {
            for scalar in engine.missingCharacters(in: block) where !missing.contains(scalar) {
                missing.append(scalar)
            }
        }
        return missing
    }

    /// `U+1F9FF '🧿'`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " '\(Character(scalar))'"
    }
}

extension ConsentRenderer {
    /// The lint findings of a rendered screen: the common rules its template keeps and the
    /// template's own (see `PageLint`).
    public func lint(_ page: RenderedPage, device: String, options: LintOptions = LintOptions()) -> [LintFinding] {
        PageLint(page: page.layout, device: device, template: page.template,
                 missingCharacters: missingCharacters(in: page.layout, fonts: page.fonts),
                 ellipsizedText: ellipsizedText(in: page.layout, fonts: page.fonts), options: options,
                 textSize: page.linkMap.textSize ?? .large, wordBrokenText: wordBrokenText(in: page.layout, fonts: page.fonts)).findings()
    }

    /// The text size `text.dynamic-type` checks a screen at.
    public static let dynamicTypeCheckSize = ContentSizeCategory.accessibility3

    /// `text.dynamic-type`: the screen of `request` laid out again at AX3, warning when that cuts
    /// text short or leaves a button out of sight (the bug snapshot teams test text sizes for).
    public func dynamicTypeFindings(for request: RenderRequest, device: String) throws -> [LintFinding] {
        var large = request
        large.variant.textSize = Self.dynamicTypeCheckSize
        let page = try layOut(large)
        let lint = PageLint(page: page.layout, device: device, template: page.template,
                            ellipsizedText: ellipsizedText(in: page.layout, fonts: page.fonts), textSize: large.variant.textSize,
                            wordBrokenText: wordBrokenText(in: page.layout, fonts: page.fonts))
        let size = Self.dynamicTypeCheckSize.rawValue
        return (lint.truncation() + lint.buttonsVisible()).map { finding in
            var warning = finding
            warning.rule = LintRule.dynamicType.rawValue
            warning.severity = .warning
            warning.message = "at the \(size) text size, \(finding.message) (render it with --text-size \(size))"
            return warning
        }
    }

    /// The ids of the text items the engine cut short with "…".
    public func ellipsizedText(in layout: PageLayout, fonts: FontSet = .noto) -> Set<String> {
        guard let engine = try? engine(for: fonts) else { return [] }
        var ids = Set<String>()
        for item in layout.items {
            if case let .text(text) = item.drawable, engine.isEllipsized(text.block) { ids.insert(item.id) }
        }
        return ids
    }

    /// The ids of the title and button labels whose lines break inside a word.
    public func wordBrokenText(in layout: PageLayout, fonts: FontSet = .noto) -> Set<String> {
        guard let engine = try? engine(for: fonts) else { return [] }
        let ids = [layout.semantics.titleID] + layout.semantics.buttons.map(\.labelID)
        return Set(ids.filter { id in layout.text(id).map { engine.breaksInsideWords($0.block) } ?? false })
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

    /// Paths of the font files that set any text of `layout`.
    public func fontFiles(in layout: PageLayout, fonts: FontSet = .noto) -> Set<String> {
        guard let engine = try? engine(for: fonts) else { return [] }
        return layout.textBlocks.reduce(into: Set<String>()) { $0.formUnion(engine.fontFiles(in: $1)) }
    }

    /// Draws a chart page (a flow chart) made of plain items, at its own size.
    func paintChart(_ page: PageLayout) throws -> Bitmap {
        try paintBitmap(page, composition: Composition(screenOf: page), engine: try engine(for: .noto))
    }

    /// Draws `page` into a new bitmap of exactly the composition's pixel size.
    func paintBitmap(_ page: PageLayout, composition: Composition, engine: PangoTextEngine) throws -> Bitmap {
        let width = composition.pixelWidth, height = composition.pixelHeight
        var failure: Error?
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
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}

extension LinkMap {
    /// Pretty-printed JSON with sorted keys, so equal maps are equal bytes and diffs read well.
    public func jsonData() throws -> Data {
        try canonicalJSONData(self)
    }
}
