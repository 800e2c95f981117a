extension Platform {
    /// Android 14 (AOSP, as a Pixel draws it): Material 3's baseline style in Roboto, SystemUI's
    /// status bar and the gesture handle or 3-button bar, Material's 48 dp touch targets. Its
    /// permission dialogs are issue 38's; until then prompts are refused on Android.
    public static let android = Platform(
        name: "android", systemStyle: .androidDefault,
        chrome: { page, context, content in
            AndroidChrome.add(to: &page, in: context, content: content)
        },
        promptTemplate: nil,
        // Material's accessibility guidance: touch targets at least 48 × 48 dp.
        minimumTapTarget: 48,
        look: { _ in AndroidChrome.look })
}
