import Foundation

/// What the status bar shows. Every field is optional: unset ones keep Apple's marketing
/// defaults (9:41, full signal and Wi-Fi, a full battery, no carrier), as fastlane's
/// `override_status_bar` sets them.
public struct StatusBarContent: Codable, Sendable, Hashable {
    /// The data network shown beside the signal bars.
    public enum Network: String, Codable, Sendable, CaseIterable {
        case wifi
        case fiveG = "5g"
        case lte
        case fourG = "4g"
        case threeG = "3g"
        case none

        /// The label iOS shows for a cellular network.
        var label: String? {
            switch self {
            case .fiveG: "5G"
            case .lte: "LTE"
            case .fourG: "4G"
            case .threeG: "3G"
            case .wifi, .none: nil
            }
        }
    }

    /// `H:MM`, shown as given (with AM/PM where the device kind shows it).
    public var time: String?
    /// Percent, 0–100.
    public var battery: Int?
    public var network: Network?
    /// 0–4.
    public var cellularBars: Int?
    /// 0–3.
    public var wifiBars: Int?

    public init(time: String? = nil, battery: Int? = nil, network: Network? = nil, cellularBars: Int? = nil, wifiBars: Int? = nil) {
        self.time = time
        self.battery = battery
        self.network = network
        self.cellularBars = cellularBars
        self.wifiBars = wifiBars
    }

    /// These settings with `other`'s set fields on top.
    public func overridden(by other: StatusBarContent?) -> StatusBarContent {
        guard let other else { return self }
        return StatusBarContent(time: other.time ?? time, battery: other.battery ?? battery, network: other.network ?? network,
                                cellularBars: other.cellularBars ?? cellularBars, wifiBars: other.wifiBars ?? wifiBars)
    }
}

/// The iOS chrome drawn over every screen: the status bar (in the layout of the device's kind)
/// and the home indicator, as Apple's marketing screenshots show them.
struct SystemChrome {
    let context: LayoutContext
    let content: StatusBarContent

    /// Adds iOS's status bar and home indicator as the page's system-chrome layer, above the app
    /// and its dimming; returns notes for a profile that does not describe them.
    static func add(to layout: inout PageLayout, in context: LayoutContext, content: StatusBarContent) -> [String] {
        let profile = context.profile
        let chrome = SystemChrome(context: context, content: content)
        var items: [PlacedItem] = []
        var notes: [String] = []
        if let bar = chrome.statusBar() {
            items += bar.items
            layout.semantics.statusBar = StatusBarSemantics(rect: bar.rect, time: bar.time)
        } else if profile.statusBar == nil {
            notes.append("the profile '\(profile.id)' has no statusBar field, so no status bar is drawn; add "
                + "\"statusBar\": { \"kind\": \"island\", \"height\": 54 } (see DeviceProfiles/iphone-15-pro.json)")
        }
        if let indicator = chrome.homeIndicator(over: layout) {
            items.append(indicator.item)
            layout.semantics.homeIndicator = indicator.rect
        } else if profile.homeIndicator == nil {
            notes.append("the profile '\(profile.id)' has no homeIndicator field, so no home indicator is drawn; add "
                + "\"homeIndicator\": true for a device without a home button")
        }
        layout.addLayer(.systemChrome, items: items)
        return notes
    }


    private var glyph: Color {
        context.traits.appearance == .light ? Color(red: 0, green: 0, blue: 0) : Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    }

