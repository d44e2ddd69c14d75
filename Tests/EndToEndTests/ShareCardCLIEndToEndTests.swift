import Foundation
import Testing

/// `kiroku share-card` on the real binary: a PNG at the layout's size, readable by its owner only, with no text or
/// metadata chunks, and a different picture only when something personal is asked for.
@Suite(.timeLimit(.minutes(3))) struct ShareCardCLIEndToEndTests {
    let cli = CLITests()

    /// The PNG's width and height, and the names of its chunks.
    static func inspect(_ png: Data) -> (width: Int, height: Int, chunks: [String])? {
        let bytes = [UInt8](png)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = number(offset)
            chunks.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return (number(16), number(20), chunks)
    }

    @Test func aShareCardIsWrittenWithNothingPersonalUnlessAskedFor() throws {
        guard Programs.find(["rsvg-convert"]) != nil else {
            Issue.record("install librsvg2-bin")
            return
        }
        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        _ = try cli.kiroku(["record", "add", "--user", "hanako", "--metric", "weight", "--value", "58.2"])
        let plain = cli.dataDirectory + "-card.png"
        let personal = cli.dataDirectory + "-card-weight.png"
        let made = try cli.kiroku(["share-card", "--user", "hanako", "-o", plain])
        #expect(made.status == 0, "\(made.error)")
        let png = try Data(contentsOf: URL(fileURLWithPath: plain))
        let shape = try #require(Self.inspect(png))
        #expect(shape.width == 1080 && shape.height == 1350)
        #expect(shape.chunks.allSatisfy { ["IHDR", "PLTE", "IDAT", "IEND", "tRNS"].contains($0) }, "no text or metadata chunks: \(shape.chunks)")
        #expect(try FileManager.default.attributesOfItem(atPath: plain)[.posixPermissions] as? Int == 0o600)
        #expect(try cli.kiroku(["share-card", "--user", "hanako", "--weight", "-o", personal]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: personal)) != png, "the weight is drawn only when asked for")
        let landscape = try cli.kiroku(["share-card", "--user", "hanako", "--layout", "landscape", "-o", plain])
        #expect(landscape.status == 0)
        #expect(Self.inspect(try Data(contentsOf: URL(fileURLWithPath: plain)))?.width == 1200)
    }
}
