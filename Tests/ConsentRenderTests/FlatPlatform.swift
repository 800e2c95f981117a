import Foundation
// Only the public API: a library user adds a platform the same way.
import ConsentRender
import XcodeFiles
import Testing

extension Platform {
    /// A platform the library does not ship, written with the public API only: flat chrome (one
    /// grey bar, no home indicator), its own type scale (larger, bolder titles and buttons), no
    /// system prompts, and 72 pt tap targets (a kiosk's).
    static let flat: Platform = {
        var scale = TypeScale.iOSDefault
        scale.styles[.title] = TypeScale.Style(.title2, weight: .bold)
        scale.styles[.button] = TypeScale.Style(.body, weight: .bold)
        return Platform(
            name: "flat", systemStyle: StyleTokens(typeScale: scale),
            chrome: { page, context, _ in
                let bar = Rect(x: 0, y: 0, width: context.screen.width, height: 24)
                page.addLayer(.systemChrome, items: [PlacedItem(id: "flat-bar", drawable: .shape(.fill(bar, cornerRadius: 0,
                                                                                                         color: Color(red: 0x60, green: 0x60, blue: 0x60))))])
                page.semantics.statusBar = StatusBarSemantics(rect: bar, time: "")
                return []
            },
            promptTemplate: nil, minimumTapTarget: 72)
    }()
}

/// The flat platform's one template: a sheet from the bottom of the screen with the title, the
/// document's text and two side-by-side buttons.
struct FlatSheet: ScreenTemplate {
    var id: TemplateID { "flat-sheet" }
    var summary: String { "a sheet from the bottom with two buttons side by side" }
    var states: [ScreenState] { [.initial] }
    var lintRules: [PageLintRule] { [] }
    var exemptRules: Set<LintRule> { [] }

    func layout(_ content: ScreenContent, state: ScreenState, in context: LayoutContext) throws -> PageLayout {
        let theme = context.theme
        let safe = context.safeRect
        let width = context.snap(safe.width - 32)
        let x = context.snap(safe.midX - width / 2)
        let sheet = Rect(x: 0, y: context.snap(safe.minY + safe.height * 0.3), width: context.screen.width,
                         height: context.screen.height - context.snap(safe.minY + safe.height * 0.3))
        let title = context.place(context.textBlock(content.title.plainText, role: .title, color: theme.label, width: width),
                                  at: Point(x: x, y: context.snap(sheet.minY + 20)))
        let group = ButtonGroup(actions: [.init(role: .decline, label: content.strings.decline), .init(role: .accept, label: content.strings.accept)],
                                metrics: context.metrics.buttons, colors: ButtonGroup.Colors(theme: theme))
        let height = group.place(.horizontal, at: Point(x: 0, y: 0), width: width, in: context).height
        let buttons = group.place(.horizontal, at: Point(x: x, y: context.snap(safe.maxY - 12 - height)), width: width, in: context)
        let bodyTop = context.snap(title.frame.maxY + 12)
        let buttonsTop = buttons.buttons.map(\.rect.minY).min() ?? safe.maxY
        let body = DocumentBody(blocks: content.document.blocks, color: theme.label, linkColor: theme.link)
            .place(in: Rect(x: x, y: bodyTop, width: width, height: buttonsTop - 12 - bodyTop), surface: theme.palette.card,
                   indicatorGap: 6, in: context)
        var page = PageBuilder()
        page.add("backdrop", .shape(.screenFill(theme.palette.backdrop)), to: .backdrop)
        let surface = page.add("sheet", .shape(.fill(sheet, cornerRadius: 0, color: theme.palette.card)), to: .content)
        let titleItem = page.add("title", .text(title), to: .content)
        page.add(body.items, to: .content)
        page.add(buttons.items, to: .content)
        return try page.page(in: context, semantics: PageSemantics(
            surfaceID: surface, titleID: titleItem, body: body.semantics, buttons: buttons.buttons, links: body.links,
            tint: theme.tint, declaredActions: [.decline, .accept]))
    }
}

/// Issue 29, point 2: a platform the library does not ship renders, lints and writes a link map
/// through the public API, without an edit to the library.
@Suite struct SecondPlatformTests {
    static func renderer() throws -> ConsentRenderer {
        var platforms = PlatformRegistry.standard
        platforms.register(.flat)
        var templates = TemplateRegistry.standard
        try templates.register(FlatSheet())
        return try ConsentRenderer(templates: templates, platforms: platforms)
    }

