import Foundation

/// Takes down every program the tests started, with everything those programs started, however the tests end.
///
/// Foundation's `Process` starts each program as the leader of a process group of its own, and what it starts joins
/// that group: chromedriver's chromium with its zygote and renderers, a shell's children. So a program is stopped by
/// signalling its group, never its process alone — a SIGTERM to chromedriver alone leaves the whole browser running.
///
/// Three nets, each catching what the one before it missed:
/// 1. `ChildProcess.terminate()` in the test, the object's deinit when a test throws or is cancelled, and the
///    program's own exit (what it started dies with it),
/// 2. an `atexit` handler when the test process exits normally,
/// 3. a watchdog process that outlives a crashed or SIGKILLed test process: it reads the live groups from a socket
///    whose other end only the test process holds, and kills them when that socket reaches end of file.
final class ProcessReaper: @unchecked Sendable {
    static let shared = ProcessReaper()

    private let lock = NSLock()
    private var groups: Set<pid_t> = []
    /// The test process's end of the watchdog's socket; -1 when no watchdog could be started.
    private var watchdog: Int32 = -1

    private init() {
        watchdog = Self.startWatchdog()
        atexit { ProcessReaper.shared.killAll() }
    }

    /// From now on, `group` is killed when the tests end, if nothing stopped it before.
    func adopt(_ group: pid_t) {
        lock.withLock {
            guard groups.insert(group).inserted else { return }
            tellWatchdog("+\(group)")
        }
    }

    /// Kills what is left of `group` and forgets it.
    func release(_ group: pid_t) {
        lock.withLock {
            guard groups.remove(group) != nil else { return }
            kill(-group, SIGKILL)
            tellWatchdog("-\(group)")
        }
    }

    private func killAll() {
        for group in lock.withLock({ groups }) { release(group) }
    }

    /// Called with the lock held, so the watchdog hears of a group's adoption and release in the order they happened.
    private func tellWatchdog(_ line: String) {
        Self.tell(watchdog, line)
    }

    static func tell(_ watchdog: Int32, _ line: String) {
        guard watchdog >= 0 else { return }
        let bytes = Array((line + "\n").utf8)
        // MSG_NOSIGNAL: a watchdog that died must not take the test process down with SIGPIPE.
        _ = bytes.withUnsafeBytes { send(watchdog, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The watchdog: a shell reading "+group" and "-group" lines; at end of file (the test process is gone, however
    /// it went) it stops the groups still listed. It runs in a process group of its own, so signals sent to the test
    /// run's group do not reach it before it has done its work.
    static let watchdogScript = """
        groups=
        while read -r line; do
          case $line in
            +*) groups="$groups ${line#+}" ;;
            -*) kept=; for g in $groups; do [ "$g" = "${line#-}" ] || kept="$kept $g"; done; groups=$kept ;;
          esac
        done
        [ -z "$groups" ] && exit 0
        for g in $groups; do kill -s TERM -- "-$g" 2>/dev/null; done
        sleep 2
        for g in $groups; do kill -s KILL -- "-$g" 2>/dev/null; done
        """

    /// Starts a watchdog; returns the socket to write its lines to, or -1.
    static func startWatchdog() -> Int32 {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec: no program the tests start may inherit the test process's end, or the watchdog would never
        // see end of file while that program lives.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return -1 }
        let watchdog = Process()
        watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
        watchdog.arguments = ["-c", watchdogScript]
        watchdog.standardInput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        watchdog.standardOutput = FileHandle.nullDevice
        defer { close(ends[1]) }
        do {
            try ChildProcess.runWithSignalsUnblocked(watchdog)
        } catch {
            close(ends[0])
            return -1
        }
        return ends[0]
    }
}
