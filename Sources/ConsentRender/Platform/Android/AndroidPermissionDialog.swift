import Foundation

/// What Android's runtime-permission dialog (PermissionController's `GrantPermissionsActivity`,
/// `grant_permissions_material3.xml`) shows for each permission group ConsentRender draws: the
/// title string, the buttons top to bottom with their strings, the group's icon, and whether the
/// precise/approximate choice shows. Read in AOSP `packages/modules/Permission` at
/// android-14.0.0_r67 (`GrantPermissionsActivity.getButtonsForPrompt`, `Utils.PERM_GROUP_REQUEST_RES`,
/// the `*GrantBehavior` classes); docs/android.md, "Permission dialogs", cites them.
struct AndroidPermissionDialog: Sendable {
    var kind: PromptKind
    /// PermissionController's string for the title (`permgrouprequest_location`).
    var titleKey: String
    /// Top to bottom: each button's role and its string.
    var buttons: [(role: ButtonRole, key: String)]
    /// The permission group's icon (`perm_group_location`), drawn 32 dp in the accent.
    var icon: AndroidPermissionIcon
    /// The location dialog's Precise / Approximate images.
    var showsAccuracy: Bool { kind == .location }

    /// "While using the app", "Only this time", "Don't allow": the groups that may be granted once
    /// (`PermissionMapping`'s one-time groups: location, camera, microphone).
    private static let oneTime: [(role: ButtonRole, key: String)] = [
        (.allowWhileUsing, "grant_dialog_button_allow_foreground"), (.allowOnce, "grant_dialog_button_allow_one_time"),
        (.deny, "grant_dialog_button_deny"),
    ]
    private static let allowOrNot: [(role: ButtonRole, key: String)] = [(.allow, "grant_dialog_button_allow"), (.deny, "grant_dialog_button_deny")]

    /// The dialog of `kind`, or nil for a prompt Android does not have (ATT, Face ID, Siri, …).
    static func of(_ kind: PromptKind) -> AndroidPermissionDialog? {
        switch kind {
        case .location: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_location", buttons: oneTime, icon: .location)
        case .camera: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_camera", buttons: oneTime, icon: .camera)
        case .microphone: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_microphone", buttons: oneTime, icon: .microphone)
        // Body sensors have a background permission and no one-time grant: FG_ONLY.
        case .bodySensors:
            AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_sensors",
                                    buttons: [(.allowWhileUsing, "grant_dialog_button_allow_foreground"), (.deny, "grant_dialog_button_deny")],
                                    icon: .bodySensors)
        // READ_MEDIA_IMAGES / _VIDEO for an app targeting Android 14: SELECT_PHOTOS.
        case .photos:
            AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_read_media_visual",
                                    buttons: [(.limitAccess, "grant_dialog_button_allow_limited_access"),
                                              (.allowFull, "grant_dialog_button_allow_all"), (.deny, "grant_dialog_button_deny")],
                                    icon: .photos)
        case .notifications: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_notifications", buttons: allowOrNot, icon: .notifications)
        case .contacts: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_contacts", buttons: allowOrNot, icon: .contacts)
        case .calendar: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_calendar", buttons: allowOrNot, icon: .calendar)
        case .phone: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_phone", buttons: allowOrNot, icon: .phone)
        case .callLog: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_calllog", buttons: allowOrNot, icon: .callLog)
        case .sms: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_sms", buttons: allowOrNot, icon: .sms)
        // Physical activity (ACTIVITY_RECOGNITION): iOS's motion and fitness prompt's counterpart.
        case .motion: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_activityRecognition", buttons: allowOrNot,
                                              icon: .physicalActivity)
        // Nearby devices (BLUETOOTH_SCAN / _CONNECT / _ADVERTISE, UWB): iOS's Bluetooth prompt's counterpart.
        case .bluetooth: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_nearby_devices", buttons: allowOrNot,
                                                 icon: .nearbyDevices)
        // Music and audio (READ_MEDIA_AUDIO): iOS's media library prompt's counterpart.
        case .mediaLibrary: AndroidPermissionDialog(kind: kind, titleKey: "permgrouprequest_read_media_aural", buttons: allowOrNot,
                                                    icon: .musicAudio)
        case .att, .faceID, .photosAdd, .calendarWriteOnly, .reminders, .siri, .speech, .localNetwork, .locationAlways: nil
        }
    }

    /// The `systemStrings` key that gives the words of `key` for this dialog where Android's own
    /// are not built in: `android.location.title`, `android.location.allow-while-using`.
    func systemStringsKey(of key: String) -> String {
        if key == titleKey { return "android.\(kind.rawValue).title" }
        if key == AndroidSystemWords.preciseKey { return "android.location.precise" }
        if key == AndroidSystemWords.approximateKey { return "android.location.approximate" }
        let role = buttons.first { $0.key == key }?.role.rawValue ?? key
        return "android.\(kind.rawValue).\(role)"
    }

    /// Every PermissionController string the dialog shows.
    var keys: [String] {
        [titleKey] + buttons.map(\.key) + (showsAccuracy ? [AndroidSystemWords.preciseKey, AndroidSystemWords.approximateKey] : [])
    }

    /// Why Android has no dialog for `kind`, with what to do instead.
    static func whyNone(_ kind: PromptKind) -> String {
        switch kind {
        case .att: "App Tracking Transparency is iOS's; Android has no tracking prompt (an app's own consent screen asks)"
        case .faceID: "Android asks for no biometric permission; an app shows BiometricPrompt when it authenticates, with no prompt before"
        case .locationAlways:
            "Android 11 and later ask for background location in the app's settings page, not in a dialog; render prompt:location for "
                + "the dialog an app shows first"
        case .photosAdd: "Android asks no permission to add photos (MediaStore takes them without one)"
        case .calendarWriteOnly: "Android's calendar permission has one dialog; render prompt:calendar"
        case .reminders, .siri, .speech, .localNetwork: "it is an iOS permission Android does not have"
        default: "Android has it"
        }
    }
}

