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
}
