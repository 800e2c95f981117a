// Every sentence ConsentRender shows a user about bad input lives in this file, so the wording
// stays consistent: quote the bad value, name the file and field, and say how to fix it.

/// Whose fault an error is: bad input the user can fix (exit status 2), or a failure of the
/// machine or the tool (exit status 3): a full disk, a Cairo or font setup error, an encoder fault.
public enum ErrorCause: Sendable, Equatable {
    case input
    case environment

    /// The cause an error states (`CausedError`); an error that states none (Foundation's own
    /// file errors, say) is taken as the environment's.
    public init(of error: Error) {
        self = (error as? CausedError)?.cause ?? .environment
    }
}

/// An error that states its own cause, next to the stage that throws it: every error type of
/// ConsentRender conforms, and a library user's own error (a template's, a platform's) may, so
/// that render-cli and `ErrorCause(of:)` file it as bad input rather than as a failure.
public protocol CausedError: Error {
    var cause: ErrorCause { get }
}

extension ProfileError: CausedError { public var cause: ErrorCause { .input } }
extension DocumentError: CausedError { public var cause: ErrorCause { .input } }
extension GoldenError: CausedError { public var cause: ErrorCause { .input } }
extension OutputError: CausedError { public var cause: ErrorCause { .input } }
extension TemplateError: CausedError { public var cause: ErrorCause { .input } }
extension JSONFileError: CausedError { public var cause: ErrorCause { .input } }
extension AppFileError: CausedError { public var cause: ErrorCause { .input } }
extension PromptError: CausedError { public var cause: ErrorCause { .input } }
extension FlowError: CausedError { public var cause: ErrorCause { .input } }

extension RenderError: CausedError {
    public var cause: ErrorCause {
        switch self {
        case .missingGlyphs, .deviceMismatch: .input
        case .fontConfiguration, .cairo, .pngEncoding, .writeFailed: .environment
        }
    }
}

extension AppStoreError: CausedError {
    public var cause: ErrorCause {
        switch self {
        case .noAppStoreLocale, .pseudoLocale, .languageNotInDocument, .noDeviceForClass: .input
        case .unacceptedSize, .hasAlpha: .environment
        }
    }
}

/// A device profile could not be found or read.
public enum ProfileError: Error, Equatable, Sendable {
    case unknownDevice(id: String, suggestion: String?, directory: String)
    case unreadable(path: String, reason: String)
    case malformedJSON(path: String, detail: String)
    case missingField(path: String, field: String)
    case wrongType(path: String, field: String, expected: String)
    case invalidValue(path: String, field: String, value: String, fix: String)
    case noProfilesDirectory(searched: [String])
    /// A profile names a platform the renderer does not know.
    case unknownPlatform(profile: String, platform: String, known: [String], suggestion: String?)
}

/// A consent document folder or one of its files could not be used.
public enum DocumentError: Error, Equatable, Sendable {
    case missingFolder(path: String)
    /// `document.json` names app files, and the folder was opened without a reader for them.
    case noAppFilesReader(path: String)
    case notAFolder(path: String)
    case fileNameNotALanguageTag(path: String, suggestion: String?)
    case duplicateLanguageFiles(first: String, second: String)
    case noLanguageFiles(folder: String)
    case missingLanguage(requested: String, folder: String, available: [String])
    case invalidLanguageTag(tag: String)
    case notUTF8(path: String)
    case unreadableFile(path: String, reason: String)
    case unreadableFont(path: String)
    case emptyDocument(path: String)
    case titleWithoutText(path: String)
    case missingTitle(path: String)
    case malformedSettings(path: String, detail: String)
    case invalidSetting(path: String, field: String, value: String, fix: String)
    /// Two font files name their families alike but for letter case, which fontconfig treats as one.
    case fontFamilyClash(folder: String, uses: [String])
    /// `style.fonts` names a family no font provides.
    case unknownFontFamily(path: String, key: String, family: String, documentFamilies: [String], suggestion: String?)
    case missingChromeStrings(keys: [String], language: String, folder: String)
    case markdownParserFailed(path: String)
    case invalidBackdrop(path: String, fix: String)
    case backdropNotShown(template: String, source: String)
    /// `--scroll #id` names a heading id the document does not have.
    case unknownAnchor(id: String, file: String, ids: [String], suggestion: String?)
    /// A Markdown image that cannot be shown: remote, missing, outside the folder, or not a PNG.
    case invalidImage(file: String, source: String, fix: String)
}