/// PermissionController's words for the dialogs in every language it ships (AOSP's
/// `res/values-*/strings.xml`, Apache-2.0), read from the package's resources
/// (`Resources/AndroidSystemWords/android-NN.json`, written by scripts/android-system-words.py).
struct AndroidSystemWords: Sendable, Decodable {
    struct Source: Sendable, Decodable {
        var commit: String
        var reached: String
    }

    var android: Int
    var source: Source
    /// Strings by Android resource qualifier (`default`, `zh-rCN`, `b+sr+Latn`), then name.
    var locales: [String: [String: String]]

    static let preciseKey = "permgrouprequest_finelocation_imagetext"
    static let approximateKey = "permgrouprequest_coarselocation_imagetext"

    /// The words of Android 14, 15 and 16 (QPR2), each read once.
    static let android14: Result<AndroidSystemWords, RenderError> = load(14)
    static let android15: Result<AndroidSystemWords, RenderError> = load(15)
    static let android16: Result<AndroidSystemWords, RenderError> = load(16)

    static func of(_ version: AndroidVersion) throws -> AndroidSystemWords {
        switch version {
        case .v14: try android14.get()
        case .v15: try android15.get()
        case .v16: try android16.get()
        }
    }

    static func load(_ version: Int) -> Result<AndroidSystemWords, RenderError> {
        let name = "android-\(version).json"
        guard let url = Bundle.module.url(forResource: "android-\(version)", withExtension: "json", subdirectory: "AndroidSystemWords") else {
            return .failure(.brokenResource(name: "AndroidSystemWords/\(name)", detail: "is missing from \(Bundle.module.bundlePath)"))
        }
        do {
            return .success(try JSONDecoder().decode(AndroidSystemWords.self, from: Data(contentsOf: url)))
        } catch {
            return .failure(.brokenResource(name: "AndroidSystemWords/\(name)", detail: "cannot be read (\(error))"))
        }
    }

