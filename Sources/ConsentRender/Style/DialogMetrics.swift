/// The fixed measurements of the agreement dialog, in points (iOS alert proportions).
public enum DialogMetrics {
    public static let cardCornerRadius = 14.0
    /// Space between the card and the safe area's sides on phones.
    public static let phoneSideMargin = 24.0
    /// Space kept between the card and the safe area's top and bottom.
    public static let verticalMargin = 16.0
    /// The card's widest on iPad.
    public static let padMaximumWidth = 540.0
    public static let cardPadding = 20.0

    public static let titleFontSize = 17.0
    public static let titleToBodySpacing = 12.0
    public static let bodyFontSize = 15.0
    public static let headingFontSize = 16.0
    public static let paragraphSpacing = 8.0
    public static let listItemSpacing = 4.0
    /// Width of a list's marker column (hanging indent), per nesting level.
    public static let listIndent = 20.0

    public static let bodyToButtonsSpacing = 16.0
    public static let buttonFontSize = 17.0
    public static let buttonMinimumHeight = 44.0
    public static let buttonMinimumWidth = 44.0
    /// Added on each side of a button's label to give its width.
    public static let buttonHorizontalPadding = 24.0
    /// Space kept above and below a button's label; a one-line label fits 44 pt with room to
    /// spare, a wrapped one makes the button taller.
    public static let buttonVerticalPadding = 10.0
    public static let buttonSpacing = 12.0
    public static let buttonCornerRadius = 12.0

    /// In landscape on phones, the share of the card's content width the body column takes.
    public static let landscapeBodyShare = 0.7
    public static let landscapeColumnSpacing = 16.0

    public static let fadeHeight = 24.0
    public static let scrollIndicatorWidth = 3.0
    public static let scrollIndicatorInset = 2.0
}
