import Foundation

/// The login page itself, placed: the header (logo, title, a one-tap login's masked number), the
/// form (field, button, agreement line) and the other login methods.
///
/// Portrait (and iPad): one centred column; the other methods sit at the bottom of the safe area,
/// or follow the form where the bottom has no room. A phone in landscape: the header and the other
/// methods in the leading column, the form in the trailing one, so the page fits without scrolling.
struct LoginPage {
    var content: ScreenContent
    var strings: LoginStrings
    var agreement: LoginAgreement
    /// Whether the box is drawn ticked, and whether the user ticked it (the `ticked` state).
    var ticked: Bool
    var tickedByUser: Bool
    /// The login button of `whenUnticked: disabled` before the tick.
    var dimmedLogin: Bool
    /// The agreement line at the shake's furthest point, its box outlined in red.
    var shaken: Bool

    struct Placement {
        var items: [PlacedItem]
        var titleID: ItemRef
        var body: BodySemantics
        var buttons: [ButtonSemantics]
        var links: [PlacedLink]
        var declared: [ButtonRole]
    }

    func place(in context: LayoutContext) -> Placement {
        let metrics = context.metrics.login
        let theme = context.theme
        let safe = context.safeRect
        let rtl = context.language.isRightToLeft
        let login = content.settings.login
        let oneTap = login.method == .oneTap
        let twoColumns = context.profile.idiom == .phone && context.orientation == .landscape
        let secondary = Self.secondary(theme)

        // Columns: one centred, or header leading and form trailing.
        let columnWidth: Double, headerX: Double, formX: Double
        if twoColumns {
            columnWidth = context.snap(min((safe.width - 3 * metrics.sideMargin) / 2, metrics.maximumColumnWidth))
            let leading = context.snap(safe.minX + metrics.sideMargin)
            let trailing = context.snap(safe.maxX - metrics.sideMargin - columnWidth)
            (headerX, formX) = rtl ? (trailing, leading) : (leading, trailing)
        } else {
            columnWidth = context.snap(min(safe.width - 2 * metrics.sideMargin, metrics.maximumColumnWidth))
            headerX = context.snap(safe.midX - columnWidth / 2)
            formX = headerX
        }
        // A phone's navigation bar is compact (32 pt) in landscape.
        let top = context.snap(safe.minY + (twoColumns ? metrics.compactNavigationBarHeight : metrics.navigationBarHeight) + metrics.titleTop)
        var items: [PlacedItem] = []
        var links: [LinkSource] = []

        // Header: logo, title, and a one-tap login's number with its carrier's note.
        var y = top
        let alignment: TextAlignment = oneTap ? .center : .leading
        if let logo = login.logo.flatMap({ content.assets[$0] }) {
            let x = oneTap ? headerX + (columnWidth - metrics.logoSide) / 2 : rtl ? headerX + columnWidth - metrics.logoSide : headerX
            let box = Rect(x: context.snap(x), y: y, width: metrics.logoSide, height: metrics.logoSide)
            items.append(PlacedItem(id: "login-logo", drawable: .image(PlacedImage(png: logo, rect: Self.fitted(logo, in: box, context: context),
                                                                                    source: login.logo))))
            y = context.snap(y + metrics.logoSide + metrics.logoToTitleSpacing)
        }
        let titleStyle = context.textStyle(.loginTitle, color: Self.primary(theme), linkColor: theme.link)
        var titleBuilder = StyledTextBuilder(base: titleStyle, traits: context.language)
        titleBuilder.append(content.title, links: &links)
        let titleBlock = titleBuilder.block(width: columnWidth, alignment: alignment,
                                            lineHeight: titleStyle.fontSize * context.language.displayLineHeightMultiple,
                                            maximumLines: context.metrics.text.titleMaximumLines)
        let titleMeasurement = context.measurer.measure(titleBlock)
        let title = PlacedText(origin: Point(x: headerX, y: y), size: Size(width: columnWidth, height: titleMeasurement.size.height),
                               block: titleBlock)
        let titleItem = PlacedItem(id: "login-title", drawable: .text(title))
        items.append(titleItem)
        y = context.snap(y + titleMeasurement.size.height)
        if oneTap {
            y = context.snap(y + (twoColumns ? metrics.compactGroupSpacing : metrics.titleToFieldSpacing))
            let number = context.place(context.textBlock(login.maskedNumber, role: .maskedNumber, color: Self.primary(theme), width: columnWidth,
                                                         alignment: .center, maximumLines: 1), at: Point(x: headerX, y: y))
            items.append(PlacedItem(id: "login-number", drawable: .text(number)))
            y = context.snap(y + number.size.height + metrics.numberToNoteSpacing)
            let note = context.place(context.textBlock(strings.carrierNote, role: .caption, color: secondary, width: columnWidth,
                                                       alignment: .center, maximumLines: 2), at: Point(x: headerX, y: y))
            items.append(PlacedItem(id: "login-carrier-note", drawable: .text(note)))
            y = context.snap(y + note.size.height)
        }
        let headerBottom = y

        // Form: the field (phone), the login button (and another number, one-tap), the agreement line.
        y = twoColumns ? top : context.snap(headerBottom + (oneTap ? metrics.noteToButtonSpacing : metrics.titleToFieldSpacing))
        if !oneTap {
            let field = Rect(x: formX, y: y, width: columnWidth, height: metrics.fieldHeight)
            items += phoneField(field, in: context)
            y = context.snap(field.maxY + metrics.fieldToButtonSpacing)
        }
        var buttonMetrics = context.metrics.buttons
        buttonMetrics.minimumHeight = metrics.buttonHeight
        var colors = ButtonGroup.Colors(theme: theme)
        if dimmedLogin { colors.filled = colors.filled.withAlpha(colors.filled.alpha * metrics.disabledOpacity) }
        var actions: [ButtonGroup.Action] = [.init(role: .login, label: oneTap ? strings.oneTap : strings.sendCode)]
        if oneTap { actions.append(.init(role: .otherLogin, label: strings.otherNumber, prominence: .plain)) }
        let group = ButtonGroup(actions: actions, metrics: buttonMetrics, colors: colors, idPrefix: "login-button")
        let placedButtons = group.place(.vertical, at: Point(x: formX, y: y), width: columnWidth, in: context)
        items += placedButtons.items
        var buttons = placedButtons.buttons
        if dimmedLogin, let index = buttons.firstIndex(where: { $0.role == .login }) { buttons[index].disabled = true }
        y = context.snap(y + placedButtons.height + metrics.buttonToAgreementSpacing)

        // The agreement line, with its box on the leading side, centred on the first line.
        let hasBox = agreement.box != nil
        // The box grows with the text (at least its designed side), as a checkbox set in the line's font.
        let boxSide = max(metrics.boxSide, (context.fontSize(.agreement) * 1.15).rounded())
        let shift = shaken ? (rtl ? -metrics.shakeOffset : metrics.shakeOffset) : 0
        let indent = hasBox ? boxSide + metrics.boxToTextSpacing : 0
        let textWidth = max(1, columnWidth - indent)
        let textX = context.snap((rtl ? formX : formX + indent) + shift)
        var bodyText = BodyText(context: context, color: secondary, linkColor: theme.link)
        bodyText.bodyRole = .agreement
        let column = bodyText.layoutColumn(agreement.blocks, width: textWidth, links: &links)
        let blocks = column.placed.blocks.map { block in
            var moved = block.offsetBy(dx: textX, dy: y)
            moved.placed.origin = Point(x: context.snap(moved.placed.origin.x), y: context.snap(moved.placed.origin.y))
            return moved
        }
        // The viewport holds the box and the words (where the shake moved them): the whole line is on screen, nothing scrolls.
        let viewport = Rect(x: context.snap(formX + shift), y: y, width: columnWidth, height: context.snap(column.height + 1 / context.scale))
        let blockItems = blocks.enumerated().map { index, block in PlacedItem(id: "login-agreement-\(index)", drawable: .text(block.placed)) }
        items += blockItems
        var body = BodySemantics(viewport: viewport, contentHeight: column.height, blockIDs: blockItems.map(\.ref))
        if let first = blocks.first, let line = first.measurement.lines.first {
            if hasBox {
                let lineMid = first.placed.origin.y + line.midY
                let boxX = rtl ? formX + columnWidth - boxSide + shift : formX + shift
                let box = Rect(x: context.snap(boxX), y: context.snap(lineMid - boxSide / 2), width: boxSide, height: boxSide)
                items += checkbox(box, in: context)
                var semantics = BodyCheckbox(rect: box, checked: ticked,
                                             text: agreement.blocks.map { ATTSectionBuilder.inlines(of: $0).plainText }.joined(separator: " "))
                semantics.tickedByUser = tickedByUser ? true : nil
                body.checkboxes = [semantics]
            }
        }
        let formBottom = viewport.maxY

        // The other methods: at the bottom of the column that has room.
        if !login.otherMethods.isEmpty {
            let (methodItems, methodButtons, height) = otherMethods(login.otherMethods, x: twoColumns ? headerX : formX, width: columnWidth,
                                                                    in: context)
            let pinned = context.snap(safe.maxY - (twoColumns ? metrics.compactOtherMethodsBottomMargin : metrics.otherMethodsBottomMargin) - height)
            var dx = 0.0
            let gap = twoColumns ? metrics.compactGroupSpacing : metrics.otherMethodsSpacing
            var methodsTop = max(pinned, context.snap((twoColumns ? headerBottom : formBottom) + gap))
            // In landscape, under the form when the header leaves them no room and the form does.
            if twoColumns, methodsTop > pinned, formBottom + gap <= pinned {
                dx = formX - headerX
                methodsTop = pinned
            }
            items += methodItems.map { $0.offsetBy(dx: dx, dy: methodsTop) }
            buttons += methodButtons.map { button in
                var moved = button
                moved.rect = button.rect.offsetBy(dx: dx, dy: methodsTop)
                return moved
            }
        }
        return Placement(items: items, titleID: titleItem.ref, body: body, buttons: buttons,
                         links: placeLinks(links, title: MeasuredBlock(placed: title, measurement: titleMeasurement), body: blocks,
                                           viewport: viewport),
                         declared: actions.map(\.role))
    }

