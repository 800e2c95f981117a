import Foundation

/// The first stage of a render: what a screen shows, resolved from the request before any layout.
/// The language (as iOS matches it), the document or the prompt's words, the strings, the style,
/// the app screen behind, and what the render noted on the way.
struct ResolvedScreen {
    var template: any ScreenTemplate
    /// The platform the device runs: its chrome and thresholds.
    var platform: Platform
    /// The template's screen to lay out.
    var state: ScreenState
    /// The language the screen is set in.
    var language: String
    /// True when no requested language had a file and the document's default was used.
    var usedDefaultLanguage: Bool
    var style: StyleTokens
    var screen: ScreenContent
    /// The file a character without a glyph is reported against.
    var textFile: String
    /// The consent document and its file, for `--scroll` (a prompt does not scroll).
    var scrollDocument: (document: ConsentDocument, file: String)?
    /// What a prompt's link map says of it.
    var prompt: LinkMap.Prompt?
    var notes: [String] = []
    var warnings: [String] = []
}

extension ConsentRenderer {
    /// Resolves what `request` shows: its consent screen or the system prompt it asks for.
    func resolve(_ request: RenderRequest) throws -> ResolvedScreen {
        _ = try checkedPlatform(for: request)
        if let kind = request.variant.screen.prompt {
            if try platforms.platform(of: request.profile).name == Platform.android.name {
                return try resolveAndroidPrompt(kind, request: request)
            }
            return try resolvePrompt(kind, request: request)
        }
        let platform = try platforms.platform(of: request.profile)
        let template = try template(for: request)
        let variant = request.variant
        let content = request.content
        let (language, source, document, usedDefaultLanguage) = try parsedDocument(for: request)
        // The document's style over its platform's.
        let style = StyleTokens(document: content.settings.style, fontFiles: content.fontFiles,
                                base: platform.appStyle(content.settings.style, content.languages))
            .resolved(language: language, increaseContrast: variant.increaseContrast)
        try engine(for: style.fonts).checkFamilies(style.brandFonts,
                                                   settingsPath: (content.source as NSString).appendingPathComponent("document.json"))
        // String Catalogs' device variations follow the device.
        let app = content.app?.seen(on: request.profile.idiom).seen(appearance: variant.appearance, orientation: variant.orientation)
        let strings = try ChromeStrings.resolve(language: language, settings: content.settings, folder: content.source, app: app,
                                                needsTitle: document.title == nil, keys: template.chromeStrings)
        var screen = ScreenContent(document: document, language: language, strings: strings, settings: content.settings,
                                   assets: content.assets, source: content.source)
        screen.app = app
        screen.images = content.images
        var notes: [String] = []
        // What reading the app's files found (a strings.xml folder left out, text between two
        // resources), where the screen takes words from them.
        if !content.settings.localizableKeys.isEmpty, let app { notes += app.fileWarnings }
        screen.backdrop = try backdrop(for: request, template: template, language: language, notes: &notes)
        return ResolvedScreen(template: template, platform: platform, state: variant.state, language: language,
                              usedDefaultLanguage: usedDefaultLanguage,
                              style: style, screen: screen, textFile: content.path(of: source),
                              scrollDocument: (document, content.path(of: source)), prompt: nil, notes: notes)
    }

