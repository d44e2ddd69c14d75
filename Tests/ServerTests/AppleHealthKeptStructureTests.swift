import Foundation
import Health
import Services
import Storage
import Testing

/// What an iOS 16–17 export nests inside its elements (a multisport workout's activities, a route's own metadata,
/// a prescription's eyes, a correlation's source version and device) is kept where it belongs, into a real SQLite
/// file. The fixture `export-ios17-structure.xml` is written by hand from the export's DTD and documented shapes.
@Suite("Apple Health: nested elements are kept where they belong")
struct AppleHealthKeptStructureTests {
    let database: AppDatabase
    let userId: Int64

    init() async throws {
        database = try AppDatabase.temporary()
        userId = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id!
    }

    private func importFixture() async throws -> ImportJob {
        let file = AppleHealthImportTests.fixture("export-ios17-structure.xml")
        let importer = AppleHealthImporter(database: database)
        let job = try await importer.prepareJob(userId: userId, file: file, now: Date())
        return try await importer.run(job, file: file)
    }

    private static func object(_ json: String?) -> [String: Any]? {
        json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    private static func array(_ json: String?) -> [[String: Any]]? {
        json.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [[String: Any]] }
    }

    @Test("A multisport workout's total is the whole race, not its first leg; each leg is kept with its own statistics")
    func multisportWorkout() async throws {
        let first = try await importFixture()
        #expect(first.state == .succeeded)
        let workouts = try await database.workouts(userId: userId)
        let race = try #require(workouts.first { $0.activityType == "HKWorkoutActivityTypeSwimBikeRun" })
        // Swimming 750 m, cycling 20 km, running 5 km (km converted by the catalog, so compared to the millimetre).
        #expect(race.distanceMeters.map { ($0 * 1000).rounded() / 1000 } == 25_750)
        #expect(race.energyKcal == 900)
        let statistics = try #require(Self.array(race.statistics))
        #expect(statistics.count == 4, "the workout's own four statistics, no leg's repeated among them")
        let metadata = try #require(Self.object(race.metadata) as? [String: String])
        #expect(metadata["HKMetadataKeySyncIdentifier"] == "workout-sync-1", "the route's own sync identifier does not overwrite it")
        let children = try #require(Self.array(metadata["children"]))
        let legs = children.filter { $0["element"] as? String == "WorkoutActivity" }
        #expect(legs.map { $0["uuid"] as? String } == (1...3).map { "0A1B2C3D-0000-4000-8000-00000000000\($0)" })
        let swim = try #require(legs.first?["children"] as? [[String: String]])
        #expect(swim.contains { $0["element"] == "WorkoutStatistics" && $0["type"] == "HKQuantityTypeIdentifierDistanceSwimming" && $0["sum"] == "750" })
        #expect(swim.contains { $0["element"] == "MetadataEntry" && $0["key"] == "HKSwimmingLocationType" && $0["value"] == "2" })
        let route = try #require(children.first { $0["element"] as? String == "WorkoutRoute" })
        #expect(route["sourceVersion"] as? String == "10.5")
        #expect((route["children"] as? [[String: String]])?.contains { $0["key"] == "HKMetadataKeySyncIdentifier" && $0["value"] == "route-sync-9" } == true)
        #expect(race.routeFiles == #"["/workout-routes/route_2024-06-02_8.40am.gpx"]"#)

        // A workout whose totals are only its activity's still has them.
        let ride = try #require(workouts.first { $0.activityType == "HKWorkoutActivityTypeCycling" })
        #expect(ride.distanceMeters.map { ($0 * 1000).rounded() / 1000 } == 25_000)
        #expect(ride.energyKcal == 500)

        let again = try await importFixture()
        #expect(again.total.imported == 0)
        #expect(try await database.workouts(userId: userId).count == 2)
    }

    @Test("A vision prescription says which eye is which; a correlation keeps its source version, device and creation date")
    func namedChildrenAndCorrelationAttributes() async throws {
        _ = try await importFixture()
        let prescription = try #require(try await database.rawItems(userId: userId).first { $0.element == "VisionPrescription" })
        let eyes = try #require(Self.array((Self.object(prescription.metadata) as? [String: String])?["children"]))
        #expect(eyes.first { $0["element"] as? String == "RightEye" }?["axis"] as? String == "90")
        #expect(eyes.first { $0["element"] as? String == "LeftEye" }?["axis"] as? String == "85")

        let correlation = try #require(try await database.correlations(userId: userId).first?.correlation)
        let metadata = try #require(Self.object(correlation.metadata) as? [String: String])
        #expect(metadata["@sourceVersion"] == "3.1")
        #expect(metadata["@creationDate"] == "2024-06-01 07:01:00 +0530")
        #expect(metadata["@device"]?.contains("HEM-7600T") == true)
    }
}
