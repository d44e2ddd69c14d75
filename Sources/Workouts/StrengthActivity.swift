import Foundation

/// Which workouts from Apple Health (or Health Auto Export) are strength training: the ones shown beside the
/// sets logged for the same day. HealthKit names them `HKWorkoutActivityTypeTraditionalStrengthTraining` and
/// `…FunctionalStrengthTraining`; Health Auto Export writes "Traditional Strength Training".
public enum StrengthActivity {
    public static func matches(_ activityType: String) -> Bool {
        activityType.lowercased().filter { !$0.isWhitespace }.contains("strengthtraining")
    }
}
