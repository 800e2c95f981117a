/// A group of N buttons, side by side or stacked, each sized to its label, all of equal size
/// (equal treatment: refusing looks as available as accepting).
///
/// `actions` are in stacking order, top first. Side by side they run in the reverse order from the
/// leading edge, so the first action (the primary one) is on the trailing side as iOS puts it; in
/// a right-to-left language the row is mirrored.
public struct ButtonGroup {
    /// How a button is drawn.
    public enum Prominence: Sendable, Equatable {
        /// Filled with the accent colour, the label in `onTint`.
        case filled
        /// A neutral fill with an outline, the label in the text colour; a decline is drawn at the
        /// style's decline opacity.
        case neutral
        /// No fill or outline, the label in the accent colour: iOS's plain text button (an
        /// explainer's "Not Now" under its Continue), the same size as the others.
        case plain
        /// A small text link under the buttons, in the secondary text colour, outside the group's
        /// equal sizes: a decline made easy to miss (a dark pattern, drawn so it can be linted).
        case link
        /// Grey text in a button's place, the same size, with no fill or outline: a choice of
        /// visibly lower weight than a filled accept (a dark pattern, drawn so it can be linted).
        case text
    }

    public struct Action: Sendable, Equatable {
        public var role: ButtonRole
        public var label: String
        public var prominence: Prominence

        public init(role: ButtonRole, label: String, prominence: Prominence? = nil) {
            self.role = role
            self.label = label
            self.prominence = prominence ?? (role.isPrimary ? .filled : .neutral)
        }
    }

    public enum Axis: Sendable, Equatable {
        /// Side by side, equal widths.
        case horizontal
        /// Full width, one above the other.
        case vertical
        /// Each as wide as its label, at the trailing edge: one row where they fit, else one per
        /// row with the primary on top (Material's dialog).
        case trailing
    }

    /// The colours buttons are drawn in.
    public struct Colors: Sendable, Equatable {
        public var filled: Color
        public var onFilled: Color
        public var neutral: Color
        public var neutralBorder: Color
        public var neutralLabel: Color
        public var separator: Color
        /// Opacity of a decline's fill, outline and label.
        public var declineOpacity: Double

        /// A theme's colours: the tint filled, the rest neutral.
        public init(theme: Theme) {
            filled = theme.accentFill
            onFilled = theme.onTint
            neutral = theme.neutralFill
            neutralBorder = theme.neutralBorder
            neutralLabel = theme.neutralLabel
            separator = theme.palette.separator
            declineOpacity = theme.declineOpacity
        }
    }

    public var actions: [Action]
    public var metrics: Metrics.Buttons
    public var colors: Colors
    /// Hairlines between the buttons, as iOS 18 alerts draw them.
    public var separators: Bool
    /// Prefix of the items' ids, unique on the page.
    public var idPrefix: String
    /// The roles from the leading edge when side by side; nil: the stacking order reversed.
    public var rowOrder: [ButtonRole]?

    public init(actions: [Action], metrics: Metrics.Buttons, colors: Colors, separators: Bool = false, idPrefix: String = "button") {
        precondition(!actions.isEmpty, "A button group needs at least one action")
        self.actions = actions
        self.metrics = metrics
        self.colors = colors
        self.separators = separators
        self.idPrefix = idPrefix
    }

    /// What a placed group draws and means.
    public struct Placement {
        public var items: [PlacedItem]
        public var buttons: [ButtonSemantics]
        /// From the group's top to its last button's bottom.
        public var height: Double

        /// The same buttons moved by whole points or pixels (labels and all).
        public func offsetBy(dx: Double, dy: Double) -> Placement {
            var moved = self
            moved.items = items.map { $0.offsetBy(dx: dx, dy: dy) }
            moved.buttons = buttons.map { button in
                var button = button
                button.rect = button.rect.offsetBy(dx: dx, dy: dy)
                return button
            }
            return moved
        }
    }

