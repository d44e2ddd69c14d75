import Foundation

/// A file's bytes in chunks, read as the sequence is iterated: a large upload is gone through without
/// being held in memory. A read error ends the sequence early, which a reader of the content then finds
/// incomplete.
public struct FileChunks: Sequence {
    public let url: URL
    public let chunkSize: Int

    public init(url: URL, chunkSize: Int = 256 << 10) {
        self.url = url
        self.chunkSize = chunkSize
    }

    public func makeIterator() -> Iterator {
        Iterator(handle: FileHandle(forReadingAtPath: url.path), chunkSize: chunkSize)
    }

    public struct Iterator: IteratorProtocol {
        let handle: FileHandle?
        let chunkSize: Int

        public mutating func next() -> Data? {
            guard let handle, let data = try? handle.read(upToCount: chunkSize), !data.isEmpty else {
                try? handle?.close()
                return nil
            }
            return data
        }
    }
}
