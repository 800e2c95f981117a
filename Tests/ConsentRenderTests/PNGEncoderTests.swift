import Foundation
import Synchronization
import Testing
@testable import ConsentRender
@testable import XcodeFiles

/// The render encoder (ISA-L's deflate and the project's run blocks) writes PNGs that libpng, Python's zlib and Chromium all decode to
/// exactly the rendered pixels, for every shape of image, with bytes that depend only on the pixels.
@Suite struct PNGEncoderTests {
    let folder = TemporaryFolder()

    /// A deterministic generator, so a failing case can be run again.
    typealias SplitMix = PropertyTests.SeededGenerator

    enum Pattern: String, CaseIterable {
        case flat, noisy, stripes, repeatedRows, screenLike
    }

    /// An opaque image of `pattern`.
    static func image(_ pattern: Pattern, width: Int, height: Int, seed: UInt64) -> Bitmap {
        var random = SplitMix(state: seed)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let value: UInt32 = switch pattern {
                case .flat: 0x00F2_F2F7
                case .noisy: UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF
                case .stripes: (x / 3 + y) % 2 == 0 ? 0x0000_7AFF : 0x00FF_FFFF
                case .repeatedRows: y % 17 < 12 ? 0x0012_3456 : UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF
                case .screenLike: (y / 40) % 3 == 0 && x % 7 < 3 ? 0x001C_1C1E : 0x00FF_FFFF
                }
                pixels[y * width + x] = 0xFF00_0000 | value
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Up to two bands of rows and past one Huffman block (4096×9 of noise); 2×30,000 is tall and
    /// narrow, as a fuzz input was (two bands of 18,724 rows). Widths 1, 2, 85, 86 and 87 give run
    /// blocks (repeated rows) whose zeros end with no copy, a short copy, 1 zero short of 258, 257
    /// and two zeros past a whole copy.
    static let sizes = [(1, 1), (2, 1), (1, 2), (1, 40), (2, 40), (3, 5), (7, 13), (61, 37), (85, 30), (86, 30), (87, 30),
                        (640, 3), (4096, 9), (1179, 40), (2, 30000)]

    @Test(arguments: Pattern.allCases)
    func everySizeRoundTripsThroughLibpng(pattern: Pattern) throws {
        for (index, (width, height)) in Self.sizes.enumerated() {
            let original = Self.image(pattern, width: width, height: height, seed: UInt64(index + 1))
            let png = try original.pngData(compression: .fast)
            #expect(try Bitmap(pngData: png) == original, "\(pattern) \(width)×\(height)")
            #expect(try original.pngData(compression: .fast) == png, "equal pixels, equal bytes")
        }
    }

    @Test func aRealRenderRoundTripsAndMatchesLibpngsPixels() throws {
        let renderer = try ConsentRenderer()
        var fastBytes = 0, zlibBytes = 0
        for (device, orientation, language, appearance) in [("iphone-15-pro", Orientation.portrait, "ar", Appearance.dark),
                                                            ("ipad-pro-13", .landscape, "ja", .light), ("iphone-se-3", .portrait, "de", .light),
                                                            ("iphone-15-pro", .landscape, "th", .light)] {
            let page = try renderer.render(RenderRequest(
                folder: try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/world-agreement"), appFiles: XcodeAppFiles()),
                profile: try shippedProfiles.profile(id: device), requestedLanguage: language, orientation: orientation,
                appearance: appearance))
            let fast = try page.bitmap.pngData(compression: .fast)
            let zlib = try page.bitmap.pngData(compression: .zlibFast)
            #expect(try Bitmap(pngData: fast) == page.bitmap)
            #expect(page.bitmap.pixels.allSatisfy { $0 >> 24 == 0xFF }, "every rendered pixel is opaque")
            fastBytes += fast.count
            zlibBytes += zlib.count
        }
        // One hash candidate finds fewer matches than zlib's chains in dark antialiased text; across
        // screens the files stay within 1.1× of the encoder before.
        #expect(Double(fastBytes) <= 1.1 * Double(zlibBytes), "\(fastBytes) vs \(zlibBytes) bytes")
    }

    /// The painter's word on which rows repeat (`RepeatedRows`) is true on every kind of screen:
    /// dialogs with links and scrolling bodies, a launch screen with its logo, system prompts with a
    /// map and rounded clips, an iPad's centred card, Dynamic Type's largest size, overlays; the PNG
    /// is byte for byte the one the encoder writes when it compares every row itself; and the word
    /// covers most of the rows that do repeat on a dialog over a plain backdrop.
    @Test func theRowsThePainterSaysRepeatDoAndTheBytesDoNotChange() throws {
        let renderer = try ConsentRenderer()
        func folder(_ sample: String) throws -> DocumentFolder {
            try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/\(sample)"), appFiles: XcodeAppFiles())
        }
        var requests: [(String, RenderRequest)] = []
        for (sample, device, language, orientation, appearance) in [
            ("world-agreement", "ipad-pro-13", "ja", Orientation.portrait, Appearance.light),
            ("world-agreement", "iphone-15-pro", "ar", .landscape, .dark), ("privacy-agreement", "iphone-se-3", "en", .portrait, .light),
            ("long-agreement", "iphone-16-pro-max", "en", .portrait, .dark), ("launch-consent", "iphone-15-pro", "zh-Hans", .portrait, .light),
            ("att-explainer", "ipad-pro-13", "en", .landscape, .dark), ("brand-agreement", "iphone-15-pro", "en", .portrait, .light)] {
            var request = RenderRequest(folder: try folder(sample), profile: try shippedProfiles.profile(id: device),
                                        requestedLanguage: language, orientation: orientation, appearance: appearance)
            requests.append(("\(sample) \(device) \(language) \(orientation) \(appearance)", request))
            request.variant.textSize = .accessibility5
            requests.append(("\(sample) \(device) \(language) AX5", request))
        }
        for screen in [Screen.prompt(.location), .prompt(.att), .prompt(.camera)] {
            var request = RenderRequest(folder: try folder("world-app"), profile: try shippedProfiles.profile(id: "iphone-15-pro"),
                                        requestedLanguage: "de", orientation: .portrait, appearance: .light)
            request.variant.screen = screen
            requests.append(("world-app \(screen)", request))
        }
        for (name, request) in requests {
            let bitmap = try renderer.render(request).bitmap
            let flags = try #require(bitmap.knownRepeats, "\(name): a screen over a full-screen fill says which rows repeat")
            #expect(bitmap.knownRepeatsHold(), "\(name): a row said to repeat differs from the one above")
            let unhinted = Bitmap(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels)
            #expect(unhinted.knownRepeats == nil)
            #expect(try bitmap.pngData(compression: .fast) == unhinted.pngData(compression: .fast), "\(name): the same bytes")
            let repeating = bitmap.pixels.withUnsafeBufferPointer { buffer in
                (1..<bitmap.height).count { row in
                    memcmp(buffer.baseAddress! + row * bitmap.width, buffer.baseAddress! + (row - 1) * bitmap.width, bitmap.width * 4) == 0
                }
            }
            let claimed = flags.count { $0 != 0 }
            if name.hasPrefix("world-agreement ipad-pro-13") && !name.hasSuffix("AX5") {
                #expect(Double(claimed) >= 0.75 * Double(repeating), "\(name): \(claimed) of \(repeating) repeating rows named")
            }
        }
    }

    /// The bytes are a function of the pixels alone, whatever memory the encoder is given: two
    /// threads encode the same screen 80 times each, and before every encode the heap's freed
    /// blocks are filled with garbage (so the stream's level buffer and band come back dirty) and
    /// moved. ISA-L 2.30's stateless init left `hist_bits` to whatever memory held, which once in
    /// about 1,000 encodes shrank the window; `isal_deflate_init` sets it.
    @Test func encodesFromDirtyMemoryOnTwoThreadsGiveTheSameBytes() throws {
        let page = try ConsentRenderer().render(RenderRequest(
            folder: try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/world-agreement"), appFiles: XcodeAppFiles()),
            profile: try shippedProfiles.profile(id: "iphone-15-pro"), requestedLanguage: "ja", orientation: .portrait,
            appearance: .light))
        let reference = try page.bitmap.pngData(compression: .fast)
        let results = Mutex<[Data]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            var generator = SplitMix(state: UInt64(worker + 1))
            var held: [UnsafeMutableRawPointer] = []
            for _ in 0..<80 {
                // Garbage in blocks of the encoder's sizes (a 128 KB band, a 300 KB level buffer)
                // and larger, freed again so malloc hands them out next.
                for _ in 0..<4 {
                    let bytes = 64 << 10 + Int(generator.next() % (1 << 20))
                    let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
                    block.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: generator.next() | 1), count: bytes)
                    block.storeBytes(of: generator.next(), as: UInt64.self)
                    held.append(block)
                }
                while held.count > 2 { held.removeFirst().deallocate() }
                if let png = try? page.bitmap.pngData(compression: .fast) { results.withLock { $0.append(png) } }
            }
            held.forEach { $0.deallocate() }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 160)
        #expect(all.allSatisfy { $0 == reference }, "\(all.filter { $0 != reference }.count) of \(all.count) encodes differ")
    }

    @Test func theStreamIsPlainPNGAndZlibThatPythonChecks() throws {
        var files: [String] = []
        for (index, pattern) in Pattern.allCases.enumerated() {
            let url = folder.url.appendingPathComponent("\(pattern).png")
            try Self.image(pattern, width: 301, height: 77, seed: UInt64(index)).pngData(compression: .fast).write(to: url)
            files.append(url.path)
        }
        // Python's zlib checks the Adler-32; every chunk's CRC-32 is checked here too.
        let script = """
            import sys, struct, zlib
            for path in sys.argv[1:]:
                data = open(path, "rb").read()
                assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", path
                at, idat, kinds = 8, b"", []
                while at < len(data):
                    length, kind = struct.unpack(">I4s", data[at:at + 8])
                    body = data[at + 8:at + 8 + length]
                    crc, = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
                    assert zlib.crc32(kind + body) == crc, (path, kind)
                    kinds.append(kind.decode())
                    if kind == b"IDAT": idat += body
                    at += 12 + length
                width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
                raw = zlib.decompress(idat)
                assert len(raw) == height * (1 + 3 * width), path
                print(path, " ".join(kinds), depth, colour)
            """
        let run = try runPython(script, arguments: files)
        let output = run.stdout
        #expect(run.status == 0, "\(run.stderr)")
        #expect(output.split(separator: "\n").count == files.count)
        #expect(output.split(separator: "\n").allSatisfy { $0.hasSuffix("IHDR tEXt IDAT IEND 8 2") }, "\(output)")
    }

    @Test func chromiumDecodesTheSamePixels() throws {
        let image = Self.image(.noisy, width: 37, height: 23, seed: 7)
        let png = try image.pngData(compression: .fast)
        // The page draws the PNG on a canvas and writes the sum of its RGB bytes, weighted by position.
        let page = folder.url.appendingPathComponent("decode.html")
        let html = """
            <!DOCTYPE html><body><canvas id="c" width="\(image.width)" height="\(image.height)"></canvas><pre id="sum"></pre><script>
            const img = new Image();
            img.onload = () => {
              const context = document.getElementById("c").getContext("2d");
              context.drawImage(img, 0, 0);
              const data = context.getImageData(0, 0, \(image.width), \(image.height)).data;
              let sum = 0;
              for (let i = 0; i < data.length; i += 4) sum = (sum * 31 + data[i] * 65536 + data[i + 1] * 256 + data[i + 2]) % 2147483647;
              document.getElementById("sum").textContent = "sum:" + sum;
            };
            img.src = "data:image/png;base64,\(png.base64EncodedString())";
            </script></body>
            """
        try Data(html.utf8).write(to: page)
        var expected: Int64 = 0
        for pixel in image.pixels {
            expected = (expected * 31 + Int64((pixel >> 16) & 0xFF) * 65536 + Int64((pixel >> 8) & 0xFF) * 256 + Int64(pixel & 0xFF))
                % 2_147_483_647
        }
        let loaded = try HeadlessChromium.load(page, fragment: "")
        #expect(loaded.dom.contains("sum:\(expected)"), "\(loaded.dom.suffix(300))")
    }

    @Test func rgbaFramesRoundTripWithTheirAlpha() throws {
        var random = SplitMix(state: 3)
        let width = 33, height = 17
        // Premultiplied words with alpha 0, 128 and 255 in turn.
        let pixels: [UInt32] = (0..<(width * height)).map { index in
            let alpha = [UInt32(0), 128, 255][index % 3]
            let grey = UInt32(truncatingIfNeeded: random.next()) & 0xFF * alpha / 255
            return alpha << 24 | grey << 16 | grey << 8 | grey
        }
        let image = RGBAImage(width: width, height: height, pixels: pixels)
        let fast = try image.pngData(compression: .fast)
        let libpng = try image.pngData(compression: .zlibFast)
        // The two encoders compress differently but carry the same straight-alpha pixels.
        let url = folder.url.appendingPathComponent("frame.png"), reference = folder.url.appendingPathComponent("reference.png")
        try fast.write(to: url)
        try libpng.write(to: reference)
        let script = """
            import sys, zlib, struct
            def pixels(path):
                data = open(path, "rb").read(); at, idat = 8, b""
                while at < len(data):
                    length, kind = struct.unpack(">I4s", data[at:at + 8])
                    if kind == b"IDAT": idat += data[at + 8:at + 8 + length]
                    at += 12 + length
                width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
                raw, row, out, previous = zlib.decompress(idat), 1 + 4 * width, [], bytearray(4 * width)
                for y in range(height):
                    kind, line = raw[y * row], bytearray(raw[y * row + 1:(y + 1) * row])
                    for i in range(len(line)):
                        left = line[i - 4] if i >= 4 else 0
                        up = previous[i]
                        upleft = previous[i - 4] if i >= 4 else 0
                        if kind == 1: line[i] = (line[i] + left) & 255
                        elif kind == 2: line[i] = (line[i] + up) & 255
                        elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
                        elif kind == 4:
                            p = left + up - upleft
                            pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                            line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 255
                    out.append(bytes(line)); previous = line
                return colour, b"".join(out)
            a, b = pixels(sys.argv[1]), pixels(sys.argv[2])
            assert a == b and a[0] == 6, "different pixels"
            print("same")
            """
        let run = try runPython(script, arguments: [url.path, reference.path])
        #expect(run.stdout.contains("same"), "\(run.stderr)")
    }

    /// The encoder fed a few rows at a time (as the banded painter feeds it) writes the bytes it
    /// writes given every row at once: chunks of random sizes, rows said to repeat left out (no
    /// pixels given), with and without the painter's word on which rows repeat.
    @Test(arguments: Pattern.allCases)
    func theStreamWritesTheBytesOfTheWholeImage(pattern: Pattern) throws {
        for (index, (width, height)) in Self.sizes.enumerated() where height > 1 {
            let image = Self.image(pattern, width: width, height: height, seed: UInt64(index + 7))
            // The rows that do repeat, as the painter would name them (every other one of them).
            var flags = [UInt8](repeating: 0, count: height)
            image.pixels.withUnsafeBufferPointer { buffer in
                for row in 1..<height where row % 2 == 0
                    && memcmp(buffer.baseAddress! + row * width, buffer.baseAddress! + (row - 1) * width, width * 4) == 0 {
                    flags[row] = 1
                }
            }
            let hinted = Bitmap(width: width, height: height, pixels: image.pixels, knownRepeats: flags)
            let whole = try hinted.pngData(compression: .fast, mark: .render)
            #expect(try image.pngData(compression: .fast) == whole)
            var random = SplitMix(state: UInt64(index + 99))
            for withFlags in [false, true] {
                let stream = try PNGStream(width: width, height: height)
                var row = 0
                try image.pixels.withUnsafeBytes { raw in
                    try flags.withUnsafeBufferPointer { known in
                        while row < height {
                            let rows = min(height - row, 1 + Int(random.next() % 70))
                            let allKnown = withFlags && row > 0 && !known[row..<(row + rows)].contains(0)
                            try stream.add(allKnown ? nil : raw.baseAddress! + row * width * 4, rows: rows, stride: width * 4,
                                           knownRepeats: withFlags ? known.baseAddress! + row : nil)
                            row += rows
                        }
                    }
                }
                #expect(PNGMark.render.marking(try stream.finish()) == whole, "\(pattern) \(width)×\(height), flags \(withFlags)")
            }
        }
    }

    /// A stream given too few rows, or no pixels for rows not known to repeat, fails with a
    /// sentence instead of writing a PNG.
    @Test func aStreamGivenTheWrongRowsFails() throws {
        let short = try PNGStream(width: 4, height: 3)
        let pixels = [UInt32](repeating: 0xFF00_0000, count: 12)
        try pixels.withUnsafeBytes { try short.add($0.baseAddress!, rows: 2, stride: 16, knownRepeats: nil) }
        #expect(throws: RenderError.self) { try short.finish() }
        let missing = try PNGStream(width: 4, height: 3)
        try missing.add(nil, rows: 3, stride: 16, knownRepeats: nil)
        #expect(throws: RenderError.self) { try missing.finish() }
    }

    /// A screenshot painted in bands (`screenshotPNG`, what the matrix writes) is byte for byte
    /// the one painted whole, on every kind of screen: dialogs with scrolling bodies and their
    /// fading edge (a gradient), images (a badge, a launch logo), the largest text sizes, iPads,
    /// landscape, right-to-left text, system prompts (blurs: painted whole), scroll positions.
    /// And the bands leave most of a dialog's backdrop unpainted.
    @Test func aScreenshotPaintedInBandsIsTheOnePaintedWhole() throws {
        let renderer = try ConsentRenderer()
        func folder(_ sample: String) throws -> DocumentFolder {
            try DocumentFolder(url: repositoryRoot.appendingPathComponent("Samples/\(sample)"), appFiles: XcodeAppFiles())
        }
        var requests: [(String, RenderRequest)] = []
        for (sample, device, language, orientation, appearance) in [
            ("world-agreement", "iphone-15-pro", "ja", Orientation.portrait, Appearance.light),
            ("world-agreement", "ipad-pro-13", "ar", .landscape, .dark), ("privacy-agreement", "iphone-15-pro", "en", .portrait, .light),
            ("privacy-agreement", "iphone-se-3", "zh-Hans", .landscape, .dark), ("long-agreement", "iphone-16-pro-max", "en", .portrait, .dark),
            ("launch-consent", "iphone-15-pro", "zh-Hans", .portrait, .light), ("launch-consent", "ipad-pro-13", "en", .landscape, .dark),
            ("att-explainer", "iphone-15-pro", "en", .portrait, .dark), ("brand-agreement", "iphone-15-pro", "en", .portrait, .light)] {
            var request = RenderRequest(folder: try folder(sample), profile: try shippedProfiles.profile(id: device),
                                        requestedLanguage: language, orientation: orientation, appearance: appearance)
            requests.append(("\(sample) \(device) \(language) \(orientation) \(appearance)", request))
            request.variant.textSize = .accessibility2
            requests.append(("\(sample) \(device) \(language) AX2", request))
            request.variant.scroll = .bottom
            requests.append(("\(sample) \(device) \(language) AX2 scrolled to the bottom", request))
        }
        for screen in [Screen.prompt(.location), .prompt(.att)] {
            var request = RenderRequest(folder: try folder("world-app"), profile: try shippedProfiles.profile(id: "iphone-15-pro"),
                                        requestedLanguage: "de", orientation: .portrait, appearance: .light)
            request.variant.screen = screen
            requests.append(("world-app \(screen)", request))
        }
        for (name, request) in requests {
            let page = try renderer.layOut(request)
            let whole = try renderer.paint(page).bitmap.pngData()
            #expect(try renderer.screenshotPNG(of: page) == whole, "\(name): the bands differ from the page painted whole")
        }
        // The first screen: its backdrop above and below the card is left out.
        let page = try renderer.layOut(requests[0].1)
        let flags = try #require(RepeatedRows.flags(for: page.layout, composition: page.composition))
        let bandRows = ConsentRenderer.bandBytes / (page.composition.pixelWidth * 4)
        let regions = flags.withUnsafeBufferPointer { ConsentRenderer.paintedRegions(flags: $0, bandRows: bandRows) }
        let painted = regions.reduce(0) { $0 + $1.count }
        #expect(Double(painted) < 0.7 * Double(flags.count), "\(painted) of \(flags.count) rows painted")
    }

    /// The painted regions cover every row not known to repeat, in order, without overlapping; each
    /// starts at the top or below a row known to repeat (where only vertical edges cross), and is
    /// at most a band tall unless no such row came in time.
    @Test func paintedRegionsCoverEveryRowThatIsRead() {
        var random = SplitMix(state: 5)
        for trial in 0..<200 {
            let height = 1 + Int(random.next() % 400), bandRows = 1 + Int(random.next() % 90)
            var flags = [UInt8](repeating: 0, count: height)
            var row = 1
            while row < height {
                let run = 1 + Int(random.next() % 40)
                let repeats = random.next() % 3 != 0
                for r in row..<min(height, row + run) { flags[r] = repeats ? 1 : 0 }
                row += run
            }
            let regions = flags.withUnsafeBufferPointer { ConsentRenderer.paintedRegions(flags: $0, bandRows: bandRows) }
            var covered = [Bool](repeating: false, count: height)
            var previousEnd = 0
            for region in regions {
                #expect(region.lowerBound >= previousEnd && !region.isEmpty, "trial \(trial): \(region)")
                #expect(region.lowerBound == 0 || flags[region.lowerBound - 1] != 0 && flags[region.lowerBound] == 0,
                        "trial \(trial): \(region) starts on a row that is read, below one known to repeat")
                let cuttable = (region.lowerBound + 1)..<min(height, region.lowerBound + bandRows + 1)
                #expect(region.count <= bandRows || !cuttable.contains { flags[$0] != 0 },
                        "trial \(trial): \(region) is taller than \(bandRows) rows where it could be cut")
                previousEnd = region.upperBound
                for r in region { covered[r] = true }
            }
            #expect((0..<height).allSatisfy { covered[$0] || ($0 > 0 && flags[$0] != 0) }, "trial \(trial): a row that is read is left out")
        }
    }
}
