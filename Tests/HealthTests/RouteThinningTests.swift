import Foundation
import Health
import Testing

/// A long route's overview: evenly spaced, start and finish kept, never more than asked for.
@Suite struct RouteThinningTests {
    @Test(arguments: [(5, 10), (10, 10), (11, 10), (200_000, 2_000), (3, 2), (1_001, 1_000)])
    func keepsStartAndFinishAndNoMoreThanAsked(_ count: Int, _ maxPoints: Int) {
        let thinning = RouteThinning(count: count, maxPoints: maxPoints)
        let kept = thinning.keptIndices
        #expect(kept.count == min(count, maxPoints))
        #expect(kept.first == 0 && kept.last == count - 1)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 }, "each point once, in order")
        #expect(thinning.thins == (count > maxPoints))
    }

    @Test func gapsDifferByAtMostOnePoint() {
        let kept = RouteThinning(count: 1_000, maxPoints: 7).keptIndices
        let gaps = Set(zip(kept, kept.dropFirst()).map { $1 - $0 })
        #expect(gaps.max()! - gaps.min()! <= 1)
    }

    @Test func anEmptyRouteKeepsNothing() {
        #expect(RouteThinning(count: 0, maxPoints: 2_000).keptIndices.isEmpty)
    }

    @Test func theSummaryReadPointByPointCountsLengthClimbAndTime() {
        let points: [RoutePoint] = (0..<50).map { (i: Int) -> RoutePoint in
            let time: Date? = i == 7 ? nil : Date(timeIntervalSince1970: Double(1_000 + i * 10))
            let elevation: Double? = i % 9 == 0 ? nil : Double((i * 7) % 23)
            return RoutePoint(time: time, latitude: 35 + Double(i) * 0.001, longitude: 139 + Double(i % 5) * 0.001, elevation: elevation)
        }
        var builder = RouteSummary.Builder()
        points.forEach { builder.add($0) }
        let summary = builder.summary
        var distance = 0.0
        var climbs: [Double] = []
        for index in 1..<points.count {
            distance += RouteSummary.meters(from: points[index - 1], to: points[index])
            // Climb between neighbours that both have an elevation.
            if let from = points[index - 1].elevation, let to = points[index].elevation { climbs.append(to - from) }
        }
        #expect(summary.distanceMeters == distance)
        #expect(summary.ascentMeters == climbs.filter { $0 > 0 }.reduce(0, +))
        #expect(summary.descentMeters == -climbs.filter { $0 < 0 }.reduce(0, +))
        #expect(summary.pointCount == 50)
        #expect(summary.elapsedSeconds == 490)
        #expect(summary.lowestElevation == points.compactMap { (point: RoutePoint) in point.elevation }.min())
    }
}
