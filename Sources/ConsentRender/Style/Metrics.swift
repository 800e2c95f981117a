/// The measurements of a consent screen, in points. `.iOSDefault` is the iOS alert look every
/// template starts from; a team's style can change any of them.
public struct Metrics: Sendable, Equatable {
    /// The dialog card.
    public struct Card: Sendable, Equatable {
        public var cornerRadius = 14.0
        /// Space between the card and the safe area's sides on phones.
        public var sideMargin = 24.0
        /// Space kept between the card and the safe area's top and bottom.
        public var verticalMargin = 16.0
        /// The card's widest on iPad.
        public var maximumPadWidth = 540.0
        /// The card's widest on every device (a style's `card.maxWidth`); nil lets a phone's card
        /// take the safe area's width less the margins, and an iPad's `maximumPadWidth`.
        public var maximumWidth: Double?
        /// The share of the safe area's width a phone's card takes (Chinese popups take 80 %);
        /// nil: the width less the side margins.
        public var widthShare: Double?
        public var padding = 20.0
        /// Below the buttons, where it differs from `padding` (Material's buttons carry 4 dp of
        /// their 48 dp touch target under the visible button); nil: `padding`.
        public var bottomPadding: Double?
        /// In landscape on phones, the share of the card's content width the body column takes.
        public var landscapeBodyShare = 0.7
        public var landscapeColumnSpacing = 16.0
        /// Whether a phone in landscape puts the buttons in a column beside the body (iOS's
        /// wide alert); Android's dialogs keep them under it.
        public var landscapeSideColumn = true
        public var titleToBodySpacing = 12.0
        public var bodyToButtonsSpacing = 16.0
    }

    /// Text set in a body column.
    public struct Text: Sendable, Equatable {
        public var paragraphSpacing = 8.0
        /// Points added between a body's lines (NSParagraphStyle's `lineSpacing`): lines then take
        /// their fonts' natural height plus this. Nil uses the language's line-height factor.
        public var lineSpacing: Double?
        /// How the dialog title's lines align.
        public var titleAlignment = TextAlignment.center
        public var listItemSpacing = 4.0
        /// Width of a list's marker column (hanging indent), per nesting level.
        public var listIndent = 20.0
        /// A title runs to this many lines at most (ellipsised), so the buttons stay on screen.
        public var titleMaximumLines = 3
    }

    /// Buttons.
    public struct Buttons: Sendable, Equatable {
        public var minimumHeight = 44.0
        /// A team's button height (`style.buttons.height`): a label that fits in it gets exactly
        /// this height, padding or not; a taller label grows the button as usual.
        public var designedHeight: Double?
        public var minimumWidth = 44.0
        /// Added on each side of a label to give a button's width.
        public var horizontalPadding = 24.0
        /// Kept above and below a label; a one-line label fits 44 pt with room to spare, a
        /// wrapped one makes the button taller.
        public var verticalPadding = 10.0
        public var spacing = 12.0
        public var cornerRadius = 12.0
        /// A label runs to this many lines at most (ellipsised).
        public var labelMaximumLines = 3
        /// Side by side or stacked.
        public var arrangement = ButtonArrangement.automatic
        /// Between rows of buttons that wrap (`trailing`); nil: `spacing`.
        public var rowSpacing: Double?
        /// Every button drawn as a text button in the accent colour, without fill or outline
        /// (Material's dialog buttons); a decline styled `text` or `link` keeps its style.
        public var textButtons = false
    }

    /// The scrolling body's fold.
    public struct Scrolling: Sendable, Equatable {
        public var fadeHeight = 24.0
        public var indicatorWidth = 3.0
        public var indicatorInset = 2.0
        /// The indicator is never shorter than this (or the viewport less its insets).
        public var indicatorMinimumLength = 36.0
    }