    static func profile() throws -> DeviceProfile {
        var profile = try DeviceProfile.named("iphone-15-pro")
        profile.id = "flat-phone"
        profile.platform = "flat"
        return profile
    }

    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/privacy-agreement")

    @Test func aFlatPlatformRendersLintsAndMapsItsScreen() throws {
        let renderer = try Self.renderer()
        let content = try DocumentFolder(url: Self.document, appFiles: XcodeAppFiles()).content
        let variant = RenderVariant(device: "flat-phone", language: "en", template: "flat-sheet")
        let page = try renderer.render(RenderRequest(content: content, profile: try Self.profile(), variant: variant))
        // Its chrome, not iOS's: one flat bar, no clock, no home indicator.
        let chrome = page.layout.layers.first { $0.kind == .systemChrome }
        #expect(chrome?.items.map(\.id) == ["flat-bar"])
        #expect(page.layout.semantics.homeIndicator == nil)
        // Its type scale: the title in Title 2 (22 pt at Large), iOS's dialog title is 17 pt.
        #expect(page.layout.title.block.runs.first?.fontSize == 22)
        // Its lint threshold: buttons iOS accepts (44 pt) are under its 72.
        let findings = renderer.lint(page, device: "flat-phone")
        #expect(page.layout.buttons.allSatisfy { $0.rect.height >= 44 && $0.rect.height < 72 })
        #expect(findings.contains { $0.rule == LintRule.targetSize && $0.message.contains("need 72×72 pt") }, "\(findings)")
        // Its link map: the platform named, the neutral core as on iOS.
        let map = try JSONDecoder().decode(LinkMap.self, from: try page.linkMap.jsonData())
        #expect(map.platform.name == "flat" && map.platform.look == nil && map.template == "flat-sheet")
        #expect(Set(map.buttons.map(\.role)) == [.decline, .accept] && map.links.count == page.linkMap.links.count)
        #expect(page.bitmap.width == 1179 && page.bitmap.height == 2556)
        // The same document on iOS keeps iOS's chrome and 44 pt.
        let ios = try renderer.render(RenderRequest(content: content, profile: try DeviceProfile.named("iphone-15-pro"),
                                                    variant: RenderVariant(device: "iphone-15-pro", language: "en", template: "flat-sheet")))
        #expect(ios.linkMap.platform.name == "ios" && ios.layout.semantics.homeIndicator != nil)
        #expect(!renderer.lint(ios, device: "iphone-15-pro").contains { $0.rule == LintRule.targetSize && $0.severity == .error })
    }

    @Test func aPlatformWithoutPromptsOrUnknownToTheRendererIsAClearError() throws {
        let renderer = try Self.renderer()
        let content = try DocumentFolder(url: Self.document, appFiles: XcodeAppFiles()).content
        #expect(throws: PromptError.noSystemPrompts(platform: "flat", prompt: "att")) {
            try renderer.render(RenderRequest(content: content, profile: try Self.profile(),
                                              variant: RenderVariant(device: "flat-phone", language: "en", screen: .prompt(.att))))
        }
        var unknown = try Self.profile()
        unknown.platform = "flta"
        let error = #expect(throws: ProfileError.self) {
            try renderer.render(RenderRequest(content: content, profile: unknown, variant: RenderVariant(device: "flat-phone", language: "en")))
        }
        #expect(error?.description.contains("Did you mean 'flat'?") == true, "\(String(describing: error))")
    }
}

/// Issue 29, point 7: an error states its own cause, so a library user's error is bad input
/// (exit 2) when it says so, not a failure of the machine (exit 3).
@Suite struct ErrorCauseTests {
    struct SheetTooSmall: CausedError {
        var cause: ErrorCause { .input }
    }

    @Test func anErrorStatesItsCauseAndAnUnknownOneIsTheMachines() {
        #expect(ErrorCause(of: SheetTooSmall()) == .input)
        #expect(ErrorCause(of: ProfileError.noProfilesDirectory(searched: [])) == .input)
        #expect(ErrorCause(of: RenderError.cairo(operation: "paint", status: "no memory")) == .environment)
        #expect(ErrorCause(of: CocoaError(.fileNoSuchFile)) == .environment)
    }
}
