import Foundation

/// Every first `POST /v1/auth/device` makes an account, with no password and no sign-up form in front of it.
/// This caps how many new devices one client address can register per hour, so a script cannot fill the
/// database with empty accounts. Devices already known are never limited.
public actor NewDeviceLimiter {
    public let perAddress: Int
    public let window: TimeInterval
    private var registrations: [String: [Date]] = [:]

    public init(perAddress: Int = 30, window: TimeInterval = 3600) {
        self.perAddress = perAddress
        self.window = window
    }

    /// Records a registration and answers whether it is within the limit.
    public func admit(address: String, now: Date) -> Bool {
        let cutoff = now.addingTimeInterval(-window)
        registrations = registrations.compactMapValues { dates in
            let kept = dates.filter { $0 > cutoff }
            return kept.isEmpty ? nil : kept
        }
        guard registrations[address, default: []].count < perAddress else { return false }
        registrations[address, default: []].append(now)
        return true
    }
}
