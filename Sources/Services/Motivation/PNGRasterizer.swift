import Foundation
import Health

/// Turns an SVG into a PNG with Debian's `rsvg-convert` (librsvg, package librsvg2-bin), then removes every
/// ancillary chunk (text, EXIF, time, …) so nothing but pixels leaves the server.
public enum PNGRasterizer {
    public struct Unavailable: DomainError {
        public var code: String { "share_card_unavailable" }
        public var httpStatus: Int { 503 }
        public var message: LocalizedText {
            LocalizedText(
                ja: "共有カードを作れませんでした（サーバーに rsvg-convert がありません）。",
                en: "The share card could not be drawn (rsvg-convert is missing on the server)."
            )
        }
    }

    static let candidates = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"]

    /// `environment` replaces the tool's environment (tests use it to hide fonts); nil inherits the server's.
    public static func png(svg: String, width: Int, height: Int, environment: [String: String]? = nil) async throws -> Data {
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { throw Unavailable() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiroku-card-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("card.svg")
        let output = folder.appendingPathComponent("card.png")
        try Data(svg.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format=png", "--width=\(width)", "--height=\(height)", "--output=\(output.path)", input.path]
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard process.terminationStatus == 0, let data = try? Data(contentsOf: output) else { throw Unavailable() }
        return try strippingAncillaryChunks(data)
    }

    /// The PNG with only IHDR, PLTE, tRNS, IDAT and IEND: no tEXt/zTXt/iTXt/eXIf/tIME or anything else.
    public static func strippingAncillaryChunks(_ png: Data) throws -> Data {
        let bytes = [UInt8](png)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { throw Unavailable() }
        let kept: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]
        var out = Data(signature)
        var index = 8
        while index + 12 <= bytes.count {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let end = index + 12 + length
            guard end <= bytes.count else { throw Unavailable() }
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            if kept.contains(type) { out.append(contentsOf: bytes[index..<end]) }
            index = end
            if type == "IEND" { break }
        }
        return out
    }
}
