import Foundation
import GRDB
import Health
import HealthImport
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing
import ZIPFoundation
import TestSupport

/// Routes end to end: an `export.zip` built here from the format's description (export.xml naming its GPX files by
/// `<FileReference>`, the GPX files under `workout-routes/`, an old-style workout with inline `<Location>`s), a Health
/// Auto Export delivery with a route, the workout page's track and its GPX download, re-import and account deletion.
@Suite("Workout routes: import, page, GPX, deletion")
struct WorkoutRouteTests {
    static let exportXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData locale CDATA #REQUIRED>
        ]>
        <HealthData locale="ja_JP">
         <ExportDate value="2024-03-05 21:00:00 +0900"/>
         <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="10" durationUnit="min" sourceName="Apple Watch" startDate="2024-03-02 06:00:00 +0900" endDate="2024-03-02 06:10:00 +0900">
          <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-03-02 06:00:00 +0900" endDate="2024-03-02 06:10:00 +0900" sum="1.2" unit="km"/>
          <WorkoutRoute sourceName="Apple Watch" startDate="2024-03-02 06:00:00 +0900" endDate="2024-03-02 06:10:00 +0900">
           <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
           <FileReference path="/workout-routes/route_2024-03-02_6.10am.gpx"/>
          </WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="5" durationUnit="min" sourceName="iPhone" startDate="2016-11-14 07:20:00 -0700" endDate="2016-11-14 07:25:00 -0700">
          <WorkoutRoute sourceName="iPhone" startDate="2016-11-14 07:20:00 -0700" endDate="2016-11-14 07:25:00 -0700">
           <Location date="2016-11-14 07:20:00 -0700" latitude="37.7777" longitude="-122.426" altitude="21.2" horizontalAccuracy="2.4" verticalAccuracy="1.6" course="-1" speed="1.4"/>
           <Location date="2016-11-14 07:22:00 -0700" latitude="37.7787" longitude="-122.427" altitude="22.0" horizontalAccuracy="2.4" verticalAccuracy="1.6" course="300" speed="1.5"/>
           <Location date="2016-11-14 07:25:00 -0700" latitude="37.7797" longitude="-122.428" altitude="20.5" horizontalAccuracy="2.4" verticalAccuracy="1.6" course="300" speed="1.3"/>
          </WorkoutRoute>
         </Workout>
         <Workout workoutActivityType="HKWorkoutActivityTypeYoga" duration="30" durationUnit="min" sourceName="Apple Watch" startDate="2024-03-03 20:00:00 +0900" endDate="2024-03-03 20:30:00 +0900"/>
        </HealthData>
        """

    /// Four readable points around the Imperial Palace and one whose latitude is off the Earth.
    static let matchedGPX = gpx([
        (35.6852, 139.7528, 10, "2024-03-01T21:00:00Z"), (35.6862, 139.7538, 12, "2024-03-01T21:02:30Z"),
        (35.6872, 139.7528, 15, "2024-03-01T21:05:00Z"), (35.6862, 139.7518, 11, "2024-03-01T21:07:30Z"),
        (135.0, 139.75, 0, "2024-03-01T21:08:00Z"),
    ])
    /// A route file no workout of the export names.
    static let orphanGPX = gpx([(34.7, 135.5, 3, "2019-01-01T00:00:00Z"), (34.71, 135.51, 4, "2019-01-01T00:01:00Z")])

    static func gpx(_ points: [(Double, Double, Double, String)]) -> String {
        let body = points.map { lat, lon, ele, time in
            "<trkpt lon=\"\(lon)\" lat=\"\(lat)\"><ele>\(ele)</ele><time>\(time)</time><extensions><speed>2.5</speed><course>45</course><hAcc>5</hAcc><vAcc>4</vAcc></extensions></trkpt>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
            <metadata><time>2024-03-05T12:00:00Z</time></metadata>
            <trk><name>Route</name><trkseg>
            \(body)
            </trkseg></trk>
            </gpx>
            """
    }

    /// An `export.zip` as the Health app writes it: `apple_health_export/` with export.xml and `workout-routes/`.
    static func exportZip() throws -> URL {
        let url = TestFiles.directory.appendingPathComponent("routes-\(UUID().uuidString).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in [
            ("apple_health_export/export.xml", exportXML),
            ("apple_health_export/workout-routes/route_2024-03-02_6.10am.gpx", matchedGPX),
            ("apple_health_export/workout-routes/route_2019-01-01_9.00am.gpx", orphanGPX),
        ] {
            let data = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    /// A fresh database with one user, and the zip (the caller removes it).
    static func setUp() async throws -> (AppDatabase, Int64, URL) {
        let database = try AppDatabase.temporary()
        let userId = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id!
        return (database, userId, try exportZip())
    }

    static func importZip(_ zip: URL, userId: Int64, database: AppDatabase) async throws -> ImportJob {
        var importer = AppleHealthImporter(database: database)
        importer.batchSize = 2
        let job = try await importer.prepareJob(userId: userId, file: zip, now: Date())
        return try await importer.run(job, file: zip)
    }

    @Test("A zip's GPX files and inline locations become routes; an orphan file and a bad point are kept raw and counted; re-import adds nothing")
    func zipImport() async throws {
        let (database, userId, zip) = try await Self.setUp()
        defer { try? FileManager.default.removeItem(at: zip) }

        let first = try await Self.importZip(zip, userId: userId, database: database)
        #expect(first.state == .succeeded)
        #expect(first.counts["workout"] == ImportTally(imported: 3))
        #expect(first.counts["workoutRoutePoint"] == ImportTally(imported: 7), "4 from the GPX file, 3 inline")
        #expect(first.keptRawReasons["unmatched_route"] == 1)
        #expect(first.keptRawReasons["bad_value"] == 1, "the point at latitude 135")
        #expect(first.counts["WorkoutRoute"] == ImportTally(imported: 2))

        let workouts = try await database.workouts(userId: userId)
        let run = try #require(workouts.first { $0.activityType == "HKWorkoutActivityTypeRunning" })
        let walk = try #require(workouts.first { $0.activityType == "HKWorkoutActivityTypeWalking" })
        let runRoute = try await database.routePoints(userId: userId, workoutId: run.id!)
        #expect(runRoute.map(\.latitude) == [35.6852, 35.6862, 35.6872, 35.6862])
        #expect(runRoute.map(\.origin) == Array(repeating: .exportGPX, count: 4))
        #expect(runRoute.first?.time == Date(timeIntervalSince1970: 1_709_326_800))
        #expect(runRoute.first?.elevation == 10 && runRoute.first?.speed == 2.5 && runRoute.first?.horizontalAccuracy == 5)
        let walkRoute = try await database.routePoints(userId: userId, workoutId: walk.id!)
        #expect(walkRoute.map(\.origin) == Array(repeating: .exportInline, count: 3))
        #expect(walkRoute.map(\.course) == [nil, 300, 300])
        let orphan = try #require(try await database.rawItems(userId: userId).first { $0.element == "WorkoutRouteFile" })
        #expect(orphan.attributes.contains("route_2019-01-01_9.00am.gpx") && orphan.attributes.contains("34.71"))
        #expect(orphan.metadata.contains("unmatched_route"))

        let rowsBefore = try await database.importedRowCounts(userId: userId)
        let again = try await Self.importZip(zip, userId: userId, database: database)
        #expect(again.id != first.id)
        #expect(again.counts["workoutRoutePoint"] == ImportTally(alreadyPresent: 7))
        #expect(again.counts["WorkoutRoute"] == ImportTally(alreadyPresent: 2))
        #expect(try await database.importedRowCounts(userId: userId) == rowsBefore, "no duplicate points or raw items")
        #expect(rowsBefore["healthWorkoutRoutePoint"] == 7)
    }

    struct Stop: Error {}

    @Test("Stopped between route files (a shutdown), the import resumes and its routes come out whole")
    func stoppedDuringRouteFiles() async throws {
        let (database, userId, zip) = try await Self.setUp()
        defer { try? FileManager.default.removeItem(at: zip) }
        let importer = AppleHealthImporter(database: database)
        let job = try await importer.prepareJob(userId: userId, file: zip, now: Date())
        await #expect(throws: Stop.self) {
            try await importer.run(job, file: zip, beforeCommit: { batch in if batch == 0 { throw Stop() } })
        }
        #expect(try await database.routePoints(userId: userId).count == 3, "only the inline route so far")
        let resumed = try await Self.importZip(zip, userId: userId, database: database)
        #expect(resumed.id == job.id && resumed.state == .succeeded)
        #expect(resumed.counts["workoutRoutePoint"] == ImportTally(imported: 7))
        #expect(try await database.routePoints(userId: userId).count == 7)
    }

    /// The run's route (from a GPX file) and the walk's (inline `<Location>`s): what the workout page and the first
    /// page of points show as the summary, and the summary computed here from the stored points.
    static func summaries(_ database: AppDatabase, userId: Int64) async throws -> [(shown: [RouteSummary?], fromPoints: RouteSummary)] {
        let service = WorkoutRouteService(database: database)
        var answers: [(shown: [RouteSummary?], fromPoints: RouteSummary)] = []
        for activity in ["HKWorkoutActivityTypeRunning", "HKWorkoutActivityTypeWalking"] {
            let workout = try #require(try await database.workouts(userId: userId).first { $0.activityType == activity }?.id)
            let points = try await database.routePoints(userId: userId, workoutId: workout).map(\.point)
            let overview = try await service.detail(workoutId: workout, userId: userId)
            let firstPage = try await service.detail(workoutId: workout, userId: userId, points: .page(cursor: nil, limit: 1))
            answers.append(([overview.summary, firstPage.summary], RouteSummary(points)))
        }
        return answers
    }

    @Test("A route's summary is kept when it is written and equals its points' (GPX and inline), also in a database migrated from before")
    func keptSummary() async throws {
        let directory = TestFiles.directory.appendingPathComponent("route-summary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("kiroku.sqlite").path
        let zip = try Self.exportZip()
        defer { try? FileManager.default.removeItem(at: zip) }
        let database = try AppDatabase.open(path: path)
        let userId = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id!
        _ = try await Self.importZip(zip, userId: userId, database: database)

        let imported = try await Self.summaries(database, userId: userId)
        #expect(imported.map(\.fromPoints.pointCount) == [4, 3])
        #expect(imported.allSatisfy { $0.fromPoints.distanceMeters > 0 && $0.fromPoints.elapsedSeconds ?? 0 > 0 && $0.fromPoints.ascentMeters ?? 0 > 0 })
        for route in imported { #expect(route.shown == [route.fromPoints, route.fromPoints]) }
        let kept = try await database.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM healthWorkout WHERE userId = ? AND routeSummary IS NOT NULL", arguments: [userId])
        }
        #expect(kept == 2, "kept on both workouts with a route, not on the yoga session")

        // The thinned overview is the evenly spaced points themselves.
        let run = try #require(try await database.workouts(userId: userId).first { $0.activityType == "HKWorkoutActivityTypeRunning" }?.id)
        let all = try await database.routePoints(userId: userId, workoutId: run).map(\.point)
        let thinned = try await WorkoutRouteService(database: database).detail(workoutId: run, userId: userId, points: .overview(maxPoints: 3))
        #expect(thinned.pointsThinned && thinned.points == [all[0], all[1], all[3]])

        // The same file as it was before summaries were kept: no column, the migration not yet run.
        try await database.writer.write { db in
            try db.execute(sql: "ALTER TABLE healthWorkout DROP COLUMN routeSummary")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v7-workout-route-summaries'")
        }
        let migrated = try AppDatabase.open(path: path)
        let afterMigration = try await Self.summaries(migrated, userId: userId)
        #expect(afterMigration.map(\.fromPoints) == imported.map(\.fromPoints))
        for route in afterMigration { #expect(route.shown == [route.fromPoints, route.fromPoints]) }
        #expect(try await migrated.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM healthWorkout WHERE userId = ? AND routeSummary IS NOT NULL", arguments: [userId])
        } == 2, "the migration summarised both routes")
    }

    @Test("Deleting the account deletes its routes")
    func deletion() async throws {
        let (database, userId, zip) = try await Self.setUp()
        defer { try? FileManager.default.removeItem(at: zip) }
        _ = try await Self.importZip(zip, userId: userId, database: database)
        #expect(try await database.routePoints(userId: userId).count == 7)
        try await database.deleteUser(id: userId)
        #expect(try await database.routePoints(userId: userId).isEmpty)
        #expect(try await database.importedRowCounts(userId: userId).values.allSatisfy { $0 == 0 })
    }

    @Test("The export holds every route, point by point")
    func export() async throws {
        let (database, userId, zip) = try await Self.setUp()
        defer { try? FileManager.default.removeItem(at: zip) }
        _ = try await Self.importZip(zip, userId: userId, database: database)
        let user = try #require(try await database.user(id: userId))
        let document = try JSONSerialization.jsonObject(with: try await DataExporter(database: database).json(user: user, now: Date())) as? [String: Any]
        let routes = try #require(document?["healthWorkoutRoutes"] as? [[String: Any]])
        #expect(routes.map { ($0["points"] as? [Any])?.count } == [4, 3])
        #expect(Set(routes.compactMap { $0["origin"] as? String }) == ["export-gpx", "export-inline"])
    }

    @Test("The workout page draws the route with start and finish and offers a GPX that reads back as the stored points")
    func pageAndGPX() async throws {
        let server = try TestServer()
        let zip = try Self.exportZip()
        defer { try? FileManager.default.removeItem(at: zip) }
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let userId = try #require(try await server.database.user(username: "hanako")?.id)
            _ = try await Self.importZip(zip, userId: userId, database: server.database)
            let workouts = try await server.database.workouts(userId: userId)
            let run = try #require(workouts.first { $0.activityType == "HKWorkoutActivityTypeRunning" }?.id)
            let yoga = try #require(workouts.first { $0.activityType == "HKWorkoutActivityTypeYoga" }?.id)

            let list = try await browser.get("/records/workouts").text
            #expect(list.contains("href=\"/records/workouts/\(run)\""))

            let page = try await browser.get("/records/workouts/\(run)")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("<path class=\"kc-route-track\" d=\"M"))
            #expect(html.contains("class=\"kc-route-start\"") && html.contains("class=\"kc-route-end\""))
            #expect(html.contains("width=\"100%\""), "the track shrinks to a 390 px phone")
            #expect(html.contains("スタート") && html.contains("ゴール") && html.contains("GPX をダウンロード"))
            // The layout's installable-app script is on every page; the route itself needs none.
            #expect(!html.replacingOccurrences(of: #"<script src="/static/pwa.js" defer></script>"#, with: "").contains("<script"), "no script needed")
            // Three legs of 0.001° north and 0.001° east or west at 35.7° N: √(111.2² + 90.3²) ≈ 143.2 m each, 430 m in all;
            // it climbs 2 + 3 m and descends 4 m.
            #expect(html.contains("0.43 km"))
            #expect(html.contains("↑ 5 m · ↓ 4 m"))

            let download = try await browser.get("/records/workouts/\(run)/route.gpx")
            #expect(download.status == .ok)
            #expect(download.headers[.contentType] == "application/gpx+xml; charset=utf-8")
            // Named by the day the run happened in Tokyo (06:00 +0900), not by the UTC day before.
            #expect(download.headers[.contentDisposition]?.contains("2024-03-02.gpx") == true)
            var reader = GPXRouteReader(now: Date())
            var points: [RoutePoint] = []
            try reader.feed(Array(download.text.utf8)) { if case let .point(point) = $0 { points.append(point) } }
            try reader.finish()
            let stored = try await server.database.routePoints(userId: userId, workoutId: run).map(\.point)
            #expect(points == stored)

            let noRoute = try await browser.get("/records/workouts/\(yoga)")
            #expect(noRoute.status == .ok)
            #expect(noRoute.text.contains("id=\"health-workout-no-route\""))
            #expect(try await browser.get("/records/workouts/\(yoga)/route.gpx").status == .notFound)

            var other = WebSession(client)
            _ = try await other.signUp("taro")
            #expect(try await other.get("/records/workouts/\(run)").status == .notFound, "another user's workout does not exist")
            #expect(try await other.get("/records/workouts/\(run)/route.gpx").status == .notFound)
        }
    }

    static var healthAutoExportPayload: [String: Any] { ["data": ["metrics": [], "workouts": [[
            "id": "RUN-1", "name": "Outdoor Run", "start": "2024-02-06 07:00:00 +0900", "end": "2024-02-06 07:30:00 +0900", "duration": 1800,
            "activeEnergyBurned": ["qty": 350, "units": "kcal"], "totalEnergy": ["qty": 450, "units": "kcal"],
            "distance": ["qty": 5, "units": "km"],
            "heartRateData": [
                ["date": "2024-02-06 07:01:00 +0900", "Min": 100, "Avg": 120, "Max": 135, "units": "count/min", "source": "Apple Watch"],
                ["date": "2024-02-06 07:02:00 +0900", "Min": 130, "Avg": 140, "Max": 150, "units": "count/min", "source": "Apple Watch"],
            ],
            "route": [
                ["latitude": 35.0, "longitude": 135.0, "altitude": 50, "speed": 3, "course": 10, "horizontalAccuracy": 5, "verticalAccuracy": 3, "timestamp": "2024-02-06 07:00:10 +0900"],
                ["latitude": 35.001, "longitude": 135.0, "altitude": 52, "speed": 3, "course": 0, "horizontalAccuracy": 5, "verticalAccuracy": 3, "timestamp": "2024-02-06 07:00:50 +0900"],
                ["latitude": 35.002, "longitude": 135.001, "altitude": 51, "timestamp": "2024-02-06 07:01:30 +0900"],
            ],
        ]]]] }

    @Test("Health Auto Export: a workout's route, heart rate and total energy are kept; the API returns them; a retry adds nothing")
    func healthAutoExport() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.test { client in
            var headers: HTTPFields = [.init("api-key")!: token, .contentType: "application/json"]
            let first = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(Self.healthAutoExportPayload))
            #expect((try first.json()["workouts"] as? [String: Int])?["inserted"] == 1)
            let retry = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(Self.healthAutoExportPayload))
            #expect((try retry.json()["workouts"] as? [String: Int]) == ["inserted": 0, "updated": 0, "unchanged": 1])

            let workout = try #require(try await server.database.workouts(userId: user.id!).first)
            #expect(workout.energyKcal == 350)
            #expect(try await server.database.routePoints(userId: user.id!).count == 3, "the retry added no points")

            headers = HTTPFields.bearer(token)
            let route = try await client.execute(uri: "/api/v1/health-workouts/\(workout.id!)/route", method: .get, headers: headers)
            #expect(route.status == .ok)
            let json = try route.json()
            let points = try #require(json["points"] as? [[String: Any]])
            #expect(points.map { $0["latitude"] as? Double } == [35.0, 35.001, 35.002])
            #expect(points.first?["time"] as? String == "2024-02-05T22:00:10.000Z")
            #expect(points.first?["elevation"] as? Double == 50)
            let summary = try #require(json["summary"] as? [String: Any])
            #expect(summary["pointCount"] as? Int == 3)
            #expect((json["heartRates"] as? [[String: Any]])?.map { $0["average"] as? Double } == [120, 140])

            let gpx = try await client.execute(uri: "/api/v1/health-workouts/\(workout.id!)/route.gpx", method: .get, headers: headers)
            #expect(gpx.status == .ok && gpx.text.contains("<gpx version=\"1.1\"") && gpx.text.contains("<ele>52</ele>"))

            let page = try await WebSessionlessPage.get(client, "/records/workouts/\(workout.id!)")
            #expect(page == .seeOther || page == .found, "the page needs a signed-in browser")

            let (_, otherToken) = try await server.user("taro")
            let foreign = try await client.execute(uri: "/api/v1/health-workouts/\(workout.id!)/route", method: .get, headers: HTTPFields.bearer(otherToken))
            #expect(foreign.status == .notFound)
            let anonymous = try await client.execute(uri: "/api/v1/health-workouts/\(workout.id!)/route", method: .get)
            #expect(anonymous.status == .unauthorized)
        }
    }
}

/// A page fetched without any session, for checking the sign-in guard.
enum WebSessionlessPage {
    static func get(_ client: any TestClientProtocol, _ uri: String) async throws -> HTTPResponse.Status {
        try await client.execute(uri: uri, method: .get, headers: [.accept: "text/html"]).status
    }
}
