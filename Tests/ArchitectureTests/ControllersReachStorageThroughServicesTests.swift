import Foundation
import Testing

/// ARCHITECTURE.md: "Server → Services … controllers stay thin" and "The CLI → Services and KirokuClient". Server and
/// the CLI still name Storage's types (a `HealthRecord`, a `User`, a query), but every read and write goes through a
/// service, where it is scoped to its owner once for the pages, the API and the CLI alike. This reads their source and
/// fails, with file:line, at a call on a database value (`database.records(…)`) or a reach into something's database
/// (`summaries.database…`), outside the composition roots that hand the database to the services they build.
@Suite struct ControllersReachStorageThroughServicesTests {
    /// Files that build services from the database, and why each may name it.
    static let compositionRoots: [String: String] = [
        "Sources/Server/App/App+build.swift": "AppDependencies holds the database; buildApplication and buildRouter build every service from it",
        "Sources/Server/WaitTimes/WaitTimeServices.swift": "builds the feed poller's WaitTimeService from the dependencies' database",
    ]
    /// The folders whose files must go through services.
    static let scanned = ["Sources/Server", "Sources/kiroku"]

    /// One line that reaches the database.
    struct Reach: CustomStringConvertible {
        let path: String
        let line: Int
        let text: String

        var description: String { "\(path):\(line): \(text)" }
    }

    @Test func serverAndCommandLineReachTheDatabaseOnlyThroughServices() throws {
        let reaches = try Self.sourceFiles()
            .filter { file in Self.compositionRoots[file.path] == nil }
            .flatMap { try Self.reaches(in: $0.text, path: $0.path) }
        #expect(reaches.isEmpty, """
            Server and the CLI reach Storage through a service method (add a small one, taking the owner's id, where none \
            fits); only composition roots hand the database to the services they build:
            \(reaches.map(\.description).joined(separator: "\n"))
            """)
    }

    /// No controller even holds the database: only the files that build the application's services name `AppDatabase`
    /// in Server, so a new controller is handed services, never the store behind them.
    @Test func onlyTheServersCompositionRootsHoldTheDatabase() throws {
        let roots: Set<String> = ["Sources/Server/App/App+build.swift", "Sources/Server/Gateway/KafkaServices.swift"]
        let holders = try Self.sourceFiles()
            .filter { $0.path.hasPrefix("Sources/Server/") && !roots.contains($0.path) }
            .flatMap { file in
                file.text.components(separatedBy: "\n").enumerated()
                    .filter { !$0.element.trimmingCharacters(in: .whitespaces).hasPrefix("//") && $0.element.contains("AppDatabase") }
                    .map { "\(file.path):\($0.offset + 1): \($0.element.trimmingCharacters(in: .whitespaces))" }
            }
        #expect(holders.isEmpty, "Server files other than its composition roots that hold AppDatabase:\n\(holders.joined(separator: "\n"))")
    }

    /// The rule reads what it means to: calls on a database and reaches into a service's database, not the composition
    /// that opens one and hands it on, nor comments.
    @Test func theScanTellsAReachFromAComposition() throws {
        let reaching = [
            "let page = try await database.records(userId: userId, query: query)",
            "let latest = try await summaries.database.latestRecord(userId: userId, metric: metric.id)",
            "var motivation: MotivationService { MotivationService(database: summaries.database) }",
            "guard try await service.database.store(id: id) != nil else { throw APIError.notFound }",
            "if let user = try await database.user(username: name) {",
        ]
        let composing = [
            "let database = try data.openDatabase()",
            "return try AppDatabase.open(path: path, durableCommits: durableCommits)",
            "let records = HealthRecordService(database: database)",
            "let owner = try await data.user(user, in: database)",
            "// The database hands out pages of at most PageRequest.maxLimit: database.records(…) in a comment",
        ]
        for line in reaching { #expect(try Self.reaches(in: line, path: "sample").count == 1, "\(line)") }
        for line in composing { #expect(try Self.reaches(in: line, path: "sample").isEmpty, "\(line)") }
    }

    /// An allowed file that no longer touches the database loses its place, so the list stays the list of roots.
    @Test func everyCompositionRootStillNeedsItsPlace() throws {
        let files = Dictionary(uniqueKeysWithValues: try Self.sourceFiles().map { ($0.path, $0.text) })
        for path in Self.compositionRoots.keys.sorted() {
            let text = try #require(files[path], "\(path) is in the allow-list but does not exist")
            #expect(try !Self.reaches(in: text, path: path).isEmpty, "\(path) no longer reaches the database: remove it from the allow-list")
        }
    }

    /// `database.records(`, `database.user(`: a call on a value named database (`AppDatabase.open(` and
    /// `data.openDatabase(` are not: a letter or a dot stands before the name). `.database`: anything's database
    /// reached from outside it. Lines that are comments are skipped.
    static func reaches(in text: String, path: String) throws -> [Reach] {
        let patterns = [
            try NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])database\.[A-Za-z_][A-Za-z0-9_]*\s*\("#),
            try NSRegularExpression(pattern: #"\.database(?![A-Za-z0-9_])"#),
        ]
        var found: [Reach] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//") else { continue }
            let range = NSRange(code.startIndex..., in: code)
            if patterns.contains(where: { $0.firstMatch(in: code, range: range) != nil }) {
                found.append(Reach(path: path, line: index + 1, text: code))
            }
        }
        return found
    }

    /// Every Swift file under the scanned folders, by its path from the repository root, in path order.
    static func sourceFiles() throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for folder in scanned {
            let directory = SourceImports.repositoryRoot.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(atPath: directory.path), "\(folder) is missing")
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                files.append((path: "\(folder)/\(relative)", text: try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)))
            }
        }
        #expect(!files.isEmpty)
        return files.sorted { $0.path < $1.path }
    }
}
