import Foundation
import Testing
import TestSupport

/// What `kiroku` says when it cannot start where it was told to: a data directory that is a file or cannot be made,
/// a port another program holds. Foundation and NIO's own errors ("The operation could not be completed",
/// "bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)") named no fix and no option.
@Suite(.timeLimit(.minutes(3))) struct StartupRefusalCLITests {
    let scratch = TestFiles.directory.appendingPathComponent("kiroku-startup-\(UUID().uuidString)")

    func kiroku(_ arguments: [String], language: String) throws -> (status: Int32, error: String) {
        let binary = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let run = try Programs.run(
            binary.path, arguments, environment: ["LANG": language], unsetting: ["LC_ALL", "LC_MESSAGES", "KIROKU_DATA_DIR", "KIROKU_PORT"], timeout: 60
        )
        return (run.status, run.error)
    }

    @Test func aDataDirectoryThatIsAFileIsNamedAndNothingIsWrittenIntoIt() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("notes.txt")
        try Data("my notes\n".utf8).write(to: file)
        let serve = try kiroku(["serve", "--port", "\(Programs.freePort())", "--data-dir", file.path], language: "en_US.UTF-8")
        #expect(serve.status == 1, "\(serve.error)")
        #expect(serve.error.contains("--data-dir “\(file.path)” is a file; give a directory"), "\(serve.error)")
        let list = try kiroku(["records", "list", "--user", "someone", "--data-dir", file.path], language: "ja_JP.UTF-8")
        #expect(list.status == 1, "\(list.error)")
        #expect(list.error.contains("はファイルです。データ用のディレクトリを指定してください"), "\(list.error)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "my notes\n", "the file is left as it was")
    }

    @Test func aDataDirectoryThatCannotBeMadeSaysSo() throws {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let file = scratch.appendingPathComponent("a-file")
        try Data().write(to: file)
        let below = file.appendingPathComponent("data").path
        let refused = try kiroku(["records", "list", "--user", "someone", "--data-dir", below], language: "en_US.UTF-8")
        #expect(refused.status == 1, "\(refused.error)")
        #expect(refused.error.contains("Cannot create the data directory “\(below)”"), "\(refused.error)")
    }

    @Test(arguments: [("en_US.UTF-8", "is already in use by another program; stop it or choose another port with --port"),
                      ("ja_JP.UTF-8", "は別のプログラムが使っています")])
    func aPortInUseIsNamedWithTheOptionThatChangesIt(language: String, expected: String) throws {
        // Hold a port the way another server would: bound and listening.
        let (holder, port) = try LoopbackSockets.listen(backlog: 1)
        defer { close(holder) }
        let refused = try kiroku(["serve", "--port", "\(port)", "--data-dir", scratch.appendingPathComponent("data").path], language: language)
        #expect(refused.status == 1, "\(refused.error)")
        #expect(refused.error.contains("127.0.0.1:\(port) \(expected)"), "\(refused.error)")
        #expect(!refused.error.contains("errno"), "no system-call text: \(refused.error)")
    }
}
