import Foundation
import Testing

/// The dependency rules of `../shared/ARCHITECTURE.md` and the README, checked against every `import` in `Sources/`:
/// domain → services → adapters → Server and the CLI, and no arrow upward. A new import that breaks a rule fails here,
/// with the file and the arrow, before review has to notice it.
@Suite struct LayeringTests {
    static let domain: Set<String> = ["Health", "Charts", "TaskSteps", "WaitTimes", "Workouts", "Motivation", "Insights"]
    /// Modules any target may import: the platform's own.
    static let platform: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization",
    ]
    /// What speaks or shapes HTTP on the server side. The application layer and below never see it.
    static let httpServer: Set<String> = [
        "Hummingbird", "HummingbirdCore", "HummingbirdTLS", "HummingbirdTesting", "HTTPTypes", "NIOHTTPTypesHTTP1", "Mustache", "Server",
    ]

    /// For each module of `Sources/`: the Kiroku modules it may import. Third-party modules are governed by the
    /// declared dependencies (next test) and by `httpServer`.
    static let allowed: [String: Set<String>] = [
        "Health": [],
        "Charts": [],
        "TaskSteps": ["Health"],
        "WaitTimes": ["Health"],
        "Workouts": ["Health"],
        "Motivation": ["Health"],
        "Insights": ["Health"],
        "HealthImport": ["Health"],
        "CRdKafka": [],
        "CSQLiteSettings": [],
        "Storage": ["CSQLiteSettings", "Health", "TaskSteps", "WaitTimes", "Workouts"],
        "EventStream": ["CRdKafka", "Health"],
        "Webhooks": ["Health", "Storage", "WaitTimes"],
        "APIModels": ["Health", "WaitTimes"],
        "KirokuClient": ["APIModels", "Health", "WaitTimes", "Workouts"],
        "Services": domain.union(["HealthImport", "Storage", "EventStream", "Webhooks", "KirokuClient", "APIModels"]),
        // Server and the CLI import Storage for its types (records, users, queries, pages); they call the database
        // only through Services (ControllersReachStorageThroughServicesTests).
        "Server": domain.union(["APIModels", "HealthImport", "Storage", "EventStream", "Webhooks", "Services"]),
        "kiroku": domain.union(["HealthImport", "Storage", "EventStream", "Services", "KirokuClient", "Server"]),
    ]

    /// Modules that must not import HTTP server types, whatever their package declares.
    static let httpFree: Set<String> = domain.union(["APIModels", "HealthImport", "Storage", "EventStream", "Webhooks", "KirokuClient", "Services"])

    @Test func everyImportFollowsTheLayering() throws {
        let sources = try SourceImports.read()
        #expect(Set(sources.map(\.module)) == Set(Self.allowed.keys), "every module of Sources/ has a rule")
        var broken: [String] = []
        for file in sources {
            let local = Set(Self.allowed.keys)
            for module in file.imports where module != file.module {
                if local.contains(module), !(Self.allowed[file.module] ?? []).contains(module) {
                    broken.append("\(file.path): \(file.module) → \(module)")
                }
                if Self.httpFree.contains(file.module), Self.httpServer.contains(module) {
                    broken.append("\(file.path): \(file.module) → \(module) (HTTP server types)")
                }
                if Self.domain.contains(file.module), !local.contains(module), !Self.platform.contains(module) {
                    broken.append("\(file.path): \(file.module) → \(module) (a domain module imports Foundation only)")
                }
            }
        }
        #expect(broken.isEmpty, "arrows the layering forbids:\n\(broken.joined(separator: "\n"))")
    }

    /// The CLI starts the server and nothing else of it: only the `serve` command's files import Server, and no CLI
    /// file touches Hummingbird or HTTP types.
    @Test func theCommandLineTouchesServerOnlyToStartIt() throws {
        let cli = try SourceImports.read().filter { $0.module == "kiroku" }
        #expect(!cli.isEmpty)
        let starters = cli.filter { $0.imports.contains("Server") }.map(\.fileName)
        #expect(starters.allSatisfy { $0.hasPrefix("Serve") }, "only Serve*.swift may import Server: \(starters)")
        let http = cli.filter { !$0.imports.intersection(Self.httpServer.subtracting(["Server"])).isEmpty }.map(\.fileName)
        #expect(http.isEmpty, "CLI files importing HTTP types: \(http)")
    }

    /// Every module a source file imports is one its target declares in Package.swift (or the platform's), so the
    /// graph above is the package's real graph and not one that happens to build through a neighbour.
    @Test func everyTargetDeclaresWhatItImports() throws {
        let declared = try PackageTargets.read()
        var undeclared: [String] = []
        for file in try SourceImports.read() {
            guard let dependencies = declared[file.module] else {
                undeclared.append("\(file.module): no target in Package.swift")
                continue
            }
            for module in file.imports.subtracting(Self.platform) where module != file.module && !dependencies.contains(module) {
                undeclared.append("\(file.path): imports \(module), which target \(file.module) does not declare")
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.joined(separator: "\n"))")
    }
}