    /// The width a button needs for `label` on one line: the label and the padding each side, at
    /// least the minimum width.
    public func intrinsicWidth(of label: String, in context: LayoutContext) -> Double {
        let unbounded = labelBlock(label, color: colors.neutralLabel, width: 100_000, in: context)
        return max(metrics.minimumWidth, context.measurer.measure(unbounded).size.width + 2 * metrics.horizontalPadding)
    }

    /// The actions drawn as buttons (a link goes under them).
    private var buttonActions: [Action] { actions.filter { $0.prominence != .link } }
    private var linkActions: [Action] { actions.filter { $0.prominence == .link } }

    /// The style's arrangement; for `auto`, side by side when every button fits at equal widths
    /// in `width`, else stacked, and always stacked at the accessibility text sizes.
    public func axis(toFit width: Double, in context: LayoutContext) -> Axis {
        let actions = buttonActions
        switch metrics.arrangement {
        case .sideBySide: return .horizontal
        case .stacked: return .vertical
        case .trailing: return .trailing
        case .automatic: break
        }
        guard !context.traits.sizeCategory.isAccessibilitySize else { return .vertical }
        let widest = actions.map { intrinsicWidth(of: $0.label, in: context) }.max() ?? 0
        return Double(actions.count) * widest + Double(actions.count - 1) * metrics.spacing <= width ? .horizontal : .vertical
    }

