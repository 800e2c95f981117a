/// Android's system style: Material 3's baseline colours, type scale and dialog measurements, set
/// in Roboto (Debian's fonts-roboto-unhinted) with Noto Sans CJK and the other Noto fonts for
/// what Roboto lacks, as AOSP's font fallback sets them. Sources: reference android-metrics.md §1
/// (material-components-android @ac7e18ef tokens; androidx AlertDialog.kt), listed per figure in
/// docs/android.md.
extension StyleTokens {
    public static let androidDefault = StyleTokens(
        metrics: .androidDefault, typeScale: .androidDefault, colors: .androidDefault, systemFamily: "Roboto")

    /// The first-launch popup of Chinese apps on Android (`style.androidLook: china`): a white card
    /// with a centred bold title, the text in grey, two equal buttons side by side. Measured from
    /// real apps' and templates' layouts (docs/android.md, "The Chinese popup").
    public static let androidChina = StyleTokens(
        metrics: .androidChina, typeScale: .androidChina, colors: .androidChina, systemFamily: "Roboto")
}

extension TypeScale {
    /// Material 3's type scale at font scale 1.0, in sp (= dp at 1.0): line heights and letter
    /// spacing as the tokens give them (letter spacing here in em: 0.25 sp over 14 sp is 0.0179).
    /// A dialog title is HeadlineSmall, its text BodyMedium, its buttons LabelLarge (M3 dialog tokens).
    public static let androidDefault: TypeScale = {
        func style(_ size: Double, _ lineHeight: Double, _ weight: FontWeight, tracking: Double) -> Style {
            Style(.body, weight: weight, largeSize: size, lineHeightMultiple: lineHeight / size, letterSpacing: tracking / size)
        }
        let displaySmall = style(36, 44, .regular, tracking: 0)
        let headlineMedium = style(28, 36, .regular, tracking: 0)
        let headlineSmall = style(24, 32, .regular, tracking: 0)
        let titleMedium = style(16, 24, .medium, tracking: 0.15)
        let titleSmall = style(14, 20, .medium, tracking: 0.1)
        let bodyLarge = style(16, 24, .regular, tracking: 0.5)
        let bodyMedium = style(14, 20, .regular, tracking: 0.25)
        let bodySmall = style(12, 16, .regular, tracking: 0.4)
        let labelLarge = style(14, 20, .medium, tracking: 0.1)
        return TypeScale(styles: [
            .title: headlineSmall,
            .body: bodyMedium,
            .heading: titleSmall,
            .button: labelLarge,
            .pageTitle: headlineMedium,
            .pageHeading: titleMedium,
            .pageBody: bodyMedium,
            .pageTable: bodySmall,
            .appName: headlineSmall,
            .actionLink: labelLarge,
            .loginTitle: headlineMedium,
            // The agreement line keeps 14 sp: text.min-size's floor for Chinese (MIIT's 文字过小).
            .agreement: bodyMedium,
            .field: bodyLarge,
            .maskedNumber: displaySmall,
            .caption: bodySmall,
            .small: bodySmall,
        ])
    }()
}

