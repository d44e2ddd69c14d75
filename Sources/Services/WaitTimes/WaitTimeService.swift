import Foundation
import Health
import Logging
import Storage
import WaitTimes
import Webhooks

/// The wait-time system's operations shared by the API, the pages, the poller and the CLI: live snapshots, recording
/// observations (which may fire alerts), history-based forecasts and heat maps.
public struct WaitTimeService: Sendable {
    public let database: AppDatabase
    public let webhooks: AlertWebhookSender?
    /// The current instant; a parameter so tests can stand at 10:44 on a Friday.
    public let now: @Sendable () -> Date
    /// The chain's own zone: hours, days and slots are Tokyo's, whoever asks.
    public static let timeZone = User.defaultTimeZone
    /// How far back forecasts and heat maps look.
    public static let historyDays = 84

    /// Seals alerts' webhook URLs in the database; nil stores them as typed (tests without a data directory).
    public let secrets: SecretBox?

    public init(database: AppDatabase, webhooks: AlertWebhookSender? = nil, secrets: SecretBox? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.webhooks = webhooks
        self.secrets = secrets
        self.now = now
    }

    /// The alert as its owner and the webhook sender see it: the webhook URL opened (nil if its key is gone).
    func opened(_ alert: WaitAlert) -> WaitAlert {
        guard let secrets, let sealed = alert.webhookURL else { return alert }
        var alert = alert
        alert.webhookURL = secrets.open(sealed)
        return alert
    }

    /// Every store at `now`, unfiltered, in directory order.
    public func snapshots(now: Date, near location: Coordinate? = nil) async throws -> [StoreSnapshot] {
        let stores = try await database.stores()
        let latest = try await database.latestObservations()
        return stores.map { StoreSnapshot(store: $0, latest: latest[$0.id], now: now, timeZone: Self.timeZone, from: location) }
    }

    public func snapshot(id: String, now: Date) async throws -> StoreSnapshot? {
        guard let store = try await database.store(id: id) else { return nil }
        let latest = try await database.latestObservation(storeId: id)
        return StoreSnapshot(store: store, latest: latest, now: now, timeZone: Self.timeZone)
    }

    /// Validates and stores observations; fired alerts land in inboxes at once and their webhooks are sent afterwards.
    @discardableResult
    public func record(_ observations: [WaitObservation], now: Date, logger: Logger) async throws -> (inserted: Int, fired: [FiredAlert]) {
        // Readings more than a day from now are typos (year 10000 once broke every page that reads them).
        let window = InstantWindow.operatorReading(now: now)
        for (index, observation) in observations.enumerated() {
            if let problem = observation.problem { throw problem }
            try window.check(observation.observedAt, field: observations.count == 1 ? "observedAt" : "observations[\(index)].observedAt")
        }
        let result = try await database.addObservations(observations, timeZone: Self.timeZone, now: now, alertMessage: Self.alertMessage)
        if let webhooks, !result.fired.isEmpty {
            for fired in result.fired where fired.alert.webhookURL != nil {
                var fired = fired
                fired.alert = opened(fired.alert)
                await webhooks.send(fired, logger: logger)
            }
        }
        return result
    }

    /// A webhook URL as it may be saved: http(s), and not (now) pointing at this server or a private network,
    /// unless the server was started with `--allow-private-webhooks`.
    public func checkedWebhookURL(_ text: String) async throws -> String {
        try await (webhooks?.policy ?? WebhookPolicy()).validate(text)
    }

    /// A new operator token for the feed endpoints; the secret is returned once and only its hash is kept.
    public func createOperatorToken(name: String) async throws -> (secret: String, token: OperatorToken) {
        let trimmed = try AccountService.checkedName(name.trimmingCharacters(in: .whitespaces), field: LocalizedText(ja: "トークン名", en: "Token name"))
        guard (1...64).contains(trimmed.count) else { throw ServiceError.invalidParameter("name", expected: .text(characters: 1...64)) }
        let secret = SecretToken.generate(prefix: "kop_")
        let token = try await database.insertOperatorToken(OperatorToken(name: trimmed, tokenHash: SecretToken.hash(secret), prefix: String(secret.prefix(8)), createdAt: now()))
        return (secret, token)
    }

    public func history(storeId: String, now: Date) async throws -> [WaitObservation] {
        try await database.observations(storeId: storeId, since: now.addingTimeInterval(-Double(Self.historyDays) * 86_400))
    }

    public func forecast(store: Store, day: LocalDay, now: Date) async throws -> WaitForecast {
        WaitForecast(store: store, day: day, history: try await history(storeId: store.id, now: now), timeZone: Self.timeZone)
    }

    /// What the inbox says when an alert fires.
    @Sendable static func alertMessage(_ alert: WaitAlert, _ observation: WaitObservation, _ store: Store?) -> (title: LocalizedText, body: LocalizedText) {
        let name = store?.displayName ?? alert.storeId
        let minutes = observation.minutes ?? 0
        let time = LocalInstant(observation.observedAt, in: timeZone).time
        return (
            LocalizedText(ja: "\(name)が\(minutes)分待ちになりました", en: "\(name): the wait is down to \(minutes) min"),
            LocalizedText(
                ja: "\(time) 時点で\(minutes)分待ちです（通知の条件: \(alert.maxMinutes)分以下）。",
                en: "At \(time) the wait was \(minutes) minutes (you asked for \(alert.maxMinutes) or less)."
            )
        )
    }
}
