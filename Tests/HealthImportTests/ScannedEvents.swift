import Foundation
import HealthImport
import Testing

/// Feeds `document` to a fresh scanner in chunks of `size` bytes; answers the events, or the error the scanner threw.
func scannedEvents(_ document: String, chunkSize size: Int) -> Result<[XMLEvent], ImportError> {
    var scanner = XMLStreamScanner()
    var events: [XMLEvent] = []
    let bytes = Array(document.utf8)
    do {
        for start in stride(from: 0, to: bytes.count, by: size) {
            try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { chunk in
                try scanner.feed(chunk) { events.append($0) }
            }
        }
        try scanner.finish()
        return .success(events)
    } catch let error as ImportError {
        return .failure(error)
    } catch {
        Issue.record("unexpected \(error)")
        return .success([])
    }
}
