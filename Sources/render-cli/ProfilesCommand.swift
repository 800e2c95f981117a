import ConsentRender
import Foundation

/// `render-cli profiles`: the device profiles and their sizes.
enum ProfilesCommand {
    static let spec = CommandSpec(
        "profiles", summary: "list the device profiles",
        about: "Lists every device profile: id, name, platform, size in points (dp on Android) and pixels (portrait), scale "
            + "(Android: density / 160), the App Store Connect screenshot class its portrait screenshots belong to, its status bar "
            + "(kind and height), its cut-out (Dynamic Island, notch or punch hole), its navigation (home indicator or home button; "
            + "Android's gesture handle or 3-button bar), and for an Android profile the figures its sources grade below firm "
            + "(likely or guess) or do not source.",
        groups: [OptionGroup(nil, [Options.profiles, Options.format("json prints every profile as JSON")])])

    static func run(_ arguments: [String]) throws {
        let options = try ParsedArguments(arguments, spec: spec)
        let format = try options.choice("format", as: TextOrJSON.self, default: .text)
        let catalog = try locateProfileCatalog(explicit: options.value("profiles"))
        let profiles = try catalog.allProfiles()
        // Where they come from: a folder found by the search order, or the ones built in.
        let builtIn = (try? DeviceProfileCatalog.builtIn)?.directory.standardizedFileURL.path
        printError("render-cli profiles: note: " + (catalog.directory.standardizedFileURL.path == builtIn
            ? "the profiles built into render-cli (no DeviceProfiles folder was found; --profiles DIR names one)"
            : "the profiles in \(catalog.directory.path)"))
        switch format {
        case .json:
            print(String(decoding: try canonicalJSONData(profiles), as: UTF8.self), terminator: "")
        case .text:
            var rows = [["ID", "NAME", "PLATFORM", "POINTS", "SCALE", "PIXELS", "APP STORE CLASS", "STATUS BAR", "CUT-OUT", "NAVIGATION",
                         "NOT FIRM"]]
            for profile in profiles {
                let pixels = profile.pixelSize(in: .portrait)
                let unit = profile.android == nil ? "pt" : "dp"
                let known = PlatformRegistry.standard.platforms.contains { $0.name == profile.platformName.lowercased() }
                let cutout: String = profile.cutout.map { cutout in
                    if profile.android != nil { return "punch hole r \(number(cutout.width / 2))" }
                    return "\(profile.statusBar?.kind == .island ? "island" : "notch") \(number(cutout.width))×\(number(cutout.height))"
                } ?? "none"
                let navigation: String
                if let android = profile.android {
                    navigation = android.navigation.rawValue
                } else {
                    navigation = profile.homeIndicator.map { $0 ? "home indicator" : "home button" } ?? "not given"
                }
                // "guess: density, statusBar; likely: navigation".
                let doubtful = profile.android.map { android in
                    let figures = android.doubtfulFigures
                    return ["unsourced", FigureGrade.guess.rawValue, FigureGrade.likely.rawValue].compactMap { grade -> String? in
                        let named = figures.filter { ($0.grade?.rawValue ?? "unsourced") == grade }.map(\.figure)
                        return named.isEmpty ? nil : grade + ": " + named.joined(separator: ", ")
                    }.joined(separator: "; ")
                } ?? ""
                rows.append([
                    profile.id, profile.name, profile.platformName + (known ? "" : " (not drawn by render-cli)"),
                    "\(number(profile.points.width))×\(number(profile.points.height)) \(unit)",
                    "@\(number(profile.scale))x", "\(pixels.width)×\(pixels.height)",
                    profile.appStoreClass ?? "none",
                    profile.statusBar.map { "\($0.kind.rawValue) \(number($0.height)) \(unit)" } ?? "not given",
                    cutout, navigation, doubtful.isEmpty ? (profile.android == nil ? "" : "none") : doubtful,
                ])
            }
            let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let cells = row.enumerated().map { column, cell in
                    column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                }
                print(cells.joined(separator: "  "))
            }
        }
    }

    /// A figure as a profile writes it, to at most three decimals (411.429 dp, not 411.42857142857144).
    private static func number(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
