import Foundation
import Health

/// Checks, event by event, the few places a delivery's layout fixes: `data` is an object, its `metrics` and
/// `workouts` are arrays of objects. A body that puts anything else there is not a Health Auto Export delivery and
/// is refused whole, rather than answered 200 with nothing stored.
struct HealthAutoExportShape {
    /// The open containers, each with the key of the member being read when it is an object.
    private var path: [(isObject: Bool, key: String?)] = []

    mutating func observe(_ event: JSONEvent) throws(HealthAutoExportInvalid) {
        switch event {
        case let .key(name):
            if let last = path.indices.last, path[last].isObject { path[last].key = name }
            return
        case .objectEnd, .arrayEnd:
            _ = path.popLast()
            return
        default:
            break
        }
        if let expected = expectedHere, expected != event {
            var field = path.compactMap(\.key).joined(separator: ".")
            if path.count == 3 { field += "[]" }
            let kind = expected == .objectStart ? LocalizedText(ja: "オブジェクト", en: "an object") : LocalizedText(ja: "配列", en: "an array")
            throw HealthAutoExportInvalid(detail: .init(ja: "「\(field)」は\(kind.ja)でなければなりません", en: "“\(field)” must be \(kind.en)"))
        }
        if event == .objectStart || event == .arrayStart { path.append((isObject: event == .objectStart, key: nil)) }
    }

    /// What the value about to start must open with, where the layout says.
    private var expectedHere: JSONEvent? {
        switch path.count {
        case 1 where path[0].key == "data": .objectStart
        case 2 where path[0].key == "data" && (path[1].key == "metrics" || path[1].key == "workouts"): .arrayStart
        case 3 where path[0].key == "data" && (path[1].key == "metrics" || path[1].key == "workouts") && !path[2].isObject: .objectStart
        default: nil
        }
    }
}
