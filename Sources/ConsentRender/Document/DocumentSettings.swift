import Foundation

/// The optional `document.json` beside a document's language files.
public struct DocumentSettings: Codable, Sendable, Equatable {
    /// Which screen the document is laid out as: a template's id (`agreement-dialog`,
    /// `launch-consent`, `att-explainer`, or one a library user registered), checked when it renders.
    public var template: String
    /// The language used when none of the requested ones has a file.
    public var defaultLanguage: String?
    /// Overrides of the built-in chrome strings: key (`accept`, `decline`) → language tag → text.
    public var strings: [String: [String: String]]
    /// Chrome strings taken from the app's `Localizable.strings` or `Localizable.xcstrings`
    /// instead: key (`accept`) → the app's key (`"accept": { "key": "consent.accept" }`).
    public var localizableKeys: [String: String] = [:]
    /// Where the app's Xcode files are: its Info.plist and the folder of its `.lproj` folders and
    /// String Catalogs, relative to the document folder.
    public var app: AppFiles?
    /// iOS's own words for system prompts where ConsentRender has none built in: key
    /// (`notifications.title`, `att.deny`) → language tag → text, `%@` standing for the app's name.
    public var systemStrings: [String: [String: String]] = [:]
    /// What iOS's data detectors turn into links in the body's plain text; nil: all of them.
    public var detectors: [DataDetector]?
    /// The actions a consent dialog shows, in reading order for side-by-side buttons (stacked,
    /// the primary is on top); nil: the template's own (`decline`, `accept`). What a team ships,
    /// an accept-only popup included, can be drawn, and the lint says what is wrong with it.
    public var actions: [ConsentAction]?
    /// How the decline is drawn; nil: as a button, the equal of accept.
    public var declineStyle: DeclineStyle?
    /// How "Manage settings" is drawn; nil: as a button.
    public var settingsStyle: DeclineStyle?
    /// An ATT explainer's second action (`notNow`), drawn as iOS apps draw it; nil: none.
    public var secondaryAction: SecondaryAction?
    /// How a consent dialog is presented: a centred card (nil, the default), a bottom sheet or a banner.
    public var presentation: Presentation?
    /// The purposes a preferences layer lists, each with its switch (agreement-dialog's `preferences` state).
    public var purposes: [Purpose] = []
    /// Where the app is published: ISO 3166 region codes in lower case (`cn`, `us`, `jp`) or `eu`;
    /// `cn` turns on China's flow rules. Nil: `["cn"]` for a document with Simplified Chinese, else none
    /// (`DocumentFolder.markets`).
    public var markets: [String]?
    /// Why the app asks for each permission, shown in its banner above Android's permission dialog
    /// (`"permissionPurposes": { "location": { "zh-Hans": "用于推荐上车点" } }`, or a strings.xml
    /// resource: `{ "resource": "location_purpose" }`), by dialog.
    public var permissionPurposes: [PromptKind: PermissionPurpose] = [:]

