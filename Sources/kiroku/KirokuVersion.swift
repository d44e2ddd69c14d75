/// The one place Kiroku's version is written: `kiroku --version` prints it. Raise it with each release.
enum KirokuVersion {
    static let current = "0.1.0"
}
