@testable import Server
import Testing
@testable import Webhooks

/// The address rule behind webhooks, as tables: every spelling a resolver accepts, every block that is not the internet.
@Suite struct AddressScopeTests {
    @Test(arguments: [
        // inet_aton's forms: 1–4 parts, decimal, octal, hex.
        ("127.0.0.1", "127.0.0.1"), ("127.1", "127.0.0.1"), ("127.0.1", "127.0.0.1"), ("0177.0.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"), ("0x7f000001", "127.0.0.1"), ("0X7F.1", "127.0.0.1"), ("0x7f.0.0.0x1", "127.0.0.1"),
        ("017700000001", "127.0.0.1"), ("0", "0.0.0.0"), ("0x", "0.0.0.0"), ("127.0.0.1.", "127.0.0.1"), ("10.0.258", "10.0.1.2"),
        ("192.168.1.1", "192.168.1.1"), ("8.8.8.8", "8.8.8.8"), ("4294967295", "255.255.255.255"),
        // IPv6, brackets and zones too.
        ("::1", "::1"), ("[::1]", "::1"), ("[0:0:0:0:0:0:0:1]", "::1"), ("::", "::"), ("[::ffff:127.0.0.1]", "::ffff:7f00:1"),
        ("::ffff:7f00:1", "::ffff:7f00:1"), ("fe80::1%eth0", "fe80::1"), ("2001:4860:4860::8888", "2001:4860:4860::8888"),
        ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"), ("64:ff9b::7f00:1", "64:ff9b::7f00:1"),
    ])
    func everySpellingReadsAsItsNumber(text: String, standard: String) throws {
        #expect(try #require(IPAddress(text)).description == standard)
    }

    @Test(arguments: [
        "example.com", "ntfy.sh", "localhost", "1.2.3.4.5", "256.0.0.1", "0x100.0.0.1", "1e100.net", "08.0.0.1", "1..1", ".1", "+1", "-1",
        "4294967296", "::1::", "1:2:3:4:5:6:7:8:9", "12345::", "::ffff:256.1.1.1", "::ffff:1.2.3", "[::1", "gg::1", "",
    ])
    func namesAndNonsenseAreNotAddresses(text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test(arguments: [
        ("8.8.8.8", AddressScope.global), ("1.1.1.1", .global), ("93.184.216.34", .global), ("100.63.255.255", .global), ("100.128.0.0", .global),
        ("172.15.255.255", .global), ("172.32.0.0", .global), ("192.169.0.1", .global), ("198.20.0.1", .global), ("223.255.255.255", .global),
        ("0.0.0.0", .unspecified), ("0", .unspecified), ("0.1.2.3", .unspecified),
        ("127.0.0.1", .loopback), ("127.1", .loopback), ("0177.0.0.1", .loopback), ("2130706433", .loopback), ("0x7f000001", .loopback), ("127.255.255.254", .loopback),
        ("10.1.2.3", .private), ("172.16.0.1", .private), ("172.31.255.255", .private), ("192.168.0.10", .private),
        ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("169.254.169.254", .linkLocal),
        ("192.0.0.8", .reserved), ("192.88.99.1", .reserved), ("240.0.0.1", .reserved),
        ("192.0.2.1", .documentation), ("198.51.100.7", .documentation), ("203.0.113.9", .documentation),
        ("198.18.0.1", .benchmarking), ("198.19.255.255", .benchmarking),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("255.255.255.255", .broadcast),
        // IPv6 and the IPv4 it may carry.
        ("2001:4860:4860::8888", .global), ("2606:4700:4700::1111", .global), ("::ffff:8.8.8.8", .global), ("64:ff9b::808:808", .global),
        ("::", .unspecified), ("::1", .loopback), ("[0:0:0:0:0:0:0:1]", .loopback),
        ("::ffff:127.0.0.1", .loopback), ("[::ffff:7f00:1]", .loopback), ("::127.0.0.1", .loopback), ("::ffff:0:127.0.0.1", .loopback),
        ("64:ff9b::127.0.0.1", .loopback), ("64:ff9b::a00:1", .private), ("::ffff:10.0.0.1", .private), ("::ffff:169.254.169.254", .linkLocal),
        ("2002:7f00:1::", .loopback), ("2002:c0a8:101::1", .private), ("2002:808:808::1", .global),
        ("fc00::1", .uniqueLocal), ("fd12:3456::1", .uniqueLocal), ("fe80::1", .linkLocal), ("fe80::1%lo", .linkLocal), ("fec0::1", .private),
        ("ff02::1", .multicast), ("2001:db8::1", .documentation), ("3fff::1", .documentation), ("2001::1", .reserved), ("2001:10::1", .reserved),
        ("64:ff9b:1::1", .reserved), ("100::1", .reserved), ("4000::1", .reserved), ("::2:3:4", .reserved), ("::8.8.8.8", .global),
    ])
    func everyBlockThatIsNotTheInternetIsNamed(text: String, scope: AddressScope) throws {
        #expect(AddressScope(try #require(IPAddress(text))) == scope, "\(text)")
    }
}
