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
        /// Android 15: the buttons at least 56 dp (`minHeight`), growing with a label that wraps,
        /// with this much above and below it (a guess: the borderless button's padding).
        static let growingLabelPadding = 16.0
        /// Android 16's Material 3 Expressive dialog (`grant_permissions_expressive.xml`, `values-v36/
        /// styles.xml`): the title SettingsLib's HeadlineSmall, 24 sp on 32 sp lines; each button a
        /// 40 dp slot 4 dp under the one above and 12 dp over the next, its pill inset 4 dp top and
        /// bottom (32 dp shown), fully rounded; the list 14 dp above the card's bottom.
        static let expressiveTitleSize = 24.0, expressiveTitleLine = 32.0
        static let expressiveSlot = 40.0, expressiveInset = 4.0, expressiveAbove = 4.0, expressiveBelow = 12.0, expressiveListBottom = 14.0
    }

    /// Colours: the framework's fallback palette (`system_*` in Android 14's values/colors.xml,
    /// which a device overlays from its wallpaper) and PermissionController's own dark background.
    struct Look {
        var card: Color, title: Color, icon: Color, buttonFill: Color, buttonLabel: Color

        init(appearance: Appearance, version: AndroidVersion = .v14) {
            // system_accent1_100 behind system_neutral1_900 in both appearances (no night override).
            buttonFill = Color(rgb: 0xC1E8FF)
            buttonLabel = Color(rgb: 0x191C1E)
            if version == .v16 {
                // Expressive: materialColorPrimary behind onPrimary (the framework's fallback
                // system_primary_light #445E91; dark: primary80 #ADC6FF on primary20, a guess).
                buttonFill = appearance == .dark ? Color(rgb: 0xADC6FF) : Color(rgb: 0x445E91)
                buttonLabel = appearance == .dark ? Color(rgb: 0x102F60) : Color(rgb: 0xFFFFFF)
            }
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
        let version = prompt.androidVersion
        let expressive = version == .v16
        let look = Look(appearance: context.traits.appearance, version: version)
        let traits = context.language
        func sp(_ size: Double) -> Double { context.traits.fontScale == .one ? size : context.traits.fontScale.dp(forSp: size) }
        let screen = context.screenRect, safe = context.safeRect
        let share = screen.width <= screen.height ? Figures.minimumWidthPortrait : Figures.minimumWidthLandscape
        let window = min(safe.width, context.snap(screen.width * share))
        let width = window - 2 * Figures.windowInset
        let inner = width - 2 * Figures.contentPadding

        // The title: centred, with the app's name in bold.
        let titleSize = sp(expressive ? Figures.expressiveTitleSize : Figures.titleSize)
        var titleBuilder = StyledTextBuilder(base: BaseTextStyle(fontSize: titleSize, weight: expressive ? .regular : .medium, color: look.title,
                                                                 linkColor: look.title, family: "Roboto"), traits: traits)
        var links: [LinkSource] = []
        titleBuilder.append(Self.inlines(ofMarkup: prompt.titleMarkup ?? prompt.title), links: &links)
        let titleBlock = titleBuilder.block(width: inner, alignment: .center,
                                            lineHeight: expressive ? sp(Figures.expressiveTitleLine) : titleSize * 1.172)
        let titleHeight = context.measurer.measure(titleBlock).size.height

        // The location dialog's Precise / Approximate choice, Precise selected (FINE_HIGHLIGHT).
        let fit = min(1, inner / (2 * Figures.accuracyImage + Figures.accuracyGap))
        let accuracy: (labels: [TextBlock], height: Double)? = dialog.showsAccuracy ? {
            let size = sp(Figures.accuracyTextSize)
            let labels = [(prompt.preciseLabel ?? "", FontWeight.bold), (prompt.approximateLabel ?? "", .regular)].map { text, weight in
                var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: size, weight: weight, color: look.title, linkColor: look.title,
                                                                    family: "Roboto"), traits: traits)
                builder.append(plain: text)
                return builder.block(width: (Figures.accuracyImage + Figures.accuracyGap) * fit - 8, alignment: .center, lineHeight: size * 1.172)
            }
            let labelHeight = labels.map { context.measurer.measure($0).size.height }.max() ?? 0
            return (labels, Figures.accuracyImage * fit + Figures.accuracyLabelGap + labelHeight + Figures.accuracyBottom)
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
        // Each button's slot: 56 dp on Android 14 (a longer label is cut), at least 56 on 15 (it
        // grows), a 40 dp slot with its 32 dp pill on 16.
        let slots = labelHeights.map { height -> Double in
            switch version {
            case .v14: Figures.buttonHeight
            case .v15: max(Figures.buttonHeight, context.snap(height + 2 * Figures.growingLabelPadding))
            case .v16: Figures.expressiveSlot
            }
        }
        let above = expressive ? Figures.expressiveAbove : Figures.buttonGap, below = expressive ? Figures.expressiveBelow : Figures.buttonGap
        let buttonsHeight = slots.reduce(0, +) + Double(slots.count) * (above + below)
            + (expressive ? Figures.expressiveListBottom : Figures.listBottom)

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
            // Leading to trailing: Precise, then Approximate (a horizontal RadioGroup, mirrored right
            // to left). Where the two do not fit the card's width (a narrow phone), both shrink to fit
            // (our choice: how Android squeezes them was not read).
            let side = Figures.accuracyImage * fit, gap = Figures.accuracyGap * fit
            let left = card.midX - (2 * side + gap) / 2
            for (index, precise) in [true, false].enumerated() {
                let slot = traits.isRightToLeft ? 1 - index : index
                let x = context.snap(left + Double(slot) * (side + gap))
                let image = Rect(x: x, y: context.snap(y), width: side, height: side)
                items += try AndroidLocationImage(precise: precise, selected: precise, appearance: context.traits.appearance)
                    .items(in: image, id: precise ? "precise" : "approximate")
                    .map { item in
                        // Seen through its circle; a picture the scrolling card cuts, through the card.
                        guard let clip, let own = item.clip, !clip.contains(own) else { return item }
                        var cut = item
                        cut.clip = own.intersection(clip) ?? Rect(x: own.x, y: clip.maxY, width: 0, height: 0)
                        cut.clipCornerRadius = clipRadius
                        return cut
                    }
                let label = accuracy.labels[index]
                let labelWidth = side + gap - 8
                let text = PlacedText(origin: Point(x: context.snap(image.midX - labelWidth / 2), y: context.snap(image.maxY + Figures.accuracyLabelGap)),
                                      size: Size(width: labelWidth, height: context.measurer.measure(label).size.height), block: label)
                items.append(PlacedItem(id: precise ? "precise-label" : "approximate-label", drawable: .text(text), clip: clip,
                                        clipCornerRadius: clipRadius))
            }
            y += accuracy.height
        }

        var buttons: [ButtonSemantics] = []
        for (index, action) in prompt.actions.enumerated() {
            y += above
            let slot = Rect(x: context.snap(card.x + Figures.buttonMargin), y: context.snap(y), width: context.snap(buttonWidth),
                            height: slots[index])
            // Android 16's pill is inset in its slot; 14's and 15's tonal buttons fill theirs.
            let rect = expressive ? slot.insetBy(EdgeInsets(top: Figures.expressiveInset, left: 0, bottom: Figures.expressiveInset, right: 0))
                : slot
            let first = index == 0, last = index == prompt.actions.count - 1
            let top = expressive ? rect.height / 2 : first ? Figures.outerCorner : Figures.innerCorner
            let bottom = expressive ? rect.height / 2 : last ? Figures.outerCorner : Figures.innerCorner
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
            // The tap lands anywhere in the slot (the pill's inset is the button's own padding).
            let shown = clip.map { slot.intersection($0) ?? Rect(x: slot.x, y: $0.maxY, width: slot.width, height: 0) } ?? slot
            buttons.append(ButtonSemantics(role: action.role, label: action.label, rect: shown, shapeID: shape.ref, labelID: labelItem.ref))
            y += slots[index] + below
        }

        var page = PageBuilder()
        page.add("backdrop", .shape(.screenFill(context.theme.backdrop)), to: .backdrop)
        if let app = prompt.backdrop {
            page.add("app-backdrop", .image(PlacedImage(png: app.png, rect: context.screenRect, fit: .aspectFill, source: app.path)),
                     to: .backdrop)
        }
        if let text = prompt.bannerText {
            // The app's own window, behind the system dialog's: dimmed with the app.
            page.add(Self.banner(title: prompt.bannerTitle, text: text, colors: prompt.bannerColors, in: context), to: .backdrop)
        }
        page.add("scrim", .shape(.fill(context.screenRect, cornerRadius: 0, color: Color(rgb: 0x000000).withAlpha(Figures.dim))), to: .scrim)
        page.add(items, to: .content)
        let body = BodySemantics(viewport: clip.map { title.frame.intersection($0) ?? title.frame } ?? title.frame,
                                 contentHeight: titleHeight, blockIDs: [titleItem.ref])
        let semantics = PageSemantics(surfaceID: surface.ref, titleID: titleItem.ref, body: body, buttons: buttons, links: [],
                                      tint: look.icon, declaredActions: prompt.actions.map(\.role))
        return try page.page(in: context, semantics: semantics)
    }

    /// The app's purpose banner (XXPermissions' permission description popup, android-metrics
    /// research in docs/android.md): a card at the top of the screen 10 dp from its sides and 5 dp
    /// under the status bar, 10 dp corners and a hairline border, 15 dp beside and 12 dp above and
    /// below its words; a 14 sp bold title over 13 sp text with 3 dp between lines; in the app's
    /// colours (its look's card, title and text).
    static func banner(title: String?, text: String, colors: [Color], in context: LayoutContext) -> [PlacedItem] {
        let palette = context.theme.palette
        let card = colors.count == 4 ? colors[0] : palette.card, titleColor = colors.count == 4 ? colors[1] : palette.titleColor ?? context.theme.label
        let textColor = colors.count == 4 ? colors[2] : context.theme.label, border = colors.count == 4 ? colors[3] : palette.separator
        let safe = context.safeRect
        func sp(_ size: Double) -> Double { context.traits.fontScale == .one ? size : context.traits.fontScale.dp(forSp: size) }
        let width = safe.width - 20
        let inner = width - 30
        var blocks: [TextBlock] = []
        if let title {
            var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: sp(14), weight: .bold, color: titleColor, linkColor: titleColor,
                                                                family: "Roboto"), traits: context.language)
            builder.append(plain: title)
            blocks.append(builder.block(width: inner, alignment: .natural, lineHeight: sp(14) * 1.172))
        }
        var body = StyledTextBuilder(base: BaseTextStyle(fontSize: sp(13), weight: .regular, color: textColor,
                                                         linkColor: textColor, family: "Roboto"), traits: context.language)
        body.append(plain: text)
        blocks.append(body.block(width: inner, alignment: .natural, lineHeight: sp(13) * 1.172 + 3))
        let heights = blocks.map { context.measurer.measure($0).size.height }
        let gap = blocks.count > 1 ? 4.0 : 0
        let height = context.snap(12 + heights.reduce(0, +) + gap + 12)
        let frame = Rect(x: context.snap(safe.midX - width / 2), y: context.snap(safe.minY + 5), width: context.snap(width), height: height)
        let hairline = 1 / context.scale
        var items = [
            PlacedItem(id: "banner", drawable: .shape(.fill(frame, cornerRadius: 10, color: card))),
            PlacedItem(id: "banner-border", drawable: .shape(.stroke(frame.insetBy(EdgeInsets(top: hairline / 2, left: hairline / 2,
                                                                                            bottom: hairline / 2, right: hairline / 2)),
                                                                     cornerRadius: 10, color: border, width: hairline, dash: []))),
        ]
        var y = frame.y + 12
        for (index, block) in blocks.enumerated() {
            items.append(PlacedItem(id: index == blocks.count - 1 ? "banner-text" : "banner-title", drawable: .text(PlacedText(
                origin: Point(x: frame.x + 15, y: context.snap(y)), size: Size(width: inner, height: heights[index]), block: block))))
            y += heights[index] + gap
        }
        return items
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
