/// A system permission prompt cannot be drawn from what the document and the app's files give.
public enum PromptError: Error, Equatable, Sendable {
    /// A prompt was asked for, but neither `document.json`'s `app` nor `--app-info` names the app's files.
    case noAppFiles(prompt: String, settingsPath: String)
    /// The Info.plist lacks the prompt's purpose string. `generated` when Xcode generates the
    /// Info.plist from build settings; `former` is the key an app built before iOS 17 gave, when it has that one.
    case missingPurposeString(prompt: PromptKind, key: String, infoPlist: String, generated: Bool, former: String?)
    /// iOS's words for the prompt in this language are neither built in nor in `systemStrings`:
    /// every missing key, with why.
    case missingSystemStrings(prompt: String, language: String, missing: [MissingWord], settingsPath: String)
    /// An app text the prompt shows holds an Xcode build-setting variable (`$(PRODUCT_NAME)`) that
    /// nothing expands; `inInfoPlist` when it is the Info.plist's own value (which Xcode's build
    /// expands), not a translation (which iOS shows as written).
    /// `reason` says why a variable that is set does not expand (its own value names one nothing
    /// sets); `fromProject` when the build settings are the Xcode project's.
    case unexpandedVariable(key: String, variables: [String], text: String, file: String, inInfoPlist: Bool, settingsPath: String,
                            known: [String], reason: String?, fromProject: Bool)
    /// Neither `launch.appName` nor the Info.plist gives the app's name.
    case noAppName(infoPlist: String)
    /// An Android dialog with neither the app's strings.xml nor `launch.appName` to name the app.
    case noAndroidAppName(prompt: String, settingsPath: String, resources: String?)
    /// A permission's purpose (`permissionPurposes`) without words in the device language.
    case missingPurposeText(prompt: String, language: String, settingsPath: String)
    /// A permission's purpose whose words are empty in the device language.
    case emptyPurposeText(prompt: String, language: String, settingsPath: String)
    /// A permission's purpose naming a strings.xml resource the app lacks, or lacks in the language.
    case missingPurposeResource(prompt: String, resource: String, language: String, settingsPath: String, suggestion: String?,
                                onlyIn: String?)
    /// Android's own words for a dialog in a language PermissionController has no strings for.
    case missingAndroidWords(prompt: String, language: String, missing: [String], settingsPath: String)
    /// The device's platform draws no system prompts.
    case noSystemPrompts(platform: String, prompt: String)
    /// A `strings` entry names a key of the app's Localizable strings, which the app lacks.
    /// `onlyIn` is the other language (the development region's) whose file has it, when one does.
    case missingLocalizableKey(field: String, key: String, language: String, looked: [String], settingsPath: String, onlyIn: String? = nil,
                               table: String = "Localizable", otherTables: [String] = [], suggestion: String? = nil)
    /// A `strings` entry names a key, but the document names no app files.
    case localizableWithoutAppFiles(field: String, key: String, settingsPath: String)
    /// The app files' folder or Info.plist does not exist.
    case missingAppFile(path: String, source: String, fix: String)
    /// `--over`'s document has no file for the prompt's language, so its screen would be in another.
    case overLacksLanguage(folder: String, language: String, shown: String, available: [String])
    /// `--app-info` names a file, not the folder holding it.
    case appInfoNotAFolder(path: String)
}

extension PromptError: CausedError { public var cause: ErrorCause { .input } }