    /// A full-screen, system-styled page (the ATT explainer).
    public struct Page: Sendable, Equatable {
        /// Kept clear on each side of the column, within the safe area.
        public var sideMargin = 24.0
        public var maximumColumnWidth = 600.0
        public var titleTop = 24.0
        public var titleToBodySpacing = 16.0
        public var bodyToButtonSpacing = 16.0
        public var buttonHeight = 50.0
        public var buttonBottomMargin = 16.0
        public var buttonCornerRadius = 12.0
        /// Between a button's edge and its label.
        public var buttonLabelInset = 16.0
        public var sectionSpacing = 24.0
        public var headingToTextSpacing = 8.0
        public var blockSpacing = 10.0
        /// The gap beyond the column that holds the scroll indicator.
        public var indicatorGap = 8.0
        public var flowNodePadding = 12.0
        public var flowNodeCornerRadius = 10.0
        public var flowArrowLength = 24.0
        public var flowArrowHeadSize = 7.0
        public var flowLineWidth = 1.5
        public var tableCellPadding = 8.0
        /// The section dots on the trailing edge.
        public var dotOffset = 15.0
        public var dotSpacing = 14.0
        public var dotRadius = 3.5
        public var firstDotTop = 11.0
    }

    /// The launch screen behind a launch-consent dialog.
    public struct LaunchScreen: Sendable, Equatable {
        public var phoneLogoSide = 72.0
        public var padLogoSide = 112.0
        public var logoToNameSpacing = 12.0
        /// A band must be this much taller than the brand to hold it.
        public var bandMargin = 16.0
    }

    /// A login page (`login-consent`). iOS's navigation bar height is Apple's (44 pt); the rest
    /// follow the common shape of Chinese apps' login pages (docs/templates.md says which).
    public struct Login: Sendable, Equatable {
        public var navigationBarHeight = 44.0
        /// A phone's navigation bar in landscape (compact height).
        public var compactNavigationBarHeight = 32.0
        public var closeGlyphSide = 14.0
        public var sideMargin = 32.0
        public var maximumColumnWidth = 420.0
        public var logoSide = 64.0
        public var logoToTitleSpacing = 16.0
        public var titleTop = 16.0
        public var titleToFieldSpacing = 40.0
        public var fieldHeight = 52.0
        public var fieldCornerRadius = 12.0
        public var fieldPadding = 16.0
        public var fieldToButtonSpacing = 24.0
        public var buttonHeight = 50.0
        public var numberToNoteSpacing = 8.0
        public var noteToButtonSpacing = 32.0
        public var buttonToAgreementSpacing = 16.0
        public var boxSide = 16.0
        public var boxToTextSpacing = 6.0
        public var otherMethodSide = 44.0
        /// The widest column one other method takes (its circle, room either side, its name under it).
        public var otherMethodColumnWidth = 96.0
        public var otherMethodsBottomMargin = 24.0
        public var compactOtherMethodsBottomMargin = 8.0
        /// The least room between the form (or the header) and the other methods.
        public var otherMethodsSpacing = 32.0
        /// A phone in landscape: the room between groups (title and number, form or header and the
        /// other methods).
        public var compactGroupSpacing = 16.0
        public var otherMethodsTitleSpacing = 16.0
        public var labelSpacing = 6.0
        /// The shake's furthest point: how far the agreement line is drawn from its place.
        public var shakeOffset = 8.0
        public var toastPadding = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
        public var toastCornerRadius = 10.0
        public var toastMaximumWidthShare = 0.75
        /// The least room between a toast and the agreement line it must not cover.
        public var toastClearance = 16.0
        /// The dimmed login button of `whenUnticked: disabled`.
        public var disabledOpacity = 0.4
    }