/// A render could not be produced or written.
public enum RenderError: Error, Equatable, Sendable {
    case fontConfiguration(detail: String)
    case cairo(operation: String, status: String)
    case pngEncoding(detail: String)
    case writeFailed(path: String, reason: String)
    case missingGlyphs(characters: [String], language: String, file: String)
    /// A request's variant names another device than its profile.
    case deviceMismatch(variant: String, profile: String)
}

/// A golden matrix or record mode could not be used.
public enum GoldenError: Error, Equatable, Sendable {
    case invalidRecordMode(value: String)
    case unreadableMatrix(path: String, reason: String)
    case malformedMatrix(path: String, detail: String)
    case invalidMatrix(path: String, field: String, fix: String)
    case conflictingCells(path: String, cell: String)
    case noCells(path: String, only: String?)
}

/// A JSON file the tool reads has a key the tool does not know (syntax errors belong to each
/// file's own stage: `ProfileError.malformedJSON` and the like).
public enum JSONFileError: Error, Equatable, Sendable {
    case unknownKey(path: String, key: String, line: Int, column: Int, suggestion: String?, known: [String])
}

/// A template or one of its states does not exist.
public enum TemplateError: Error, Equatable, Sendable {
    /// Where a template's name came from.
    public enum Source: Equatable, Sendable {
        /// The `template` field of a document's settings file.
        case document(path: String)
        /// The render request (a command-line option, a matrix group).
        case request
    }

    case unknownTemplate(name: String, source: Source, suggestion: String?, known: [String])
    case unknownState(state: String, template: String, states: [String])
}

/// An output folder is not the tool's to write into or clear.
public enum OutputError: Error, Equatable, Sendable {
    case wouldReplaceInput(folder: String, path: String, effect: String, role: String, rolePath: String, isSame: Bool)
    case insideInput(folder: String, path: String, role: String, rolePath: String)
    case notAFolder(folder: String, path: String, file: String)
    case notOwned(folder: String, path: String, effect: String, marker: String, sample: [String])
    case symbolicLink(folder: String, path: String, link: String)
    case unreadableFolder(folder: String, path: String, reason: String)
    case unreadableManifest(path: String, detail: String)
    /// Files of the user's (not in the folder's ledger, or changed since the tool wrote them) sit
    /// where a run would write; `olderMarker` when the folder's marker is an older version's, which kept no list.
    case notOurFiles(folder: String, path: String, files: [String], olderMarker: Bool)
    /// The marker, which holds the folder's list of the tool's files, is a folder or a link.
    case markerNotAFile(folder: String, path: String, marker: String, what: String)
    /// A single output file's side file (`.links.json`, `.overlay.png`…) exists and the tool did not write it.
    case notOurSideFile(path: String, what: String, output: String)
    /// `diff --out` names one of the images it compares, or a file that is not a diff image the tool wrote.
    case diffOutputInUse(path: String, reason: String)
}

/// App Store screenshots could not be exported.
public enum AppStoreError: Error, Equatable, Sendable {
    case noAppStoreLocale(tag: String)
    /// A pseudo-locale (en-XA, ar-XB), which App Store Connect does not have.
    case pseudoLocale(tag: String)
    case languageNotInDocument(tag: String, shown: String, folder: String)
    case unacceptedSize(path: String, width: Int, height: Int, screenshotClass: String)
    case hasAlpha(path: String)
    case noDeviceForClass(name: String)
}

/// A consent flow (`flow.json`) cannot be read or its steps do not fit together.
public enum FlowError: Error, Equatable, Sendable {
    case unreadable(path: String, reason: String)
    case malformed(path: String, detail: String)
    case invalid(path: String, line: Int, field: String, fix: String)
    /// Every way the steps do not fit, at once.
    case problems(path: String, problems: [String])
    /// Every misspelt screen, state, role or target, at once ("line N: field: fix").
    case fields(path: String, problems: [String])
    /// The document has no flow.json and none was named.
    case missing(path: String)
}