    /// The resource folders Android reads for a device language, most specific first, as its
    /// resolution finds PermissionController's folders: the region's own (`en-rGB`, `pt-rPT`,
    /// `fr-rCA`), Chinese by script (`zh-rCN` for Simplified, `zh-rHK` for Hong Kong and Macau,
    /// `zh-rTW` for other Traditional), Latin American Spanish in `es-rUS`, Serbian in Latin in
    /// `b+sr+Latn`, Android's old codes (`iw` for he, `in` for id, `tl` for fil), then the
    /// language's own folder, and for English the default strings (written in American English).
    static func qualifiers(for tag: LanguageTag) -> [String] {
        let language = ["he": "iw", "id": "in", "yi": "ji", "fil": "tl", "no": "nb"][tag.language] ?? tag.language
        var result: [String] = []
        switch language {
        case "zh":
            let script = tag.effectiveScript
            if let region = tag.region, ["HK", "MO"].contains(region) { result = ["zh-rHK", script == "Hans" ? "zh-rCN" : "zh-rTW"] }
            else { result = [script == "Hant" ? "zh-rTW" : "zh-rCN"] }
            return result
        case "sr":
            return tag.script == "Latn" ? ["b+sr+Latn"] : ["sr"]
        case "es":
            let latin: Set<String> = ["419", "US", "MX", "AR", "CO", "CL", "PE", "VE", "EC", "GT", "CU", "BO", "DO", "HN", "PY", "SV",
                                      "NI", "CR", "PA", "UY", "PR"]
            if let region = tag.region, latin.contains(region) { result.append("es-rUS") }
        case "pt":
            // Android's `pt` folder is Brazilian Portuguese; Portugal's regions read `pt-rPT`.
            if let region = tag.region, LanguageTag.europeanPortugueseRegions.contains(region) { result.append("pt-rPT") }
            else { result.append("pt-rBR") }
        default:
            if let region = tag.region, region.count == 2 { result.append("\(language)-r\(region)") }
        }
        result.append(language)
        if language == "en" { result.append("default") }
        return result
    }

    /// The qualifier whose strings a device language shows, and the strings; nil when
    /// PermissionController has no folder for the language (its words must come from `systemStrings`).
    func strings(for tag: LanguageTag) -> (qualifier: String, strings: [String: String])? {
        for qualifier in Self.qualifiers(for: tag) {
            if let strings = locales[qualifier] { return (qualifier, strings) }
        }
        return nil
    }
}

/// A permission group's icon: the framework's `perm_group_*` vector drawable (24 × 24 dp viewport),
/// its path data as AOSP's `frameworks/base/core/res/res/drawable/` gives it (Apache-2.0; the
/// commit each was read at is in docs/android.md). PermissionController tints it.
enum AndroidPermissionIcon: String, Sendable, CaseIterable {
    case location, camera, microphone, bodySensors, photos, notifications, contacts, calendar, phone, callLog, sms,
         physicalActivity, nearbyDevices, musicAudio

    /// The drawable's name.
    var drawable: String {
        switch self {
        case .location: "perm_group_location"
        case .camera: "perm_group_camera"
        case .microphone: "perm_group_microphone"
        case .bodySensors: "perm_group_sensors"
        case .photos: "perm_group_read_media_visual"
        case .notifications: "ic_notifications_alerted"
        case .contacts: "perm_group_contacts"
        case .calendar: "perm_group_calendar"
        case .phone: "perm_group_phone_calls"
        case .callLog: "perm_group_call_log"
        case .sms: "perm_group_sms"
        case .physicalActivity: "perm_group_activity_recognition"
        case .nearbyDevices: "perm_group_nearby_devices"
        case .musicAudio: "perm_group_read_media_aural"
        }
    }
}

extension AndroidPermissionIcon {
    /// The icon's paths in its viewport (each filled on its own, as the drawable draws them), read
    /// from its drawable in the package's resources once.
    func outline() throws -> (viewport: Size, paths: [VectorPath]) {
        try Self.outlines.get()[self]!
    }

