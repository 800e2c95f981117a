import Foundation

/// The app's purpose strings, checked from its own files for every language of the document:
/// App Review guideline 5.1.1 asks that each says clearly why the app needs the data, in the
/// languages the app ships in.
///
/// - `prompt.purpose-present` (error): a prompt the lint was asked to render has no purpose
///   string in the Info.plist (iOS terminates an app that asks without one).
/// - `prompt.purpose-localized` (warning): a language of the document that the app's
///   InfoPlist.strings / InfoPlist.xcstrings lack, so iOS shows the development region's text.
/// - `prompt.purpose-specific` (warning): a purpose string shorter than 20 Latin letters' worth
///   (8 Chinese or Japanese characters, 10 Korean), or one that only says the app "needs" it or
///   that it "improves the experience" (in its own language's words), without saying what for.
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
            let former = kind.formerInfoPlistKey.flatMap { app.setting($0) == nil ? nil : $0 }
            let add = app.generatesInfoPlist ? "Add INFOPLIST_KEY_\(key) to the target's build settings" : "Add it"
            results.append(LintFinding(
                rule: LintRule.promptPurposePresent, severity: .error,
                message: "the Info.plist has no \(key) (or an empty one), which the \(kind.rawValue) prompt shows; \(kind.withoutPurpose)."
                    + (former.map { " It gives \($0), \(kind.formerKeyNote)." } ?? "")
                    + " \(add), saying what the app uses \(kind.subject) for",
                element: (app.settingsFile as NSString).lastPathComponent, rect: nil, language: app.developmentRegion, device: "")
                .about(kind, language: app.developmentRegion))
        }
        // A purpose string only translated: iOS reads the key from the Info.plist itself, so its
        // prompt never appears and the translations are never shown (Mastodon's camera key).
        for (key, file) in app.translatedSettingKeys.sorted(by: { $0.key < $1.key })
            where key.hasSuffix("UsageDescription") && (app.setting(key) ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            let kind = PromptKind(infoPlistKey: key)
            let finding = LintFinding(
                rule: LintRule.promptPurposePresent, severity: .warning,
                message: "the app's translations give \(key) (\((file as NSString).lastPathComponent) in \(((file as NSString).deletingLastPathComponent as NSString).lastPathComponent), …), "
                    + "but the Info.plist has none: iOS reads the key from the Info.plist itself, so \(kind.map { "the \($0.rawValue) prompt" } ?? "its prompt") "
                    + "is never shown with them. " + (app.generatesInfoPlist ? "Add INFOPLIST_KEY_\(key) to the target's build settings" : "Add it to the Info.plist")
                    + ", or remove the translations if the app does not ask",
                element: key, rect: nil, language: app.developmentRegion, device: "")
            results.append(kind.map { finding.about($0, language: app.developmentRegion) } ?? finding)
        }
        var reported = Set<String>()
        // Every purpose string the Info.plist has, whether or not ConsentRender draws its prompt
        // (NFCReaderUsageDescription, NSHealthShareUsageDescription, …).
        let keys = present.compactMap(\.infoPlistKey)
            + app.settingKeys.filter { $0.hasSuffix("UsageDescription") && PromptKind(infoPlistKey: $0) == nil }.sorted()
        for key in keys {
            let kind = PromptKind(infoPlistKey: key)
            let shownIn = kind.map { "the \($0.rawValue) prompt" } ?? "its permission prompt"
            func place(_ finding: LintFinding, _ language: String) -> LintFinding {
                kind.map { finding.about($0, language: language) } ?? finding
            }
            for language in languages {
                guard let lookup = app.infoValue(key, language: language) else { continue }
                // English for an en-GB user is no missing translation; Simplified for a Traditional one is.
                let sameWriting = LanguageTag(lookup.language).map { shown in LanguageTag(language).map {
                    shown.language == $0.language && shown.language != "zh" && (shown.script ?? $0.script) == ($0.script ?? shown.script) } ?? false } ?? false
                if lookup.isFallback && !LanguageTag.same(lookup.language, language) && !sameWriting
                    && app.localization(for: language).map({ !LanguageTag.same($0, app.developmentRegion) }) ?? true {
                    results.append(place(LintFinding(
                        rule: LintRule.promptPurposeLocalized, severity: .warning,
                        message: "the app has no \(key) in '\(language)', so iOS shows its '\(lookup.language)' text in "
                            + "\(shownIn); " + ConsentRenderer.translationFix(key: key, language: language, app: app),
                        element: key, rect: nil, language: language, device: ""), language))
                }
                // A text shown in several languages (the development region's, where a translation
                // is missing) is judged once.
                // A "translation" that is the development region's text word for word (Open Food Facts' nl).
                if lookup.isTranslation, !lookup.isFallback, !LanguageTag.same(lookup.language, app.developmentRegion),
                   LanguageTag(lookup.language)?.language != LanguageTag(app.developmentRegion)?.language,
                   let source = app.infoValue(key, language: app.developmentRegion), source.text == lookup.text,
                   reported.insert("copy\u{0}\(key)\u{0}\(lookup.language)").inserted {
                    results.append(place(LintFinding(
                        rule: LintRule.promptPurposeLocalized, severity: .warning,
                        message: "\(lookup.file) gives \(key) in '\(lookup.language)' as the '\(app.developmentRegion)' text word for word "
                            + "(\"\(lookup.text)\"), so the \(lookup.language) prompt shows it untranslated; translate it",
                        element: key, rect: nil, language: lookup.language, device: ""), lookup.language))
                }
                // Filed under the language the text is written in (the file to fix), not the first
                // language that shows it.
                let written = lookup.language == "Base" ? (lookup.isFallback ? app.developmentRegion : language) : lookup.language
                if reported.insert("\(key)\u{0}\(lookup.text)").inserted,
                   let problem = Self.vagueness(of: lookup.text, language: written) {
                    results.append(place(LintFinding(
                        rule: LintRule.promptPurposeSpecific, severity: .warning,
                        message: "\(key) \"\(lookup.text)\" \(problem); App Review (5.1.1) asks that a purpose string says what the "
                            + "data is used for, for example \"\(Self.example(for: key))\"",
                        element: key, rect: nil, language: written, device: ""), written))
                }
            }
        }
        return results
    }

    /// Why a purpose string is too vague to pass review, or nil. It is judged with its language's
    /// own phrases (and English's, which any language's file may hold) and by a script-aware
    /// length: a Han or kana character carries about as much as 2.5 Latin letters, a Hangul
    /// syllable 2, so 20 Latin letters are 8 Chinese or Japanese characters and 10 Korean ones.
    static func vagueness(of text: String, language: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let code = LanguageTag(language)?.language ?? "en"
        let weight = latinEquivalent(of: trimmed)
        if weight == 0 { return "is empty: the prompt would show no reason at all" }
        if weight < 20 {
            let letters = trimmed.unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) }.count
            let dense = weight >= Double(letters) * 1.5
            return dense ? "has \(letters) characters besides spaces (\(Int(weight.rounded())) Latin letters' worth, under 20), too few to say what for"
                : "has \(letters) characters besides spaces (under 20), too few to say what for"
        }
        var rest = " " + trimmed.lowercased() + " "
        var vague: String?
        for pattern in vaguePatterns["en", default: []] + (code == "en" ? [] : vaguePatterns[code, default: []]) {
            guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { continue }
            let whole = NSRange(rest.startIndex..., in: rest)
            if vague == nil, let match = expression.firstMatch(in: rest, range: whole), let range = Range(match.range, in: rest) {
                vague = rest[range].trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            }
            rest = expression.stringByReplacingMatches(in: rest, range: whole, withTemplate: " ")
        }
        guard let vague else { return nil }
        // Once the vague phrases are gone, a use is what follows a connector ("to", "for", 用于,
        // 才能, ための): at least two words that are not the app or the data itself, or four
        // characters of a script without spaces.
        for connector in purposeConnectors["en", default: []] + (code == "en" ? [] : purposeConnectors[code, default: []]) {
            guard let range = rest.range(of: connector) else { continue }
            // Japanese and Korean say the use before the connector (地図を表示するための…).
            let before = usesBefore.contains(code) && !connector.hasPrefix(" ")
            let after = before ? rest[..<range.lowerBound] : rest[range.upperBound...]
            let plain = after.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            if latinEquivalent(of: plain) >= Double(plain.count) * 1.5 {
                // In a script without spaces the use is the clause beside the connector, up to its punctuation.
                let clauses = after.split(omittingEmptySubsequences: false, whereSeparator: { "，。、；！？,.;!?".contains($0) })
                let clause = (before ? clauses.last : clauses.first).map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                if clause.count >= 4 { return nil }
            } else {
                let words = after.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "-" }).map(String.init)
                if words.filter({ !fillerWords.contains($0) }).count >= 2 { return nil }
            }
        }
        return "only says '\(vague)' without saying what the data is used for"
    }

    /// A purpose string that says what for, for the key's kind of data.
    static func example(for key: String) -> String {
        switch key {
        case "NSCameraUsageDescription": "The camera scans the QR code on a bike to unlock it"
        case "NSPhotoLibraryUsageDescription", "NSPhotoLibraryAddUsageDescription": "Photos you choose are attached to your support request"
        case "NSMicrophoneUsageDescription": "The microphone records the voice notes you attach to a place"
        case "NSFaceIDUsageDescription": "Face ID unlocks your saved passwords without typing them"
        case "NSContactsUsageDescription": "Your contacts are used to find friends who already use the app"
        default: "Your location is used to suggest nearby pick-up points"
        }
    }

    /// How many Latin letters `text` is worth: a Han, kana or Hangul character more than one, spaces nothing.
    static func latinEquivalent(of text: String) -> Double {
        text.unicodeScalars.reduce(0) { total, scalar in
            if CharacterSet.whitespacesAndNewlines.contains(scalar) { return total }
            switch scalar.value {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return total + 2.5
            case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: return total + 2
            default: return total + 1
            }
        }
    }

    /// Phrases that give no use ("needs", "required", "to improve your experience", "for the app to
    /// function properly"), by language. English's apply to every language.
    static let vaguePatterns: [String: [String]] = [
        "en": [
            #"\b(in order )?to (improve|enhance|optimi[sz]e|provide|give you|deliver)( (the|your|our|a|an))?( \w+){0,2} experience\b"#,
            #"\b(a |the |your )?(better|best|improved|enhanced|smoother|overall|user|app) experience\b"#,
            #"\b(for|so) (that )?(this |the )?app (can |to )?(work|function|run)s?( properly| correctly| normally)?\b"#,
            #"\bto (work|function|run) (properly|correctly|normally)\b"#,
            #"\b(app |basic |core )?functionality\b"#,
            #"\b(is|are) (required|necessary|needed)\b"#, #"\b(required|necessary)\b"#, #"\bneeds?\b"#, #"\brequires?\b"#,
            #"\baccess to\b"#,
        ],
        "zh": ["提升(用户|使用者)?(体验|體驗)", "改善(用户|使用者)?(体验|體驗)", "更好的(用户|使用者)?(体验|體驗)", "优化(用户)?体验",
               "正常(使用|运行|運行)", "需要", "必需", "必须", "必須"],
        "ja": ["体験を向上", "より良い体験", "快適に(ご)?利用", "必要です", "必要"],
        "ko": ["(더 나은|향상된) (사용자 )?경험", "경험(을|를) (개선|향상)", "필요합니다", "필요"],
        "de": [#"\b(um )?(das|ihr|dein) (nutzer|benutzer)?erlebnis zu verbessern\b"#, #"\bbenötigt\b"#, #"\b(ist )?erforderlich\b"#,
               #"\b(ist )?notwendig\b"#, #"\bbraucht\b"#],
        "fr": [#"\bpour améliorer (votre|l[’'])\s?expérience\b"#, #"\ba besoin\b"#, #"\b(est )?nécessaire\b"#, #"\brequis\b"#],
        "es": [#"\bpara mejorar (tu|su|la) experiencia\b"#, #"\bnecesita\b"#, #"\b(es )?necesario\b"#, #"\brequiere\b"#],
        "pt": [#"\bpara melhorar (a sua|sua|a) experiência\b"#, #"\bprecisa\b"#, #"\b(é )?necessário\b"#],
        "it": [#"\bper migliorare (la tua|l[’'])\s?esperienza\b"#, #"\bha bisogno\b"#, #"\b(è )?necessario\b"#, #"\brichiede\b"#],
        "ru": ["для улучшения (вашего )?(опыта|работы)", "необходим[оа]?", "требуется", "нужен", "нужно"],
    ]

    /// Words that introduce a use, by language (English's apply to every language).
    static let purposeConnectors: [String: [String]] = [
        "en": [" to ", " so that ", " so you can ", " for ", " in order to ", " when "],
        "zh": ["用于", "用来", "以便", "才能", "为了", "用於", "用來", "為了"],
        "ja": ["ための", "ために", "ため", "用に", "のに", "には"],
        "ko": ["위해", "위한", "하려면", "수 있도록", "데 사용"],
        "de": [" um ", " damit ", " für ", " zum ", " zur ", " wenn "],
        "fr": [" pour ", " afin de ", " afin que ", " quand ", " lorsque "],
        "es": [" para ", " a fin de ", " cuando "],
        "pt": [" para ", " quando "],
        "it": [" per ", " quando "],
        "ru": [" для ", " чтобы ", " когда "],
    ]

    /// The languages whose connectors follow the use they introduce.
    static let usesBefore: Set<String> = ["ja", "ko"]

    /// Words that name the app or the data, not a use.
    static let fillerWords: Set<String> = [
        "the", "a", "an", "your", "you", "our", "we", "this", "that", "app", "application", "it", "its", "of", "use", "using", "be",
        "is", "are", "in", "on", "and", "access", "location", "camera", "photo", "photos", "library", "contacts", "microphone",
        "bluetooth", "data", "information", "device", "permission",
    ]
}

extension LintFinding {
    /// The finding placed on a prompt in a language (its variant names the screen and the
    /// language), for one about the app's files rather than one cell.
    func about(_ kind: PromptKind, language: String) -> LintFinding {
        var finding = self
        finding.variant = VariantRecord(partial: [("language", language), ("screen", "prompt:\(kind.rawValue)")])
        return finding
    }
}