    /// The status bar's items, its rectangle and the time it shows; nil where iOS shows none
    /// (iPhones in landscape) or the profile does not describe one.
    func statusBar() -> (items: [PlacedItem], rect: Rect, time: String)? {
        guard let spec = context.profile.statusBar else { return nil }
        if context.profile.idiom == .phone && context.orientation == .landscape { return nil }
        let width = context.screen.width
        let rect = Rect(x: 0, y: 0, width: width, height: spec.height)
        var items: [PlacedItem] = []
        // A pseudo-locale is English made strange; iOS formats its clock as English (ICU would take
        // the unknown regions XA and XB for the world's 24-hour default).
        let isPseudo = LanguageTag(context.language.tag).flatMap { PseudoLocale($0) } != nil
        let clock = StatusBarClock(time: content.time ?? "9:41", language: isPseudo ? "en" : context.language.tag)
        // English on a mirrored (ar-XB) screen keeps its own order: "9:41 AM", not "AM 9:41".
        func text(_ id: String, _ time: String, size: Double, centeredIn cell: Rect, centerY: Double) -> PlacedItem {
            self.text(id, isPseudo && context.language.isRightToLeft ? "\u{2066}" + time + "\u{2069}" : time, size: size,
                      centeredIn: cell, centerY: centerY)
        }
        switch spec.kind {
        case .island, .notch:
            let cutout = context.profile.cutout?.rect ?? Rect(x: width / 2 - 63, y: 11, width: 126, height: 37)
            // Island phones: measured at y 95–97 px (≈ 32 pt) on iPhone 17 Pro, 17 Pro Max (iOS 26)
            // and 16 Pro Max (iOS 18) captures, the reference's Kit-frame variant (docs/fidelity.md row 1),
            // not the island rect's centre (29.5 pt), which was 3 pt high.
            let centerY = spec.kind == .island ? 32 : cutout.height / 2 + 8
            let measured = MeasuredLayout.for(kind: spec.kind, width: width, cutout: cutout)
            let size = measured?.timeSize ?? (spec.kind == .island ? 17 : (width < 380 ? 15 : width < 420 ? 16 : 17))
            let time = clock.phoneTime
            var cell = Rect(x: 16, y: 0, width: max(1, cutout.minX - 6 - 16), height: spec.height)
            if let center = measured?.timeCenterX { cell.x = center - cell.width / 2 }
            // The digits' ink is level with the icons, as the captures show them (both at 95–97 px).
            items.append(text("status-bar-time", time, size: size, centeredIn: cell, centerY: centerY))
            let icons = iconGroup(scale: measured?.iconScale ?? 1)
            if let centers = measured?.iconCentersX, centers.count == icons.parts.count {
                items += icons.place(centersX: centers, centerY: centerY)
            } else {
                let ear = Rect(x: cutout.maxX + 6, y: 0, width: max(1, width - 16 - cutout.maxX - 6), height: spec.height)
                items += icons.place(atX: ear.midX - icons.width / 2, centerY: centerY)
            }
            return (mirrored(items), rect, time)
        case .classic:
            // Measured on an iPhone 8 Plus (iOS 15, docs/fidelity.md row 5): no battery percentage
            // (Settings' Battery Percentage is off by default), the time 139 px wide for "9:41 AM",
            // the glyphs 0.88 of the island phones' (signal 51×32 px, Wi-Fi 46×33, battery 73×34).
            let centerY = spec.height / 2
            let time = clock.timeWithDayPeriod
            items.append(text("status-bar-time", time, size: 12.75, centeredIn: Rect(x: width / 4, y: 0, width: width / 2, height: spec.height),
                              centerY: centerY))
            let signal = iconGroup(scale: 0.88, battery: false)
            items += signal.place(atX: 6, centerY: centerY)
            let battery = batteryIcon(scale: 0.88)
            items += battery.make(Point(x: width - 6 - battery.width, y: centerY - battery.height / 2))
            return (mirrored(items), rect, time)
        case .ipad:
            let centerY = spec.height / 2
            let time = clock.timeWithDayPeriod + "  " + clock.date
            let label = textBlock(time, size: 12, width: 400, alignment: .leading)
            let labelHeight = context.measurer.measure(label).size.height
            items.append(PlacedItem(id: "status-bar-time", drawable: .text(PlacedText(
                origin: Point(x: 20, y: context.snap(centerY - labelHeight / 2)), size: Size(width: 400, height: labelHeight), block: label))))
            // A Wi-Fi iPad shows no signal bars; a cellular one shows them beside its network.
            let trailing = iconGroup(scale: 0.85, cellular: content.network?.label != nil, battery: false)
            let battery = batteryWithPercent(scale: 0.85, size: 12)
            let batteryX = width - 20 - battery.width
            items += battery.place(atX: batteryX, centerY: centerY)
            items += trailing.place(atX: batteryX - 6 - trailing.width, centerY: centerY)
            return (mirrored(items), rect, time)
        case .android:
            // An Android profile's bar is AndroidChrome's.
            return nil
        }
    }

