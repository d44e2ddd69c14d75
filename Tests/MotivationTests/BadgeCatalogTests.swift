import Foundation
import Health
import Motivation
import Testing

@Suite struct BadgeCatalogTests {
    @Test func theSeedsThreeDefaultsAreExact() {
        let defaults = BadgeCatalog.defaults
        #expect(defaults.map(\.name.ja) == ["はじめの一歩", "継続は力なり", "健康マスター"])
        #expect(defaults.map(\.description.ja) == ["初回記録を達成", "7日連続記録を達成", "30日連続記録を達成"])
        #expect(defaults.map(\.type) == [.milestone, .streak, .streak])
        #expect(defaults.map(\.requirement) == [
            BadgeRequirement(type: .totalRecords, value: 1),
            BadgeRequirement(type: .consecutiveDays, value: 7, duration: 7),
            BadgeRequirement(type: .consecutiveDays, value: 30, duration: 30),
        ])
        #expect(defaults.map(\.colorScheme) == [.bronze, .silver, .gold])
    }

    @Test func tierColoursAreTheSeeds() {
        #expect(BadgeTier.bronze.colorScheme == BadgeColorScheme(primary: "#CD7F32", secondary: "#8B4513", accent: "#FFD700"))
        #expect(BadgeTier.silver.colorScheme == BadgeColorScheme(primary: "#C0C0C0", secondary: "#808080", accent: "#FFFFFF"))
        #expect(BadgeTier.gold.colorScheme == BadgeColorScheme(primary: "#FFD700", secondary: "#FFA500", accent: "#FFFF00"))
        #expect(BadgeTier.platinum.colorScheme == BadgeColorScheme(primary: "#E5E4E2", secondary: "#BCC6CC", accent: "#FFFFFF"))
    }

    @Test func theSeedsTypeNamesAreKept() {
        #expect(BadgeType.allCases.map(\.rawValue) == ["継続", "マイルストーン", "達成", "特別"])
    }

    @Test func theCatalogHasAboutTwentyBadgesWithUniqueIDsAndTextInBothLanguages() {
        let all = BadgeCatalog.all
        #expect(all.count >= 20)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(all.allSatisfy { !$0.name.ja.isEmpty && !$0.name.en.isEmpty && !$0.description.ja.isEmpty && !$0.description.en.isEmpty })
        #expect(Set(all.map(\.name.en)).count == all.count)
    }

    @Test func theCatalogCoversEveryKindOfRequirementAndTier() {
        let all = BadgeCatalog.all
        #expect(Set(all.map(\.requirement.type)) == Set(BadgeRequirement.RequirementType.allCases))
        #expect(Set(all.map(\.tier)) == Set(BadgeTier.allCases))
        #expect(BadgeCatalog.badge(id: "streak-100")?.tier == .platinum)
        #expect(BadgeCatalog.badge(id: "welcome-back")?.isHidden == true)
        #expect(BadgeCatalog.badge(id: "weekly-goal")?.isRepeatable == true)
        #expect(BadgeCatalog.badge(id: "first-step")?.isRepeatable == false)
    }
}
