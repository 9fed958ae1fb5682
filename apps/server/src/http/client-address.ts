import { isIPv4, isIPv6 } from 'node:net';

// [I12-1] Who a request counts against, for every per-address limit. The address itself comes from
// Fastify (`request.ip`), which believes X-Forwarded-For only as far as TRUST_PROXY says (config.ts).
// An IPv6 client is usually given a whole /64 and can pick any address in it, so it is counted by its
// /64; an IPv4-mapped IPv6 address (::ffff:a.b.c.d, a dual-stack socket) is the IPv4 client it wraps.

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The key a client address is limited by: IPv4 as it is, IPv6 as its /64 (`2001:db8:1:2::/64`). */
export function clientAddressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const words = (part: string | undefined) =>
    !part ? [] : part.split(':').flatMap((word) => (isIPv4(word) ? ipv4AsWords(word) : [word]));
  const front = words(head);
  const back = words(tail);
  const gap = tail === undefined ? [] : Array(8 - front.length - back.length).fill('0');
  return [...front, ...gap, ...back].map((word) => Number.parseInt(word, 16).toString(16));
}

function ipv4AsWords(ipv4: string): string[] {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/**
 * TRUST_PROXY (config.ts) as Fastify's `trustProxy`. A hop count becomes a function: Fastify refuses to
 * trust a bare number (it cannot check the peer), while `TRUST_PROXY=1` means exactly "the peer is our one
 * proxy; the client is the address it appended". Only use a count when the server cannot be reached
 * except through the proxy; otherwise name the proxies' addresses.
 */
export function trustProxyOption(setting: false | number | string[]) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
