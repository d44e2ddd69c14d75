import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

/// A chart as a page draws it, read back from its SVG: where the plot is (its grid lines) and where each mark is, so a
/// test can say what a reader sees ("each bar is a week wide") rather than how the chart computed it.
struct PageChart {
    let svg: String

    /// The `index`th chart of `kind` ("bar-chart", "line-chart", "stacked-bar-chart") on `page`.
    init?(_ kind: String, in page: String, index: Int = 0) {
        let charts = page.components(separatedBy: "<svg ").dropFirst().filter { $0.hasPrefix(#"xmlns="http://www.w3.org/2000/svg" class="kc-chart kc-\#(kind)""#) }
        guard index < charts.count else { return nil }
        svg = charts[index].components(separatedBy: "</svg>").first ?? ""
    }

    /// The attributes of every `tag` element of class `className`, in document order.
    func elements(_ tag: String, class className: String) -> [[String: String]] {
        svg.components(separatedBy: "<\(tag) ").dropFirst().compactMap { element in
            let attributes = Self.attributes(String(element.prefix { $0 != ">" }))
            return attributes["class"] == className ? attributes : nil
        }
    }

    /// From the left end of the grid lines to their right end.
    var plotX: ClosedRange<Double> {
        let grid = svg.components(separatedBy: #"class="kc-grid""#).dropFirst().first ?? ""
        let line = Self.attributes(grid.components(separatedBy: "<line ").dropFirst().first ?? "")
        return (Double(line["x1"] ?? "") ?? 0)...(Double(line["x2"] ?? "") ?? 0)
    }

    var plotWidth: Double { plotX.upperBound - plotX.lowerBound }

    /// Each rectangle of class `className`: its left edge and width.
    func rects(_ className: String) -> [(x: Double, width: Double)] {
        elements("rect", class: className).map { (Double($0["x"] ?? "") ?? 0, Double($0["width"] ?? "") ?? 0) }
    }

    /// The x-axis labels, left to right.
    var xLabels: [String] {
        let group = svg.components(separatedBy: #"class="kc-axis kc-x-labels""#).dropFirst().first ?? ""
        return (group.components(separatedBy: "</g>").first ?? "").components(separatedBy: "</text>").dropLast().compactMap {
            $0.components(separatedBy: ">").last
        }
    }

    private static func attributes(_ text: String) -> [String: String] {
        var attributes: [String: String] = [:]
        for pair in text.components(separatedBy: "\" ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            attributes[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"/ "))
        }
        return attributes
    }
}

extension WebSession {
    /// Signs `name` up in the browser and posts `records` (`metric`, `value`, `start`) through the API as them.
    mutating func signUp(_ name: String, posting records: [[String: Any]], on server: TestServer) async throws {
        _ = try await signUp(name)
        let user = try #require(try await server.database.user(username: name))
        let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
        for chunk in stride(from: 0, to: records.count, by: 500) {
            let body = jsonBody(["records": Array(records[chunk..<min(chunk + 500, records.count)])])
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: body)
            #expect(posted.status.code < 300, "\(posted.text)")
        }
    }

    /// One record of `metric` a day at 12:00 in Tokyo (03:00Z), from `first` ("2025-01-01") for `days` days.
    static func daily(_ metric: String, from first: String, days: Int, value: (Int) -> Double) -> [[String: Any]] {
        let formatter = ISO8601DateFormatter()
        let start = formatter.date(from: first + "T03:00:00Z")!
        return (0..<days).map { day in
            ["metric": metric, "value": value(day), "start": formatter.string(from: start.addingTimeInterval(Double(day) * 86_400))]
        }
    }
}
