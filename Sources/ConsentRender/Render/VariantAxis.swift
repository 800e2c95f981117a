import Foundation

/// One axis a render varies on, declared once in `RenderVariant.axes`: its names (the key of every
/// JSON object that holds a variant, the key of matrix.json's groups, the command line's list
/// option and its single form), how its values are named and read, the words that stand for several
/// values (`all`, `both`, `prompts`), what it adds to a cell's name (DESIGN.md's rule), and which
/// screens it applies to. The variant's JSON, the product of `VariantAxes`, cell paths, golden
/// groups and their key check, the command line's axis options, manifests, lint findings and the
/// gallery's filters all go through this table, so an axis added here reaches all of them.
///
/// Values are handled by their canonical names (`AX3`, `dark`, `prompt:att`, `on`), which every
/// axis can read back; an `AxisValue` is made only by its axis, so it always names a real value.
public struct VariantAxis: Sendable {
    /// Where a value shows in a cell's path, `<device>/<folder>/<language><file parts>`.
    public enum Place: Sendable, Equatable {
        case device
        /// A part of the folder, joined with `-` (`portrait-dark-AX3-bold`).
        case folder
        case language
        /// A suffix of the file name after the language (`-decline-confirm`, `.full`).
        case file
        /// No part of the name (tint, status bar, backdrop, the screen a prompt is over).
        case unnamed
    }

    /// How a value is written in JSON.
    public enum JSONForm: Sendable, Equatable {
        case string
        /// `true`/`false` for `on`/`off`.
        case bool
        /// A number (`26`).
        case int
        /// A decimal number (`1.3`).
        case number
    }

    /// The key in a variant's JSON (`textSize`).
    public let key: String
    /// The key of a golden group in matrix.json (`textSizes`), or nil where a group cannot set it.
    public let groupKey: String?
    /// The list option of matrix, lint and watch (`text-sizes`), or nil where they have none.
    package let listOption: String?
    /// The option of render (`text-size`), or nil where render has none.
    package let singleOption: String?
    public let place: Place
    public let json: JSONForm
    /// What one value is, for messages: `a text size`.
    public let noun: String
    /// The axis's name in a heading or a filter: `Text size`.
    public let label: String
    /// What a value means to someone choosing it, for help texts.
    public let summary: String
    /// What one value is, without its article: `text size`.
    package var bareNoun: String {
        noun.split(separator: " ").dropFirst().joined(separator: " ")
    }

    /// What the axis adds to a cell's name, as DESIGN.md states the rule (`-<size>, none for Large`).
    package let cellRule: String

    /// The name of the value a variant has when nothing chooses another.
    public let defaultName: String
    /// Words a list may use for several values, with what each stands for in words.
    public let words: [(word: String, meaning: String)]

    let names: @Sendable (AxisContext) -> [String]
    let canonical: @Sendable (String) -> String?
    let expand: @Sendable (String, AxisContext) -> [String]?
    let hint: @Sendable (String, AxisContext) -> String?
    let read: @Sendable (RenderVariant) -> String?
    let write: @Sendable (inout RenderVariant, String) -> Void
    /// `write` with the name read once: what a plan applies to each of thousands of variants.
    let prepare: @Sendable (String) -> (@Sendable (inout RenderVariant) -> Void)?
    let cellPart: @Sendable (String) -> String?
    let appliesTo: @Sendable (RenderVariant) -> Bool
    /// Whether a variant's JSON gives this axis even at its default (device, orientation,
    /// appearance, language and text size always; the others only when chosen).
    public let recordsDefault: Bool
    /// Whether the axis changes colours only (appearance, Increase Contrast, tint): cells that
    /// differ only in such axes set the same text in the same places.
    public let recolorsOnly: Bool
    let reset: @Sendable (inout RenderVariant) -> Void

    /// The value named `name` (in any letter case where the axis allows it), or nil.
    public func value(named name: String) -> AxisValue? {
        canonical(name.trimmingCharacters(in: .whitespaces)).map { AxisValue(axis: key, name: $0) }
    }

    /// The names of every value, where the axis has a closed set (an open one, such as languages
    /// or scroll positions, has none).
    package func valueNames(in context: AxisContext = AxisContext()) -> [String] {
        names(context)
    }

    /// The values `word` stands for (`all`, `both`, `prompts`), or nil when it is no word of this axis.
    package func values(forWord word: String, in context: AxisContext = AxisContext()) -> [AxisValue]? {
        expand(word.lowercased(), context)?.compactMap(value(named:))
    }