    /// A permission's purpose: its words by language, or a resource of the app's strings.xml.
    public enum PermissionPurpose: Codable, Sendable, Equatable {
        case text(LocalizedText)
        case resource(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let object = try? container.decode([String: String].self), let resource = object["resource"] {
                guard object.count == 1 else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription:
                        "a purpose either names a string resource ({ \"resource\": \"location_purpose\" }) or gives words by language, not both")
                }
                self = .resource(resource.hasPrefix("@string/") ? String(resource.dropFirst(8)) : resource)
                return
            }
            self = .text(try container.decode(LocalizedText.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case let .text(text): try container.encode(text)
            case let .resource(name): try container.encode(["resource": name])
            }
        }
    }

    /// A purpose of processing, consented to on its own in the preferences layer.
    public struct Purpose: Codable, Sendable, Equatable {
        /// Its name ("Analytics", 数据分析): one for every language, or one per language tag.
        public var label: LocalizedText
        /// What it does, under its name.
        public var description: LocalizedText?
        /// Whether its switch starts on (a lint error: consent is switched on by the user).
        public var on: Bool
        /// A purpose that needs no consent (strictly necessary): "Always active" instead of a switch.
        public var required: Bool

        enum CodingKeys: String, CodingKey, CaseIterable { case label, description, on, required }

        public init(label: LocalizedText, description: LocalizedText? = nil, on: Bool = false, required: Bool = false) {
            self.label = label
            self.description = description
            self.on = on
            self.required = required
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            label = try container.decode(LocalizedText.self, forKey: .label)
            description = try container.decodeIfPresent(LocalizedText.self, forKey: .description)
            on = try container.decodeIfPresent(Bool.self, forKey: .on) ?? false
            required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
            if required, container.contains(.on), !on {
                throw DecodingError.dataCorruptedError(forKey: .on, in: container, debugDescription:
                    "a required purpose is always active and has no switch to turn off; remove \"on\" or \"required\"")
            }
        }
    }

    public enum Presentation: String, Codable, Sendable, CaseIterable {
        /// A card centred over the dimmed app.
        case card
        /// A bottom sheet with a grabber, as iOS presents sheets.
        case sheet
        /// A banner pinned to the bottom over the app, without dimming.
        case banner
    }

    /// An action of a consent dialog.
    public enum ConsentAction: String, Codable, Sendable, CaseIterable {
        case accept
        case decline
        /// "Manage settings": a way to choose purposes instead of refusing.
        case settings

        public var role: ButtonRole {
            switch self {
            case .accept: .accept
            case .decline: .decline
            case .settings: .settings
            }
        }
    }

    /// How the decline (`declineStyle`) or "Manage settings" (`settingsStyle`) is drawn.
    public enum DeclineStyle: String, Codable, Sendable, CaseIterable {
        case button
        /// A small text link under the accept button: a dark pattern, drawn so it can be linted.
        case link
        /// Grey text in a button's place, with no fill or outline, beside a filled accept: a choice
        /// of visibly lower weight (a dark pattern, drawn so it can be linted).
        case text

        var prominence: ButtonGroup.Prominence? {
            switch self {
            case .button: nil
            case .link: .link
            case .text: .text
            }
        }
    }

    public enum SecondaryAction: String, Codable, Sendable, CaseIterable {
        case notNow
    }

    /// `document.json`'s `app`.
    public struct AppFiles: Codable, Sendable, Equatable {
        /// The Info.plist file (XML or binary).
        public var infoPlist: String?
        /// The folders holding `<lang>.lproj/` folders and `*.xcstrings` (one, or several: the app's
        /// and its Swift packages' resources); default: the Info.plist's folder, or with `project`
        /// the target's own resources. With `project`, the folders listed are read after the
        /// target's.
        public var localizations: [String]?
        /// Build settings the Info.plist's `$(VAR)` values expand from, as Xcode's build would
        /// (`"PRODUCT_NAME": "Atlas"`); with `project`, over the project's own.
        public var buildSettings: [String: String]?
        /// The `.xcodeproj` to read the app from, instead of `infoPlist`: its target's Info.plist
        /// (or the one Xcode generates from `INFOPLIST_KEY_*`), build settings and resources.
        public var project: String?
        /// The project's target (default: its one app target).
        public var target: String?
        /// The target's build configuration (default: the one `xcodebuild` builds, normally Release).
        public var configuration: String?
        /// The strings table the dialog's `{ "key": … }` strings come from (default `Localizable`).
        public var table: String?
        /// An Android app's resource folders (`app/src/main/res`: one, or several where a flavour's
        /// overrides `main`'s, later ones winning), instead of an Xcode app's files.
        public var resources: [String]?
        /// An Android app's `AndroidManifest.xml` (its permissions and label); default: the one
        /// beside the first resource folder (`app/src/main/AndroidManifest.xml` for `app/src/main/res`).
        public var manifest: String?

        public init(infoPlist: String? = nil, localizations: [String]? = nil, buildSettings: [String: String]? = nil,
                    project: String? = nil, target: String? = nil, configuration: String? = nil, table: String? = nil) {
            self.infoPlist = infoPlist
            self.localizations = localizations
            self.buildSettings = buildSettings
            self.project = project
            self.target = target
            self.configuration = configuration
            self.table = table
        }

        private enum CodingKeys: String, CodingKey {
            case infoPlist, localizations, buildSettings, project, target, configuration, table, resources, manifest
        }

        /// A folder as a string, or several as an array, under `key`.
        private static func folders(_ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>, example: String) throws -> [String]? {
            if let one = try? container.decodeIfPresent(String.self, forKey: key) { return [one] }
            do {
                return try container.decodeIfPresent([String].self, forKey: key)
            } catch DecodingError.typeMismatch {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription:
                    "it must be \(example), relative to the document folder")
            }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            infoPlist = try container.decodeIfPresent(String.self, forKey: .infoPlist)
            // One folder as a string, or several as an array.
            localizations = try Self.folders(.localizations, in: container, example:
                "a folder (\"app\") or a list of folders ([\"app\", \"Packages/UI/Resources\"])")
            buildSettings = try container.decodeIfPresent([String: String].self, forKey: .buildSettings)
            project = try container.decodeIfPresent(String.self, forKey: .project)
            target = try container.decodeIfPresent(String.self, forKey: .target)
            configuration = try container.decodeIfPresent(String.self, forKey: .configuration)
            table = try container.decodeIfPresent(String.self, forKey: .table)
            resources = try Self.folders(.resources, in: container, example:
                "the app's res folder (\"app/src/main/res\") or a list of them")
            manifest = try container.decodeIfPresent(String.self, forKey: .manifest)
            if manifest != nil, resources == nil {
                throw DecodingError.dataCorruptedError(forKey: .manifest, in: container, debugDescription:
                    "an AndroidManifest.xml goes with the app's resources: add \"resources\": \"app/src/main/res\" beside it")
            }
            if resources != nil, infoPlist != nil || project != nil || localizations != nil {
                throw DecodingError.dataCorruptedError(forKey: .resources, in: container, debugDescription:
                    "an app is either Android's (resources) or Xcode's (infoPlist, project, localizations), not both; a document "
                        + "for both platforms names one, and --app-info or --xcodeproj gives the other on the command line")
            }
        }
    }
    /// Brand styling of the dialog.
    public var style: DocumentStyle

    /// The launch screen a `launch-consent` dialog sits on.
    public var launch: LaunchScreen
    /// The login page of a `login-consent` document.
    public var login = LoginScreen()
    /// What the status bar shows (time, battery, network, bars); unset fields keep Apple's defaults.
    public var statusBar: StatusBarContent?
    /// A PNG file in the document folder: the app's own screen, drawn behind the dialog. Without
    /// it, the `backdrop/` folder's per-device images are used (see `AppBackdrops`).
    public var backdrop: String?

    public struct LaunchScreen: Codable, Sendable, Equatable {
        /// `#RRGGBB`; omitted uses the system background.
        public var background: String?
        /// A PNG file in the document folder, drawn centred (72 pt on phones, 112 pt on iPad).
        public var logo: String?
        /// Shown under the logo: one name for every language, or a name per language tag.
        public var appName: LocalizedText?

        public init(background: String? = nil, logo: String? = nil, appName: LocalizedText? = nil) {
            self.background = background
            self.logo = logo
            self.appName = appName
        }
    }

    public init(template: String = "agreement-dialog", defaultLanguage: String? = nil,
                strings: [String: [String: String]] = [:], style: DocumentStyle = DocumentStyle(),
                launch: LaunchScreen = LaunchScreen()) {
        self.template = template
        self.defaultLanguage = defaultLanguage
        self.strings = strings
        self.style = style
        self.launch = launch
    }

    enum CodingKeys: String, CodingKey {
        case template, defaultLanguage, strings, style, launch, login, statusBar, backdrop, app, systemStrings, detectors, actions, declineStyle, settingsStyle,
             secondaryAction, presentation, purposes, markets, permissionPurposes
    }

    /// The region codes `markets` takes: ISO 3166-1's two-letter codes, and `eu`.
    static let marketCodes: Set<String> = Set(Locale.Region.isoRegions.map { $0.identifier.lowercased() }
        .filter { $0.count == 2 && $0.allSatisfy(\.isLetter) }).union(["eu"])

    private static func decodeMarkets(_ container: KeyedDecodingContainer<CodingKeys>) throws -> [String]? {
        guard let markets = try container.decodeIfPresent([String].self, forKey: .markets) else { return nil }
        var seen = Set<String>()
        for market in markets {
            guard marketCodes.contains(market) else {
                let lower = market.lowercased()
                let hint = marketCodes.contains(lower) ? "write it in lower case, \"\(lower)\""
                    : ["china": "cn", "prc": "cn", "europe": "eu", "usa": "us", "uk": "gb", "japan": "jp", "korea": "kr"][lower]
                        .map { "its ISO 3166 code is \"\($0)\"" } ?? "give ISO 3166 region codes in lower case (cn, us, jp, de) or eu"
                throw DecodingError.dataCorruptedError(forKey: .markets, in: container, debugDescription:
                    "'\(market)' is not a market; \(hint)")
            }
            guard seen.insert(market).inserted else {
                throw DecodingError.dataCorruptedError(forKey: .markets, in: container, debugDescription:
                    "'\(market)' is listed twice; list each market once")
            }
        }
        return markets
    }

    /// A `strings` entry: texts by language, or `{ "key": "…" }` naming a key of the app's
    /// Localizable strings (`{ "resource": "…" }` for an Android app's `strings.xml`, the same).
    private enum StringEntry: Decodable {
        case texts([String: String])
        case key(String)

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let texts = try container.decode([String: String].self)
            // "Key", "kye", "keys": a misspelt key is no language (it would draw the built-in words).
            if let near = texts.keys.first(where: { $0 != "key" && ["key", "keys", "kye", "kee", "ke"].contains($0.lowercased()) }) {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(near)' is no language tag; did you mean \"key\" ({ \"key\": \"consent.accept\" } "
                        + "names a key of the app's strings)?")
            }
            if let resource = texts["resource"] {
                guard texts.count == 1 else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "an entry either names a string resource of the app "
                            + "({ \"resource\": \"consent_accept\" }) or gives texts by language ({ \"en\": \"…\" }), not both")
                }
                self = .key(resource.hasPrefix("@string/") ? String(resource.dropFirst(8)) : resource)
            } else if let key = texts["key"] {
                guard texts.count == 1 else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "an entry either names a key of the app's Localizable strings "
                            + "({ \"key\": \"consent.accept\" }) or gives texts by language ({ \"en\": \"…\" }), not both")
                }
                self = .key(key)
            } else {
                self = .texts(texts)
            }
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        template = try container.decodeIfPresent(String.self, forKey: .template) ?? "agreement-dialog"
        defaultLanguage = try container.decodeIfPresent(String.self, forKey: .defaultLanguage)
        let entries = try container.decodeIfPresent([String: StringEntry].self, forKey: .strings) ?? [:]
        strings = [:]
        for (name, entry) in entries {
            switch entry {
            case let .texts(texts): strings[name] = texts
            case let .key(key): localizableKeys[name] = key
            }
        }
        app = try container.decodeIfPresent(AppFiles.self, forKey: .app)
        systemStrings = try Self.decodeSystemStrings(container)
        detectors = try container.decodeIfPresent([DataDetector].self, forKey: .detectors)
        style = try container.decodeIfPresent(DocumentStyle.self, forKey: .style) ?? DocumentStyle()
        launch = try container.decodeIfPresent(LaunchScreen.self, forKey: .launch) ?? LaunchScreen()
        login = try container.decodeIfPresent(LoginScreen.self, forKey: .login) ?? LoginScreen()
        if container.contains(.login), template != TemplateID.loginConsent.rawValue {
            throw DecodingError.dataCorruptedError(forKey: .login, in: container, debugDescription:
                "only the login-consent template draws a login page (this document's template is '\(template)'); set \"template\": "
                + "\"login-consent\" or remove \"login\"")
        }
        statusBar = try container.decodeIfPresent(StatusBarContent.self, forKey: .statusBar)
        backdrop = try container.decodeIfPresent(String.self, forKey: .backdrop)
        actions = try Self.decodeActions(container)
        declineStyle = try Self.decodeChoice(container, .declineStyle, DeclineStyle.self, noun: "decline style")
        settingsStyle = try Self.decodeChoice(container, .settingsStyle, DeclineStyle.self, noun: "settings style")
        if settingsStyle != nil, !(actions ?? []).contains(.settings) {
            throw DecodingError.dataCorruptedError(forKey: .settingsStyle, in: container, debugDescription:
                "\"settingsStyle\" draws the \"settings\" action, but \"actions\" has none; add \"settings\" to \"actions\" or remove "
                + "\"settingsStyle\"")
        }
        secondaryAction = try Self.decodeChoice(container, .secondaryAction, SecondaryAction.self, noun: "secondary action")
        presentation = try Self.decodeChoice(container, .presentation, Presentation.self, noun: "presentation")
        purposes = try container.decodeIfPresent([Purpose].self, forKey: .purposes) ?? []
        markets = try Self.decodeMarkets(container)
        if let raw = try container.decodeIfPresent([String: PermissionPurpose].self, forKey: .permissionPurposes) {
            for (name, purpose) in raw {
                guard let kind = PromptKind(rawValue: name), kind.hasAndroidDialog else {
                    let names = PromptKind.allCases.filter(\.hasAndroidDialog).map(\.rawValue)
                    let hint = closestMatch(to: name, among: names).map { "did you mean \"\($0)\"? " } ?? ""
                    throw DecodingError.dataCorruptedError(forKey: .permissionPurposes, in: container, debugDescription:
                        "'\(name)' is not a permission dialog; \(hint)name one of: \(names.joined(separator: ", "))")
                }
                if case let .text(.perLanguage(texts)) = purpose, let bad = texts.keys.sorted().first(where: { LanguageTag($0) == nil }) {
                    let hint = suggestedLanguageTag(for: bad).map { "did you mean '\($0)'? " } ?? ""
                    throw DecodingError.dataCorruptedError(forKey: .permissionPurposes, in: container, debugDescription:
                        "permissionPurposes.\(name): '\(bad)' is not a language tag; \(hint)write a BCP 47 tag such as zh-Hans or en")
                }
                permissionPurposes[kind] = purpose
            }
        }
        if container.contains(.purposes), template != "agreement-dialog" {
            throw DecodingError.dataCorruptedError(forKey: .purposes, in: container, debugDescription:
                "only the agreement-dialog template has a preferences layer (this document's template is '\(template)'); remove \"purposes\"")
        }
        if container.contains(.purposes), !purposes.contains(where: { !$0.required }) {
            throw DecodingError.dataCorruptedError(forKey: .purposes, in: container, debugDescription:
                "list at least one purpose the user can switch on or off (one that is not \"required\")")
        }
        if presentation != nil, ["att-explainer", "login-consent"].contains(template) {
            throw DecodingError.dataCorruptedError(forKey: .presentation, in: container, debugDescription:
                "the \(template) template draws a full screen, not a dialog to present; \"presentation\" applies to agreement-dialog and "
                + "launch-consent; remove it")
        }
        if let declineStyle, declineStyle != .button, let actions, !actions.contains(.decline) {
            throw DecodingError.dataCorruptedError(forKey: .declineStyle, in: container, debugDescription:
                "\"\(declineStyle.rawValue)\" draws the decline as text, but \"actions\" has no decline; add \"decline\" to \"actions\" or remove "
                + "\"declineStyle\"")
        }
        if declineStyle != nil, template == "att-explainer" {
            throw DecodingError.dataCorruptedError(forKey: .declineStyle, in: container, debugDescription:
                "an ATT explainer has no decline; its second action is \"secondaryAction\": \"notNow\"; remove \"declineStyle\"")
        }
        if secondaryAction != nil, template != "att-explainer" {
            throw DecodingError.dataCorruptedError(forKey: .secondaryAction, in: container, debugDescription:
                "only the att-explainer template has a secondary action (the '\(template)' template takes \"actions\"); remove it")
        }
        if template == TemplateID.loginConsent.rawValue,
           let key = [(CodingKeys.actions, actions != nil), (.declineStyle, declineStyle != nil), (.settingsStyle, settingsStyle != nil)]
               .first(where: \.1)?.0 {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription:
                "a login page has no consent dialog's buttons to choose or style (its button is login; an unticked login's answer is "
                + "\"login\": { \"whenUnticked\": … }); remove \"\(key.stringValue)\"")
        }
        if actions != nil, template == "att-explainer" {
            throw DecodingError.dataCorruptedError(forKey: .actions, in: container, debugDescription:
                "an ATT explainer has one action, continue; its second one is \"secondaryAction\": \"notNow\"; remove \"actions\"")
        }
    }

    /// `actions`: known names, each once, accept among them.
    private static func decodeActions(_ container: KeyedDecodingContainer<CodingKeys>) throws -> [ConsentAction]? {
        guard let names = try container.decodeIfPresent([String].self, forKey: .actions) else { return nil }
        let known = ConsentAction.allCases.map(\.rawValue)
        var actions: [ConsentAction] = []
        for name in names {
            guard let action = ConsentAction(rawValue: name) else {
                // The words teams use for the same actions.
                let synonyms = ["manage": "settings", "manage settings": "settings", "preferences": "settings", "customize": "settings",
                                "customise": "settings", "options": "settings", "reject": "decline", "refuse": "decline", "deny": "decline",
                                "agree": "accept", "ok": "accept"]
                if name.caseInsensitiveCompare("notNow") == .orderedSame || name.lowercased() == "not-now" {
                    throw DecodingError.dataCorruptedError(forKey: .actions, in: container, debugDescription:
                        "'\(name)' is an ATT explainer's second action, set as \"secondaryAction\": \"notNow\" (with \"template\": "
                        + "\"att-explainer\"); a dialog's actions are \(known.joined(separator: ", "))")
                }
                let hint = (synonyms[name.lowercased()] ?? closestMatch(to: name, among: known)).map { " (did you mean \($0)?)" } ?? ""
                throw DecodingError.dataCorruptedError(forKey: .actions, in: container, debugDescription:
                    "'\(name)' is not an action\(hint); use \(known.joined(separator: ", ")), in reading order: [\"decline\", \"accept\"]")
            }
            guard !actions.contains(action) else {
                throw DecodingError.dataCorruptedError(forKey: .actions, in: container, debugDescription:
                    "'\(name)' is listed twice; list each action once")
            }
            actions.append(action)
        }
        guard actions.contains(.accept) else {
            throw DecodingError.dataCorruptedError(forKey: .actions, in: container, debugDescription:
                "a consent dialog's actions include accept; add \"accept\" (and, for a real choice, \"decline\")")
        }
        return actions
    }

    /// A key of a JSON object read as it is (a `systemStrings` key, a language tag).
    private struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `systemStrings`, key → language → text, each text checked where it is written: a language
    /// tag that is one, words that are not empty, and `%@` for the app's name once in a title and
    /// nowhere else.
    private static func decodeSystemStrings(_ container: KeyedDecodingContainer<CodingKeys>) throws -> [String: [String: String]] {
        guard container.contains(.systemStrings), try !container.decodeNil(forKey: .systemStrings) else { return [:] }
        let keys = try container.nestedContainer(keyedBy: NameKey.self, forKey: .systemStrings)
        var result: [String: [String: String]] = [:]
        for key in keys.allKeys {
            let languages = try keys.nestedContainer(keyedBy: NameKey.self, forKey: key)
            var texts: [String: String] = [:]
            for language in languages.allKeys {
                let text = try languages.decode(String.self, forKey: language)
                if let problem = SystemStrings.problem(key: key.stringValue, language: language.stringValue, text: text) {
                    throw DecodingError.dataCorruptedError(forKey: language, in: languages, debugDescription: problem)
                }
                texts[language.stringValue] = text
            }
            result[key.stringValue] = texts
        }
        return result
    }

    static func decodeChoice<K: CodingKey, T: RawRepresentable & CaseIterable>(_ container: KeyedDecodingContainer<K>, _ key: K,
                                                                               _ type: T.Type, noun: String) throws -> T?
        where T.RawValue == String {
        guard let name = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = T(rawValue: name) else {
            let known = T.allCases.map(\.rawValue)
            let hint = closestMatch(to: name, among: known).map { " (did you mean \($0)?)" } ?? ""
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription:
                "'\(name)' is not a \(noun)\(hint); use \(known.joined(separator: " or "))")
        }
        return value
    }
}

/// Text that is either the same in every language (`"云帆出行"`) or given per language tag
/// (`{ "zh-Hans": "云帆出行", "en": "Yunfan Go" }`), matched as iOS matches languages.
public enum LocalizedText: Codable, Sendable, Equatable {
    case everyLanguage(String)
    case perLanguage([String: String])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .everyLanguage(text)
        } else if let texts = try? container.decode([String: String].self) {
            self = .perLanguage(texts)
        } else {
            throw DecodingError.typeMismatch(String.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a string, or an object of language tag → string"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .everyLanguage(text): try container.encode(text)
        case let .perLanguage(texts): try container.encode(texts)
        }
    }

    /// The text for `language` (a resolved tag), or nil when no entry matches it.
    public func text(for language: String) -> String? {
        switch self {
        case let .everyLanguage(text):
            return text
        case let .perLanguage(texts):
            guard let tag = LanguageTag(language),
                  let match = LanguageResolver(available: texts.keys.sorted(), defaultLanguage: nil).match(tag) else { return nil }
            return texts[match]
        }
    }
}
