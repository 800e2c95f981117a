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

    public init(folder: DocumentFolder, profile: DeviceProfile, requestedLanguage: String,
                orientation: Orientation, appearance: Appearance, tint: Color? = nil) {
        self.folder = folder
        self.profile = profile
        self.requestedLanguage = requestedLanguage
        self.orientation = orientation
        self.appearance = appearance
        self.tint = tint
    }
}

/// The outputs of one render.
public struct RenderedPage: Sendable {
    public var layout: PageLayout
    public var bitmap: Bitmap
    public var linkMap: LinkMap
    /// True when no requested language had a file and the document's `defaultLanguage` was used.
    public var usedDefaultLanguage: Bool
}

/// Renders consent documents. Holds one Pango engine, so use one renderer per thread.
public final class ConsentRenderer {
    public let textEngine: PangoTextEngine

    public init() throws {
        textEngine = try PangoTextEngine()
    }

    /// Resolves the language, lays out, paints and maps one screen.
    public func render(_ request: RenderRequest) throws -> RenderedPage {
        let folder = request.folder
        let (language, usedDefaultLanguage) = try LanguageResolver(
            available: folder.languages, defaultLanguage: folder.settings.defaultLanguage
        ).resolution(of: request.requestedLanguage, folder: folder.url.path)
        let document = try folder.document(language: language)
        let strings = try ChromeStrings.resolve(language: language, settings: folder.settings, folder: folder.url.path)
        let theme = Theme(appearance: request.appearance, tint: request.tint ?? request.profile.tint,
                          adaptsSystemBlue: request.tint == nil)
        let layout = layoutAgreementDialog(
            DialogContent(document: document, strings: strings, language: language),
            on: request.profile, in: request.orientation, theme: theme, text: textEngine)
        let bitmap = try paint(layout, text: textEngine)
        let linkMap = LinkMap(page: layout, template: folder.settings.template, device: request.profile.id,
                              requestedLanguage: request.requestedLanguage)
        return RenderedPage(layout: layout, bitmap: bitmap, linkMap: linkMap, usedDefaultLanguage: usedDefaultLanguage)
    }
}

extension ConsentRenderer {
    /// Paths of the font files that set any text of `layout`.
    public func fontFiles(in layout: PageLayout) -> Set<String> {
        let blocks = [layout.title.block] + layout.body.blocks.map(\.block) + layout.buttons.map(\.labelText.block)
        return blocks.reduce(into: Set<String>()) { $0.formUnion(textEngine.fontFiles(in: $1)) }
    }
}

extension LinkMap {
    /// Pretty-printed JSON with sorted keys, so equal maps are equal bytes and diffs read well.
    public func jsonData() throws -> Data {
        try canonicalJSONData(self)
    }
}
