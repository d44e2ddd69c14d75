import Foundation

/// A file's bytes in chunks, read as the sequence is iterated: a large upload is gone through without
/// being held in memory. A read error ends the sequence early, which a reader of the content then finds
/// incomplete.
struct FileChunks: Sequence {
    let url: URL
    let chunkSize: Int

    init(url: URL, chunkSize: Int = 256 << 10) {
        self.url = url
        self.chunkSize = chunkSize
    }

    func makeIterator() -> Iterator {
        Iterator(handle: FileHandle(forReadingAtPath: url.path), chunkSize: chunkSize)
    }

    struct Iterator: IteratorProtocol {
        let handle: FileHandle?
        let chunkSize: Int

        mutating func next() -> Data? {
            guard let handle, let data = try? handle.read(upToCount: chunkSize), !data.isEmpty else {
                try? handle?.close()
                return nil
            }
            return data
        }
    }
}
