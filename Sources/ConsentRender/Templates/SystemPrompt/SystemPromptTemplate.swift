/// iOS's system permission prompts (`--screen prompt:<kind>`): the system alert over the app's
/// screen, dimmed, in iOS 26's look (Liquid Glass: 320 pt, leading-aligned text, capsule buttons)
/// or iOS 13–18's (270 pt, centred text, blurred material, hairline-separated buttons).
///
/// Measurements are `shared/reference/ios-metrics.md` §7.1 (iOS 26) and §4.1 (iOS 18). The words
/// come resolved in `ScreenContent.prompt`; the system's own look never takes the document's style.
struct SystemPromptTemplate: ScreenTemplate {
    public init() {}

    public var id: TemplateID { .systemPrompt }
    public var summary: String { "iOS's permission prompt (--screen prompt:<kind>) over the dimmed app" }
    public var showsAppBehind: Bool { true }
    public var lintRules: [PageLintRule] { [] }
    /// The consent rules judge the app's own dialog; iOS draws this one. Only the glyph check
    /// (a character no font has would be this render's fault) and the format-specifier check (a
    /// purpose string's `%@` is shown as written) stay. The purpose strings are
    /// checked from the app's files (`PromptLint`).
    public var exemptRules: Set<LintRule> { Set(LintRule.builtIn).subtracting([.missingGlyphs, .formatSpecifier]) }

    public func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        guard let prompt = content.prompt else {
            preconditionFailure("The system-prompt template lays out only content with a resolved prompt")
        }
        let look = AlertLook(prompt.look, appearance: context.traits.appearance,
                             accessibilitySize: context.traits.sizeCategory.isAccessibilitySize)
        let safe = context.safeRect
        let width = context.snap(min(look.width, max(1, safe.width - 2 * look.screenMargin)))
        let textWidth = max(1, width - 2 * look.textInset)
        let category = context.traits.sizeCategory
        let traits = context.language

        // Title and message, measured at the alert's own text styles (they follow Dynamic Type).
        let titleSize = AppleTextStyle.headline.size(at: category)
        var titleBuilder = StyledTextBuilder(base: BaseTextStyle(fontSize: titleSize, weight: .semibold, color: look.titleColor,
                                                                 linkColor: look.titleColor), traits: traits)
        titleBuilder.append(plain: prompt.title)
        var titleBlock = titleBuilder.block(width: textWidth, alignment: look.textAlignment, lineHeight: titleSize * 22 / 17)
        titleBlock.hyphenates = true
        let titleHeight = context.measurer.measure(titleBlock).size.height

        let messageSize = look.messageStyle.size(at: category)
        let messageTraits = LanguageTraits(tag: prompt.messageLanguage)
        var messageBuilder = StyledTextBuilder(base: BaseTextStyle(fontSize: messageSize, weight: context.traits.boldText ? .semibold : .regular,
                                                                   color: look.messageColor, linkColor: look.messageColor),
                                               traits: messageTraits)
        messageBuilder.append(plain: prompt.message)
        // The message aligns to the system's leading edge, like the title, whatever its own
        // language's direction (an English purpose string in a Hebrew alert sits on the right).
        let messageAlignment: TextAlignment = look.textAlignment != .leading || messageTraits.isRightToLeft == traits.isRightToLeft
            ? look.textAlignment : traits.isRightToLeft ? .leadingRightToLeft : .leadingLeftToRight
        var messageBlock = messageBuilder.block(width: textWidth, alignment: messageAlignment,
                                                lineHeight: messageSize * look.messageLineHeight)
        messageBlock.hyphenates = true
        let messageMeasurement = context.measurer.measure(messageBlock)

