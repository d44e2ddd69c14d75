import EventStream
import Foundation
import Logging
import ServiceLifecycle
import Testing

/// The producer against librdkafka's mock cluster: the real Kafka protocol over loopback TCP.
@Suite(.serialized, .timeLimit(.minutes(3))) struct KafkaProducerTests {
    @Test func everyMessageGetsASuccessfulDeliveryReportWithItsId() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        let producer = try KafkaProducer(configuration: .init(bootstrapServers: cluster.bootstrapServers), logger: Logger(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await producer.run() }
            for id in 1...20 {
                try producer.send(topic: "health-data", key: "1:user123", value: Data("{\"n\":\(id)}".utf8), id: UInt64(id))
            }
            var reports: [KafkaDeliveryReport] = []
            for await report in producer.deliveryReports {
                reports.append(report)
                if reports.count == 20 { break }
            }
            #expect(reports.filter { !$0.succeeded }.isEmpty)
            #expect(Set(reports.map(\.id)) == Set(1...20))
            // One key, one partition: offsets follow the order the messages were sent in.
            let offsets = reports.sorted { $0.id < $1.id }.compactMap { try? $0.result.get().offset }
            #expect(offsets == offsets.sorted())
            group.cancelAll()
        }
    }

    @Test func aBadPropertyIsRefusedWithItsName() {
        let error = #expect(throws: KafkaError.self) {
            _ = try KafkaProducer(configuration: .init(bootstrapServers: "127.0.0.1:1", options: ["no.such.property": "1"]), logger: Logger(label: "test"))
        }
        #expect(error?.message.contains("no.such.property") == true)
    }
}
