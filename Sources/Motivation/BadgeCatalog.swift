import Foundation
import Health

/// Every badge Kiroku awards. Ids are stable strings stored with each award; never rename one.
public enum BadgeCatalog: Sendable {
    /// The seed's three defaults, exactly.
    public static let defaults: [Badge] = [firstStep, streak7, streak30]

    public static let all: [Badge] = defaults + [streak100, records100, records1000]
        + weightLoss + steps + goals + [welcomeBack] + workouts + stepTasks

    public static func badge(id: String) -> Badge? {
        all.first { $0.id == id }
    }

    public static let firstStep = Badge(
        id: "first-step",
        name: LocalizedText(ja: "はじめの一歩", en: "First Step"),
        description: LocalizedText(ja: "初回記録を達成", en: "Made your first record"),
        type: .milestone,
        requirement: BadgeRequirement(type: .totalRecords, value: 1),
        icon: .star,
        tier: .bronze
    )

    public static let streak7 = Badge(
        id: "streak-7",
        name: LocalizedText(ja: "継続は力なり", en: "Persistence Pays"),
        description: LocalizedText(ja: "7日連続記録を達成", en: "Recorded 7 days in a row"),
        type: .streak,
        requirement: BadgeRequirement(type: .consecutiveDays, value: 7, duration: 7),
        icon: .flame,
        tier: .silver
    )

    public static let streak30 = Badge(
        id: "streak-30",
        name: LocalizedText(ja: "健康マスター", en: "Health Master"),
        description: LocalizedText(ja: "30日連続記録を達成", en: "Recorded 30 days in a row"),
        type: .streak,
        requirement: BadgeRequirement(type: .consecutiveDays, value: 30, duration: 30),
        icon: .crown,
        tier: .gold
    )

    public static let streak100 = Badge(
        id: "streak-100",
        name: LocalizedText(ja: "百日の道", en: "Hundred-Day Road"),
        description: LocalizedText(ja: "100日連続記録を達成", en: "Recorded 100 days in a row"),
        type: .streak,
        requirement: BadgeRequirement(type: .consecutiveDays, value: 100, duration: 100),
        icon: .crown,
        tier: .platinum
    )

    public static let records100 = Badge(
        id: "records-100",
        name: LocalizedText(ja: "記録100件", en: "100 Records"),
        description: LocalizedText(ja: "記録が合計100件に到達", en: "Made 100 records in all"),
        type: .milestone,
        requirement: BadgeRequirement(type: .totalRecords, value: 100),
        icon: .star,
        tier: .silver
    )

    public static let records1000 = Badge(
        id: "records-1000",
        name: LocalizedText(ja: "記録1000件", en: "1,000 Records"),
        description: LocalizedText(ja: "記録が合計1000件に到達", en: "Made 1,000 records in all"),
        type: .milestone,
        requirement: BadgeRequirement(type: .totalRecords, value: 1_000),
        icon: .star,
        tier: .gold
    )

    public static let weightLoss: [Badge] = [(3.0, BadgeTier.bronze), (5, .silver), (10, .gold)].map { percent, tier in
        let number = Int(percent)
        return Badge(
            id: "weight-loss-\(number)",
            name: LocalizedText(ja: "体重-\(number)%", en: "−\(number) % Weight"),
            description: LocalizedText(ja: "目標開始時から体重を\(number)%減らした", en: "Lost \(number) % of your starting weight"),
            type: .achievement,
            requirement: BadgeRequirement(type: .weightLoss, value: percent),
            icon: .scale,
            tier: tier
        )
    }

    public static let steps: [Badge] = [
        (100_000.0, "100k", "10万", "100,000", BadgeTier.bronze),
        (1_000_000, "1m", "100万", "1,000,000", .silver),
        (10_000_000, "10m", "1000万", "10,000,000", .gold),
    ].map { total, suffix, japanese, english, tier in
        Badge(
            id: "steps-\(suffix)",
            name: LocalizedText(ja: "\(japanese)歩", en: "\(english) Steps"),
            description: LocalizedText(ja: "歩数の合計が\(japanese)歩に到達", en: "Walked \(english) steps in all"),
            type: .milestone,
            requirement: BadgeRequirement(type: .stepsTotal, value: total),
            icon: .shoe,
            tier: tier
        )
    }

    public static let goals: [Badge] = [
        Badge(
            id: "goal-achieved",
            name: LocalizedText(ja: "目標達成", en: "Goal Reached"),
            description: LocalizedText(ja: "目標をひとつ達成した", en: "Reached one of your goals"),
            type: .achievement,
            requirement: BadgeRequirement(type: .goalAchievement, value: 1),
            icon: .check,
            tier: .gold
        ),
        Badge(
            id: "weekly-goal",
            name: LocalizedText(ja: "今週の目標クリア", en: "Week Well Done"),
            description: LocalizedText(ja: "1週間の目標を達成（毎週もらえます）", en: "Met a weekly goal (earned every week)"),
            type: .special,
            requirement: BadgeRequirement(type: .weeklyGoalMet, value: 1, duration: 7),
            icon: .check,
            tier: .silver,
            isRepeatable: true
        ),
        Badge(
            id: "monthly-goal",
            name: LocalizedText(ja: "今月の目標クリア", en: "Month Well Done"),
            description: LocalizedText(ja: "1か月の目標を達成（毎月もらえます）", en: "Met a monthly goal (earned every month)"),
            type: .special,
            requirement: BadgeRequirement(type: .monthlyGoalMet, value: 1, duration: 30),
            icon: .check,
            tier: .gold,
            isRepeatable: true
        ),
    ]

    /// Hidden until earned: a surprise for coming back, never a reproach for having been away.
    public static let welcomeBack = Badge(
        id: "welcome-back",
        name: LocalizedText(ja: "おかえりなさい", en: "Welcome Back"),
        description: LocalizedText(ja: "30日以上あいてから、また記録した", en: "Recorded again after 30 days or more away"),
        type: .special,
        requirement: BadgeRequirement(type: .welcomeBack, value: 30),
        icon: .footprint,
        tier: .bronze,
        isHidden: true,
        isRepeatable: true
    )

    public static let workouts: [Badge] = [(1.0, BadgeTier.bronze), (10, .silver), (100, .gold)].map { count, tier in
        let number = Int(count)
        return Badge(
            id: "workouts-\(number)",
            name: number == 1
                ? LocalizedText(ja: "初トレーニング", en: "First Workout")
                : LocalizedText(ja: "トレーニング\(number)回", en: "\(number) Workouts"),
            description: LocalizedText(ja: "筋トレを\(number)回記録した", en: "Logged \(number) workout\(number == 1 ? "" : "s")"),
            type: .milestone,
            requirement: BadgeRequirement(type: .workouts, value: count),
            icon: .dumbbell,
            tier: tier
        )
    }

    public static let stepTasks: [Badge] = [(1.0, BadgeTier.bronze), (10, .silver), (100, .gold)].map { count, tier in
        let number = Int(count)
        return Badge(
            id: "step-tasks-\(number)",
            name: number == 1
                ? LocalizedText(ja: "一段のぼった", en: "One Step Up")
                : LocalizedText(ja: "ステップ\(number)個", en: "\(number) Steps Done"),
            description: LocalizedText(
                ja: "タスクのステップを\(number)個完了した",
                en: "Ticked off \(number) task step\(number == 1 ? "" : "s")"
            ),
            type: .milestone,
            requirement: BadgeRequirement(type: .stepTasksDone, value: count),
            icon: .footprint,
            tier: tier
        )
    }
}