    /// A system prompt: iOS's words in the device language (the render's), the app's name and
    /// purpose string from its files as iOS picks them, over the app's screen or `--over`'s.
    private func resolvePrompt(_ kind: PromptKind, request: RenderRequest) throws -> ResolvedScreen {
        let variant = request.variant
        let content = request.content
        let (_, language, settingsPath) = try promptLanguage(of: request)
        var notes: [String] = [], warnings: [String] = []
        if content.app?.platformName == Platform.android.name {
            throw RenderError.notOnPlatform(device: request.profile.id, platform: Platform.ios.name,
                                            reason: "prompt:\(kind.rawValue): the document's app files are an Android app's (its strings.xml and "
                                                + "manifest), and iOS's prompt shows an Xcode app's Info.plist purpose string; render it on an "
                                                + "Android device, or give --app-info (or --xcodeproj) for the iOS app")
        }
        guard let app = content.app?.seen(on: request.profile.idiom) else {
            throw PromptError.noAppFiles(prompt: kind.rawValue, settingsPath: settingsPath)
        }
        // The purpose string first: without it there is no prompt at all. iOS reads the key from
        // the Info.plist itself; a translation alone does not make a prompt, nor does an empty one.
        app.reads.note()
        warnings += app.fileWarnings
        func missingPurpose(_ key: String) -> PromptError {
            .missingPurposeString(prompt: kind, key: key, infoPlist: app.settingsFile, generated: app.generatesInfoPlist,
                                  former: kind.formerInfoPlistKey.flatMap { app.setting($0) == nil ? nil : $0 })
        }
        if let key = kind.infoPlistKey, (app.setting(key) ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw missingPurpose(key)
        }
        // The app's own texts follow the device's preference list as iOS matches it to the app's
        // localizations (ko,ja on an app without Korean gives Japanese); iOS's words follow its first language.
        let preferences = variant.language
        let reducedAccuracy = kind == .location && app.flag("NSLocationDefaultAccuracyReduced") == true
        if kind == .location, let text = app.setting("NSLocationDefaultAccuracyReduced") {
            warnings.append("NSLocationDefaultAccuracyReduced is the string \"\(text)\" in \(app.settingsFile), not a boolean; Apple documents "
                            + "<true/>, so it is read as not set and the map shows \"Precise: On\": write <key>NSLocationDefaultAccuracyReduced</key><true/>")
        }
        let strings = try SystemStrings.resolve(kind, language: language, settings: content.settings, settingsPath: settingsPath,
                                                reducedAccuracy: reducedAccuracy)
        // The localization iOS picks for the device, which the name and purpose string come from (a
        // key that localization lacks falls back, as usesDevelopmentRegion says); none when the
        // document names the app and the prompt shows no purpose string.
        let picked = app.localization(for: preferences)
        let appLanguage = content.settings.launch.appName?.text(for: language) != nil && kind.infoPlistKey == nil
            ? nil : picked ?? app.developmentRegion
        var usesDevelopmentRegion = false
        let appName: String
        if let name = content.settings.launch.appName?.text(for: language) {
            appName = name
        } else if let name = ["CFBundleDisplayName", "CFBundleName"].lazy.compactMap({ key in
                      // An empty name is no name: iOS falls back to the next (a title never reads “”).
                      app.infoValue(key, language: preferences).flatMap { $0.text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (key, $0) }
                  }).first {
            try Self.refuseVariables(in: name.1, key: name.0, app: app, settingsPath: settingsPath)
            appName = name.1.text
        } else {
            throw PromptError.noAppName(infoPlist: app.settingsFile)
        }
        let message: String
        var messageLanguage = language
        if let key = kind.infoPlistKey {
            guard let purpose = app.infoValue(key, language: preferences) else { throw missingPurpose(key) }
            try Self.refuseVariables(in: purpose, key: key, app: app, settingsPath: settingsPath)
            message = purpose.text
            if purpose.language != "Base" { messageLanguage = purpose.language }
            if purpose.isFallback {
                usesDevelopmentRegion = true
                // Named as the localization iOS picked for the preference list (ja for ko,ja), else the device language.
                let shown = picked.flatMap { $0 == "Base" ? nil : $0 } ?? language
                warnings.append("the app has no \(key) for '\(shown)', so iOS shows the \(purpose.language == "Base" ? "Base" : "'\(purpose.language)'") "
                                + "text from \(purpose.file); " + Self.translationFix(key: key, language: shown, app: app))
            }
        } else {
            message = strings.text("notifications.message") ?? ""
        }
        let platform = try platforms.platform(of: request.profile)
        let template = try template(for: request)
        var behind = try backdrop(for: request, template: template, language: language, notes: &notes)
        if let over = request.over {
            behind = try screenBehind(over, request: request, language: preferences)
        }
        var prompt = PromptContent(kind: kind, look: variant.systemLook, title: strings.title(of: kind, appName: appName),
                                   message: message, messageLanguage: messageLanguage, infoPlistKey: kind.infoPlistKey,
                                   appLanguage: appLanguage, usesDevelopmentRegion: usesDevelopmentRegion,
                                   actions: kind.roles.map { PromptContent.Action(role: $0, label: strings.label($0, of: kind)) },
                                   preciseLabel: kind == .location ? strings.text(reducedAccuracy ? "location.precise-off" : "location.precise") : nil,
                                   backdrop: behind)
        prompt.reducedAccuracy = reducedAccuracy
        // The system draws its alerts in its own look and fonts, never the app's style.
        let style = platform.systemStyle.resolved(language: language, increaseContrast: variant.increaseContrast)
        var screen = ScreenContent(document: ConsentDocument(title: nil, blocks: []), language: language,
                                   strings: ChromeStrings(accept: "", decline: "", continueLabel: "", title: ""),
                                   settings: content.settings, assets: content.assets, source: content.source)
        screen.prompt = prompt
        return ResolvedScreen(template: template, platform: platform, state: .initial, language: language, usedDefaultLanguage: false,
                              style: style,
                              screen: screen, textFile: app.settingsFile, scrollDocument: nil,
                              prompt: LinkMap.Prompt(kind: kind.rawValue, title: prompt.title, message: prompt.message,
                                                     infoPlistKey: kind.infoPlistKey, appLanguage: appLanguage,
                                                     usesDevelopmentRegion: usesDevelopmentRegion ? true : nil,
                                                     systemLanguage: strings.language),
                              notes: notes, warnings: warnings)
    }

