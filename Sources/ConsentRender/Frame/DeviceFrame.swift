import Foundation

/// A drawn device body around a screenshot, for designers and marketing pages: the metal band and
/// black bezel following the display's corner radius, the Dynamic Island or notch, the side
/// buttons (and a home-button phone's home button and earpiece), on a transparent background.
///
/// The geometry is in portrait points with the device's top-left corner of its body at the
/// origin; a landscape frame is the portrait one turned with the device's top to the left (where
/// landscape renders put the cut-out).
struct DeviceFrame: Sendable, Equatable {
    /// The black glass between the display's edge and the band.
    public var bezel: Double
    /// The metal band around the glass.
    public var band: Double
    /// Above and below the display on a home-button phone (earpiece and home button), else `bezel`.
    public var chin: Double
    /// Transparent space around the body, wide enough for the buttons.
    public var margin: Double
    public var buttons: [Button]
    public var style: Style

    /// A button on the band: `edge` of the body, starting `offset` points from the body's top (or
    /// left, on the top edge), `length` long.
    public struct Button: Sendable, Equatable {
        public enum Edge: Sendable, Equatable { case left, right, top }
        public var edge: Edge
        public var offset: Double
        public var length: Double
    }

    public enum Style: Sendable, Equatable {
        case fullScreen
        case homeButton
        case tablet
    }

    /// The frame for a profile's device: its kind decides the bezel and buttons (a choice: Apple
    /// publishes frames as images, not measurements; these follow the devices' proportions).
    public init(profile: DeviceProfile) {
        switch profile.statusBar?.kind {
        case .classic?:
            style = .homeButton
            bezel = 20
            band = 4
            chin = (profile.points.height * 0.16).rounded()
            buttons = [Button(edge: .left, offset: 70, length: 26), Button(edge: .left, offset: 125, length: 46),
                       Button(edge: .left, offset: 182, length: 46), Button(edge: .right, offset: 125, length: 60)]
        case .ipad?:
            style = .tablet
            bezel = 24
            band = 4
            chin = 24
            let width = profile.points.width + 2 * (bezel + band)
            buttons = [Button(edge: .top, offset: width - 100, length: 56), Button(edge: .right, offset: 70, length: 50),
                       Button(edge: .right, offset: 130, length: 50)]
        default:
            style = .fullScreen
            bezel = 11
            band = 4.5
            chin = 11
            let scale = profile.points.height / 852
            buttons = [Button(edge: .left, offset: 128 * scale, length: 30 * scale),
                       Button(edge: .left, offset: 190 * scale, length: 56 * scale),
                       Button(edge: .left, offset: 258 * scale, length: 56 * scale),
                       Button(edge: .right, offset: 214 * scale, length: 88 * scale)]
        }
        margin = 8
    }

    /// The body's size in portrait points (display, bezel and band).
    func bodySize(display: Size) -> Size {
        Size(width: display.width + 2 * (bezel + band), height: display.height + 2 * (chin + band))
    }

    /// The display's rectangle in portrait frame points (margin included).
    func displayRect(display: Size) -> Rect {
        Rect(x: margin + band + bezel, y: margin + band + chin, width: display.width, height: display.height)
    }
}