    /// The Dynamic Island as the iOS 26 simulator draws it into its screenshots: a black pill of
    /// the profile's width, 37.3 pt tall and 13.7 pt from the top (measured on iPhone 17 Pro and 17
    /// Pro Max captures, docs/fidelity.md), turned with the screen in landscape; nil on a phone
    /// without one.
    static func island(of profile: DeviceProfile, orientation: Orientation) -> PlacedItem? {
        guard profile.hasDynamicIsland, let cutout = profile.cutout else { return nil }
        let pill = Rect(x: cutout.x, y: 13.7, width: cutout.width, height: 37.3)
        let rect = ConsentRenderer.cutoutRect(pill, profile: profile, orientation: orientation)
        return PlacedItem(id: "dynamic-island", drawable: .shape(.fill(rect, cornerRadius: min(rect.width, rect.height) / 2,
                                                                       color: Color(red: 0, green: 0, blue: 0))))
    }

    /// The home indicator: a capsule 8 pt above the bottom, centred, black or white by what is
    /// under it; nil on devices with a home button or profiles that do not say.
    func homeIndicator(over page: PageLayout) -> (item: PlacedItem, rect: Rect)? {
        guard context.profile.homeIndicator == true, page.semantics.hidesHomeIndicator != true else { return nil }
        let shortSide = min(context.profile.points.width, context.profile.points.height)
        let width = Self.indicatorWidths[shortSide] ?? (134 * shortSide / 375).rounded()
        let screen = context.screen
        let rect = Rect(x: context.snap((screen.width - width) / 2), y: screen.height - 8 - 5, width: width, height: 5)
        let color = Self.indicatorColor(under: Self.color(under: rect, in: page))
        return (PlacedItem(id: "home-indicator", drawable: .shape(.fill(rect, cornerRadius: 2.5, color: color))), rect)
    }

    /// Black over what is light, white over a colour; over what is near black, white at 22 %, as
    /// iOS blends it with what is under it (measured: luminance 76, #4C4C4C, over #1A1A1A on an
    /// iPhone 13 Pro Max capture, docs/fidelity.md row 6, where plain white drew 255). Only the
    /// near-black case was measured, so a mid colour (a blue launch screen) keeps plain white.
    static func indicatorColor(under: Color) -> Color {
        let black = Color(red: 0, green: 0, blue: 0), white = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
        if ContrastRatio.of(black, on: under) >= ContrastRatio.of(white, on: under) { return black }
        return ContrastRatio.luminance(under) < 0.05 ? white.withAlpha(0.22) : white
    }

    /// Widths by screen width from the reference; other widths are proportional to 134 pt at 375.
    static let indicatorWidths: [Double: Double] = [375: 134, 390: 139, 402: 144, 414: 148, 428: 153]

    /// The colour a page shows under `rect`: its screen fill, with every filled shape that covers
    /// the rect (and an app backdrop's average colour there) laid over it in drawing order.
    static func color(under rect: Rect, in page: PageLayout) -> Color {
        var color = Color(red: 0xFF, green: 0xFF, blue: 0xFF)
        for item in page.items where item.clip == nil {
            if case let .image(image) = item.drawable, image.fit == .aspectFill, image.rect.contains(rect),
               let average = try? BackdropCache.shared.averageColor(
                BackdropImage(png: image.png, path: image.source ?? "backdrop"), filling: image.rect, under: rect, scale: page.scale) {
                color = average.composited(over: color)
                continue
            }
            guard case let .shape(shape) = item.drawable else { continue }
            switch shape {
            case let .screenFill(fill): color = fill
            case let .fill(area, _, fill) where area.contains(rect): color = fill.composited(over: color)
            default: break
            }
        }
        return color
    }

