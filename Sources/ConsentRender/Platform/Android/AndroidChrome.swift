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

    /// SystemUI's measurements, in dp, as research read them in Pixel SystemUI builds either side
    /// of Android 14 (13 beta 1 and 15 decompiles, an Android 14-era source tree; sources in
    /// docs/android.md, "System chrome").
    struct Figures {
        /// `status_bar_clock_size` (14 sp in all three builds), Roboto Medium (AOSP's
        /// `config_headlineFontFamilyMedium`; a Pixel sets Google Sans, which cannot ship).
        static let clockSize = 14.0
        /// `status_bar_padding_start` / `_end` (8 dp in the 13 and 14-era builds; 4 dp in 15).
        static let sidePadding = 8.0
        /// System icons are drawn in 15 dp boxes (`status_bar_system_icon_size`).
        static let iconSize = 15.0
        /// After Wi-Fi (`status_bar_wifi_signal_spacer_width`) and before the battery
        /// (`signal_cluster_battery_padding`).
        static let wifiSpacer = 2.5
        static let batteryGap = 6.0
        /// `status_bar_battery_icon_width` × `_height`: a 12 × 20 viewport.
        static let batteryWidth = 7.8
        static let batteryHeight = 13.0
        /// The gesture handle: 108 × 4 dp, its bottom 10 dp above the screen's (NavigationHandle).
        static let handleWidth = 108.0
        static let handleHeight = 4.0
        static let handleBottom = 10.0
        /// The 3-button bar's keys: `navigation_key_width`, and the Android 13/14 icons' 28 dp viewport.
        static let keyWidth = 70.0
        static let keyIconSize = 28.0
        /// Icons and the clock over a light screen (`dark_mode_icon_color_single_tone`, 60 % black)
        /// and over a dark one (white); the handle's own pair.
        static let darkGlyph = Color(red: 0, green: 0, blue: 0, alpha: 0.6)
        static let lightGlyph = Color(rgb: 0xFFFFFF)
        static let darkHandle = Color(red: 0, green: 0, blue: 0, alpha: 0.6)
        static let lightHandle = Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0xEB / 255.0)
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
        if chrome.letterboxWidth > 0 {
            items.append(PlacedItem(id: "letterbox", drawable: .shape(.fill(
                Rect(x: 0, y: 0, width: chrome.letterboxWidth, height: context.screen.height), cornerRadius: 0, color: Color(rgb: 0x000000)))))
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

    /// Whether the screen under `rect` is light, so SystemUI draws its dark glyphs there.
    private func isLight(under rect: Rect, in page: PageLayout) -> Bool {
        let under = SystemChrome.color(under: rect, in: page)
        let black = Color(rgb: 0x000000), white = Color(rgb: 0xFFFFFF)
        return ContrastRatio.of(black, on: under) >= ContrastRatio.of(white, on: under)
    }

    private func glyphColor(under rect: Rect, in page: PageLayout) -> Color {
        isLight(under: rect, in: page) ? Figures.darkGlyph : Figures.lightGlyph
    }

    // MARK: Status bar

    func statusBar(page: PageLayout) -> (items: [PlacedItem], rect: Rect, time: String) {
        let profile = context.profile
        let height = context.orientation == .portrait ? (profile.statusBar?.height ?? 24)
            : (profile.android?.statusBarLandscape ?? 24)
        let width = context.screen.width
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        let color = glyphColor(under: rect, in: page)
        // SystemUI centres the clock and the icons in the bar's height.
        let centerY = height / 2
        // The content starts `rounded_corner_content_padding` plus `status_bar_padding_start`
        // from the screen's edge; in landscape, past the letterbox on the cut-out's side.
        let contentPadding = profile.android?.statusBarContentPadding ?? 0
        let letterbox = letterboxWidth
        let start = letterbox + contentPadding + Figures.sidePadding
        let isPseudo = LanguageTag(context.language.tag).flatMap { PseudoLocale($0) } != nil
        // SystemUI's demo mode `clock -e hhmm 1200` shows 12:00, without AM/PM, in the language's digits.
        let clock = StatusBarClock(time: content.time ?? "12:00", language: isPseudo ? "en" : context.language.tag)
        let time = clock.phoneTime
        var items: [PlacedItem] = []
        let label = clockBlock(time, color: color)
        let measured = context.measurer.measure(label)
        let labelWidth = ceil(measured.size.width) + 1
        items.append(PlacedItem(id: "status-bar-time", drawable: .text(PlacedText(
            origin: Point(x: context.snap(start), y: context.snap(centerY + 0.357 * Figures.clockSize - measured.baseline)),
            size: Size(width: labelWidth, height: measured.size.height), block: clockBlock(time, color: color, width: labelWidth)))))
        // From the end: the battery, then cellular, then Wi-Fi; in landscape a 3-button bar down
        // the right side runs the screen's full height, and the status bar stops at it.
        let barOnRight = context.orientation == .landscape && context.profile.android?.navigation == .threeButton
            && context.profile.idiom == .phone
        var x = width - (barOnRight ? NavigationMode.threeButton.inset : 0) - contentPadding - Figures.sidePadding
        let battery = Rect(x: x - Figures.batteryWidth, y: centerY - Figures.batteryHeight / 2,
                           width: Figures.batteryWidth, height: Figures.batteryHeight)
        items += batteryItems(in: battery, color: color)
        x = battery.minX - Figures.batteryGap
        if content.network != StatusBarContent.Network.none {
            let box = Rect(x: x - Figures.iconSize, y: centerY - Figures.iconSize / 2, width: Figures.iconSize, height: Figures.iconSize)
            items += signalItems(in: box, color: color)
            x = box.minX - Figures.wifiSpacer
        }
        if content.network == nil || content.network == .wifi || content.wifiBars != nil {
            let box = Rect(x: x - Figures.iconSize, y: centerY - Figures.iconSize / 2, width: Figures.iconSize, height: Figures.iconSize)
            items += wifiItems(in: box, color: color)
        }
        return (mirrored(items), rect, time)
    }

    /// The black band on the cut-out's side of a phone in landscape: Android 14 letterboxes an
    /// app in the default cut-out mode (developer.android.com, "Support display cutouts") by the
    /// cut-out's safe inset, which SystemBarUtils makes the portrait status bar's height.
    var letterboxWidth: Double {
        context.orientation == .landscape ? context.safeArea.left : 0
    }

    private func clockBlock(_ time: String, color: Color, width: Double = 200) -> TextBlock {
        var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: Figures.clockSize, weight: .medium, color: color, linkColor: color),
                                        traits: context.language)
        builder.append(plain: time)
        var block = builder.block(width: width, alignment: .leading, lineHeight: Figures.clockSize * 1.2, maximumLines: 1)
        // The system font in every language; only digits Roboto lacks (Arabic-Indic) come from
        // the language's face.
        block.runs = block.runs.map { run in
            var run = run
            run.family = "Roboto"
            return run
        }
        return block
    }

    /// `points` of a glyph drawn from a `viewport`-unit square (or `viewportHeight` tall) into `box`.
    private func mapped(_ points: [(Double, Double)], viewport: Double, viewportHeight: Double? = nil, into box: Rect) -> [Point] {
        let sx = box.width / viewport, sy = box.height / (viewportHeight ?? viewport)
        return points.map { Point(x: box.minX + $0.0 * sx, y: box.minY + $0.1 * sy) }
    }

    /// The battery at a level: AOSP's single-tone battery (`config_batterymeterPerimeterPath` on a
    /// 12 × 20 viewport: a body 0–12 × 2–20 with 1.33 corners, a cap 3.5–8.5 × 0–2), the charge
    /// filling the 2-unit-walled inside from the bottom. At 95 % and up it is one solid silhouette.
    private func batteryItems(in box: Rect, color: Color) -> [PlacedItem] {
        let unitX = box.width / 12, unitY = box.height / 20
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
            Rect(x: box.minX + x * unitX, y: box.minY + y * unitY, width: w * unitX, height: h * unitY)
        }
        let level = Double(min(100, max(0, content.battery ?? 100)))
        var items = [PlacedItem(id: "status-bar-battery-cap", drawable: .shape(.fill(rect(3.5, 0, 5, 2.2), cornerRadius: 0, color: color)))]
        if level >= 95 {
            items.append(PlacedItem(id: "status-bar-battery-body", drawable: .shape(.fill(rect(0, 2, 12, 18), cornerRadius: 1.33 * unitX,
                                                                                         color: color))))
            return items
        }
        // The frame's four walls, then the charge inside it.
        items += [rect(0, 2, 12, 2), rect(0, 18, 12, 2), rect(0, 2, 2, 18), rect(10, 2, 2, 18)].enumerated().map { index, wall in
            PlacedItem(id: "status-bar-battery-frame-\(index)", drawable: .shape(.fill(wall, cornerRadius: 0, color: color)))
        }
        let charge = 14 * level / 100
        if charge > 0 {
            items.append(PlacedItem(id: "status-bar-battery-level", drawable: .shape(.fill(rect(2, 18 - charge, 8, charge), cornerRadius: 0,
                                                                                          color: level <= 15 ? Color(rgb: 0xF55E57) : color))))
        }
        return items
    }

    /// Cellular signal (`ic_signal_cellular_4_4_bar`, 24 × 24: the triangle M22,2 L2,22 H22 z),
    /// the bars not shown at 30 %.
    private func signalItems(in box: Rect, color: Color) -> [PlacedItem] {
        let bars = Double(min(4, max(0, content.cellularBars ?? 4)))
        var items = [PlacedItem(id: "status-bar-signal-0", drawable: .shape(.polygon(
            mapped([(22, 2), (2, 22), (22, 22)], viewport: 24, into: box), color: bars >= 4 ? color : color.withAlpha(color.alpha * 0.3))))]
        if bars > 0 && bars < 4 {
            let right = 2 + 20 * (bars + 1) / 5
            items.append(PlacedItem(id: "status-bar-signal-1", drawable: .shape(.polygon(
                mapped([(2, 22), (right, 22), (right, 22 - (right - 2))], viewport: 24, into: box), color: color))))
        }
        return items
    }

    /// Wi-Fi (`ic_wifi_signal_4`, 24 × 24: a fan from its point at (12, 22) up to an arc through
    /// (12, 2)), the bars not shown at 30 %.
    private func wifiItems(in box: Rect, color: Color) -> [PlacedItem] {
        let bars = Double(min(3, max(0, content.wifiBars ?? 3)))
        // M24,7.39 L12,22 L0,7.39 C2.97,4.08 7.25,2 12,2 S21.03,4.08 24,7.39 z
        var outline: [(Double, Double)] = [(24, 7.39), (12, 22), (0, 7.39)]
        outline += Self.cubic((0, 7.39), (2.97, 4.08), (7.25, 2), (12, 2))
        outline += Self.cubic((12, 2), (16.75, 2), (21.03, 4.08), (24, 7.39))
        var items = [PlacedItem(id: "status-bar-wifi-0", drawable: .shape(.polygon(
            mapped(outline, viewport: 24, into: box), color: bars >= 3 ? color : color.withAlpha(color.alpha * 0.3))))]
        if bars > 0 && bars < 3 {
            // The fan cut short: the same shape scaled about its point.
            let share = (bars + 1) / 4
            let scaled = outline.map { (12 + ($0.0 - 12) * share, 22 + ($0.1 - 22) * share) }
            items.append(PlacedItem(id: "status-bar-wifi-1", drawable: .shape(.polygon(mapped(scaled, viewport: 24, into: box), color: color))))
        }
        return items
    }

    /// A cubic Bézier from `p0` to `p3`, flattened to 12 points after `p0`.
    private static func cubic(_ p0: (Double, Double), _ p1: (Double, Double), _ p2: (Double, Double),
                              _ p3: (Double, Double)) -> [(Double, Double)] {
        (1...12).map { step in
            let t = Double(step) / 12, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return (a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1)
        }
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

    /// The gesture handle: a 108 × 4 dp pill 10 dp above the bottom, 60 % black over a light
    /// screen and 92 % white over a dark one (SystemUI's `navigation_bar_home_handle_*_color`).
    func gestureHandle(over page: PageLayout) -> (item: PlacedItem, rect: Rect) {
        // SystemUI's navigation window spans the display, the letterbox band too: centred on it.
        let screen = context.screen
        let rect = Rect(x: context.snap((screen.width - Figures.handleWidth) / 2),
                        y: screen.height - Figures.handleBottom - Figures.handleHeight,
                        width: Figures.handleWidth, height: Figures.handleHeight)
        let color = isLight(under: rect, in: page) ? Figures.darkHandle : Figures.lightHandle
        return (PlacedItem(id: "gesture-handle", drawable: .shape(.fill(rect, cornerRadius: Figures.handleHeight / 2, color: color))), rect)
    }

    /// Back, home and recents in the 48 dp bar: along the bottom in portrait, down the right
    /// side of a phone in landscape (`navigation_bar_width`). AOSP's `config_navBarLayout`
    /// (`left[.5W],back[1WC];home;recent[1WC],right[.5W]`) puts back and recents one key width
    /// (70 dp) in from the bar's ends, inside `rounded_corner_content_padding`, and home in the
    /// middle. The icons are Android 13/14's filled shapes on a 28 dp viewport.
    func threeButtonBar(over page: PageLayout) -> (items: [PlacedItem], rect: Rect) {
        let screen = context.screen
        let inset = NavigationMode.threeButton.inset
        let vertical = context.orientation == .landscape && context.profile.idiom == .phone
        let rect = vertical ? Rect(x: screen.width - inset, y: 0, width: inset, height: screen.height)
            : Rect(x: 0, y: screen.height - inset, width: screen.width, height: inset)
        let color = glyphColor(under: rect, in: page)
        let padding = context.profile.android?.statusBarContentPadding ?? 0
        let along = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        let keyCentre = padding + Figures.keyWidth
        // In the vertical bar back is at the bottom (the bar turns with the phone).
        let centres = vertical ? [along.1 - keyCentre, (along.0 + along.1) / 2, along.0 + keyCentre]
            : [along.0 + keyCentre, (along.0 + along.1) / 2, along.1 - keyCentre]
        let icon = Figures.keyIconSize
        var items: [PlacedItem] = []
        for (index, centre) in centres.enumerated() {
            let c = vertical ? Point(x: rect.midX, y: centre) : Point(x: centre, y: rect.midY)
            let box = Rect(x: c.x - icon / 2, y: c.y - icon / 2, width: icon, height: icon)
            switch index {
            case 0:
                // ic_sysbar_back: a triangle pointing to the start, x 6–20, y 5.7–22.3, round corners.
                var points: [(Double, Double)] = [(6.2, 14), (20, 5.9), (20, 22.1)]
                if vertical { points = points.map { (28 - $0.1, 28 - $0.0) } }
                items.append(PlacedItem(id: "nav-back", drawable: .shape(.polygon(mapped(points, viewport: 28, into: box), color: color))))
            case 1:
                // ic_sysbar_home: a circle of radius 7 in the middle.
                items.append(PlacedItem(id: "nav-home", drawable: .shape(.circle(center: c, radius: 7, color: color))))
            default:
                // ic_sysbar_recent: a square 6.5–21.5 with 1.6 corners.
                items.append(PlacedItem(id: "nav-recents", drawable: .shape(.fill(
                    Rect(x: box.minX + 6.5, y: box.minY + 6.5, width: 15, height: 15), cornerRadius: 1.6, color: color))))
            }
        }
        return (items, rect)
    }
}
