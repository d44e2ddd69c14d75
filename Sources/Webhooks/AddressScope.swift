import Health

/// What kind of network an address belongs to, for deciding whether the server may post to it.
///
/// Only `.global` addresses are on the public internet. Everything else reaches the server itself, its own network,
/// or nothing real — the tables follow IANA's special-purpose address registries (RFC 6890 and updates). An IPv6
/// address that carries an IPv4 one (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, SIIT, NAT64 `64:ff9b::`, 6to4
/// `2002::`) is judged by the IPv4 address it reaches.
public enum AddressScope: String, Sendable, CaseIterable {
    case global
    case unspecified
    case loopback
    case `private`
    case sharedAddressSpace
    case linkLocal
    case uniqueLocal
    case multicast
    case broadcast
    case documentation
    case benchmarking
    case reserved

    public var isGlobal: Bool { self == .global }

    public var name: LocalizedText {
        switch self {
        case .global: LocalizedText(ja: "インターネット", en: "the internet")
        case .unspecified: LocalizedText(ja: "未指定アドレス", en: "unspecified")
        case .loopback: LocalizedText(ja: "ループバック（このサーバー自身）", en: "loopback (this server)")
        case .private: LocalizedText(ja: "プライベートネットワーク", en: "private network")
        case .sharedAddressSpace: LocalizedText(ja: "キャリアグレード NAT", en: "carrier-grade NAT")
        case .linkLocal: LocalizedText(ja: "リンクローカル", en: "link-local")
        case .uniqueLocal: LocalizedText(ja: "ユニークローカル", en: "unique local")
        case .multicast: LocalizedText(ja: "マルチキャスト", en: "multicast")
        case .broadcast: LocalizedText(ja: "ブロードキャスト", en: "broadcast")
        case .documentation: LocalizedText(ja: "説明用アドレス", en: "documentation")
        case .benchmarking: LocalizedText(ja: "ベンチマーク用アドレス", en: "benchmarking")
        case .reserved: LocalizedText(ja: "予約済みアドレス", en: "reserved")
        }
    }

    /// IPv4 blocks that are not the public internet, longest match first is not needed: none of them overlap.
    public static let ipv4Table: [(network: UInt32, prefix: Int, scope: AddressScope)] = [
        (0x0000_0000, 8, .unspecified),  // 0.0.0.0/8 "this network"; 0.0.0.0 connects to the server itself
        (0x0A00_0000, 8, .private),  // 10.0.0.0/8
        (0x6440_0000, 10, .sharedAddressSpace),  // 100.64.0.0/10
        (0x7F00_0000, 8, .loopback),  // 127.0.0.0/8
        (0xA9FE_0000, 16, .linkLocal),  // 169.254.0.0/16, cloud metadata services included
        (0xAC10_0000, 12, .private),  // 172.16.0.0/12
        (0xC000_0000, 24, .reserved),  // 192.0.0.0/24 IETF protocol assignments
        (0xC000_0200, 24, .documentation),  // 192.0.2.0/24 TEST-NET-1
        (0xC058_6300, 24, .reserved),  // 192.88.99.0/24 former 6to4 relays
        (0xC0A8_0000, 16, .private),  // 192.168.0.0/16
        (0xC612_0000, 15, .benchmarking),  // 198.18.0.0/15
        (0xC633_6400, 24, .documentation),  // 198.51.100.0/24 TEST-NET-2
        (0xCB00_7100, 24, .documentation),  // 203.0.113.0/24 TEST-NET-3
        (0xE000_0000, 4, .multicast),  // 224.0.0.0/4
        (0xFFFF_FFFF, 32, .broadcast),  // 255.255.255.255
        (0xF000_0000, 4, .reserved),  // 240.0.0.0/4
    ]

    /// IPv6 blocks, most specific first; what is not listed and not in 2000::/3 is reserved.
    public static let ipv6Table: [(network: UInt128, prefix: Int, scope: AddressScope)] = [
        (0, 128, .unspecified),  // ::
        (1, 128, .loopback),  // ::1
        (0x0064_FF9B_0001 << 80, 48, .reserved),  // 64:ff9b:1::/48 local-use NAT64
        (0x0100 << 112, 64, .reserved),  // 100::/64 discard-only
        (0x2001_0DB8 << 96, 32, .documentation),  // 2001:db8::/32
        (0x2001 << 112, 23, .reserved),  // 2001::/23 IETF assignments (Teredo, ORCHID, …)
        (0x3FFF << 112, 20, .documentation),  // 3fff::/20
        (0xFC << 120, 7, .uniqueLocal),  // fc00::/7
        (0xFE80 << 112, 10, .linkLocal),  // fe80::/10
        (0xFEC0 << 112, 10, .private),  // fec0::/10 former site-local
        (0xFF << 120, 8, .multicast),  // ff00::/8
    ]

    /// IPv6 blocks that carry an IPv4 address in their last 32 bits.
    public static let ipv4CarryingPrefixes: [(network: UInt128, prefix: Int)] = [
        (0xFFFF << 32, 96),  // ::ffff:0:0/96 IPv4-mapped
        (0xFFFF << 48, 96),  // ::ffff:0:0:0/96 IPv4-translated (SIIT)
        (0x0064_FF9B << 96, 96),  // 64:ff9b::/96 NAT64
        (0, 96),  // ::/96 IPv4-compatible (after :: and ::1 above)
    ]

    public init(_ address: IPAddress) {
        switch address {
        case .v4(let value):
            self = Self.ipv4Table.first { Self.matches(UInt128(value), UInt128($0.network), prefix: $0.prefix, width: 32) }?.scope ?? .global
        case .v6(let value):
            if let listed = Self.ipv6Table.first(where: { Self.matches(value, $0.network, prefix: $0.prefix, width: 128) }) {
                self = listed.scope
            } else if Self.ipv4CarryingPrefixes.contains(where: { Self.matches(value, $0.network, prefix: $0.prefix, width: 128) }) {
                self = AddressScope(.v4(UInt32(truncatingIfNeeded: value)))
            } else if Self.matches(value, 0x2002 << 112, prefix: 16, width: 128) {
                // 6to4: 2002:AABB:CCDD::/48 reaches AA.BB.CC.DD.
                self = AddressScope(.v4(UInt32(truncatingIfNeeded: value >> 80)))
            } else {
                self = Self.matches(value, 0x2 << 124, prefix: 3, width: 128) ? .global : .reserved
            }
        }
    }

    private static func matches(_ value: UInt128, _ network: UInt128, prefix: Int, width: Int) -> Bool {
        prefix == 0 || value >> (width - prefix) == network >> (width - prefix)
    }
}
