/// iOS's text size setting (Dynamic Type), from extra small to the largest accessibility size.
/// The raw values are the names the command line, cell folders and link maps use.
public enum ContentSizeCategory: String, Codable, Sendable, CaseIterable, Comparable {
    case xSmall, small = "Small", medium = "Medium", large = "Large", xLarge, xxLarge, xxxLarge
    case accessibility1 = "AX1", accessibility2 = "AX2", accessibility3 = "AX3", accessibility4 = "AX4", accessibility5 = "AX5"

    /// The category named `name`, in any letter case (`ax3`, `XLARGE`).
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.caseInsensitiveCompare(name) == .orderedSame }) else {
            return nil
        }
        self = match
    }

    /// Decodes a name in any letter case, as the command line takes it (`"ax3"` in a golden matrix).
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let size = Self(name: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Cannot initialize ContentSizeCategory from invalid String value \(name)")
        }
        self = size
    }

    /// Whether this is one of the five accessibility sizes, where layouts adapt (buttons stack).
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Apple's text styles, whose sizes per category come from the HIG's Dynamic Type table.
public enum AppleTextStyle: String, Codable, Sendable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Point sizes from xSmall to AX5 (HIG "Specifications", Dynamic Type sizes for iOS).
    var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The size at `category`.
    public func size(at category: ContentSizeCategory) -> Double {
        sizes[ContentSizeCategory.allCases.firstIndex(of: category) ?? 3]
    }
}

/// What a piece of text is on a consent screen; each role has a size per text size category.
public enum TextRole: String, Codable, Sendable, CaseIterable {
    /// The dialog title.
    case title
    /// Body paragraphs and list items.
    case body
    /// Headings inside the body.
    case heading
    /// Button labels.
    case button
    /// A full-screen page's large title (the ATT explainer).
    case pageTitle
    /// A full-screen page's section headings.
    case pageHeading
    /// A full-screen page's text.
    case pageBody
    /// A full-screen page's table cells.
    case pageTable
    /// The app's name on a launch screen.
    case appName
    /// An action drawn as a small text link under the buttons (`declineStyle: link`).
    case actionLink
    /// A login page's title (`login-consent`).
    case loginTitle
    /// A login page's agreement line beside its check box.
    case agreement
    /// The text in a login page's phone-number field.
    case field
    /// The masked number of a one-tap login (138****8000).
    case maskedNumber
    /// Small secondary text: a carrier's note, the other login methods' labels, a toast.
    case caption
    /// `<small>` text in a body: a footnote (`style.text.smallSize`).
    case small
}

/// Text size and weight by role and size category: each role follows one of Apple's text
/// styles, offset by a few points where the design calls for a size between two styles.
public struct TypeScale: Sendable, Equatable {
    public struct Style: Sendable, Equatable {
        public var appleStyle: AppleTextStyle
        /// Added to the Apple style's size at every category.
        public var offset: Double
        public var weight: FontWeight
        /// The size at Large a team's style chose; the other categories scale by the Apple
        /// style's own ratio to its Large size. Nil follows the Apple style (plus `offset`).
        public var largeSize: Double?
        /// The line height as a multiple of the size (Android's Material type scale sets one per
        /// style: 32 sp over 24 sp is 1.333); nil for the language's line-height factor.
        public var lineHeightMultiple: Double?
        /// Letter spacing in em (Material's per-style tracking); nil for iOS's tracking table.
        public var letterSpacing: Double?

        public init(_ appleStyle: AppleTextStyle, offset: Double = 0, weight: FontWeight, largeSize: Double? = nil,
                    lineHeightMultiple: Double? = nil, letterSpacing: Double? = nil) {
            self.appleStyle = appleStyle
            self.offset = offset
            self.weight = weight
            self.largeSize = largeSize
            self.lineHeightMultiple = lineHeightMultiple
            self.letterSpacing = letterSpacing
        }
    }

    public var styles: [TextRole: Style]

    /// A scale of these styles (a platform's own; every role a template uses needs one).
    public init(styles: [TextRole: Style]) {
        self.styles = styles
    }

    /// The point size of `role` at `category`.
    public func size(_ role: TextRole, at category: ContentSizeCategory = .large) -> Double {
        let style = style(role)
        guard let largeSize = style.largeSize else { return style.appleStyle.size(at: category) + style.offset }
        // Quarter points: a scaled size such as 16 × 25/15 is not a whole number.
        return (largeSize * style.appleStyle.size(at: category) / style.appleStyle.size(at: .large) * 4).rounded() / 4
    }

    /// Sets the size of `role` at Large (a team's style); other categories scale from it.
    public mutating func setLargeSize(_ size: Double, for role: TextRole) {
        styles[role]?.largeSize = size
    }

    public func weight(_ role: TextRole) -> FontWeight {
        style(role).weight
    }

    /// The letter spacing of `role` in em, where the scale sets one.
    public func letterSpacing(_ role: TextRole) -> Double? {
        style(role).letterSpacing
    }

    /// The line height of `role` as a multiple of its size, where the scale sets one.
    public func lineHeightMultiple(_ role: TextRole) -> Double? {
        style(role).lineHeightMultiple
    }

    /// The line height of `role` at `category`, in points, where the scale sets one.
    public func lineHeight(_ role: TextRole, at category: ContentSizeCategory = .large) -> Double? {
        style(role).lineHeightMultiple.map { $0 * size(role, at: category) }
    }

    private func style(_ role: TextRole) -> Style {
        guard let style = styles[role] else { preconditionFailure("The type scale has no style for \(role)") }
        return style
    }

    /// iOS's own choices: a dialog title in Headline (17 pt semibold), body in Subheadline (15 pt),
    /// headings in Callout (16 pt semibold), buttons in Headline; a page title in Title 1 (28 pt bold).
    public static let iOSDefault = TypeScale(styles: [
        .title: Style(.headline, weight: .semibold),
        .body: Style(.subheadline, weight: .regular),
        .heading: Style(.callout, weight: .semibold),
        .button: Style(.headline, weight: .semibold),
        .pageTitle: Style(.title1, weight: .bold),
        .pageHeading: Style(.headline, weight: .semibold),
        .pageBody: Style(.subheadline, weight: .regular),
        .pageTable: Style(.subheadline, offset: -1, weight: .regular),
        .appName: Style(.title2, weight: .semibold),
        .actionLink: Style(.footnote, weight: .regular),
        // A login page: title in Title 1 bold, the agreement one point under Subheadline (14 pt:
        // the smallest body size text.min-size accepts for Chinese), the field in Body.
        .loginTitle: Style(.title1, weight: .bold),
        .agreement: Style(.subheadline, offset: -1, weight: .regular),
        .field: Style(.body, weight: .regular),
        .maskedNumber: Style(.title1, weight: .semibold),
        .caption: Style(.footnote, weight: .regular),
        // <small> text: Footnote, 13 pt at Large (under text.min-size's 14 pt for Chinese,
        // Japanese and Korean: MIIT's 文字过小).
        .small: Style(.footnote, weight: .regular),
    ])
}
