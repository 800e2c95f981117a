import Foundation

/// Everything one render needs, already loaded.
public struct RenderRequest: Sendable {
    public var folder: DocumentFolder
    public var profile: DeviceProfile
    /// The language as the user asked for it (a tag or a comma-separated preference list).
    public var requestedLanguage: String
    public var orientation: Orientation
    public var appearance: Appearance
    /// A tint the user chose; nil uses the profile's.
    public var tint: Color?
    /// Whether characters no font covers are a warning instead of an error.
    public var allowsMissingGlyphs: Bool
    /// Which screen of the template: the consent itself, or (launch-consent) the confirmation after a decline.
    public var state: ScreenState
    /// A template to use instead of the document's (`--template`).
    public var template: String?

    public init(folder: DocumentFolder, profile: DeviceProfile, requestedLanguage: String,
                orientation: Orientation, appearance: Appearance, tint: Color? = nil, allowsMissingGlyphs: Bool = false,
                state: ScreenState = .initial, template: String? = nil) {
        self.folder = folder
        self.profile = profile
        self.requestedLanguage = requestedLanguage
        self.orientation = orientation
        self.appearance = appearance
        self.tint = tint
        self.allowsMissingGlyphs = allowsMissingGlyphs
        self.state = state
        self.template = template
    }
}

/// Which screen of a template to render.
public enum ScreenState: String, Codable, Sendable, CaseIterable {
    case initial
    /// launch-consent: the confirmation shown after the user declines.
    case declineConfirm = "decline-confirm"
}

/// The outputs of one render.
public struct RenderedPage: Sendable {
    public var layout: PageLayout
    public var bitmap: Bitmap
    public var linkMap: LinkMap
    /// True when no requested language had a file and the document's `defaultLanguage` was used.
    public var usedDefaultLanguage: Bool
    /// Problems that did not stop the render (missing glyphs under `allowsMissingGlyphs`).
    public var warnings: [String]
}

/// Renders consent documents. Holds one Pango engine, so use one renderer per thread.
public final class ConsentRenderer {
    public let textEngine: PangoTextEngine

    public init() throws {
        textEngine = try PangoTextEngine()
    }

    /// Resolves the language, lays out, paints and maps one screen.
    public func render(_ request: RenderRequest) throws -> RenderedPage {
        try paint(try layOut(request))
    }

    /// A screen laid out and checked, not yet painted.
    public struct LaidOutPage: Sendable {
        public var layout: PageLayout
        public var linkMap: LinkMap
        public var usedDefaultLanguage: Bool
        public var warnings: [String]
    }

    /// The first half of `render`: resolves the language, lays out and checks for missing glyphs.
    public func layOut(_ request: RenderRequest) throws -> LaidOutPage {
        textEngine.startPage()
        let folder = request.folder
        let (language, source, document, usedDefaultLanguage) = try Self.content(for: request)
        let strings = try ChromeStrings.resolve(language: language, settings: folder.settings, folder: folder.url.path)
        let theme = Theme(appearance: request.appearance, tint: request.tint ?? request.profile.tint,
                          adaptsSystemBlue: request.tint == nil, declineOpacity: folder.settings.style.declineOpacity ?? 1)
        let layout: PageLayout
        let template = request.template ?? folder.settings.template
        switch template {
        case "launch-consent":
            layout = layoutLaunchConsent(
                DialogContent(document: document, strings: strings, language: language),
                launch: try LaunchStrings.resolve(language: language, settings: folder.settings, folder: folder.url.path),
                screen: folder.settings.launch, folder: folder.url, state: request.state,
                on: request.profile, in: request.orientation, theme: theme, text: textEngine)
        case "att-explainer":
            guard request.state == .initial else {
                throw DocumentError.invalidSetting(path: folder.url.appendingPathComponent("document.json").path, field: "template",
                                                   value: "'\(template)'",
                                                   fix: "--state \(request.state.rawValue) needs the launch-consent template")
            }
            layout = layoutATTExplainer(DialogContent(document: document, strings: strings, language: language),
                                        on: request.profile, in: request.orientation, theme: theme, text: textEngine)
        default:
            guard request.state == .initial else {
                throw DocumentError.invalidSetting(path: folder.url.appendingPathComponent("document.json").path, field: "template",
                                                   value: "'\(template)'",
                                                   fix: "--state \(request.state.rawValue) needs the launch-consent template")
            }
            layout = layoutAgreementDialog(
                DialogContent(document: document, strings: strings, language: language),
                on: request.profile, in: request.orientation, theme: theme, text: textEngine)
        }
        var warnings: [String] = []
        let missing = missingCharacters(in: layout)
        if !missing.isEmpty {
            let error = RenderError.missingGlyphs(
                characters: missing.map(Self.describe), language: language, file: folder.url.appendingPathComponent(source + ".md").path)
            guard request.allowsMissingGlyphs else { throw error }
            warnings.append(error.description)
        }
        var linkMap = LinkMap(page: layout, template: template, device: request.profile.id,
                              requestedLanguage: request.requestedLanguage)
        linkMap.state = request.state == .initial ? nil : request.state.rawValue
        return LaidOutPage(layout: layout, linkMap: linkMap, usedDefaultLanguage: usedDefaultLanguage, warnings: warnings)
    }

