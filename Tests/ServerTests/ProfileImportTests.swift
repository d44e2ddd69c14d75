import Foundation
import GRDB
import Health
import HealthImport
@testable import Server
import Storage
import Testing
import TestSupport

/// An Apple Health import fills the profile's date of birth and sex from `<Me>` — only where they are empty.
@Suite("Apple Health import: Me fills an empty profile")
struct ProfileImportTests {
    /// The import suite's database, user and import helpers.
    let imports: AppleHealthImportTests
    var database: AppDatabase { imports.database }
    var userId: Int64 { imports.userId }

    init() async throws {
        imports = try await AppleHealthImportTests()
    }

    func importFile(_ file: URL, batchSize: Int = 5_000, failAtBatch: Int? = nil) async throws -> ImportJob {
        try await imports.importFile(at: file, batchSize: batchSize, failAtBatch: failAtBatch)
    }

    /// A small export whose `<Me>` carries the given attribute values.
    func export(dateOfBirth: String, sex: String) throws -> URL {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="ja_JP">
             <ExportDate value="2024-03-10 21:00:00 +0900"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="\(dateOfBirth)" HKCharacteristicTypeIdentifierBiologicalSex="\(sex)" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2024-03-01 08:00:00 +0900" endDate="2024-03-01 08:10:00 +0900" value="1200"/>
            </HealthData>
            """
        let url = TestFiles.directory.appendingPathComponent("me-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: url)
        return url
    }

    func profile() async throws -> (LocalDay?, BiologicalSex?) {
        let user = try #require(try await database.user(id: userId))
        return (user.dateOfBirth, user.biologicalSex)
    }

    func setProfile(dateOfBirth: LocalDay?, sex: BiologicalSex?) async throws {
        var user = try #require(try await database.user(id: userId))
        user.dateOfBirth = dateOfBirth
        user.biologicalSex = sex
        try await database.updateUser(user)
    }

    @Test("An empty profile takes date of birth and sex from the export; Me is still stored raw")
    func fillsEmptyProfile() async throws {
        let job = try await importFile(AppleHealthImportTests.fixture("export-modern.xml"))
        #expect(job.state == .succeeded)
        #expect(job.profileFilled == [.dateOfBirth, .biologicalSex])
        #expect(try await profile() == (LocalDay("1990-01-01"), .male))
        #expect(job.counts["Me"] == ImportTally(imported: 1))
        // The job row in the database says the same (the CLI and the web page read it from there).
        #expect(try await database.importJob(id: job.id!, userId: userId)?.profileFilled == [.dateOfBirth, .biologicalSex])
    }

    @Test("The legacy 2015 export fills the profile too")
    func legacyFills() async throws {
        let job = try await importFile(AppleHealthImportTests.fixture("export-legacy-2015.xml"))
        #expect(job.profileFilled == [.dateOfBirth, .biologicalSex])
        #expect(try await profile() == (LocalDay("1985-03-12"), .male))
    }

    @Test("What the user set is never overwritten")
    func keepsWhatTheUserSet() async throws {
        try await setProfile(dateOfBirth: LocalDay("1988-08-08"), sex: .female)
        let job = try await importFile(AppleHealthImportTests.fixture("export-modern.xml"))
        #expect(job.profileFilled.isEmpty)
        #expect(try await profile() == (LocalDay("1988-08-08"), .female))
    }

    @Test("With one field set, only the empty one is filled")
    func fillsOnlyTheEmptyField() async throws {
        try await setProfile(dateOfBirth: nil, sex: .other)
        let job = try await importFile(AppleHealthImportTests.fixture("export-modern.xml"))
        #expect(job.profileFilled == [.dateOfBirth])
        #expect(try await profile() == (LocalDay("1990-01-01"), .other))

        try await setProfile(dateOfBirth: LocalDay("1970-07-07"), sex: nil)
        let other = try await importFile(try export(dateOfBirth: "1991-02-03", sex: "HKBiologicalSexFemale"))
        #expect(other.profileFilled == [.biologicalSex])
        #expect(try await profile() == (LocalDay("1970-07-07"), .female))
    }

    @Test("Importing again changes nothing and reports nothing filled")
    func reimportChangesNothing() async throws {
        _ = try await importFile(AppleHealthImportTests.fixture("export-modern.xml"))
        let again = try await importFile(AppleHealthImportTests.fixture("export-modern.xml"))
        #expect(again.profileFilled.isEmpty)
        #expect(again.counts["Me"] == ImportTally(alreadyPresent: 1))
        #expect(try await profile() == (LocalDay("1990-01-01"), .male))
    }

    @Test("Not set, empty or impossible values leave the profile empty")
    func unsetValuesFillNothing() async throws {
        let unset = try await importFile(try export(dateOfBirth: "", sex: "HKBiologicalSexNotSet"))
        #expect(unset.state == .succeeded)
        #expect(unset.profileFilled.isEmpty)
        #expect(unset.counts["Me"] == ImportTally(imported: 1))
        #expect(try await profile() == (nil, nil))

        let future = try await importFile(try export(dateOfBirth: "2999-01-01", sex: "HKBiologicalSexUnknownToKiroku"))
        #expect(future.profileFilled.isEmpty)
        #expect(try await profile() == (nil, nil))
    }

    @Test("The profile is filled in the batch's transaction: a batch that fails leaves it empty, the resumed run fills it")
    func sameTransactionAsTheBatch() async throws {
        let file = AppleHealthImportTests.fixture("export-modern.xml")
        await #expect(throws: AppleHealthImportTests.Failure.self) {
            try await importFile(file, batchSize: 2, failAtBatch: 1)
        }
        #expect(try await profile() == (nil, nil))
        #expect(try await database.importJobs(userId: userId).first?.profileFilled == [])

        let resumed = try await importFile(file, batchSize: 2)
        #expect(resumed.state == .succeeded)
        #expect(resumed.profileFilled == [.dateOfBirth, .biologicalSex])
        #expect(try await profile() == (LocalDay("1990-01-01"), .male))
    }

    @Test("The date is stored as plain YYYY-MM-DD text and the sex as its name")
    func storedForm() async throws {
        _ = try await importFile(AppleHealthImportTests.fixture("export-modern.xml"))
        let stored = try await database.reader.read { db in
            try Row.fetchOne(db, sql: "SELECT dateOfBirth, biologicalSex FROM user WHERE id = ?", arguments: [userId])
                .map { [$0["dateOfBirth"] as String?, $0["biologicalSex"] as String?] }
        }
        #expect(stored == ["1990-01-01", "male"])
    }
}
