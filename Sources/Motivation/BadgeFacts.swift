import Foundation
import Health

/// What the user has done, as numbers the badge rules read. The server gathers them after every write that can
/// earn a badge (a record, an import, a gateway batch, a ticked task step) and after deletions.
public struct BadgeFacts: Sendable, Hashable, Codable {
    public var longestStreak: Int
    public var totalRecords: Int
    public var dataDays: Int
    /// Percent of the starting weight lost (positive is a loss); 0 without a weight goal or any loss.
    public var weightLossPercent: Double
    public var stepsTotal: Double
    public var goalsAchieved: Int
    public var weeklyGoalsMet: Int
    public var monthlyGoalsMet: Int
    public var workouts: Int
    public var stepTasksDone: Int
    /// Days without any record before each return, oldest first (see ``absences(in:)``).
    public var absences: [Int]

    public init(
        longestStreak: Int = 0,
        totalRecords: Int = 0,
        dataDays: Int = 0,
        weightLossPercent: Double = 0,
        stepsTotal: Double = 0,
        goalsAchieved: Int = 0,
        weeklyGoalsMet: Int = 0,
        monthlyGoalsMet: Int = 0,
        workouts: Int = 0,
        stepTasksDone: Int = 0,
        absences: [Int] = []
    ) {
        self.longestStreak = longestStreak
        self.totalRecords = totalRecords
        self.dataDays = dataDays
        self.weightLossPercent = weightLossPercent
        self.stepsTotal = stepsTotal
        self.goalsAchieved = goalsAchieved
        self.weeklyGoalsMet = weeklyGoalsMet
        self.monthlyGoalsMet = monthlyGoalsMet
        self.workouts = workouts
        self.stepTasksDone = stepTasksDone
        self.absences = absences
    }

    /// The longest time away before coming back, in days.
    public var longestAbsence: Int { absences.max() ?? 0 }

    /// The gaps between consecutive days with data that are at least `minimumDays` long, counting only returns on
    /// or after `returnsFrom` (the day the account was opened): years of imported history with gaps in it are not
    /// a person coming back, and would otherwise greet them with a welcome back for every gap at once.
    public static func absences(in dataDays: Set<LocalDay>, minimumDays: Int = 1, returnsFrom: LocalDay? = nil) -> [Int] {
        let sorted = dataDays.sorted()
        return zip(sorted, sorted.dropFirst()).compactMap { earlier, later in
            if let returnsFrom, later < returnsFrom { return nil }
            let away = earlier.days(until: later) - 1
            return away >= minimumDays ? away : nil
        }
    }

    /// How far the facts go toward a requirement, in the requirement's own unit.
    func amount(for requirement: BadgeRequirement) -> Double {
        switch requirement.type {
        case .consecutiveDays: Double(longestStreak)
        case .totalRecords: Double(totalRecords)
        case .goalAchievement: Double(goalsAchieved)
        case .weightLoss: weightLossPercent
        case .stepsTotal: stepsTotal
        case .workouts: Double(workouts)
        case .stepTasksDone: Double(stepTasksDone)
        case .welcomeBack: Double(longestAbsence)
        case .weeklyGoalMet: Double(weeklyGoalsMet)
        case .monthlyGoalMet: Double(monthlyGoalsMet)
        }
    }

    /// How many times the facts earn `badge`: 0 or 1 for a one-off badge, the number of occurrences for a
    /// repeatable one (each week met, each return after a long absence).
    func timesEarned(_ badge: Badge) -> Int {
        let requirement = badge.requirement
        guard requirement.value > 0 else { return 1 }
        if badge.isRepeatable {
            switch requirement.type {
            case .welcomeBack:
                return absences.count { Double($0) >= requirement.value }
            default:
                return Int((amount(for: requirement) / requirement.value).rounded(.down))
            }
        }
        return amount(for: requirement) >= requirement.value ? 1 : 0
    }
}
