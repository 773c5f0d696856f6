import dns from 'node:dns';
import net from 'node:net';

/*
 * Where a webhook may point (issue 29): http(s) only, and never at the server's own network (loopback, link-local,
 * private, carrier-grade NAT, unique-local, multicast, unspecified) unless WEBHOOK_ALLOW_PRIVATE=1. The host is
 * resolved and every address checked at registration, and again at each delivery by the connection's own lookup
 * (safeLookup), so a name that resolves elsewhere later (DNS rebinding) still cannot reach inside.
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
  ['ff00::', 8],
  ['64:ff9b:1::', 48],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address lies in a range a webhook may not reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
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
