import Foundation
import Storage
import WaitTimes

/// A user's wait alerts: always the caller's own, checked before they are stored.
extension WaitTimeService {
    /// Stores the alert unless the same pending one exists (a double-tapped form, a client retry), which is returned
    /// with `inserted` false.
    public func createAlert(_ draft: WaitAlertDraft, storeId: String, userId: Int64, now: Date) async throws -> (alert: WaitAlert, inserted: Bool) {
        guard try await database.store(id: storeId) != nil else { throw UnknownStoreError(storeId: storeId) }
        // Field checks first, so a typo in the minutes is reported without a DNS look-up for the webhook.
        _ = try draft.alert(userId: userId, storeId: storeId, checkedWebhook: nil, now: now)
        var webhook: String?
        if let url = draft.trimmedWebhookURL {
            let checked = try await checkedWebhookURL(url)
            webhook = try secrets?.seal(checked) ?? checked
        }
        let saved = try await database.insertAlert(try draft.alert(userId: userId, storeId: storeId, checkedWebhook: webhook, now: now))
        return (opened(saved.alert), saved.inserted)
    }

    public func alerts(userId: Int64, page: PageRequest) async throws -> Page<WaitAlert> {
        let page = try await database.alerts(userId: userId, page: page)
        return Page(items: page.items.map(opened), nextCursor: page.nextCursor)
    }

    public func alerts(userId: Int64, storeId: String) async throws -> [WaitAlert] {
        try await database.alerts(userId: userId, storeId: storeId).map(opened)
    }

    /// Every alert of the user, webhook URLs opened: for their export.
    public func allAlerts(userId: Int64) async throws -> [WaitAlert] {
        try await database.alerts(userId: userId).map(opened)
    }

    /// Deletes the user's alert; another user's id reads as one that does not exist.
    public func deleteAlert(id: Int64, userId: Int64) async throws {
        guard try await database.deleteAlert(id: id, userId: userId) else { throw ServiceError.notFound }
    }

    public func storeExists(id: String) async throws -> Bool {
        try await database.store(id: id) != nil
    }
}
