import Crypto
import CryptoExtras
import Foundation

/// The key that seals a backup, stretched from a passphrase with scrypt (memory-hard: 2^15 × 8 × 128 bytes = 32 MiB
/// per guess) and a random salt kept in the manifest. The passphrase itself is never written anywhere. Each file gets
/// its own subkey (HKDF over the file's path), so no two files share a key and a nonce.
public struct BackupKey: Sendable {
    public struct Parameters: Codable, Sendable, Equatable {
        public var kdf = "scrypt"
        public var logN = 15
        public var r = 8
        public var p = 1
        public var salt: String

        public static func random() -> Parameters {
            Parameters(salt: Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }).base64EncodedString())
        }
    }

    let master: SymmetricKey
    public let parameters: Parameters

    public init(passphrase: String, parameters: Parameters) throws {
        guard !passphrase.isEmpty else { throw BackupError.emptyPassphrase }
        guard parameters.kdf == "scrypt", (10...20).contains(parameters.logN), (1...32).contains(parameters.r), (1...16).contains(parameters.p),
              let salt = Data(base64Encoded: parameters.salt), salt.count >= 16
        else { throw BackupError.unreadableManifest }
        master = try KDF.Scrypt.deriveKey(
            from: Data(passphrase.utf8), salt: salt, outputByteCount: 32, rounds: 1 << parameters.logN, blockSize: parameters.r,
            parallelism: parameters.p
        )
        self.parameters = parameters
    }

    func fileKey(for path: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data("kiroku-backup-file:\(path)".utf8), outputByteCount: 32)
    }
}
