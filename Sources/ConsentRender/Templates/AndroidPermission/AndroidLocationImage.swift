import Foundation
import Synchronization

/// One of the location dialog's two pictures (Precise: a map with a pin; Approximate: a map
/// with a wide circle): the last frame of PermissionController's Lottie animation for it,
/// `_on` when selected and `_off` when not, its night version in dark mode
/// (`Resources/AndroidLocationImages`, AOSP android-14.0.0_r67).
struct AndroidLocationImage {
    var precise: Bool
    var selected: Bool
    var appearance: Appearance

    var resourceName: String {
        (precise ? "fine_loc_" : "coarse_loc_") + (selected ? "on" : "off") + (appearance == .dark ? "-night" : "")
    }

    /// The frame, read once per file.
    func frame() throws -> LottieFrame {
        let name = resourceName
        if let cached = Self.cache.withLock({ $0[name] }) { return cached }
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "AndroidLocationImages") else {
            throw RenderError.brokenResource(name: "AndroidLocationImages/\(name).json", detail: "is missing from \(Bundle.module.bundlePath)")
        }
        do {
            let frame = try LottieFrame(data: Data(contentsOf: url))
            Self.cache.withLock { $0[name] = frame }
            return frame
        } catch {
            throw RenderError.brokenResource(name: "AndroidLocationImages/\(name).json", detail: "cannot be read (\(error))")
        }
    }

    private static let cache = Mutex<[String: LottieFrame]>([:])

    /// The picture's fills and strokes scaled into `rect`, clipped to its circle.
    func items(in rect: Rect, id: String) throws -> [PlacedItem] {
        let frame = try frame()
        let scale = rect.width / frame.size.width
        func map(_ point: Point) -> Point { Point(x: rect.minX + point.x * scale, y: rect.minY + point.y * scale) }
        let clip = frame.clip.map { circle in
            Rect(x: rect.minX + (circle.center.x - circle.radius) * scale, y: rect.minY + (circle.center.y - circle.radius) * scale,
                 width: 2 * circle.radius * scale, height: 2 * circle.radius * scale)
        }
        return frame.paints.enumerated().map { index, paint in
            let subpaths = paint.subpaths.map { $0.map(map) }
            let shape: Shape = paint.stroke.map { .strokePath(subpaths, closed: paint.closed, color: paint.color, width: $0.width * scale,
                                                              round: $0.round) }
                ?? .path(subpaths, color: paint.color)
            return PlacedItem(id: "\(id)-\(index)", drawable: .shape(shape), clip: clip, clipCornerRadius: clip.map { $0.width / 2 })
        }
    }
}
