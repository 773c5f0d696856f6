import dns from 'node:dns';
import net from 'node:net';

/*
 * Where a webhook may point (issue 29): http(s) only, and never at the server's own network (loopback, link-local,
 * private, carrier-grade NAT, unique-local, site-local, multicast, unspecified) unless WEBHOOK_ALLOW_PRIVATE=1. The host
 * is resolved and every address checked at registration, and again at each delivery by the connection's own lookup
 * (safeLookup), so a name that resolves elsewhere later (DNS rebinding) still cannot reach inside.
 *
 * An IPv6 address that carries an IPv4 one is judged by the IPv4 address it reaches (issue 35.17): IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96), 6to4
 * (2002:AABB:CCDD::/48) and Teredo (2001:0::/32: its server and its client, stored inverted). The local-use NAT64 prefix
 * (64:ff9b:1::/48) and the old site-local one (fec0::/10) are refused outright.
 */

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['64:ff9b:1::', 48],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a zone index dropped, a trailing dotted quad read), or null. */
function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, '');
  if (net.isIP(text) !== 6) return null;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  const body = quad ? `${text.slice(0, quad.index)}${((+quad[1]! << 8) | +quad[2]!).toString(16)}:${((+quad[3]! << 8) | +quad[4]!).toString(16)}` : text;
  const [head, tail] = body.includes('::') ? body.split('::') : [body, undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...left, ...Array(tail === undefined ? 0 : 8 - left.length - right.length).fill('0'), ...right].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The addresses a connection to `address` reaches: the IPv4 address(es) an IPv6 form carries (see above), else the
 * address itself.
 */
export function reachedAddresses(address: string): string[] {
  const g = ipv6Groups(address);
  if (!g) return [address];
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  // ::a.b.c.d (compatible: :: and ::1 reach 0.0.0.0 and 0.0.0.1), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated)
  if (zeros(0, 6)) return [ipv4Of(g[6]!, g[7]!)];
  if (zeros(0, 5) && g[5] === 0xffff) return [ipv4Of(g[6]!, g[7]!)];
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return [ipv4Of(g[6]!, g[7]!)];
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return [ipv4Of(g[6]!, g[7]!)];
  if (g[0] === 0x2002) return [ipv4Of(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2]!, g[3]!), ipv4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return [address.replace(/%.*$/, '')];
}

/** Whether an IP address lies in, or reaches, a range a webhook may not reach. Anything not an IP address is refused. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address.replace(/%.*$/, ''));
  if (!family) return true;
  if (family === 6 && blocked.check(address.replace(/%.*$/, ''), 'ipv6')) return true;
  return reachedAddresses(address).some((reached) => {
    const kind = net.isIP(reached);
    return kind === 4 ? blocked.check(reached, 'ipv4') : kind === 6 ? blocked.check(reached, 'ipv6') : true;
  });
}

export type AddressRefusal = 'invalid_url' | 'unsupported_scheme' | 'private_address' | 'unresolvable_host';

export class RefusedAddress extends Error {
  constructor(readonly reason: AddressRefusal, detail: string) {
    super(detail);
  }
}

/** The URL, parsed, when it is an http(s) URL without credentials; throws RefusedAddress otherwise. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedAddress('invalid_url', 'The URL cannot be read.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedAddress('unsupported_scheme', 'Only http and https URLs are allowed.');
  if (url.username || url.password) throw new RefusedAddress('invalid_url', 'The URL may not carry a user name or password.');
  if (!url.hostname) throw new RefusedAddress('invalid_url', 'The URL names no host.');
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Resolves the URL's host and refuses it when any address is private (unless allowed). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = parseWebhookUrl(raw);
  const host = hostOf(url);
  let addresses: { address: string }[];
  try {
    addresses = net.isIP(host) ? [{ address: host }] : await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new RefusedAddress('unresolvable_host', `The host ${host} cannot be resolved.`);
  }
  if (!addresses.length) throw new RefusedAddress('unresolvable_host', `The host ${host} cannot be resolved.`);
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new RefusedAddress('private_address', 'The URL points at a loopback, link-local or private address.');
  }
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses private addresses at connection time: the address connected to is the one
 * checked, whatever the name resolves to by then.
 */
export function safeLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as dns.LookupAddress[];
      const bad = !allowPrivate && list.some((entry) => isPrivateAddress(entry.address));
      if (bad || !list.length) {
        const refusal = new RefusedAddress('private_address', `${hostname} resolves to a private address.`) as unknown as NodeJS.ErrnoException;
        refusal.code = 'EPRIVATEADDRESS';
        return callback(refusal, '');
      }
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
