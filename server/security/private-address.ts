/**
 * Which network addresses a server-side request may reach. A carbon feed URL is typed by an admin
 * but fetched by the server, so without this rule it could read the cloud metadata service
 * (169.254.169.254), the database port on 127.0.0.1 or anything else inside the network. Only
 * globally routable unicast addresses pass; loopback, link-local, private, unique-local, unspecified,
 * multicast, carrier-grade NAT, documentation and the IPv6 ranges that embed an IPv4 address
 * (mapped, NAT64, 6to4, Teredo) are all "special". The range table is ipaddr.js's.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup as dnsLookupAsync } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/** Resolves a host name to every address it has. */
export type HostLookup = (host: string) => Promise<string[]>;

/** A host that resolves to (or is) a special address. */
export class SpecialAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(host === address ? `${address} is a ${describeRange(range)} address` : `${host} resolves to ${address}, a ${describeRange(range)} address`);
    this.name = "SpecialAddressError";
  }
}

const RANGE_WORDS: Record<string, string> = {
  loopback: "loopback",
  linkLocal: "link-local",
  private: "private",
  uniqueLocal: "private (unique-local)",
  unspecified: "unspecified",
  carrierGradeNat: "carrier-grade NAT",
  ipv4Mapped: "IPv4-mapped",
};

function describeRange(range: string): string {
  return RANGE_WORDS[range] ?? `special-purpose (${range})`;
}

/** The URL host without IPv6 brackets (`[::1]` -> `::1`). */
export function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** True when the text is an IP address literal (as the URL parser normalized it). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(bareHost(host)) && (ipaddr.IPv4.isValidFourPartDecimal(bareHost(host)) || bareHost(host).includes(":"));
}

/** The special range an address belongs to, or null for a globally routable unicast address. */
export function specialRangeOf(address: string): string | null {
  let parsed = ipaddr.parse(bareHost(address));
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === "unicast" ? null : range;
}

/** Every address of a host name from the system resolver (what a connection would use). */
export const systemLookup: HostLookup = async (host) => (await dnsLookupAsync(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Checks a URL host: an IP literal directly, a name through `lookup` (every address it resolves to
 * must be public). Returns the addresses; throws SpecialAddressError naming the first special one.
 * Resolution failures propagate (the caller decides whether an unknown name is acceptable).
 */
export async function assertPublicHost(hostname: string, lookup: HostLookup = systemLookup): Promise<string[]> {
  const host = bareHost(hostname);
  const addresses = isIpLiteral(host) ? [host] : await lookup(host);
  for (const address of addresses) {
    const range = specialRangeOf(address);
    if (range) throw new SpecialAddressError(host, address, range);
  }
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets (net.connect / tls.connect / undici's connector) that refuses special
 * addresses. The socket then connects to exactly the addresses checked here, so a name that
 * answers a public address to a first lookup and 127.0.0.1 to the next (DNS rebinding) is still
 * refused at connect time.
 */
export function publicOnlySocketLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const special = addresses.find((a) => specialRangeOf(a.address));
    if (special) {
      const refused = new SpecialAddressError(hostname, special.address, specialRangeOf(special.address) ?? "special") as Error & NodeJS.ErrnoException;
      refused.code = "ESPECIALADDRESS";
      return callback(refused, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}
