import Foundation

/// The design's network numbers: 30 s per request, 60 s for the whole resource (retries included), up to 3 retries
/// after a timeout, store directory cached 24 h.
public struct ClientPolicy: Sendable, Equatable {
    public var requestTimeout: Duration
    public var resourceTimeout: Duration
    public var maxRetriesOnTimeout: Int
    public var directoryMaxAge: TimeInterval

    public init(requestTimeout: Duration = .seconds(30), resourceTimeout: Duration = .seconds(60), maxRetriesOnTimeout: Int = 3, directoryMaxAge: TimeInterval = 24 * 3600) {
        self.requestTimeout = requestTimeout
        self.resourceTimeout = resourceTimeout
        self.maxRetriesOnTimeout = maxRetriesOnTimeout
        self.directoryMaxAge = directoryMaxAge
    }

    public static let design = ClientPolicy()
}
