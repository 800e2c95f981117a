import Foundation

/// What `document.json`'s `style` may change: the team's colours, fonts, text sizes and spacing,
/// card and buttons. Every field is optional; one left out keeps iOS's look.
public struct DocumentStyle: Codable, Sendable, Equatable {
    public var colors: BrandPalettes?
    /// `default`, a role (`title`, `body`, `buttons`) or a language tag → font family.
    public var fonts: [String: String]?
    public var text: Text?
    public var card: Card?
    public var buttons: Buttons?
    /// How opaque the decline button is drawn, 0.1–1 (default 1). Below 1 it looks disabled,
    /// which `render-cli lint` reports as an error.
    public var declineOpacity: Double?
    /// How the app's own dialog looks on Android: Material 3's dialog, or the popup Chinese apps
    /// draw. Nil: `china` when the document has Simplified Chinese, else `material`.
    public var androidLook: AndroidLook?

    /// The looks of an app's consent dialog on Android.
    public enum AndroidLook: String, Codable, Sendable, CaseIterable {
        /// Material 3's AlertDialog: the title at the start, text buttons at the end.
        case material
        /// The first-launch popup of Chinese apps: a centred title, two equal buttons.
        case china
    }

    public struct Text: Codable, Sendable, Equatable {
        /// Sizes at the Large text size, in points; other sizes scale as the role's text style does.
        public var titleSize: Double?
        public var bodySize: Double?
        public var buttonSize: Double?
        /// `<small>` text (footnotes), at Large.
        public var smallSize: Double?
        public var lineSpacing: Double?
        public var paragraphSpacing: Double?
        public var titleAlignment: TitleAlignment?

        public init(titleSize: Double? = nil, bodySize: Double? = nil, buttonSize: Double? = nil, smallSize: Double? = nil, lineSpacing: Double? = nil,
                    paragraphSpacing: Double? = nil, titleAlignment: TitleAlignment? = nil) {
            self.titleSize = titleSize
            self.bodySize = bodySize
            self.buttonSize = buttonSize
            self.smallSize = smallSize
            self.lineSpacing = lineSpacing
            self.paragraphSpacing = paragraphSpacing
            self.titleAlignment = titleAlignment
        }
    }

    public enum TitleAlignment: String, Codable, Sendable, CaseIterable {
        case center, leading, natural

        var textAlignment: TextAlignment {
            switch self {
            case .center: .center
            case .leading: .leading
            case .natural: .natural
            }
        }
    }

    public struct Card: Codable, Sendable, Equatable {
        public var cornerRadius: Double?
        public var maxWidth: Double?
        public var margin: Double?
        public var padding: Double?

        public init(cornerRadius: Double? = nil, maxWidth: Double? = nil, margin: Double? = nil, padding: Double? = nil) {
            self.cornerRadius = cornerRadius
            self.maxWidth = maxWidth
            self.margin = margin
            self.padding = padding
        }
    }

    public struct Buttons: Codable, Sendable, Equatable {
        public var height: Double?
        public var cornerRadius: Double?
        public var padding: Double?
        public var minWidth: Double?
        public var arrangement: ButtonArrangement?
        /// Language tag → corner radius, over `cornerRadius` for the languages it matches.
        public var cornerRadiusByLanguage: [String: Double]?

        public init(height: Double? = nil, cornerRadius: Double? = nil, padding: Double? = nil, minWidth: Double? = nil,
                    arrangement: ButtonArrangement? = nil, cornerRadiusByLanguage: [String: Double]? = nil) {
            self.height = height
            self.cornerRadius = cornerRadius
            self.padding = padding
            self.minWidth = minWidth
            self.arrangement = arrangement
            self.cornerRadiusByLanguage = cornerRadiusByLanguage
        }
    }

    public init(colors: BrandPalettes? = nil, fonts: [String: String]? = nil, text: Text? = nil, card: Card? = nil,
                buttons: Buttons? = nil, declineOpacity: Double? = nil, androidLook: AndroidLook? = nil) {
        self.androidLook = androidLook
        self.colors = colors
        self.fonts = fonts
        self.text = text
        self.card = card
        self.buttons = buttons
        self.declineOpacity = declineOpacity
    }
}