    /// The buttons placed in a box whose top-left corner is `origin` and which is `width` wide.
    public func place(_ axis: Axis, at origin: Point, width: Double, in context: LayoutContext) -> Placement {
        let actions = buttonActions
        let count = Double(actions.count)
        var laidOut: [(action: Action, button: LaidOutButton)]
        switch axis {
        case .horizontal:
            let buttonWidth = context.snap((width - (count - 1) * metrics.spacing) / count)
            let row = rowOrder.map { order in order.compactMap { role in actions.first { $0.role == role } } } ?? Array(actions.reversed())
            // Positions from the leading edge; the last button ends at the box's trailing edge.
            let positions = row.indices.map { index in
                index == row.count - 1 ? origin.x + width - buttonWidth : origin.x + Double(index) * (buttonWidth + metrics.spacing)
            }
            let xs = context.language.isRightToLeft ? Array(positions.reversed()) : positions
            laidOut = row.enumerated().map { index, action in
                (action, button(action, at: Point(x: xs[index], y: origin.y), width: buttonWidth, in: context))
            }
            // A label that still wraps makes its button taller; keep the row's heights equal.
            let height = laidOut.map(\.button.rect.height).max() ?? 0
            laidOut = laidOut.map { ($0.action, $0.button.resized(height: height, in: context)) }
        case .trailing:
            // A point more than the measured words: letter spacing past the last letter must not wrap them.
            let widths: [Double] = actions.map { action in
                let intrinsic: Double = intrinsicWidth(of: action.label, in: context)
                return min(width, intrinsic.rounded(.up) + 1)
            }
            let row: [Int] = rowOrder.map { order in order.compactMap { role in actions.firstIndex { $0.role == role } } }
                ?? Array(actions.indices.reversed())
            let gaps = Double(max(0, row.count - 1)) * metrics.spacing
            let rowWidth: Double = row.map { widths[$0] }.reduce(0, +) + gaps
            let rtl = context.language.isRightToLeft
            if rowWidth <= width + 1e-6 {
                // One row ending at the trailing edge.
                var x = rtl ? origin.x + rowWidth : origin.x + width - rowWidth
                laidOut = row.map { index in
                    let w = widths[index]
                    defer { x += rtl ? -(w + metrics.spacing) : w + metrics.spacing }
                    return (actions[index], button(actions[index], at: Point(x: context.snap(rtl ? x - w : x), y: origin.y), width: w,
                                                   in: context))
                }
                let height = laidOut.map(\.button.rect.height).max() ?? 0
                laidOut = laidOut.map { ($0.action, $0.button.resized(height: height, in: context)) }
            } else {
                // One per row, in stacking order, each at the trailing edge.
                var y = origin.y
                laidOut = actions.indices.map { index in
                    let w = widths[index]
                    let x = rtl ? origin.x : origin.x + width - w
                    let placed = button(actions[index], at: Point(x: context.snap(x), y: y), width: w, in: context)
                    y = context.snap(placed.rect.maxY + (metrics.rowSpacing ?? metrics.spacing))
                    return (actions[index], placed)
                }
            }
        case .vertical:
            laidOut = actions.map { ($0, button($0, at: origin, width: width, in: context)) }
            let height = laidOut.map(\.button.rect.height).max() ?? 0
            let step = context.snap(height + metrics.spacing)
            laidOut = laidOut.enumerated().map { index, entry in
                (entry.action, entry.button.resized(height: height, in: context).offsetBy(dy: Double(index) * step))
            }
        }
        var items: [PlacedItem] = []
        var buttons: [ButtonSemantics] = []
        for (index, entry) in laidOut.enumerated() {
            let id = "\(idPrefix)-\(entry.action.role.rawValue)" + (actions.filter { $0.role == entry.action.role }.count > 1 ? "-\(index)" : "")
            let button = entry.button
            let shape = PlacedItem(id: id, drawable: .shape(.fill(button.rect, cornerRadius: metrics.cornerRadius, color: button.fill)))
            items.append(shape)
            var outline: PlacedItem?
            if let border = button.border {
                let inset = button.rect.insetBy(EdgeInsets(top: 0.5, left: 0.5, bottom: 0.5, right: 0.5))
                outline = PlacedItem(id: id + "-border", drawable: .shape(.stroke(
                    inset, cornerRadius: metrics.cornerRadius - 0.5, color: border, width: 1, dash: [])))
                items += outline.map { [$0] } ?? []
            }
            let label = PlacedItem(id: id + "-label", drawable: .text(button.label))
            items.append(label)
            buttons.append(ButtonSemantics(role: entry.action.role, label: entry.action.label, rect: button.rect, shapeID: shape.ref,
                                           borderID: outline?.ref, labelID: label.ref))
        }
        if separators {
            items += separatorItems(between: buttons.map(\.rect), axis: axis, in: context)
        }
        // Links under the buttons, centred, each as tall as its words and a little room.
        var linkTop = context.snap((buttons.map(\.rect.maxY).max() ?? origin.y) + metrics.spacing)
        for action in linkActions {
            let id = "\(idPrefix)-\(action.role.rawValue)"
            let block = context.textBlock(action.label, role: .actionLink, color: colors.neutralLabel.withAlpha(0.6), width: width,
                                          alignment: .center, maximumLines: 2)
            let measured = context.measurer.measure(block)
            let textWidth = min(width, measured.size.width)
            let rect = Rect(x: context.snap(origin.x + (width - textWidth) / 2 - 4), y: linkTop, width: context.snap(textWidth + 8),
                            height: context.snap(measured.size.height + 8))
            // An invisible shape holds its place, so the link has a shape as every action does.
            let shape = PlacedItem(id: id, drawable: .shape(.fill(rect, cornerRadius: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 0))))
            items.append(shape)
            // The words set again at the link's own width, so the label sits inside its rect.
            var fitted = block
            fitted.width = rect.width
            let label = PlacedItem(id: id + "-label", drawable: .text(PlacedText(origin: Point(x: rect.x, y: rect.y + 4),
                                                                               size: Size(width: rect.width, height: measured.size.height),
                                                                               block: fitted)))
            items.append(label)
            buttons.append(ButtonSemantics(role: action.role, label: action.label, rect: rect, shapeID: shape.ref, labelID: label.ref,
                                           style: .link))
            linkTop = context.snap(rect.maxY + metrics.spacing / 2)
        }
        let bottom = buttons.map(\.rect.maxY).max() ?? origin.y
        return Placement(items: items, buttons: buttons, height: bottom - origin.y)
    }

    /// Hairlines midway between neighbouring buttons.
    private func separatorItems(between rects: [Rect], axis: Axis, in context: LayoutContext) -> [PlacedItem] {
        let hairline = 1 / context.scale
        let sorted = rects.sorted { axis == .vertical ? $0.minY < $1.minY : $0.minX < $1.minX }
        return zip(sorted, sorted.dropFirst()).enumerated().map { index, pair in
            let (first, second) = pair
            let shape: Shape = axis == .vertical
                ? .line(from: Point(x: first.minX, y: (first.maxY + second.minY) / 2),
                        to: Point(x: first.maxX, y: (first.maxY + second.minY) / 2), color: colors.separator, width: hairline)
                : .line(from: Point(x: (first.maxX + second.minX) / 2, y: first.minY),
                        to: Point(x: (first.maxX + second.minX) / 2, y: first.maxY), color: colors.separator, width: hairline)
            return PlacedItem(id: "\(idPrefix)-separator-\(index)", drawable: .shape(shape))
        }
    }

    /// One button before it joins its group.
    private struct LaidOutButton {
        var rect: Rect
        var fill: Color
        var border: Color?
        var label: PlacedText

        func resized(height: Double, in context: LayoutContext) -> LaidOutButton {
            var button = self
            let grow = height - rect.height
            button.rect.height = height
            button.label.origin.y = context.snap(label.origin.y + grow / 2)
            return button
        }

        func offsetBy(dy: Double) -> LaidOutButton {
            var button = self
            button.rect = rect.offsetBy(dx: 0, dy: dy)
            button.label.origin.y += dy
            return button
        }
    }

    private func button(_ action: Action, at origin: Point, width: Double, in context: LayoutContext) -> LaidOutButton {
        var action = action
        if metrics.textButtons, action.prominence == .filled || action.prominence == .neutral { action.prominence = .plain }
        let opacity = action.role == .decline ? colors.declineOpacity : 1
        let labelColor = switch action.prominence {
        case .filled: colors.onFilled.withAlpha(opacity)
        case .plain: colors.filled.withAlpha(opacity)
        // The secondary label colour (iOS's secondaryLabel is the label at 60 %).
        case .text: colors.neutralLabel.withAlpha(0.6 * opacity)
        case .neutral, .link: colors.neutralLabel.withAlpha(opacity)
        }
        let labelWidth = max(1, width - 2 * metrics.horizontalPadding)
        let block = labelBlock(action.label, color: labelColor, width: labelWidth, in: context)
        let labelHeight = context.measurer.measure(block).size.height
        let fitsDesign = metrics.designedHeight.map { labelHeight <= $0 } ?? false
        let height = context.snap(fitsDesign ? metrics.minimumHeight : max(metrics.minimumHeight, labelHeight + 2 * metrics.verticalPadding))
        let rect = Rect(x: origin.x, y: origin.y, width: width, height: height)
        let labelOrigin = Point(x: context.snap(rect.midX - labelWidth / 2), y: context.snap(rect.midY - labelHeight / 2))
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        return LaidOutButton(
            rect: rect, fill: action.prominence == .filled ? colors.filled
                : action.prominence == .plain || action.prominence == .text ? clear : colors.neutral.withAlpha(opacity),
            border: action.prominence == .neutral ? colors.neutralBorder.withAlpha(opacity) : nil,
            label: PlacedText(origin: labelOrigin, size: Size(width: labelWidth, height: labelHeight), block: block))
    }

    private func labelBlock(_ label: String, color: Color, width: Double, in context: LayoutContext) -> TextBlock {
        context.textBlock(label, role: .button, color: color, width: width, alignment: .center,
                          maximumLines: metrics.labelMaximumLines)
    }
}
