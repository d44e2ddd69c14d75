import Foundation
import Testing
import TestSupport

/// The tests' programs leave nothing behind: not when a test stops them, not when a test forgets to, and not when the
/// test process itself is killed — chromedriver's browsers used to outlive every run.
@Suite struct ProcessReaperTests {
    /// A shell that starts two long sleeps in its process group and prints their ids, as chromedriver starts chromium.
    static let parentWithChildren = ["-c", "sleep 300 & echo $!; sleep 300 & echo $!; wait"]

    @Test func stoppingAProgramStopsWhatItStarted() async throws {
        let log = TestFiles.directory.appendingPathComponent("reaper-\(UUID().uuidString).log")
        let shell = try Programs.start("/bin/sh", Self.parentWithChildren, log: log)
        let children = try await Self.childIds(in: log)
        #expect(children.allSatisfy(Self.isAlive))
        await Programs.stop(shell)
        #expect(!shell.isRunning)
        try await Self.expectGone(children + [shell.processIdentifier])
    }

    @Test func aProgramNobodyStoppedIsKilledWithItsChildrenWhenTheTestLetsGoOfIt() async throws {
        let log = TestFiles.directory.appendingPathComponent("reaper-\(UUID().uuidString).log")
        var shell: ChildProcess? = try Programs.start("/bin/sh", Self.parentWithChildren, log: log)
        let leader = try #require(shell?.processIdentifier)
        let children = try await Self.childIds(in: log)
        shell = nil
        try await Self.expectGone(children + [leader])
    }

    @Test func theWatchdogKillsWhatIsLeftWhenTheTestProcessDies() async throws {
        let watchdog = ProcessReaper.startWatchdog()
        try #require(watchdog >= 0)
        // Started by hand, so only the watchdog knows of it.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = Self.parentWithChildren
        let output = Pipe()
        shell.standardOutput = output
        try ChildProcess.runWithSignalsUnblocked(shell)
        var children = ""
        while children.filter({ $0 == "\n" }).count < 2 {
            children += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        ProcessReaper.tell(watchdog, "+\(shell.processIdentifier)")
        // What the kernel does when the test process dies, however it dies: its end of the socket closes.
        close(watchdog)
        shell.waitUntilExit()
        #expect(shell.terminationReason == .uncaughtSignal)
        try await Self.expectGone(children.split(separator: "\n").compactMap { pid_t($0) })
    }

    /// The ids the shell printed, once it has printed both.
    static func childIds(in log: URL) async throws -> [pid_t] {
        for _ in 0..<100 {
            let ids = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
            if ids.count == 2 { return ids }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw WebDriver.Failure(description: "the shell did not start its children")
    }

    static func expectGone(_ pids: [pid_t], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<100 where pids.contains(where: isAlive) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(pids.filter(isAlive) == [], "still running", sourceLocation: sourceLocation)
    }

    /// Running or sleeping, not gone and not a zombie waiting for a parent to reap it.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[close...].hasPrefix(") Z")
    }
}