    /// The second half of `render`: paints a laid-out page.
    public func paint(_ page: LaidOutPage) throws -> RenderedPage {
        let bitmap = try ConsentRender.paint(page.layout, text: textEngine)
        return RenderedPage(layout: page.layout, bitmap: bitmap, linkMap: page.linkMap,
                            usedDefaultLanguage: page.usedDefaultLanguage, warnings: page.warnings)
    }

    /// The language to render, the file it comes from, the document, and whether the default was used.
    ///
    /// A pseudo-locale (`en-XA`, `ar-XB`) asked for first, which the document has no file for, is
    /// made from the document's English file, or its default language.
    static func content(for request: RenderRequest) throws
        -> (language: String, source: String, document: ConsentDocument, usedDefault: Bool) {
        let folder = request.folder
        let resolver = LanguageResolver(available: folder.languages, defaultLanguage: folder.settings.defaultLanguage)
        let preferences = try LanguageResolver.parse(request.requestedLanguage)
        if let first = preferences.first, let pseudo = PseudoLocale(first),
           !folder.languages.contains(where: { $0.caseInsensitiveCompare(first.description) == .orderedSame }) {
            let source = resolver.match(LanguageTag(language: "en")) ?? folder.settings.defaultLanguage ?? folder.languages[0]
            return (first.description, source, pseudo.transform(try folder.document(language: source)), false)
        }
        let (language, usedDefault) = try resolver.resolution(of: request.requestedLanguage, folder: folder.url.path)
        return (language, language, try folder.document(language: language), usedDefault)
    }

    /// Characters of any text on the page that no installed font covers, each once.
    public func missingCharacters(in layout: PageLayout) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for block in layout.textBlocks {
            for scalar in textEngine.missingCharacters(in: block) where !missing.contains(scalar) {
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
    /// The lint findings of a rendered screen (see `PageLint`).
    public func lint(_ page: RenderedPage, device: String, options: LintOptions = LintOptions()) -> [LintFinding] {
        PageLint(page: page.layout, device: device, template: page.linkMap.template,
                 missingCharacters: missingCharacters(in: page.layout), options: options).findings()
    }

    /// The page with the design-review overlay drawn over it (see `paintWithOverlay`).
    public func overlay(of page: RenderedPage) throws -> Bitmap {
        try paintWithOverlay(page.layout, text: textEngine)
    }

    /// Paths of the font files that set any text of `layout`.
    public func fontFiles(in layout: PageLayout) -> Set<String> {
        layout.textBlocks.reduce(into: Set<String>()) { $0.formUnion(textEngine.fontFiles(in: $1)) }
    }
}

extension LinkMap {
    /// Pretty-printed JSON with sorted keys, so equal maps are equal bytes and diffs read well.
    public func jsonData() throws -> Data {
        try canonicalJSONData(self)
    }
}
