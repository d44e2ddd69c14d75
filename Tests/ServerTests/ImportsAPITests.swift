import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import Services
import Storage
import Testing
import TestSupport

/// Uploading exports over HTTP: streamed to disk, imported in the background, followed by job id.
@Suite("Imports API and web upload")
struct ImportsAPITests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: AppleHealthImportTests.fixture(name))
    }

    static func configuration(limit: Int = 4 << 30) -> AppConfiguration {
        var configuration = AppConfiguration(port: 0, dataDirectory: TestFiles.directory.appendingPathComponent("kiroku-imports-\(UUID().uuidString)"))
        configuration.maxImportUploadBytes = limit
        return configuration
    }

    static func multipart(_ file: Data, name: String, fields: [(String, String)] = [], boundary: String = "KirokuBoundary7MA4YWxk") -> ByteBuffer {
        var body = Data()
        for (key, value) in fields {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(key)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8))
        body.append(file)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return ByteBuffer(bytes: body)
    }

    /// Polls the job until it has finished.
    static func finished(_ client: any TestClientProtocol, id: Int, token: String) async throws -> [String: Any] {
        for _ in 0..<200 {
            let job = try await client.execute(uri: "/api/v1/imports/\(id)", method: .get, headers: .bearer(token)).json()
            if job["state"] as? String == "succeeded" || job["state"] as? String == "failed" { return job }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("import \(id) did not finish")
        return [:]
    }

    @Test("A raw-body upload answers 202 at once; the job imports in the background and reports counts")
    func rawUpload() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("hanako")
        let configuration = Self.configuration()
        let body = try Self.fixture("export-localized.zip")
        try await server.test(configuration: configuration) { client in
            var headers = HTTPFields.bearer(token)
            headers[.contentType] = "application/zip"
            let created = try await client.execute(uri: "/api/v1/imports?name=export.zip", method: .post, headers: headers, body: ByteBuffer(bytes: body))
            #expect(created.status == .accepted)
            let id = try #require(try created.json()["id"] as? Int)
            #expect(created.headers[.location] == "/api/v1/imports/\(id)")
            let job = try await Self.finished(client, id: id, token: token)
            #expect(job["state"] as? String == "succeeded")
            #expect(job["fileName"] as? String == "export.zip")
            #expect((job["total"] as? [String: Int])?["imported"] == 33)
            #expect((job["keptRawReasons"] as? [String: Int])?["unknown_unit"] == 1)
            #expect(((job["counts"] as? [String: Any])?["stepCount"] as? [String: Int])?["imported"] == 2)
            #expect(job["progress"] as? Double == 1)

            // The same file again: a new job that adds nothing.
            let again = try await client.execute(uri: "/api/v1/imports", method: .post, headers: headers, body: ByteBuffer(bytes: body))
            let second = try await Self.finished(client, id: try #require(try again.json()["id"] as? Int), token: token)
            #expect((second["total"] as? [String: Int])?["imported"] == 0)
        }
        // Uploads are deleted after their import unless kept.
        let left = try FileManager.default.contentsOfDirectory(atPath: configuration.dataDirectory.appendingPathComponent("imports").path)
        #expect(left.isEmpty)
        #expect(try await server.database.recordCount(userId: 1) == 20)
    }

    @Test("A multipart upload with keep=1 keeps the file; a malformed export fails with the line in the caller's language")
    func multipartKeepAndMalformed() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("hanako")
        let configuration = Self.configuration()
        let malformed = try Self.fixture("malformed.xml")
        try await server.test(configuration: configuration) { client in
            var headers = HTTPFields.bearer(token, language: "ja")
            headers[.contentType] = "multipart/form-data; boundary=KirokuBoundary7MA4YWxk"
            let created = try await client.execute(
                uri: "/api/v1/imports", method: .post, headers: headers,
                body: Self.multipart(malformed, name: "export.xml", fields: [("keep", "1")])
            )
            #expect(created.status == .accepted)
            let id = try #require(try created.json()["id"] as? Int)
            let job = try await client.execute(uri: "/api/v1/imports/\(id)", method: .get, headers: .bearer(token, language: "ja")).json()
            _ = job
            let finished = try await Self.finished(client, id: id, token: token)
            #expect(finished["state"] as? String == "failed")
            let error = try #require(finished["error"] as? [String: String])
            #expect(error["code"] == "import_malformed_xml")
            #expect(error["message"]?.contains("line 39") == true)
            #expect(finished["fileKept"] as? Bool == true)
            let misspelt = try await client.execute(
                uri: "/api/v1/imports", method: .post, headers: headers,
                body: Self.multipart(malformed, name: "export.xml", fields: [("keep", "ture")])
            )
            #expect(misspelt.status == .badRequest, "a keep value that is not one of the documented ones is refused")
            #expect(misspelt.errorMessage?.contains("keep") == true)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: configuration.dataDirectory.appendingPathComponent("imports").path)
        #expect(kept.count == 1, "the refused upload left no file")
    }

    @Test("Another user's import is 404; no token is 401; a body over the limit is 413 and leaves no file")
    func privacyAndLimits() async throws {
        let server = try TestServer()
        let (_, hanako) = try await server.user("hanako")
        let (_, taro) = try await server.user("taro")
        let configuration = Self.configuration(limit: 1500)
        let body = try Self.fixture("export-modern.xml")
        let small = try Self.fixture("export-legacy-2015.xml")
        try await server.test(configuration: configuration) { client in
            let tooLarge = try await client.execute(uri: "/api/v1/imports", method: .post, headers: .bearer(hanako), body: ByteBuffer(bytes: body))
            #expect(tooLarge.status == .contentTooLarge)
            #expect(tooLarge.errorCode == "upload_too_large")
            let anonymous = try await client.execute(uri: "/api/v1/imports", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(bytes: small))
            #expect(anonymous.status == .unauthorized)
            let created = try await client.execute(uri: "/api/v1/imports", method: .post, headers: .bearer(hanako), body: ByteBuffer(bytes: small))
            let id = try #require(try created.json()["id"] as? Int)
            let foreign = try await client.execute(uri: "/api/v1/imports/\(id)", method: .get, headers: .bearer(taro))
            #expect(foreign.status == .notFound)
            _ = try await Self.finished(client, id: id, token: hanako)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: configuration.dataDirectory.appendingPathComponent("imports").path)
        #expect(left.isEmpty)
    }

    @Test("The records page offers the upload; the form posts multipart with its CSRF token and lands on a status page")
    func webUpload() async throws {
        let server = try TestServer()
        let configuration = Self.configuration()
        let file = try Self.fixture("export-modern.xml")
        try await server.test(configuration: configuration) { client in
            var session = WebSession(client)
            _ = try await session.signUp("hanako")
            let page = try await session.get("/records")
            #expect(page.text.contains("enctype=\"multipart/form-data\""))
            // Upload progress is an enhancement: the script exists, the form does not depend on it.
            #expect(try await session.get("/static/import-upload.js").text.contains("upload.addEventListener(\"progress\""))
            let csrf = try #require(WebSession.csrfToken(in: page.text))

            var headers = session.headers
            headers[.contentType] = "multipart/form-data; boundary=KirokuBoundary7MA4YWxk"
            let forged = try await client.execute(uri: "/imports", method: .post, headers: headers,
                                                  body: Self.multipart(file, name: "export.xml", fields: [("csrf", "wrong")]))
            #expect(forged.status == .forbidden)

            let posted = try await client.execute(uri: "/imports", method: .post, headers: headers,
                                                  body: Self.multipart(file, name: "export.xml", fields: [("csrf", csrf)]))
            #expect(posted.status == .seeOther)
            let location = try #require(posted.headers[.location])
            #expect(location.hasPrefix("/imports/"))
            var status = ""
            for _ in 0..<200 {
                status = try await session.get(location).text
                if status.contains("data-state=\"succeeded\"") { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(status.contains("data-state=\"succeeded\""))
            #expect(status.contains("id=\"import-total-imported\">33<"))
            #expect(status.contains("未変換のまま保存（削除はしていません）: 6 (対応する項目がない（覚醒中の睡眠など） 2、Kiroku が知らない種類 2、日付が読めないか範囲外（1900年より前・1日以上先） 1、単位が不明 1)"))
            #expect(status.contains("歩数"))
            #expect(try await session.get("/records").text.contains("export.xml"))
        }
    }

    @Test("At start-up, uploads no job needs are removed; a kept upload stays")
    func orphanedUploadsAreRemoved() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id!
        let dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-orphans-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        let imports = ImportService(database: database, dataDirectory: dataDirectory, maxUploadBytes: 1 << 20)
        let kept = try imports.newUploadURL()
        let stray = try imports.newUploadURL()
        for file in [kept, stray] { try Data("<HealthData/>".utf8).write(to: file) }
        var job = ImportJob(userId: userId, kind: .appleHealth, fileName: "export.xml", fileSize: 13, fingerprint: "f",
                            storedPath: kept.path, keepFile: true, createdAt: Date())
        job.state = .succeeded
        _ = try await database.insertImportJob(job)

        // An upload being received as the server starts is newer than the start and has no job yet.
        let receiving = try imports.newUploadURL()
        try Data("<Health".utf8).write(to: receiving)
        let startedAt = Date().addingTimeInterval(-1)
        try FileManager.default.setAttributes([.modificationDate: startedAt.addingTimeInterval(-60)], ofItemAtPath: stray.path)
        try FileManager.default.setAttributes([.modificationDate: startedAt.addingTimeInterval(-60)], ofItemAtPath: kept.path)

        await imports.removeOrphanedUploads(startedAt: startedAt, logger: Logger(label: "test"))
        #expect(FileManager.default.fileExists(atPath: kept.path))
        #expect(FileManager.default.fileExists(atPath: receiving.path), "an upload in progress is left alone")
        #expect(!FileManager.default.fileExists(atPath: stray.path), "a stray copy of someone's export does not linger")
    }

    @Test("The workouts list pages by cursor: every workout once, newest first, whatever the page size")
    func importedWorkoutsPageByCursor() async throws {
        let server = try TestServer()
        // 120 runs, one a day in 2026, written as an export would write them.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Asia/Tokyo")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        let workouts = (0..<120).map { index -> String in
            let day = Date(timeIntervalSince1970: 1_767_225_600 + Double(index) * 86_400)
            let start = formatter.string(from: day)
            let end = formatter.string(from: day.addingTimeInterval(1_800))
            return #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="\#(start)" endDate="\#(end)"/>"#
        }
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><HealthData locale="ja_JP">"# + workouts.joined() + "</HealthData>"
        try await server.test { client in
            var session = WebSession(client)
            _ = try await session.signUp("hanako")
            let user = try #require(try await server.database.user(username: "hanako"))
            let path = TestFiles.directory.appendingPathComponent("kiroku-workouts-\(UUID().uuidString).xml")
            try Data(xml.utf8).write(to: path)
            defer { try? FileManager.default.removeItem(at: path) }
            let importer = AppleHealthImporter(database: server.database)
            _ = try await importer.run(try await importer.prepareJob(userId: user.id!, file: path, now: Date()), file: path)

            var rows = 0
            var next: String? = "/records/workouts"
            var pages = 0
            while let uri = next, pages < 10 {
                let page = try await session.get(uri).text
                rows += page.components(separatedBy: "ランニング").count - 1
                next = page.range(of: #"href="(/records/workouts\?cursor=[0-9.]+)""#, options: .regularExpression).map {
                    String(page[$0].dropFirst(6).dropLast())
                }
                pages += 1
            }
            #expect(pages == 3, "120 workouts at 50 a page")
            #expect(rows == 120, "each workout shown exactly once")
        }
    }

    @Test("Imported workouts are listed newest first with their time, distance and energy, only to their owner")
    func importedWorkoutsPage() async throws {
        let server = try TestServer()
        let file = try Self.fixture("export-modern.xml")
        try await server.test { client in
            var session = WebSession(client)
            _ = try await session.signUp("hanako")
            let empty = try await session.get("/records/workouts").text
            #expect(empty.contains("id=\"health-workouts-empty\""))
            #expect(try await session.get("/records").text.contains("href=\"/records/workouts\""))

            let user = try #require(try await server.database.user(username: "hanako"))
            let path = TestFiles.directory.appendingPathComponent("kiroku-workouts-\(UUID().uuidString).xml")
            try file.write(to: path)
            defer { try? FileManager.default.removeItem(at: path) }
            let importer = AppleHealthImporter(database: server.database)
            _ = try await importer.run(try await importer.prepareJob(userId: user.id!, file: path, now: Date()), file: path)

            let page = try await session.get("/records/workouts").text
            let strength = try #require(page.range(of: "筋力トレーニング"))
            let running = try #require(page.range(of: "ランニング"))
            #expect(strength.lowerBound < running.lowerBound, "newest first: the 3 March session before the 2 March run")
            #expect(page.contains("時間 30:30"), "the run's moving time, pauses excluded")
            #expect(page.contains("250 kcal"), "1046 kJ shown as kilocalories")

            var other = WebSession(client)
            _ = try await other.signUp("taro")
            #expect(try await other.get("/records/workouts").text.contains("id=\"health-workouts-empty\""), "another account sees none of them")
        }
    }

    @Test func workoutDurationsReadLikeAWorkoutApp() {
        #expect(HealthWorkoutsWebController.duration(minutes: 30.5) == "30:30")
        #expect(HealthWorkoutsWebController.duration(minutes: 65) == "1:05:00")
    }
}