extension FlowError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot be read (\(reason))."
        case let .malformed(path, detail):
            return "\(path): \(detail)."
        case let .invalid(path, line, field, fix):
            return "\(path): line \(line): \(field): \(fix)."
        case let .problems(path, problems):
            return "\(path): the flow's steps do not fit together:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        case let .fields(path, problems):
            return "\(path): \(problems.count == 1 ? "a field needs" : "\(problems.count) fields need") fixing:\n"
                + problems.map { "  - \($0)." }.joined(separator: "\n")
        case let .missing(path):
            return "\(path) does not exist; a review follows the document's flow.json (steps and where each button leads), "
                + "or the file --flow names (Samples/launch-consent has one). See docs/review-pack.md."
        }
    }
}

/// A system permission prompt cannot be drawn from what the document and the app's files give.
public enum PromptError: Error, Equatable, Sendable {
    /// A prompt was asked for, but neither `document.json`'s `app` nor `--app-info` names the app's files.
    case noAppFiles(prompt: String, settingsPath: String)
    /// The Info.plist lacks the prompt's purpose string.
    case missingPurposeString(prompt: String, key: String, infoPlist: String)
    /// iOS's words for the prompt in this language are neither built in nor in `systemStrings`.
    case missingSystemStrings(prompt: String, language: String, keys: [String], builtIn: [String], settingsPath: String)
    /// A `systemStrings` title has no `%@` for the app's name.
    case titleWithoutAppName(key: String, language: String, title: String, settingsPath: String)
    /// Neither `launch.appName` nor the Info.plist gives the app's name.
    case noAppName(infoPlist: String)
    /// The device's platform draws no system prompts.
    case noSystemPrompts(platform: String, prompt: String)
    /// A `strings` entry names a key of the app's Localizable strings, which the app lacks.
    case missingLocalizableKey(field: String, key: String, language: String, looked: [String], settingsPath: String)
    /// A `strings` entry names a key, but the document names no app files.
    case localizableWithoutAppFiles(field: String, key: String, settingsPath: String)
    /// The app files' folder or Info.plist does not exist.
    case missingAppFile(path: String, source: String, fix: String)
    /// `--over`'s document has no file for the prompt's language, so its screen would be in another.
    case overLacksLanguage(folder: String, language: String, shown: String, available: [String])
    /// `--app-info` names a file, not the folder holding it.
    case appInfoNotAFolder(path: String)
}

