import Foundation
import Health
import Services
import WaitTimes

/// How `kiroku stores` prints stores: table rows, ANSI colours by the design's bands, and the detail text.
struct StoresPresenter {
    let language: Language
    let now: Date
    var timeZone: TimeZone { WaitTimeService.timeZone }

    func row(_ snapshot: StoreSnapshot, withDistance: Bool) -> [String] {
        var wait = snapshot.waitLabel.text(in: language)
        if snapshot.wait.isStale { wait += language == .ja ? "（データ更新失敗）" : " (update failed)" }
        var row = [
            snapshot.store.id,
            snapshot.store.name,
            snapshot.store.region.name.text(in: language),
            wait,
            snapshot.wait.groups.map(String.init) ?? "—",
            snapshot.wait.observedAt.map { LocalInstant.shortLabel($0, now: now, timeZone: timeZone) } ?? "—",
        ]
        if withDistance { row.append(snapshot.distanceLabel ?? "—") }
        return row
    }

    /// Colours the wait cell of a rendered table line: green, yellow, red, or dim gray.
    func colour(_ line: String, cell: String, band: WaitBand) -> String {
        let code = switch band {
        case .green: "32"
        case .yellow: "33"
        case .red: "31"
        case .gray: "90"
        }
        guard let range = line.range(of: cell) else { return line }
        return line.replacingCharacters(in: range, with: "\u{1B}[\(code)m\(cell)\u{1B}[0m")
    }

    func details(_ snapshot: StoreSnapshot, forecast: WaitForecast) -> String {
        let store = snapshot.store
        let ja = language == .ja
        var lines = [store.displayName, "  " + store.region.name.text(in: language) + " · " + store.municipality]
        let address = [store.postalCode.map { "〒" + $0 }, store.address ?? store.facility].compactMap { $0 }.joined(separator: " ")
        lines.append((ja ? "  住所: " : "  Address: ") + (address.isEmpty ? "—" : address))
        lines.append((ja ? "  電話: " : "  Phone: ") + (store.phone ?? "—"))
        if let coordinate = store.coordinate { lines.append((ja ? "  座標: " : "  Location: ") + "\(coordinate.latitude),\(coordinate.longitude)") }
        var wait = (ja ? "  現在: " : "  Now: ") + snapshot.waitLabel.text(in: language)
        if let groups = snapshot.groupsLabel { wait += " · " + groups.text(in: language) }
        if snapshot.wait.isStale { wait += ja ? "（データ更新失敗）" : " (update failed)" }
        lines.append(wait)
        if let next = snapshot.opening.nextOpening, snapshot.opening.state != .open {
            lines.append((ja ? "  次の開店: " : "  Opens: ") + LocalInstant.shortLabel(next, now: now, timeZone: timeZone))
        }
        lines.append(ja ? "  営業時間（1週間）:" : "  Hours (week ahead):")
        let today = LocalDay(now, in: timeZone)
        for offset in 0..<7 {
            let day = today.adding(days: offset)
            let holiday = JapaneseHolidays.holiday(on: day).map { " " + $0.name.text(in: language) } ?? ""
            let hours = store.hours(on: day).map { "\($0.opens)–\($0.closes) (L.O. \($0.lastOrder))" } ?? (ja ? "定休日" : "closed")
            lines.append("    \(day)\(holiday): \(hours)")
        }
        if let best = forecast.best, let minutes = best.expectedMinutes {
            lines.append((ja ? "  おすすめ: \(best.start)頃（予想 約\(Int(minutes.rounded()))分）" : "  Best time: around \(best.start) (about \(Int(minutes.rounded())) min)"))
        }
        return lines.joined(separator: "\n")
    }
}
