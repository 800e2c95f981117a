import Foundation

/// Lays out the `launch-consent` template: the consent dialog over a replica of the app's launch
/// screen (its background colour, centred logo and name), without dimming, as China's large apps
/// show it before anything else runs. The decline button says what happens ("Disagree and exit").
/// In the `decline-confirm` state the dialog is the confirmation shown after a decline, with a
/// way back to the agreement (`review`) and a way out (`exit`).
public func layoutLaunchConsent(_ content: DialogContent, launch strings: LaunchStrings, screen: DocumentSettings.LaunchScreen,
                                folder: URL, state: ScreenState, on profile: DeviceProfile, in orientation: Orientation,
                                theme: Theme, text measurer: some TextMeasuring) -> PageLayout {
    var dialog = content
    switch state {
    case .initial:
        dialog.strings.decline = strings.declineAndExit
    case .declineConfirm:
        dialog.document = ConsentDocument(title: [.text(strings.confirmTitle)], blocks: [.paragraph([.text(strings.confirmMessage)])])
        dialog.strings.accept = strings.confirmReview
        dialog.strings.decline = strings.confirmExit
        dialog.primaryRole = .review
        dialog.secondaryRole = .exit
    }
    var launchTheme = theme
    if let background = screen.background.flatMap(Color.init(hex:)) {
        launchTheme.backdrop = background
    }
    // The launch screen shows through as it is: no dimming.
    launchTheme.dimming = launchTheme.dimming.withAlpha(0)
    var page = layoutAgreementDialog(dialog, on: profile, in: orientation, theme: launchTheme, text: measurer)

    let scale = profile.scale
    let safe = page.safeRect
    let logoSide = profile.idiom == .pad ? 112.0 : 72.0
    let traits = LanguageTraits(tag: content.language)
    let nameColor = ContrastRatio.luminance(launchTheme.backdrop) > 0.4
        ? Color(red: 0, green: 0, blue: 0) : Color(red: 0xFF, green: 0xFF, blue: 0xFF)
    var nameBlock: TextBlock?
    var nameHeight = 0.0
    if let name = screen.appName, !name.isEmpty {
        var builder = StyledTextBuilder(base: BaseTextStyle(fontSize: 22, weight: .semibold, color: nameColor, linkColor: nameColor),
                                        traits: traits)
        builder.append(plain: name)
        let block = builder.block(width: safe.width, alignment: .center, lineHeight: 22 * traits.lineHeightMultiple)
        nameBlock = block
        nameHeight = measurer.measure(block).size.height
    }
    // The brand (logo over name) goes in the larger free band above or below the dialog, as a
    // launch screen's footer or header; the dialog covers the screen's middle.
    let brandHeight = (screen.logo == nil ? 0 : logoSide) + (screen.logo != nil && nameBlock != nil ? 12 : 0) + nameHeight
    let above = Rect(x: safe.minX, y: safe.minY, width: safe.width, height: max(0, page.dialog.rect.minY - safe.minY))
    let below = Rect(x: safe.minX, y: page.dialog.rect.maxY, width: safe.width, height: max(0, safe.maxY - page.dialog.rect.maxY))
    let band = below.height >= above.height ? below : above
    // Where neither band holds the brand (phones in landscape) the dialog covers it, as it would
    // on the device: it is left out rather than drawn half hidden.
    guard brandHeight + 16 <= band.height else {
        page.launchScreen = LaunchScreenLayout(logo: nil, appName: nil)
        return page
    }
    var top = snapToPixel(band.midY - brandHeight / 2, scale: scale)
    var logo: PlacedImage?
    if let file = screen.logo {
        let rect = Rect(x: snapToPixel(safe.midX - logoSide / 2, scale: scale), y: top, width: logoSide, height: logoSide)
        logo = PlacedImage(path: folder.appendingPathComponent(file).path, rect: rect)
        top = rect.maxY + 12
    }
    let appName = nameBlock.map { block in
        PlacedText(origin: Point(x: safe.minX, y: snapToPixel(top, scale: scale)),
                   size: Size(width: safe.width, height: nameHeight), block: block)
    }
    page.launchScreen = LaunchScreenLayout(logo: logo, appName: appName)
    return page
}
