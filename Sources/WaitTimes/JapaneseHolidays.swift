import Foundation
import Health

/// Japan's national holidays under the Act on National Holidays (国民の祝日に関する法律), computed for 1980–2099:
/// fixed dates, Happy-Monday days, the equinox days, one-off imperial days, 振替休日 and 国民の休日.
///
/// The equinox days use the usual approximation of the astronomical equinox, which matches the dates the Cabinet
/// Office announced for every year of the range so far.
public enum JapaneseHolidays {
    /// Years the rules and the equinox formula are valid for.
    public static let supportedYears = 1980...2099

    public enum Kind: String, Sendable, Codable {
        /// A named 国民の祝日.
        case national
        /// 振替休日: a holiday that fell on a Sunday, moved to the next working day.
        case substitute
        /// 国民の休日: a working day between two named holidays.
        case citizens
    }

    public struct Holiday: Sendable, Hashable {
        public let day: LocalDay
        public let name: LocalizedText
        public let kind: Kind
    }

    /// Every holiday of `year`, in date order; empty outside `supportedYears`.
    public static func holidays(in year: Int) -> [Holiday] {
        guard supportedYears.contains(year) else { return [] }
        let named = namedHolidays(in: year)
        var all = named
        let namedDays = Set(named.map(\.day))
        var taken = namedDays
        // 振替休日: from 2007 the next day that is not itself a holiday; before, only a Monday that is not.
        for holiday in named where holiday.day.weekday == 7 {
            var candidate = holiday.day.adding(days: 1)
            if year >= 2007 {
                while taken.contains(candidate) { candidate = candidate.adding(days: 1) }
            } else if taken.contains(candidate) {
                continue
            }
            taken.insert(candidate)
            all.append(Holiday(day: candidate, name: .init(ja: "振替休日", en: "Substitute holiday"), kind: .substitute))
        }
        // 国民の休日 (since 1985-12-27): a day sandwiched between two named holidays. Sundays are already days off.
        if year >= 1986 {
            for holiday in named {
                let between = holiday.day.adding(days: 1)
                if namedDays.contains(between.adding(days: 1)), !taken.contains(between), between.weekday != 7 {
                    taken.insert(between)
                    all.append(Holiday(day: between, name: .init(ja: "国民の休日", en: "Citizens' holiday"), kind: .citizens))
                }
            }
        }
        return all.sorted { $0.day < $1.day }
    }

    /// The holiday on `day`, if it is one.
    public static func holiday(on day: LocalDay) -> Holiday? {
        holidays(in: day.year).first { $0.day == day }
    }

    public static func isHoliday(_ day: LocalDay) -> Bool {
        holiday(on: day) != nil
    }

    /// The named holidays only (no substitutes), by the rules in force in `year`.
    static func namedHolidays(in year: Int) -> [Holiday] {
        var list: [Holiday] = []
        func add(_ month: Int, _ day: Int, _ ja: String, _ en: String) {
            list.append(Holiday(day: LocalDay(year: year, month: month, day: day), name: .init(ja: ja, en: en), kind: .national))
        }
        func addNthMonday(_ n: Int, of month: Int, _ ja: String, _ en: String) {
            add(month, nthMonday(n, month: month, year: year), ja, en)
        }

        add(1, 1, "元日", "New Year's Day")
        if year >= 2000 { addNthMonday(2, of: 1, "成人の日", "Coming of Age Day") } else { add(1, 15, "成人の日", "Coming of Age Day") }
        add(2, 11, "建国記念の日", "National Foundation Day")
        if year >= 2020 { add(2, 23, "天皇誕生日", "Emperor's Birthday") }
        add(3, vernalEquinoxDay(year), "春分の日", "Vernal Equinox Day")
        switch year {
        case ...1988: add(4, 29, "天皇誕生日", "Emperor's Birthday")
        case 1989...2006: add(4, 29, "みどりの日", "Greenery Day")
        default: add(4, 29, "昭和の日", "Shōwa Day")
        }
        add(5, 3, "憲法記念日", "Constitution Memorial Day")
        if year >= 2007 { add(5, 4, "みどりの日", "Greenery Day") }
        add(5, 5, "こどもの日", "Children's Day")
        switch year {
        case 1996...2002: add(7, 20, "海の日", "Marine Day")
        case 2020: add(7, 23, "海の日", "Marine Day")
        case 2021: add(7, 22, "海の日", "Marine Day")
        case 2003...: addNthMonday(3, of: 7, "海の日", "Marine Day")
        default: break
        }
        switch year {
        case 2020: add(8, 10, "山の日", "Mountain Day")
        case 2021: add(8, 8, "山の日", "Mountain Day")
        case 2016...: add(8, 11, "山の日", "Mountain Day")
        default: break
        }
        if year >= 2003 { addNthMonday(3, of: 9, "敬老の日", "Respect for the Aged Day") } else { add(9, 15, "敬老の日", "Respect for the Aged Day") }
        add(9, autumnalEquinoxDay(year), "秋分の日", "Autumnal Equinox Day")
        switch year {
        case ...1999: add(10, 10, "体育の日", "Health and Sports Day")
        case 2000...2019: addNthMonday(2, of: 10, "体育の日", "Health and Sports Day")
        case 2020: add(7, 24, "スポーツの日", "Sports Day")
        case 2021: add(7, 23, "スポーツの日", "Sports Day")
        default: addNthMonday(2, of: 10, "スポーツの日", "Sports Day")
        }
        add(11, 3, "文化の日", "Culture Day")
        add(11, 23, "勤労感謝の日", "Labour Thanksgiving Day")
        if (1989...2018).contains(year) { add(12, 23, "天皇誕生日", "Emperor's Birthday") }

        // One-off days set by their own laws.
        switch year {
        case 1989: add(2, 24, "昭和天皇の大喪の礼", "State Funeral of Emperor Shōwa")
        case 1990: add(11, 12, "即位礼正殿の儀", "Enthronement Ceremony")
        case 1993: add(6, 9, "皇太子徳仁親王の結婚の儀", "Wedding of Crown Prince Naruhito")
        case 2019:
            add(5, 1, "天皇の即位の日", "Emperor's Enthronement Day")
            add(10, 22, "即位礼正殿の儀", "Enthronement Ceremony")
        default: break
        }
        return list.sorted { $0.day < $1.day }
    }

    /// Day of March; the standard formula for 1980–2099.
    static func vernalEquinoxDay(_ year: Int) -> Int {
        Int(20.8431 + 0.242194 * Double(year - 1980)) - (year - 1980) / 4
    }

    /// Day of September; the standard formula for 1980–2099.
    static func autumnalEquinoxDay(_ year: Int) -> Int {
        Int(23.2488 + 0.242194 * Double(year - 1980)) - (year - 1980) / 4
    }

    static func nthMonday(_ n: Int, month: Int, year: Int) -> Int {
        let first = LocalDay(year: year, month: month, day: 1)
        let offset = (8 - first.weekday) % 7
        return 1 + offset + (n - 1) * 7
    }
}
