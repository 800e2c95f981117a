import Foundation

/// The app's purpose strings, checked from its own files for every language of the document:
/// App Review guideline 5.1.1 asks that each says clearly why the app needs the data, in the
/// languages the app ships in.
///
/// - `prompt.purpose-present` (error): a prompt the lint was asked to render has no purpose
///   string in the Info.plist (iOS terminates an app that asks without one).
/// - `prompt.purpose-localized` (warning): a language of the document that the app's
///   InfoPlist.strings / InfoPlist.xcstrings lack, so iOS shows the development region's text.
/// - `prompt.purpose-specific` (warning): a purpose string shorter than about 30 characters (12 in
///   Chinese or Japanese), or one that only says the app "needs" it or that it "improves the
///   experience", without saying what it is used for.
struct PromptLint: Sendable {
    public var app: any AppStrings
    /// The document's languages to check.
    public var languages: [String]
    /// The prompts asked for (`--screens`); `purpose-present` checks these. The other rules check
    /// these and every prompt whose key the Info.plist has.
    public var prompts: [PromptKind]

    public init(app: any AppStrings, languages: [String], prompts: [PromptKind]) {
        self.app = app
        self.languages = languages
        self.prompts = prompts
    }

    public func findings() -> [LintFinding] {
        var results: [LintFinding] = []
        app.reads.note()
        let present = PromptKind.allCases.filter { kind in kind.infoPlistKey.map { app.setting($0) != nil } ?? false }
        for kind in prompts {
            guard let key = kind.infoPlistKey, (app.setting(key) ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            else { continue }
            results.append(LintFinding(
                rule: LintRule.promptPurposePresent, severity: .error,
                message: "the Info.plist has no \(key) (or an empty one), which the \(kind.rawValue) prompt shows; iOS terminates an app that asks for "
                    + "\(kind.subject) without it. Add it, saying what the app uses \(kind.subject) for",
                element: (app.settingsFile as NSString).lastPathComponent, rect: nil, language: app.developmentRegion, device: ""))
        }
        var reported = Set<String>()
        for kind in PromptKind.allCases where present.contains(kind) {
            guard let key = kind.infoPlistKey else { continue }
            for language in languages {
                guard let lookup = app.infoValue(key, language: language) else { continue }
                if lookup.isFallback && !LanguageTag.same(lookup.language, language)
                    && app.localization(for: language).map({ !LanguageTag.same($0, app.developmentRegion) }) ?? true {
                    results.append(LintFinding(
                        rule: LintRule.promptPurposeLocalized, severity: .warning,
                        message: "the app has no \(key) in '\(language)', so iOS shows its '\(lookup.language)' text in the "
                            + "\(kind.rawValue) prompt; " + ConsentRenderer.translationFix(key: key, language: language, app: app),
                        element: key, rect: nil, language: language, device: ""))
                }
                // A text shown in several languages (the development region's, where a translation
                // is missing) is judged once.
                if reported.insert("\(key)\u{0}\(lookup.text)").inserted,
                   let problem = Self.vagueness(of: lookup.text, language: lookup.language == "Base" ? language : lookup.language) {
                    results.append(LintFinding(
                        rule: LintRule.promptPurposeSpecific, severity: .warning,
                        message: "\(key) \"\(lookup.text)\" \(problem); App Review (5.1.1) asks that a purpose string says what the "
                            + "data is used for, for example \"Your location is used to suggest nearby pick-up points\"",
                        element: key, rect: nil, language: language, device: ""))
                }
            }
        }
        return results
    }

    /// Why a purpose string is too vague to pass review, or nil.
    static func vagueness(of text: String, language: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let dense = LanguageTag(language).map { ["zh", "ja"].contains($0.language) } ?? false
        let length = trimmed.unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) }.count
        let minimum = dense ? 12 : 30
        if length == 0 { return "is empty: the prompt would show no reason at all" }
        if length < minimum {
            return "has \(length) characters besides spaces (under \(minimum)), too few to say what for"
        }
        var rest = " " + trimmed.lowercased() + " "
        var vague: String?
        for pattern in vaguePatterns {
            guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { continue }
            let whole = NSRange(rest.startIndex..., in: rest)
            if vague == nil, let match = expression.firstMatch(in: rest, range: whole), let range = Range(match.range, in: rest) {
                vague = rest[range].trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            }
            rest = expression.stringByReplacingMatches(in: rest, range: whole, withTemplate: " ")
        }
        guard let vague else { return nil }
        // Once the vague phrases are gone, a use is what follows a "to", "for" or "用于": at least
        // two words that are not the app or the data itself (four characters in Chinese or Japanese).
        for connector in purposeConnectors {
            guard let range = rest.range(of: connector) else { continue }
            let after = rest[range.upperBound...]
            if dense {
                if after.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).count >= 4 { return nil }
            } else {
                let words = after.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
                if words.filter({ !fillerWords.contains($0) }).count >= 2 { return nil }
            }
        }
        return "only says '\(vague)' without saying what the data is used for"
    }

    /// Phrases that give no use: "needs", "required", "to improve your experience", "for the app to
    /// function properly", in the languages the reference markets write.
    static let vaguePatterns = [
        #"\b(in order )?to (improve|enhance|optimi[sz]e|provide|give you|deliver)( (the|your|our|a|an))?( \w+){0,2} experience\b"#,
        #"\b(a |the |your )?(better|best|improved|enhanced|smoother|overall|user|app) experience\b"#,
        #"\b(for|so) (that )?(this |the )?app (can |to )?(work|function|run)s?( properly| correctly| normally)?\b"#,
        #"\bto (work|function|run) (properly|correctly|normally)\b"#,
        #"\b(app |basic |core )?functionality\b"#,
        #"\b(is|are) (required|necessary|needed)\b"#, #"\b(required|necessary)\b"#, #"\bneeds?\b"#, #"\brequires?\b"#,
        #"\baccess to\b"#,
        "提升(用户)?体验", "改善(用户)?体验", "更好的(用户)?体验", "优化(用户)?体验", "正常使用", "需要", "必需", "必须",
        "提升(使用者)?體驗", "改善(使用者)?體驗", "更好的體驗", "必須",
        "体験を向上", "より良い体験", "必要です", "必要",
    ]

    /// Words that introduce a use.
    static let purposeConnectors = [" to ", " so that ", " so you can ", " for ", " in order to ", " when ", "用于", "用来", "以便",
                                    "用於", "用來", "ために", "用に", "のに"]

    /// Words that name the app or the data, not a use.
    static let fillerWords: Set<String> = [
        "the", "a", "an", "your", "you", "our", "we", "this", "that", "app", "application", "it", "its", "of", "use", "using", "be",
        "is", "are", "in", "on", "and", "access", "location", "camera", "photo", "photos", "library", "contacts", "microphone",
        "bluetooth", "data", "information", "device", "permission",
    ]
}
