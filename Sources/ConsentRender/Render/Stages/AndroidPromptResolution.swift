import Foundation

extension ConsentRenderer {
    /// An Android permission dialog: PermissionController's words in the device language (built
    /// in for the 85 languages it ships, else from `systemStrings`), the app's name from its
    /// `strings.xml` (`app_name`) as Android resolves it for the device, over the app's screen.
    /// Unlike iOS's alert, the dialog shows no purpose string of the app's.
    func resolveAndroidPrompt(_ kind: PromptKind, request: RenderRequest) throws -> ResolvedScreen {
        let variant = request.variant
        let content = request.content
        let (requested, language, settingsPath) = try promptLanguage(of: request)
        guard let dialog = AndroidPermissionDialog.of(kind) else {
            throw RenderError.notOnPlatform(device: request.profile.id, platform: Platform.android.name,
                                            reason: "prompt:\(kind.rawValue): \(AndroidPermissionDialog.whyNone(kind))")
        }
        var notes: [String] = [], warnings: [String] = []
        let words = try AndroidSystemWords.of(variant.androidVersion)
        let builtIn = words.strings(for: requested)
        var values: [String: String] = [:], missing: [String] = []
        var fromDocument = false
        for key in dialog.keys {
            let documentKey = dialog.systemStringsKey(of: key)
            if let texts = content.settings.systemStrings[documentKey],
               let match = LanguageResolver(available: texts.keys.sorted(), defaultLanguage: nil).fallbackMatch(requested),
               let text = texts[match] {
                values[key] = text
                fromDocument = true
            } else if let text = builtIn?.strings[key] {
                values[key] = text
            } else {
                missing.append(documentKey)
            }
        }
        guard missing.isEmpty else {
            throw PromptError.missingAndroidWords(prompt: kind.rawValue, language: language, missing: missing, settingsPath: settingsPath)
        }

        // The app's name: the document's, else `app_name` in the strings.xml Android picks for the device.
        let app = content.app?.seen(on: request.profile.idiom).seen(appearance: variant.appearance, orientation: variant.orientation)
        if let app { warnings += app.fileWarnings }
        var appLanguage: String?
        let appName: String
        if let name = content.settings.launch.appName?.text(for: language) {
            appName = name
        } else if let app, let name = app.infoValue("CFBundleDisplayName", language: variant.language),
                  !name.text.trimmingCharacters(in: .whitespaces).isEmpty {
            appName = name.text
            appLanguage = name.language
        } else {
            throw PromptError.noAndroidAppName(prompt: kind.rawValue, settingsPath: settingsPath, resources: content.app?.settingsFile)
        }

        // PermissionController escapes the name as HTML and sets it in the title's <b>%1$s</b>.
        let format = values[dialog.titleKey] ?? ""
        let markup = format.replacingOccurrences(of: "%1$s", with: appName).replacingOccurrences(of: "%s", with: appName)
        let plainTitle = markup.replacingOccurrences(of: "<b>", with: "").replacingOccurrences(of: "</b>", with: "")
        let platform = try platforms.platform(of: request.profile)
        let template = try template(for: request)
        var behind = try backdrop(for: request, template: template, language: language, notes: &notes)
        if let over = request.over {
            behind = try screenBehind(over, request: request, language: variant.language)
        }
        var prompt = PromptContent(kind: kind, look: variant.systemLook, title: plainTitle, message: "", messageLanguage: language,
                                   infoPlistKey: nil, appLanguage: appLanguage, usesDevelopmentRegion: false,
                                   actions: dialog.buttons.map { PromptContent.Action(role: $0.role, label: values[$0.key] ?? "") },
                                   preciseLabel: dialog.showsAccuracy ? values[AndroidSystemWords.preciseKey] : nil, backdrop: behind)
        prompt.titleMarkup = markup
        prompt.androidVersion = variant.androidVersion
        // The app's banner above the dialog: why it asks, in the device language.
        if let purpose = content.settings.permissionPurposes[kind] {
            let text: String?
            switch purpose {
            case let .text(texts):
                text = texts.text(for: language)
            case let .resource(name):
                guard let app else {
                    throw PromptError.localizableWithoutAppFiles(field: "permissionPurposes.\(kind.rawValue)", key: name, settingsPath: settingsPath)
                }
                guard let hit = app.localizedString(name, language: variant.language) else {
                    throw PromptError.missingPurposeResource(prompt: kind.rawValue, resource: name, language: language, settingsPath: settingsPath,
                                                             suggestion: closestMatch(to: name, among: app.stringKeys), onlyIn: nil)
                }
                guard !hit.isFallback || LanguageTag.same(hit.language, language) else {
                    throw PromptError.missingPurposeResource(prompt: kind.rawValue, resource: name, language: language, settingsPath: settingsPath,
                                                             suggestion: nil, onlyIn: hit.language)
                }
                text = hit.text
            }
            guard let text else {
                throw PromptError.missingPurposeText(prompt: kind.rawValue, language: language, settingsPath: settingsPath)
            }
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw PromptError.emptyPurposeText(prompt: kind.rawValue, language: language, settingsPath: settingsPath)
            }
            prompt.bannerText = text
            prompt.bannerTitle = AndroidPurposeBanner.title(of: kind, language: language)
            // In the app's colours (its look's, the document's brand colours over them).
            let appStyle = StyleTokens(document: content.settings.style, fontFiles: content.fontFiles,
                                       base: try platforms.platform(of: request.profile).appStyle(content.settings.style, content.languages))
                .resolved(language: language, increaseContrast: false)
            let theme = Theme(colors: appStyle.colors, brand: appStyle.brandColors.colors(for: variant.appearance, increaseContrast: false),
                              appearance: variant.appearance, tint: appStyle.colors.light.systemBlue, adaptsSystemBlue: false)
            prompt.bannerColors = [theme.palette.card, theme.palette.titleColor ?? theme.title, theme.palette.label, theme.palette.separator]
        }
        prompt.approximateLabel = dialog.showsAccuracy ? values[AndroidSystemWords.approximateKey] : nil
        // The system draws its dialogs in its own look and fonts, never the app's style.
        let style = platform.systemStyle.resolved(language: language, increaseContrast: false)
        var screen = ScreenContent(document: ConsentDocument(title: nil, blocks: []), language: language,
                                   strings: ChromeStrings(accept: "", decline: "", continueLabel: "", title: ""),
                                   settings: content.settings, assets: content.assets, source: content.source)
        screen.prompt = prompt
        let systemLanguage = fromDocument ? language : builtIn.map { AndroidSystemWords.languageTag(of: $0.qualifier) }
        return ResolvedScreen(template: template, platform: platform, state: .initial, language: language, usedDefaultLanguage: false,
                              style: style, screen: screen, textFile: content.app?.settingsFile ?? settingsPath, scrollDocument: nil,
                              prompt: LinkMap.Prompt(kind: kind.rawValue, title: plainTitle, message: prompt.bannerText ?? "", infoPlistKey: nil,
                                                     appLanguage: appLanguage, usesDevelopmentRegion: nil, systemLanguage: systemLanguage),
                              notes: notes, warnings: warnings)
    }
}

extension AndroidSystemWords {
    /// The BCP 47 tag of a resource qualifier: `zh-rCN` → zh-CN, `b+sr+Latn` → sr-Latn, Android's
    /// old codes to today's (`iw` → he, `in` → id), `default` → en.
    static func languageTag(of qualifier: String) -> String {
        if qualifier == "default" { return "en" }
        if qualifier.hasPrefix("b+") { return qualifier.dropFirst(2).replacingOccurrences(of: "+", with: "-") }
        let parts = qualifier.split(separator: "-").map(String.init)
        let language = ["iw": "he", "in": "id", "ji": "yi", "tl": "fil"][parts[0]] ?? parts[0]
        return ([language] + parts.dropFirst().map { $0.hasPrefix("r") ? String($0.dropFirst()) : $0 }).joined(separator: "-")
    }
}
