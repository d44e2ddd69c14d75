import Foundation
import Testing

/// Server → Services for the Workouts system: its controllers and page helpers reach stored data only through
/// `WorkoutService` and `DeviceAuthService`, which keep the owner filter, the validation and the one-transaction
/// writes. A page that asked `AppDatabase` itself could skip them; this names the file and line that does.
@Suite struct WorkoutsControllerLayeringTests {
    @Test func theWorkoutsControllersAndCommandNeverCallTheDatabase() throws {
        let root = SourceImports.repositoryRoot
        let folder = root.appendingPathComponent("Sources/Server/Workouts")
        var files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { "Sources/Server/Workouts/\($0)" }
        #expect(files.count >= 10, "found \(files)")
        files.append("Sources/kiroku/WorkoutsCommand.swift")
        var calls: [String] = []
        for path in files {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("database.") || (line.contains("AppDatabase") && path.hasPrefix("Sources/Server")) {
                calls.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(calls.isEmpty, "calls to the database outside Services:\n\(calls.joined(separator: "\n"))")
    }
}
