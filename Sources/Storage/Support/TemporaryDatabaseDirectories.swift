import Foundation
import Synchronization

/// Directories made for tests in this process by `AppDatabase.temporary()`, removed when it exits normally (the
/// tests' other files go to TestSupport's `TestFiles.directory`, removed the same way; Storage cannot depend on it): every test opens its own database, and without this each run left hundreds of them
/// behind (6,800 directories and 9 GB in /tmp after a day of test and benchmark runs on one machine).
public enum TemporaryDatabaseDirectories {
    private static let made = Mutex<[URL]>([])
    private static let removalAtExit: Void = {
        atexit { TemporaryDatabaseDirectories.removeAll() }
    }()

    public static func register(_ directory: URL) {
        _ = removalAtExit
        made.withLock { $0.append(directory) }
    }

    private static func removeAll() {
        for directory in made.withLock({ $0 }) {
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
