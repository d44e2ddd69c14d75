import Health

/// What an exercise is done with; shown next to names so "Row (Barbell)" and "Row (Cable)" are told apart.
public enum Equipment: String, Sendable, CaseIterable {
    case barbell, dumbbell, machine, cable, bodyweight, kettlebell, other

    public var name: LocalizedText {
        switch self {
        case .barbell: .init(ja: "バーベル", en: "Barbell")
        case .dumbbell: .init(ja: "ダンベル", en: "Dumbbell")
        case .machine: .init(ja: "マシン", en: "Machine")
        case .cable: .init(ja: "ケーブル", en: "Cable")
        case .bodyweight: .init(ja: "自重", en: "Bodyweight")
        case .kettlebell: .init(ja: "ケトルベル", en: "Kettlebell")
        case .other: .init(ja: "その他", en: "Other")
        }
    }
}
