import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// Scrolled bodies (`--scroll`), heading anchors and `links.anchor-exists`.
@Suite struct ScrollTests {
    /// A policy long enough to scroll on a phone, with an anchor link to its `## Details`.
    static let document: [String: String] = {
        let filler = (1...8).map { "Paragraph \($0) explains, in plain words and at some length, what the service does with "
            + "the information it keeps and why it keeps it for as long as it does." }
        return [
            "document.json": #"{ "defaultLanguage": "en" }"#,
            "en.md": "# Terms\n\nRead the [privacy policy](https://example.com/privacy); the details are [below](#details).\n\n"
                + filler.joined(separator: "\n\n") + "\n\n## Details\n\nThe details follow here.\n\n"
                + filler.joined(separator: "\n\n") + "\n\n## Contact\n\nWrite to [us](https://example.com/contact) at the end.\n",
        ]
    }()

    static func render(_ scroll: ScrollPosition, files: [String: String] = document, in temporary: TemporaryFolder) throws -> RenderedPage {
        let folder = try DocumentFolder(url: temporary.folder("doc", files: files), appFiles: XcodeAppFiles())
        var request = RenderRequest(folder: folder, profile: try shippedProfiles.profile(reference: "iphone-15-pro"),
                                    requestedLanguage: "en", orientation: .portrait, appearance: .light)
        request.variant.scroll = scroll
        return try ConsentRenderer().render(request)
    }

    @Test func anAnchorPutsItsHeadingsFirstLineAtTheTopOfTheViewport() throws {
        let temporary = TemporaryFolder()
        let page = try Self.render(.anchor("details"), in: temporary)
        let viewport = page.layout.body.viewport
        let heading = try #require(page.layout.body.blocks.first { $0.block.text.hasPrefix("Details") })
        let measured = try ConsentRenderer().measure(heading.block)
        let firstLine = heading.origin.y + (measured.lines.first?.minY ?? 0)
        #expect(abs(firstLine - viewport.minY) <= 1, "\(firstLine) vs \(viewport.minY)")
        #expect(page.linkMap.body.scrollOffset == LinkMap.rounded(page.layout.semantics.body.scrollOffset))
        #expect((page.linkMap.body.maxScrollOffset ?? 0) > (page.linkMap.body.scrollOffset ?? 0))
        // The links above the heading are out of view now; the anchor link says where it leads.
        let below = try #require(page.linkMap.links.first { $0.url == "#details" })
        #expect(!below.visible && below.rects.isEmpty)
        #expect(below.anchor?.id == "details" && below.anchor?.scrollOffset == page.linkMap.body.scrollOffset)
        // The fade is still at the fold: there is more below.
        #expect(page.layout.body.fadeHeight > 0)
    }

    @Test func theBottomShowsTheLastLineWithoutAFade() throws {
        let temporary = TemporaryFolder()
        let page = try Self.render(.bottom, in: temporary)
        let body = page.layout.body
        #expect(body.fadeHeight == 0)
        #expect(page.linkMap.body.scrollOffset == page.linkMap.body.maxScrollOffset)
        let last = try #require(body.blocks.last)
        #expect(abs(last.frame.maxY - body.viewport.maxY) <= 1.5, "\(last.frame) in \(body.viewport)")
        let contact = try #require(page.linkMap.links.first { $0.url == "https://example.com/contact" })
        #expect(contact.visible)
        for rect in contact.rects { #expect(body.viewport.contains(rect, tolerance: 0.01)) }
        // The indicator sits at the end of its track.
        let indicator = try #require(body.scrollIndicator)
        let top = try #require(try Self.render(.top, in: TemporaryFolder()).layout.body.scrollIndicator)
        #expect(indicator.minY > top.minY && indicator.maxY <= body.viewport.maxY)
    }

    @Test func pointsAreClampedAndAnUnknownAnchorNamesTheIds() throws {
        let temporary = TemporaryFolder()
        let far = try Self.render(.points(1_000_000), in: temporary)
        #expect(far.linkMap.body.scrollOffset == far.linkMap.body.maxScrollOffset)
        #expect(far.notes.contains { $0.contains("at most") })
        #expect {
            try Self.render(.anchor("detials"), in: TemporaryFolder())
        } throws: { error in
            guard case let DocumentError.unknownAnchor(id, _, ids, suggestion) = error else { return false }
            return id == "detials" && ids == ["terms", "details", "contact"] && suggestion == "details"
        }
    }

    @Test func anUnscrolledRenderKeepsItsLinkMapAsBefore() throws {
        let page = try Self.render(.top, in: TemporaryFolder())
        let json = String(decoding: try page.linkMap.jsonData(), as: UTF8.self)
        #expect(!json.contains("scrollOffset\" : 0") && !json.contains("maxScrollOffset"))
        // The anchor link's target is there without scrolling.
        #expect(page.linkMap.links.first { $0.url == "#details" }?.anchor?.id == "details")
    }

    @Test(arguments: [("Hello, World!", "hello-world"), ("1. Who we are", "1-who-we-are"), ("八、您的权利", "八您的权利"),
                      ("Données personnelles", "données-personnelles"), ("snake_case & more", "snake_case--more"),
                      ("  Spaces  ", "--spaces--")])
    func headingIdsAreGitHubs(text: String, id: String) {
        var slugger = HeadingSlugger()
        #expect(slugger.slug(for: text) == id)
    }

