import Foundation

/// How the samples of one day combine into the number a person expects to see for that day.
/// Summing heart rates or averaging steps gives nonsense, so every metric declares which rule applies.
public enum AggregationKind: String, Sendable, Codable {
    /// Samples are partial amounts (steps, kcal, grams eaten): the day's number is their sum.
    case cumulative
    /// Samples are point readings (weight, heart rate): the day's number is their mean; min, max and latest also matter.
    case discrete
    /// Samples are category intervals whose length is what counts (sleep, mindful sessions), already expressed
    /// in minutes by whoever created the sample: the day's number is the sum of those minutes.
    case duration
}
