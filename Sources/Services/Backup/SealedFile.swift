import Crypto
import Foundation

/// A file sealed in 1 MiB chunks with ChaCha20-Poly1305, so a backup of any size is encrypted and checked without
/// holding it in memory. Each chunk's nonce is its number, and its associated data says whether it is the last, so
/// a reordered, repeated, altered or truncated file is refused rather than half-restored.
enum SealedFile {
    static let magic = Data("KIROKU-SEALED-1\n".utf8)
    static let chunkSize = 1 << 20

    static func seal(_ source: URL, to destination: URL, key: SymmetricKey) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        let output = try BackupFiles.create(destination)
        defer { try? output.close() }
        try output.write(contentsOf: magic)
        var index: UInt64 = 0
        var chunk = try input.read(upToCount: chunkSize) ?? Data()
        while true {
            let next = chunk.count == chunkSize ? (try input.read(upToCount: chunkSize) ?? Data()) : Data()
            let isLast = next.isEmpty
            let box = try ChaChaPoly.seal(chunk, using: key, nonce: try nonce(index), authenticating: associatedData(index, isLast: isLast))
            var length = UInt32(box.combined.count).bigEndian
            try output.write(contentsOf: Data(bytes: &length, count: 4))
            try output.write(contentsOf: box.combined)
            if isLast { break }
            chunk = next
            index += 1
        }
        try output.synchronize()
    }

    /// Opens `source` into `destination`; a wrong key or any change to the file throws before the last chunk is
    /// accepted, and the caller deletes the partial output.
    static func open(_ source: URL, to destination: URL, key: SymmetricKey) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        guard try input.read(upToCount: magic.count) == magic else { throw BackupError.notSealed(source.lastPathComponent) }
        let output = try BackupFiles.create(destination)
        defer { try? output.close() }
        var index: UInt64 = 0
        while true {
            guard let header = try input.read(upToCount: 4), header.count == 4 else { throw BackupError.damaged(source.lastPathComponent) }
            let length = Int(header.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            guard length >= 28, length <= chunkSize + 28, let combined = try input.read(upToCount: length), combined.count == length else {
                throw BackupError.damaged(source.lastPathComponent)
            }
            let box = try ChaChaPoly.SealedBox(combined: combined)
            let atEnd = try input.read(upToCount: 1)?.isEmpty ?? true
            if !atEnd { try input.seek(toOffset: try input.offset() - 1) }
            let plain: Data
            do {
                plain = try ChaChaPoly.open(box, using: key, authenticating: associatedData(index, isLast: atEnd))
            } catch {
                throw index == 0 ? BackupError.wrongPassphrase : BackupError.damaged(source.lastPathComponent)
            }
            try output.write(contentsOf: plain)
            if atEnd { break }
            index += 1
        }
        try output.synchronize()
    }

    private static func nonce(_ index: UInt64) throws -> ChaChaPoly.Nonce {
        var big = index.bigEndian
        return try ChaChaPoly.Nonce(data: Data(count: 4) + Data(bytes: &big, count: 8))
    }

    private static func associatedData(_ index: UInt64, isLast: Bool) -> Data {
        var big = index.bigEndian
        return magic + Data(bytes: &big, count: 8) + Data([isLast ? 1 : 0])
    }
}
