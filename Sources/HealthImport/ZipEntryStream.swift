import Foundation
import ZIPFoundation

/// One entry of a zip, handed over chunk by chunk as it is inflated. Errors from `body` (a broken document, a failed
/// write) pass through unchanged; only the archive's own errors (a zip cut off mid-entry, bad compressed data) become
/// `ImportError.brokenZip`, whose words a person can act on.
enum ZipEntryStream {
    static func extract(_ entry: Entry, from archive: Archive, chunkSize: Int, _ body: (Data) throws -> Void) throws {
        var downstream: (any Error)?
        do {
            _ = try archive.extract(entry, bufferSize: chunkSize, skipCRC32: true) { chunk in
                do {
                    try body(chunk)
                } catch {
                    downstream = error
                    throw error
                }
            }
        } catch {
            if let downstream { throw downstream }
            throw ImportError.brokenZip
        }
    }
}
