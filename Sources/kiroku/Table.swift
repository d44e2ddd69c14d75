
/// A plain-text table for terminal output, with columns padded by display width (CJK counts double).
struct Table {
    let header: [String]
    let rows: [[String]]

    func render() -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { Self.width($0[column]) }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - Self.width(cell))
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            total + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value) || (0xFFE0...0xFFE6).contains(scalar.value) ? 2 : 1)
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
