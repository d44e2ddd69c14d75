import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing

/// The share card: a real PNG of the stated size, drawn by librsvg, with nothing but pixels in it.
@Suite struct ShareCardPNGTests {
    /// Chunk types in order, and the IHDR size.
    static func chunks(_ png: [UInt8]) -> (types: [String], width: Int, height: Int) {
        var types: [String] = []
        var index = 8
        var width = 0, height = 0
        while index + 12 <= png.count {
            let length = Int(png[index]) << 24 | Int(png[index + 1]) << 16 | Int(png[index + 2]) << 8 | Int(png[index + 3])
            let type = String(decoding: png[(index + 4)..<(index + 8)], as: UTF8.self)
            if type == "IHDR" {
                let data = Array(png[(index + 8)..<(index + 16)])
                width = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
                height = Int(data[4]) << 24 | Int(data[5]) << 16 | Int(data[6]) << 8 | Int(data[7])
            }
            types.append(type)
            index += 12 + length
        }
        return (types, width, height)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "needs librsvg2-bin (scripts/install-test-deps.sh)"))
    func theCardIsAPNGOfTheStatedSizeWithNothingButPixels() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("haru")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "value": 61.37, "unit": "kg"]))
            for (layout, size) in [("portrait", [1080, 1350]), ("landscape", [1200, 630])] {
                let response = try await client.execute(uri: "/api/v1/share-card.png?layout=\(layout)", method: .get, headers: .bearer(token, language: "ja"))
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                let bytes = Array(response.body.readableBytesView)
                #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                let parsed = Self.chunks(bytes)
                #expect([parsed.width, parsed.height] == size)
                #expect(Set(parsed.types).isSubset(of: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]), "no text, EXIF or time chunks: \(parsed.types)")
                #expect(!String(decoding: bytes, as: UTF8.self).contains("61.4"), "no stored weight in the file's text")
            }
            // Ticking the weight changes the picture; leaving it unticked is the default.
            let plain = try await client.execute(uri: "/api/v1/share-card.png", method: .get, headers: .bearer(token))
            let withWeight = try await client.execute(uri: "/api/v1/share-card.png?weight=1", method: .get, headers: .bearer(token))
            #expect(plain.body != withWeight.body)
            let bad = try await client.execute(uri: "/api/v1/share-card.png?layout=square", method: .get, headers: .bearer(token))
            #expect(bad.status == .badRequest)
        }
    }

    @Test func ancillaryChunksAreRemoved() throws {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let length = UInt32(data.count)
            return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", Array(repeating: 1, count: 13)) + chunk("tEXt", Array("weight\u{0}61.4".utf8)) + chunk("eXIf", [1, 2])
            + chunk("IDAT", [9, 9]) + chunk("IEND", [])
        let stripped = Array(try PNGRasterizer.strippingAncillaryChunks(Data(png)))
        #expect(Self.chunks(stripped).types == ["IHDR", "IDAT", "IEND"])
        #expect(!String(decoding: stripped, as: UTF8.self).contains("61.4"))
    }
}