extension PromptError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .noAppFiles(prompt, settingsPath):
            return "\(settingsPath): the \(prompt) prompt shows the app's name and purpose string from its Info.plist, but the "
                + "document names no app files. Add \"app\": { \"infoPlist\": \"Info.plist\", \"localizations\": \"Resources\" } "
                + "(paths relative to the document folder), or pass --app-info DIR (a folder with Info.plist and the .lproj folders)."
        case let .missingPurposeString(prompt, key, infoPlist):
            return "\(infoPlist): no \(key), or an empty one. iOS terminates an app that asks for \(prompt) without it, so there is no prompt to "
                + "draw. Add <key>\(key)</key><string>…why the app needs it…</string> to the Info.plist (and its translations to "
                + "each <lang>.lproj/InfoPlist.strings or InfoPlist.xcstrings)."
        case let .missingSystemStrings(prompt, language, keys, builtIn, settingsPath):
            let entries = keys.map { "    \"\($0)\": { \"\(language)\": \"…\" }" }.joined(separator: ",\n")
            let known = builtIn.isEmpty
                ? "ConsentRender has them in no language: its iOS reference gives no text for this prompt"
                : "ConsentRender has them for \(builtIn.joined(separator: ", ")), where its iOS reference gives them"
            return "iOS's own words for the \(prompt) prompt in '\(language)' are not built in (\(known)), and \(settingsPath) "
                + "does not give them. A screenshot never mixes in another language's words, so add what iOS shows in "
                + "\(language) to document.json, %@ standing for the app's name:\n"
                + "  \"systemStrings\": {\n\(entries)\n  }"
        case let .titleWithoutAppName(key, language, title, settingsPath):
            return "\(settingsPath): systemStrings \"\(key)\" for '\(language)' (\"\(title)\") has no %@. iOS's prompt titles "
                + "name the app; write %@ where its name goes."
        case let .noSystemPrompts(platform, prompt):
            return "prompt:\(prompt): the device's platform '\(platform)' draws no system prompts; render the consent screen, "
                + "or a device of a platform that has them (ios)"
        case let .noAppName(infoPlist):
            return "\(infoPlist): neither CFBundleDisplayName nor CFBundleName is set, so the prompt's title has no app name. "
                + "Add <key>CFBundleDisplayName</key><string>…</string>, or give document.json \"launch\": { \"appName\": \"…\" }."
        case let .missingLocalizableKey(field, key, language, looked, settingsPath):
            let files = looked.isEmpty ? "the app has no Localizable.strings or Localizable.xcstrings"
                : "looked in \(looked.joined(separator: ", "))"
            return "\(settingsPath): strings.\(field) names the key \"\(key)\", which the app's Localizable strings do not have "
                + "for '\(language)' (\(files)). Add the key there, or give the text in "
                + "document.json as \"\(field)\": { \"\(language)\": \"…\" }."
        case let .localizableWithoutAppFiles(field, key, settingsPath):
            return "\(settingsPath): strings.\(field) names the key \"\(key)\" of the app's Localizable strings, but the document "
                + "names no app files. Add \"app\": { \"infoPlist\": \"Info.plist\", \"localizations\": \"Resources\" }, or pass --app-info DIR."
        case let .missingAppFile(path, source, fix):
            return "\(source): \(path) does not exist; \(fix)."
        case let .overLacksLanguage(folder, language, shown, available):
            return "--over \(folder) has no language file for '\(language)' (it has \(available.joined(separator: ", "))), so the "
                + "screen behind the prompt would be in '\(shown)' under a '\(language)' alert. Add \(language).md to it, or render "
                + "a language it has."
        case let .appInfoNotAFolder(path):
            return "--app-info '\(path)' is a file; give the folder that holds the app's Info.plist and its .lproj folders "
                + "('\(path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))')."
        }
    }
}

extension ProfileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unknownPlatform(profile, platform, known, suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "The device profile '\(profile)' names the platform '\(platform)' in its \"platform\" field, which this renderer "
                + "does not know.\(hint) Set it to one of: \(known.joined(separator: ", ")), or leave it out for ios (a library user "
                + "can register other platforms with the renderer)."
        case let .unknownDevice(id, suggestion, directory):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "Unknown device '\(id)'.\(hint) Use the id of a profile in \(directory), or the path to a profile .json file."
        case let .unreadable(path, reason):
            return "\(path): cannot read the device profile (\(reason))."
        case let .malformedJSON(path, detail):
            return "\(path): not valid JSON (\(detail)). Fix the syntax; DeviceProfiles/iphone-15-pro.json is a complete example."
        case let .missingField(path, field):
            return "\(path): field '\(field)' is missing. Add it; DeviceProfiles/iphone-15-pro.json is a complete example."
        case let .wrongType(path, field, expected):
            return "\(path): field '\(field)' must be \(expected)."
        case let .invalidValue(path, field, value, fix):
            return "\(path): field '\(field)' is \(value); \(fix)."
        case let .noProfilesDirectory(searched):
            return "No DeviceProfiles folder found (looked in \(searched.joined(separator: ", "))). "
                + "Name a profiles folder (or set CONSENT_PROFILES_DIR), or give a profile .json file's path."
        }
    }
}

extension DocumentError {
    /// Whether the error is about the language a render asked for (not a file of the document).
    public var isAboutTheRequestedLanguage: Bool {
        switch self {
        case .missingLanguage, .invalidLanguageTag: true
        default: false
        }
    }
}

