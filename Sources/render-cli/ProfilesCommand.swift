import ConsentRender
import Foundation

/// `render-cli profiles`: the device profiles and their sizes.
enum ProfilesCommand {
    static let spec = CommandSpec(
        "profiles", summary: "list the device profiles",
        about: "Lists every device profile: id, name, size in points and pixels (portrait), scale, the App Store Connect "
            + "screenshot class its portrait screenshots belong to, its status bar (kind and height), its cut-out (Dynamic "
            + "Island or notch) and whether it has a home indicator.",
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
            var rows = [["ID", "NAME", "POINTS", "SCALE", "PIXELS", "APP STORE CLASS", "STATUS BAR", "CUT-OUT", "HOME INDICATOR"]]
            for profile in profiles {
                let pixels = profile.pixelSize(in: .portrait)
                rows.append([
                    profile.id, profile.name,
                    "\(number(profile.points.width))×\(number(profile.points.height))",
                    "@\(number(profile.scale))x", "\(pixels.width)×\(pixels.height)",
                    profile.appStoreClass ?? "none",
                    profile.statusBar.map { "\($0.kind.rawValue) \(number($0.height)) pt" } ?? "not given",
                    profile.cutout.map { cutout in
                        "\(profile.statusBar?.kind == .island ? "island" : "notch") \(number(cutout.width))×\(number(cutout.height))"
                    } ?? "none",
                    (profile.homeIndicator.map { $0 ? "yes" : "no" } ?? "not given")
                        + (PlatformRegistry.standard.platforms.contains { $0.name == profile.platformName.lowercased() } ? ""
                           : "  (platform '\(profile.platformName)': render-cli does not draw it)"),
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

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
