/// One screen of a matrix render.
public struct MatrixCell: Sendable, Hashable {
    public var device: String
    public var orientation: Orientation
    public var appearance: Appearance
    /// The language as asked for (a document file's tag, or any tag to resolve).
    public var language: String

    public init(device: String, orientation: Orientation, appearance: Appearance, language: String) {
        self.device = device
        self.orientation = orientation
        self.appearance = appearance
        self.language = language
    }

    /// `<device>/<orientation>-<appearance>/<language>`, the output path without extension.
    public var path: String {
        "\(device)/\(orientation.rawValue)-\(appearance.rawValue)/\(language)"
    }
}

/// Which part of a matrix one CI machine renders: `index` of `count`, counted from 1.
public struct MatrixShard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }
}

/// The cells of a matrix: every device × orientation × appearance × language, in that order.
public struct MatrixPlan: Sendable, Equatable {
    public let cells: [MatrixCell]

    public init(devices: [String], orientations: [Orientation], appearances: [Appearance], languages: [String]) {
        var cells: [MatrixCell] = []
        for device in devices {
            for orientation in orientations {
                for appearance in appearances {
                    for language in languages {
                        cells.append(MatrixCell(device: device, orientation: orientation, appearance: appearance, language: language))
                    }
                }
            }
        }
        self.cells = cells
    }

    /// The cells `shard` renders: every `count`-th cell from the `index`-th, so the shards of one
    /// plan cover it exactly once and each gets a similar mix of devices.
    public func cells(in shard: MatrixShard) -> [MatrixCell] {
        cells.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }
}
