import Insights
import Testing

@Suite struct PeriodStatisticsTests {
    @Test func medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        let statistics = PeriodStatistics(values: [4, 1, 3, 2])
        #expect(statistics.median == 2.5)
        #expect(statistics.mean == 2.5)
        #expect(statistics.minimum == 1)
        #expect(statistics.maximum == 4)
        #expect(statistics.total == 10)
    }
}
