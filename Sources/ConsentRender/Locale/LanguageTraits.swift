/// How text in one language is set: fonts, the tag Pango and fontconfig understand, line height,
/// letter spacing and direction.
public struct LanguageTraits: Sendable, Equatable {
    /// The BCP 47 tag these traits are for.
    public let tag: String
    /// Comma-separated font families, first choice first, as Pango takes them. Noto Color Emoji
    /// is deliberately not listed: named in a family list it takes over the digits, which it
    /// also covers; emoji reach it through the `emoji` family Pango asks for.
    public let fontFamilies: String
    /// The language tag handed to Pango: fontconfig's Debian rules know zh-cn, zh-tw and zh-hk
    /// but not zh-Hans or zh-Hant, which would pick the Japanese face.
    public let pangoLanguage: String
    /// Whether the script is set in ideographs (Chinese, Japanese, Korean), which take a tighter
    /// line height than Latin text.
    public let isCJK: Bool
    /// Whether paragraphs run right to left (Arabic, Hebrew, Persian, Urdu, the ar-XB pseudo-locale).
    public let isRightToLeft: Bool
    /// Line height as a multiple of the font size: ×1.25 for CJK, ×1.35 for Latin, Greek,
    /// Cyrillic and Hebrew, more for scripts whose marks stack above and below the line.
    public let lineHeightMultiple: Double
    /// Whether to apply iOS's tracking for its system font (Latin, Greek and Cyrillic only:
    /// spacing out cursive or complex scripts would break them).
    public let usesSystemTracking: Bool
    /// Whether a type scale's own letter spacing applies (Android's Material type scale): every
    /// script but the cursive and complex ones, which letter spacing would break apart.
    public let allowsLetterSpacing: Bool

    public init(tag: String) {
        self.tag = tag
        let parsed = LanguageTag(tag) ?? LanguageTag(language: "und")
        isRightToLeft = parsed.isRightToLeft
        let script = Self.script(of: parsed)
        switch script {
        case let .cjk(family, pango):
            fontFamilies = "\(family),Noto Sans"
            pangoLanguage = pango
            isCJK = true
            lineHeightMultiple = 1.25
            usesSystemTracking = false
            allowsLetterSpacing = true
        case let .complex(family, multiple):
            fontFamilies = "\(family),Noto Sans,Noto Sans CJK SC"
            pangoLanguage = parsed.language
            isCJK = false
            lineHeightMultiple = multiple
            usesSystemTracking = false
            allowsLetterSpacing = false
        case .alphabetic:
            fontFamilies = "Noto Sans,Noto Sans CJK SC"
            pangoLanguage = parsed.language
            isCJK = false
            lineHeightMultiple = parsed.isRightToLeft ? 1.4 : 1.35
            usesSystemTracking = !parsed.isRightToLeft
            allowsLetterSpacing = true
        }
    }

    /// Line height as a multiple of the font size for display text (large titles, 28 pt and up),
    /// which iOS sets tighter than body text: ×1.2 for Latin and CJK, and a script with marks that
    /// stack above and below the line keeps its extra height (×1.45 Arabic, Thai and Devanagari,
    /// ×1.85 Nastaliq), so they are never clipped.
    public var displayLineHeightMultiple: Double {
        max(1.2, lineHeightMultiple - 0.15)
    }

    /// The family list for code spans.
    public var monospaceFamilies: String {
        "Noto Sans Mono," + fontFamilies
    }

    /// iOS's tracking for its system font at `size` points (from Apple's type guidelines), in
    /// points; 0 where the traits do not use it.
    public func tracking(at size: Double) -> Double {
        systemTracking(at: size)
    }

    /// The tracking of `run`: its type scale's letter spacing where it has one and the script
    /// allows it, else iOS's tracking for its size.
    func tracking(of run: TextRun) -> Double {
        guard let tracking = run.tracking else { return systemTracking(at: run.fontSize) }
        return allowsLetterSpacing ? tracking : 0
    }

    private func systemTracking(at size: Double) -> Double {
        guard usesSystemTracking else { return 0 }
        switch size {
        case ..<12.5: return 0
        case ..<14: return -0.08
        case ..<15.5: return -0.24
        case ..<16.5: return -0.32
        case ..<18: return -0.43
        default: return -0.45
        }
    }

    private enum Script {
        case cjk(family: String, pango: String)
        case complex(family: String, lineHeight: Double)
        case alphabetic
    }

    private static func script(of tag: LanguageTag) -> Script {
        switch tag.language {
        case "zh":
            if tag.region == "HK" || tag.region == "MO" { return .cjk(family: "Noto Sans CJK HK", pango: "zh-hk") }
            return tag.effectiveScript == "Hant"
                ? .cjk(family: "Noto Sans CJK TC", pango: "zh-tw")
                : .cjk(family: "Noto Sans CJK SC", pango: "zh-cn")
        case "ja": return .cjk(family: "Noto Sans CJK JP", pango: "ja")
        case "ko": return .cjk(family: "Noto Sans CJK KR", pango: "ko")
        case "ar", "fa", "ps", "sd", "ug", "ckb": return .complex(family: "Noto Sans Arabic", lineHeight: 1.6)
        case "ur": return .complex(family: "Noto Nastaliq Urdu", lineHeight: 2.0)
        case "he", "iw", "yi": return .complex(family: "Noto Sans Hebrew", lineHeight: 1.4)
        case "th": return .complex(family: "Noto Sans Thai", lineHeight: 1.6)
        case "hi", "mr", "ne": return .complex(family: "Noto Sans Devanagari", lineHeight: 1.6)
        default: return .alphabetic
        }
    }
}
