import Foundation

/// Android's runtime-permission dialog (`--screen prompt:<kind>` on an Android device), as
/// PermissionController draws it on a phone since Android 13: `grant_permissions_material3.xml`
/// in a floating window centred over the dimmed app. Figures are AOSP's (packages/modules/Permission
/// at android-14.0.0_r67 and frameworks/base's Android 14 themes, graded in docs/android.md,
/// "Permission dialogs"); the words come resolved in `ScreenContent.prompt`.
struct AndroidPermissionTemplate: ScreenTemplate {
    var id: TemplateID { .androidPermission }
    var summary: String { "Android's permission dialog (--screen prompt:<kind> on an Android device) over the dimmed app" }
    var showsAppBehind: Bool { true }
    var lintRules: [PageLintRule] { [] }
    /// The consent rules judge the app's own screens; Android draws this one. Only the glyph check stays.
    var exemptRules: Set<LintRule> { Set(LintRule.builtIn).subtracting([.missingGlyphs]) }

    /// The dialog's figures, in dp and sp.
    enum Figures {
        /// `Theme.DeviceDefault.Dialog.Alert`'s floating window: at least 95 % of the screen's
        /// width in portrait (`windowMinWidthMinor`) and 65 % in landscape (`windowMinWidthMajor`);
        /// its background `dialog_background_material` insets the card 16 dp and rounds it by
        /// `config_dialogCornerRadius`, 28 dp.
        static let minimumWidthPortrait = 0.95, minimumWidthLandscape = 0.65
        static let windowInset = 16.0, cornerRadius = 28.0
        /// `PermissionGrantContent`'s padding, the 32 dp icon and 12 dp under it.
        static let contentPadding = 24.0, iconSize = 32.0, iconGap = 12.0
        /// `TextAppearance.DeviceDefault.WindowTitle`: Material's Title, sans-serif-medium 20 sp.
        static let titleSize = 20.0
        /// The buttons: 56 dp tall (fixed on Android 14), 24 dp from the card's sides, 2 dp above and
        /// below each; the list 22 dp above the card's bottom; 12 dp outer and 4 dp inner corners.
        static let buttonHeight = 56.0, buttonMargin = 24.0, buttonGap = 2.0, listBottom = 22.0
        static let outerCorner = 12.0, innerCorner = 4.0
        /// `google-sans-medium` 14 sp, set in Roboto Medium (Google Sans does not ship).
        static let buttonTextSize = 14.0
        /// Inside a button, beside its label (the borderless button's inset and padding; a guess).
        static let buttonLabelPadding = 16.0
        /// The location images: 130 dp, 16 dp either side of the gap between them, the label 8 dp
        /// under each (`drawablePadding`), the group 24 dp above the buttons.
        static let accuracyImage = 130.0, accuracyGap = 32.0, accuracyLabelGap = 8.0, accuracyBottom = 24.0
        /// The radio buttons' labels: TextAppearance.DeviceDefault's 14 sp.
        static let accuracyTextSize = 14.0
        /// `backgroundDimAmount` of Material's dialog themes.
        static let dim = 0.6
    }

    /// Colours: the framework's fallback palette (`system_*` in Android 14's values/colors.xml,
    /// which a device overlays from its wallpaper) and PermissionController's own dark background.
    struct Look {
        var card: Color, title: Color, icon: Color, buttonFill: Color, buttonLabel: Color

        init(appearance: Appearance) {
            // system_accent1_100 behind system_neutral1_900 in both appearances (no night override).
            buttonFill = Color(rgb: 0xC1E8FF)
            buttonLabel = Color(rgb: 0x191C1E)
            if appearance == .dark {
                card = Color(rgb: 0x3C4043)       // google_grey_800 (values-night/themes.xml)
                title = Color(rgb: 0xF0F0F3)      // textColorPrimary: system_neutral1_50
                icon = Color(rgb: 0x4BB6E8)       // system_accent1_300
            } else {
                card = Color(rgb: 0xF0F0F3)       // colorBackground: system_neutral1_50
                title = Color(rgb: 0x191C1E)      // textColorPrimary: system_neutral1_900
                icon = Color(rgb: 0x00668B)       // system_accent1_600
            }
        }
    }

    func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        guard let prompt = content.prompt, let dialog = AndroidPermissionDialog.of(prompt.kind) else {
            preconditionFailure("The Android permission template lays out only content with a resolved Android prompt")
        }
        let look = Look(appearance: context.traits.appearance)
        let traits = context.language
        func sp(_ size: Double) -> Double { context.traits.fontScale == .one ? size : context.traits.fontScale.dp(forSp: size) }
        let screen = context.screenRect, safe = context.safeRect
        let share = screen.width <= screen.height ? Figures.minimumWidthPortrait : Figures.minimumWidthLandscape
        let window = min(safe.width, context.snap(screen.width * share))
        let width = window - 2 * Figures.windowInset
        let inner = width - 2 * Figures.contentPadding

