@testable import ConsentRender

/// A text measurer with exact, predictable metrics, so layout rules can be tested without Pango:
/// ideographs advance by the font size, everything else by half of it; lines break at any
/// character once the width is full (or at a U+2028 line separator).
struct FixedAdvanceMeasurer: TextMeasuring {
    func measure(_ block: TextBlock) -> TextMeasurement {
        var lines: [Rect] = []
        var linkRects: [Int: [Rect]] = [:]
        var lineWidth = 0.0
        var lineStartY = 0.0
        var widest = 0.0
        var byteOffset = 0
        var openLinks: [Int: (left: Double, right: Double)] = [:]

        func finishLine() {
            lines.append(Rect(x: 0, y: lineStartY, width: lineWidth, height: block.lineHeight))
            for (index, span) in openLinks.sorted(by: { $0.key < $1.key }) {
                linkRects[index, default: []].append(
                    Rect(x: span.left, y: lineStartY, width: span.right - span.left, height: block.lineHeight))
            }
            openLinks = [:]
            widest = max(widest, lineWidth)
            lineWidth = 0
            lineStartY += block.lineHeight
        }

        for scalar in block.text.unicodeScalars {
            let run = block.runs.first { $0.start <= byteOffset && byteOffset < $0.end }
            let fontSize = run?.fontSize ?? 15
            byteOffset += String(scalar).utf8.count
            if scalar == "\u{2028}" {
                finishLine()
                continue
            }
            let advance = StyledTextBuilder.isWideScalar(scalar) ? fontSize : fontSize / 2
            if lineWidth + advance > block.width, lineWidth > 0 {
                finishLine()
            }
            if let index = run?.linkIndex {
                let span = openLinks[index] ?? (lineWidth, lineWidth)
                openLinks[index] = (span.left, lineWidth + advance)
            }
            lineWidth += advance
        }
        finishLine()
        return TextMeasurement(size: Size(width: widest, height: lineStartY), lines: lines, linkRects: linkRects)
    }
}