extension DocumentError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .noAppFilesReader(path):
            return "\(path): \"app\" names the app's files, and this folder was opened without a reader for them. "
                + "Open it with DocumentFolder(url:appFiles: XcodeAppFiles()) (import XcodeFiles), or remove \"app\"."
        case let .missingFolder(path):
            return "'\(path)' does not exist. A document is a folder holding one <language>.md file per language, "
                + "for example Samples/privacy-agreement."
        case let .notAFolder(path):
            return "'\(path)' is a file; a document is a folder holding one <language>.md file per language (and an optional "
                + "document.json). Give the folder, for example Samples/privacy-agreement."
        case let .duplicateLanguageFiles(first, second):
            return "\(second) and \(first) are two files for one language (tags ignore case); keep one of them."
        case let .fileNameNotALanguageTag(path, suggestion):
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let rename = suggestion.map { "rename it \($0).md" } ?? "rename it after its language, for example en.md or zh-Hans.md"
            return "\(path): a language file's name must be a BCP 47 language tag, and '\(name.dropLast(3))' is not one; "
                + "\(rename), or move it out of the document folder."
        case let .noLanguageFiles(folder):
            return "\(folder): no language files. Add one Markdown file per language named by its BCP 47 tag, for example en.md or zh-Hans.md."
        case let .missingLanguage(requested, folder, available):
            return "\(folder): no language file for '\(requested)'. Available: \(available.joined(separator: ", ")). "
                + "Add \(requested).md or ask for one of those."
        case let .invalidLanguageTag(tag):
            let suggestion = suggestedLanguageTag(for: tag).map { " Did you mean '\($0)'?" } ?? ""
            return "'\(tag)' is not a BCP 47 language tag.\(suggestion) Use a tag such as en, zh-Hans or pt-BR."
        case let .notUTF8(path):
            return "\(path): the file is not UTF-8 text. Save it as UTF-8."
        case let .unreadableFile(path, reason):
            return "\(path): cannot read the file (\(reason))."
        case let .unreadableFont(path):
            return "\(path): not a font fontconfig can load. Replace it with a TrueType or OpenType file (.ttf, .otf, .ttc) "
                + "or remove it from the fonts folder."
        case let .emptyDocument(path):
            return "\(path): the document has no text. Write a '# Title' line and at least one paragraph."
        case let .titleWithoutText(path):
            return "\(path): the document has its title but no text under it. Write at least one paragraph after the '# ' line."
        case let .missingTitle(path):
            return "\(path): the level-1 heading is empty. Write the dialog title after '# ', or remove the line to use the built-in title."
        case let .malformedSettings(path, detail):
            return "\(path): not valid JSON (\(detail)). Fix the syntax or delete the file to use the defaults."
        case let .invalidSetting(path, field, value, fix):
            return "\(path): field '\(field)' is \(value); \(fix)."
        case let .fontFamilyClash(folder, uses):
            return "\(folder): the fonts name their families \(uses.joined(separator: " and ")), which differ only in letter "
                + "case; fontconfig takes them for one family, so style.fonts could not tell them apart. Rename one family "
                + "or remove one of the files."
        case let .unknownFontFamily(path, key, family, documentFamilies, suggestion):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            let found = documentFamilies.isEmpty ? "The document has no fonts/ folder with fonts in it"
                : "The document's fonts/ folder has: \(documentFamilies.joined(separator: ", "))"
            return "\(path): field '\(key)' names the font family '\(family)', which no font provides.\(hint) \(found); "
                + "the shipped fonts are Debian's Noto families (such as Noto Sans, Noto Serif, Noto Sans CJK SC). "
                + "Put the font file in the document's fonts/ folder or name a family it has."
        case let .missingChromeStrings(keys, language, folder):
            let names = keys.map { "'\($0)'" }.joined(separator: ", ")
            let entries = keys.map { "\"\($0)\": { \"\(language)\": \"…\" }" }.joined(separator: ", ")
            return "No built-in \(names) \(keys.count == 1 ? "string" : "strings") for language '\(language)'. Add "
                + "\(keys.count == 1 ? "it" : "them") to \(folder)/document.json as \"strings\": { \(entries) }."
        case let .markdownParserFailed(path):
            return "\(path): the Markdown parser (libcmark-gfm) could not parse this file."
        case let .invalidBackdrop(path, fix):
            return "\(path): \(fix)."
        case let .invalidImage(file, source, fix):
            return "\(file): the image '\(source)' cannot be shown: \(fix)."
        case let .unknownAnchor(id, file, ids, suggestion):
            let hint = suggestion.map { " Did you mean '#\($0)'?" } ?? ""
            let known = ids.isEmpty ? "it has no headings" : "its heading ids are " + ids.prefix(20).map { "#\($0)" }.joined(separator: ", ")
                + (ids.count > 20 ? ", …" : "")
            return "\(file): no heading has the id '\(id)' (ids are GitHub's: lower case, spaces as hyphens, punctuation dropped)."
                + "\(hint) For --scroll, \(known)."
        case let .backdropNotShown(template, source):
            return "\(source): a backdrop is set, but the \(template) screen covers the whole display, so no app shows "
                + "behind it; remove the backdrop (--backdrop, document.json's \"backdrop\" or the backdrop/ folder), "
                + "or render the agreement-dialog template."
        }
    }
}