    /// A prompt's device language (the first of the render's preference list) and the document's
    /// settings file, for messages.
    func promptLanguage(of request: RenderRequest) throws -> (requested: LanguageTag, language: String, settingsPath: String) {
        guard let requested = try LanguageResolver.parse(request.variant.language).first else {
            throw DocumentError.invalidLanguageTag(tag: request.variant.language)
        }
        return (requested, requested.description, (request.content.source as NSString).appendingPathComponent("document.json"))
    }

    /// Refuses an app text the prompt would show with an Xcode variable in it (`$(PRODUCT_NAME)`,
    /// `${BUNDLE_DISPLAY_NAME}`): a screenshot never shows one.
    static func refuseVariables(in lookup: AppStringLookup, key: String, app: any AppStrings, settingsPath: String) throws {
        let variables = xcodeVariables(in: lookup.text)
        guard !variables.isEmpty else { return }
        throw PromptError.unexpandedVariable(key: key, variables: variables, text: lookup.text, file: lookup.file,
                                             inInfoPlist: !lookup.isTranslation, settingsPath: settingsPath, known: app.buildSettingNames,
                                             reason: app.unexpandedReason(key), fromProject: app.readsProject)
    }

    /// How to give `key` a translation in `language`: where to add it, or that the file holding
    /// it is named in the wrong letter case, which iOS does not read either.
    static func translationFix(key: String, language: String, app: any AppStrings) -> String {
        if let file = app.miscasedTranslationFile(for: language) {
            return "\(file) is named in the wrong letter case, and iOS's file system is case-sensitive, so iOS does not read it "
                + "either: rename it InfoPlist.strings"
        }
        if let file = app.unlistedTranslationFile(for: language) {
            return "\(file) exists but the target's resources do not list it (its InfoPlist.strings variant group, or Copy Bundle "
                + "Resources), so the built app lacks it: add it to the target"
        }
        // The localization iOS would read for the language (de.lproj for de-AT), else the language
        // without its region, which serves every region of it.
        let folder = app.localization(for: language).flatMap { $0 == "Base" ? nil : $0 }
            ?? LanguageTag(language).map { [$0.language, $0.script].compactMap { $0 }.joined(separator: "-") } ?? language
        return "add a translation to \(folder).lproj/InfoPlist.strings or InfoPlist.xcstrings"
    }

    /// The names of every `$(NAME)`, `${NAME}` and `$(NAME:modifier)` in `text`, in order, each
    /// once; an unclosed `$(NAME` too (the screen would show it as written).
    static func xcodeVariables(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                rest = rest[after...]
                continue
            }
            let name = rest[rest.index(after: after)...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            let end = name.endIndex
            let closer: Character = rest[after] == "(" ? ")" : "}"
            if !name.isEmpty, end == rest.endIndex || [")", "}", ":"].contains(rest[end]) || !rest[end...].contains(closer),
               !names.contains(String(name)) {
                names.append(String(name))
            }
            rest = rest[after...]
        }
        return names
    }

    /// What parsing a request's document reads: the language asked for and the document's files
    /// and settings that choose and shape the file shown.
    struct ParsedDocumentKey: Hashable {
        var language: String
        var source: String
        var files: [String: Data]
        var defaultLanguage: String?
        var detectors: [DataDetector]?
    }

    typealias ParsedDocument = (language: String, source: String, document: ConsentDocument, usedDefault: Bool)

    /// `document(for:)`, kept for the next render of the same language of the same files: a
    /// matrix shows each language's file in hundreds of cells, and parsing its Markdown and
    /// finding its data detectors' links was 3 % of a cell. Failures are not kept.
    func parsedDocument(for request: RenderRequest) throws -> ParsedDocument {
        let content = request.content
        let key = ParsedDocumentKey(language: request.variant.language, source: content.source, files: content.languageFiles,
                                    defaultLanguage: content.settings.defaultLanguage, detectors: content.settings.detectors)
        if let parsed = parsedDocuments[key] { return parsed }
        let parsed = try Self.document(for: request)
        if parsedDocuments.count >= 64 { parsedDocuments.removeAll() }
        parsedDocuments[key] = parsed
        return parsed
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

    /// The app screen behind the dialog: `--backdrop`, else the document's (its `backdrop` setting
    /// or the most specific file of its `backdrop/` folder). Decoded here, once per file, so a bad
    /// PNG fails before anything is drawn.
    func backdrop(for request: RenderRequest, template: any ScreenTemplate, language: String,
                          notes: inout [String]) throws -> BackdropImage? {
        let backdrops = request.content.backdrops
        guard request.backdrop != nil || !backdrops.isEmpty else { return nil }
        guard template.showsAppBehind else {
            throw DocumentError.backdropNotShown(template: template.id.rawValue, source: request.backdrop?.path ?? request.content.source)
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

    /// `--over`'s document rendered as its consent screen for the same device, orientation,
    /// appearance and language, without system chrome (the prompt's page draws that), as an image.
    func screenBehind(_ over: ConsentContent, request: RenderRequest, language: String) throws -> BackdropImage {
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

}