    /// The largest rectangle of `png`'s proportions that fits in `box`, centred (aspect fit).
    static func fitted(_ png: Data, in box: Rect, context: LayoutContext) -> Rect {
        guard case let .success(header) = PNGFileHeader.read(png), header.width > 0, header.height > 0 else { return box }
        let scale = min(box.width / Double(header.width), box.height / Double(header.height))
        let size = Size(width: Double(header.width) * scale, height: Double(header.height) * scale)
        return Rect(x: context.snap(box.midX - size.width / 2), y: context.snap(box.midY - size.height / 2), width: size.width, height: size.height)
    }

    /// The phone field: a rounded grey field holding the country code, a chevron, a hairline and
    /// the placeholder.
    private func phoneField(_ field: Rect, in context: LayoutContext) -> [PlacedItem] {
        let metrics = context.metrics.login
        let theme = context.theme
        let rtl = context.language.isRightToLeft
        var items = [PlacedItem(id: "login-field", drawable: .shape(.fill(field, cornerRadius: metrics.fieldCornerRadius,
                                                                          color: theme.palette.pageSecondaryFill)))]
        let inner = field.width - 2 * metrics.fieldPadding
        var code = context.textBlock(strings.countryCode, role: .field, color: Self.primary(theme), width: inner, maximumLines: 1)
        let codeSize = context.measurer.measure(code).size
        code.width = code.shrinkWrapped(codeSize.width)
        let textY = context.snap(field.midY - codeSize.height / 2)
        // From the leading edge: code, chevron, hairline, placeholder (mirrored right to left).
        func x(_ offset: Double, width: Double) -> Double {
            rtl ? field.maxX - metrics.fieldPadding - offset - width : field.minX + metrics.fieldPadding + offset
        }
        items.append(PlacedItem(id: "login-country-code", drawable: .text(PlacedText(
            origin: Point(x: context.snap(x(0, width: code.width)), y: textY), size: Size(width: code.width, height: codeSize.height),
            block: code))))
        let chevronX = x(code.width + 6, width: 8)
        let chevronTop = field.midY - 2
        items.append(PlacedItem(id: "login-country-chevron", drawable: .shape(.polygon(
            [Point(x: chevronX, y: chevronTop), Point(x: chevronX + 8, y: chevronTop), Point(x: chevronX + 4, y: chevronTop + 5)],
            color: Self.secondary(theme)))))
        let rule = x(code.width + 6 + 8 + 12, width: 0)
        items.append(PlacedItem(id: "login-field-rule", drawable: .shape(.line(
            from: Point(x: rule, y: field.midY - 10), to: Point(x: rule, y: field.midY + 10), color: theme.palette.separator,
            width: 1 / context.scale))))
        let used = code.width + 6 + 8 + 12 + 12
        let placeholderWidth = max(1, inner - used)
        let placeholder = context.textBlock(strings.phonePlaceholder, role: .field, color: theme.label.withAlpha(0.3),
                                            width: placeholderWidth, maximumLines: 1)
        items.append(PlacedItem(id: "login-placeholder", drawable: .text(context.place(
            placeholder, at: Point(x: context.snap(x(used, width: placeholderWidth)), y: textY)))))
        return items
    }

