import Foundation
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// The app's own screen behind the dialog: which file a render takes, how it is drawn, and what
/// is refused.
@Suite struct BackdropTests {
    let folder = TemporaryFolder()
    let renderer: ConsentRenderer

    init() throws {
        renderer = try ConsentRenderer()
    }

    /// A PNG of `width`×`height` pixels: left half red, right half blue, with a green top row.
    static func stripes(width: Int, height: Int) throws -> Data {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = y == 0 ? 0xFF00_FF00 : x < width / 2 ? 0xFFFF_0000 : 0xFF00_00FF
            }
        }
        return try Bitmap(width: width, height: height, pixels: pixels).pngData()
    }

    /// A document folder with `testAgreement` and `images` (relative path → PNG bytes).
    func document(_ name: String, images: [String: Data], settings: String? = nil) throws -> DocumentFolder {
        var files = testAgreement
        if let settings { files["document.json"] = settings }
        let url = folder.folder(name, files: files)
        for (path, data) in images {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        return try DocumentFolder(url: url, appFiles: XcodeAppFiles())
    }

    func request(_ folder: DocumentFolder, device: String = "iphone-se-3", language: String = "en",
                 orientation: Orientation = .portrait, appearance: Appearance = .light) throws -> RenderRequest {
        RenderRequest(folder: folder, profile: try shippedProfiles.profile(id: device), requestedLanguage: language,
                      orientation: orientation, appearance: appearance)
    }

    @Test func theMostSpecificFileWins() throws {
        let names = ["default", "iphone-se-3", "iphone-se-3-landscape", "iphone-se-3-dark", "en/iphone-se-3", "de/default"]
        let backdrops = AppBackdrops(folder: Dictionary(uniqueKeysWithValues: names.map {
            ($0, BackdropImage(png: Data($0.utf8), path: $0))
        }), folderPath: "backdrop")
        func chosen(_ device: String, _ orientation: Orientation, _ appearance: Appearance, _ language: String) -> String? {
            backdrops.image(device: device, orientation: orientation, appearance: appearance, language: language)?.path
        }
        #expect(chosen("iphone-se-3", .portrait, .light, "en") == "en/iphone-se-3")
        #expect(chosen("iphone-se-3", .portrait, .light, "EN") == "en/iphone-se-3", "language folders match without case")
        #expect(chosen("iphone-se-3", .landscape, .light, "en") == "iphone-se-3-landscape", "the shape before the language")
        #expect(chosen("iphone-se-3", .portrait, .dark, "en") == "iphone-se-3-dark", "the colours before the language")
        #expect(chosen("iphone-se-3", .portrait, .light, "fr") == "iphone-se-3")
        #expect(chosen("ipad-pro-13", .portrait, .light, "de") == "de/default")
        #expect(chosen("ipad-pro-13", .portrait, .light, "fr") == "default")
        #expect(AppBackdrops.candidates(device: "d", orientation: .landscape, appearance: .dark, language: "en")
                == ["en/d-landscape-dark", "d-landscape-dark", "en/d-landscape", "d-landscape", "en/d-dark", "d-dark", "en/d", "d",
                    "en/default-landscape-dark", "default-landscape-dark", "en/default-landscape", "default-landscape",
                    "en/default-dark", "default-dark", "en/default", "default"])
        // document.json's file is the only one when it is set.
        let single = AppBackdrops(document: BackdropImage(png: Data(), path: "home.png"), folder: backdrops.folder)
        #expect(single.image(device: "iphone-se-3", orientation: .portrait, appearance: .light, language: "en")?.path == "home.png")
    }

    @Test func theImageFillsTheScreenDimmedAndTheDialogIsUnchanged() throws {
        // 1:1 aspect: aspect-fill on a 375 × 667 pt screen crops the sides, so the green top row
        // stays at the top and the red/blue split stays in the middle.
        let png = try Self.stripes(width: 400, height: 400)
        let withImage = try renderer.render(try request(try document("image", images: ["backdrop/iphone-se-3.png": png])))
        let flat = try renderer.render(try request(try document("flat", images: [:])))
        let bitmap = withImage.bitmap
        let dialog = withImage.layout.dialog.rect.pixelRect(scale: 2)
        let y = bitmap.height - 4
        #expect(y > dialog.y + dialog.height)
        let left = bitmap.color(x: 20, y: y), right = bitmap.color(x: bitmap.width - 20, y: y)
        #expect(Int(left.red) > 60 && Int(left.red) > Int(left.blue) * 4, "the red half shows, dimmed: \(left)")
        #expect(left.red < 200, "under the dialog's dimming: \(left)")
        #expect(Int(right.blue) > 60 && Int(right.blue) > Int(right.red) * 4, "the blue half shows on the right: \(right)")
        #expect(withImage.linkMap == flat.linkMap, "a backdrop changes no rectangle")
        // Inside the card (clear of its rounded corners) nothing differs.
        let card = PixelRect(x: dialog.x + 40, y: dialog.y + 40, width: dialog.width - 80, height: dialog.height - 80)
        var same = true
        for py in stride(from: card.y, to: card.y + card.height, by: 3) {
            for px in stride(from: card.x, to: card.x + card.width, by: 3) where bitmap[px, py] != flat.bitmap[px, py] {
                same = false
            }
        }
        #expect(same, "the card is drawn over the backdrop, unchanged")
    }

    @Test func anImageIsDecodedOnceAndScaledOncePerSize() throws {
        let image = BackdropImage(png: try Self.stripes(width: 640, height: 1136), path: "home.png")
        let cache = BackdropCache(budget: 64 << 20)
        let first = try cache.aspectFilled(image, width: 750, height: 1334)
        #expect(cache.misses == 2, "one decode, one scaling")
        let again = try cache.aspectFilled(image, width: 750, height: 1334)
        #expect(cache.misses == 2 && again === first)
        _ = try cache.aspectFilled(image, width: 1334, height: 750)
        #expect(cache.misses == 3, "another size is scaled from the decoded image")
        // The source's own size is the decoded image itself.
        #expect(try cache.aspectFilled(image, width: 640, height: 1136) === cache.decoded(image))
        // Over budget, the oldest entries go.
        let small = BackdropCache(budget: 640 * 1136 * 4 + 1)
        _ = try small.aspectFilled(image, width: 750, height: 1334)
        _ = try small.decoded(image)
        #expect(small.misses == 3, "the decoded image was dropped to make room for the scaled one")
    }

    @Test func screensThatCoverTheDisplayRefuseABackdrop() throws {
        let png = try Self.stripes(width: 20, height: 20)
        let documents = try document("launch", images: ["backdrop/default.png": png],
                                     settings: #"{ "template": "launch-consent" }"#)
        #expect(throws: DocumentError.backdropNotShown(template: "launch-consent", source: documents.url.path)) {
            try renderer.render(try request(documents))
        }
        var att = try request(try document("att", images: [:]))
        att.variant.template = "att-explainer"
        att.backdrop = BackdropImage(png: png, path: "/x/home.png")
        #expect(throws: DocumentError.backdropNotShown(template: "att-explainer", source: "/x/home.png")) {
            try renderer.render(att)
        }
    }

    @Test func badFilesAreNamed() throws {
        let url = folder.folder("bad", files: testAgreement)
        try Data("not a png".utf8).write(to: url.appendingPathComponent("home.png"))
        try Data(#"{ "backdrop": "home.png" }"#.utf8).write(to: url.appendingPathComponent("document.json"))
        #expect {
            try DocumentFolder(url: url, appFiles: XcodeAppFiles())
        } throws: { error in
            "\(error)".contains("field 'backdrop' is 'home.png'") && "\(error)".contains("PNG signature")
        }
        try Data(#"{ "backdrop": "missing.png" }"#.utf8).write(to: url.appendingPathComponent("document.json"))
        #expect { try DocumentFolder(url: url, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("missing.png") }

        let jpeg = folder.folder("jpeg", files: testAgreement)
        try FileManager.default.createDirectory(at: jpeg.appendingPathComponent("backdrop"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8]).write(to: jpeg.appendingPathComponent("backdrop/iphone-se-3.jpg"))
        #expect { try DocumentFolder(url: jpeg, appFiles: XcodeAppFiles()) } throws: { "\($0)".contains("backdrop/iphone-se-3.jpg: backdrops are PNG files") }

        // A PNG whose header is fine but whose pixels are cut short fails when it is first used, named.
        var truncated = try Self.stripes(width: 300, height: 300)
        truncated = truncated.prefix(truncated.count / 2)
        let cut = try document("cut", images: ["backdrop/iphone-se-3.png": truncated])
        #expect { try renderer.render(try request(cut)) } throws: { error in
            (error as? PNGDecodingError)?.path.hasSuffix("backdrop/iphone-se-3.png") == true
        }
    }

    @Test func theHomeIndicatorStandsOutFromTheBackdropUnderIt() throws {
        // A black app in light appearance: the indicator turns light (white at 22 % over near black, fidelity.md row 6).
        var black = [UInt32](repeating: 0xFF00_0000, count: 40 * 80)
        black[0] = 0xFF00_0000
        let png = try Bitmap(width: 40, height: 80, pixels: black).pngData()
        let page = try renderer.render(try request(try document("black", images: ["backdrop/default.png": png]), device: "iphone-15-pro"))
        guard case let .shape(.fill(_, _, color))? = page.layout.item("home-indicator")?.drawable else {
            Issue.record("no home indicator")
            return
        }
        #expect(color == Color(red: 255, green: 255, blue: 255).withAlpha(0.22))
    }

    @Test func hugeImagesAndPathsOutsideTheFolderAreRefused() throws {
        // A header claiming 20000 × 20000 pixels is refused before anything is decoded.
        var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        header += Data("IHDR".utf8) + Data([0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 2, 0, 0, 0])
        #expect(BackdropImage.headerProblem(header)?.contains("20000×20000 pixels; a backdrop may have at most 50 million") == true)
        var deep = header
        deep[18] = 0; deep[19] = 100; deep[22] = 0; deep[23] = 100; deep[24] = 16
        #expect(BackdropImage.headerProblem(deep)?.contains("16 bits per channel") == true)

        let outside = folder.folder("outside", files: testAgreement)
        try Self.stripes(width: 10, height: 10).write(to: folder.url.appendingPathComponent("shared.png"))
        for name in ["../shared.png", folder.url.appendingPathComponent("shared.png").path, ""] {
            try Data(#"{ "backdrop": "\#(name)" }"#.utf8).write(to: outside.appendingPathComponent("document.json"))
            #expect { try DocumentFolder(url: outside, appFiles: XcodeAppFiles()) } throws: { error in
                "\(error)".contains("field 'backdrop'") && ("\(error)".contains("inside the document folder")
                                                          || "\(error)".contains("name a PNG file"))
            }
        }
    }

    @Test func misnamedFilesAreFoundWithTheClosestDevice() throws {
        let documents = try document("typo", images: ["backdrop/iphone-15-pr.png": try Self.stripes(width: 4, height: 4),
                                                      "backdrop/iphone-se-3-dark.png": try Self.stripes(width: 4, height: 4)])
        let unmatched = documents.content.backdrops.unmatchedFiles(deviceIDs: ["iphone-15-pro", "iphone-se-3"])
        #expect(unmatched.count == 1)
        #expect(unmatched.first?.file == "backdrop/iphone-15-pr.png" && unmatched.first?.suggestion == "iphone-15-pro")
    }

    @Test func aFolderWithoutAnImageForTheRenderSaysSo() throws {
        let documents = try document("other", images: ["backdrop/ipad-pro-13.png": try Self.stripes(width: 20, height: 20)])
        let page = try renderer.render(try request(documents))
        #expect(page.notes.contains { $0.contains("has no image for this render") && $0.contains("backdrop/iphone-se-3.png") })
    }
}