    @Test func repeatedHeadingsAreNumbered() {
        let document = ConsentDocument(title: [.text("FAQ")], blocks: [
            .heading(level: 2, content: [.text("FAQ")]), .list(ordered: false, start: 1, items: [[.heading(level: 3, content: [.text("FAQ")])]]),
        ])
        #expect(HeadingSlugger.ids(of: document) == ["faq", "faq-1", "faq-2"])
    }

    @Test func anAnchorToAMissingHeadingIsALintError() throws {
        var files = Self.document
        files["en.md"] = files["en.md"]!.replacingOccurrences(of: "](#details)", with: "](#detail)")
        let temporary = TemporaryFolder(), other = TemporaryFolder()
        let folder = try DocumentFolder(url: temporary.folder("doc", files: files), appFiles: XcodeAppFiles())
        let findings = try DocumentLint(folder: folder).findings()
        let finding = try #require(findings.first { $0.rule == "links.anchor-exists" })
        #expect(finding.severity == .error && finding.message.contains("#detail") && finding.message.contains("did you mean #details"))
        let clean = try DocumentLint(folder: DocumentFolder(url: other.folder("doc", files: Self.document), appFiles: XcodeAppFiles())).findings()
        #expect(!clean.contains { $0.rule == "links.anchor-exists" })
    }

    @Test func scrollIsAnAxisNamedInTheFile() throws {
        let axes = VariantAxes(devices: ["d"], languages: ["en"], screens: [.consent, .prompt(.att)],
                               scrolls: [.top, .bottom, .anchor("details"), .points(120)])
        #expect(axes.variants.map(\.path) == ["d/portrait-light/en", "d/portrait-light/en-scroll-bottom", "d/portrait-light/en-scroll-details",
                                              "d/portrait-light/en-scroll-120", "d/portrait-light/en-prompt-att"])
        #expect(ScrollPosition(name: "#") == nil && ScrollPosition(name: "-5") == nil && ScrollPosition(name: "0") == .top)
        let temporary = TemporaryFolder()
        let run = try runRenderCLI(["render", "--document", "Samples/long-agreement", "--device", "iphone-15-pro", "--language", "en",
                                    "--scroll", "details", "--out", temporary.url.appendingPathComponent("x.png").path])
        #expect(run.status == 2 && run.stderr.contains("Did you mean #details"))
    }

    @Test func aFullLengthCaptureShowsTheWholeTextOnATallerPage() throws {
        let temporary = TemporaryFolder()
        let folder = try DocumentFolder(url: temporary.folder("doc", files: Self.document), appFiles: XcodeAppFiles())
        let profile = try shippedProfiles.profile(reference: "iphone-15-pro")
        var request = RenderRequest(folder: folder, profile: profile, requestedLanguage: "en", orientation: .portrait, appearance: .light)
        request.variant.fullLength = true
        let page = try ConsentRenderer().render(request)
        #expect(page.linkMap.size.width == profile.points.width && page.linkMap.size.height > profile.points.height)
        #expect(page.linkMap.pixelSize.height == page.bitmap.height && page.bitmap.width == 1179)
        #expect(page.linkMap.links.allSatisfy { $0.visible })
        #expect(!page.linkMap.body.scrollable && page.linkMap.fullLength == true)
        #expect(page.linkMap.statusBar == nil && page.linkMap.homeIndicator == nil)
        #expect(request.variant.path == "iphone-15-pro/portrait-light/en.full")

        let out = temporary.url.appendingPathComponent("out/policy.png")
        let run = try runRenderCLI(["render", "--document", folder.url.path, "--device", "iphone-15-pro", "--language", "en", "--full-length",
                                    "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path).sorted()
        #expect(written == ["policy.full.links.json", "policy.full.png"])
        let framed = try runRenderCLI(["render", "--document", folder.url.path, "--device", "iphone-15-pro", "--language", "en", "--full-length",
                                       "--frame", "--out", out.path])
        #expect(framed.status == 2 && framed.stderr.contains("--full-length and --frame"))
    }

    @Test func theExplainersSectionsAreAnchorsToo() throws {
        let folder = try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/att-explainer"), appFiles: XcodeAppFiles())
        var request = RenderRequest(folder: folder, profile: try shippedProfiles.profile(reference: "iphone-se-3"), requestedLanguage: "en",
                                    orientation: .portrait, appearance: .light)
        request.variant.scroll = .anchor("you-stay-in-control")
        let page = try ConsentRenderer().render(request)
        #expect((page.linkMap.body.scrollOffset ?? 0) > 0)
        #expect(!page.notes.contains { $0.contains("layout limit") })
        let temporary = TemporaryFolder()
        let run = try runRenderCLI(["render", "--document", "Samples/att-explainer", "--device", "iphone-se-3", "--language", "en",
                                    "--full-length", "--scroll", "top", "--screen", "consent",
                                    "--out", temporary.url.appendingPathComponent("f.png").path])
        #expect(run.status == 0, "\(run.stderr)")
    }
}
