import Foundation
import Logging
import ServiceLifecycle
import Services

/// Runs a reminder pass for every user every few minutes inside `kiroku serve`, as a service of the application's
/// group: it stops with the server. A pass that fails is logged; the next one tries again (the reminder log keeps
/// anything from being sent twice).
public struct ReminderScheduler: Service {
    let reminders: ReminderService
    let interval: Duration
    let clock: @Sendable () -> Date
    let logger: Logger

    public init(reminders: ReminderService, interval: Duration = ReminderService.passInterval, clock: @escaping @Sendable () -> Date, logger: Logger) {
        self.reminders = reminders
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let report = try await reminders.runPass(now: clock(), logger: logger)
                if report.total > 0 { logger.info("reminders sent", metadata: ["count": "\(report.total)"]) }
            } catch {
                logger.warning("reminder pass failed", metadata: ["error": "\(type(of: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }
}
