import Foundation
@testable import Services
import Synchronization
import Testing

/// The import's reader hands batches to its writer one at a time, in order; a writer's failure stops the reader; and a
/// batch the writer gives back is freed by the reader, so the writer, the slower thread, does not spend its time on it.
@Suite struct BatchHandoffTests {
    /// Lines appended from several threads.
    final class Log<Line: Sendable>: Sendable {
        private let lines = Mutex<[Line]>([])
        func append(_ line: Line) { lines.withLock { $0.append(line) } }
        var all: [Line] { lines.withLock { $0 } }
    }

    /// Logs its deinit, with the thread it ran on.
    final class Tracked: Sendable {
        let freed: Log<String>
        let name: String
        init(_ name: String, freed: Log<String>) {
            self.name = name
            self.freed = freed
        }
        deinit {
            freed.append("\(name) on \(Thread.current.name ?? "")")
        }
    }

    @Test func batchesArriveInOrderAndAFailureStopsTheReader() throws {
        let handoff = BatchHandoff<Int>()
        let received = Log<Int>()
        let done = DispatchSemaphore(value: 0)
        let writer = Thread {
            while let batch = handoff.take() {
                received.append(batch)
                if batch == 3 { handoff.fail(CancellationError()) }
            }
            done.signal()
        }
        writer.start()
        var refused = false
        for batch in 1...10 {
            do { try handoff.put(batch) } catch { refused = true; break }
        }
        handoff.close()
        done.wait()
        #expect(refused, "the reader learns of the writer's failure")
        #expect(received.all == [1, 2, 3])
        #expect(handoff.error is CancellationError)
    }

    @Test func aBatchGivenBackIsFreedByTheReadersNextPut() throws {
        let freed = Log<String>()
        let handoff = BatchHandoff<[Tracked]>()
        let previousName = Thread.current.name
        Thread.current.name = "reader"
        defer { Thread.current.name = previousName }
        try handoff.put([Tracked("first", freed: freed)])
        let done = DispatchSemaphore(value: 0)
        let writer = Thread {
            if let batch = handoff.take() { handoff.giveBack(batch) }
            done.signal()
        }
        writer.name = "writer"
        writer.start()
        done.wait()
        #expect(freed.all.isEmpty, "kept until the reader's next put")
        try handoff.put([Tracked("second", freed: freed)])
        #expect(freed.all == ["first on reader"])
    }
}