        // Buttons: side by side when the kind allows and both labels fit half the row, else stacked.
        let buttonSize = AppleTextStyle.body.size(at: category)
        let actions = prompt.actions
        let rowWidth = width - 2 * look.buttonInset
        let halfWidth = (rowWidth - look.buttonGap) / 2
        func labelBlock(_ action: PromptContent.Action, width: Double) -> TextBlock {
            let preferred = look.boldsPreferred && prompt.kind.preferredRole == action.role
            let weight: FontWeight = preferred || context.traits.boldText ? .semibold : look.buttonWeight
            var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: buttonSize, weight: weight, color: look.buttonLabelColor,
                                                                linkColor: look.buttonLabelColor), traits: traits)
            builder.append(plain: action.label)
            return builder.block(width: max(1, width), alignment: .center, lineHeight: buttonSize * 22 / 17)
        }
        let sideBySide = !prompt.kind.stacksButtons && actions.count == 2 && actions.allSatisfy { action in
            let single = labelBlock(action, width: 10_000)
            return context.measurer.measure(single).size.width <= halfWidth - 2 * look.buttonLabelPadding
        }
        let buttonWidth = sideBySide ? halfWidth : rowWidth
        let labels = actions.map { labelBlock($0, width: buttonWidth - 2 * look.buttonLabelPadding) }
        let labelHeights = labels.map { context.measurer.measure($0).size.height }
        let buttonHeights = labelHeights.map { max(look.buttonHeight, context.snap($0 + 2 * look.buttonLabelVerticalPadding)) }
        let buttonsHeight = sideBySide
            ? (buttonHeights.max() ?? 0)
            : buttonHeights.reduce(0, +) + look.buttonGap * Double(max(0, actions.count - 1))

        // The header (title, message, the location map) above the buttons, in its own
        // coordinates: its top is `topInset` below the alert's.
        let hasMap = prompt.kind.showsMap
        let messageTop = titleHeight + look.titleToMessage
        let messageAtOrigin = MeasuredBlock(placed: PlacedText(origin: Point(x: 0, y: 0),
                                                               size: Size(width: textWidth, height: messageMeasurement.size.height),
                                                               block: messageBlock),
                                            measurement: messageMeasurement)
        let messageHeight = foldHeight(of: [messageAtOrigin], contentHeight: messageMeasurement.size.height, available: .infinity,
                                       scale: context.scale)
        let mapTop = messageTop + messageHeight + look.messageToMap
        let headerHeight = hasMap ? mapTop + look.mapHeight : messageTop + messageHeight
        let buttonsGap = hasMap ? look.mapToButtons : look.messageToButtons
        let chrome = look.topInset + buttonsGap + buttonsHeight + look.bottomInset

        // An alert taller than the safe area (a phone in landscape, the largest text sizes) keeps
        // its buttons and scrolls its header, cut at a whole line, as iOS's alert scrolls.
        let maximumHeight = max(1, safe.height - 2 * look.screenMargin)
        let overflows = chrome + headerHeight > maximumHeight + 1e-6
        var headerViewport = headerHeight
        if overflows {
            let title = MeasuredBlock(placed: PlacedText(origin: Point(x: 0, y: 0), size: Size(width: textWidth, height: titleHeight),
                                                         block: titleBlock),
                                      measurement: context.measurer.measure(titleBlock))
            // At least the title's first whole line stays in view, however little room is left.
            let firstLine = title.measurement.lines.first?.maxY ?? titleHeight
            let available = max(min(headerHeight, max(look.minimumHeader, firstLine)), maximumHeight - chrome)
            let wholeFirstLine = (firstLine * context.scale - 1e-6).rounded(.up) / context.scale
            headerViewport = max(wholeFirstLine, foldHeight(of: [title, messageAtOrigin.offsetBy(dx: 0, dy: messageTop)],
                                                            contentHeight: headerHeight, available: available, scale: context.scale))
        }
        let height = context.snap(min(chrome + headerViewport, maximumHeight))
        let alert = Rect(x: context.snap(safe.midX - width / 2), y: context.snap(safe.midY - height / 2), width: width, height: height)
        let headerTop = context.snap(alert.y + look.topInset)
        let headerClip: Rect? = overflows ? Rect(x: alert.x, y: headerTop, width: width, height: headerViewport) : nil

        var items: [PlacedItem] = []
        if look.blurSigma > 0 {
            items.append(PlacedItem(id: "alert-blur", drawable: .shape(.backdropBlur(alert, cornerRadius: look.cornerRadius,
                                                                                    sigma: look.blurSigma))))
        }
        let surface = PlacedItem(id: "alert", drawable: .shape(.fill(alert, cornerRadius: look.cornerRadius, color: look.material)))
        items.append(surface)
        if let rim = look.rim {
            let inset = 0.5 / context.scale
            items.append(PlacedItem(id: "alert-rim", drawable: .shape(.stroke(
                Rect(x: alert.x + inset, y: alert.y + inset, width: alert.width - 2 * inset, height: alert.height - 2 * inset),
                cornerRadius: look.cornerRadius - inset, color: rim, width: 1 / context.scale, dash: []))))
        }
        let textX = alert.x + look.textInset
        let title = PlacedText(origin: Point(x: textX, y: headerTop), size: Size(width: textWidth, height: titleHeight), block: titleBlock)
        let titleItem = PlacedItem(id: "title", drawable: .text(title), clip: headerClip)
        items.append(titleItem)
        let messageRect = Rect(x: textX, y: context.snap(headerTop + messageTop), width: textWidth, height: messageHeight)
        // The part of the message the header shows (all of it unless the header scrolls).
        let viewport = headerClip.map { clip in
            messageRect.intersection(clip) ?? Rect(x: messageRect.x, y: min(messageRect.y, clip.maxY), width: messageRect.width, height: 0)
        } ?? messageRect
        var message = messageAtOrigin.placed
        message.origin = Point(x: messageRect.x, y: messageRect.y)
        let messageItem = PlacedItem(id: "body-0", drawable: .text(message), clip: viewport)
        items.append(messageItem)
        var bodySemantics = BodySemantics(viewport: viewport, contentHeight: messageMeasurement.size.height, blockIDs: [messageItem.ref])
        if let headerClip {
            // The header's scroll indicator, at the top of its track on the trailing edge.
            let track = headerClip.insetBy(EdgeInsets(top: 3, left: 0, bottom: 3, right: 0))
            let x = traits.isRightToLeft ? alert.x + 6 : alert.maxX - 9
            let indicator = Rect(x: x, y: track.y, width: 3, height: max(18, track.height * headerViewport / headerHeight))
            let indicatorItem = PlacedItem(id: "scroll-indicator", drawable: .shape(.fill(indicator, cornerRadius: 1.5,
                                                                                          color: look.messageColor.withAlpha(0.5))))
            items.append(indicatorItem)
            bodySemantics.indicatorID = indicatorItem.ref
        }
        var cursor = headerClip?.maxY ?? messageRect.maxY
        if hasMap {
            let map = Rect(x: alert.x + look.mapInset, y: context.snap(headerTop + mapTop), width: width - 2 * look.mapInset,
                           height: look.mapHeight)
            items += MapPanel(rect: map, cornerRadius: look.mapCornerRadius, appearance: context.traits.appearance,
                              reducedAccuracy: prompt.reducedAccuracy)
                .items(preciseLabel: prompt.preciseLabel, traits: traits, category: category, in: context)
                .map { item in
                    guard let headerClip else { return item }
                    var clipped = item
                    clipped.clip = (item.clip ?? map).intersection(headerClip) ?? Rect(x: map.x, y: headerClip.maxY, width: 0, height: 0)
                    return clipped
                }
            if headerClip == nil { cursor = map.maxY }
        }

        // The buttons, with the hairlines of iOS 18 between them.
        var buttons: [ButtonSemantics] = []
        let buttonsTop = context.snap(cursor + buttonsGap)
        if look.separators {
            let hairline = 1 / context.scale
            items.append(PlacedItem(id: "separator-top", drawable: .shape(.fill(
                Rect(x: alert.x, y: buttonsTop - hairline, width: width, height: hairline), cornerRadius: 0, color: look.separatorColor))))
        }
        // Buttons that do not fit even under a one-line header are cut at the alert's edge.
        let buttonsClip: Rect? = buttonsTop + buttonsHeight + look.bottomInset > alert.maxY + 1e-6 ? alert : nil
        let buttonsClipRadius: Double? = buttonsClip == nil ? nil : look.cornerRadius
        var y = buttonsTop
        for (index, action) in actions.enumerated() {
            let slot = sideBySide && traits.isRightToLeft ? actions.count - 1 - index : index
            let x = sideBySide ? alert.x + look.buttonInset + Double(slot) * (halfWidth + look.buttonGap) : alert.x + look.buttonInset
            let rect = Rect(x: context.snap(x), y: sideBySide ? buttonsTop : y, width: context.snap(buttonWidth),
                            height: sideBySide ? buttonsHeight : buttonHeights[index])
            let id = "button-\(action.role.rawValue)"
            let shape = PlacedItem(id: id, drawable: .shape(.fill(rect, cornerRadius: look.capsules ? min(rect.height / 2, look.buttonHeight / 2) : 0,
                                                                  color: look.buttonFill)), clip: buttonsClip,
                                   clipCornerRadius: buttonsClipRadius)
            items.append(shape)
            let label = PlacedText(origin: Point(x: rect.x + look.buttonLabelPadding,
                                                 y: context.snap(rect.midY - labelHeights[index] / 2)),
                                   size: Size(width: rect.width - 2 * look.buttonLabelPadding, height: labelHeights[index]),
                                   block: labels[index])
            let labelItem = PlacedItem(id: "\(id)-label", drawable: .text(label), clip: buttonsClip, clipCornerRadius: buttonsClipRadius)
            items.append(labelItem)
            // A button cut at the alert's edge is tappable where it shows.
            let shown = buttonsClip.map { rect.intersection($0) ?? Rect(x: rect.x, y: $0.maxY, width: rect.width, height: 0) } ?? rect
            buttons.append(ButtonSemantics(role: action.role, label: action.label, rect: shown, shapeID: shape.ref, labelID: labelItem.ref))
            if look.separators && index < actions.count - 1 {
                let hairline = 1 / context.scale
                let line = sideBySide
                    ? Rect(x: context.snap(alert.x + halfWidth), y: buttonsTop, width: hairline, height: buttonsHeight)
                    : Rect(x: alert.x, y: rect.maxY, width: width, height: hairline)
                items.append(PlacedItem(id: "separator-\(index)", drawable: .shape(.fill(line, cornerRadius: 0, color: look.separatorColor))))
            }
            y = rect.maxY + look.buttonGap
        }

        var page = PageBuilder()
        page.add("backdrop", .shape(.screenFill(context.theme.backdrop)), to: .backdrop)
        if let app = prompt.backdrop {
            page.add("app-backdrop", .image(PlacedImage(png: app.png, rect: context.screenRect, fit: .aspectFill, source: app.path)),
                     to: .backdrop)
        }
        page.add("scrim", .shape(.fill(context.screenRect, cornerRadius: 0, color: look.dimming)), to: .scrim)
        page.add(items, to: .content)
        var semantics = PageSemantics(surfaceID: surface.ref, titleID: titleItem.ref, body: bodySemantics, buttons: buttons, links: [],
                                      tint: look.buttonLabelColor, declaredActions: actions.map(\.role))
        // Measured: an iPhone 11 capture of iOS 14's ATT alert shows no home indicator (docs/fidelity.md);
        // iOS 26's alert keeps it, no capture showing otherwise.
        if prompt.look == .ios18 { semantics.hidesHomeIndicator = true }
        return try page.page(in: context, semantics: semantics)
    }
}