extension PromptError: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .noAppFiles(prompt, settingsPath):
            return "\(settingsPath): the \(prompt) prompt shows the app's name and purpose string from its Info.plist, but the "
                + "document names no app files. Add \"app\": { \"infoPlist\": \"Info.plist\", \"localizations\": \"Resources\" } "
                + "(paths relative to the document folder), or pass --app-info DIR (a folder with Info.plist and the .lproj folders)."
        case let .missingPurposeString(prompt, key, infoPlist, generated, former):
            let add = generated
                ? "Add INFOPLIST_KEY_\(key) = \"…why the app needs it…\"; to the target's build settings (Info.plist Values in Xcode)"
                : "Add <key>\(key)</key><string>…why the app needs it…</string> to the Info.plist"
            let formerNote = former.map { " The app gives \($0), \(prompt.formerKeyNote)." } ?? ""
            return "\(infoPlist): no \(key), or an empty one: \(prompt.withoutPurpose), so there is no prompt to "
                + "draw.\(formerNote) \(add) (and its translations to each <lang>.lproj/InfoPlist.strings or InfoPlist.xcstrings)."
        case let .missingSystemStrings(prompt, language, missing, settingsPath):
            let reasons = missing.map { "  \($0.key): \($0.explanation)" }.joined(separator: "\n")
            let tag = SystemStrings.entryTag(for: language)
            let entries = missing.map { "    \"\($0.key)\": { \"\(tag)\": \"…\" }" }.joined(separator: ",\n")
            return "iOS's own words for the \(prompt) prompt in '\(language)' are not all built in, and \(settingsPath) "
                + "does not give them:\n\(reasons)\nA screenshot never mixes in another language's words, so add what iOS "
                + "shows in \(language) to document.json" + (tag == language ? "" : " (under \(tag), which serves \(language) too)")
                + (missing.contains { $0.key.hasSuffix(".title") } ? ", %@ standing for the app's name" : "")
                + " (docs/system-words.md lists the built-in words):\n  \"systemStrings\": {\n\(entries)\n  }"
        case let .unexpandedVariable(key, variables, text, file, inInfoPlist, settingsPath, known, reason, fromProject):
            let written = variables.map { "$(\($0))" }.joined(separator: ", ")
            let one = variables.count == 1
            // A reference that is never closed is text to the build, whatever the settings.
            let unclosed = variables.filter { name in !["$(\(name))", "${\(name)}", "$(\(name):", "${\(name):"].contains(where: text.contains) }
            if let name = unclosed.first {
                let brace = text.contains("${\(name)") && !text.contains("$(\(name)")
                let open = brace ? "${\(name)" : "$(\(name)", closed = brace ? "${\(name)}" : "$(\(name))"
                return "\(file): \(key) is \"\(text)\", whose \(open) is not closed, so the build leaves it as written and the "
                    + "screenshot would show it; close it (\(closed)) or write the text itself."
            }
            if inInfoPlist, let reason {
                return "\(file): \(key) is \"\(text)\", which does not expand: \(reason) (--build-setting, or \"app\": { \"buildSettings\" } "
                    + "in \(settingsPath)), or write the text itself; the screenshot would show it as written."
            }
            if inInfoPlist {
                let guesses = variables.compactMap { variable in
                    closestMatch(to: variable, among: known.filter { $0 != variable }).map { "\($0) for \(variable)" }
                }
                let hint = guesses.isEmpty ? "" : " (did you mean \(guesses.joined(separator: ", "))?)"
                let first = variables.first ?? "NAME"
                return "\(file): \(key) is \"\(text)\", and \(written) \(one ? "is a build setting" : "are build settings") that nothing "
                    + "here sets\(hint); the screenshot would show \(one ? "it" : "them") as written. Give \(one ? "its value" : "their values"): "
                    + "--build-setting \(first)=…, or in \(settingsPath) \"app\": { \"buildSettings\": { \"\(first)\": \"…\" } } "
                    + (fromProject ? "" : "(or read the app from its project: \"app\": { \"project\": \"App.xcodeproj\" }), ")
                    + "or write the text itself in the Info.plist."
            }
            return "\(file): \(key) is \"\(text)\". iOS shows a translation as it is written, so the device shows "
                + "\(written) too: write the text itself there."
        case let .noSystemPrompts(platform, prompt):
            if platform == "android" {
                return "prompt:\(prompt) is an iOS system alert, and Android shows its own permission dialogs, which this version "
                    + "does not draw yet; render it on an iOS device (for example --device iphone-15-pro), or the consent screen here"
            }
            return "prompt:\(prompt): the device's platform '\(platform)' draws no system prompts; render the consent screen, "
                + "or a device of a platform that has them (ios)"
        case let .noAndroidAppName(prompt, settingsPath, resources):
            if let resources {
                return "\(resources): no strings.xml gives app_name, and Android's \(prompt) dialog names the app. Add "
                    + "<string name=\"app_name\">…</string> to res/values/strings.xml, or give \(settingsPath) \"launch\": "
                    + "{ \"appName\": \"…\" }."
            }
            return "\(settingsPath): Android's \(prompt) dialog names the app, but the document names no app files. Add \"app\": "
                + "{ \"resources\": \"app/src/main/res\" } (the folder with values/strings.xml and its app_name), or \"launch\": "
                + "{ \"appName\": \"…\" }."
        case let .missingPurposeText(prompt, language, settingsPath):
            return "\(settingsPath): permissionPurposes.\(prompt) has no words for '\(language)', and the app's banner above Android's "
                + "\(prompt) dialog says why the app asks in the device's language. Add \"\(language)\": \"…\" to it (or the "
                + "strings.xml resource it names for that language)."
        case let .emptyPurposeText(prompt, language, settingsPath):
            return "\(settingsPath): permissionPurposes.\(prompt) is empty for '\(language)'; write why the app asks for it, or remove the entry."
        case let .missingPurposeResource(prompt, resource, language, settingsPath, suggestion, onlyIn):
            if let onlyIn {
                return "\(settingsPath): permissionPurposes.\(prompt) names the resource \"\(resource)\", which the app's strings.xml has no "
                    + "translation of for '\(language)' (the app would show its '\(onlyIn)' words). Add <string name=\"\(resource)\"> to the "
                    + "values folder for '\(language)' (values-\(language.split(separator: "-").first ?? "")…/strings.xml)."
            }
            return "\(settingsPath): permissionPurposes.\(prompt) names the resource \"\(resource)\", which no strings.xml of the app has"
                + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ". Add <string name=\"\(resource)\"> to res/values/strings.xml.")
        case let .missingAndroidWords(prompt, language, missing, settingsPath):
            let tag = LanguageTag(language).map { [$0.language, $0.script].compactMap { $0 }.joined(separator: "-") } ?? language
            let entries = missing.map { "\"\($0)\": { \"\(tag)\": \"…\" }" }.joined(separator: ", ")
            return "Android's \(prompt) dialog in '\(language)': Android's permission controller ships no strings in that language "
                + "(it has 85), so its words must come from \(settingsPath). Add \"systemStrings\": "
                + "{ \(entries) } with the words the device shows (a title names the app with %1$s)."
        case let .noAppName(infoPlist):
            return "\(infoPlist): neither CFBundleDisplayName nor CFBundleName is set, so the prompt's title has no app name. "
                + "Add <key>CFBundleDisplayName</key><string>…</string>, or give document.json \"launch\": { \"appName\": \"…\" }."
        case let .missingLocalizableKey(field, key, language, looked, settingsPath, onlyIn, table, otherTables, suggestion):
            let guess = looked.isEmpty ? closestMatch(to: table, among: otherTables).map { "; did you mean \"table\": \"\($0)\"?" } ?? "" : ""
            let files = looked.isEmpty ? "the app has no \(table).strings or \(table).xcstrings"
                + (otherTables.isEmpty ? "" : " (its tables: \(otherTables.joined(separator: ", "))\(guess))")
                : "looked in \(looked.joined(separator: ", "))"
            if let onlyIn {
                return "\(settingsPath): strings.\(field) names the key \"\(key)\", which the app's \(table) strings have no "
                    + "translation of for '\(language)': the app would show its '\(onlyIn)' text, and '\(language)' words beside '\(onlyIn)' "
                    + "ones would mix two languages. Add the key for '\(language)', or give the text in document.json as \"\(field)\": "
                    + "{ \"\(language)\": \"…\" }."
            }
            if let suggestion {
                return "\(settingsPath): strings.\(field) names \"\(key)\", which the app's \(table) strings do not have; did you mean "
                    + "\"\(suggestion)\"? (\(files))"
            }
            return "\(settingsPath): strings.\(field) names the key \"\(key)\", which the app's \(table) strings do not have "
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
