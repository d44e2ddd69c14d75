import Foundation

extension LocalDay {
    /// Age in whole years on `day` of someone born on this day; nil when `day` is before the birth.
    ///
    /// A birthday is reached when the (month, day) of `day` is at or past the birth's. Someone born on
    /// 29 February therefore turns a year older on 1 March in common years — the day after 28 February,
    /// as Japanese law (年齢計算ニ関スル法律) and most other legal systems count it.
    public func age(on day: LocalDay) -> Int? {
        guard self <= day else { return nil }
        let hadBirthday = (day.month, day.day) >= (month, self.day)
        return day.year - year - (hadBirthday ? 0 : 1)
    }
}