    /// Where a capture showed iOS's status bar other than the general rule: the time's size and
    /// centre and the icons' scale and centres, in points, for the screens of one geometry (width
    /// and cut-out), measured on real screenshots (docs/fidelity.md rows 2–4). Profiles of the
    /// same geometry share them (the iPhone XR is the iPhone 11's screen and notch; the 14 Plus
    /// the 13 Pro Max's); every other screen keeps the rule.
    struct MeasuredLayout {
        var timeSize: Double?
        var timeCenterX: Double?
        var iconScale: Double?
        /// Cellular, Wi-Fi, battery.
        var iconCentersX: [Double]?

        static func `for`(kind: StatusBarKind, width: Double, cutout: Rect) -> MeasuredLayout? {
            switch (kind, width, cutout.minX, cutout.width) {
            // iPhone 17 Pro Max (iOS 26) and 16 Pro Max (iOS 18): "23:01" 133 px wide, Wi-Fi 57×42,
            // battery 93×43, 12 % larger than the 402-pt 17 Pro's, which match the rule.
            case (.island, 440, _, _): MeasuredLayout(timeSize: 19.5, iconScale: 1.12)
            // iPhone 11 (iOS 14): the time 66 px wide (12 % wider than Noto's digits at 16 pt), Wi-Fi
            // centred at 715 px, the battery at 767.
            case (.notch, 414, 92, 230): MeasuredLayout(timeSize: 18, iconCentersX: [333.5, 357.5, 383.5])
            // iPhone 13 Pro Max (iOS 15): the time centred at 186.5 px and 96 wide; cellular at
            // 1001.5 px, Wi-Fi 1075, battery 1160.5.
            case (.notch, 428, 133, 162): MeasuredLayout(timeSize: 18.75, timeCenterX: 63.7, iconCentersX: [333.83, 358.33, 386.83])
            default: nil
            }
        }
    }

    // MARK: Parts