extension DocumentStyle {
    /// A number's allowed range. Ranges only exclude nonsense: a legal but poor value (a 36 pt
    /// button) renders, and the lint judges it.
    struct NumberRule {
        var key: String
        var value: Double?
        var range: ClosedRange<Double>
        /// Why the upper bound is what it is, when it depends on another value.
        var bound: String?
    }

    static let fontSizes = 6.0...96.0
    static let spacings = 0.0...40.0
    static let margins = 0.0...80.0
    static let buttonHeights = 20.0...120.0
    static let cardWidths = 100.0...1400.0
    static let buttonWidths = 0.0...1000.0
    /// A button's default height (iOS's minimum tap target).
    static let defaultButtonHeight = Metrics.Buttons().minimumHeight

    /// Every numeric field with its range, in the order README lists them.
    var numberRules: [NumberRule] {
        let buttonHeight = buttons?.height ?? Self.defaultButtonHeight
        let cardWidth = card?.maxWidth ?? Metrics.Card().maximumPadWidth
        var rules = [
            NumberRule(key: "text.titleSize", value: text?.titleSize, range: Self.fontSizes),
            NumberRule(key: "text.bodySize", value: text?.bodySize, range: Self.fontSizes),
            NumberRule(key: "text.buttonSize", value: text?.buttonSize, range: Self.fontSizes),
            NumberRule(key: "text.smallSize", value: text?.smallSize, range: Self.fontSizes),
            NumberRule(key: "text.lineSpacing", value: text?.lineSpacing, range: Self.spacings),
            NumberRule(key: "text.paragraphSpacing", value: text?.paragraphSpacing, range: Self.spacings),
            NumberRule(key: "card.maxWidth", value: card?.maxWidth, range: Self.cardWidths),
            NumberRule(key: "card.cornerRadius", value: card?.cornerRadius, range: 0...(cardWidth / 2),
                       bound: "half the card's maximum width (\(format(cardWidth)) pt)"),
            NumberRule(key: "card.margin", value: card?.margin, range: Self.margins),
            NumberRule(key: "card.padding", value: card?.padding, range: Self.margins),
            NumberRule(key: "buttons.height", value: buttons?.height, range: Self.buttonHeights),
            NumberRule(key: "buttons.cornerRadius", value: buttons?.cornerRadius, range: 0...(buttonHeight / 2),
                       bound: "half the button height (\(format(buttonHeight)) pt)"),
            NumberRule(key: "buttons.padding", value: buttons?.padding, range: Self.margins),
            NumberRule(key: "buttons.minWidth", value: buttons?.minWidth, range: Self.buttonWidths),
            NumberRule(key: "declineOpacity", value: declineOpacity, range: 0.1...1),
        ]
        for (tag, radius) in (buttons?.cornerRadiusByLanguage ?? [:]).sorted(by: { $0.key < $1.key }) {
            rules.append(NumberRule(key: "buttons.cornerRadiusByLanguage.\(tag)", value: radius, range: 0...(buttonHeight / 2),
                                    bound: "half the button height (\(format(buttonHeight)) pt)"))
        }
        let palettes: [(String, BrandColors?)] = [("light", colors?.light), ("dark", colors?.dark),
                                                  ("lightHighContrast", colors?.lightHighContrast),
                                                  ("darkHighContrast", colors?.darkHighContrast)]
        for (name, set) in palettes {
            rules.append(NumberRule(key: "colors.\(name).dim", value: set?.dim, range: 0...1))
        }
        return rules
    }

