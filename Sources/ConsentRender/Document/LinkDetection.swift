import Foundation

/// What a UITextView's data detectors find in plain text (`document.json` `"detectors"`): web
/// addresses (`link`, which on iOS finds e-mail addresses too, listed here apart as `email`),
/// e-mail addresses and phone numbers.
public enum DataDetector: String, Codable, Sendable, CaseIterable {
    case link
    case phoneNumber
    case email

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let detector = DataDetector(rawValue: name) else {
            let names = Self.allCases.map(\.rawValue)
            let hint = closestMatch(to: name, among: names) ?? names.first { $0.lowercased().hasPrefix(name.lowercased()) }
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(name)' is not a detector; use link, phoneNumber or email"
                    + (hint.map { " (did you mean \($0)?)" } ?? ""))
        }
        self = detector
    }
}

/// Turns web addresses, e-mail addresses and phone numbers in a document's plain text into links
/// marked `detected`, as iOS's data detectors do; detectors turned off also turn cmark-gfm's
/// autolinks (which count as detected) back into text.
struct LinkDetection: Sendable {
    public var detectors: Set<DataDetector>

    public init(detectors: Set<DataDetector>) {
        self.detectors = detectors
    }

    /// A match in a text: its range and the URL it becomes.
    struct Match: Equatable {
        var range: Range<String.Index>
        var url: String
    }

    public func apply(to blocks: [Block]) -> [Block] {
        blocks.map(apply)
    }

    private func apply(_ block: Block) -> Block {
        switch block {
        case let .paragraph(inlines): .paragraph(apply(inlines))
        case let .heading(level, inlines): .heading(level: level, content: apply(inlines))
        case let .list(ordered, start, items): .list(ordered: ordered, start: start, items: items.map { $0.map(apply) })
        case let .quote(inner): .quote(inner.map(apply))
        case let .table(header, rows): .table(header: header.map(apply), rows: rows.map { $0.map(apply) })
        case .thematicBreak: .thematicBreak
        case let .checklist(items): .checklist(items.map { ChecklistItem(checked: $0.checked, blocks: $0.blocks.map(apply)) })
        }
    }

    func apply(_ inlines: [Inline]) -> [Inline] {
        inlines.flatMap { inline -> [Inline] in
            switch inline {
            case let .text(text): return split(text)
            case let .emphasis(content): return [.emphasis(apply(content))]
            case let .strong(content): return [.strong(apply(content))]
            case let .strikethrough(content): return [.strikethrough(apply(content))]
            case let .small(content): return [.small(apply(content))]
            case let .link(url, content, detected):
                // An autolink of a kind that is off is plain text again.
                if detected && !detectors.contains(Self.kind(of: url)) { return content }
                // cmark-gfm gives a bare www. address http://; iOS's link detector opens https.
                let text = content.plainText
                if detected && url == "http://" + text && text.lowercased().hasPrefix("www.") {
                    return [.link(url: "https://" + text, content: content, detected: true)]
                }
                return [inline]
            case .code, .softBreak, .lineBreak, .image: return [inline]
            }
        }
    }

    static func kind(of url: String) -> DataDetector {
        if url.hasPrefix("mailto:") { return .email }
        if url.hasPrefix("tel:") { return .phoneNumber }
        return .link
    }

    /// `text` with every detected piece as a link.
    func split(_ text: String) -> [Inline] {
        let found = matches(in: text)
        guard !found.isEmpty else { return [.text(text)] }
        var result: [Inline] = []
        var cursor = text.startIndex
        for match in found {
            if cursor < match.range.lowerBound { result.append(.text(String(text[cursor..<match.range.lowerBound]))) }
            result.append(.link(url: match.url, content: [.text(String(text[match.range]))], detected: true))
            cursor = match.range.upperBound
        }
        if cursor < text.endIndex { result.append(.text(String(text[cursor...]))) }
        return result
    }

    /// Every match, in order, without overlaps: web addresses first, then e-mail addresses, then
    /// phone numbers, each kept only where nothing earlier lies.
    func matches(in text: String) -> [Match] {
        var taken: [Match] = []
        func add(_ candidates: [Match]) {
            for candidate in candidates where !taken.contains(where: { $0.range.overlaps(candidate.range) }) {
                taken.append(candidate)
            }
        }
        if detectors.contains(.email) { add(Self.emails(in: text)) }
        if detectors.contains(.link) { add(Self.webAddresses(in: text)) }
        if detectors.contains(.phoneNumber) { add(Self.phoneNumbers(in: text)) }
        return taken.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    private static func regex(_ pattern: String) -> NSRegularExpression {
        // The patterns are this file's constants; one that does not compile is a programming error.
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
            preconditionFailure("Invalid detector pattern \(pattern)")
        }
        return expression
    }

