
// swift-tools-version:6.2
import Foundation
import PackageDescription

let package = Package(
    name: "kiroku",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kiroku", targets: ["kiroku"]),
        .library(name: "Health", targets: ["Health"]),
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "TaskSteps", targets: ["TaskSteps"]),
        .library(name: "WaitTimes", targets: ["WaitTimes"]),
        .library(name: "Workouts", targets: ["Workouts"]),
        .library(name: "KirokuClient", targets: ["KirokuClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already built for HummingbirdTesting; the end-to-end tests use it as their HTTP client.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Hummingbird's own HTTP types and NIO glue; named here because Server's connection guard uses them directly.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // Apple Health import: reads export.zip entries as a stream, without unpacking to disk.
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", exact: "0.9.20"),
    ],
    targets: [
        // Pure domain: Foundation only, no I/O, the current time always a parameter.
        .target(name: "Health"),
        .target(name: "Charts"),
        // Domains may share Health's kernel types (Language, LocalizedText, LocalDay) and nothing else.
        .target(name: "TaskSteps", dependencies: ["Health"]),
        // さわやか wait times: stores, hours, holidays, waits, filters, forecast.
        .target(name: "WaitTimes", dependencies: ["Health"]),
        // Strength training: exercises, sets, e1RM formulas, weekly dashboard, personal records.
        .target(name: "Workouts", dependencies: ["Health"]),
        // Streaks, habit strength, freezes, pauses, goals and their suggestions, badges, reminder rules.
        .target(name: "Motivation", dependencies: ["Health"]),
        // Period statistics, the weight trend and its forecast, correlations, anomalies, advice.
        .target(name: "Insights", dependencies: ["Health"]),
        // Apple Health export reader and HealthKit → catalog mapping: streams bytes in, samples out; no database.
        .target(
            name: "HealthImport",
            dependencies: ["Health", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),

        // librdkafka from Debian's librdkafka-dev; every C pointer stays inside EventStream's RDKafka* types.
        .systemLibrary(name: "CRdKafka", pkgConfig: "rdkafka", providers: [.apt(["librdkafka-dev"])]),
        .target(
            name: "EventStream",
            dependencies: [
                "CRdKafka",
                // The shared kernel's Backoff: one retry schedule for every client and relay.
                "Health",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The JSON shapes of the HTTP API, declared once: the server encodes them, KirokuClient decodes them.
        .target(name: "APIModels", dependencies: ["Health", "WaitTimes"]),
        // What a phone app would embed: the HTTP side of Kiroku's systems. Never Server or Storage.
        .target(
            name: "KirokuClient",
            dependencies: [
                "APIModels",
                "Health",
                "WaitTimes",
                "Workouts",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // SQLite's process-wide settings (`sqlite3_config` is variadic, so a C header wraps it); Debian's libsqlite3-dev.
        .systemLibrary(name: "CSQLiteSettings", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "Storage",
            dependencies: [
                "CSQLiteSettings",
                "Health",
                "TaskSteps",
                "WaitTimes",
                "Workouts",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API for the import's hot inserts (ImportStatement).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // A row that cannot be read is skipped and logged (table and id only), never fatal.
                .product(name: "Logging", package: "swift-log"),
                // SHA-256 of handed-out tokens (`TokenHash`), so a migration can hash tokens it finds stored in plain text.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Outgoing wait-alert webhooks: every address resolved and checked, the post sent to exactly that address.
        .target(
            name: "Webhooks",
            dependencies: [
                "Health",
                "Storage",
                "WaitTimes",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The application layer: one service per system, what the server and the CLI both call. No HTTP here:
        // services throw domain errors and take the current time (or a clock) as a parameter.
        .target(
            name: "Services",
            dependencies: [
                // The sync agent pushes to a gateway with the client a phone app would embed.
                "KirokuClient",
                "Health",
                "HealthImport",
                "TaskSteps",
                "WaitTimes",
                "Workouts",
                "Motivation",
                "Insights",
                // The share card's drawing, shared by the server's download and `kiroku share-card`.
                "Charts",
                "Storage",
                "EventStream",
                "Webhooks",
                .product(name: "Crypto", package: "swift-crypto"),
                // scrypt, the memory-hard key derivation that seals backups with a passphrase.
                .product(name: "CryptoExtras", package: "swift-crypto"),
                // bcrypt only: the module has no HTTP in it.
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                // Long-running parts (the import runner) are services of the application's group.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "Server",
            dependencies: [
                "APIModels",
                "Services",
                "Webhooks",
                "Health",
                "HealthImport",
                "TaskSteps",
                "EventStream",
                "WaitTimes",
                "Workouts",
                "Motivation",
                "Insights",
                "Charts",
                "Storage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Templates"), .copy("Public")]
        ),
        .executableTarget(
            name: "kiroku",
            dependencies: [
                "Server",
                "Services",
                "Storage",
                "Health",
                "TaskSteps",
                "EventStream",
                "KirokuClient",
                "WaitTimes",
                "Workouts",
                "Motivation",
                "Insights",
                "Charts",
                "HealthImport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Benchmarks: run with `make bench` (release build); never part of `swift test`.
        .executableTarget(
            name: "KirokuBenchmarks",
            dependencies: [
                "Health", "HealthImport", "Charts", "Storage", "EventStream", "WaitTimes", "Workouts", "Services", "Server",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/KirokuBenchmarks"
        ),

        // What several test targets share: the directory their files go to (removed when the test process exits), a seeded
        // random number generator.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Reads Sources/ and Package.swift: the layering rules, enforced.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "HealthTests", dependencies: ["Health", "TestSupport"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts"]),
        .testTarget(name: "MotivationTests", dependencies: ["Motivation", "Health"]),
        .testTarget(name: "InsightsTests", dependencies: ["Insights", "Health", "TestSupport"]),
        .testTarget(name: "TaskStepsTests", dependencies: ["TaskSteps", "Health"]),
        .testTarget(name: "WaitTimesTests", dependencies: ["WaitTimes", "Health"], exclude: ["Fixtures"]),
        .testTarget(name: "HealthImportTests", dependencies: ["HealthImport", "Health", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "WorkoutsTests", dependencies: ["Workouts", "Health"], exclude: ["Fixtures"]),
        .testTarget(
            name: "KirokuClientTests",
            dependencies: [
                "APIModels",
                "KirokuClient",
                "Health",
                "Server",
                "Services",
                "Storage",
                "WaitTimes",
                "TestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "EventStreamTests",
            dependencies: ["EventStream", .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "ServicesTests", dependencies: ["Services", "Storage", "Health", "Insights", "TaskSteps", "Workouts", "EventStream", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "StorageTests", dependencies: ["CSQLiteSettings", "Storage", "Health", "TaskSteps", "WaitTimes", "Workouts", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server",
                "Services",
                // Sign in with Apple's tests make their own RSA key and sign their own identity tokens.
                .product(name: "CryptoExtras", package: "swift-crypto"),
                // The stateless gateway's tests run librdkafka's mock cluster.
                "EventStream",
                "Webhooks",
                "Storage",
                "Health",
                "TaskSteps",
                "WaitTimes",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "Motivation",
                "Charts",
                "TestSupport",
                // Inflates the share card's PNG to look at its pixels.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // Starts the real `kiroku` binary and drives it with real clients (chromium through chromedriver).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "EventStream",
                "TestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
    ]
)

// libFuzzer harnesses for the parsers (`make fuzz`, FUZZING.md): declared only when KIROKU_FUZZ is set, and built
// into .build-fuzz with -sanitize=fuzzer,address, so `swift build` and `swift test` never see them.
if ProcessInfo.processInfo.environment["KIROKU_FUZZ"] != nil {
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzXMLExport", dependencies: ["FuzzSupport", "HealthImport"], path: "Fuzz/FuzzXMLExport"),
        .executableTarget(name: "FuzzJSONScanner", dependencies: ["FuzzSupport", "HealthImport"], path: "Fuzz/FuzzJSONScanner"),
        .executableTarget(name: "FuzzCSVRecords", dependencies: ["FuzzSupport", "HealthImport", "Health"], path: "Fuzz/FuzzCSVRecords"),
        .executableTarget(name: "FuzzWorkoutCSV", dependencies: ["FuzzSupport", "Workouts"], path: "Fuzz/FuzzWorkoutCSV"),
        .executableTarget(name: "FuzzDates", dependencies: ["FuzzSupport", "Health", "HealthImport", "Workouts"], path: "Fuzz/FuzzDates"),
    ]
}

// Every target: Swift 6 language mode, strict concurrency, and the upcoming features the
// Hummingbird packages build with, so that warnings here mean the same as there.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
