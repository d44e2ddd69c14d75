import Charts
import Foundation
import Health
import Services
import WaitTimes

/// Turns wait-time domain values into what the Mustache pages show, in the reader's language.
struct WaitTimesPresenter {
    let language: Language
    let strings: [String: String]
    let now: Date
    var timeZone: TimeZone { WaitTimeService.timeZone }

    init(language: Language, now: Date) {
        self.language = language
        self.now = now
        strings = WebStrings.waitTimes.mapValues { $0.text(in: language) }
    }

    /// "12:34" today, "11/21 12:34" on another day.
    func time(_ date: Date) -> String {
        LocalInstant.shortLabel(date, now: now, timeZone: timeZone)
    }

    func weekdayName(_ weekday: Int) -> String {
        let ja = ["月", "火", "水", "木", "金", "土", "日"], en = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        return (language == .ja ? ja : en)[weekday - 1]
    }

    /// The wait as a list row or the detail page shows it.
    func wait(_ snapshot: StoreSnapshot) -> [String: Any] {
        let wait = snapshot.wait
        var values: [String: Any] = [
            "text": snapshot.waitLabel.text(in: language),
            "band": wait.band.rawValue,
            "stale": wait.isStale,
            "lastOrderPassed": snapshot.opening.state == .lastOrderPassed,
        ]
        if let observedAt = wait.observedAt, snapshot.opening.state != .closed || wait.isStale { values["lastUpdated"] = time(observedAt) }
        if let groups = snapshot.groupsLabel { values["groups"] = groups.text(in: language) }
        if let next = snapshot.opening.nextOpening, snapshot.opening.state != .open { values["nextOpening"] = time(next) }
        if snapshot.opening.state == .open, let today = snapshot.opening.today {
            values["openNow"] = language == .ja ? "営業中（L.O. \(today.lastOrder)）" : "Open (last order \(today.lastOrder))"
        }
        return values
    }

    func row(_ snapshot: StoreSnapshot) -> [String: Any] {
        let region = snapshot.store.region.name.text(in: language)
        let municipality = snapshot.store.municipalityName.text(in: language)
        var values: [String: Any] = [
            "id": snapshot.store.id,
            "name": snapshot.store.displayName,
            "region": region,
            "wait": wait(snapshot),
        ]
        // "Hamamatsu · Hamamatsu" says nothing twice: the city is shown only when the region's name is not already it.
        if municipality != region { values["municipality"] = municipality }
        if let distance = snapshot.distanceLabel { values["distance"] = distance }
        return values
    }

    /// The seven days from today: date, holiday name, hours or "closed".
    func week(_ store: Store) -> [[String: Any]] {
        let today = LocalDay(now, in: timeZone)
        return (0..<7).map { offset in
            let day = today.adding(days: offset)
            var values: [String: Any] = [
                "date": "\(day.month)/\(day.day) (\(weekdayName(day.weekday)))",
                "today": offset == 0,
                "weekend": day.weekday >= 6,
            ]
            if let holiday = JapaneseHolidays.holiday(on: day) { values["holiday"] = holiday.name.text(in: language) }
            if let hours = store.hours(on: day) {
                values["forecastLink"] = "/sawayaka/\(store.id)?date=\(day)#wt-best"
                values["hours"] = "\(hours.opens)–\(hours.closes)"
                values["lastOrder"] = hours.lastOrder.description
            }
            return values
        }
    }

    func heatMap(_ history: [WaitObservation]) -> String {
        let map = WaitHeatMap(history: history, timeZone: timeZone)
        let bands = [
            HeatMapChart.Band(upTo: 30, color: WaitBand.green.hex),
            HeatMapChart.Band(upTo: 60, color: WaitBand.yellow.hex),
            HeatMapChart.Band(upTo: .infinity, color: WaitBand.red.hex),
        ]
        let chart = HeatMapChart(
            rowLabels: (1...7).map(weekdayName), columnLabels: WaitHeatMap.hours.map(String.init), values: map.cells, bands: bands,
            title: strings["waitHeatMap"]!, emptyMessage: strings["waitHeatMapEmpty"]!, unit: strings["waitMinutes"]!
        )
        return chart.svg(id: "wt-heatmap")
    }

    /// The shown stores as coloured dots where they are; stores without a known location are left out.
    func map(_ snapshots: [StoreSnapshot]) -> String {
        let places = snapshots.compactMap { snapshot -> DotMapChart.Place? in
            guard let coordinate = snapshot.store.coordinate else { return nil }
            return DotMapChart.Place(
                latitude: coordinate.latitude, longitude: coordinate.longitude, color: snapshot.wait.isStale ? "#98a2b3" : snapshot.wait.band.hex,
                label: snapshot.store.displayName + " " + snapshot.waitLabel.text(in: language), link: "/sawayaka/\(snapshot.store.id)"
            )
        }
        // Each city shown gets its name at the middle of its stores; the busiest first, so when names would collide
        // the chart keeps the one with more stores.
        let located = snapshots.compactMap { snapshot in snapshot.store.coordinate.map { (city: snapshot.store.municipalityName.text(in: language), at: $0) } }
        let byCity = Dictionary(grouping: located, by: \.city)
        let labels = byCity.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map { city, stores in
            DotMapChart.Label(
                latitude: stores.map(\.at.latitude).reduce(0, +) / Double(stores.count),
                longitude: stores.map(\.at.longitude).reduce(0, +) / Double(stores.count), text: city
            )
        }
        return DotMapChart(places: places, labels: places.count > 1 ? labels : [], title: strings["waitMap"]!, emptyMessage: strings["waitNoMatch"]!).svg(id: "wt-map")
    }

    func forecast(_ forecast: WaitForecast) -> [String: Any] {
        // Today, only what is still ahead can be recommended.
        let local = LocalInstant(now, in: timeZone)
        let best = forecast.best(from: local.day == forecast.day ? local.time : nil)
        let peak = max(60, forecast.slots.compactMap(\.expectedMinutes).max() ?? 60)
        var values: [String: Any] = [
            "date": "\(forecast.day.month)/\(forecast.day.day) (\(weekdayName(forecast.day.weekday)))",
            "slots": forecast.slots.map { slot -> [String: Any] in
                let minutes = slot.expectedMinutes.map { Int($0.rounded()) }
                return [
                    "start": slot.start.description,
                    "minutes": minutes.map { language == .ja ? "\($0)分" : "\($0) min" } ?? "—",
                    "band": WaitBand(minutes: minutes, status: minutes == nil ? .unavailable : .available).rawValue,
                    "width": Int(((slot.expectedMinutes ?? 0) / peak * 100).rounded()),
                    "best": slot.start == best?.start,
                ]
            },
        ]
        if let best, let minutes = best.expectedMinutes {
            values["best"] = language == .ja
                ? "\(best.start)頃（予想 約\(Int(minutes.rounded()))分待ち）"
                : "around \(best.start) (about \(Int(minutes.rounded())) min expected)"
        }
        return values
    }
}