    /// The agreement box: a circle, as Chinese apps draw it; filled with the accent and a white
    /// check when ticked, a grey ring when not (red at the shake).
    private func checkbox(_ box: Rect, in context: LayoutContext) -> [PlacedItem] {
        let theme = context.theme
        let side = box.width
        if ticked {
            let white = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
            let stroke = max(1.5, side * 0.12)
            let points = [Point(x: box.x + side * 0.27, y: box.y + side * 0.52), Point(x: box.x + side * 0.44, y: box.y + side * 0.68),
                          Point(x: box.x + side * 0.74, y: box.y + side * 0.35)]
            return [
                PlacedItem(id: "login-box", drawable: .shape(.fill(box, cornerRadius: side / 2, color: theme.accentFill))),
                PlacedItem(id: "login-box-check-0", drawable: .shape(.line(from: points[0], to: points[1], color: white, width: stroke))),
                PlacedItem(id: "login-box-check-1", drawable: .shape(.line(from: points[1], to: points[2], color: white, width: stroke))),
            ]
        }
        let red = theme.appearance == .dark ? Color(red: 0xFF, green: 0x45, blue: 0x3A) : Color(red: 0xFF, green: 0x3B, blue: 0x30)
        let ring = box.insetBy(EdgeInsets(top: 0.75, left: 0.75, bottom: 0.75, right: 0.75))
        return [PlacedItem(id: "login-box", drawable: .shape(.stroke(ring, cornerRadius: ring.width / 2,
                                                                      color: shaken ? red : Self.boxOutline(theme), width: 1.5, dash: [])))]
    }

