import ConsentRender

/// The locale a `values-…` folder is for, read from its qualifiers (`values-zh-rCN`,
/// `values-b+sr+Latn`, `values-es-r419`), as Android's resource system reads them.
public struct ResourceLocale: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var language: String
    public var script: String?
    public var region: String?

    public init(language: String, script: String? = nil, region: String? = nil) {
        self.language = Self.modern(language.lowercased())
        self.script = script.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        self.region = region?.uppercased()
    }

    /// Android's old codes for three languages (`values-iw` is Hebrew).
    static func modern(_ language: String) -> String {
        ["iw": "he", "in": "id", "ji": "yi"][language] ?? language
    }

    /// The BCP 47 tag (`zh-CN`, `sr-Latn`, `es-419`).
    public var description: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }

    /// The script text in this locale is written in: its own, or the one its language and region
    /// imply where a language is written in more than one (Chinese, Serbian, …); nil otherwise.
    public var likelyScript: String? {
        if let script { return script }
        switch language {
        case "zh": return ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        case "sr": return region == "ME" ? "Latn" : "Cyrl"
        case "uz", "az", "bs": return "Latn"
        case "pa": return region == "PK" ? "Arab" : "Guru"
        case "mn": return "Cyrl"
        default: return nil
        }
    }

    /// What a `values` folder's qualifiers say, as far as strings care: its locale (nil for none),
    /// orientation (`land`, `port`), night mode (`night`, `notnight`) and Android version (`vNN`);
    /// `otherQualifiers` for any other (`sw600dp`, `television`), whose folder a phone's render
    /// does not pick. Nil for a folder that is not a values folder.
    struct Qualifiers: Equatable {
        var locale: ResourceLocale?
        var version: Int?
        var landscape: Bool?
        var night: Bool?
        var otherQualifiers = false
    }

    static func qualifiers(of folder: String) -> Qualifiers? {
        guard folder == "values" || folder.hasPrefix("values-") else { return nil }
        var parts = folder.split(separator: "-", omittingEmptySubsequences: false).dropFirst().map(String.init)
        var result = Qualifiers()
        // Mobile country and network codes come before the locale.
        while let first = parts.first, first.hasPrefix("mcc") || first.hasPrefix("mnc") { parts.removeFirst() }
        if let first = parts.first, first.hasPrefix("b+") {
            // values-b+sr+Latn, values-b+es+419, values-b+zh+Hans+CN
            let subtags = first.split(separator: "+").dropFirst().map(String.init)
            guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy(\.isLetter) else {
                result.otherQualifiers = true
                return result
            }
            var script: String?, region: String?
            for subtag in subtags.dropFirst() {
                if subtag.count == 4, subtag.allSatisfy(\.isLetter) { script = subtag } else { region = subtag }
            }
            result.locale = ResourceLocale(language: language, script: script, region: region)
            parts.removeFirst()
        } else if let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLowercase }),
                  !["land", "port"].contains(first) {
            var region: String?
            parts.removeFirst()
            if let next = parts.first, next.count >= 3, next.hasPrefix("r"),
               next.dropFirst().allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) {
                region = String(next.dropFirst())
                parts.removeFirst()
            }
            result.locale = ResourceLocale(language: first, region: region)
        }
        for part in parts {
            switch part {
            case "land": result.landscape = true
            case "port": result.landscape = false
            case "night": result.night = true
            case "notnight": result.night = false
            case _ where part.count > 1 && part.hasPrefix("v") && Int(part.dropFirst()) != nil: result.version = Int(part.dropFirst())
            default: result.otherQualifiers = true
            }
        }
        return result
    }

    /// `tag` (BCP 47) as a resource locale.
    init?(bcp47 tag: String) {
        guard let parsed = LanguageTag(tag) else { return nil }
        self.init(language: parsed.language, script: parsed.script, region: parsed.region)
    }

    /// CLDR's parent regions Android 7 and later follow (es-MX → es-419 → es; en-GB → en-001 → en;
    /// pt-AO → pt-PT → pt; zh-Hant-MO → zh-Hant-HK): the chain above this locale, its language last.
    var parents: [ResourceLocale] {
        var chain: [ResourceLocale] = []
        if let region {
            let parent: String?
            switch language {
            case "en" where region != "US" && region != "001" && !Self.americanEnglish.contains(region): parent = "001"
            case "es" where region != "ES" && region != "419" && Self.latinAmerican.contains(region): parent = "419"
            case "pt" where region != "BR" && region != "PT": parent = "PT"
            case "zh" where region == "MO" && likelyScript == "Hant": parent = "HK"
            default: parent = nil
            }
            if let parent { chain.append(ResourceLocale(language: language, script: script, region: parent)) }
        }
        chain.append(ResourceLocale(language: language, script: script))
        return chain
    }

    static let americanEnglish: Set<String> = ["AS", "GU", "MH", "MP", "PR", "UM", "VI"]
    static let latinAmerican: Set<String> = ["AR", "BO", "BR", "BZ", "CL", "CO", "CR", "CU", "DO", "EC", "GT", "HN", "MX", "NI", "PA",
                                             "PE", "PR", "PY", "SV", "US", "UY", "VE"]

    /// The region a language's text is most likely for (CLDR's likely subtags), to choose among
    /// several regional folders of the same language.
    var likelyRegion: String? {
        switch (language, likelyScript) {
        case ("zh", "Hant"): "TW"
        case ("zh", _): "CN"
        case ("en", _): "US"
        case ("pt", _): "BR"
        case ("ar", _): "EG"
        case ("sr", _): "RS"
        case ("ko", _): "KR"
        case ("ja", _): "JP"
        case ("sv", _): "SE"
        case ("da", _): "DK"
        case ("nb", _), ("no", _): "NO"
        case ("el", _): "GR"
        case ("uk", _): "UA"
        case ("he", _): "IL"
        case ("hi", _): "IN"
        case ("vi", _): "VN"
        case ("ms", _): "MY"
        case ("cs", _): "CZ"
        default: language.uppercased()
        }
    }
}

