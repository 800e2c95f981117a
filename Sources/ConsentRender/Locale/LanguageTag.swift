/// A parsed BCP 47 language tag: language, optional script and region, and anything after them.
package struct LanguageTag: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Lower case, 2–3 letters (`zh`, `en`, `yue`).
    public var language: String
    /// Title case, 4 letters (`Hans`, `Hant`, `Latn`).
    public var script: String?
    /// Upper case, 2 letters or 3 digits (`TW`, `419`).
    public var region: String?
    /// Variants, extensions and private use, lower case, in order.
    public var rest: [String]

    /// Whether two tags name the same language, in any letter case (`zh_CN` and `zh-Hans` are not
    /// compared here; readers turn folder names into tags first).
    package static func same(_ a: String, _ b: String) -> Bool {
        if a.caseInsensitiveCompare(b) == .orderedSame { return true }
        guard let x = LanguageTag(a), let y = LanguageTag(b) else { return false }
        return x.description.caseInsensitiveCompare(y.description) == .orderedSame
    }

    /// Parses `text`; nil when it is not a well-formed tag.
    public init?(_ text: String) {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(Self.isASCIILetter) else {
            return nil
        }
        language = first.lowercased()
        script = nil
        region = nil
        rest = []
        var index = 1
        // Extended language subtags (zh-yue) are accepted and kept in `rest`.
        while index < subtags.count, subtags[index].count == 3, subtags[index].allSatisfy(Self.isASCIILetter), script == nil {
            rest.append(subtags[index].lowercased())
            index += 1
        }
        if index < subtags.count, subtags[index].count == 4, subtags[index].allSatisfy(Self.isASCIILetter) {
            script = subtags[index].prefix(1).uppercased() + subtags[index].dropFirst().lowercased()
            index += 1
        }
        if index < subtags.count {
            let candidate = subtags[index]
            if (candidate.count == 2 && candidate.allSatisfy(Self.isASCIILetter))
                || (candidate.count == 3 && candidate.allSatisfy(\.isASCIIDigit)) {
                region = candidate.uppercased()
                index += 1
            }
        }
        for subtag in subtags[index...] {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ Self.isASCIILetter($0) || $0.isASCIIDigit }) else {
                return nil
            }
            rest.append(subtag.lowercased())
        }
    }

    public init(language: String, script: String? = nil, region: String? = nil) {
        self.language = language
        self.script = script
        self.region = region
        rest = []
    }

    /// The canonical spelling: `zh-Hant-HK`, `es-419`, `en-GB`.
    public var description: String {
        ([language] + [script, region].compactMap { $0 } + rest).joined(separator: "-")
    }

    /// Tags to try for this one, most specific first, as iOS matches preferred languages:
    /// zh → zh-Hans; zh-CN and zh-SG → zh-Hans; zh-TW → zh-Hant; zh-HK and zh-MO → zh-Hant-HK,
    /// zh-HK, then zh-Hant; en-AU, NZ, IN, SG, IE and ZA → en-GB → en; es-MX and the rest of
    /// Latin America → es-419 → es; pt-PT and pt-BR stay apart, pt means pt-BR; nb → no.
    public var fallbackChain: [String] {
        var chain: [String] = [description]
        func add(_ tags: String...) {
            for tag in tags where !chain.contains(tag) { chain.append(tag) }
        }
        switch language {
        case "zh":
            let traditional = script == "Hant" || ["TW", "HK", "MO"].contains(region ?? "")
            if let region, region == "HK" || region == "MO" {
                // Macao Chinese falls back to Hong Kong's (CLDR's parent of zh_Hant_MO is zh_Hant_HK).
                add("zh-Hant-\(region)", "zh-\(region)", "zh-Hant-HK", "zh-HK", "zh-Hant")
            } else if traditional {
                add(region.map { "zh-Hant-\($0)" } ?? "zh-Hant", "zh-Hant")
            } else {
                add(region.map { "zh-Hans-\($0)" } ?? "zh-Hans", "zh-Hans")
            }
        case "en":
            if let region {
                add("en-\(region)")
                if Self.britishEnglishRegions.contains(region) { add("en-GB") }
            }
            add("en")
        case "es":
            if let region {
                add("es-\(region)")
                if Self.latinAmericanRegions.contains(region) { add("es-419") }
            }
            add("es")
        case "pt":
            // European Portuguese stays apart from pt, which means Brazilian Portuguese.
            if let region, Self.europeanPortugueseRegions.contains(region) {
                add("pt-PT")
            } else {
                add(region.map { "pt-\($0)" } ?? "pt-BR", "pt-BR", "pt")
            }
        case "nb", "no":
            add(region.map { "nb-\($0)" } ?? "nb", "nb", "no")
        default:
            var trimmed = [language] + [script, region].compactMap { $0 }
            while trimmed.count > 1 {
                trimmed.removeLast()
                add(trimmed.joined(separator: "-"))
            }
        }
        return chain
    }

    /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu and others),
    /// or the `ar-XB` pseudo-locale.
    public var isRightToLeft: Bool {
        if let script { return ["Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg"].contains(script) }
        return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].contains(language)
    }

    /// The script the tag implies: its own, or for Chinese the one its region implies.
    public var effectiveScript: String? {
        if let script { return script }
        guard language == "zh" else { return nil }
        return ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
    }

    /// Whether this is Chinese in Simplified characters (zh, zh-Hans, zh-CN, zh-SG).
    public var isSimplifiedChinese: Bool {
        language == "zh" && effectiveScript == "Hans"
    }

    /// Regions whose Portuguese iOS treats as European (pt-PT), not Brazilian.
    static let europeanPortugueseRegions: Set<String> = ["PT", "AO", "MZ", "CV", "GW", "ST", "TL", "MO", "LU", "CH", "GQ"]

    static let britishEnglishRegions: Set<String> = ["AU", "NZ", "IN", "SG", "IE", "ZA", "GB"]
    static let latinAmericanRegions: Set<String> = [
        "MX", "419", "AR", "BO", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "NI", "PA", "PE", "PR",
        "PY", "SV", "US", "UY", "VE",
    ]

    private static func isASCIILetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Whether `text` is a well-formed BCP 47 language tag (`zh-Hant-HK`, `pt-BR`, `en`).
package func isBCP47LanguageTag(_ text: String) -> Bool {
    LanguageTag(text) != nil
}

/// The tag a malformed `text` most likely meant: the POSIX and Java spellings (`en_US`, `zh_Hans`)
/// with hyphens, stray spaces dropped; nil when no such tag is well formed.
package func suggestedLanguageTag(for text: String) -> String? {
    let repaired = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        .replacingOccurrences(of: " ", with: "-")
    guard repaired != text || LanguageTag(text) == nil, let tag = canonicalLanguageTag(repaired), tag != text else { return nil }
    return tag
}

/// `text` in BCP 47's usual letter case (`zh-hans` → `zh-Hans`, `EN-us` → `en-US`); nil when it is
/// not a well-formed tag.
package func canonicalLanguageTag(_ text: String) -> String? {
    LanguageTag(text)?.description
}
