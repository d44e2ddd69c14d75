import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Health
@testable import HealthImport
import Testing
import TestSupport

/// Route points from the three places Apple Health and Health Auto Export put them, and GPX both ways. The
/// documents here are written from the formats' descriptions (reference/apple-health-export.md, the GPX 1.1
/// schema, Health Auto Export's JSON format), not from anything Kiroku wrote.
@Suite("Workout routes: inline locations, GPX files, Health Auto Export")
struct WorkoutRouteFormatTests {
    /// What an iOS 13+ export's `workout-routes/route_….gpx` holds: GPX 1.1, one track, points with elevation,
    /// UTC time and Apple's speed / course / hAcc / vAcc extensions.
    static let appleGPX = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <time>2024-03-02T00:00:00Z</time>
          </metadata>
          <trk>
            <name>Route 2024-03-02 6:35am</name>
            <trkseg>
              <trkpt lon="139.700100" lat="35.690000"><ele>40.250000</ele><time>2024-03-01T21:00:00Z</time><extensions><speed>2.800000</speed><course>90.500000</course><hAcc>4.500000</hAcc><vAcc>3.250000</vAcc></extensions></trkpt>
              <trkpt lon="139.701200" lat="35.690400"><ele>41.000000</ele><time>2024-03-01T21:00:05Z</time><extensions><speed>2.900000</speed><course>-1.000000</course><hAcc>4.000000</hAcc><vAcc>3.000000</vAcc></extensions></trkpt>
              <trkpt lon="139.702300" lat="35.690800"><ele>39.500000</ele><time>2024-03-01T21:00:10Z</time></trkpt>
              <trkpt lon="400" lat="35.7"><ele>1</ele><time>2024-03-01T21:00:15Z</time></trkpt>
            </trkseg>
          </trk>
        </gpx>
        """

    static func read(_ text: String, chunk: Int) throws -> [GPXRouteReader.Read] {
        var reader = GPXRouteReader(now: Date())
        var reads: [GPXRouteReader.Read] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            try reader.feed(bytes[start..<min(start + chunk, bytes.count)]) { reads.append($0) }
            start += chunk
        }
        try reader.finish()
        return reads
    }

    static func points(_ reads: [GPXRouteReader.Read]) -> [RoutePoint] {
        reads.compactMap { if case let .point(point) = $0 { point } else { nil } }
    }

    @Test("An Apple GPX route reads the same in 7-byte chunks as whole, every field kept, a point off the Earth kept raw")
    func appleGPXStreams() throws {
        let whole = try Self.read(Self.appleGPX, chunk: 1 << 20)
        let chunked = try Self.read(Self.appleGPX, chunk: 7)
        let points = Self.points(chunked)
        #expect(points == Self.points(whole))
        #expect(points.count == 3)
        #expect(points[0] == RoutePoint(
            time: Date(timeIntervalSince1970: 1_709_326_800), latitude: 35.69, longitude: 139.7001, elevation: 40.25,
            speed: 2.8, course: 90.5, horizontalAccuracy: 4.5, verticalAccuracy: 3.25
        ))
        #expect(points[1].course == nil, "CoreLocation's -1 means no course")
        #expect(points[2].speed == nil && points[2].elevation == 39.5)
        guard case let .rejected(index, fields, reason) = chunked.last else {
            Issue.record("the point at longitude 400 is kept raw")
            return
        }
        #expect(index == 3 && reason == .badValue && fields["@lon"] == "400")
    }

    @Test("A cut-off GPX file is an error, not a shorter route")
    func truncatedGPX() {
        let cut = String(Self.appleGPX.prefix(Self.appleGPX.count / 2 + 40))
        #expect(throws: ImportError.self) { _ = try Self.read(cut, chunk: 64) }
    }

    @Test("Route → GPX 1.1 → route gives back the same points; the document is well-formed GPX 1.1")
    func gpxRoundTrip() throws {
        let route = [
            RoutePoint(time: Date(timeIntervalSince1970: 1_709_326_800), latitude: 35.681236, longitude: 139.767125, elevation: 3.5,
                       speed: 2.75, course: 181.25, horizontalAccuracy: 4.5, verticalAccuracy: 3),
            RoutePoint(time: Date(timeIntervalSince1970: 1_709_326_801.5), latitude: -33.8568, longitude: 151.2153, elevation: -2,
                       speed: 0.00001, course: nil, horizontalAccuracy: nil, verticalAccuracy: nil),
            RoutePoint(time: nil, latitude: 0, longitude: -0.5),
        ]
        let document = GPXWriter.document(name: "Running & <fun>", type: "Running", points: route)
        #expect(try Self.points(Self.read(document, chunk: 13)) == route)
        #expect(!document.contains("e-05"), "xsd:decimal has no exponent")

        let checker = GPXShapeChecker()
        let parser = XMLParser(data: Data(document.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = checker
        #expect(parser.parse(), "well-formed XML")
        #expect(checker.rootNamespace == "http://www.topografix.com/GPX/1/1" && checker.version == "1.1")
        #expect(checker.trackPoints == 3)
        // The schema orders a point's children: ele, time, …, extensions last.
        #expect(checker.firstPointChildren == ["ele", "time", "extensions"])
    }

    @Test("Inline <Location> points of an old export become the workout's route; an unreadable one is kept raw")
    func inlineLocations() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_GB">
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="20" durationUnit="min" totalDistance="3" totalDistanceUnit="km" sourceName="Watch" startDate="2016-11-14 07:20:00 -0700" endDate="2016-11-14 07:40:00 -0700">
              <WorkoutRoute sourceName="Watch" creationDate="2016-11-14 07:41:00 -0700" startDate="2016-11-14 07:20:00 -0700" endDate="2016-11-14 07:40:00 -0700">
               <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
               <Location date="2016-11-14 07:25:44 -0700" latitude="37.7777" longitude="-122.426" altitude="21.2694" horizontalAccuracy="2.40948" verticalAccuracy="1.67859" course="-1" speed="2.48034"/>
               <Location date="2016-11-14 07:25:45 -0700" latitude="37.7778" longitude="-122.4261" altitude="21.5" horizontalAccuracy="2.5" verticalAccuracy="1.7" course="270" speed="2.5"/>
               <Location date="not a date" latitude="37.7779" longitude="-122.4262"/>
              </WorkoutRoute>
             </Workout>
            </HealthData>
            """
        let file = TestFiles.directory.appendingPathComponent("inline-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var mapper = HealthKitMapper(now: Date())
        var workouts: [ImportedWorkout] = []
        try HealthExportReader(url: file).read { item in
            if case let .workout(workout) = mapper.map(item) { workouts.append(workout) }
        }
        let workout = try #require(workouts.first)
        #expect(workout.route.count == 2)
        #expect(workout.route[0] == RoutePoint(
            time: Date(timeIntervalSince1970: 1_479_133_544), latitude: 37.7777, longitude: -122.426, elevation: 21.2694,
            speed: 2.48034, course: nil, horizontalAccuracy: 2.40948, verticalAccuracy: 1.67859
        ))
        #expect(workout.route[1].course == 270)
        #expect(workout.rejectedRoutePoints.map(\.reason) == [.badDate])
        #expect(workout.rejectedRoutePoints.first?.attributes["date"] == "not a date")
    }

    @Test("A Health Auto Export workout keeps its route (both spellings), heart-rate series and energy totals")
    func healthAutoExportWorkout() throws {
        let json = """
            {"id": "W1", "name": "Outdoor Run", "start": "2024-02-06 07:00:00 -0800", "end": "2024-02-06 07:30:00 -0800", "duration": 1800,
             "activeEnergyBurned": {"qty": 350, "units": "kcal"}, "totalEnergy": {"qty": 450, "units": "kcal"},
             "distance": {"qty": 3.5, "units": "mi"},
             "heartRateData": [{"date": "2024-02-06 07:01:00 -0800", "Min": 100, "Avg": 120, "Max": 135, "units": "count/min", "source": "Watch"},
                               {"date": "2024-02-06 07:02:00 -0800", "Min": 130, "Avg": 140, "Max": 150, "units": "count/min"}],
             "route": [{"latitude": 37.78, "longitude": -122.39, "altitude": 5.5, "course": 10, "speed": 3.1, "horizontalAccuracy": 4, "verticalAccuracy": 2, "timestamp": "2024-02-06 07:00:05 -0800"},
                       {"lat": 37.781, "lon": -122.391, "altitude": 6, "timestamp": "2024-02-06 07:00:10 -0800"},
                       {"latitude": 95, "longitude": 0, "timestamp": "2024-02-06 07:00:15 -0800"}]}
            """
        var builder = JSONValueBuilder()
        var scanner = JSONStreamScanner()
        var value: JSONValue?
        try scanner.feed(Array(json.utf8)) { event in
            if let done = builder.add(event) { value = done }
        }
        try scanner.finish()
        var mapper = HealthAutoExportMapper(now: Date())
        let parsed = try #require(value)
        let mapped = mapper.workout(parsed)
        let workout = try #require(mapped)
        #expect(workout.route.map(\.latitude) == [37.78, 37.781])
        #expect(workout.route[0] == RoutePoint(
            time: Date(timeIntervalSince1970: 1_707_231_605), latitude: 37.78, longitude: -122.39, elevation: 5.5,
            speed: 3.1, course: 10, horizontalAccuracy: 4, verticalAccuracy: 2
        ))
        #expect(workout.heartRates.map(\.average) == [120, 140])
        #expect(workout.energyKcal == 350)
        #expect(workout.statistics.first { $0.type == "totalEnergy" }?.sum == 450)
        let heart = try #require(workout.statistics.first { $0.metric == "heartRate" })
        #expect(heart.average == 130 && heart.minimum == 100 && heart.maximum == 150)
        let raw = mapper.takeRawItems()
        #expect(raw.map(\.reason) == [.badValue], "the point at latitude 95 is kept raw")
        #expect(mapper.keptRaw == ["bad_value": 1])
    }

    @Test("A route's length is its great-circle distance; climb and descent add up the elevation changes")
    func summary() {
        let points = [
            RoutePoint(time: Date(timeIntervalSince1970: 0), latitude: 0, longitude: 0, elevation: 10),
            RoutePoint(time: Date(timeIntervalSince1970: 60), latitude: 1, longitude: 0, elevation: 30),
            RoutePoint(time: Date(timeIntervalSince1970: 120), latitude: 1, longitude: 0, elevation: 25),
        ]
        let summary = RouteSummary(points)
        // One degree of latitude on the mean sphere: 6,371,008.8 m × π / 180.
        #expect(abs(summary.distanceMeters - 111_195.08) < 0.1)
        #expect(summary.ascentMeters == 20 && summary.descentMeters == 5)
        #expect(summary.lowestElevation == 10 && summary.highestElevation == 30)
        #expect(summary.elapsedSeconds == 120)
    }
}

/// Reads a GPX document's outline with Foundation's parser (namespaces on, no DTD involved).
final class GPXShapeChecker: NSObject, XMLParserDelegate {
    var rootNamespace: String?
    var version: String?
    var trackPoints = 0
    var firstPointChildren: [String] = []
    private var depthInFirstPoint: Int?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "gpx" {
            rootNamespace = namespaceURI
            version = attributes["version"]
        }
        if let depth = depthInFirstPoint {
            if depth == 0 { firstPointChildren.append(name) }
            depthInFirstPoint = depth + 1
        }
        if name == "trkpt" {
            trackPoints += 1
            if trackPoints == 1 { depthInFirstPoint = 0 }
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let depth = depthInFirstPoint else { return }
        depthInFirstPoint = depth == 0 ? nil : depth - 1
    }
}
