@testable import Server
@testable import Services

/// The fuzzer's dice: the demo data's SplitMix64, so the same seed gives the same requests on every machine and
/// Swift version, unlike the system generator, and a run that found something can be replayed from its seed.
struct FuzzRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 {
        generator.next()
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &self)]
    }
}