extension RenderError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .fontConfiguration(detail):
            return "Font setup failed: \(detail). Run scripts/setup to install the Noto fonts."
        case let .cairo(operation, status):
            return "Cairo failed in \(operation): \(status)."
        case let .pngEncoding(detail):
            return "PNG encoding failed: \(detail)."
        case let .writeFailed(path, reason):
            return "Cannot write \(path): \(reason)."
        case let .deviceMismatch(variant, profile):
            return "the request's variant names the device '\(variant)', but its profile is '\(profile)'; set the variant's device "
                + "to the profile's id (or leave it empty)"
        case let .missingGlyphs(characters, language, file):
            return "\(file): no installed font has \(characters.joined(separator: ", ")) (language \(language)); "
                + "they would show as boxes. Replace them, install a Noto font that covers them, "
                + "or allow missing glyphs to render them as boxes anyway."
        }
    }
}

extension GoldenError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .invalidRecordMode(value):
            return "CONSENT_GOLDEN='\(value)' is not a record mode. Use missing (record goldens that do not exist), "
                + "failed (re-record those that fail), all (re-record everything) or never."
        case let .unreadableMatrix(path, reason):
            return "\(path): cannot read the golden matrix (\(reason)). Create it; docs/goldens.md shows the format."
        case let .malformedMatrix(path, detail):
            return "\(path): not a valid golden matrix (\(detail)). Golden/matrix.json is a complete example."
        case let .invalidMatrix(path, field, fix):
            return "\(path): field '\(field)': \(fix)" + (fix.hasSuffix(".") ? "" : ".")
        case let .conflictingCells(path, cell):
            return "\(path): two groups render the cell \(cell) with different tints. Give one of them another "
                + "device, language, orientation or appearance."
        case let .noCells(path, only):
            let filter = only.map { " match the pattern '\($0)'" } ?? " are listed"
            return "\(path): no cells\(filter)."
        }
    }
}

extension JSONFileError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unknownKey(path, key, line, column, suggestion, known):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            let place = key.contains(".") || key.contains("[") ? " '\(key)'" : ""
            let name = key.split(separator: ".").last.map(String.init) ?? key
            return "\(path): line \(line), column \(column): unknown key '\(name)'\(place.isEmpty ? "" : " (at\(place))").\(hint) "
                + "The keys here are: \(known.joined(separator: ", "))."
        }
    }
}

extension TemplateError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .unknownTemplate(name, source, suggestion, known):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            let place = switch source {
            case let .document(path): "\(path): field 'template' is '\(name)', which is not a template."
            case .request: "Unknown template '\(name)'."
            }
            return "\(place)\(hint) Use one of: \(known.joined(separator: ", "))."
        case let .unknownState(state, template, states):
            // A close spelling, or the state the word begins (decline → decline-confirm).
            let begun = state.count >= 3 ? states.first { $0.lowercased().hasPrefix(state.lowercased()) } : nil
            let hint = (closestMatch(to: state, among: states) ?? begun).map { " Did you mean '\($0)'?" } ?? ""
            return "The \(template) template has no state '\(state)'.\(hint) Its states are: \(states.joined(separator: ", "))."
        }
    }
}

