import Foundation
import Hummingbird
import Services

extension TaskExporter {
    func jsonResponse(userId: Int64) async throws -> Response {
        ExportResponse.json(try await json(userId: userId, now: Date()), filename: "kiroku-tasks.json")
    }

    func csvResponse(userId: Int64) async throws -> Response {
        ExportResponse.csv(try await csv(userId: userId), filename: "kiroku-tasks.csv")
    }
}