    private func textBlock(_ text: String, size: Double, width: Double, alignment: TextAlignment) -> TextBlock {
        var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: size, weight: .semibold, color: glyph, linkColor: glyph),
                                        traits: context.language)
        builder.append(plain: text)
        var block = builder.block(width: width, alignment: alignment, lineHeight: size * 1.2, maximumLines: 1)
        // iOS sets its chrome in SF in every language: Latin digits and letters come from Noto Sans
        // (its stand-in), and only what it lacks (Arabic-Indic digits, an iPad date's 月 and 周) from
        // the language's face, so "9:41" is as wide in Chinese as in English.
        block.runs = block.runs.map { run in
            var run = run
            run.family = "Noto Sans"
            return run
        }
        return block
    }

    /// A one-line label whose digits' ink is centred on `centerY`: its baseline goes half a digit's
    /// height (Noto Sans's 0.714 em) below, whatever the script's line metrics (an Arabic or
    /// Devanagari face's taller line box would otherwise lift the digits).
    private func text(_ id: String, _ text: String, size: Double, centeredIn cell: Rect, centerY: Double) -> PlacedItem {
        let block = textBlock(text, size: size, width: cell.width, alignment: .center)
        let measured = context.measurer.measure(block)
        let height = measured.size.height
        return PlacedItem(id: id, drawable: .text(PlacedText(origin: Point(x: cell.minX, y: context.snap(centerY + 0.357 * size - measured.baseline)),
                                                             size: Size(width: cell.width, height: height), block: block)))
    }

    /// Items laid out left to right, each with its width and height, placed as a row later.
    private struct Row {
        var parts: [(width: Double, height: Double, make: (Point) -> [PlacedItem])] = []
        var gap: Double

        var width: Double { parts.map(\.width).reduce(0, +) + gap * Double(max(0, parts.count - 1)) }

        /// Each part centred on its own x, as a measured layout gives them.
        func place(centersX: [Double], centerY: Double) -> [PlacedItem] {
            zip(parts, centersX).flatMap { part, x in part.make(Point(x: x - part.width / 2, y: centerY - part.height / 2)) }
        }

        func place(atX x: Double, centerY: Double) -> [PlacedItem] {
            var cursor = x
            var items: [PlacedItem] = []
            for part in parts {
                items += part.make(Point(x: cursor, y: centerY - part.height / 2))
                cursor += part.width + gap
            }
            return items
        }
    }

    /// Signal bars, Wi-Fi (or the network's label) and the battery, in the reference's sizes.
    private func iconGroup(scale: Double, cellular: Bool = true, battery: Bool = true) -> Row {
        var row = Row(gap: 7 * scale)
        if cellular { row.parts.append(cellularBars(scale: scale)) }
        let network = content.network ?? .wifi
        if network == .wifi {
            row.parts.append(wifi(scale: scale))
        } else if let label = network.label {
            let block = textBlock(label, size: 12 * scale + 2, width: 40, alignment: .leading)
            let measured = context.measurer.measure(block)
            let blockWidth = max(1, measured.size.width)
            let sized = textBlock(label, size: 12 * scale + 2, width: blockWidth + 1, alignment: .leading)
            row.parts.append((blockWidth, measured.size.height, { origin in
                [PlacedItem(id: "status-bar-network", drawable: .text(PlacedText(origin: origin,
                                                                                  size: Size(width: blockWidth + 1, height: measured.size.height),
                                                                                  block: sized)))]
            }))
        }
        if battery { row.parts.append(batteryIcon(scale: scale)) }
        return row
    }

    private func cellularBars(scale: Double) -> (width: Double, height: Double, make: (Point) -> [PlacedItem]) {
        let active = min(4, max(0, content.cellularBars ?? 4))
        let heights = [4.0, 6.4, 8.9, 12.226]
        return (19.2 * scale, 12.226 * scale, { origin in
            heights.enumerated().map { index, height in
                let bar = Rect(x: origin.x + Double(index) * 5.4 * scale, y: origin.y + (12.226 - height) * scale,
                               width: 3 * scale, height: height * scale)
                return PlacedItem(id: "status-bar-signal-\(index)", drawable: .shape(.fill(
                    bar, cornerRadius: 1 * scale, color: index < active ? self.glyph : self.glyph.withAlpha(0.3))))
            }
        })
    }

    private func wifi(scale: Double) -> (width: Double, height: Double, make: (Point) -> [PlacedItem]) {
        let active = min(3, max(0, content.wifiBars ?? 3))
        let rings = [(0.0, 3.6), (5.6, 8.2), (10.2, 12.328)]
        return (17.142 * scale, 12.328 * scale, { origin in
            let center = Point(x: origin.x + 8.571 * scale, y: origin.y + 12.328 * scale)
            return rings.enumerated().map { index, ring in
                PlacedItem(id: "status-bar-wifi-\(index)", drawable: .shape(.ringSegment(
                    center: center, innerRadius: ring.0 * scale, outerRadius: ring.1 * scale,
                    startAngle: -0.75 * Double.pi, endAngle: -0.25 * Double.pi,
                    color: index < active ? self.glyph : self.glyph.withAlpha(0.3))))
            }
        })
    }

    private func batteryIcon(scale: Double) -> (width: Double, height: Double, make: (Point) -> [PlacedItem]) {
        let level = Double(min(100, max(0, content.battery ?? 100))) / 100
        return (27.328 * scale, 13 * scale, { origin in
            func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
                Rect(x: origin.x + x * scale, y: origin.y + y * scale, width: width * scale, height: height * scale)
            }
            var items = [PlacedItem(id: "status-bar-battery-outline", drawable: .shape(.stroke(
                rect(0.5, 0.5, 24, 12), cornerRadius: 3.8 * scale, color: self.glyph.withAlpha(0.35), width: scale, dash: [])))]
            if level > 0 {
                items.append(PlacedItem(id: "status-bar-battery-level", drawable: .shape(.fill(
                    rect(2, 2, 21 * level, 9), cornerRadius: 2.5 * scale,
                    // iOS turns the level red at 20% and below.
                    color: level <= 0.2 ? Color(rgb: 0xFF3B30) : self.glyph))))
            }
            items.append(PlacedItem(id: "status-bar-battery-cap", drawable: .shape(.fill(
                rect(25.5, 4.3, 1.8, 4.4), cornerRadius: 0.9 * scale, color: self.glyph.withAlpha(0.4)))))
            return items
        })
    }

    /// "100%" then the battery, as home-button phones and iPads show it.
    private func batteryWithPercent(scale: Double, size: Double) -> Row {
        var row = Row(gap: 4)
        let number = "\(min(100, max(0, content.battery ?? 100)))"
        let digits = StatusBarClock.localizedDigits(number, language: context.language.tag)
        // With Arabic-Indic digits comes the Arabic percent sign (١٠٠٪).
        let percent = digits + (digits == number ? "%" : "\u{066A}")
        let block = textBlock(percent, size: size, width: 60, alignment: .leading)
        let measured = context.measurer.measure(block)
        let labelWidth = measured.size.width + 1
        let label = textBlock(percent, size: size, width: labelWidth, alignment: .leading)
        row.parts.append((labelWidth, measured.size.height, { origin in
            [PlacedItem(id: "status-bar-battery-percent", drawable: .text(PlacedText(
                origin: Point(x: origin.x, y: self.context.snap(origin.y)), size: Size(width: labelWidth, height: measured.size.height),
                block: label)))]
        }))
        row.parts.append(batteryIcon(scale: scale))
        return row
    }

    /// `items` mirrored across the screen in a right-to-left language, as iOS mirrors the bar:
    /// each glyph moves to the other side whole, and is not drawn back to front.
    private func mirrored(_ items: [PlacedItem]) -> [PlacedItem] {
        guard context.language.isRightToLeft else { return items }
        let width = context.screen.width
        // A glyph's parts share an id up to their last "-": status-bar-signal-0 … -3 are one glyph.
        func glyph(of item: PlacedItem) -> String {
            ["status-bar-signal", "status-bar-wifi", "status-bar-battery"].first { item.id.hasPrefix($0 + "-") && !item.id.hasSuffix("percent") }
                ?? item.id
        }
        var bounds: [String: Rect] = [:]
        for item in items {
            guard let box = item.bounds else { continue }
            let key = glyph(of: item)
            bounds[key] = bounds[key].map { union($0, box) } ?? box
        }
        return items.map { item in
            guard let box = bounds[glyph(of: item)] else { return item }
            return item.offsetBy(dx: (width - box.maxX) - box.minX, dy: 0)
        }
    }

    private func union(_ a: Rect, _ b: Rect) -> Rect {
        let minX = min(a.minX, b.minX), minY = min(a.minY, b.minY)
        return Rect(x: minX, y: minY, width: max(a.maxX, b.maxX) - minX, height: max(a.maxY, b.maxY) - minY)
    }
}

