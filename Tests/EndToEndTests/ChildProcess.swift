import Foundation

/// A long-running program a test started (a server, chromedriver, a sync daemon), owning its process group.
///
/// `terminate()` stops the program the way an operator would (SIGTERM) and then kills whatever of its group is left:
/// chromedriver exits on SIGTERM but leaves the chromium it started running. The group is killed too when the
/// program exits by itself, and when the last reference goes away — a test that threw, failed a `#require` or was
/// cancelled by its time limit.
final class ChildProcess: @unchecked Sendable {
    private let process: Process

    /// Starts `process`. When it exits, whatever it left running in its group is killed.
    init(launching process: Process) throws {
        self.process = process
        process.terminationHandler = { ProcessReaper.shared.release($0.processIdentifier) }
        try Self.runWithSignalsUnblocked(process)
        ProcessReaper.shared.adopt(process.processIdentifier)
        if !process.isRunning { ProcessReaper.shared.release(process.processIdentifier) }
    }

    /// Starts `process` from a thread that blocks no signal.
    ///
    /// A program inherits the signal mask of the thread that spawns it, and the threads Swift concurrency runs tests
    /// on (libdispatch's workers) block SIGTERM, SIGINT, SIGHUP and most others. Spawned from there, chromedriver and
    /// the shells never saw the SIGTERM meant to stop them; they kept running after the tests, for hours.
    static func runWithSignalsUnblocked(_ process: Process) throws {
        final class Outcome: @unchecked Sendable {
            var error: (any Error)?
        }
        let outcome = Outcome()
        let started = DispatchSemaphore(value: 0)
        // One launch at a time, on a thread with a full-size stack: Foundation's `Process.run()` crashed once in
        // memmove while two tests launched programs at the same moment from small-stacked threads.
        launches.lock()
        defer { launches.unlock() }
        let launcher = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do {
                try process.run()
            } catch {
                outcome.error = error
            }
            started.signal()
        }
        launcher.stackSize = 8 << 20
        launcher.start()
        started.wait()
        if let error = outcome.error { throw error }
    }

    private static let launches = NSLock()

    deinit {
        ProcessReaper.shared.release(process.processIdentifier)
    }

    var processIdentifier: pid_t { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var terminationStatus: Int32 { process.terminationStatus }
    var terminationReason: Process.TerminationReason { process.terminationReason }

    func waitUntilExit() {
        process.waitUntilExit()
    }

    /// SIGINT to the program alone.
    func interrupt() {
        process.interrupt()
    }

    /// SIGTERM to the program; once it has exited, or after `grace` seconds, SIGKILL to everything left of its group.
    func terminate(grace: TimeInterval = 10) {
        let deadline = askToStop(grace: grace)
        while !leaderExited, Date() < deadline { usleep(20_000) }
        ProcessReaper.shared.release(process.processIdentifier)
        while process.isRunning, Date() < deadline + 5 { usleep(20_000) }
    }

    /// `terminate()` without blocking a thread of the cooperative pool while the program shuts down.
    func stop(grace: TimeInterval = 10) async {
        let deadline = askToStop(grace: grace)
        while !leaderExited, Date() < deadline, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(50)) }
        ProcessReaper.shared.release(process.processIdentifier)
        while process.isRunning, Date() < deadline + 5, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(20)) }
    }

    /// Sends SIGTERM if the program still runs; the time by which it must have exited.
    private func askToStop(grace: TimeInterval) -> Date {
        if process.isRunning { process.terminate() }
        return Date().addingTimeInterval(grace)
    }

    /// Whether the program itself has ended. `isRunning` is not enough: Foundation learns of the exit only when a
    /// socket the program inherited closes, and what the program started (chromium) holds that socket open too.
    private var leaderExited: Bool {
        guard process.isRunning else { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let name = stat.lastIndex(of: ")")
        else { return true }
        return stat[name...].hasPrefix(") Z")
    }
}
