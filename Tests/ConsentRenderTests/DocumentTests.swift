import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

@Suite struct DocumentTests {
    @Test func markdownBecomesTitleParagraphsListsAndLinks() throws {
        let folder = TemporaryFolder()
        let url = folder.folder("doc", files: ["en.md": """
            # Hello *there*

            Read the [Privacy Policy](https://example.com/p) and **our terms**.
            Second line, with `code`.

            1. First
            2. Second, see https://example.com/long

            <b>not html</b>
            """])
        let document = try DocumentFolder(url: url, appFiles: XcodeAppFiles()).document(language: "en")
        #expect(document.title == [.text("Hello "), .emphasis([.text("there")])])
        #expect(document.blocks.count == 3)
        #expect(document.blocks[0] == .paragraph([
            .text("Read the "), .link(url: "https://example.com/p", content: [.text("Privacy Policy")]),
            .text(" and "), .strong([.text("our terms")]), .text("."), .softBreak,
            .text("Second line, with "), .code("code"), .text("."),
        ]))
        guard case let .list(ordered, start, items) = document.blocks[1] else {
            Issue.record("expected a list, got \(document.blocks[1])")
            return
        }
        #expect(ordered && start == 1 && items.count == 2)
        #expect(items[1] == [.paragraph([
            .text("Second, see "), .link(url: "https://example.com/long", content: [.text("https://example.com/long")], detected: true),
        ])])
        // Raw HTML stays visible text, never markup.
        #expect(document.blocks[2] == .paragraph([.text("<b>"), .text("not html"), .text("</b>")]))
    }

    /// libcmark-gfm 0.29 keeps its extension registry and its table of special inline characters
    /// in globals; parsers on several threads once lost the autolink extension (a bare URL came
    /// out as plain text) in a CI run. Many parses at once must all find every link.
    @Test func parsesOnManyThreadsAtOnceKeepEveryExtension() {
        let markdown = "See https://example.com/a and ~~old~~ [policy](https://example.com/p).\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        let expected = MarkdownParser.parseBlocks(markdown)
        #expect(expected?.first == .paragraph([
            .text("See "), .link(url: "https://example.com/a", content: [.text("https://example.com/a")], detected: true),
            .text(" and "), .strikethrough([.text("old")]), .text(" "), .link(url: "https://example.com/p", content: [.text("policy")]),
            .text("."),
        ]))
        let results = ConcurrentResults(count: 4_000)
        DispatchQueue.concurrentPerform(iterations: results.count) { index in
            results.set(index, MarkdownParser.parseBlocks(markdown) == expected)
        }
        #expect(results.failures == 0)
    }

    @Test func missingLanguageFileListsTheAvailableOnes() throws {
        let folder = TemporaryFolder()
        let url = folder.folder("doc", files: ["en.md": "# T\n\nBody", "zh-Hans.md": "# 标题\n\n正文"])
        let documents = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
        let resolver = LanguageResolver(available: documents.languages, defaultLanguage: nil)
        let error = #expect(throws: DocumentError.self) { try resolver.resolve("fr", folder: url.path) }
        #expect(error == .missingLanguage(requested: "fr", folder: url.path, available: ["en", "zh-Hans"]))
        #expect(error?.description.contains("Available: en, zh-Hans") == true)
    }

    struct BadDocumentCase: CustomStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let expected: @Sendable (String) -> DocumentError
        var description: String { name }
    }

    static let badDocuments: [BadDocumentCase] = [
        .init(name: "empty title", files: ["en.md": "# \n\nJust a paragraph."], expected: { .missingTitle(path: $0 + "/en.md") }),
        .init(name: "empty file", files: ["en.md": "\n\n"], expected: { .emptyDocument(path: $0 + "/en.md") }),
        .init(name: "title only", files: ["en.md": "# Title"], expected: { .titleWithoutText(path: $0 + "/en.md") }),
    ]

    @Test(arguments: badDocuments)
    func badLanguageFileIsAnErrorNamingTheFile(_ bad: BadDocumentCase) throws {
        let folder = TemporaryFolder()
        let url = folder.folder("doc", files: bad.files)
        let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: url, appFiles: XcodeAppFiles()).document(language: "en") }
        #expect(error == bad.expected(url.path))
    }

    @Test func documentWithoutATitleUsesTheBuiltInOne() throws {
        let folder = TemporaryFolder()
        let url = folder.folder("doc", files: ["de.md": "Bitte lesen Sie unsere [Datenschutzerklärung](https://example.com)."])
        let documents = try DocumentFolder(url: url, appFiles: XcodeAppFiles())
        #expect(try documents.document(language: "de").title == nil)
        let page = try ConsentRenderer().render(RenderRequest(
            folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: "de",
            orientation: .portrait, appearance: .light))
        #expect(page.layout.title.block.text == "Datenschutzhinweis")
        #expect(Set(page.linkMap.buttons.map(\.label)) == ["Ablehnen", "Akzeptieren"])
    }

    @Test func languageFileThatIsNotUTF8IsAnError() throws {
        let folder = TemporaryFolder()
        let url = folder.folder("doc", files: [:])
        try Data([0x23, 0x20, 0xC3, 0x28, 0xFF, 0xFE]).write(to: url.appendingPathComponent("en.md"))
        let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: url, appFiles: XcodeAppFiles()).document(language: "en") }
        #expect(error == .notUTF8(path: url.path + "/en.md"))
    }

    @Test func folderErrors() throws {
        let folder = TemporaryFolder()
        let missing = folder.url.appendingPathComponent("nope")
        #expect(throws: DocumentError.missingFolder(path: missing.path)) { try DocumentFolder(url: missing, appFiles: XcodeAppFiles()) }
        let empty = folder.folder("empty", files: ["notes.txt": "x"])
        #expect(throws: DocumentError.noLanguageFiles(folder: empty.path)) { try DocumentFolder(url: empty, appFiles: XcodeAppFiles()) }
        let badJSON = folder.folder("bad-json", files: ["en.md": "# T\n\nB", "document.json": "{ \"template\": "])
        let error = #expect(throws: DocumentError.self) { try DocumentFolder(url: badJSON, appFiles: XcodeAppFiles()) }
        guard case .malformedSettings(let path, _) = error else {
            Issue.record("expected malformedSettings, got \(String(describing: error))")
            return
        }
        #expect(path == badJSON.path + "/document.json")
        let badTemplate = folder.folder("bad-template", files: ["en.md": "# T\n\nB", "document.json": #"{ "template": "carousel" }"#])
        // Templates can be added by a library user, so the name is checked against the renderer's registry.
        let carousel = try DocumentFolder(url: badTemplate, appFiles: XcodeAppFiles())
        let templateError = #expect(throws: TemplateError.self) {
            try ConsentRenderer().render(RenderRequest(folder: carousel, profile: try shippedProfiles.profile(id: "iphone-se-3"),
                                                       requestedLanguage: "en", orientation: .portrait, appearance: .light))
        }
        #expect(templateError?.description == badTemplate.path + "/document.json: field 'template' is 'carousel', which is not a "
            + "template. Use one of: agreement-dialog, launch-consent, att-explainer, login-consent.")
    }

    struct ResolutionCase: CustomStringConvertible, Sendable {
        let requested: String
        let expected: String
        var description: String { "\(requested) → \(expected)" }
    }

    @Test(arguments: [
        ResolutionCase(requested: "en", expected: "en"),
        ResolutionCase(requested: "EN", expected: "en"),
        ResolutionCase(requested: "en-US", expected: "en"),
        ResolutionCase(requested: "en-GB", expected: "en"),
        ResolutionCase(requested: "zh", expected: "zh-Hans"),
        ResolutionCase(requested: "zh-CN", expected: "zh-Hans"),
        ResolutionCase(requested: "zh-SG", expected: "zh-Hans"),
        ResolutionCase(requested: "zh-TW", expected: "zh-Hant"),
        ResolutionCase(requested: "zh-HK", expected: "zh-Hant"),
        ResolutionCase(requested: "zh-Hant-TW", expected: "zh-Hant"),
        ResolutionCase(requested: "fr,zh-HK,en", expected: "zh-Hant"),
        ResolutionCase(requested: "fr", expected: "zh-Hans"),
    ])
    func languageResolution(_ test: ResolutionCase) throws {
        let resolver = LanguageResolver(available: ["en", "zh-Hans", "zh-Hant"], defaultLanguage: "zh-Hans")
        #expect(try resolver.resolve(test.requested, folder: "doc") == test.expected)
    }

    @Test(arguments: ["e", "english", "en_US", "zh--Hans", ""])
    func malformedLanguageTagIsAnError(_ tag: String) {
        let resolver = LanguageResolver(available: ["en"], defaultLanguage: nil)
        #expect(throws: DocumentError.self) { try resolver.resolve(tag, folder: "doc") }
    }

    @Test func buttonLabelsComeFromTheDocumentThenTheBuiltInTable() throws {
        let settings = DocumentSettings(strings: ["accept": ["en": "Agree and continue"]])
        let english = try ChromeStrings.resolve(language: "en-GB", settings: settings, folder: "doc")
        #expect(english == chrome(accept: "Agree and continue", decline: "Decline"))
        let german = try ChromeStrings.resolve(language: "de-AT", settings: settings, folder: "doc")
        #expect(german.accept == "Akzeptieren" && german.title == "Datenschutzhinweis")
        let chinese = try ChromeStrings.resolve(language: "zh-Hans", settings: settings, folder: "doc")
        #expect(chinese == ChromeStrings(accept: "同意", decline: "不同意", continueLabel: "继续",
                                         title: "个人信息保护提示"))
    }

    @Test func missingButtonLabelIsAnErrorNotEnglish() throws {
        let error = #expect(throws: DocumentError.self) {
            try ChromeStrings.resolve(language: "sw", settings: DocumentSettings(), folder: "doc")
        }
        #expect(error == .missingChromeStrings(keys: ["accept", "decline", "continue", "title"], language: "sw", folder: "doc"))
        #expect(error?.description.contains(#""strings": { "accept": { "sw": "…" }, "decline": { "sw": "…" }, "#) == true,
                "every missing string is named at once")
    }
}

/// Flags written from `concurrentPerform` workers, one slot each.
private final class ConcurrentResults: @unchecked Sendable {
    let count: Int
    private var matches: [Bool]
    private let lock = NSLock()
    init(count: Int) { self.count = count; matches = Array(repeating: false, count: count) }
    func set(_ index: Int, _ value: Bool) { lock.lock(); matches[index] = value; lock.unlock() }
    var failures: Int { lock.lock(); defer { lock.unlock() }; return matches.filter { !$0 }.count }
}