extension PromptKind {
    /// The action iOS 18 sets in semibold (the alert's preferred action), if any.
    var preferredRole: ButtonRole? {
        switch self {
        case .notifications: .allow
        case .camera, .contacts, .microphone, .bluetooth, .faceID, .photosAdd, .siri, .speech, .motion, .localNetwork, .mediaLibrary: .ok
        case .calendar, .reminders: .allowFull
        case .calendarWriteOnly: .allow
        // Which of the three or two is bold on iOS 18 has no source: none is.
        case .att, .location, .photos, .locationAlways: nil
        // Android's alone; iOS draws none of them.
        case .phone, .sms, .callLog, .bodySensors: nil
        }
    }
}

/// The measurements and colours of one iOS's system alert.
struct AlertLook {
    var width: Double
    var cornerRadius: Double
    var screenMargin = 16.0
    var textInset: Double
    var topInset: Double
    var titleToMessage: Double
    var messageStyle: AppleTextStyle
    var messageLineHeight: Double
    var messageToMap: Double
    var mapHeight = 150.0
    var mapInset: Double
    var mapCornerRadius: Double
    var messageToButtons: Double
    /// From the location map to the first button (iOS 18's map meets the hairline).
    var mapToButtons: Double
    /// The least of the header an alert taller than the screen keeps in view, scrolling the rest.
    var minimumHeader = 44.0
    var buttonHeight: Double
    var buttonInset: Double
    var buttonGap: Double
    var bottomInset: Double
    var buttonLabelPadding: Double
    var buttonLabelVerticalPadding: Double
    var textAlignment: TextAlignment
    var buttonWeight: FontWeight
    var boldsPreferred: Bool
    var capsules: Bool
    var separators: Bool
    var blurSigma: Double
    var dimming: Color
    var material: Color
    var rim: Color?
    var titleColor: Color
    var messageColor: Color
    var buttonFill: Color
    var buttonLabelColor: Color
    var separatorColor: Color
    /// The dimmed flat backdrop the material usually sits on, for the colour a fade would blend into.
    var dimmedBackdropGuess: Color

