// The one guard for requests to addresses that users supply (webhook URLs, images linked in
// messages): such a request never reaches this machine, its private network or a cloud
// metadata service, however the address is spelled.
//
// Two doors are watched. A host name is resolved by `checkedLookup`, which hands the socket
// only addresses it checked, so a DNS answer cannot change between the check and the connect.
// An address literal skips DNS (Node connects to it directly), so `checkLiteral` checks it.
// Every hop of a redirect goes through both again. The URL parser has already turned decimal,
// octal and hexadecimal IPv4 (`2130706433`, `0177.0.0.1`, `0x7f.1`) into dotted form and
// rewritten IPv6 (`[::ffff:127.0.0.1]` becomes `[::ffff:7f00:1]`); the checks below read every
// IPv6 form that carries an IPv4 address inside it.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

const blockedV4 = new BlockList();
// IANA's special-purpose IPv4 registry: nothing here is a public host.
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, where cloud metadata services answer
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
] as const) {
  blockedV4.addSubnet(network, prefix, "ipv4");
}

const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48], // NAT64 for local use
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments, Teredo among them
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed by some)
  ["ff00::", 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 read as two groups). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split("::");
  if (extra !== undefined) return undefined;
  const part = (s: string | undefined) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const groups = tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

const dottedQuad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 address carries, in every form a router or a host would unwrap. */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeros = (...gs: number[]) => gs.every((g) => g === 0);
  // ::a.b.c.d (compatible), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (SIIT translated)
  if (zeros(g0, g1, g2, g3) && ((g4 === 0 && (g5 === 0 || g5 === 0xffff)) || (g4 === 0xffff && g5 === 0))) return dottedQuad(g6, g7);
  // 64:ff9b::a.b.c.d, the well-known NAT64 prefix
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return dottedQuad(g6, g7);
  // 2002:AABB:CCDD::/48, 6to4
  if (g0 === 0x2002) return dottedQuad(g1, g2);
  return undefined;
}

/** Whether an IP address may be the target of a request a user asked for. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, "ipv4");
  const groups = ipv6Groups(address.replace(/^\[|\]$/g, ""));
  if (!groups) return false;
  const inner = embeddedIpv4(groups);
  if (inner !== undefined) return !blockedV4.check(inner, "ipv4");
  const canonical = groups.map((g) => g.toString(16)).join(":");
  return !blockedV6.check(canonical, "ipv6");
}

/** A request refused because its target is not a public address. */
export class OutboundRefusedError extends Error {
  readonly code = "EOUTBOUNDREFUSED";
  constructor(readonly host: string) {
    super(`${host} is not a public address`);
  }
}

/**
 * The operator's exceptions: `(host, address)` may be reached although private (a chat server
 * on the same machine, say). `host` is the name in the URL, lower case; `address` the IP the
 * connection would go to.
 */
export type OutboundAllow = (host: string, address: string) => boolean;

const never: OutboundAllow = () => false;

/** Throws OutboundRefusedError when a URL names a non-public address literal. */
export function checkLiteral(url: URL, allow: OutboundAllow = never): void {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !isPublicAddress(host) && !allow(host.toLowerCase(), host)) throw new OutboundRefusedError(host);
}

/** A DNS lookup for http(s).request that only ever answers addresses it checked. */
export function checkedLookup(allow: OutboundAllow = never): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: (options as { family?: number }).family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const host = hostname.toLowerCase();
      const usable = addresses.filter((a) => isPublicAddress(a.address) || allow(host, a.address));
      if (!usable.length) return callback(new OutboundRefusedError(hostname), "", 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
