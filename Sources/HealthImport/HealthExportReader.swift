import Foundation
import Health
import ZIPFoundation

/// Reads an Apple Health export, zipped or bare, as a stream of items in constant memory.
///
/// A zip is read entry by entry without unpacking it to disk. The export document is found by its content
/// (`<HealthData` near the start), because its file name is localized (`export.xml`, `eksport.xml`, …).
public struct HealthExportReader: Sendable {
    public let url: URL
    public var chunkSize = 1 << 20

    public init(url: URL) {
        self.url = url
    }

    /// Progress through the document: bytes of XML read so far and the document's total size.
    public typealias Progress = (_ bytesRead: Int, _ totalBytes: Int) throws -> Void

    /// Reads every item in document order. `progress` is called after each chunk; throwing from either
    /// closure stops the read.
    public func read(progress: Progress = { _, _ in }, _ emit: (ExportItem) throws -> Void) throws {
        if try Self.isZip(url) {
            try readZip(progress: progress, emit)
        } else {
            try readPlain(progress: progress, emit)
        }
    }

    private func readPlain(progress: Progress, _ emit: (ExportItem) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw ImportError.unreadable(url.lastPathComponent) }
        defer { try? handle.close() }
        let total = Int((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0)
        let document = DocumentReader()
        var read = 0
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            try document.feed(chunk, emit)
            read += chunk.count
            try progress(read, total)
        }
        try document.finish()
    }

    private func readZip(progress: Progress, _ emit: (ExportItem) throws -> Void) throws {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            // The archive library's own error names (`unreadableArchive`…) mean nothing to a person.
            throw ImportError.brokenZip
        }
        guard let entry = try Self.healthDataEntry(in: archive) else { throw ImportError.noHealthExport }
        let total = Int(entry.uncompressedSize)
        let document = DocumentReader()
        var read = 0
        try ZipEntryStream.extract(entry, from: archive, chunkSize: chunkSize) { chunk in
            try document.feed(chunk, emit)
            read += chunk.count
            try progress(read, total)
        }
        try document.finish()
    }

    /// The first file entry whose opening bytes say it is a HealthData document. When none does but some entry
    /// could not be inflated, the export may well be that entry: the zip is damaged, and saying "no export in it"
    /// would send the person looking for the wrong problem.
    static func healthDataEntry(in archive: Archive) throws -> Entry? {
        var unreadable = false
        for entry in archive where entry.type == .file && entry.uncompressedSize > 0 {
            guard let head = head(of: entry, in: archive) else {
                unreadable = true
                continue
            }
            if looksLikeHealthData(head) { return entry }
        }
        if unreadable { throw ImportError.brokenZip }
        return nil
    }

    private struct EnoughBytes: Error {}

    /// The entry's first 4 KiB, or nil when its data cannot be inflated.
    private static func head(of entry: Entry, in archive: Archive) -> Data? {
        var head = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 4096, skipCRC32: true) { chunk in
                head.append(chunk)
                if head.count >= 4096 { throw EnoughBytes() }
            }
        } catch is EnoughBytes {
            // Stopped on purpose once the head was read.
        } catch {
            return nil
        }
        return head.prefix(4096)
    }

    static func looksLikeHealthData(_ head: Data) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("<!DOCTYPE HealthData") || text.contains("<HealthData")
    }

    private static func isZip(_ url: URL) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw ImportError.unreadable(url.lastPathComponent) }
        defer { try? handle.close() }
        let magic = try handle.read(upToCount: 4) ?? Data()
        return magic == Data([0x50, 0x4B, 0x03, 0x04])
    }
}

/// Scanner and assembler together, checking the document really is an Apple Health export.
/// A class so the scanner's callback can drive the assembler without overlapping access to one value.
final class DocumentReader {
    private var scanner = XMLStreamScanner()
    private var assembler = ExportItemAssembler()
    /// Whether the file's first visible byte is "<" (after a byte-order mark): set by the first chunk.
    private var startsLikeXML: Bool?

    func feed(_ chunk: Data, _ emit: (ExportItem) throws -> Void) throws {
        if startsLikeXML == nil, let first = chunk.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first {
            startsLikeXML = first == UInt8(ascii: "<")
        }
        do {
            try chunk.withUnsafeBytes { bytes in
                try scanner.feed(bytes) { event in
                    try assembler.consume(event, emit)
                    if let root = assembler.rootName, root != "HealthData" { throw ImportError.notHealthExport }
                }
            }
        } catch ImportError.malformedXML where assembler.rootName == nil && startsLikeXML == false {
            // Not XML from its first bytes (a photo, a PDF): the wrong file, not a broken export.
            throw ImportError.notHealthExport
        }
    }

    /// A document without any element (plain text, an image) is no export either.
    func finish() throws {
        do {
            try scanner.finish()
        } catch let error as ImportError where assembler.rootName == nil && startsLikeXML == false {
            // A photo or a PDF "ends early" as XML: it is the wrong file, not a cut-off export.
            _ = error
            throw ImportError.notHealthExport
        }
        guard assembler.rootName != nil else { throw ImportError.notHealthExport }
    }
}
