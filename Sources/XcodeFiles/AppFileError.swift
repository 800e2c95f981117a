import ConsentRender

/// An app's own file (an `Info.plist`, a `.strings` file, a String Catalog) could not be read.
public enum AppFileError: Error, Equatable, Sendable {
    /// Where in a file a problem lies.
    public enum Place: Equatable, Sendable {
        /// A line of a text file, and the column (in characters) when it is known.
        case line(Int, column: Int?)
        /// A byte of a binary file, counted from 0.
        case byteOffset(Int)
    }

    /// The file starts as neither an XML nor a binary property list.
    case notAPropertyList(path: String)
    /// The text is neither valid UTF-8 nor valid UTF-16 at `place`.
    case encoding(path: String, place: Place)
    /// The file breaks its format's grammar; `problem` says how, `fix` what to do.
    case syntax(path: String, place: Place, problem: String, fix: String)
    /// A property list dictionary names `key` twice (a warning: the later value is used).
    case duplicateKey(path: String, key: String, line: Int, firstLine: Int)
    /// A String Catalog member (`field`, a path such as `strings.Title.localizations.de`) has the wrong type.
    case wrongType(path: String, line: Int, column: Int, field: String, expected: String)
    /// A String Catalog lacks a member it needs.
    case missingField(path: String, line: Int, column: Int, field: String, fix: String)
    /// A String Catalog's variation has no text for a case a screenshot needs.
    case missingVariation(path: String, line: Int, column: Int, field: String, missing: String, fix: String)
    /// A file that must hold a dictionary (an Info.plist) holds another value at its root.
    case notADictionary(path: String, what: String)
}

extension AppFileError: CausedError { public var cause: ErrorCause { .input } }

extension AppFileError.Place: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .line(line, column?): "line \(line), column \(column)"
        case let .line(line, nil): "line \(line)"
        case let .byteOffset(offset): "byte offset \(offset)"
        }
    }
}

extension AppFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .notAPropertyList(path):
            return "\(path): not a property list (it starts with neither <?xml, <plist nor bplist00). Re-save it in Xcode, "
                + "or convert it with plutil -convert xml1."
        case let .encoding(path, place):
            return "\(path): \(place): the text is not valid UTF-8 or UTF-16. Save the file as UTF-8 "
                + "(Xcode: File inspector, Text Encoding)."
        case let .syntax(path, place, problem, fix):
            return "\(path): \(place): \(problem); \(Self.closing(fix))"
        case let .duplicateKey(path, key, line, firstLine):
            return "\(path): line \(line): the key '\(key)' is given twice in one dictionary (first on line \(firstLine)); "
                + "the value on line \(line) is used, as Xcode uses it. Remove the other one."
        case let .wrongType(path, line, column, field, expected):
            return "\(path): line \(line), column \(column): '\(field)' must be \(expected); fix the value or re-save the "
                + "catalog in Xcode."
        case let .missingField(path, line, column, field, fix):
            return "\(path): line \(line), column \(column): '\(field)' is missing; \(Self.closing(fix))"
        case let .missingVariation(path, line, column, field, missing, fix):
            return "\(path): line \(line), column \(column): '\(field)' has no \(missing) variation, which a screenshot "
                + "needs; \(Self.closing(fix))"
        case let .notADictionary(path, what):
            return "\(path): its root is not a <dict>, so it is not \(what); give the app's Info.plist (a dictionary of keys)."
        }
    }

    /// `fix` ended as a sentence: with a full stop, unless it ends on one or on a `;` it quotes.
    private static func closing(_ fix: String) -> String {
        fix.hasSuffix(".") || fix.hasSuffix(";") ? fix : fix + "."
    }
}
