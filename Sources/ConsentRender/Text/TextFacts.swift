import Foundation

/// What setting a text block found, recorded in its `PlacedText` when the page is laid out: lint,
/// the glyph check, the font fingerprint and the link map's `texts` read these facts from the page
/// and never ask the text engine again, so they are pure functions of the page.
public struct TextFacts: Codable, Sendable, Equatable {
    /// How many lines the block was set in.
    public var lineCount: Int
    /// Whether it was cut with "…" to stay within its line limit.
    public var isEllipsized: Bool
    /// Whether a line ends inside a word (a label too narrow for one of its words).
    public var breaksInsideWords: Bool
    /// Characters no font has a glyph for, in order, each once, by scalar value.
    public var missingScalars: [UInt32]
    /// The font files that set the text, sorted.
    public var fontFiles: [String]

    public init(lineCount: Int, isEllipsized: Bool, breaksInsideWords: Bool, missingScalars: [UInt32], fontFiles: [String]) {
        self.lineCount = lineCount
        self.isEllipsized = isEllipsized
        self.breaksInsideWords = breaksInsideWords
        self.missingScalars = missingScalars
        self.fontFiles = fontFiles
    }

    /// The characters no font has a glyph for.
    public var missingCharacters: [Unicode.Scalar] { missingScalars.compactMap(Unicode.Scalar.init) }
}

extension PangoTextEngine {
    /// The facts of setting `block` (the layout is the page's cached one, so this shapes nothing again).
    func facts(of block: TextBlock) -> TextFacts {
        CairoFontLock.shared.locked {
            TextFacts(lineCount: measure(block).lineRanges.count, isEllipsized: isEllipsized(block),
                      breaksInsideWords: breaksInsideWords(block), missingScalars: missingCharacters(in: block).map(\.value),
                      fontFiles: fontFiles(in: block).sorted())
        }
    }
}

extension PageLayout {
    /// Records in every text item what setting it found (see `TextFacts`); the last step of laying
    /// a page out, after the system chrome is added.
    mutating func recordTextFacts(using engine: PangoTextEngine) {
        for layer in layers.indices {
            for index in layers[layer].items.indices {
                guard case var .text(text) = layers[layer].items[index].drawable else { continue }
                text.facts = engine.facts(of: text.block)
                layers[layer].items[index].drawable = .text(text)
            }
        }
    }

    /// Every placed text, in drawing order.
    private var placedTexts: [(id: String, text: PlacedText)] {
        items.compactMap { item in if case let .text(text) = item.drawable { (item.id, text) } else { nil } }
    }

    /// Characters of any text on the page that no font covers, each once, in order.
    public var missingCharacters: [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for (_, text) in placedTexts {
            for scalar in text.facts?.missingCharacters ?? [] where !missing.contains(scalar) { missing.append(scalar) }
        }
        return missing
    }

    /// The ids of the text items cut short with "…".
    public var ellipsizedTextIDs: Set<String> {
        Set(placedTexts.filter { $0.text.facts?.isEllipsized == true }.map(\.id))
    }

    /// The ids of the title and button labels whose lines break inside a word.
    public var wordBrokenTextIDs: Set<String> {
        let ids = [semantics.titleID] + semantics.buttons.map(\.labelID)
        return Set(ids.filter { text($0)?.facts?.breaksInsideWords == true }.map(\.id))
    }

    /// Paths of the font files that set any text of the page.
    public var fontFiles: Set<String> {
        placedTexts.reduce(into: Set<String>()) { $0.formUnion($1.text.facts?.fontFiles ?? []) }
    }
}
