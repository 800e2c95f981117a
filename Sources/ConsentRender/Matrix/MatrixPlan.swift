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

/// The cells of a matrix: the product of its axes (device × orientation × appearance × language ×
/// state, in that order), which shards split between CI machines.
package struct MatrixPlan: Sendable, Equatable {
    public let axes: VariantAxes
    public let cells: [RenderVariant]

    public init(axes: VariantAxes) {
        self.axes = axes
        cells = axes.variants
    }

    /// The cells of `axes`, without consent screens in `promptOnlyLanguages`: the app's
    /// localizations the document has no language file for, where only prompts are drawn.
    /// `islandless` are the devices without a Dynamic Island: their cells are made once, hidden,
    /// whatever `--island` asks for. `platforms` gives each device's platform: a cell keeps only the
    /// axes its platform has (an Android phone's cells are made once whatever `--text-sizes` asks,
    /// an iPhone's whatever `--font-scales` asks).
    public init(axes: VariantAxes, promptOnlyLanguages: Set<String>, islandless: Set<String> = [], platforms: [String: Platform] = [:]) {
        self.axes = axes
        var seen = Set<RenderVariant>()
        cells = axes.variants.filter { !($0.screen == .consent && promptOnlyLanguages.contains($0.language)) }.compactMap { cell in
            guard var cell = platforms[cell.device].map({ $0.fitted(cell) }) ?? cell else { return nil }
            if islandless.contains(cell.device) { cell.showsIsland = false }
            return cell
        }.filter { seen.insert($0).inserted }
    }

    /// The cells of `axes`, each kept to its device's platform's axes (see above).
    public init(axes: VariantAxes, platforms: [String: Platform]) {
        self.init(axes: axes, promptOnlyLanguages: [], platforms: platforms)
    }

    public init(devices: [String], orientations: [Orientation], appearances: [Appearance], languages: [String],
                states: [ScreenState] = [.initial]) {
        self.init(axes: VariantAxes(devices: devices, orientations: orientations, appearances: appearances, languages: languages,
                                    states: states))
    }

    /// The cells `shard` renders: every `count`-th cell from the `index`-th, so the shards of one
    /// plan cover it exactly once and each gets a similar mix of devices.
    public func cells(in shard: MatrixShard) -> [RenderVariant] {
        cells.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }
}
