/// A table whose columns share the width equally and whose cells wrap: the header row in the
/// semibold weight, a rule under every row (the header's stronger) and between the columns.
struct TableLayout {
    let context: LayoutContext
    let color: Color
    let linkColor: Color
    let ruleColor: Color

    /// Places the table with its top-left corner at (`x`, `y`), `width` wide; appends its text to
    /// `blocks` and its rules to `shapes`, and returns where it ends.
    func place(header: [[Inline]], rows: [[[Inline]]], x: Double, y: Double, width: Double, blocks: inout [MeasuredBlock],
               shapes: inout [Shape], links: inout [LinkSource]) -> Double {
        let columns = max(1, ([header] + rows).map(\.count).max() ?? 1)
        let columnWidth = width / Double(columns)
        let padding = context.metrics.page.tableCellPadding
        let traits = context.language
        var cursor = y
        for (rowIndex, row) in ([header] + rows).enumerated() {
            var style = context.textStyle(.pageTable, color: color, linkColor: linkColor)
            style.weight = rowIndex == 0 ? .semibold : .regular
            var rowHeight = 0.0
            for column in 0..<columns {
                var builder = StyledTextBuilder(base: style, traits: traits)
                builder.append(column < row.count ? row[column] : [], links: &links)
                let cellWidth = max(1, columnWidth - 2 * padding)
                let block = builder.block(width: cellWidth, alignment: .leading, lineHeight: style.lineHeight(traits))
                let measurement = context.measurer.measure(block)
                blocks.append(MeasuredBlock(
                    placed: PlacedText(origin: Point(x: x + Double(column) * columnWidth + padding, y: cursor + padding),
                                       size: Size(width: cellWidth, height: measurement.size.height), block: block),
                    measurement: measurement))
                rowHeight = max(rowHeight, measurement.size.height)
            }
            cursor += rowHeight + 2 * padding
            shapes.append(.line(from: Point(x: x, y: cursor), to: Point(x: x + width, y: cursor),
                                color: ruleColor.withAlpha(rowIndex == 0 ? 1 : 0.5), width: rowIndex == 0 ? 1 : 0.5))
        }
        for column in 1..<max(2, columns) where column < columns {
            let ruleX = x + Double(column) * columnWidth
            shapes.append(.line(from: Point(x: ruleX, y: y), to: Point(x: ruleX, y: cursor), color: ruleColor.withAlpha(0.5), width: 0.5))
        }
        return cursor
    }
}
