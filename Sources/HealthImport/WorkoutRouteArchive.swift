import Foundation
import Health
import ZIPFoundation

/// The GPX route files of an Apple Health `export.zip` (`apple_health_export/workout-routes/route_….gpx`, iOS 13
/// and later), each read as a stream straight out of the zip.
public struct WorkoutRouteArchive {
    private let archive: Archive
    /// Paths inside the zip of every route file, in the zip's order.
    public let paths: [String]

    /// Nil when `url` is not a zip (a bare export.xml has no route files beside it).
    public init?(url: URL) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw ImportError.unreadable(url.lastPathComponent) }
        let magic = try handle.read(upToCount: 4) ?? Data()
        try? handle.close()
        guard magic == Data([0x50, 0x4B, 0x03, 0x04]) else { return nil }
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ImportError.brokenZip
        }
        paths = archive.compactMap { entry in
            entry.type == .file && Self.isRouteFile(entry.path) ? entry.path : nil
        }
    }

    /// A `.gpx` file in a `workout-routes` folder, at any depth (the export's folder name is not localized).
    static func isRouteFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        return parts.count >= 2 && parts[parts.count - 2] == "workout-routes" && path.lowercased().hasSuffix(".gpx")
    }

    /// The file name a workout's `<FileReference path="/workout-routes/route_….gpx">` names.
    public static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Streams the points of the route file at `path` to `emit`, one chunk of the zip at a time.
    public func read(_ path: String, now: Date, chunkSize: Int = 1 << 16, _ emit: (GPXRouteReader.Read) throws -> Void) throws {
        guard let entry = archive[path] else { throw ImportError.unreadable(path) }
        var reader = GPXRouteReader(now: now)
        try ZipEntryStream.extract(entry, from: archive, chunkSize: chunkSize) { chunk in try reader.feed(chunk, emit) }
        try reader.finish()
    }
}