    private static func ranges(of expression: NSRegularExpression, in text: String) -> [Range<String.Index>] {
        expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text) }
    }

    // Neighbours are tested with ASCII classes: Chinese and Japanese put a number or an address
    // right after a word ("请致电400-820-8820"), and `\w` would count that word as part of it.
    private static let emailPattern = regex(#"(?<![A-Z0-9_.+-])[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}(?![A-Z0-9_-])"#)
    private static let webPattern = regex(#"(?<![A-Z0-9_@.])(?:https?://|www\.)[A-Z0-9\-._~:/?#\[\]@!$&*+,;=%()]+"#)
    private static let phonePattern = regex(
        #"(?<![A-Z0-9_+/.:,$€£¥₩])(?:\+\d{1,3}[ -]?(?:\(0\)[ -]?)?(?:\(\d{1,4}\)|\d{1,4})[ -]?|\(\d{1,4}\)[ -]?)?\d{2,8}(?:[ -]\d{2,8}){0,4}(?![A-Z0-9_/:%]|[.,]\d)"#)
    /// A Chinese mobile or 400/800 service number written without separators, also glued to Chinese.
    private static let plainServicePattern = regex(#"(?<![0-9A-Z_+.])(?:1[3-9]\d{9}|[48]00\d{7})(?![0-9A-Z_%]|[.,]\d)"#)
    /// A North American number with dots, or with its leading 1: 415.555.0100, +1.415.555.0100, 1-800-555-0199.
    private static let dottedPattern = regex(
        #"(?<![0-9A-Z_+.-])(?:\+1\.\d{3}\.\d{3}\.\d{4}|\d{3}\.\d{3}\.\d{4}|1[-. ]\d{3}[-. ]\d{3}[-. ]\d{4})(?![0-9A-Z_%]|[.,]\d)"#)

    static func emails(in text: String) -> [Match] {
        ranges(of: emailPattern, in: text).map { Match(range: $0, url: "mailto:" + text[$0]) }
    }

    static func webAddresses(in text: String) -> [Match] {
        ranges(of: webPattern, in: text).compactMap { range in
            // Sentence punctuation after an address is not part of it; a closing bracket only when
            // the address does not open one.
            var end = range.upperBound
            while end > range.lowerBound, let last = text[range.lowerBound..<end].last,
                  ".,;:!?".contains(last) || (last == ")" && !text[range.lowerBound..<end].dropLast().contains("(")) {
                end = text.index(before: end)
            }
            let found = text[range.lowerBound..<end]
            guard found.count > 4, found.contains(".") else { return nil }
            let address = String(found)
            return Match(range: range.lowerBound..<end, url: address.lowercased().hasPrefix("www.") ? "https://" + address : address)
        }
    }

    /// Phone numbers as the target markets write them: 400-820-8820, 4008208820, (010) 6552-9988,
    /// 010-65529988, +86 138 0013 8000, 13800138000, 0800 123 4567, +49 (0)30 1234567,
    /// +1 (415) 555-0100, 415.555.0100; 7 to 15 digits, not dates, year ranges, times, prices or
    /// ids. The URL keeps the digits and a leading + when the text has one.
    static func phoneNumbers(in text: String) -> [Match] {
        let candidates = ranges(of: phonePattern, in: text) + ranges(of: plainServicePattern, in: text) + ranges(of: dottedPattern, in: text)
        var found: [Match] = []
        for range in candidates.sorted(by: { $0.lowerBound < $1.lowerBound }) where !found.contains(where: { $0.range.overlaps(range) }) {
            var number = String(text[range])
            // A match that starts right after a digit and a separator is the tail of a longer
            // number the patterns did not take whole: dialling it would call someone else.
            let before = text[..<range.lowerBound]
            if let last = before.last, " -.)".contains(last), before.dropLast().last?.isNumber == true { continue }
            if before.last?.isNumber == true && before.last?.isASCII == true { continue }
            // +49 (0)30 …: the trunk 0 is not dialled from abroad.
            if number.hasPrefix("+") { number = number.replacingOccurrences(of: "(0)", with: "") }
            let digits = number.filter { $0.isASCII && $0.isNumber }
            guard (7...15).contains(digits.count) else { continue }
            let groups = number.split(whereSeparator: { " -().+".contains($0) })
            // 2026-11-01, 2026 11 01: a year, a month and a day.
            if groups.count == 3, groups[0].count == 4, let month = Int(groups[1]), let day = Int(groups[2]),
               groups[1].count <= 2, groups[2].count <= 2, (1...12).contains(month), (1...31).contains(day) {
                continue
            }
            // 2019-2021: a range of years.
            if groups.count == 2, groups.allSatisfy({ $0.count == 4 && ($0.hasPrefix("19") || $0.hasPrefix("20")) }) { continue }
            // A bare run of digits is an id unless it is a service or mobile number.
            let separated = number.contains(" ") || number.contains("-") || number.contains(".") || number.hasPrefix("+") || number.contains("(")
            guard separated || ["1", "4", "8"].contains(String(digits.prefix(1))) && [10, 11].contains(digits.count) else { continue }
            found.append(Match(range: range, url: "tel:" + (number.hasPrefix("+") ? "+" : "") + digits))
        }
        return found
    }
}
