import Health
import Hummingbird

/// `GET /api/v1/metrics`: the metric catalog, so clients know identifiers, units and ranges.
struct MetricsCatalogAPIController {
    struct CatalogResponse: ResponseEncodable {
        let metrics: [Entry]
    }

    struct Entry: Codable {
        let id: String
        let category: String
        let unit: String
        let units: [String]
        let aggregation: String
        let healthKitIdentifier: String
        let name: String
        let plausibleMin: Double
        let plausibleMax: Double
    }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("metrics") { _, context in
            CatalogResponse(metrics: MetricCatalog.all.map {
                Entry(
                    id: $0.id, category: $0.category.rawValue, unit: $0.canonicalUnit, units: $0.units.map(\.symbol),
                    aggregation: $0.aggregation.rawValue, healthKitIdentifier: $0.healthKitIdentifier,
                    name: $0.name.text(in: context.language),
                    plausibleMin: $0.plausibleRange.lowerBound, plausibleMax: $0.plausibleRange.upperBound
                )
            })
        }
        return routes
    }
}
