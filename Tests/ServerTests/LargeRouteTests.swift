import AsyncHTTPClient
import Foundation
import GRDB
import Health
import Hummingbird
import HummingbirdTesting
import NIOCore
import NIOHTTP1
@testable import Server
import Services
import Storage
import Testing

/// A 200,000-point route (an ultramarathon at one fix per second) over real HTTP: the JSON answer stays bounded
/// (an evenly thinned overview, or exact pages), the summary is always of every point, and the GPX streams the whole
/// route.
@Suite("A long route's answers are bounded")
struct LargeRouteTests {
    static let pointCount = 200_000

    /// The i-th point of the route the test writes: one a second, creeping north-east, climbing and falling.
    static func point(_ i: Int) -> RoutePoint {
        RoutePoint(
            time: Date(timeIntervalSince1970: 1_709_326_800 + Double(i)), latitude: 35 + Double(i) * 0.000001,
            longitude: 139 + Double(i) * 0.000001, elevation: Double(10 + i % 100), speed: 2.5
        )
    }

    /// The running workout of the small export, its route replaced by `pointCount` points written straight to SQLite
    /// and then summarised, as the import summarises a GPX file after its last batch.
    static func longRoute(_ server: TestServer, userId: Int64) async throws -> Int64 {
        let zip = try WorkoutRouteTests.exportZip()
        defer { try? FileManager.default.removeItem(at: zip) }
        _ = try await WorkoutRouteTests.importZip(zip, userId: userId, database: server.database)
        let run = try #require(try await server.database.workouts(userId: userId).first { $0.activityType == "HKWorkoutActivityTypeRunning" }?.id)
        try await server.database.writer.write { db in
            try db.execute(sql: "DELETE FROM healthWorkoutRoutePoint WHERE workoutId = ?", arguments: [run])
            try db.execute(sql: """
                WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO healthWorkoutRoutePoint (userId, workoutId, sequence, time, latitude, longitude, elevation, speed, origin)
                SELECT ?, ?, i, strftime('%Y-%m-%d %H:%M:%f', 1709326800 + i, 'unixepoch'), 35 + i * 0.000001, 139 + i * 0.000001,
                       10 + i % 100, 2.5, 'export-gpx' FROM n
                """, arguments: [pointCount - 1, userId, run])
        }
        try server.database.summarizeRouteBlocking(userId: userId, workoutId: run)
        return run
    }

    @Test("Overview, pages and GPX of a 200,000-point route")
    func longRouteAnswers() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        let run = try await Self.longRoute(server, userId: try user.savedId)
        let expected = RouteSummary((0..<Self.pointCount).map(Self.point))
        try await server.liveClient { client in
            let overview = try await client.execute(uri: "/api/v1/health-workouts/\(run)/route", method: .get, headers: .bearer(token))
            #expect(overview.status == .ok)
            let body = try overview.json()
            let points = try #require(body["points"] as? [[String: Any]])
            let summary = try #require(body["summary"] as? [String: Any])
            #expect(points.count == RouteThinning.defaultMaxPoints)
            #expect(body["pointsThinned"] as? Bool == true)
            #expect(summary["pointCount"] as? Int == Self.pointCount, "the summary counts every point")
            let distance = try #require(summary["distanceMeters"] as? Double)
            #expect(abs(distance - expected.distanceMeters) < 0.001, "the length is the whole route's, not the overview's")
            #expect(summary["ascentMeters"] as? Double == expected.ascentMeters)
            #expect(summary["elapsedSeconds"] as? Double == Double(Self.pointCount - 1))
            #expect(abs((points.first?["latitude"] as? Double ?? 0) - Self.point(0).latitude) < 1e-9, "the start is kept")
            #expect(abs((points.last?["latitude"] as? Double ?? 0) - Self.point(Self.pointCount - 1).latitude) < 1e-9, "the finish is kept")
            #expect(overview.body.readableBytes < 400_000, "bounded: \(overview.body.readableBytes) bytes")

            let ten = try await client.execute(uri: "/api/v1/health-workouts/\(run)/route?maxPoints=10", method: .get, headers: .bearer(token)).json()
            let tenPoints = try #require(ten["points"] as? [[String: Any]])
            let spacing = (0..<10).map { Self.point($0 * (Self.pointCount - 1) / 9).latitude }
            let tenLatitudes = tenPoints.compactMap { $0["latitude"] as? Double }
            #expect(tenLatitudes.count == 10 && zip(tenLatitudes, spacing).allSatisfy { abs($0 - $1) < 1e-9 }, "evenly spaced along the route")

            // Every point exactly, 10,000 a page, in order.
            var cursor: String?
            var latitudes: [Double] = []
            var pages = 0
            repeat {
                let query = "limit=10000" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: "/api/v1/health-workouts/\(run)/route?\(query)", method: .get, headers: .bearer(token))
                #expect(page.status == .ok)
                let json = try page.json()
                #expect(json["pointsThinned"] as? Bool == false)
                if pages == 0 {
                    #expect((json["summary"] as? [String: Any])?["pointCount"] as? Int == Self.pointCount)
                } else {
                    #expect(json["summary"] == nil, "later pages do not read the whole route again")
                }
                latitudes += (json["points"] as? [[String: Any]] ?? []).compactMap { $0["latitude"] as? Double }
                cursor = json["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 25
            #expect(pages == 20)
            #expect(latitudes.count == Self.pointCount)
            // Each point once, in recorded order (compared within JSON's decimal round trip).
            let inOrder = latitudes.enumerated().allSatisfy { abs($0.element - Self.point($0.offset).latitude) < 1e-9 }
            #expect(inOrder)

            // The GPX through a plain HTTP client, read as it arrives.
            var request = HTTPClientRequest(url: "http://localhost:\(try #require(client.port))/api/v1/health-workouts/\(run)/route.gpx")
            request.headers.add(name: "Authorization", value: "Bearer \(token)")
            let gpx = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
            #expect(gpx.status == .ok)
            #expect(gpx.headers["Content-Length"].isEmpty, "streamed, not sent as one finished document")
            var document = ByteBuffer()
            for try await piece in gpx.body {
                document.writeImmutableBuffer(piece)
            }
            let text = String(buffer: document)
            #expect(text.components(separatedBy: "<trkpt ").count - 1 == Self.pointCount)
            #expect(text.hasSuffix("</gpx>\n"))
            #expect(text.contains("<metadata><name>Running 2024-03-02</name><time>2024-03-01T21:00:00Z</time></metadata>"))
            #expect(text.contains("<ele>109</ele><time>2024-03-04T04:33:19Z</time>"), "the last point, whole")
        }
    }

    @Test("A route's parameters out of range, or overview and paging at once, are refused", arguments: [
        "maxPoints=1", "maxPoints=10001", "maxPoints=x", "limit=0", "limit=10001", "cursor=abc", "maxPoints=100&limit=10",
    ])
    func badParameters(_ query: String) async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        let zip = try WorkoutRouteTests.exportZip()
        defer { try? FileManager.default.removeItem(at: zip) }
        _ = try await WorkoutRouteTests.importZip(zip, userId: try user.savedId, database: server.database)
        let run = try #require(try await server.database.workouts(userId: try user.savedId).first { $0.activityType == "HKWorkoutActivityTypeRunning" }?.id)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-workouts/\(run)/route?\(query)", method: .get, headers: .bearer(token))
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid_parameter")
        }
    }
}