    private static let outlines: Result<[AndroidPermissionIcon: (viewport: Size, paths: [VectorPath])], RenderError> = Result {
        var outlines: [AndroidPermissionIcon: (viewport: Size, paths: [VectorPath])] = [:]
        for icon in allCases {
            let name = "AndroidPermissionIcons/\(icon.drawable).xml"
            guard let url = Bundle.module.url(forResource: icon.drawable, withExtension: "xml", subdirectory: "AndroidPermissionIcons"),
                  let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw RenderError.brokenResource(name: name, detail: "is missing from \(Bundle.module.bundlePath)")
            }
            func attribute(_ name: String, in text: String) -> [String] {
                text.components(separatedBy: "android:\(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
            }
            guard let width = attribute("viewportWidth", in: text).first.flatMap(Double.init),
                  let height = attribute("viewportHeight", in: text).first.flatMap(Double.init), !attribute("pathData", in: text).isEmpty else {
                throw RenderError.brokenResource(name: name, detail: "has no viewport or pathData")
            }
            // Each <path>'s data, unless it has no fill (Android draws such a path not at all: a
            // drawable's invisible 24 × 24 bounding square).
            let filled = text.components(separatedBy: "<path").dropFirst().compactMap { element -> String? in
                let body = String(element.prefix { $0 != ">" })
                guard let fill = attribute("fillColor", in: body).first, fill != "#00000000" else { return nil }
                return attribute("pathData", in: body).first
            }
            do {
                let paths = try filled.map { try VectorPath($0) }
                outlines[icon] = (Size(width: width, height: height), paths)
            } catch {
                throw RenderError.brokenResource(name: name, detail: "has path data that cannot be read (\(error))")
            }
        }
        return outlines
    }.mapError { $0 as? RenderError ?? .brokenResource(name: "AndroidPermissionIcons", detail: "\($0)") }
}

extension PromptKind {
    /// Whether Android has a permission dialog for it.
    public var hasAndroidDialog: Bool { AndroidPermissionDialog.of(self) != nil }
}

/// The app's own banner above Android's permission dialog, saying why it asks: the practice of
/// Chinese apps meeting MIIT's 2023 rule that a request for location, contacts or photos states
/// its purpose at the same time (XXPermissions' permission description popup and uni-app's
/// `createRequestPermissionListener` draw one; docs/android.md, "The purpose banner").
enum AndroidPurposeBanner {
    /// The banner's title, "<permission>权限使用说明" and its counterparts, in the languages
    /// ConsentRender writes it in; nil elsewhere (the banner then shows the purpose alone).
    static func title(of kind: PromptKind, language: String) -> String? {
        guard let tag = LanguageTag(language) else { return nil }
        let names: [PromptKind: (hans: String, hant: String, en: String)] = [
            .location: ("位置信息", "位置資訊", "Location"), .camera: ("相机", "相機", "Camera"), .microphone: ("麦克风", "麥克風", "Microphone"),
            .contacts: ("通讯录", "通訊錄", "Contacts"), .photos: ("照片和视频", "相片和影片", "Photos and videos"),
            .notifications: ("通知", "通知", "Notifications"), .calendar: ("日历", "日曆", "Calendar"), .phone: ("电话", "電話", "Phone"),
            .callLog: ("通话记录", "通話記錄", "Call logs"), .sms: ("短信", "簡訊", "SMS"), .bluetooth: ("附近的设备", "鄰近裝置", "Nearby devices"),
            .motion: ("身体活动", "體能活動", "Physical activity"), .mediaLibrary: ("音乐和音频", "音樂和音訊", "Music and audio"),
            .bodySensors: ("身体传感器", "人體感應器", "Body sensors"),
        ]
        guard let name = names[kind] else { return nil }
        if tag.language == "zh" { return tag.effectiveScript == "Hant" ? "\(name.hant)權限使用說明" : "\(name.hans)权限使用说明" }
        if tag.language == "en" { return "\(name.en) permission: why we ask" }
        return nil
    }
}
