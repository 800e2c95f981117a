import ConsentRender
import Foundation

/// `render-cli diff`: compare two PNG files as the golden tests do.
enum DiffCommand {
    static let spec = CommandSpec(
        "diff", summary: "compare two PNG images as the golden tests do", operands: ["EXPECTED.png", "ACTUAL.png"],
        about: "Compares two PNG images pixel by pixel and prints how many pixels differ and where. A pixel differs when its YIQ "
            + "colour distance is above --threshold or its ΔE94 is above --max-delta-e. Differing anti-aliased edge pixels are "
            + "ignored unless --count-anti-aliasing is given. The images match when no more than --max-diff-pixels or "
            + "--max-diff-ratio of them differ.",
        groups: [OptionGroup(nil, [
            OptionSpec("out", .value("DIFF.png"),
                       help: "write the expected image faded, differing pixels in red and ignored anti-aliasing in yellow (or both "
                           + "images side by side if their sizes differ); never one of the two images, nor an existing file that "
                           + "is not a diff image render-cli wrote (exit 2)"),
            OptionSpec("threshold", .value("T"), help: "the YIQ distance above which a pixel differs, 0–1 (default 0.1)"),
            OptionSpec("max-diff-pixels", .value("N"), help: "how many pixels may differ (default 0)"),
            OptionSpec("max-diff-ratio", .value("R"), help: "what share of the pixels may differ, 0–1 (default 0)"),
            OptionSpec("max-delta-e", .value("E|off"), help: "the ΔE94 above which a pixel differs (default 2; off disables it)"),
            OptionSpec("count-anti-aliasing", .flag, help: "count differing anti-aliased edge pixels too"),
        ])],
        exitStatus: "0 the images match; 1 they differ; 2 bad usage or an unreadable file; 3 an internal or I/O failure (disk "
            + "full, Cairo error).")

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ParsedArguments(arguments, spec: spec)
        var diffOptions = DiffOptions()
        diffOptions.threshold = try options.number("threshold", in: 0.0...1.0, default: diffOptions.threshold)
        diffOptions.maxDiffPixels = try options.number("max-diff-pixels", in: 0...Int.max, default: 0)
        diffOptions.maxDiffRatio = try options.number("max-diff-ratio", in: 0.0...1.0, default: 0)
        if options.value("max-delta-e") == "off" {
            diffOptions.maximumDeltaE = nil
        } else {
            diffOptions.maximumDeltaE = try options.number("max-delta-e", in: 0.0...100.0, default: 2.0, or: ", or off")
        }
        diffOptions.ignoresAntiAliasing = !options.flag("count-anti-aliasing")
        let outURL = try options.value("out").map(checkedPNGOutput)
        if let outURL { try checkDiffOutput(outURL, inputs: options.operands) }

        try checkDiffFits(options.operands, writesImage: outURL != nil)
        let expected = try Bitmap(contentsOfPNG: URL(fileURLWithPath: options.operands[0]))
        let actual = try Bitmap(contentsOfPNG: URL(fileURLWithPath: options.operands[1]))
        let result = diff(expected: expected, actual: actual, options: diffOptions)
        print("\(result.passes ? "match" : "differ"): \(result.summary)")
        if let outURL {
            if result.isIdentical {
                print("no diff image written to \(outURL.path): the images are identical")
            } else {
                let image = result.diffImage(expected: expected) ?? Bitmap.sideBySide([expected, actual])
                try createFolder(for: outURL)
                try AtomicFileWriter.write([(outURL, try image.pngData(mark: .diff))])
                print("diff image: \(outURL.path)")
            }
        }
        return result.passes ? 0 : 1
    }
}

/// Refuses a `diff --out` that would destroy what the user has: one of the two images compared
/// (by path or as the same file under another name), or an existing file that is not a diff
/// image render-cli wrote (`PNGMark.diff`).
func checkDiffOutput(_ out: URL, inputs: [String]) throws {
    var outStatus = stat()
    guard stat(out.path, &outStatus) == 0 else { return }
    for input in inputs {
        var inputStatus = stat()
        guard stat(input, &inputStatus) == 0 else { continue }
        if inputStatus.st_dev == outStatus.st_dev && inputStatus.st_ino == outStatus.st_ino {
            throw OutputError.diffOutputInUse(path: out.path, reason: "is \(input), one of the images being compared")
        }
    }
    guard PNGMark.of(fileAt: out.path) == .diff else {
        throw OutputError.diffOutputInUse(path: out.path, reason: "exists and is not a diff image render-cli wrote")
    }
}

/// Refuses, before decoding, a diff the address-space limit cannot hold (`MemoryNeed.checkDiff`).
func checkDiffFits(_ paths: [String], writesImage: Bool) throws {
    try MemoryNeed.checkDiff(largestImageBytes: paths.compactMap { decodedPNGBytes(ofFileAt: $0) }.max() ?? 0, writesImage: writesImage)
}
