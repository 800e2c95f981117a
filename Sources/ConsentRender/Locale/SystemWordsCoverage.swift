/// docs/system-words.md's generated part (`render-cli help system-words`): for each prompt and
/// language, which of iOS's words are built in and with what grade, which need `systemStrings`,
/// the conflicting wordings, the words kept over the reference's, and the sources.
extension SystemWords {
    /// The prompts by table: the TCC alerts share one, as they share their buttons.
    private static let tables: [(title: String, kinds: [PromptKind])] = [
        ("App Tracking Transparency (`prompt:att`)", [.att]),
        ("Location, when in use (`prompt:location`)", [.location]),
        ("Notifications (`prompt:notifications`)", [.notifications]),
        ("Camera, microphone, contacts, Bluetooth and the other TCC alerts (`prompt:camera` …)", sharedButtons),
        ("Photos (`prompt:photos`)", [.photos]),
        ("Calendars, full access (`prompt:calendar`)", [.calendar]),
        ("Calendars, add events only (`prompt:calendar-write-only`)", [.calendarWriteOnly]),
        ("Reminders, full access (`prompt:reminders`)", [.reminders]),
        ("Local network (`prompt:local-network`)", [.localNetwork]),
        ("Location, always (`prompt:location-always`)", [.locationAlways]),
    ]

    /// The TCC alerts with the same two buttons (TCC's "Don’t Allow" and "OK"), listed in one table.
    private static let sharedButtons: [PromptKind] = [.camera, .microphone, .contacts, .bluetooth, .faceID, .photosAdd, .siri, .speech,
                                                      .motion, .mediaLibrary]

    /// A cell's mark: ✅ built in (firm), 🟡 built in (likely), ⚠️ conflicting, — no source; an
    /// inherited entry names the language it comes from.
    private func mark(_ key: String, language: String) -> String {
        let own = words[language]?[key]
        guard let entry = own ?? entry(key, language: language) else { return "—" }
        let symbol = switch entry.grade {
        case .firm: "✅"
        case .likely: "🟡"
        case .conflicting: "⚠️"
        }
        return own == nil ? "\(symbol) (\(inherits[language] ?? ""))" : symbol
    }

    /// The columns of a table: each kind's title, then the keys of the first kind's buttons (and
    /// message) once, as the TCC alerts share theirs.
    private static func columns(of kinds: [PromptKind]) -> [(header: String, key: (PromptKind) -> String)] {
        guard let first = kinds.first else { return [] }
        if kinds.count == 1 {
            return SystemStrings.keys.filter { $0.hasPrefix(first.rawValue + ".") }.map { key in ("`\(key)`", { _ in key }) }
        }
        let titles = kinds.map { kind in ("`\(kind.rawValue).title`", { (_: PromptKind) in "\(kind.rawValue).title" }) }
        let shared = SystemStrings.keys(for: first).dropFirst().map { key in
            let suffix = key.split(separator: ".", maxSplits: 1).last.map(String.init) ?? key
            return ("`<prompt>.\(suffix)`", { (kind: PromptKind) in "\(kind.rawValue).\(suffix)" })
        }
        return titles + shared
    }

    package var coverageMarkdown: String {
        var lines: [String] = []
        for table in Self.tables {
            guard let first = table.kinds.first else { continue }
            let columns = Self.columns(of: table.kinds)
            let complete = table.kinds.map { Set(languages(completing: $0)) }.reduce(Set(languages)) { $0.intersection($1) }
            lines += ["### \(table.title)", ""]
            lines.append(complete.isEmpty ? "No language has every word built in."
                : "Every word built in (\(complete.count) of \(languages.count)): " + complete.sorted().joined(separator: ", ") + ".")
            lines += ["", "| language | " + columns.map(\.header).joined(separator: " | ") + " |",
                      "|---|" + String(repeating: "---|", count: columns.count)]
            for language in languages {
                lines.append("| \(language) | " + columns.map { mark($0.key(first), language: language) }.joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        lines += ["### Conflicting words", "",
                  "Not built in: give the wording the iOS you show uses in `systemStrings`. The newer one comes first where the "
                      + "reference knows the order.", ""]
        let keys = SystemStrings.keys
        for language in languages {
            for key in keys {
                guard let entry = words[language]?[key], entry.grade == .conflicting, !Self.isSharedButtonCopy(key) else { continue }
                let wordings = (entry.variants ?? []).map { variant in "“\(variant.text)”" + (variant.note.map { " (\($0))" } ?? "") }
                lines.append("- \(language) `\(Self.sharedName(key))`: " + wordings.joined(separator: " / ")
                                 + " (sources " + entry.sources.joined(separator: ", ") + ")")
            }
        }
        lines += ["", "### Built-in words kept over the reference's", "",
                  "The ATT alert in these languages keeps the words ConsentRender had before this reference (ios-metrics.md "
                      + "§4.2, newer than the reference's iOS 14.5 capture); the reference's are given beside them.", ""]
        for language in languages {
            for key in keys {
                guard let entry = words[language]?[key], let reference = entry.reference, let text = entry.text else { continue }
                lines.append("- \(language) `\(key)`: built in “\(text)” (\(entry.sources.joined(separator: ", "))); the reference "
                                 + "has “\(reference.text)” (\(reference.sources.joined(separator: ", ")))")
            }
        }
        lines += ["", "### Sources", ""]
        lines += sources.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.map { "- \($0): \(sources[$0] ?? "")" }
        return lines.joined(separator: "\n")
    }

    /// Whether `key` is a TCC alert's button other than the camera's: those alerts share their
    /// buttons (photos its "Don’t Allow"), so a list names them once, as `<prompt>.deny`.
    private static func isSharedButtonCopy(_ key: String) -> Bool {
        let parts = key.split(separator: ".")
        guard parts.count == 2, parts[1] != "title", let kind = PromptKind(rawValue: String(parts[0])) else { return false }
        return sharedButtons.dropFirst().contains(kind) || (kind == .photos && parts[1] == "deny")
    }

    /// `camera.deny` as `<prompt>.deny` (the TCC alerts' shared button); other keys as they are.
    private static func sharedName(_ key: String) -> String {
        key.hasPrefix("camera.") && !key.hasSuffix(".title") ? "<prompt>." + key.dropFirst("camera.".count) : key
    }
}
