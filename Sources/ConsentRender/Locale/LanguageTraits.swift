/// How text in one language is set: fonts, the tag Pango and fontconfig understand, line height.
public struct LanguageTraits: Sendable, Equatable {
    /// The BCP 47 tag these traits are for.
    public let tag: String
    /// Comma-separated font families, first choice first, as Pango takes them. Noto Color Emoji
    /// is deliberately not listed: named in a family list it takes over the digits, which it
    /// also covers; emoji reach it through fontconfig's fallback instead.
    public let fontFamilies: String
    /// The language tag handed to Pango: fontconfig's Debian rules know zh-cn, zh-tw and zh-hk
    /// but not zh-Hans or zh-Hant, which would pick the Japanese face.
    public let pangoLanguage: String
    /// Whether the script is set in ideographs (Chinese, Japanese, Korean), which take a tighter
    /// line height than Latin text.
    public let isCJK: Bool

    /// Body line height as a multiple of the font size: ×1.25 for CJK, ×1.35 otherwise.
    public var lineHeightMultiple: Double { isCJK ? 1.25 : 1.35 }

    public init(tag: String) {
        self.tag = tag
        let subtags = tag.lowercased().split(separator: "-").map(String.init)
        let language = subtags.first ?? ""
        let rest = Set(subtags.dropFirst())
        let cjkFamily: String?
        switch language {
        case "zh":
            if rest.contains("hk") || rest.contains("mo") {
                cjkFamily = "Noto Sans CJK HK"
                pangoLanguage = "zh-hk"
            } else if rest.contains("hant") || rest.contains("tw") {
                cjkFamily = "Noto Sans CJK TC"
                pangoLanguage = "zh-tw"
            } else {
                cjkFamily = "Noto Sans CJK SC"
                pangoLanguage = "zh-cn"
            }
        case "ja":
            cjkFamily = "Noto Sans CJK JP"
            pangoLanguage = "ja"
        case "ko":
            cjkFamily = "Noto Sans CJK KR"
            pangoLanguage = "ko"
        default:
            cjkFamily = nil
            pangoLanguage = tag.lowercased()
        }
        isCJK = cjkFamily != nil
        if let cjkFamily {
            fontFamilies = "\(cjkFamily),Noto Sans"
        } else {
            fontFamilies = "Noto Sans,Noto Sans CJK SC"
        }
    }

    /// The family list for code spans.
    public var monospaceFamilies: String {
        "Noto Sans Mono," + fontFamilies
    }
}