extension OutputError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .wouldReplaceInput(folder, path, effect, role, rolePath, isSame):
            return "\(folder) '\(path)' \(isSame ? "is" : "contains") \(role) (\(rolePath)), and \(effect); nothing was "
                + "touched. Choose a folder of its own: a new or empty one."
        case let .insideInput(folder, path, role, rolePath):
            return "\(folder) '\(path)' lies inside \(role) (\(rolePath)), where its files would mix with what the run reads; "
                + "nothing was touched. Choose a folder outside it."
        case let .notAFolder(folder, path, file):
            let what = file == path ? "is a file" : "cannot be made: '\(file)' is a file"
            return "\(folder) '\(path)' \(what); nothing was touched. Give the path of a folder."
        case let .notOwned(folder, path, effect, marker, sample):
            let listing = sample.isEmpty ? "" : " (\(sample.joined(separator: ", "))…)"
            return "\(folder) '\(path)' already holds files ConsentRender did not write\(listing), and \(effect); nothing was "
                + "touched. Choose a new or empty folder (a folder the tool made carries the file \(marker))."
        case let .symbolicLink(folder, path, link):
            return "\(folder) '\(path)' holds a symbolic link at '\(link)', which could lead into a folder of yours; the tool "
                + "writes only into folders it made, so nothing was written through it. Remove the link."
        case let .unreadableFolder(folder, path, reason):
            return "\(folder) '\(path)' cannot be read (\(reason)); nothing was touched."
        case let .notOurFiles(folder, path, files, olderMarker):
            let listing = files.prefix(8).map { "  - \($0)" }.joined(separator: "\n")
                + (files.count > 8 ? "\n  - and \(files.count - 8) more" : "")
            let why = olderMarker
                ? "An earlier version of render-cli wrote into this folder without listing the files it wrote, so every file "
                    + "already in it counts as yours. If these are old renders, delete them; otherwise move them away"
                : "Move them away (or delete them if they are old renders you no longer need)"
            return "\(folder) '\(path)' holds \(files.count == 1 ? "a file" : "\(files.count) files") that render-cli did not write "
                + "(or that changed since it wrote them), where this run would write:\n\(listing)\nNothing was written. "
                + "\(why), or choose another folder."
        case let .markerNotAFile(folder, path, marker, what):
            return "\(folder) '\(path)': its marker \(marker) is \(what); the marker is the plain file that lists what the tool "
                + "wrote there, so nothing was touched. Remove it (every file in the folder then counts as yours) or choose another folder."
        case let .notOurSideFile(path, what, output):
            return "\(path) exists and is not \(what) render-cli wrote, and writing \(output) would replace it; nothing was "
                + "written. Move it away, or give --out another name."
        case let .diffOutputInUse(path, reason):
            return "--out '\(path)' \(reason); nothing was written. Give --out a new file name, such as diff.png."
        case let .unreadableManifest(path, detail):
            return "\(path): not a list of exported screenshots that can be read (\(detail)); nothing was touched. It says which "
                + "screenshots an earlier export wrote, so the tool will not delete or overwrite any without it: restore it, or "
                + "move the screenshots folder's files away yourself and delete it."
        }
    }
}

extension AppStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .pseudoLocale(tag):
            return "'\(tag)' in --languages is a pseudo-locale, made for testing layouts; App Store Connect has no such "
                + "localization, and its screenshots would land in a real locale's folder. Leave it out of appstore, and render "
                + "it with render or matrix instead."
        case let .noAppStoreLocale(tag):
            return "App Store Connect has no localization for '\(tag)'. Use one of: \(AppStoreLocale.codes.joined(separator: ", "))."
        case let .languageNotInDocument(tag, shown, folder):
            return "\(folder): no language file for '\(tag)'; its screenshots would show '\(shown)'. Add \(tag).md or leave \(tag) out."
        case let .unacceptedSize(path, width, height, screenshotClass):
            return "\(path): \(width)×\(height) is not a size App Store Connect accepts for \(screenshotClass) screenshots."
        case let .hasAlpha(path):
            return "\(path): has an alpha channel, which App Store Connect rejects."
        case let .noDeviceForClass(name):
            return "No device profile renders the \(name) screenshot class."
        }
    }
}

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
    /// A property list dictionary names `key` twice.
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
                + "remove one of them."
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
