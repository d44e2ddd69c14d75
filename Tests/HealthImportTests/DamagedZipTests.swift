import Foundation
import HealthImport
import Testing
import TestSupport

/// A zip whose export cannot be inflated (a bad copy, a flipped sector) is a damaged zip, not a zip without an export.
@Suite("A damaged zip is named damaged")
struct DamagedZipTests {
    @Test("Export bytes that cannot be inflated: “damaged”, not “no Apple Health export in it”")
    func unreadableExportIsBrokenZip() throws {
        var bytes = try Data(contentsOf: FixtureFiles.url("export-localized.zip"))
        // The third entry is the export (eksport.xml); its compressed data starts after the local header, the name
        // and the extra field, whose lengths the header gives at offsets 26 and 28.
        let header = try #require(Self.localHeaderOffset(of: "apple_health_export/eksport.xml", in: bytes))
        let nameLength = Int(bytes[header + 26]) | Int(bytes[header + 27]) << 8
        let extraLength = Int(bytes[header + 28]) | Int(bytes[header + 29]) << 8
        let dataStart = header + 30 + nameLength + extraLength
        for index in dataStart + 16 ..< dataStart + 48 { bytes[index] = 0xFF }
        let url = TestFiles.directory.appendingPathComponent("damaged-\(UUID()).zip")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ImportError.brokenZip) {
            try HealthExportReader(url: url).read { _ in }
        }
    }

    private static func localHeaderOffset(of name: String, in bytes: Data) -> Int? {
        let signature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
        let nameBytes = Array(name.utf8)
        var index = 0
        while index + 30 + nameBytes.count <= bytes.count {
            if Array(bytes[index ..< index + 4]) == signature,
               Array(bytes[index + 30 ..< index + 30 + nameBytes.count]) == nameBytes {
                return index
            }
            index += 1
        }
        return nil
    }
}