    /// A consent dialog presented as a sheet or a banner (`"presentation"`). Figures and their
    /// sources are in docs/document-format.md ("Presentation: sheet and banner").
    public struct Sheet: Sendable, Equatable {
        /// The grabber: 36 × 5 pt, 5 pt below the sheet's top (iOS 26 measured; replicas agree).
        public var grabberWidth = 36.0
        public var grabberHeight = 5.0
        public var grabberTop = 5.0
        public var grabberLight = Color(red: 197, green: 197, blue: 200)
        public var grabberDark = Color(red: 98, green: 98, blue: 103)
        /// The room the content leaves above its title for the grabber.
        public var topPadding = 24.0
        /// iOS 26: a sheet below the large detent floats 8 pt from the sides and the bottom.
        public var floatingInset = 8.0
        /// iOS 26's large detent: top corners of about 24 pt (measured, one source).
        public var largeCornerRadius = 24.0
        /// A large sheet's top sits at the safe area's top; a floating one at least this far below it.
        public var floatingTopGap = 10.0
        /// Dimming behind a sheet: black 20 % (iOS 26 measured); 48 % behind a floating one in dark.
        public var dimming = 0.2
        public var floatingDarkDimming = 0.48
        /// iPad: a centred form sheet 540 pt wide (iPadOS 15's form sheet, our choice for later ones).
        public var padWidth = 540.0
        public var padCornerRadius = 24.0
        /// A banner's top corners, and the most of the screen's height it takes before its body scrolls (our choices).
        public var bannerCornerRadius = 16.0
        public var bannerMaximumShare = 0.5
        /// A banner's content column on iPad stops at this width, centred.
        public var bannerMaximumColumnWidth = 640.0
        /// Android's modal bottom sheet: attached to the bottom edge in every orientation, at most
        /// `padWidth` wide, as tall as its content up to `edgeTopMargin` below the status bar.
        public var edgeAttached = false
        public var edgeTopMargin = 72.0
    }

    /// A preferences layer's switch: iOS 26's UISwitch (63 × 28 pt with a 37 × 24 pt knob inset 2 pt),
    /// systemGreen when on, a translucent grey track when off. Sources in docs/document-format.md.
    public struct Toggle: Sendable, Equatable {
        public var width = 63.0
        public var height = 28.0
        public var knobWidth = 37.0
        public var knobInset = 2.0
        public var onLight = Color(red: 0x34, green: 0xC7, blue: 0x59)
        public var onDark = Color(red: 0x30, green: 0xD1, blue: 0x58)
        public var offLight = Color(red: 120, green: 120, blue: 128, alpha: 0.16)
        public var offDark = Color(red: 120, green: 120, blue: 128, alpha: 0.32)
        /// Material 3's switch instead: a round thumb this wide when off (`knobWidth` when on), an
        /// outlined track when off, and the thumb's own colours; nil for iOS's oval knob.
        public var material: MaterialSwitch?

        public struct MaterialSwitch: Sendable, Equatable {
            public var offThumbSide = 16.0
            public var outlineWidth = 2.0
            /// The off track's outline and thumb (M3 outline #79747E / #938F99).
            public var offLight = Color(rgb: 0x79747E)
            public var offDark = Color(rgb: 0x938F99)
            /// The on thumb (onPrimary: #FFFFFF / #381E72).
            public var onThumbLight = Color(rgb: 0xFFFFFF)
            public var onThumbDark = Color(rgb: 0x381E72)
        }
        /// Between a purpose's words and its switch.
        public var labelSpacing = 12.0
        /// Above and below the hairline between two purposes.
        public var rowSpacing = 10.0
    }

    public var card = Card()
    public var text = Text()
    public var buttons = Buttons()
    public var scrolling = Scrolling()
    public var page = Page()
    public var launchScreen = LaunchScreen()
    public var login = Login()
    public var sheet = Sheet()
    public var toggle = Toggle()

    /// The iOS look.
    public static let iOSDefault = Metrics()
}

/// How a dialog's buttons are arranged.
public enum ButtonArrangement: String, Codable, Sendable, CaseIterable {
    /// Side by side when every label fits on one line at equal widths, else stacked; stacked at
    /// the accessibility text sizes, as a UIKit alert does.
    case automatic = "auto"
    case sideBySide = "side-by-side"
    case stacked
    /// Material's dialog buttons: each as wide as its label, at the trailing edge in one row,
    /// or where they do not fit each in its own row, the primary on top.
    case trailing
}