extension Metrics {
    /// Material 3's dialog: 28 dp corners, 24 dp padding, 16 dp from title to text and 24 dp to
    /// the buttons, 24 dp from the screen's sides (the window's background inset), 280–560 dp wide,
    /// the title at the leading edge; text buttons in LabelLarge at the trailing edge, 40 dp tall
    /// with 12 dp either side of the label (64 dp at least), 8 dp apart, 12 dp between rows when
    /// they wrap (M3 dialog and button tokens; androidx AlertDialog.kt). A button's rectangle is
    /// its 48 dp touch target (`m3_btn_inset` 4 dp above and below the 40 dp button), so the
    /// spacings around the buttons are 4 dp less.
    public static let androidDefault: Metrics = {
        var metrics = Metrics()
        metrics.card.cornerRadius = 28
        metrics.card.sideMargin = 24
        metrics.card.verticalMargin = 24
        metrics.card.maximumPadWidth = 560
        metrics.card.maximumWidth = 560
        metrics.card.padding = 24
        metrics.card.titleToBodySpacing = 16
        metrics.card.bodyToButtonsSpacing = 20
        metrics.card.bottomPadding = 20
        metrics.card.landscapeSideColumn = false
        metrics.text.titleAlignment = .leading
        metrics.text.paragraphSpacing = 8
        metrics.buttons.minimumHeight = 48
        metrics.buttons.minimumWidth = 64
        metrics.buttons.horizontalPadding = 12
        metrics.buttons.verticalPadding = 14
        metrics.buttons.spacing = 8
        metrics.buttons.rowSpacing = 4
        metrics.buttons.cornerRadius = 20
        metrics.buttons.arrangement = .trailing
        metrics.buttons.textButtons = true
        metrics.page.buttonHeight = 40
        metrics.page.buttonCornerRadius = 20
        metrics.sheet.grabberWidth = 32
        metrics.sheet.grabberHeight = 4
        metrics.sheet.grabberTop = 22
        metrics.sheet.topPadding = 48
        metrics.sheet.largeCornerRadius = 28
        metrics.sheet.floatingInset = 0
        metrics.sheet.edgeAttached = true
        metrics.sheet.edgeTopMargin = 72
        metrics.sheet.dimming = 0.32
        metrics.sheet.floatingDarkDimming = 0.32
        metrics.sheet.padWidth = 640
        metrics.sheet.padCornerRadius = 28
        metrics.sheet.grabberLight = Color(rgb: 0x49454F)
        metrics.sheet.grabberDark = Color(rgb: 0xCAC4D0)
        // Material 3's switch: a 52 × 32 dp track, primary when on; outlined on
        // surfaceContainerHighest when off; the thumb 24 dp on and 16 dp off (M3 switch tokens).
        metrics.toggle.width = 52
        metrics.toggle.height = 32
        metrics.toggle.knobWidth = 24
        metrics.toggle.knobInset = 4
        metrics.toggle.onLight = Color(rgb: 0x6750A4)
        metrics.toggle.onDark = Color(rgb: 0xD0BCFF)
        metrics.toggle.offLight = Color(rgb: 0xE6E0E9)
        metrics.toggle.offDark = Color(rgb: 0x36343B)
        metrics.toggle.material = Metrics.Toggle.MaterialSwitch()
        return metrics
    }()
}

extension ColorRoles {
    /// Material 3's baseline scheme (no dynamic colour), light and dark.
    public static let androidDefault = ColorRoles(light: .androidLight, dark: .androidDark)
}

extension Palette {
    /// M3 baseline light (material-components-android @ac7e18ef color tokens.xml): surface
    /// #FEF7FF behind, surfaceContainerHigh #ECE6F0 cards, the title in onSurface #1D1B20 and the
    /// text in onSurfaceVariant #49454F (the dialog's headline and supporting-text tokens),
    /// secondaryContainer #E8DEF8 tonal fills, outline #79747E, primary #6750A4, scrim black at 32 %.
    public static let androidLight = Palette(
        backdrop: Color(rgb: 0xFEF7FF), dimming: Color(red: 0, green: 0, blue: 0, alpha: 0.32),
        card: Color(rgb: 0xECE6F0), label: Color(rgb: 0x49454F),
        neutralFill: Color(rgb: 0xE8DEF8), neutralBorder: Color(rgb: 0x79747E),
        onTint: Color(rgb: 0xFFFFFF), scrollIndicator: Color(red: 0x1D, green: 0x1B, blue: 0x20, alpha: 0.38),
        systemBlue: Color(rgb: 0x6750A4), accessibleLink: Color(rgb: 0x6750A4),
        pageBackground: Color(rgb: 0xFEF7FF), pageSecondaryFill: Color(rgb: 0xF3EDF7),
        separator: Color(rgb: 0xCAC4D0), titleColor: Color(rgb: 0x1D1B20))

    /// M3 baseline dark: surface #141218, surfaceContainerHigh #2B2930, title onSurface #E6E0E9,
    /// text onSurfaceVariant #CAC4D0, secondaryContainer #4A4458, outline #938F99, primary #D0BCFF
    /// with onPrimary #381E72.
    public static let androidDark = Palette(
        backdrop: Color(rgb: 0x141218), dimming: Color(red: 0, green: 0, blue: 0, alpha: 0.32),
        card: Color(rgb: 0x2B2930), label: Color(rgb: 0xCAC4D0),
        neutralFill: Color(rgb: 0x4A4458), neutralBorder: Color(rgb: 0x938F99),
        onTint: Color(rgb: 0x381E72), scrollIndicator: Color(red: 0xE6, green: 0xE0, blue: 0xE9, alpha: 0.38),
        systemBlue: Color(rgb: 0xD0BCFF), accessibleLink: Color(rgb: 0xD0BCFF),
        pageBackground: Color(rgb: 0x141218), pageSecondaryFill: Color(rgb: 0x211F26),
        separator: Color(rgb: 0x49454F), titleColor: Color(rgb: 0xE6E0E9))
}

// MARK: The Chinese popup

