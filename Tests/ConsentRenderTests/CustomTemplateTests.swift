import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// A template from outside the library (`ThreeChoiceNotice`, public API only) renders and lints.
@Suite struct CustomTemplateTests {
    let folder = TemporaryFolder()

    func render(state: ScreenState = .initial, device: String = "iphone-15-pro") throws -> (ConsentRenderer, RenderedPage) {
        var templates = TemplateRegistry.standard
        try templates.register(ThreeChoiceNotice())
        let renderer = try ConsentRenderer(templates: templates)
        let documents = try DocumentFolder(url: folder.folder("notice", files: [
            "document.json": #"{ "template": "three-choice-notice" }"#,
            "en.md": "# Cookies on this site\n\nWe use cookies.\n",
        ]), appFiles: XcodeAppFiles())
        let page = try renderer.render(RenderRequest(folder: documents, profile: try shippedProfiles.profile(id: device),
                                                     requestedLanguage: "en", orientation: .portrait, appearance: .light,
                                                     state: state))
        return (renderer, page)
    }

    @Test func aTemplateAddedToTheRegistryRendersAndLints() throws {
        let (renderer, page) = try render()
        #expect(page.linkMap.template == "three-choice-notice")
        #expect(page.linkMap.buttons.map(\.role) == [.accept, .review, .decline])
        let rects = page.linkMap.buttons.map(\.rect)
        #expect(rects[0].y + rects[0].height < rects[1].y && rects[1].y + rects[1].height < rects[2].y, "stacked, top first")
        #expect(Set(rects.map(\.height)).count == 1 && Set(rects.map(\.width)).count == 1, "equal sizes")
        #expect(page.layout.items.filter { $0.id.hasPrefix("button-separator-") }.count == 2, "a hairline between each pair")
        // The pixels follow the layout: the accept button's middle is the tint, the backdrop white.
        let accept = page.linkMap.buttons[0].pixelRect
        #expect(page.bitmap.color(x: accept.x + 4, y: accept.y + accept.height / 2) == Theme.systemBlueLight)
        #expect(page.bitmap.color(x: 2, y: 300) == Color(hex: "#FFFFFF"))
        let findings = renderer.lint(page, device: "iphone-15-pro")
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings)")
        #expect(!findings.contains { $0.rule == "choice.decline-present" || $0.rule == "links.policy-present" }, "exempt rules do not run")
    }

    @Test func itsOwnRuleRunsAndItsStatesAreItsOwn() throws {
        let (renderer, page) = try render(state: "reminder")
        #expect(page.linkMap.state == "reminder")
        #expect(page.layout.title.block.text == "Reminder: Cookies on this site")
        var two = page
        two.layout.semantics.buttons.removeLast()
        let findings = renderer.lint(two, device: "iphone-15-pro")
        #expect(findings.contains { $0.rule == "notice.three-choices" && $0.message.hasSuffix("this one has 2") })
        let error = #expect(throws: TemplateError.self) { try render(state: "decline-confirm") }
        #expect(error?.description == "The three-choice-notice template has no state 'decline-confirm'. Its states are: initial, reminder.")
    }

    /// A template whose semantics do not fit its items gets an error naming the item, never a crash.
    struct FaultyTemplate: ScreenTemplate {
        enum Fault: String, CaseIterable { case missing, wrongKind, duplicate }
        var fault: Fault
        var id: TemplateID { TemplateID(rawValue: "faulty-\(fault.rawValue)") }
        var summary: String { "a page with a fault" }
        var states: [ScreenState] { [.initial] }

        func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
            let title = context.place(context.textBlock("T", role: .pageTitle, color: context.theme.label, width: 100), at: Point(x: 0, y: 0))
            var page = PageBuilder()
            let surface = page.add("backdrop", .shape(.screenFill(context.theme.backdrop)), to: .backdrop)
            let titleItem = page.add("title", .text(title), to: .content)
            var elsewhere = PageBuilder()
            let foreign = elsewhere.add("other-title", .text(title), to: .content)
            if fault == .duplicate { page.add("title", .text(title), to: .content) }
            let body = BodySemantics(viewport: Rect(x: 0, y: 0, width: 0, height: 0), contentHeight: 0, blockIDs: [])
            return try page.page(in: context, semantics: PageSemantics(
                surfaceID: fault == .wrongKind ? titleItem : surface, titleID: fault == .missing ? foreign : titleItem,
                body: body, buttons: [], links: [], tint: context.theme.tint, declaredActions: []))
        }
    }

    @Test(arguments: FaultyTemplate.Fault.allCases)
    func semanticsThatDoNotFitTheItemsAreAnErrorNamingTheItem(_ fault: FaultyTemplate.Fault) throws {
        var templates = TemplateRegistry.standard
        try templates.register(FaultyTemplate(fault: fault))
        let documents = try DocumentFolder(url: folder.folder("faulty-\(fault)", files: [
            "document.json": #"{ "template": "faulty-\#(fault.rawValue)" }"#, "en.md": "# T\n\nB\n"]), appFiles: XcodeAppFiles())
        let error = #expect(throws: PageError.self) {
            try ConsentRenderer(templates: templates).render(RenderRequest(
                folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"), requestedLanguage: "en",
                orientation: .portrait, appearance: .light))
        }
        let expected: PageError = switch fault {
        case .missing: .missingItem(role: "title", id: "other-title")
        case .wrongKind: .wrongKind(role: "surface", id: "title", needs: "a filled shape")
        case .duplicate: .duplicateItem(id: "title")
        }
        #expect(error == expected)
        #expect(error.map { ErrorCause(of: $0) } == .environment, "a template's fault is the tool's, exit 3")
    }

    @Test func anUnknownTemplateIsAnErrorNeverADefault() throws {
        let documents = try DocumentFolder(url: folder.folder("unknown", files: [
            "document.json": #"{ "template": "three-choice-notice" }"#, "en.md": "# T\n\nB\n"]), appFiles: XcodeAppFiles())
        let error = #expect(throws: TemplateError.self) {
            try ConsentRenderer().render(RenderRequest(folder: documents, profile: try shippedProfiles.profile(id: "iphone-se-3"),
                                                       requestedLanguage: "en", orientation: .portrait, appearance: .light))
        }
        #expect(error?.description.contains("field 'template' is 'three-choice-notice', which is not a template") == true)
    }
}
