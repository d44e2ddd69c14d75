import Foundation
import Hummingbird
import Services

extension TaskExporter {
    func jsonResponse(userId: Int64, now: Date) async throws -> Response {
        ExportResponse.json(try await json(userId: userId, now: now), filename: "kiroku-tasks.json")
    }

    func csvResponse(userId: Int64) async throws -> Response {
        ExportResponse.csv(try await csv(userId: userId), filename: "kiroku-tasks.csv")
    }
}
