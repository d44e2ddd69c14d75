import Foundation
import Health
import Charts
import Motivation
@testable import Server
import Services
import Testing
import ZIPFoundation
import TestSupport

/// The share card's Japanese text is drawn with a CJK font: the real render differs from one where the CJK font is
/// hidden from librsvg, and its message line is made of many different glyph shapes, not one tofu box repeated.
@Suite struct ShareCardJapaneseTextTests {
    /// An 8-bit RGB or RGBA, non-interlaced PNG (what rsvg-convert writes) decoded to grey levels, row by row.
    struct Bitmap {
        let width: Int
        let height: Int
        let grey: [UInt8]

        func isInk(_ x: Int, _ y: Int) -> Bool { grey[y * width + x] < 128 }

        init(png data: Data) throws {
            let bytes = [UInt8](data)
            var index = 8
            var width = 0, height = 0, colorType = 0
            var compressed = Data()
            func integer(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
            while index + 12 <= bytes.count {
                let length = integer(index)
                let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
                let body = index + 8
                if type == "IHDR" {
                    width = integer(body)
                    height = integer(body + 4)
                    #expect(bytes[body + 8] == 8 && bytes[body + 12] == 0, "8-bit, not interlaced")
                    colorType = Int(bytes[body + 9])
                }
                if type == "IDAT" { compressed.append(contentsOf: bytes[body..<(body + length)]) }
                index += 12 + length
            }
            let channels = colorType == 6 ? 4 : 3
            // zlib stream: skip the 2-byte header; the raw deflate data follows. Chunks are padded to full size,
            // because the inflater is handed `bufferSize` bytes each time; the stream ends before the padding.
            let deflate = compressed.dropFirst(2)
            let bufferSize = 64 * 1024
            var raw = Data()
            _ = try Data.decompress(size: Int64(deflate.count), bufferSize: bufferSize, skipCRC32: true, provider: { position, size in
                let start = deflate.startIndex + Int(position)
                var chunk = start < deflate.endIndex ? Data(deflate[start..<min(start + size, deflate.endIndex)]) : Data()
                if chunk.count < size { chunk.append(Data(count: size - chunk.count)) }
                return chunk
            }, consumer: { raw.append($0) })
            let stride = width * channels
            let input = [UInt8](raw)
            #expect(input.count >= height * (stride + 1), "the whole image inflated")
            var pixels = [UInt8](repeating: 0, count: height * stride)
            for row in 0..<height {
                let filter = input[row * (stride + 1)]
                for column in 0..<stride {
                    let value = input[row * (stride + 1) + 1 + column]
                    let left = column >= channels ? Int(pixels[row * stride + column - channels]) : 0
                    let up = row > 0 ? Int(pixels[(row - 1) * stride + column]) : 0
                    let upLeft = row > 0 && column >= channels ? Int(pixels[(row - 1) * stride + column - channels]) : 0
                    let predictor: Int
                    switch filter {
                    case 1: predictor = left
                    case 2: predictor = up
                    case 3: predictor = (left + up) / 2
                    case 4:
                        let estimate = left + up - upLeft
                        let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                        predictor = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                    default: predictor = 0
                    }
                    pixels[row * stride + column] = UInt8(truncatingIfNeeded: Int(value) + predictor)
                }
            }
            // Grey over a white background (alpha composited), so transparent pixels count as paper.
            var grey = [UInt8](repeating: 255, count: width * height)
            for pixel in 0..<(width * height) {
                let base = pixel * channels
                let luminance = (Int(pixels[base]) * 299 + Int(pixels[base + 1]) * 587 + Int(pixels[base + 2]) * 114) / 1000
                let alpha = channels == 4 ? Int(pixels[base + 3]) : 255
                grey[pixel] = UInt8((luminance * alpha + 255 * (255 - alpha)) / 255)
            }
            self.width = width
            self.height = height
            self.grey = grey
        }

        /// The ink in `rows` cut into pieces at every blank column: one piece per glyph (or per glyph part).
        func pieces(rows: Range<Int>) -> [[String]] {
            var pieces: [[String]] = []
            var current: [String] = []
            for x in 0..<width {
                let column = String(rows.map { isInk(x, $0) ? "#" : "." })
                if column.contains("#") {
                    current.append(column)
                } else if !current.isEmpty {
                    pieces.append(current)
                    current = []
                }
            }
            if !current.isEmpty { pieces.append(current) }
            return pieces
        }
    }

