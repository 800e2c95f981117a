/// How the two buttons are arranged in the card.
enum ButtonArrangement: Equatable {
    /// Side by side, equal widths: decline on the leading side, accept on the trailing side
    /// (so in a right-to-left language accept is on the left).
    case row
    /// Full width, one above the other, accept on top.
    case stacked
}

/// Sizes and places the accept and decline buttons.
struct ButtonLayout {
    let traits: LanguageTraits
    let theme: Theme
    let measurer: any TextMeasuring
    /// What the two buttons do: the filled (primary) one and the plain one.
    var roles: (primary: ButtonRole, secondary: ButtonRole) = (.accept, .decline)

    private var labelStyle: BaseTextStyle {
        BaseTextStyle(fontSize: DialogMetrics.buttonFontSize, weight: .semibold, color: theme.label, linkColor: theme.tint)
    }

    /// The width a button needs for `label` on one line: label width plus 24 pt each side, at least 44 pt.
    func intrinsicWidth(of label: String) -> Double {
        let unbounded = labelBlock(label, color: theme.label, width: 100_000)
        let labelWidth = measurer.measure(unbounded).size.width
        return max(DialogMetrics.buttonMinimumWidth, labelWidth + 2 * DialogMetrics.buttonHorizontalPadding)
    }

    /// Row when both buttons fit side by side at equal widths in `width`, else stacked.
    func arrangement(for strings: ChromeStrings, width: Double) -> ButtonArrangement {
        let widest = max(intrinsicWidth(of: strings.accept), intrinsicWidth(of: strings.decline))
        return 2 * widest + DialogMetrics.buttonSpacing <= width ? .row : .stacked
    }

    /// Buttons placed in a box whose top-left corner is `origin` and which is `width` wide, and
    /// the height they take.
    func place(_ strings: ChromeStrings, arrangement: ButtonArrangement, origin: Point, width: Double,
               scale: Double) -> (buttons: [PlacedButton], height: Double) {
        switch arrangement {
        case .row:
            let buttonWidth = snapToPixel((width - DialogMetrics.buttonSpacing) / 2, scale: scale)
            let leftX = origin.x, rightX = origin.x + width - buttonWidth
            let (declineX, acceptX) = traits.isRightToLeft ? (rightX, leftX) : (leftX, rightX)
            let decline = button(roles.secondary, strings.decline, at: Point(x: declineX, y: origin.y), width: buttonWidth, scale: scale)
            let accept = button(roles.primary, strings.accept, at: Point(x: acceptX, y: origin.y), width: buttonWidth, scale: scale)
            // A label that still wraps makes its button taller; keep the row's heights equal.
            let height = max(decline.rect.height, accept.rect.height)
            return ([resized(decline, height: height, scale: scale), resized(accept, height: height, scale: scale)], height)
        case .stacked:
            // Both choices get the same size, even when one label wraps (equal treatment).
            var accept = button(roles.primary, strings.accept, at: origin, width: width, scale: scale)
            var decline = button(roles.secondary, strings.decline, at: origin, width: width, scale: scale)
            let height = max(accept.rect.height, decline.rect.height)
            accept = resized(accept, height: height, scale: scale)
            decline = resized(decline, height: height, scale: scale)
                .offsetBy(dx: 0, dy: snapToPixel(height + DialogMetrics.buttonSpacing, scale: scale))
            return ([accept, decline], decline.rect.maxY - origin.y)
        }
    }

    private func button(_ role: ButtonRole, _ label: String, at origin: Point, width: Double, scale: Double) -> PlacedButton {
        let opacity = role == .decline ? theme.declineOpacity : 1
        let labelColor = (role.isPrimary ? theme.onTint : theme.label).withAlpha(opacity)
        let labelWidth = max(1, width - 2 * DialogMetrics.buttonHorizontalPadding)
        let block = labelBlock(label, color: labelColor, width: labelWidth)
        let labelHeight = measurer.measure(block).size.height
        let height = snapToPixel(max(DialogMetrics.buttonMinimumHeight, labelHeight + 2 * DialogMetrics.buttonVerticalPadding),
                                 scale: scale)
        let rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        let labelOrigin = Point(x: snapToPixel(rect.midX - labelWidth / 2, scale: scale),
                                y: snapToPixel(rect.midY - labelHeight / 2, scale: scale))
        return PlacedButton(
            role: role, label: label, rect: rect, cornerRadius: DialogMetrics.buttonCornerRadius,
            fill: role.isPrimary ? theme.tint : theme.neutralFill.withAlpha(opacity),
            border: role.isPrimary ? nil : theme.neutralBorder.withAlpha(opacity),
            labelText: PlacedText(origin: labelOrigin, size: Size(width: labelWidth, height: labelHeight), block: block))
    }

    private func resized(_ button: PlacedButton, height: Double, scale: Double) -> PlacedButton {
        var button = button
        let grow = height - button.rect.height
        button.rect.height = height
        button.labelText.origin.y = snapToPixel(button.labelText.origin.y + grow / 2, scale: scale)
        return button
    }

    private func labelBlock(_ label: String, color: Color, width: Double) -> TextBlock {
        var style = labelStyle
        style.color = color
        var builder = StyledTextBuilder(base: style, traits: traits)
        builder.append(plain: label)
        return builder.block(width: width, alignment: .center, lineHeight: DialogMetrics.buttonFontSize * traits.lineHeightMultiple,
                             maximumLines: 3)
    }
}

extension PlacedButton {
    /// The same button moved by whole points or pixels (its label moves with it).
    func offsetBy(dx: Double, dy: Double) -> PlacedButton {
        var button = self
        button.rect = rect.offsetBy(dx: dx, dy: dy)
        button.labelText.origin = Point(x: labelText.origin.x + dx, y: labelText.origin.y + dy)
        return button
    }
}
