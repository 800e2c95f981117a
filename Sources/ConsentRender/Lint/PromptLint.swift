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
public struct PromptLint: Sendable {
    public var app: AppInfo
    /// The document's languages to check.
    public var languages: [String]
    /// The prompts asked for (`--screens`); `purpose-present` checks these. The other rules check
    /// these and every prompt whose key the Info.plist has.
    public var prompts: [PromptKind]

    public init(app: AppInfo, languages: [String], prompts: [PromptKind]) {
        self.app = app
        self.languages = languages
        self.prompts = prompts
    }

    public func findings() -> [LintFinding] {
        var results: [LintFinding] = []
        let present = PromptKind.allCases.filter { kind in kind.infoPlistKey.map { app.infoPlist[$0] != nil } ?? false }
        for kind in prompts {
            guard let key = kind.infoPlistKey, app.infoPlist[key] == nil else { continue }
            results.append(LintFinding(
                rule: LintRule.promptPurposePresent.rawValue, severity: .error,
                message: "the Info.plist has no \(key), which the \(kind.rawValue) prompt shows; iOS terminates an app that asks for "
                    + "\(kind.subject) without it. Add it, saying what the app uses \(kind.subject) for",
                element: (app.infoPlistPath as NSString).lastPathComponent, rect: nil, language: app.developmentRegion, device: ""))
        }
        for kind in PromptKind.allCases where present.contains(kind) {
            guard let key = kind.infoPlistKey else { continue }
            for language in languages {
                guard let lookup = app.infoValue(key, language: language) else { continue }
                if lookup.isFallback && !AppInfo.sameLanguage(lookup.language, language)
                    && app.localization(for: language).map({ !AppInfo.sameLanguage($0, app.developmentRegion) }) ?? true {
                    results.append(LintFinding(
                        rule: LintRule.promptPurposeLocalized.rawValue, severity: .warning,
                        message: "the app has no \(key) in '\(language)', so iOS shows its '\(lookup.language)' text in the "
                            + "\(kind.rawValue) prompt; add it to \(language).lproj/InfoPlist.strings or InfoPlist.xcstrings",
                        element: key, rect: nil, language: language, device: ""))
                }
                if let problem = Self.vagueness(of: lookup.text, language: lookup.language == "Base" ? language : lookup.language) {
                    results.append(LintFinding(
                        rule: LintRule.promptPurposeSpecific.rawValue, severity: .warning,
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
        if length < minimum {
            return "is \(length) characters long (under \(minimum)), too short to say what for"
        }
        var rest = " " + trimmed.lowercased() + " "
        var vague: String?
        for phrase in vaguePhrases where rest.contains(phrase) {
            vague = vague ?? phrase.trimmingCharacters(in: .whitespaces)
            rest = rest.replacingOccurrences(of: phrase, with: " ")
        }
        guard let vague else { return nil }
        // What follows a "to"/"for"/"用于" once the vague phrases are gone says the use.
        for connector in purposeConnectors {
            guard let range = rest.range(of: connector) else { continue }
            let after = rest[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            let words = after.split(whereSeparator: { $0 == " " }).count
            if (dense ? after.count >= 4 : words >= 2) { return nil }
        }
        return "only says '\(vague)' without saying what the data is used for"
    }

    /// Phrases that give no use: "needs", "required", "improve your experience", in the
    /// languages the reference markets write.
    static let vaguePhrases = [
        " to improve your experience", " to improve the experience", " improve your experience", " improve the experience",
        " for a better experience", " a better experience", " better experience", " user experience", " app functionality",
        " is required", " are required", " required", " needs ", " need ", " requires ", " require ", " access to ",
        "提升体验", "改善体验", "更好的体验", "提升用户体验", "需要", "必需", "必须", "提升體驗", "改善體驗", "更好的體驗", "需要", "必須",
        "体験を向上", "より良い体験", "必要です", "必要",
    ]

    /// Words that introduce a use.
    static let purposeConnectors = [" to ", " so that ", " so you can ", " for ", " in order to ", "用于", "用来", "以便", "用於", "用來",
                                    "ために", "用に", "のに"]
}
