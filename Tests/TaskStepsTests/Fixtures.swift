import Foundation
import Health
import TaskSteps

enum Fixtures {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// An instant given as local wall-clock time in `zone`.
    static func instant(_ text: String, in zone: TimeZone = tokyo) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    static func task(id: Int64 = 1, done: Int, open: Int, archived: Bool = false, due: LocalDay? = nil, tags: [String] = []) -> StepTask {
        let finished = (0..<done).map { TaskStep(id: Int64($0 + 1), title: "done \($0)", position: $0, completedAt: Date(timeIntervalSince1970: Double($0) * 60)) }
        let pending = (0..<open).map { TaskStep(id: Int64(done + $0 + 1), title: "open \($0)", position: done + $0) }
        return StepTask(id: id, title: "task \(id)", createdAt: Date(timeIntervalSince1970: 0), dueDate: due, tags: tags, isArchived: archived, steps: finished + pending)
    }
}
