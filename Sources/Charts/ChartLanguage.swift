/// The language of the words the chart module writes itself (the screen-reader summary and the
/// word "goal" in it). Titles, legends and empty messages come from the caller already translated,
/// so this only has to cover the handful of phrases that are built from the data.
public enum ChartLanguage: String, Sendable {
    case ja
    case en
}