    /// `variant`'s value on this axis, or nil where it is none (no tint chosen, no backdrop).
    public func value(of variant: RenderVariant) -> AxisValue? {
        read(variant).map { AxisValue(axis: key, name: $0) }
    }

    /// `variant` with this axis set to `value`.
    public func set(_ value: AxisValue, on variant: inout RenderVariant) {
        precondition(value.axis == key, "a value of \(value.axis) set on the \(key) axis")
        write(&variant, value.name)
    }

    /// What sets this axis to `value`, the value's name read once (a plan applies it to every
    /// variant it makes); nil for a name the axis does not know.
    func setter(for value: AxisValue) -> (@Sendable (inout RenderVariant) -> Void)? {
        precondition(value.axis == key, "a value of \(value.axis) set on the \(key) axis")
        return prepare(value.name)
    }

    /// Whether the axis applies to `variant` (the iOS look only to prompts; state and scroll only to
    /// the consent screen): one that does not is kept at its default, so a cell is made once.
    public func applies(to variant: RenderVariant) -> Bool {
        appliesTo(variant)
    }

    /// What `value` adds to a cell's name: a folder part (`AX3`, `bold`) or a file suffix
    /// (`-decline-confirm`); nil for a default value, which adds nothing.
    public func cellName(of value: AxisValue) -> String? {
        cellPart(value.name)
    }

    /// Reads a comma-separated list (or one of the axis's words) from text, as the command line and
    /// matrix.json give it; `single` takes one value only. The error says what was wrong and what
    /// the values are.
    package func values(from text: String, single: Bool = false, in context: AxisContext = AxisContext()) throws -> [AxisValue] {
        if !single, let expanded = values(forWord: text.trimmingCharacters(in: .whitespaces), in: context) { return expanded }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if single, items.count > 1 { throw AxisValueError(axis: self, given: text, problem: .oneOnly) }
        var values: [AxisValue] = []
        for item in items {
            guard !item.isEmpty else { throw AxisValueError(axis: self, given: text, problem: .emptyItem) }
            // A word (prompts, all) stands for several values: on its own, never in a list or for one value.
            if let word = words.first(where: { $0.word == item.lowercased() }), value(named: item) == nil {
                throw AxisValueError(axis: self, given: item, problem: .wordNotAlone(meaning: word.meaning, single: single,
                                                                                        others: words.filter { $0.word != word.word }.map { "'\($0.word)' (\($0.meaning))" }))
            }
            guard let value = value(named: item) else {
                // For one value, a word is no suggestion.
                let suggestion = (hint(item, context) ?? closestMatch(to: item.lowercased(), among: names(context)))
                    .flatMap { guess in single && words.contains(where: { $0.word == guess }) ? nil : guess }
                throw AxisValueError(axis: self, given: item, problem: .unknown(hint: suggestion, names: names(context),
                                                                                  words: single ? [] : words.map(\.word)),
                                     form: summary)
            }
            if !values.contains(value) { values.append(value) }
        }
        return values
    }
}

/// One value of one axis by its canonical name (`AX3`, `prompt:att`, `on`); made only by its axis.
public struct AxisValue: Hashable, Sendable, CustomStringConvertible {
    /// The axis's key.
    public let axis: String
    public let name: String

    fileprivate init(axis: String, name: String) {
        self.axis = axis
        self.name = name
    }

    public var description: String { name }
}

/// What the words `all` of some axes stand for: the profiles there are, the document's languages,
/// its template's states.
package struct AxisContext: Sendable {
    public var devices: [String]
    public var languages: [String]
    public var states: [String]
    /// The prompts the app declares (`AppStrings.declaredPrompts`), which `prompts` stands for;
    /// nil for every prompt (no app files).
    public var prompts: [PromptKind]?

    public init(devices: [String] = [], languages: [String] = [], states: [String] = [], prompts: [PromptKind]? = nil) {
        self.devices = devices
        self.languages = languages
        self.states = states
        self.prompts = prompts
    }
}

