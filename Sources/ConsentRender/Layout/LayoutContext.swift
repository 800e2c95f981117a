/// The settings a screen is shown with, as iOS's trait collection has them.
public struct ScreenTraits: Sendable, Equatable {
    public var appearance: Appearance
    /// How text in the screen's (resolved) language is set.
    public var language: LanguageTraits
    /// The user's text size.
    public var sizeCategory: ContentSizeCategory
    /// Android's font scale: sp sizes become dp through it.
    public var fontScale: FontScale = .one
    /// Bold Text: every weight one step heavier.
    public var boldText: Bool
    /// Increase Contrast: iOS's high-contrast system colours (and the brand's, if it has them).
    public var increaseContrast: Bool
    /// The accent colour: the user's, or the device profile's.
    public var tint: Color
    /// Whether the tint is the profile's (system blue then follows the appearance) rather than one
    /// the user chose.
    public var adaptsSystemBlue: Bool

    public init(appearance: Appearance, language: LanguageTraits, sizeCategory: ContentSizeCategory = .large,
                boldText: Bool = false, increaseContrast: Bool = false, tint: Color, adaptsSystemBlue: Bool) {
        self.appearance = appearance
        self.language = language
        self.sizeCategory = sizeCategory
        self.boldText = boldText
        self.increaseContrast = increaseContrast
        self.tint = tint
        self.adaptsSystemBlue = adaptsSystemBlue
    }
}

/// Everything a template lays a screen out with: the device, the orientation, the style, the
/// traits and the text measurer. No layout reads a global constant for a size, colour or font.
public struct LayoutContext {
    public let profile: DeviceProfile
    public let orientation: Orientation
    public let style: StyleTokens
    public let traits: ScreenTraits
    public let measurer: any TextMeasuring

    public init(profile: DeviceProfile, orientation: Orientation, style: StyleTokens, traits: ScreenTraits,
                measurer: any TextMeasuring) {
        self.profile = profile
        self.orientation = orientation
        self.style = style
        self.traits = traits
        self.measurer = measurer
    }

    public var metrics: Metrics { style.metrics }
    public var scale: Double { profile.scale }
    public var screen: Size { profile.screenSize(in: orientation) }
    public var safeArea: EdgeInsets { profile.safeArea[orientation] }
    public var screenRect: Rect { Rect(x: 0, y: 0, width: screen.width, height: screen.height) }
    public var safeRect: Rect { screenRect.insetBy(safeArea) }
    public var language: LanguageTraits { traits.language }

    /// The colours for the traits' appearance and tint.
    public var theme: Theme {
        Theme(colors: style.colors,
              brand: style.brandColors.colors(for: traits.appearance, increaseContrast: traits.increaseContrast),
              appearance: traits.appearance, tint: traits.tint, adaptsSystemBlue: traits.adaptsSystemBlue,
              declineOpacity: style.declineOpacity)
    }

    /// The same context with the text size at most `category`: for text an app keeps from growing
    /// past it (UIKit's `maximumContentSizeCategory`).
    func capped(at category: ContentSizeCategory) -> LayoutContext {
        let all = ContentSizeCategory.allCases
        guard let current = all.firstIndex(of: traits.sizeCategory), let limit = all.firstIndex(of: category), current > limit else { return self }
        var traits = traits
        traits.sizeCategory = category
        return LayoutContext(profile: profile, orientation: orientation, style: style, traits: traits, measurer: measurer)
    }

    /// `value` rounded to the nearest whole device pixel, so origins land on the pixel grid.
    public func snap(_ value: Double) -> Double {
        snapToPixel(value, scale: scale)
    }

    /// The size of text in `role` at the traits' text size.
    public func fontSize(_ role: TextRole) -> Double {
        let size = style.typeScale.size(role, at: traits.sizeCategory)
        return traits.fontScale == .one ? size : traits.fontScale.dp(forSp: size)
    }

    /// The weight of text in `role`: one step heavier under Bold Text.
    public func fontWeight(_ role: TextRole) -> FontWeight {
        let weight = style.typeScale.weight(role)
        return traits.boldText ? weight.bolder : weight
    }

    /// The starting style of text in `role`: its size, weight and brand family, in `color`,
    /// links in `linkColor`.
    func textStyle(_ role: TextRole, color: Color, linkColor: Color? = nil) -> BaseTextStyle {
        BaseTextStyle(fontSize: fontSize(role), weight: fontWeight(role), color: color, linkColor: linkColor ?? color,
                      family: style.brandFonts.family(for: role, language: language.tag) ?? style.systemFamily,
                      // <small> in running text: never larger than the text around it.
                      smallFontSize: min(fontSize(.small), fontSize(role)),
                      letterSpacing: style.typeScale.letterSpacing(role),
                      fixedLineHeight: style.typeScale.lineHeightMultiple(role).map { $0 * fontSize(role) })
    }

    /// Plain text in `role`, wrapped at `width`, with the language's line height.
    public func textBlock(_ text: String, role: TextRole, color: Color, width: Double, alignment: TextAlignment = .leading,
                          maximumLines: Int? = nil) -> TextBlock {
        let style = textStyle(role, color: color)
        var builder = StyledTextBuilder(base: style, traits: language)
        builder.append(plain: text)
        return builder.block(width: max(1, width), alignment: alignment, lineHeight: style.lineHeight(language),
                             maximumLines: maximumLines)
    }

    /// `block` measured and placed with its top-left corner at `origin`.
    public func place(_ block: TextBlock, at origin: Point) -> PlacedText {
        PlacedText(origin: origin, size: Size(width: block.width, height: measurer.measure(block).size.height), block: block)
    }
}
