import Health
import HealthImport
import Testing

@Suite struct WorkoutActivityNameTests {
    @Test func knownTypesHaveNamesInBothLanguages() {
        #expect(WorkoutActivityName.of("HKWorkoutActivityTypeRunning") == LocalizedText(ja: "ランニング", en: "Running"))
        #expect(WorkoutActivityName.of("HKWorkoutActivityTypeTraditionalStrengthTraining").ja == "筋力トレーニング")
    }

    @Test func otherNamesAreShownAsWrittenWithTheirWordsApart() {
        #expect(WorkoutActivityName.of("HKWorkoutActivityTypeDiscSports").en == "Disc Sports")
        #expect(WorkoutActivityName.of("Outdoor Run") == LocalizedText(ja: "Outdoor Run", en: "Outdoor Run"))
    }
}