    static let hasRasterizer = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")
    static let hasCJKFont = ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"]
        .contains { FileManager.default.fileExists(atPath: $0) }

    /// A fontconfig setup that knows only the Latin fonts (DejaVu, if installed): Japanese has no font there.
    static func withoutCJKFonts() throws -> [String: String] {
        let folder = TestFiles.directory.appendingPathComponent("kiroku-nocjk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = config.path
        environment["FONTCONFIG_PATH"] = folder.path
        environment["XDG_CACHE_HOME"] = folder.path
        return environment
    }

    @Test func theCardNamesACJKFontFirst() {
        let card = ShareCard.make(facts: ShareCardFacts(currentStreak: 3), language: .ja)
        let svg = ShareCardImage.svg(card, layout: .portrait, language: .ja).svg()
        let family = svg.range(of: "font-family=\"").map { svg[$0.upperBound...].prefix { $0 != "\"" } }.map(String.init) ?? ""
        #expect(family.split(separator: ",").first?.trimmingCharacters(in: .whitespaces) == "Noto Sans CJK JP", "\(family)")
    }

    @Test(.enabled(if: hasRasterizer && hasCJKFont, "needs librsvg2-bin and fonts-noto-cjk (scripts/install-test-deps.sh)"))
    func japaneseTextIsDrawnWithRealGlyphs() async throws {
        // A 10-day streak: the message is 「毎日の記録が、確かな力になっています。」 (19 characters, 16 different ones).
        let card = ShareCard.make(facts: ShareCardFacts(currentStreak: 10), language: .ja)
        #expect(card.encouragement == "毎日の記録が、確かな力になっています。")
        let layout = ShareCardSVG.Layout.portrait
        let svg = ShareCardImage.svg(card, layout: layout, language: .ja).svg()
        #expect(svg.contains(card.encouragement), "the whole message fits (set a little smaller, not cut)")
        let normal = try Bitmap(png: try await PNGRasterizer.png(svg: svg, width: layout.size.width, height: layout.size.height))
        let hidden = try Bitmap(png: try await PNGRasterizer.png(
            svg: svg, width: layout.size.width, height: layout.size.height, environment: try Self.withoutCJKFonts()
        ))
        #expect(normal.width == 1080 && normal.height == 1350 && hidden.width == 1080)

        // The message line: baseline at height − 90 with 50-px type, so its ink lies within 1200..<1280.
        let messageRows = 1200..<1280
        let differing = messageRows.reduce(0) { sum, y in sum + (0..<normal.width).count { normal.isInk($0, y) != hidden.isInk($0, y) } }
        #expect(differing > 2000, "the message is drawn differently once the CJK font is missing (\(differing) pixels differ)")

        let glyphs = normal.pieces(rows: messageRows)
        let shapes = Set(glyphs)
        let sizes = Set(glyphs.map { "\($0.count)×\($0.map { $0.filter { $0 == "#" }.count }.max() ?? 0)" })
        #expect(glyphs.count >= 15, "about one piece of ink per character: \(glyphs.count)")
        #expect(shapes.count >= 12, "many different glyph shapes: \(shapes.count)")
        #expect(sizes.count >= 6, "glyphs of many widths and heights: \(sizes.count)")

        // The same measure on the CJK-less render finds boxes of one size (or nothing at all): it tells tofu apart.
        let tofu = hidden.pieces(rows: messageRows)
        let tofuWidths = Set(tofu.map(\.count))
        #expect(tofuWidths.count <= 3, "without the font, every character is the same box: widths \(tofuWidths.sorted())")
    }
}