/// The status bar's time and date in a language, as iOS formats them: the language's digits
/// (Arabic-Indic in Arabic), AM/PM where the device kind shows it, the date in the language.
/// Formatting comes from the toolchain's ICU (Foundation).
package struct StatusBarClock {
    let time: String
    let language: String

    /// Hour and minute of an `H:MM` (or `HH:MM`) time on a 24-hour clock, ASCII digits; nil otherwise.
    public static func parse(_ time: String) -> (hour: Int, minute: Int)? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              (parts[0] + parts[1]).allSatisfy({ $0.isASCII && $0.isNumber }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return (hour, minute)
    }

    private var parsed: (hour: Int, minute: Int)? { Self.parse(time) }

    /// Notch and Dynamic Island phones: `9:41`, in the language's digits, no AM/PM; on the
    /// 12-hour clock where the language uses one (14:05 shows as 2:05).
    var phoneTime: String {
        guard let parsed, Self.usesTwelveHourClock(language) else { return Self.localizedDigits(time, language: language) }
        let hour = parsed.hour % 12 == 0 ? 12 : parsed.hour % 12
        return Self.localizedDigits("\(hour):" + (parsed.minute < 10 ? "0" : "") + "\(parsed.minute)", language: language)
    }

    /// Whether the language's preferred clock (ICU's `j` skeleton) is the 12-hour one.
    static func usesTwelveHourClock(_ language: String) -> Bool {
        ICUAnswers.shared.answer("12h|\(language)") {
            let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale(for: language)) ?? "h"
            // Quoted text is literal ("HH 'Uhr'" in German), not a field.
            let fields = pattern.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined()
            return fields.contains("h") || fields.contains("K") ? "yes" : "no"
        } == "yes"
    }

    /// Home-button phones and iPads: `9:41 AM` as the language writes it where it keeps a 12-hour
    /// clock; elsewhere the 24-hour time as the other phones show it (`14:05` in German). A time
    /// that is not `H:MM` is shown as given.
    var timeWithDayPeriod: String {
        guard let parsed, Self.usesTwelveHourClock(language) else { return phoneTime }
        return ICUAnswers.shared.answer("hmm|\(language)|\(parsed.hour):\(parsed.minute)") {
            let formatter = DateFormatter()
            formatter.locale = Self.locale(for: language)
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.setLocalizedDateFormatFromTemplate("hmm")
            return formatter.string(from: Self.date(hour: parsed.hour, minute: parsed.minute))
        }
    }

    /// iPads: `Tue Jan 9` (the day of Apple's 2007 keynote) as the language writes it.
    var date: String {
        ICUAnswers.shared.answer("date|\(language)") {
            let formatter = DateFormatter()
            formatter.locale = Self.locale(for: language)
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
            return formatter.string(from: Self.date(hour: 9, minute: 41)).replacingOccurrences(of: ",", with: "")
        }
    }

    private static func date(hour: Int, minute: Int) -> Date {
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour, components.minute) = (2007, 1, 9, hour, minute)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: 1_168_335_660)
    }

    /// The locale whose digits and formats iOS uses for `language`: ICU's, except that Arabic
    /// without a region takes the Arabic-Indic digits an Arabic iPhone shows (ICU's CLDR data
    /// gives bare `ar` Latin digits).
    static func locale(for language: String) -> Locale {
        language == "ar" ? Locale(identifier: "ar@numbers=arab") : Locale(identifier: language)
    }

    /// `text` with its ASCII digits in the language's own digits.
    static func localizedDigits(_ text: String, language: String) -> String {
        let digits = ICUAnswers.shared.answer("digits|\(language)") {
            let formatter = NumberFormatter()
            formatter.locale = locale(for: language)
            return (0...9).map { formatter.string(from: NSNumber(value: $0)) ?? "\($0)" }.joined(separator: "\u{1F}")
        }.components(separatedBy: "\u{1F}")
        return String(text.map { character -> String in
            guard let value = character.wholeNumberValue, character.isASCII else { return String(character) }
            return digits[value]
        }.joined())
    }
}

/// ICU's answers (a language's clock, digits, time and date formats), kept once computed: a
/// formatter costs more to make than the rest of a status bar's layout.
final class ICUAnswers: @unchecked Sendable {
    static let shared = ICUAnswers()
    private var answers: [String: String] = [:]
    private let lock = NSLock()

    /// The answer stored under `key`, computed by `make` the first time.
    func answer(_ key: String, _ make: () -> String) -> String {
        lock.lock()
        if let known = answers[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = make()
        lock.lock()
        answers[key] = made
        lock.unlock()
        return made
    }
}
