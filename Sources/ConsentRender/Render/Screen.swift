/// Which screen a render shows: the document's own consent screen (its template), or one of iOS's
/// permission prompts drawn over the app (`--screen prompt:att`).
public enum Screen: Hashable, Codable, Sendable, CustomStringConvertible {
    case consent
    case prompt(PromptKind)

    /// `consent` or `prompt:<kind>`, in any letter case.
    public init?(name: String) {
        let lower = name.lowercased()
        if lower == "consent" { self = .consent; return }
        guard lower.hasPrefix("prompt:"), let kind = PromptKind(rawValue: String(lower.dropFirst("prompt:".count))) else {
            return nil
        }
        self = .prompt(kind)
    }

    /// Every screen, for help texts and suggestions.
    public static let all: [Screen] = [.consent] + PromptKind.allCases.map { .prompt($0) }

    public var description: String {
        switch self {
        case .consent: "consent"
        case let .prompt(kind): "prompt:\(kind.rawValue)"
        }
    }

    /// The part of a cell's file name: none for the consent screen, `-prompt-att` for a prompt.
    public var fileSuffix: String {
        switch self {
        case .consent: ""
        case let .prompt(kind): "-prompt-\(kind.rawValue)"
        }
    }

    public var prompt: PromptKind? {
        if case let .prompt(kind) = self { return kind }
        return nil
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let screen = Screen(name: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(name)' is not a screen; use one of: \(Screen.all.map(\.description).joined(separator: ", "))")
        }
        self = screen
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The system permission prompts ConsentRender draws, each with the Info.plist key that holds the
/// app's purpose string (none for notifications, whose message is iOS's own). Their words and
/// buttons, and where each comes from, are in docs/system-words.md.
public enum PromptKind: String, Codable, Sendable, CaseIterable {
    case att, location, notifications, camera, photos, contacts, microphone, bluetooth
    /// Added for issue 31: every prompt a `NS…UsageDescription` key of an iPhone app brings.
    case faceID = "faceid", photosAdd = "photos-add", calendar, calendarWriteOnly = "calendar-write-only", reminders, siri,
         speech, motion, localNetwork = "local-network", mediaLibrary = "media-library", locationAlways = "location-always"
    /// Android's alone (issue 38): the phone, SMS, call log and body sensor permission groups.
    case phone, sms, callLog = "call-log", bodySensors = "body-sensors"

    /// Whether only Android has the prompt (iOS refuses it).
    public var isAndroidOnly: Bool { [.phone, .sms, .callLog, .bodySensors].contains(self) }

    /// The `NS…UsageDescription` key iOS reads the message from.
    public var infoPlistKey: String? {
        switch self {
        case .att: "NSUserTrackingUsageDescription"
        case .location: "NSLocationWhenInUseUsageDescription"
        case .notifications: nil
        case .camera: "NSCameraUsageDescription"
        case .photos: "NSPhotoLibraryUsageDescription"
        case .contacts: "NSContactsUsageDescription"
        case .microphone: "NSMicrophoneUsageDescription"
        case .bluetooth: "NSBluetoothAlwaysUsageDescription"
        case .faceID: "NSFaceIDUsageDescription"
        case .photosAdd: "NSPhotoLibraryAddUsageDescription"
        case .calendar: "NSCalendarsFullAccessUsageDescription"
        case .calendarWriteOnly: "NSCalendarsWriteOnlyAccessUsageDescription"
        case .reminders: "NSRemindersFullAccessUsageDescription"
        case .siri: "NSSiriUsageDescription"
        case .speech: "NSSpeechRecognitionUsageDescription"
        case .motion: "NSMotionUsageDescription"
        case .localNetwork: "NSLocalNetworkUsageDescription"
        case .mediaLibrary: "NSAppleMusicUsageDescription"
        case .locationAlways: "NSLocationAlwaysAndWhenInUseUsageDescription"
        case .phone, .sms, .callLog, .bodySensors: nil
        }
    }

    /// The key an app built before iOS 17 gives instead (`NSCalendarsUsageDescription`), which
    /// iOS 17 and later no longer show in this prompt.
    public var formerInfoPlistKey: String? {
        switch self {
        case .calendar, .calendarWriteOnly: "NSCalendarsUsageDescription"
        case .reminders: "NSRemindersUsageDescription"
        case .locationAlways: "NSLocationAlwaysUsageDescription"
        default: nil
        }
    }

    /// What an app that gives `formerInfoPlistKey` instead is told: which iOS stopped showing it here.
    public var formerKeyNote: String {
        self == .locationAlways ? "which iOS 11 replaced with NSLocationAlwaysAndWhenInUseUsageDescription"
            : "which iOS 17 and later do not show in this prompt"
    }

    /// What iOS does when an app asks without the purpose string, in a clause: TCC's services end
    /// the app; Face ID is refused; location is not asked for; the local network alert shows iOS's
    /// own generic sentence.
    public var withoutPurpose: String {
        switch self {
        case .faceID: "iOS refuses Face ID to an app that has none"
        case .location, .locationAlways: "iOS does not ask, and the app gets no location"
        case .localNetwork: "iOS shows a generic sentence of its own in its place"
        case .att: "iOS does not show the prompt"
        default: "iOS terminates an app that asks for \(subject) without it"
        }
    }

    /// The prompt whose Info.plist key is `key`, if ConsentRender draws one.
    public init?(infoPlistKey key: String) {
        guard let kind = PromptKind.allCases.first(where: { $0.infoPlistKey == key }) else { return nil }
        self = kind
    }

    /// The buttons, top to bottom when stacked and leading to trailing side by side.
    public var roles: [ButtonRole] {
        switch self {
        case .att: [.deny, .allow]
        case .location: [.allowOnce, .allowWhileUsing, .deny]
        case .notifications: [.deny, .allow]
        // iOS 17 and later: "Limit Access…", "Allow Full Access", "Don’t Allow".
        case .photos: [.limitAccess, .allowFull, .deny]
        case .calendar, .reminders: [.deny, .allowFull]
        case .calendarWriteOnly: [.deny, .allow]
        case .locationAlways: [.keepWhileUsing, .changeToAlways]
        case .camera, .contacts, .microphone, .bluetooth, .faceID, .photosAdd, .siri, .speech, .motion, .localNetwork, .mediaLibrary:
            [.deny, .ok]
        // Android's dialogs: AndroidPermissionDialog's buttons.
        case .phone, .sms, .callLog: [.allow, .deny]
        case .bodySensors: [.allowWhileUsing, .deny]
        }
    }

    /// Whether the buttons always stack (ATT: "Ask App Not to Track" is too long for a row;
    /// location and photos: three choices), rather than sitting side by side when they fit.
    public var stacksButtons: Bool { self == .att || self == .location || roles.count > 2 }

    /// Whether the alert shows the location map under its message.
    public var showsMap: Bool { self == .location }

    /// What the prompt asks for, in words for messages.
    public var subject: String {
        switch self {
        case .att: "tracking"
        case .location: "location"
        case .notifications: "notifications"
        case .camera: "camera access"
        case .photos: "photo library access"
        case .contacts: "contacts access"
        case .microphone: "microphone access"
        case .bluetooth: "Bluetooth access"
        case .faceID: "Face ID"
        case .photosAdd: "adding to the photo library"
        case .calendar: "full calendar access"
        case .calendarWriteOnly: "adding calendar events"
        case .reminders: "reminders access"
        case .siri: "Siri"
        case .speech: "speech recognition"
        case .motion: "motion and fitness activity"
        case .localNetwork: "local network access"
        case .mediaLibrary: "Apple Music and the media library"
        case .locationAlways: "location even when the app is not in use"
        case .phone: "making and managing phone calls"
        case .sms: "SMS messages"
        case .callLog: "the call logs"
        case .bodySensors: "body sensor data"
        }
    }
}

/// Which Android draws a permission dialog: 14 (the default: Material 3's tonal buttons), 15 (the
/// same, its buttons growing with their labels) or 16 (Material 3 Expressive's filled pills, as
/// Android 16 QPR1 and later draw them with the expressive design on).
public enum AndroidVersion: String, Codable, Sendable, CaseIterable {
    case v14 = "14"
    case v15 = "15"
    case v16 = "16"

    /// `14`, `15` or `16` (also `android16`).
    public init?(name: String) {
        let digits = name.lowercased().replacingOccurrences(of: "android", with: "").trimmingCharacters(in: .whitespaces)
        guard let version = AndroidVersion(rawValue: digits) else { return nil }
        self = version
    }

    public var number: Int { Int(rawValue) ?? 14 }
}

/// Which iOS draws the system alert: iOS 26's Liquid Glass (the default) or iOS 13–18's.
public enum SystemLook: String, Codable, Sendable, CaseIterable {
    case ios26 = "26"
    case ios18 = "18"

    /// `26` or `18` (also `ios26`, `iOS 18`).
    public init?(name: String) {
        let digits = name.lowercased().replacingOccurrences(of: "ios", with: "").trimmingCharacters(in: .whitespaces)
        guard let look = SystemLook(rawValue: digits) else { return nil }
        self = look
    }

    /// The link map's number.
    public var version: Int { self == .ios26 ? 26 : 18 }
}
