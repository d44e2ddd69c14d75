import Foundation
import Hummingbird
import Services
import Storage

/// `/api/v1/reminders` (the caller's reminder settings) and `/calendar/{token}.ics` (the private calendar feed a
/// calendar app subscribes to; the token is the only credential, so an unknown one answers 404 like a missing page).
struct RemindersController {
    let reminders: ReminderService

    var apiEndpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("reminders", use: show)
        routes.put("reminders", use: update)
        return routes
    }

    var feedEndpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("calendar/{file}", use: feed)
        return routes
    }

    struct SettingsResponse: ResponseEncodable, Decodable {
        let enabled: Bool
        let preferredTime: String?
        let quietStart: String
        let quietEnd: String
        let webhookURL: String?
        /// json or ntfy.
        let webhookFormat: String
        /// The private feed's path (`/calendar/<token>.ics`) in the answer that made it (`newCalendarFeed: true`), else
        /// null: only the token's hash is stored, so the address cannot be shown again.
        let calendarPath: String?
        /// Whether a private feed exists (its address was shown once, when made).
        let calendarFeed: Bool

        init(_ row: ReminderSettingRow, newCalendarPath: String? = nil) {
            enabled = row.enabled
            preferredTime = row.preferredTime
            quietStart = row.quietStart
            quietEnd = row.quietEnd
            webhookURL = row.webhookURL
            webhookFormat = row.webhookFormat.rawValue
            calendarPath = newCalendarPath
            calendarFeed = row.calendarTokenHash != nil
        }
    }

    /// Fields left out stay as they are; `preferredTime` or `webhookURL` set to null clear them. A member it does not
    /// read (`quietStrat`) is refused as `unknown_field`, like every other PATCH/PUT body of Kiroku's own API.
    struct SettingsPatch: PatchBody {
        var enabled: Bool?
        var preferredTime: String??
        var quietStart: String?
        var quietEnd: String?
        var webhookURL: String??
        var webhookFormat: String?
        var newCalendarFeed: Bool?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled)
            quietStart = try container.decodeIfPresent(String.self, forKey: .quietStart)
            quietEnd = try container.decodeIfPresent(String.self, forKey: .quietEnd)
            newCalendarFeed = try container.decodeIfPresent(Bool.self, forKey: .newCalendarFeed)
            webhookFormat = try container.decodeIfPresent(String.self, forKey: .webhookFormat)
            preferredTime = try Self.clearable(container, .preferredTime)
            webhookURL = try Self.clearable(container, .webhookURL)
        }

        /// Absent: nil (leave as is); null: .some(nil) (clear); a string: .some(value).
        static func clearable(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String?? {
            guard container.contains(key) else { return nil }
            if try container.decodeNil(forKey: key) { return .some(nil) }
            return .some(try container.decode(String.self, forKey: key))
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case enabled, preferredTime, quietStart, quietEnd, webhookURL, webhookFormat, newCalendarFeed
        }
        typealias Members = CodingKeys
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> SettingsResponse {
        SettingsResponse(try await reminders.settings(userId: try context.requireUserId(), now: context.now))
    }

    @Sendable func update(request: Request, context: AppRequestContext) async throws -> SettingsResponse {
        let patch = try await request.decode(as: SettingsPatch.self, context: context)
        let saved = try await reminders.updateSettings(
            userId: try context.requireUserId(), enabled: patch.enabled, preferredTime: patch.preferredTime, quietStart: patch.quietStart,
            quietEnd: patch.quietEnd, webhookURL: patch.webhookURL, webhookFormat: patch.webhookFormat, newCalendarToken: patch.newCalendarFeed ?? false, now: context.now
        )
        return SettingsResponse(saved.setting, newCalendarPath: saved.newCalendarPath)
    }

    @Sendable func feed(request: Request, context: AppRequestContext) async throws -> Response {
        let file = try context.parameters.require("file")
        guard file.hasSuffix(".ics"), let text = try await reminders.calendar(token: String(file.dropLast(4)), now: context.now) else {
            throw APIError.notFound
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "private, no-store", .init("Referrer-Policy")!: "no-referrer"],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
