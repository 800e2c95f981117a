import Foundation

/// What a device's operating system brings to a screen: the style a document's own style starts
/// from (type scale, metrics, colour roles), the chrome it draws over every app (iOS's status bar
/// and home indicator), its system prompts and their template, and the thresholds of lint rules
/// that are platform words (iOS's 44 pt tap targets). A device profile names its platform
/// (`"platform": "ios"`, the default); the renderer's `PlatformRegistry` knows them by name. iOS is
/// the one that ships; `Tests/ConsentRenderTests/FlatPlatform.swift` defines a second with the
/// public API only, which renders, lints and writes link maps.
public struct Platform: Sendable {
    /// The name profiles and link maps use (`ios`).
    public let name: String
    /// The style a document's `style` starts from, and the one system prompts are drawn in.
    public let systemStyle: StyleTokens
    /// Adds the platform's chrome to a laid-out page (its own layer, its semantics) and returns
    /// notes for a profile that does not describe it.
    public let chrome: @Sendable (_ page: inout PageLayout, _ context: LayoutContext, _ content: StatusBarContent) -> [String]
    /// The template of its system permission prompts, or nil when it draws none.
    public let promptTemplate: (any ScreenTemplate)?
    /// The smallest button `target.size` accepts, in points on each side.
    public let minimumTapTarget: Double
    /// The system look a link map names (`26`), or nil where the variant's look does not apply.
    public let look: @Sendable (RenderVariant) -> String?
    /// The style an app's own screen starts from, by its document's style and languages: the
    /// system style, or a look the platform offers (Android's Chinese popup).
    public let appStyle: @Sendable (_ style: DocumentStyle, _ languages: [String]) -> StyleTokens
    /// Why a variant cannot be drawn on this platform (an iOS text size on Android), with what to
    /// use instead; nil when it can.
    public let refusal: @Sendable (RenderVariant) -> String?
    /// The variant with the axes this platform does not have at their defaults (Android has no
    /// Dynamic Type, iOS no font scale), or nil for a screen it does not have (iOS's prompts on
    /// Android): how a matrix over both platforms makes each device's cells.
    public let fitted: @Sendable (RenderVariant) -> RenderVariant?
    /// Sets a variant to the large text size `text.dynamic-type` checks screens at (iOS's AX3,
    /// Android's font scale 2.0) and returns how the user renders it (`--text-size AX3`).
    public let largeTextCheck: @Sendable (inout RenderVariant) -> String
    /// What a layout unit is called where it is not iOS's point (`dp`), for link maps; nil on iOS.
    public let layoutUnit: String?

    public init(name: String, systemStyle: StyleTokens,
                chrome: @escaping @Sendable (_ page: inout PageLayout, _ context: LayoutContext, _ content: StatusBarContent) -> [String],
                promptTemplate: (any ScreenTemplate)?, minimumTapTarget: Double,
                look: @escaping @Sendable (RenderVariant) -> String? = { _ in nil },
                appStyle: (@Sendable (_ style: DocumentStyle, _ languages: [String]) -> StyleTokens)? = nil,
                refusal: @escaping @Sendable (RenderVariant) -> String? = { _ in nil },
                fitted: @escaping @Sendable (RenderVariant) -> RenderVariant? = { $0 },
                largeTextCheck: @escaping @Sendable (inout RenderVariant) -> String = { variant in
                    variant.textSize = .accessibility3
                    return "--text-size AX3"
                }, layoutUnit: String? = nil) {
        self.largeTextCheck = largeTextCheck
        self.layoutUnit = layoutUnit
        self.refusal = refusal
        self.fitted = fitted
        self.name = name
        self.systemStyle = systemStyle
        self.appStyle = appStyle ?? { _, _ in systemStyle }
        self.chrome = chrome
        self.promptTemplate = promptTemplate
        self.minimumTapTarget = minimumTapTarget
        self.look = look
    }

    /// iOS: Apple's type scale, metrics and system colours; the status bar and home indicator;
    /// the permission alerts of iOS 26 and 18; 44 pt tap targets (Apple's HIG).
    public static let ios = Platform(
        name: "ios", systemStyle: .iOSDefault, chrome: { page, context, content in
            SystemChrome.add(to: &page, in: context, content: content)
        },
        promptTemplate: SystemPromptTemplate(), minimumTapTarget: 44,
        look: { $0.screen.prompt == nil ? nil : $0.systemLook.rawValue },
        refusal: { variant in
            if let kind = variant.screen.prompt, kind.isAndroidOnly {
                return "prompt:\(kind.rawValue) is one of Android's permission dialogs; iOS has no such prompt. Render it on an Android "
                    + "device (for example --device pixel-9)"
            }
            if variant.androidVersion != .v14 {
                return "--android \(variant.androidVersion.rawValue) names an Android version; an iOS device's prompts are iOS's "
                    + "(use --ios 26 or 18)"
            }
            guard variant.fontScale != .one else { return nil }
            let size = variant.fontScale.nearestContentSize
            return "--font-scale \(variant.fontScale.name) is Android's font scale, which iOS does not have; iOS's text size is "
                + "Dynamic Type: use --text-size \(size.rawValue), the nearest to \(variant.fontScale.name)"
        },
        fitted: { variant in
            if let kind = variant.screen.prompt, kind.isAndroidOnly { return nil }
            var fitted = variant
            fitted.fontScale = .one
            fitted.androidVersion = .v14
            return fitted
        })
}

/// The platforms a renderer knows, by name.
public struct PlatformRegistry: Sendable {
    public private(set) var platforms: [Platform]

    /// iOS and Android.
    public static let standard = PlatformRegistry(platforms: [.ios, .android])

    public init(platforms: [Platform]) {
        self.platforms = platforms
    }

    /// Adds `platform`, or replaces the one of its name.
    public mutating func register(_ platform: Platform) {
        platforms.removeAll { $0.name == platform.name }
        platforms.append(platform)
    }

    /// The platform a profile names; an unknown name is an error listing the known ones.
    public func platform(of profile: DeviceProfile) throws -> Platform {
        let name = profile.platformName
        guard let platform = platforms.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            let names = platforms.map(\.name)
            throw ProfileError.unknownPlatform(profile: profile.id, platform: name, known: names,
                                               suggestion: closestMatch(to: name, among: names))
        }
        return platform
    }
}