    /// The first problem of the style, as (field under `style`, value, fix); nil when it is valid.
    func problem() -> (field: String, value: String, fix: String)? {
        for rule in numberRules {
            guard let value = rule.value else { continue }
            guard value.isFinite, rule.range.contains(value) else {
                let bound = rule.bound.map { " (at most \($0))" } ?? ""
                return (rule.key, format(value),
                        "use a number from \(format(rule.range.lowerBound)) to \(format(rule.range.upperBound))\(bound)")
            }
        }
        for (key, family) in (fonts ?? [:]).sorted(by: { $0.key < $1.key }) {
            if family.trimmingCharacters(in: .whitespaces).isEmpty {
                return ("fonts.\(key)", "'\(family)'", "name a font family, such as \"Noto Serif\" or a family from the fonts/ folder")
            }
            if key == BrandFonts.defaultKey || BrandFonts.Role(rawValue: key) != nil { continue }
            guard Self.isLanguageKey(key) else {
                let keys = [BrandFonts.defaultKey] + BrandFonts.Role.allCases.map(\.rawValue)
                let hint = closestMatch(to: key, among: keys).map { "did you mean '\($0)'? " } ?? ""
                return ("fonts.\(key)", "'\(key)'",
                        "\(hint)a key is default, title, body, buttons or a language tag such as zh-Hans")
            }
        }
        for key in (buttons?.cornerRadiusByLanguage ?? [:]).keys.sorted() where !Self.isLanguageKey(key) {
            return ("buttons.cornerRadiusByLanguage.\(key)", "'\(key)'", "a key is a language tag such as en or zh-Hans")
        }
        return nil
    }

    /// Whether `key` is a language tag as document files are named (`en`, `zh-Hans`, `pt-BR`).
    static func isLanguageKey(_ key: String) -> Bool {
        guard let tag = LanguageTag(key) else { return false }
        return tag.description.caseInsensitiveCompare(key) == .orderedSame && (2...3).contains(tag.language.count)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

extension StyleTokens {
    /// iOS's look with a document's `style` applied, with the document's `fonts/` files.
    /// `base` (a platform's system style) with the document's `style` applied.
    public init(document style: DocumentStyle, fontFiles: [String] = [], base: StyleTokens = .iOSDefault) {
        self = base
        fonts = FontSet(files: fontFiles)
        if let opacity = style.declineOpacity { declineOpacity = opacity }
        if let colors = style.colors { brandColors = colors }
        if let entries = style.fonts { brandFonts = BrandFonts(entries) }
        if let text = style.text {
            if let size = text.titleSize { typeScale.setLargeSize(size, for: .title) }
            if let size = text.bodySize {
                typeScale.setLargeSize(size, for: .body)
                // Headings inside the body stay a point larger than its text, as Callout is to Subheadline.
                typeScale.setLargeSize(size + 1, for: .heading)
            }
            if let size = text.buttonSize { typeScale.setLargeSize(size, for: .button) }
            if let size = text.smallSize { typeScale.setLargeSize(size, for: .small) }
            if let spacing = text.lineSpacing { metrics.text.lineSpacing = spacing }
            if let spacing = text.paragraphSpacing { metrics.text.paragraphSpacing = spacing }
            if let alignment = text.titleAlignment { metrics.text.titleAlignment = alignment.textAlignment }
        }
        if let card = style.card {
            if let radius = card.cornerRadius { metrics.card.cornerRadius = radius }
            if let width = card.maxWidth { metrics.card.maximumWidth = width }
            if let margin = card.margin { metrics.card.sideMargin = margin }
            if let padding = card.padding { metrics.card.padding = padding }
        }
        if let buttons = style.buttons {
            if let height = buttons.height {
                metrics.buttons.minimumHeight = height
                metrics.buttons.designedHeight = height
            }
            if let radius = buttons.cornerRadius { metrics.buttons.cornerRadius = radius }
            if let padding = buttons.padding { metrics.buttons.horizontalPadding = padding }
            if let width = buttons.minWidth { metrics.buttons.minimumWidth = width }
            if let arrangement = buttons.arrangement { metrics.buttons.arrangement = arrangement }
            if let radii = buttons.cornerRadiusByLanguage { buttonCornerRadiusByLanguage = radii }
        }
    }
}
