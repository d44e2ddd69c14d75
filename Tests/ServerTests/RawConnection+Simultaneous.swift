import Foundation

extension RawConnection {
    /// `request` on `count` connections of its own from `source`, every one sent except the line that ends its head,
    /// which then goes out on all of them at once: requests as simultaneous as a test can make them, for what must
    /// hold when a client retries before its first call was answered.
    static func simultaneously(_ count: Int, port: Int, from source: String, _ request: String) async throws -> [Response] {
        guard let headEnd = request.range(of: "\r\n\r\n") else { throw Failure(description: "no end of head in \(request)") }
        let head = String(request[..<headEnd.lowerBound]) + "\r\n"
        let rest = "\r\n" + request[headEnd.upperBound...]
        let connections = try (0..<count).map { _ in try RawConnection(port: port, from: source) }
        for connection in connections { try await connection.send(head) }
        return try await withThrowingTaskGroup(of: Response.self) { group in
            for connection in connections {
                group.addTask {
                    try await connection.send(rest)
                    return try await connection.response()
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
