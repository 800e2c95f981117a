/// An App Store Connect screenshot class and the pixel sizes it accepts (portrait; landscape
/// swaps them), from Apple's screenshot specifications.
struct AppStoreScreenshotClass: Sendable, Equatable {
    /// As in the device profiles: `6.9"`, `iPad 13"`.
    public let name: String
    public let portraitSizes: [(width: Int, height: Int)]

    public static func == (lhs: AppStoreScreenshotClass, rhs: AppStoreScreenshotClass) -> Bool {
        lhs.name == rhs.name
    }

    public static let all: [AppStoreScreenshotClass] = [
        .init(name: #"6.9""#, portraitSizes: [(1320, 2868), (1290, 2796), (1260, 2736)]),
        .init(name: #"6.5""#, portraitSizes: [(1284, 2778), (1242, 2688)]),
        .init(name: #"6.3""#, portraitSizes: [(1206, 2622), (1179, 2556)]),
        .init(name: #"6.1""#, portraitSizes: [(1170, 2532), (1125, 2436), (1080, 2340)]),
        .init(name: #"5.5""#, portraitSizes: [(1242, 2208)]),
        .init(name: #"4.7""#, portraitSizes: [(750, 1334)]),
        .init(name: #"iPad 13""#, portraitSizes: [(2064, 2752), (2048, 2732)]),
        .init(name: #"iPad 11""#, portraitSizes: [(1668, 2420), (1668, 2388), (1640, 2360), (1488, 2266)]),
    ]

    /// The class whose accepted sizes include `width × height` in either orientation.
    public static func forPixelSize(width: Int, height: Int) -> AppStoreScreenshotClass? {
        all.first { $0.accepts(width: width, height: height) }
    }

    public static func named(_ name: String) -> AppStoreScreenshotClass? {
        all.first { $0.name == name }
    }

    /// Whether `width × height` (portrait or landscape) is one of the accepted sizes.
    public func accepts(width: Int, height: Int) -> Bool {
        portraitSizes.contains { ($0.width == width && $0.height == height) || ($0.width == height && $0.height == width) }
    }
}
