import Foundation
import Hummingbird
import Services

extension TaskExporter {
    func jsonResponse(userId: Int64, now: Date) async throws -> Response {
        ExportResponse.json(try await json(userId: userId, now: now), filename: "kiroku-tasks.json")
    }

    func csvResponse(userId: Int64, timeZone: TimeZone, request: Request) async throws -> Response {
        _ = try ExportResponse.byteOrderMark(request)
        return try ExportResponse.csv(try await csv(userId: userId, timeZone: timeZone), filename: "kiroku-tasks.csv", request: request)
    }
}
