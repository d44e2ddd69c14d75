import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TestSupport

/// The real `kiroku` binary and the other real programs the end-to-end tests run.
enum Programs {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `kiroku` built by `swift build --build-tests`.
    static var kiroku: URL? {
        if let path = ProcessInfo.processInfo.environment["KIROKU_BINARY"] { return URL(fileURLWithPath: path) }
        let candidates = [".build/debug/kiroku", ".build/x86_64-unknown-linux-gnu/debug/kiroku", ".build/aarch64-unknown-linux-gnu/debug/kiroku"]
        return candidates.map { packageRoot.appendingPathComponent($0) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func find(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") + ["/usr/bin", "/usr/lib/chromium"] {
            for name in names {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    static var chromium: String? { find(["chromium", "chromium-browser"]) }
    static var chromedriver: String? { find(["chromedriver"]) }

    /// A port nobody listens on right now, found by binding port 0.
    static func freePort() -> Int {
        guard let (socket, port) = try? LoopbackSockets.listen(backlog: 1) else { return 0 }
        close(socket)
        return port
    }

    /// This process's environment, with the temporary directory of the programs it starts (chromium's profiles, for
    /// one) inside the tests' own, which goes when the tests end.
    static var childEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["TMPDIR": TestFiles.directory.path]) { _, new in new }
    }

    /// Starts a long-running program, its output going to `log`; it stops with the test that started it.
    static func start(_ executable: String, _ arguments: [String], log: URL, environment: [String: String] = [:]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = childEnvironment.merging(environment) { _, new in new }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        return try ChildProcess(launching: process)
    }

    /// Runs a program to completion and returns its exit status and output. A program still running after `timeout`
    /// seconds is killed with everything it started, so a hung program cannot hold the test run forever.
    static func run(
        _ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:], unsetting: [String] = [],
        timeout: TimeInterval = 240
    ) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = childEnvironment.merging(environment) { _, new in new }.filter { !unsetting.contains($0.key) }
        let output = Pipe()
        let error = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        let child = try ChildProcess(launching: process)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak child] in child?.terminate(grace: 0) }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a chatty program can't block on a full pipe.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return (child.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    static var kcat: String? { find(["kcat", "kafkacat"]) }

    /// Polls `url` until it answers 200, or fails after `timeout` seconds. The end-to-end pass starts some fifty
    /// servers and browsers at once on two cores, so a start can take far longer there than alone (CI once took
    /// over 30 s); the generous limit only matters when something is really wrong.
    static func waitUntilUp(_ url: URL, timeout: TimeInterval = 120) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let response = try? await HTTPClient.shared.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(5)),
               response.status == .ok
            {
                return
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw WebDriver.Failure(description: "\(url) did not come up in \(Int(timeout)) s")
    }

    /// Stops a program the way an operator would (SIGTERM), waits for it to exit, and kills what is left of its group.
    static func stop(_ process: ChildProcess) async {
        await process.stop()
    }
}