/// Android's resource locale resolution (developer.android.com, "Language and locale resolution",
/// Android 7 and later): for each language of the user's list in turn, the folder of exactly that
/// locale, then its parents (es-MX → es-419 → es), then another region of the same language and
/// script (fr-CH finds values-fr-rFR); a resource none of them has comes from the default
/// `values/`. Chinese is matched by script: zh-HK finds zh-TW's Traditional strings, never zh-CN's.
public struct AndroidLocaleResolver: Sendable {
    public let available: [ResourceLocale]

    public init(available: [ResourceLocale]) {
        self.available = Array(Set(available)).sorted()
    }

    /// The folders' locales to look a resource up in, best first, for a language or a preference
    /// list (`zh-HK,en`); the default folder comes after them all.
    public func order(for languages: String) -> [ResourceLocale] {
        var order: [ResourceLocale] = []
        for tag in languages.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let wanted = ResourceLocale(bcp47: tag) else { continue }
            let sameScript = available.filter { $0.language == wanted.language && $0.likelyScript == wanted.likelyScript }
            func add(_ locale: ResourceLocale?) {
                if let locale, !order.contains(locale) { order.append(locale) }
            }
            add(sameScript.first { $0.region == wanted.region && ($0.script == wanted.script || wanted.script == nil || $0.script == nil) })
            for parent in wanted.parents {
                add(sameScript.first { $0.region == parent.region && ($0.region != nil || $0.script == nil || $0.script == wanted.likelyScript) })
            }
            // Another region of the language: its likely region first, then in order.
            let regional = sameScript.filter { $0.region != nil }
            add(regional.first { $0.region == wanted.likelyRegion })
            for locale in regional { add(locale) }
            // A folder of the script alone (values-b+zh+Hant).
            for locale in sameScript { add(locale) }
        }
        return order
    }
}
