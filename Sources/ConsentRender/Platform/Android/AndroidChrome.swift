import Foundation

/// Android's system chrome as a screenshot of an Android 14 phone shows it in SystemUI's demo
/// mode (the clock, full Wi-Fi and signal, a full battery, no notification icons): the status
/// bar with the clock at the start and Wi-Fi, signal and battery at the end, mirrored in a
/// right-to-left language; and at the bottom the gesture handle or the back, home and recents
/// buttons. The app is drawn edge to edge: its screen (and a dialog's scrim) runs under both
/// bars, and the bars' glyphs are drawn over it, dark over a light screen and light over a dark
/// one. Figures and their sources: `AndroidChrome.Figures`, docs/android.md.
struct AndroidChrome {
    /// The system look a link map names.
    static let look = "14"

    /// SystemUI's measurements, in dp (sources in docs/android.md, "System chrome").
    struct Figures {
        /// `status_bar_clock_size`.
        static let clockSize = 14.0
        /// `status_bar_padding_start` / `_end`, and at least `rounded_corner_content_padding` from
        /// a rounded corner.
        static let sidePadding = 16.0
        /// The system icons' height (`status_bar_system_icon_size`, 15 dp) and the space between them.
        static let iconSize = 15.0
        static let iconSpacing = 4.0
        /// The battery: a 12 × 20 viewport drawn 10.5 dp wide (ThemedBatteryDrawable's proportions).
        static let batteryWidth = 9.0
        static let batteryHeight = 15.0
        /// The gesture handle: 108 × 4 dp, its bottom 10 dp above the screen's (SystemUI dimens).
        static let handleWidth = 108.0
        static let handleHeight = 4.0
        static let handleBottom = 10.0
        /// The 3-button bar's keys: each `navigation_key_width` wide, the icons 24 dp boxes.
        static let keyWidth = 70.0
        static let keyIconSize = 24.0
    }

    let context: LayoutContext
    let content: StatusBarContent

    /// Adds the status bar and the navigation chrome as the page's system-chrome layer; returns
    /// notes for a profile that does not describe them.
    static func add(to page: inout PageLayout, in context: LayoutContext, content: StatusBarContent) -> [String] {
        let chrome = AndroidChrome(context: context, content: content)
        var items: [PlacedItem] = []
        var notes: [String] = []
        guard let android = context.profile.android else {
            return ["the profile '\(context.profile.id)' names the android platform but was not read as an Android profile; "
                + "write it as DeviceProfiles/pixel-9.json is written (pixels, density, navigation)"]
        }
        let bar = chrome.statusBar(page: page)
        items += bar.items
        page.semantics.statusBar = StatusBarSemantics(rect: bar.rect, time: bar.time)
        switch android.navigation {
        case .gesture:
            let handle = chrome.gestureHandle(over: page)
            items.append(handle.item)
            page.semantics.homeIndicator = handle.rect
        case .threeButton:
            let buttons = chrome.threeButtonBar(over: page)
            items += buttons.items
            page.semantics.navigationBar = buttons.rect
        }
        if android.sources.isEmpty {
            notes.append("the profile '\(context.profile.id)' gives no sources for its figures; say where each comes from "
                + "in \"sources\" (see DeviceProfiles/pixel-9.json)")
        }
        page.addLayer(.systemChrome, items: items)
        return notes
    }

    /// Black over a light screen, white over a dark one, judged by the colour under `rect`.
    private func glyphColor(under rect: Rect, in page: PageLayout) -> Color {
        let under = SystemChrome.color(under: rect, in: page)
        let black = Color(rgb: 0x000000), white = Color(rgb: 0xFFFFFF)
        return ContrastRatio.of(black, on: under) >= ContrastRatio.of(white, on: under) ? black : white
    }

    // MARK: Status bar

    func statusBar(page: PageLayout) -> (items: [PlacedItem], rect: Rect, time: String) {
        let profile = context.profile
        let height = context.orientation == .portrait ? (profile.statusBar?.height ?? 24)
            : (profile.android?.statusBarLandscape ?? 24)
        let width = context.screen.width
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        let color = glyphColor(under: rect, in: page)
        // The bar's content sits level with the punch hole in portrait (SystemUI centres it in
        // the bar, which the hole's depth sets); the bar's own height otherwise.
        let centerY = context.orientation == .portrait ? (profile.cutout.map { $0.rect.midY } ?? height / 2) : height / 2
        // Clear of the display's rounded corners where they reach into the bar.
        let corner = profile.cornerRadius
        let inset = max(Figures.sidePadding, corner > height ? corner * 0.3 : 0)
        let isPseudo = LanguageTag(context.language.tag).flatMap { PseudoLocale($0) } != nil
        let clock = StatusBarClock(time: content.time ?? "12:00", language: isPseudo ? "en" : context.language.tag)
        let time = clock.phoneTime
        var items: [PlacedItem] = []
        let label = clockBlock(time, color: color)
        let measured = context.measurer.measure(label)
        let labelWidth = ceil(measured.size.width) + 1
        let placed = clockBlock(time, color: color, width: labelWidth)
        items.append(PlacedItem(id: "status-bar-time", drawable: .text(PlacedText(
            origin: Point(x: context.snap(inset), y: context.snap(centerY + 0.357 * Figures.clockSize - measured.baseline)),
            size: Size(width: labelWidth, height: measured.size.height), block: placed))))
        // Wi-Fi, signal, battery from the end.
        var x = width - inset
        let battery = batteryItems(color: color, maxX: x, centerY: centerY)
        items += battery.items
        x = battery.minX - Figures.iconSpacing * 1.5
        if content.network != StatusBarContent.Network.none {
            let signal = signalItems(color: color, maxX: x, centerY: centerY)
            items += signal.items
            x = signal.minX - Figures.iconSpacing
        }
        if content.network == nil || content.network == .wifi || content.wifiBars != nil {
            items += wifiItems(color: color, maxX: x, centerY: centerY).items
        }
        return (mirrored(items), rect, time)
    }

