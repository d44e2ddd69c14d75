import Foundation
import Health
import Testing
@testable import Workouts

@Suite struct ExerciseCatalogTests {
    @Test func atLeastSixtyLiftsWithBothNamesAndSharesSummingToAThousand() {
        #expect(ExerciseCatalog.all.count >= 60)
        for exercise in ExerciseCatalog.all {
            #expect(!exercise.name.ja.isEmpty && !exercise.name.en.isEmpty)
            #expect(exercise.shares.reduce(0) { $0 + $1.thousandths } == 1000, "\(exercise.name.en)")
            #expect(exercise.isOfficial)
        }
        #expect(Set(ExerciseCatalog.all.map(\.id)).count == ExerciseCatalog.all.count)
        #expect(Set(ExerciseCatalog.all.map(\.name.ja)).count == ExerciseCatalog.all.count)
    }

    @Test func everyKindOfEquipmentIsCovered() {
        let kinds = Set(ExerciseCatalog.all.map(\.equipment))
        for kind in [Equipment.barbell, .dumbbell, .machine, .bodyweight, .cable] { #expect(kinds.contains(kind)) }
    }

    @Test func aboutFifteenMuscleGroupsAllUsed() {
        #expect((14...17).contains(MuscleGroup.all.count))
        let used = Set(ExerciseCatalog.all.flatMap { $0.shares.map(\.group.id) })
        #expect(used == Set(MuscleGroup.all.map(\.id)))
    }

    @Test func idsAreStableUUIDs() {
        let bench = ExerciseCatalog.match(name: "Bench Press")!
        #expect(bench.id.uuidString.lowercased() == "6b1d0000-0000-4000-8000-000000000001")
        #expect(ExerciseCatalog.exercise(id: bench.id) == bench)
    }

    @Test func otherAppsNamesMatchTheCatalog() {
        #expect(ExerciseCatalog.match(name: "Bench Press (Barbell)")?.name.en == "Bench Press")
        #expect(ExerciseCatalog.match(name: "squat (barbell)")?.name.en == "Squat")
        #expect(ExerciseCatalog.match(name: "Bent Over Row (Barbell)")?.name.en == "Barbell Row")
        #expect(ExerciseCatalog.match(name: "Pull Up")?.name.en == "Pull-Up")
        #expect(ExerciseCatalog.match(name: "ベンチプレス")?.name.en == "Bench Press")
        #expect(ExerciseCatalog.match(name: "Zercher Carry Into Handstand") == nil)
    }

    @Test func prefixSearchIgnoresCaseAndWidth() {
        #expect(ExerciseCatalog.name("Bench Press", hasSearchPrefix: "ben"))
        #expect(ExerciseCatalog.name("Bench Press", hasSearchPrefix: "ＢＥＮ"))
        #expect(!ExerciseCatalog.name("Incline Bench Press", hasSearchPrefix: "bench"))
        #expect(ExerciseCatalog.name("ベンチプレス", hasSearchPrefix: "ベンチ"))
        #expect(ExerciseCatalog.name("anything", hasSearchPrefix: " "))
    }
}
