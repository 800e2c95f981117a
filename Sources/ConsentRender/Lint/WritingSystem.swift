import Foundation

/// The writing systems text uses, for telling languages apart on one screen.
enum WritingSystem: String, Hashable, Sendable {
    case latin = "Latin", greek = "Greek", cyrillic = "Cyrillic", hebrew = "Hebrew", arabic = "Arabic"
    case devanagari = "Devanagari", thai = "Thai", hangul = "Hangul", kana = "Kana", han = "Han"

    /// The writing systems a language is written in (Japanese: Han and kana; Korean: Hangul, with
    /// Hanja), or nil for a pseudo-locale or a language the table does not know.
    static func expected(for language: String) -> Set<WritingSystem>? {
        guard LanguageTag(language).map({ PseudoLocale($0) == nil }) ?? true, let primary = language.split(separator: "-").first.map({ $0.lowercased() }) else { return nil }
        switch primary {
        case "zh", "yue": return [.han]
        case "ja": return [.han, .kana]
        case "ko": return [.hangul, .han]
        case "ru", "uk", "be", "bg", "mk", "kk", "mn": return [.cyrillic]
        case "ar", "fa", "ur", "ps": return [.arabic]
        case "he", "yi": return [.hebrew]
        case "hi", "mr", "ne": return [.devanagari]
        case "th": return [.thai]
        case "el": return [.greek]
        case "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "nb", "nn", "fi", "pl", "cs", "sk", "hu", "ro", "tr", "hr", "sl",
             "id", "ms", "vi", "ca", "et", "lv", "lt", "ga", "is", "sq", "af", "sw", "tl", "fil", "eu", "gl", "cy", "mt", "az", "uz":
            return [.latin]
        default: return nil
        }
    }

    /// The writing system most of `text`'s letters are in (Han and kana together when kana is
    /// among them: Japanese), or nil for text without letters.
    static func majority(of text: String) -> Set<WritingSystem>? {
        var counts: [WritingSystem: Int] = [:]
        for scalar in text.unicodeScalars {
            if let system = classify(scalar.value) { counts[system, default: 0] += 1 }
        }
        if let kana = counts[.kana], let han = counts[.han] {
            counts[.kana] = kana + han
            counts[.han] = nil
            guard let top = counts.max(by: { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }) else { return nil }
            return top.key == .kana ? [.kana, .han] : [top.key]
        }
        guard let top = counts.max(by: { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }) else { return nil }
        // Korean text may carry Hanja; Japanese labels may be all Han ("同意") or all kana.
        return top.key == .hangul ? [.hangul, .han] : top.key == .han && counts[.kana] != nil ? [.han, .kana] : [top.key]
    }

    static func of(_ text: String) -> Set<WritingSystem> {
        var found = Set<WritingSystem>()
        for scalar in text.unicodeScalars {
            if let system = classify(scalar.value) { found.insert(system) }
        }
        return found
    }

    static func classify(_ value: UInt32) -> WritingSystem? {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0x400...0x52F: .cyrillic
        case 0x591...0x5F4, 0xFB1D...0xFB4F: .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF: .arabic
        case 0x900...0x97F: .devanagari
        case 0xE01...0xE5B: .thai
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: .hangul
        case 0x3041...0x30FF: .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: .han
        default: nil
        }
    }
}

extension String {
    /// The text with leading zeros to `width` characters (a code point's hex digits).
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