/// A value an axis does not have, as read from text.
package struct AxisValueError: CausedError, Sendable, CustomStringConvertible {
    public var cause: ErrorCause { .input }
    public enum Problem: Sendable, Equatable {
        case unknown(hint: String?, names: [String], words: [String])
        /// A word that stands for several values, in a list or where one value goes.
        case wordNotAlone(meaning: String, single: Bool, others: [String])
        case emptyItem
        case oneOnly
    }

    public let key: String
    public let noun: String
    public let given: String
    public let problem: Problem

    /// What a value looks like, for an axis without a closed set of values.
    public let form: String?

    init(axis: VariantAxis, given: String, problem: Problem, form: String? = nil) {
        key = axis.key
        noun = axis.noun
        self.given = given
        self.problem = problem
        self.form = form
    }

    /// What one value is, without its article: `text size`.
    package var bareNoun: String {
        noun.split(separator: " ").dropFirst().joined(separator: " ")
    }

    /// `'AX9' is not a text size. Did you mean AX5? Use one of: …`, without the option or field
    /// it came from (the caller names that).
    public var description: String {
        switch problem {
        case .emptyItem:
            return "'\(given)' has an empty item; separate the values with single commas"
        case .oneOnly:
            return "'\(given)' names more than one; give one \(bareNoun)"
        case let .wordNotAlone(meaning, single, others):
            if single { return "'\(given)' (\(meaning)) stands for several, and this takes one \(bareNoun); name one" }
            return "'\(given)' (\(meaning)) goes on its own, not in a list; give it alone, list the values"
                + (others.isEmpty ? "" : ", or use " + others.joined(separator: " or "))
        case let .unknown(hint, names, words):
            let suggestion = hint.map { " Did you mean \($0)?" } ?? ""
            let choices = names.isEmpty ? form.map { " Give \($0)" } ?? ""
                : " Use one of: " + names.joined(separator: ", ") + (words.isEmpty ? "" : ", or " + words.joined(separator: " or "))
            return "'\(given)' is not \(noun).\(suggestion)\(choices)"
        }
    }
}

extension VariantAxis {
    /// An axis over values of type `Value`, each with a name `name(_:)` and read back by `parse`.
    static func make<Value: Equatable & Sendable>(
        key: String, groupKey: String?, listOption: String?, singleOption: String?, place: Place, json: JSONForm = .string,
        label: String, noun: String, summary: String, cellRule: String = "none", default defaultValue: Value, name: @escaping @Sendable (Value) -> String,
        parse: @escaping @Sendable (String) -> Value?, all: (@Sendable (AxisContext) -> [Value])? = nil,
        words: [AxisWord<Value>] = [],
        hint: @escaping @Sendable (String, AxisContext) -> String? = { _, _ in nil },
        get: @escaping @Sendable (RenderVariant) -> Value, set: @escaping @Sendable (inout RenderVariant, Value) -> Void,
        cellPart: @escaping @Sendable (Value) -> String? = { _ in nil },
        appliesTo: @escaping @Sendable (RenderVariant) -> Bool = { _ in true },
        recordsDefault: Bool = false, isUnset: @escaping @Sendable (Value) -> Bool = { _ in false }, recolorsOnly: Bool = false
    ) -> VariantAxis {
        let expansions = words.map { word in (word.word, word.values) }
        return VariantAxis(
            key: key, groupKey: groupKey, listOption: listOption, singleOption: singleOption, place: place, json: json, noun: noun,
            label: label, summary: summary, cellRule: cellRule, defaultName: name(defaultValue), words: words.map { ($0.word, $0.meaning) },
            names: { context in (all?(context) ?? []).map(name) },
            canonical: { text in parse(text).map(name) },
            expand: { word, context in expansions.first { $0.0 == word }.map { $0.1(context).map(name) } },
            hint: hint,
            read: { variant in
                let value = get(variant)
                return isUnset(value) ? nil : name(value)
            },
            write: { variant, text in
                guard let value = parse(text) else { return }
                set(&variant, value)
            },
            prepare: { text in
                guard let value = parse(text) else { return nil }
                return { variant in set(&variant, value) }
            },
            cellPart: { text in parse(text).flatMap(cellPart) },
            appliesTo: appliesTo, recordsDefault: recordsDefault, recolorsOnly: recolorsOnly,
            reset: { variant in set(&variant, defaultValue) })
    }
}

/// A word a list of an axis may use for several values (`all`, `both`, `prompts`).
struct AxisWord<Value>: Sendable {
    let word: String
    let meaning: String
    let values: @Sendable (AxisContext) -> [Value]

    init(_ word: String, _ meaning: String, _ values: @escaping @Sendable (AxisContext) -> [Value]) {
        self.word = word
        self.meaning = meaning
        self.values = values
    }
}