// Figures from real apps' and templates' layouts (research file in docs/android.md, "The Chinese
// popup"): the most copied CSDN PrivacyDialog template, yipianshi/PolicyDialog, the ADSuyi and
// Sigmob SDK demos, GoodWeather, iyuba VOA, Agora's demo and DCloud uni-app's native template.

extension TypeScale {
    /// An 18 sp bold title (PolicyDialog, Sigmob, iyuba, Agora), 14 sp text with 4 dp between
    /// lines (PolicyDialog, ADSuyi, Agora; lineSpacingExtra 3–4 dp), 16 sp buttons (ADSuyi, the
    /// CSDN template, Agora).
    public static let androidChina: TypeScale = {
        var scale = TypeScale.androidDefault
        scale.styles[.title] = Style(.body, weight: .bold, largeSize: 18, lineHeightMultiple: 26 / 18.0, letterSpacing: 0)
        scale.styles[.body] = Style(.body, weight: .regular, largeSize: 14, letterSpacing: 0)
        scale.styles[.heading] = Style(.body, weight: .bold, largeSize: 15, letterSpacing: 0)
        scale.styles[.button] = Style(.body, weight: .regular, largeSize: 16, lineHeightMultiple: 22 / 16.0, letterSpacing: 0)
        return scale
    }()
}

extension Metrics {
    /// 80 % of a phone's width (the CSDN template's `params.width`), 12 dp corners (GoodWeather,
    /// Sigmob; newer apps 10–12, the old template 5–6), 20 dp padding (PolicyDialog, ADSuyi), a
    /// centred title, lines 4 dp apart, two equal 48 dp buttons side by side 12 dp apart (the
    /// sources: 40–50 dp; 48 dp is Material's touch target, which the lint asks for), pill-shaped
    /// (our choice among 4 dp, square and pill).
    public static let androidChina: Metrics = {
        var metrics = Metrics.androidDefault
        metrics.card.cornerRadius = 12
        metrics.card.widthShare = 0.8
        metrics.card.sideMargin = 16
        metrics.card.maximumWidth = 360
        metrics.card.padding = 20
        metrics.card.titleToBodySpacing = 16
        metrics.card.bodyToButtonsSpacing = 20
        metrics.card.bottomPadding = nil
        metrics.text.titleAlignment = .center
        metrics.text.lineSpacing = 4
        metrics.buttons = Metrics.Buttons()
        metrics.buttons.minimumHeight = 48
        metrics.buttons.minimumWidth = 64
        metrics.buttons.horizontalPadding = 12
        metrics.buttons.verticalPadding = 10
        metrics.buttons.spacing = 12
        metrics.buttons.cornerRadius = 24
        return metrics
    }()
}

extension ColorRoles {
    public static let androidChina = ColorRoles(light: .androidChinaLight, dark: .androidChinaDark)
}

extension Palette {
    /// A white card on white pages, a #333333 title, #666666 text (PolicyDialog), the refusal outlined (Agora's
    /// demo) in #949494, the least grey that reaches WCAG 1.4.11's 3:1 on white (ADSuyi's #F2F2F2
    /// fill is 1.1:1, which the lint reports), with #666666 words; dimming 50 % (the CSDN
    /// template's `backgroundDimAmount`).
    public static let androidChinaLight: Palette = {
        var palette = Palette.androidLight
        palette.card = Color(rgb: 0xFFFFFF)
        palette.titleColor = Color(rgb: 0x333333)
        palette.label = Color(rgb: 0x666666)
        palette.neutralFill = Color(rgb: 0xFFFFFF)
        palette.neutralBorder = Color(rgb: 0x949494)
        palette.dimming = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        // The app's own pages white, as Chinese apps draw them (a login page, the launch screen).
        palette.pageBackground = Color(rgb: 0xFFFFFF)
        palette.pageSecondaryFill = Color(rgb: 0xF5F5F5)
        return palette
    }()

    /// The same in dark (our choice: the sources draw light popups only): a #2C2C2C card,
    /// light grey words, the refusal outlined in #808080 (3.5:1 on the card).
    public static let androidChinaDark: Palette = {
        var palette = Palette.androidDark
        palette.card = Color(rgb: 0x2C2C2C)
        palette.titleColor = Color(rgb: 0xEEEEEE)
        palette.label = Color(rgb: 0xBBBBBB)
        palette.neutralFill = Color(rgb: 0x2C2C2C)
        palette.neutralBorder = Color(rgb: 0x808080)
        palette.dimming = Color(red: 0, green: 0, blue: 0, alpha: 0.6)
        return palette
    }()
}
