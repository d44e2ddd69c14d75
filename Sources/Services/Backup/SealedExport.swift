import Foundation

/// A per-user export sealed with a passphrase the same way backups are (scrypt, then ChaCha20-Poly1305 in 1 MiB
/// chunks), so a person can keep or send their data without it being readable on the way. One self-contained file:
/// a header line, the key's parameters (salt included, never the passphrase) on one line, then the sealed chunks.
/// `kiroku unseal` opens it; a wrong passphrase or any altered byte is refused and writes nothing.
public enum SealedExport {
    static let magic = Data("KIROKU-EXPORT-SEALED-1\n".utf8)
    static let keyPath = "export"

    /// Whether the file at `url` is a sealed export (so `unseal` can say so when it is not).
    public static func isSealed(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: magic.count)) == magic
    }

    /// Writes `plain` sealed to `destination` (mode 0600).
    public static func seal(_ plain: Data, passphrase: String, to destination: URL) throws {
        let key = try BackupKey(passphrase: passphrase, parameters: .random())
        try withScratch(near: destination) { scratch in
            let clear = scratch.appendingPathComponent("plain")
            let sealed = scratch.appendingPathComponent("sealed")
            guard FileManager.default.createFile(atPath: clear.path, contents: plain, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: clear.path])
            }
            try SealedFile.seal(clear, to: sealed, key: key.fileKey(for: keyPath))
            let output = try BackupFiles.create(destination)
            defer { try? output.close() }
            try output.write(contentsOf: magic + (try JSONEncoder().encode(key.parameters)) + Data("\n".utf8))
            try copy(from: sealed, offset: 0, to: output)
            try output.synchronize()
        }
    }

    /// Opens a sealed export into `destination`; nothing is left there when the passphrase is wrong or the file was
    /// changed.
    public static func open(_ source: URL, passphrase: String, to destination: URL) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        guard try input.read(upToCount: magic.count) == magic else { throw BackupError.notSealed(source.lastPathComponent) }
        var line = Data()
        while let byte = try input.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
            guard line.count < 4_096 else { throw BackupError.damaged(source.lastPathComponent) }
        }
        guard let parameters = try? JSONDecoder().decode(BackupKey.Parameters.self, from: line) else { throw BackupError.damaged(source.lastPathComponent) }
        let key = try BackupKey(passphrase: passphrase, parameters: parameters)
        let offset = try input.offset()
        try withScratch(near: destination) { scratch in
            let sealed = scratch.appendingPathComponent("sealed")
            let output = try BackupFiles.create(sealed)
            try copy(from: source, offset: offset, to: output)
            try output.close()
            do {
                try SealedFile.open(sealed, to: destination, key: key.fileKey(for: keyPath))
            } catch {
                try? FileManager.default.removeItem(at: destination)
                throw error
            }
        }
    }

    /// A private folder next to the destination for the intermediate files, removed whatever happens.
    private static func withScratch(near destination: URL, _ body: (URL) throws -> Void) throws {
        let scratch = destination.deletingLastPathComponent().appendingPathComponent(".kiroku-seal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: scratch) }
        try body(scratch)
    }

    private static func copy(from source: URL, offset: UInt64, to output: FileHandle) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        try input.seek(toOffset: offset)
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
    }
}