    init(_ version: SystemLook, appearance: Appearance, accessibilitySize: Bool) {
        let dark = appearance == .dark
        // §7.1: black 20 % (light) or 48 % (dark) over the app, on iOS 26 and before it.
        dimming = Color(red: 0, green: 0, blue: 0, alpha: dark ? 0.48 : 0.2)
        dimmedBackdropGuess = dark ? Color(red: 0, green: 0, blue: 0) : Color(red: 0xC2, green: 0xC2, blue: 0xC6)
        titleColor = dark ? Color(red: 255, green: 255, blue: 255) : Color(red: 0, green: 0, blue: 0)
        separatorColor = dark ? Color(red: 84, green: 84, blue: 88, alpha: 0.6) : Color(red: 60, green: 60, blue: 67, alpha: 0.29)
        switch version {
        case .ios26:
            width = accessibilitySize ? 379 : 320
            cornerRadius = 35
            textInset = 30
            topInset = 22
            // Measured on a 1-pt-per-pixel crop of an iOS 26 alert: the message's ink starts 55 pt
            // below the card's top, 3 pt above where 8 pt put it (docs/fidelity.md row 11).
            titleToMessage = 5
            messageStyle = .subheadline
            messageLineHeight = 20.0 / 15
            messageToMap = 16
            mapInset = 16
            mapCornerRadius = 19
            messageToButtons = 20
            mapToButtons = 20
            buttonHeight = 48
            buttonInset = 16
            buttonGap = 8
            bottomInset = 16
            buttonLabelPadding = 12
            buttonLabelVerticalPadding = 13
            textAlignment = .leading
            buttonWeight = .medium
            boldsPreferred = false
            capsules = true
            separators = false
            blurSigma = 20
            // Light: measured ≈ white at 70 % over the dimmed backdrop, with a brighter 1-px rim.
            // Dark: not measured anywhere (§7.4); a dark glass of the same opacity is this tool's choice.
            material = dark ? Color(red: 0x26, green: 0x26, blue: 0x28, alpha: 0.78) : Color(red: 255, green: 255, blue: 255, alpha: 0.7)
            rim = dark ? Color(red: 255, green: 255, blue: 255, alpha: 0.14) : Color(red: 255, green: 255, blue: 255, alpha: 0.55)
            messageColor = dark ? Color(red: 0xA1, green: 0xA1, blue: 0xA7) : Color(red: 0x6F, green: 0x6F, blue: 0x75)
            buttonFill = dark ? Color(red: 0x3A, green: 0x3A, blue: 0x3C) : Color(red: 0xE0, green: 0xE0, blue: 0xE2)
            buttonLabelColor = titleColor
        case .ios18:
            width = accessibilitySize ? 310 : 270
            cornerRadius = 14
            textInset = 16
            // Measured on an iPhone 11 capture of iOS 14's ATT alert (docs/fidelity.md rows 9, 10):
            // the title's ink starts 46 px (23 pt) below the card's top, and the message's lines are
            // 32 px (16 pt) apart at 13 pt.
            topInset = 18.5
            titleToMessage = 2
            messageStyle = .footnote
            messageLineHeight = 16.0 / 13
            messageToMap = 14
            mapInset = 0
            mapCornerRadius = 0
            messageToButtons = 20
            mapToButtons = 0
            buttonHeight = 44
            buttonInset = 0
            buttonGap = 0
            bottomInset = 0
            buttonLabelPadding = 8
            buttonLabelVerticalPadding = 11
            textAlignment = .center
            buttonWeight = .regular
            boldsPreferred = true
            capsules = false
            separators = true
            blurSigma = 20
            material = dark ? Color(red: 0x1E, green: 0x1E, blue: 0x1E, alpha: 0.75) : Color(red: 0xF2, green: 0xF2, blue: 0xF2, alpha: 0.8)
            rim = nil
            messageColor = titleColor
            buttonFill = Color(red: 0, green: 0, blue: 0, alpha: 0)
            buttonLabelColor = dark ? Color(red: 0x0A, green: 0x84, blue: 0xFF) : Color(red: 0x00, green: 0x7A, blue: 0xFF)
        }
    }
}
