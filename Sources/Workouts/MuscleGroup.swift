import Foundation
import Health

/// A muscle group the dashboard reports volume for. Ids are stable integers, as the BulkTrack API expects.
public struct MuscleGroup: Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: LocalizedText

    public init(id: Int, name: LocalizedText) {
        self.id = id
        self.name = name
    }
}

extension MuscleGroup {
    public static let chest = MuscleGroup(id: 1, name: .init(ja: "胸", en: "Chest"))
    public static let upperBack = MuscleGroup(id: 2, name: .init(ja: "背中（上部）", en: "Upper back"))
    public static let lats = MuscleGroup(id: 3, name: .init(ja: "広背筋", en: "Lats"))
    public static let lowerBack = MuscleGroup(id: 4, name: .init(ja: "腰", en: "Lower back"))
    public static let frontDelts = MuscleGroup(id: 5, name: .init(ja: "肩（前部）", en: "Front delts"))
    public static let sideDelts = MuscleGroup(id: 6, name: .init(ja: "肩（側部）", en: "Side delts"))
    public static let rearDelts = MuscleGroup(id: 7, name: .init(ja: "肩（後部）", en: "Rear delts"))
    public static let biceps = MuscleGroup(id: 8, name: .init(ja: "上腕二頭筋", en: "Biceps"))
    public static let triceps = MuscleGroup(id: 9, name: .init(ja: "上腕三頭筋", en: "Triceps"))
    public static let forearms = MuscleGroup(id: 10, name: .init(ja: "前腕", en: "Forearms"))
    public static let abs = MuscleGroup(id: 11, name: .init(ja: "腹筋", en: "Abs"))
    public static let quads = MuscleGroup(id: 12, name: .init(ja: "大腿四頭筋", en: "Quadriceps"))
    public static let hamstrings = MuscleGroup(id: 13, name: .init(ja: "ハムストリングス", en: "Hamstrings"))
    public static let glutes = MuscleGroup(id: 14, name: .init(ja: "臀筋", en: "Glutes"))
    public static let calves = MuscleGroup(id: 15, name: .init(ja: "ふくらはぎ", en: "Calves"))
    public static let traps = MuscleGroup(id: 16, name: .init(ja: "僧帽筋", en: "Traps"))

    /// Every group, in id order.
    public static let all: [MuscleGroup] = [
        chest, upperBack, lats, lowerBack, frontDelts, sideDelts, rearDelts, biceps, triceps, forearms,
        abs, quads, hamstrings, glutes, calves, traps,
    ]

    public static func group(id: Int) -> MuscleGroup? {
        all.first { $0.id == id }
    }
}
