import Foundation

/// Where tests put their files: one directory per test process under the system's temporary directory, removed when
/// the process exits, so that a test run leaves nothing behind. Tests name their files and data directories in it as
/// they did directly under the temporary directory; before, a whole run of `make test` left about 700 MB there.
/// (`AppDatabase.temporary()` keeps its own databases in Storage's `TemporaryDatabaseDirectories`, removed the same way.)
///
/// `KIROKU_KEEP_TEST_FILES=1` keeps the directory, to look at a failed test's files; its path is printed then.
public enum TestFiles {
    public static let directory: URL = {
        let name = "kiroku-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["KIROKU_KEEP_TEST_FILES"] == "1" {
            print("Test files are kept in \(directory.path)")
        } else {
            atexit { try? FileManager.default.removeItem(at: TestFiles.directory) }
        }
        return directory
    }()
}