        // The title: centred, with the app's name in bold.
        let titleSize = sp(Figures.titleSize)
        var titleBuilder = StyledTextBuilder(base: BaseTextStyle(fontSize: titleSize, weight: .medium, color: look.title,
                                                                 linkColor: look.title, family: "Roboto"), traits: traits)
        var links: [LinkSource] = []
        titleBuilder.append(Self.inlines(ofMarkup: prompt.titleMarkup ?? prompt.title), links: &links)
        let titleBlock = titleBuilder.block(width: inner, alignment: .center, lineHeight: titleSize * 1.172)
        let titleHeight = context.measurer.measure(titleBlock).size.height

        // The location dialog's Precise / Approximate choice, Precise selected (FINE_HIGHLIGHT).
        let accuracy: (labels: [TextBlock], height: Double)? = dialog.showsAccuracy ? {
            let size = sp(Figures.accuracyTextSize)
            let labels = [(prompt.preciseLabel ?? "", FontWeight.bold), (prompt.approximateLabel ?? "", .regular)].map { text, weight in
                var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: size, weight: weight, color: look.title, linkColor: look.title,
                                                                    family: "Roboto"), traits: traits)
                builder.append(plain: text)
                return builder.block(width: Figures.accuracyImage + Figures.accuracyGap - 8, alignment: .center, lineHeight: size * 1.172)
            }
            let labelHeight = labels.map { context.measurer.measure($0).size.height }.max() ?? 0
            return (labels, Figures.accuracyImage + Figures.accuracyLabelGap + labelHeight + Figures.accuracyBottom)
        }() : nil

        // The buttons, full width, one per row.
        let buttonSize = sp(Figures.buttonTextSize)
        let buttonWidth = width - 2 * Figures.buttonMargin
        let labels = prompt.actions.map { action -> TextBlock in
            var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: buttonSize, weight: .medium, color: look.buttonLabel,
                                                                linkColor: look.buttonLabel, family: "Roboto"), traits: traits)
            builder.append(plain: action.label)
            return builder.block(width: max(1, buttonWidth - 2 * Figures.buttonLabelPadding), alignment: .center,
                                 lineHeight: buttonSize * 1.172)
        }
        let labelHeights = labels.map { context.measurer.measure($0).size.height }
        let buttonsHeight = Double(prompt.actions.count) * (Figures.buttonHeight + 2 * Figures.buttonGap) + Figures.listBottom

        let headerHeight = Figures.contentPadding + Figures.iconSize + Figures.iconGap + titleHeight + Figures.contentPadding
        let contentHeight = headerHeight + (accuracy?.height ?? 0) + buttonsHeight
        // A dialog taller than the window's room (a phone in landscape, large text) scrolls, its top in view.
        let room = safe.height - 2 * Figures.windowInset
        let height = context.snap(min(contentHeight, room))
        let card = Rect(x: context.snap(safe.midX - width / 2), y: context.snap(safe.midY - height / 2), width: context.snap(width),
                        height: height)
        let clip: Rect? = contentHeight > room + 1e-6 ? card : nil
        let clipRadius: Double? = clip == nil ? nil : Figures.cornerRadius

        var items: [PlacedItem] = []
        let surface = PlacedItem(id: "alert", drawable: .shape(.fill(card, cornerRadius: Figures.cornerRadius, color: look.card)))
        items.append(surface)
        var y = card.y + Figures.contentPadding
        // The group's icon, tinted.
        let icon = try dialog.icon.outline()
        let iconRect = Rect(x: context.snap(card.midX - Figures.iconSize / 2), y: context.snap(y), width: Figures.iconSize,
                            height: Figures.iconSize)
        for (index, path) in icon.paths.enumerated() {
            items.append(PlacedItem(id: "icon-\(index)", drawable: .shape(.path(path.mapped(viewport: icon.viewport, into: iconRect),
                                                                               color: look.icon)), clip: clip, clipCornerRadius: clipRadius))
        }
        y += Figures.iconSize + Figures.iconGap
        let title = PlacedText(origin: Point(x: card.x + Figures.contentPadding, y: context.snap(y)), size: Size(width: inner, height: titleHeight),
                               block: titleBlock)
        let titleItem = PlacedItem(id: "title", drawable: .text(title), clip: clip, clipCornerRadius: clipRadius)
        items.append(titleItem)
        y += titleHeight + Figures.contentPadding

        if let accuracy {
            // Leading to trailing: Precise, then Approximate (a horizontal RadioGroup, mirrored right to left).
            let total = 2 * Figures.accuracyImage + Figures.accuracyGap
            let left = card.midX - total / 2
            for (index, precise) in [true, false].enumerated() {
                let slot = traits.isRightToLeft ? 1 - index : index
                let x = context.snap(left + Double(slot) * (Figures.accuracyImage + Figures.accuracyGap))
                let image = Rect(x: x, y: context.snap(y), width: Figures.accuracyImage, height: Figures.accuracyImage)
                items += try AndroidLocationImage(precise: precise, selected: precise, appearance: context.traits.appearance)
                    .items(in: image, id: precise ? "precise" : "approximate")
                    .map { var item = $0; item.clip = clip.map { card in (item.clip ?? card).intersection(card) ?? Rect(x: card.x, y: card.maxY, width: 0, height: 0) } ?? item.clip; item.clipCornerRadius = clipRadius ?? item.clipCornerRadius; return item }
                let label = accuracy.labels[index]
                let labelWidth = Figures.accuracyImage + Figures.accuracyGap - 8
                let text = PlacedText(origin: Point(x: context.snap(image.midX - labelWidth / 2), y: context.snap(image.maxY + Figures.accuracyLabelGap)),
                                      size: Size(width: labelWidth, height: context.measurer.measure(label).size.height), block: label)
                items.append(PlacedItem(id: precise ? "precise-label" : "approximate-label", drawable: .text(text), clip: clip,
                                        clipCornerRadius: clipRadius))
            }
            y += accuracy.height
        }

        var buttons: [ButtonSemantics] = []
        for (index, action) in prompt.actions.enumerated() {
            y += Figures.buttonGap
            let rect = Rect(x: context.snap(card.x + Figures.buttonMargin), y: context.snap(y), width: context.snap(buttonWidth),
                            height: Figures.buttonHeight)
            let first = index == 0, last = index == prompt.actions.count - 1
            let top = first ? Figures.outerCorner : Figures.innerCorner, bottom = last ? Figures.outerCorner : Figures.innerCorner
            let id = "button-\(action.role.rawValue)"
            let shape = PlacedItem(id: id, drawable: .shape(.path([VectorPath.roundedRect(rect, radii: (top, top, bottom, bottom))],
                                                                  color: look.buttonFill)), clip: clip, clipCornerRadius: clipRadius)
            items.append(shape)
            // Android 14 keeps the button 56 dp tall: a label that needs more is cut at its edges.
            let labelRect = Rect(x: rect.x + Figures.buttonLabelPadding, y: context.snap(rect.midY - labelHeights[index] / 2),
                                 width: rect.width - 2 * Figures.buttonLabelPadding, height: labelHeights[index])
            let labelClip = (clip.map { rect.intersection($0) } ?? rect) ?? Rect(x: rect.x, y: card.maxY, width: rect.width, height: 0)
            let labelItem = PlacedItem(id: "\(id)-label", drawable: .text(PlacedText(origin: Point(x: labelRect.x, y: labelRect.y),
                                                                                   size: Size(width: labelRect.width, height: labelRect.height),
                                                                                   block: labels[index])), clip: labelClip)
            items.append(labelItem)
            let shown = clip.map { rect.intersection($0) ?? Rect(x: rect.x, y: $0.maxY, width: rect.width, height: 0) } ?? rect
            buttons.append(ButtonSemantics(role: action.role, label: action.label, rect: shown, shapeID: shape.ref, labelID: labelItem.ref))
            y += Figures.buttonHeight + Figures.buttonGap
        }

        var page = PageBuilder()
        page.add("backdrop", .shape(.screenFill(context.theme.backdrop)), to: .backdrop)
        if let app = prompt.backdrop {
            page.add("app-backdrop", .image(PlacedImage(png: app.png, rect: context.screenRect, fit: .aspectFill, source: app.path)),
                     to: .backdrop)
        }
        page.add("scrim", .shape(.fill(context.screenRect, cornerRadius: 0, color: Color(rgb: 0x000000).withAlpha(Figures.dim))), to: .scrim)
        page.add(items, to: .content)
        let body = BodySemantics(viewport: clip.map { title.frame.intersection($0) ?? title.frame } ?? title.frame,
                                 contentHeight: titleHeight, blockIDs: [titleItem.ref])
        let semantics = PageSemantics(surfaceID: surface.ref, titleID: titleItem.ref, body: body, buttons: buttons, links: [],
                                      tint: look.icon, declaredActions: prompt.actions.map(\.role))
        return try page.page(in: context, semantics: semantics)
    }

    /// The title's words as inlines: `<b>…</b>` bold (the app's name), the rest as it is.
    static func inlines(ofMarkup markup: String) -> [Inline] {
        var result: [Inline] = []
        var rest = Substring(markup)
        while let open = rest.range(of: "<b>") {
            if open.lowerBound > rest.startIndex { result.append(.text(String(rest[..<open.lowerBound]))) }
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "</b>") else {
                result.append(.strong([.text(String(after))]))
                return result
            }
            result.append(.strong([.text(String(after[..<close.lowerBound]))]))
            rest = after[close.upperBound...]
        }
        if !rest.isEmpty { result.append(.text(String(rest))) }
        return result
    }
}

extension TemplateID {
    /// Android's permission dialog.
    public static let androidPermission: TemplateID = "android-permission"
}
