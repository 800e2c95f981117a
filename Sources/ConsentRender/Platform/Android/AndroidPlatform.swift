extension Platform {
    /// Android 14 (AOSP, as a Pixel draws it): Material 3's baseline style in Roboto, SystemUI's
    /// status bar and the gesture handle or 3-button bar, Material's 48 dp touch targets. Its
    /// permission dialogs (`AndroidPermissionTemplate`) for the prompts Android has.
    public static let android = Platform(
        name: "android", systemStyle: .androidDefault,
        chrome: { page, context, content in
            AndroidChrome.add(to: &page, in: context, content: content)
        },
        promptTemplate: AndroidPermissionTemplate(),
        // Material's accessibility guidance: touch targets at least 48 × 48 dp.
        minimumTapTarget: 48,
        look: { $0.screen.prompt == nil ? AndroidChrome.look : $0.androidVersion.rawValue },
        appStyle: { style, languages in
            let look = style.androidLook ?? (languages.contains { LanguageTag($0).map(\.isSimplifiedChinese) ?? false } ? .china : .material)
            return look == .china ? .androidChina : .androidDefault
        },
        refusal: { variant in
            if variant.textSize != .large {
                return "--text-size \(variant.textSize.rawValue) is iOS's Dynamic Type, which Android does not have; Android's text "
                    + "size is its font scale: use --font-scale \(FontScale.nearest(to: variant.textSize).name), the nearest to "
                    + "\(variant.textSize.rawValue)"
            }
            if variant.boldText {
                return "--bold-text is iOS's Bold Text setting; Android's bold text is not drawn (leave --bold-text off)"
            }
            if variant.increaseContrast {
                return "--increase-contrast is iOS's Increase Contrast setting, which Android does not have (leave --increase-contrast off)"
            }
            if let kind = variant.screen.prompt, AndroidPermissionDialog.of(kind) == nil {
                return "prompt:\(kind.rawValue) has no Android dialog: \(AndroidPermissionDialog.whyNone(kind))"
            }
            if variant.systemLook != .ios26 {
                return "--ios \(variant.systemLook.rawValue) names an iOS version; an Android device is drawn as Android 14 "
                    + "(leave --ios off)"
            }
            return nil
        },
        fitted: { variant in
            if let kind = variant.screen.prompt, AndroidPermissionDialog.of(kind) == nil { return nil }
            var fitted = variant
            fitted.textSize = .large
            fitted.boldText = false
            fitted.increaseContrast = false
            fitted.systemLook = .ios26
            if fitted.screen == .consent { fitted.androidVersion = .v14 }
            fitted.showsIsland = false
            return fitted
        },
        // The largest font scale Android offers.
        largeTextCheck: { variant in
            variant.fontScale = FontScale(2.0) ?? .one
            return "--font-scale 2.0"
        },
        layoutUnit: "dp")
}