    private func clockBlock(_ time: String, color: Color, width: Double = 200) -> TextBlock {
        var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: Figures.clockSize, weight: .medium, color: color, linkColor: color),
                                        traits: context.language)
        builder.append(plain: time)
        var block = builder.block(width: width, alignment: .leading, lineHeight: Figures.clockSize * 1.2, maximumLines: 1)
        // SystemUI sets the clock in the system font (Roboto on AOSP) in every language; only
        // digits Roboto lacks (Arabic-Indic) come from the language's face.
        block.runs = block.runs.map { run in
            var run = run
            run.family = "Roboto"
            return run
        }
        return block
    }

    /// The battery: a full, upright rounded body with a cap, as SystemUI draws it at 100 %.
    private func batteryItems(color: Color, maxX: Double, centerY: Double) -> (items: [PlacedItem], minX: Double) {
        let width = Figures.batteryWidth, height = Figures.batteryHeight
        let capHeight = height * 1.5 / 20, capWidth = width * 6 / 12
        let bodyRect = Rect(x: maxX - width, y: centerY - height / 2 + capHeight, width: width, height: height - capHeight)
        let level = Double(min(100, max(0, content.battery ?? 100))) / 100
        var items = [PlacedItem(id: "status-bar-battery-cap", drawable: .shape(.fill(
            Rect(x: bodyRect.midX - capWidth / 2, y: centerY - height / 2, width: capWidth, height: capHeight + 0.5),
            cornerRadius: capHeight / 2, color: color)))]
        // The empty part is the glyph at 30 %, the charge the glyph itself.
        items.append(PlacedItem(id: "status-bar-battery-outline", drawable: .shape(.fill(bodyRect, cornerRadius: width * 1.5 / 12,
                                                                                            color: color.withAlpha(0.3)))))
        if level > 0 {
            let filled = bodyRect.height * level
            items.append(PlacedItem(id: "status-bar-battery-level", drawable: .shape(.fill(
                Rect(x: bodyRect.minX, y: bodyRect.maxY - filled, width: bodyRect.width, height: filled),
                cornerRadius: width * 1.5 / 12, color: color))))
        }
        return (items, bodyRect.minX)
    }

    /// Cellular signal: a right triangle rising to the end, filled to the bars shown.
    private func signalItems(color: Color, maxX: Double, centerY: Double) -> (items: [PlacedItem], minX: Double) {
        let side = Figures.iconSize
        let box = Rect(x: maxX - side, y: centerY - side / 2, width: side, height: side)
        let bars = Double(min(4, max(0, content.cellularBars ?? 4)))
        var items = [PlacedItem(id: "status-bar-signal-0", drawable: .shape(.polygon(
            [Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY), Point(x: box.maxX, y: box.minY)],
            color: color.withAlpha(bars >= 4 ? 1 : 0.3))))]
        if bars > 0 && bars < 4 {
            let share = bars / 4, right = box.minX + side * share
            items.append(PlacedItem(id: "status-bar-signal-1", drawable: .shape(.polygon(
                [Point(x: box.minX, y: box.maxY), Point(x: right, y: box.maxY), Point(x: right, y: box.maxY - side * share)], color: color))))
        }
        return (items, box.minX)
    }

    /// Wi-Fi: a fan opening upwards from its point at the bottom, filled to the bars shown.
    private func wifiItems(color: Color, maxX: Double, centerY: Double) -> (items: [PlacedItem], minX: Double) {
        let radius = Figures.iconSize * 1.1
        let width = 2 * radius * sin(Double.pi / 4)
        let center = Point(x: maxX - width / 2, y: centerY + Figures.iconSize / 2)
        let start = -3 * Double.pi / 4, end = -Double.pi / 4
        let bars = Double(min(3, max(0, content.wifiBars ?? 3)))
        var items = [PlacedItem(id: "status-bar-wifi-0", drawable: .shape(.ringSegment(
            center: center, innerRadius: 0, outerRadius: radius, startAngle: start, endAngle: end, color: color.withAlpha(bars >= 3 ? 1 : 0.3))))]
        if bars > 0 && bars < 3 {
            items.append(PlacedItem(id: "status-bar-wifi-1", drawable: .shape(.ringSegment(
                center: center, innerRadius: 0, outerRadius: radius * (bars + 1) / 4, startAngle: start, endAngle: end, color: color))))
        }
        return (items, center.x - width / 2)
    }

    /// `items` mirrored across the screen in a right-to-left language, each glyph whole.
    private func mirrored(_ items: [PlacedItem]) -> [PlacedItem] {
        guard context.language.isRightToLeft else { return items }
        let width = context.screen.width
        func glyph(of item: PlacedItem) -> String {
            ["status-bar-signal", "status-bar-wifi", "status-bar-battery"].first { item.id.hasPrefix($0 + "-") } ?? item.id
        }
        var bounds: [String: Rect] = [:]
        for item in items {
            guard let box = item.bounds else { continue }
            let key = glyph(of: item)
            bounds[key] = bounds[key].map { $0.union(box) } ?? box
        }
        return items.map { item in
            guard let box = bounds[glyph(of: item)] else { return item }
            return item.offsetBy(dx: (width - box.maxX) - box.minX, dy: 0)
        }
    }

    // MARK: Navigation

    /// The gesture handle: a 108 × 4 dp pill 10 dp above the bottom, dark over a light screen and
    /// light over a dark one.
    func gestureHandle(over page: PageLayout) -> (item: PlacedItem, rect: Rect) {
        let screen = context.screen
        let rect = Rect(x: context.snap((screen.width - Figures.handleWidth) / 2),
                        y: screen.height - Figures.handleBottom - Figures.handleHeight,
                        width: Figures.handleWidth, height: Figures.handleHeight)
        let color = glyphColor(under: rect, in: page).withAlpha(0.9)
        return (PlacedItem(id: "gesture-handle", drawable: .shape(.fill(rect, cornerRadius: Figures.handleHeight / 2, color: color))), rect)
    }

    /// Back, home and recents in the 48 dp bar: along the bottom in portrait, down the right
    /// side of a phone in landscape (AOSP's `navigation_bar_width`).
    func threeButtonBar(over page: PageLayout) -> (items: [PlacedItem], rect: Rect) {
        let screen = context.screen
        let inset = NavigationMode.threeButton.inset
        let vertical = context.orientation == .landscape && context.profile.idiom == .phone
        let rect = vertical ? Rect(x: screen.width - inset, y: 0, width: inset, height: screen.height)
            : Rect(x: 0, y: screen.height - inset, width: screen.width, height: inset)
        let color = glyphColor(under: rect, in: page)
        // The keys spread from the bar's centre, one key width apart plus a share of the room.
        let length = vertical ? rect.height : rect.width
        let gap = min(length / 4, Figures.keyWidth * 1.6)
        let centres = [-gap, 0, gap].map { (vertical ? rect.midY : rect.midX) + $0 }
        var items: [PlacedItem] = []
        let icon = Figures.keyIconSize
        for (index, centre) in centres.enumerated() {
            let c = vertical ? Point(x: rect.midX, y: centre) : Point(x: centre, y: rect.midY)
            switch index {
            case 0:
                // Back: a triangle pointing to the start (down in the vertical bar), its outline 2 dp.
                let h = icon * 0.6, w = icon * 0.52
                let tip = vertical ? Point(x: c.x, y: c.y + w / 2) : Point(x: c.x - w / 2, y: c.y)
                let a = vertical ? Point(x: c.x - h / 2, y: c.y - w / 2) : Point(x: c.x + w / 2, y: c.y - h / 2)
                let b = vertical ? Point(x: c.x + h / 2, y: c.y - w / 2) : Point(x: c.x + w / 2, y: c.y + h / 2)
                items += outlinedTriangle(tip, a, b, color: color, id: "nav-back")
            case 1:
                items.append(PlacedItem(id: "nav-home", drawable: .shape(.ringSegment(
                    center: c, innerRadius: icon * 0.29 - 2, outerRadius: icon * 0.29, startAngle: 0, endAngle: 2 * .pi, color: color))))
            default:
                let side = icon * 0.5
                items.append(PlacedItem(id: "nav-recents", drawable: .shape(.stroke(
                    Rect(x: c.x - side / 2, y: c.y - side / 2, width: side, height: side), cornerRadius: 2, color: color, width: 2, dash: []))))
            }
        }
        return (items, rect)
    }

    /// A triangle's outline, 2 dp wide, as three lines.
    private func outlinedTriangle(_ a: Point, _ b: Point, _ c: Point, color: Color, id: String) -> [PlacedItem] {
        [(a, b), (b, c), (c, a)].enumerated().map { index, edge in
            PlacedItem(id: "\(id)-\(index)", drawable: .shape(.line(from: edge.0, to: edge.1, color: color, width: 2)))
        }
    }
}