    /// The other methods, relative to the block's top: a title between hairlines, then a row of
    /// round buttons with their names under them. Returns the items, the buttons and the height.
    private func otherMethods(_ methods: [LoginScreen.OtherMethod], x: Double, width: Double, in context: LayoutContext)
        -> (items: [PlacedItem], buttons: [ButtonSemantics], height: Double) {
        let metrics = context.metrics.login
        let theme = context.theme
        let secondary = Self.secondary(theme)
        // The row's names grow with the text size up to xxLarge, as apps cap a fixed row of icons
        // (UIKit's maximumContentSizeCategory); larger, they would not fit under their circles.
        let context = context.capped(at: .xxLarge)
        var items: [PlacedItem] = []
        var title = context.textBlock(strings.otherMethods, role: .caption, color: secondary, width: width, alignment: .center, maximumLines: 1)
        let titleSize = context.measurer.measure(title).size
        title.width = min(width, title.shrinkWrapped(titleSize.width))
        let titleX = context.snap(x + (width - title.width) / 2)
        items.append(PlacedItem(id: "login-other-title", drawable: .text(PlacedText(
            origin: Point(x: titleX, y: 0), size: Size(width: title.width, height: titleSize.height), block: title))))
        let ruleY = context.snap(titleSize.height / 2)
        let gap = 12.0
        for (index, span) in [(x, titleX - gap), (titleX + title.width + gap, x + width)].enumerated() where span.1 - span.0 > 8 {
            items.append(PlacedItem(id: "login-other-rule-\(index)", drawable: .shape(.line(
                from: Point(x: span.0, y: ruleY), to: Point(x: span.1, y: ruleY), color: theme.palette.separator, width: 1 / context.scale))))
        }
        let side = metrics.otherMethodSide
        let count = Double(methods.count)
        // Each method's column: up to otherMethodColumnWidth wide, less where the row is full.
        let pitch = min(metrics.otherMethodColumnWidth, max(side + 8, width / count))
        let spacing = pitch - side
        let rowWidth = count * side + (count - 1) * spacing
        let rowY = context.snap(titleSize.height + metrics.otherMethodsTitleSpacing)
        var buttons: [ButtonSemantics] = []
        var bottom = rowY + side
        // In reading order; right to left, from the right.
        for (index, method) in methods.enumerated() {
            let offset = Double(index) * (side + spacing)
            let left = context.language.isRightToLeft ? x + (width + rowWidth) / 2 - offset - side : x + (width - rowWidth) / 2 + offset
            let rect = Rect(x: context.snap(left), y: rowY, width: side, height: side)
            let name = method.label.text(for: content.language) ?? ""
            let id = "login-other-\(index)"
            let shape = PlacedItem(id: id, drawable: .shape(.fill(rect, cornerRadius: side / 2, color: theme.palette.pageBackground)))
            let ring = rect.insetBy(EdgeInsets(top: 0.5, left: 0.5, bottom: 0.5, right: 0.5))
            let border = PlacedItem(id: id + "-border", drawable: .shape(.stroke(ring, cornerRadius: ring.width / 2, color: theme.neutralBorder,
                                                                                  width: 1, dash: [])))
            items += [shape, border]
            if let icon = method.icon.flatMap({ content.assets[$0] }) {
                let inset = rect.insetBy(EdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
                items.append(PlacedItem(id: id + "-icon", drawable: .image(PlacedImage(png: icon, rect: Self.fitted(icon, in: inset, context: context),
                                                                                        source: method.icon))))
            } else if let letter = name.first {
                let glyph = context.place(context.textBlock(String(letter), role: .field, color: Self.primary(theme), width: side, alignment: .center,
                                                            maximumLines: 1), at: Point(x: rect.x, y: 0))
                items.append(PlacedItem(id: id + "-letter", drawable: .text(PlacedText(
                    origin: Point(x: rect.x, y: context.snap(rect.midY - glyph.size.height / 2)), size: glyph.size, block: glyph.block))))
            }
            let labelWidth = pitch - 4
            let label = context.place(context.textBlock(name, role: .caption, color: secondary, width: labelWidth, alignment: .center,
                                                        maximumLines: 2),
                                      at: Point(x: context.snap(rect.midX - labelWidth / 2), y: rect.maxY + metrics.labelSpacing))
            let labelItem = PlacedItem(id: id + "-label", drawable: .text(label))
            items.append(labelItem)
            bottom = max(bottom, label.frame.maxY)
            // The circle and its name are one target.
            buttons.append(ButtonSemantics(role: .loginMethod, label: name, rect: rect.union(label.frame), shapeID: shape.ref,
                                           borderID: border.ref, labelID: labelItem.ref))
        }
        return (items, buttons, bottom)
    }
}

extension LoginPage {
    /// The page's main words: the title colour where the palette has one apart from its text
    /// colour (Android's looks, whose `label` is already their secondary grey), else the label.
    static func primary(_ theme: Theme) -> Color { theme.palette.titleColor ?? theme.label }

    /// Notes, the agreement line and the other methods' names: iOS's label at 60 % (its secondary
    /// label); on Android the look's own text colour (onSurfaceVariant, the Chinese look's #666666),
    /// which a further 60 % would leave too faint to read.
    static func secondary(_ theme: Theme) -> Color {
        theme.palette.titleColor == nil ? theme.label.withAlpha(0.6) : theme.label
    }

    /// The unticked box's ring: iOS's label at 35 %; Android's outline colour, which reaches 3:1.
    static func boxOutline(_ theme: Theme) -> Color {
        theme.palette.titleColor == nil ? theme.label.withAlpha(0.35) : theme.palette.neutralBorder
    }
}
