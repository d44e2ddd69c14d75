import Charts
import Foundation
import Health
import Storage
import WaitTimes

/// さわやか wait times: 12 weeks of 5-minute readings for all 35 stores (about 400,000 rows), then the work behind
/// the list page, the API's filters, and a store's forecast and heat map. KIROKU_BENCH_WAIT_WEEKS sets fewer weeks
/// (Benchmarks/smoke.py uses 2 to check the executable still runs).
func waitTimeCases(database: AppDatabase) async throws -> [Case] {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let weeks = Int(ProcessInfo.processInfo.environment["KIROKU_BENCH_WAIT_WEEKS"] ?? "") ?? 12
    let historySeconds = Double(weeks * 7 * 86_400)
    let lastDay = LocalDay("2026-11-21")!
    let firstDay = lastDay.adding(days: 1 - weeks * 7)
    var observations: [WaitObservation] = []
    var day = firstDay
    while day <= lastDay {
        for (index, store) in StoreDirectory.shipped.enumerated() {
            guard let hours = store.hours(on: day) else { continue }
            var minute = hours.opens.minutes
            while minute < hours.closes.minutes {
                let wave = 60 + 50 * sin(Double(minute) / 90 + Double(index))
                observations.append(WaitObservation(
                    storeId: store.id, observedAt: day.start(in: tokyo).addingTimeInterval(Double(minute * 60)),
                    minutes: max(0, Int(wave)), groups: Int(wave / 4), status: .available, source: "bench"
                ))
                minute += 5
            }
        }
        day = day.adding(days: 1)
    }
    for chunk in stride(from: 0, to: observations.count, by: 50_000) {
        _ = try await database.addObservations(Array(observations[chunk..<min(chunk + 50_000, observations.count)]), timeZone: tokyo, now: Date()) { _, _, _ in
            (LocalizedText(ja: "", en: ""), LocalizedText(ja: "", en: ""))
        }
    }
    let now = lastDay.start(in: tokyo).addingTimeInterval(13 * 3600)
    let stores = try await database.stores()
    let gotemba = stores.first { $0.id == "gotemba-ic" }!
    let history = try await database.observations(storeId: gotemba.id, since: now.addingTimeInterval(-historySeconds))
    print("wait times: \(observations.count) observations stored, \(history.count) for one store")
    return [
        Case(name: "wait list: latest of 35 stores + status + filter", unit: "lists/s", work: 1) {
            let latest = try await database.latestObservations()
            let snapshots = stores.map { StoreSnapshot(store: $0, latest: latest[$0.id], now: now, timeZone: tokyo) }
            _ = StoreFilter(maxWaitTime: 60, openOnly: true, query: "浜松").apply(to: snapshots)
        },
        Case(name: "forecast: one store, \(weeks) weeks of history", unit: "forecasts/s", work: 1) {
            let history = try await database.observations(storeId: gotemba.id, since: now.addingTimeInterval(-historySeconds))
            _ = WaitForecast(store: gotemba, day: lastDay.adding(days: 1), history: history, timeZone: tokyo)
        },
        Case(name: "heat map SVG: one store, \(weeks) weeks", unit: "maps/s", work: 1) {
            let map = WaitHeatMap(history: history, timeZone: tokyo)
            _ = HeatMapChart(rowLabels: ["月", "火", "水", "木", "金", "土", "日"], columnLabels: WaitHeatMap.hours.map(String.init), values: map.cells,
                             bands: [.init(upTo: 30, color: "#2e7d32"), .init(upTo: 60, color: "#f9a825"), .init(upTo: .infinity, color: "#c62828")],
                             title: "t", emptyMessage: "-", unit: "分").svg()
        },
        Case(name: "holidays 1980–2099 (120 calendars)", unit: "sets/s", work: 1) {
            for year in JapaneseHolidays.supportedYears { _ = JapaneseHolidays.holidays(in: year) }
        },
    ]
}
