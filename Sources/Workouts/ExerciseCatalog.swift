import Foundation
import Health

/// The official lifts and the rules for finding one by id, by name prefix, or by another app's name for it.
public enum ExerciseCatalog {
    /// Every official exercise, in catalog order.
    public static var all: [Exercise] { official }

    private static let byId: [UUID: Exercise] = Dictionary(uniqueKeysWithValues: official.map { ($0.id, $0) })

    /// Normalised names and aliases (both languages) → exercise, for matching imported names.
    private static let byKey: [String: Exercise] = {
        var keys: [String: Exercise] = [:]
        for exercise in official {
            let names = [exercise.name.en, exercise.name.ja, "\(exercise.name.en) (\(exercise.equipment.name.en))"] + exercise.aliases
            for name in names where keys[matchKey(name)] == nil {
                keys[matchKey(name)] = exercise
            }
        }
        return keys
    }()

    /// Official names only (both languages), without the aliases `match` also knows: an alias is another app's word
    /// for the lift ("Split Squat"), which someone may fairly use for a lift of their own.
    private static let byNameKey: [String: Exercise] = {
        var keys: [String: Exercise] = [:]
        for exercise in official {
            for name in [exercise.name.en, exercise.name.ja] where keys[matchKey(name)] == nil { keys[matchKey(name)] = exercise }
        }
        return keys
    }()

    public static func exercise(id: UUID) -> Exercise? {
        byId[id]
    }

    /// The official exercise another app (Strong, Hevy, a person typing) means by `name`, if any.
    /// Case, spacing, hyphens, width and hiragana or katakana do not matter.
    public static func match(name: String) -> Exercise? {
        byKey[matchKey(name)]
    }

    /// The official exercise already called `name` in either language, compared as `match` compares (case, width,
    /// spacing and punctuation aside): a custom exercise of that name would be a second, indistinguishable entry in
    /// the list, with its sets apart from the official lift's records and charts.
    public static func official(named name: String) -> Exercise? {
        byNameKey[matchKey(name)]
    }

    /// Names compared for matching: folded (`ExerciseNameFold`), then punctuation and spaces removed, so another
    /// app's "Push Up" is the catalogue's "Push-Up".
    public static func matchKey(_ name: String) -> String {
        String(ExerciseNameFold.fold(name).unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// True when `name` starts with `prefix` in the sense a search box means: both folded (`ExerciseNameFold`), so
    /// case, width, hiragana or katakana and extra spaces do not matter.
    public static func name(_ name: String, hasSearchPrefix prefix: String) -> Bool {
        ExerciseNameFold.fold(name).hasPrefix(ExerciseNameFold.fold(prefix))
    }

    static func official(
        _ number: Int, en: String, ja: String, _ equipment: Equipment, _ shares: [MuscleShare], aliases: [String]
    ) -> Exercise {
        Exercise(
            id: officialId(number), name: LocalizedText(ja: ja, en: en), equipment: equipment,
            shares: shares, aliases: aliases, isOfficial: true
        )
    }

    /// Official ids are fixed version-4-shaped UUIDs with the catalog number, in decimal digits, in the last group
    /// (`6b1d0000-0000-4000-8000-000000000042`). Built from bytes, so no text can fail to parse.
    static func officialId(_ number: Int) -> UUID {
        var digits = [UInt8](repeating: 0, count: 12)
        var rest = number
        for index in digits.indices.reversed() {
            digits[index] = UInt8(rest % 10)
            rest /= 10
        }
        // Each byte of the last group holds two decimal digits, which read back as the same hex digits.
        let tail = (0..<6).map { digits[2 * $0] << 4 | digits[2 * $0 + 1] }
        return UUID(uuid: (0x6B, 0x1D, 0, 0, 0, 0, 0x40, 0, 0x80, 0, tail[0], tail[1], tail[2], tail[3], tail[4], tail[5]))
    }
}
