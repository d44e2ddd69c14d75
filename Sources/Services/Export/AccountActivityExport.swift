import Foundation
import Storage

/// The account's own traces in the JSON export: the API tokens it made and the browsers signed in to it (with the
/// addresses they were used from, which are personal data too), the sync agent's runs, and the flagged values its
/// owner said are right. Never a secret, a hash or a CSRF token: nothing here can sign anyone in.
public struct AccountActivityExport: Encodable {
    struct Token: Encodable {
        let name: String
        /// The token's first characters, as Settings shows them, to recognise it by.
        let prefix: String
        let createdAt: Date
        let lastUsedAt: Date?
        let lastAddress: String?
    }

    struct SignedInBrowser: Encodable {
        let userAgent: String?
        let address: String?
        let createdAt: Date
        let lastUsedAt: Date?
        let expiresAt: Date
    }

    struct SyncRun: Encodable {
        let startedAt: Date
        let durationSeconds: Double
        let status: String
        let sent: Int
        let rejected: Int
        let retries: Int
        let httpStatus: Int?
        let error: String?
    }

    struct ConfirmedValue: Encodable {
        let metric: String
        /// The local day, "2026-10-03".
        let day: String
        let confirmedAt: Date
    }

    let apiTokens: [Token]
    let sessions: [SignedInBrowser]
    let syncRuns: [SyncRun]
    let confirmedValues: [ConfirmedValue]

    init(userId: Int64, database: AppDatabase, now: Date) async throws {
        apiTokens = try await database.apiTokens(userId: userId).map {
            Token(name: $0.name, prefix: $0.prefix, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, lastAddress: $0.lastAddress)
        }
        sessions = try await database.activeSessions(userId: userId, now: now).map {
            SignedInBrowser(userAgent: $0.userAgent, address: $0.address, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, expiresAt: $0.expiresAt)
        }
        syncRuns = try await database.syncAttempts(userId: userId, limit: .max).map {
            SyncRun(
                startedAt: $0.startedAt, durationSeconds: $0.duration, status: $0.status, sent: $0.sent, rejected: $0.rejected,
                retries: $0.retries, httpStatus: $0.httpStatus, error: $0.error
            )
        }
        confirmedValues = try await database.anomalyConfirmations(userId: userId)
            .sorted { ($0.day, $0.metric) < ($1.day, $1.metric) }
            .map { ConfirmedValue(metric: $0.metric, day: $0.day, confirmedAt: $0.confirmedAt) }
    }
}
