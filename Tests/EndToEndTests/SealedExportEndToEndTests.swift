import Foundation
import Testing

/// `kiroku export --encrypt` and `kiroku unseal` on the real binary: the sealed file holds none of the records in
/// the clear, the right passphrase gives back exactly the plain export, and a wrong one or a changed byte is refused
/// and writes nothing.
@Suite(.timeLimit(.minutes(3))) struct SealedExportEndToEndTests {
    let cli = CLITests()

    /// `unseal` needs no data directory: it runs wherever the file was carried.
    func unseal(_ file: String, to output: String, passphrase: String) throws -> CLITests.Run {
        let binary = try #require(Programs.kiroku)
        let run = try Programs.run(binary.path, ["unseal", file, "-o", output], input: passphrase + "\n", environment: ["LANG": "en_US.UTF-8"])
        return CLITests.Run(status: run.status, output: run.output, error: run.error)
    }

    @Test func aSealedExportOpensOnlyWithItsPassphraseAndEqualsThePlainOne() throws {
        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        for value in ["58.2", "58.0", "57.9"] {
            _ = try cli.kiroku(["record", "add", "--user", "hanako", "--metric", "weight", "--value", value])
        }
        let plain = cli.dataDirectory + "-plain.json"
        let sealed = cli.dataDirectory + "-export.sealed"
        let opened = cli.dataDirectory + "-opened.json"
        #expect(try cli.kiroku(["export", "--user", "hanako", "--format", "csv", "-o", plain]).status == 0)
        let refusedWithoutFile = try cli.kiroku(["export", "--user", "hanako", "--encrypt"], input: "a long passphrase\n")
        #expect(refusedWithoutFile.status != 0, "a sealed export goes to a file, never to the terminal")

        let made = try cli.kiroku(["export", "--user", "hanako", "--format", "csv", "--encrypt", "-o", sealed], input: "a long passphrase\n")
        #expect(made.status == 0, "\(made.error)")
        let sealedBytes = try Data(contentsOf: URL(fileURLWithPath: sealed))
        #expect(!String(decoding: sealedBytes, as: UTF8.self).contains("58.2"), "no record readable in the sealed file")
        #expect(try FileManager.default.attributesOfItem(atPath: sealed)[.posixPermissions] as? Int == 0o600)

        let wrong = try unseal(sealed, to: opened, passphrase: "not the passphrase")
        #expect(wrong.status != 0)
        #expect(wrong.error.contains("Wrong passphrase") || wrong.error.contains("パスフレーズが違います"), "\(wrong.error)")
        #expect(!FileManager.default.fileExists(atPath: opened), "a wrong passphrase writes nothing")

        var damaged = sealedBytes
        damaged[damaged.count - 20] ^= 0x01
        let damagedPath = sealed + "-damaged"
        try damaged.write(to: URL(fileURLWithPath: damagedPath))
        let changed = try unseal(damagedPath, to: opened, passphrase: "a long passphrase")
        #expect(changed.status != 0, "a changed byte is refused")
        #expect(!FileManager.default.fileExists(atPath: opened))

        let good = try unseal(sealed, to: opened, passphrase: "a long passphrase")
        #expect(good.status == 0, "\(good.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: opened)) == Data(contentsOf: URL(fileURLWithPath: plain)), "the opened export is the plain one, byte for byte")
    }
}
