import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { PictureError } from './picture-check.ts';

// Fetches a picture URL named by an import (docs/media.md "Pictures from URLs"): http(s) only, from a host
// on the MEDIA_FETCH_HOSTS allow-list, never from a private, loopback, link-local or otherwise internal
// address — checked on the address the connection is actually made to (the lookup below is the one the
// socket uses, so a name that answers differently the second time cannot slip past), and again for every
// redirect. A timeout covers the whole fetch, redirects included; the body is cut off at the size cap.

export interface FetchPictureOptions {
  /** Host names allowed (`cdn.example.com`, `*.example.com`); `*` allows every host. Empty: none. */
  allowedHosts: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  /** Which addresses may not be connected to; by default every non-public one (isInternalAddress). */
  isBlocked?: (address: string) => boolean;
  maxRedirects?: number;
}

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: reaches any IPv4 address, internal ones included
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** True for every address that is not a public unicast one (IPv4-mapped IPv6 checked as IPv4). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return internal.check(mapped, 'ipv4');
    if (/^::ffff:/i.test(address)) return true;
    return internal.check(address, 'ipv6');
  }
  return internal.check(address, 'ipv4');
}

/** True when `host` is on the allow-list. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowed.some(
    (entry) => entry === '*' || entry === name || (entry.startsWith('*.') && name.endsWith(entry.slice(1))),
  );
}

/** The bytes at `url`; throws a PictureError saying why not. */
export async function fetchPicture(url: string, options: FetchPictureOptions): Promise<Buffer> {
  const isBlocked = options.isBlocked ?? isInternalAddress;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const target = checkUrl(current, options.allowedHosts, isBlocked, redirects > 0 ? url : undefined);
    const reply = await get(target, options.maxBytes, isBlocked, signal, options.timeoutMs);
    if ('location' in reply) {
      if (redirects >= (options.maxRedirects ?? 5)) throw new PictureError('redirects too many times');
      current = new URL(reply.location, target).href;
      continue;
    }
    return reply.body;
  }
}

function checkUrl(
  url: string,
  allowedHosts: readonly string[],
  isBlocked: (address: string) => boolean,
  redirectedFrom: string | undefined,
): URL {
  const via = redirectedFrom ? ` (redirected to ${url})` : '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PictureError(`is not a valid URL${via}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new PictureError(`is not an http(s) URL${via}`);
  }
  if (parsed.username || parsed.password) throw new PictureError(`carries a user name or password${via}`);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, allowedHosts)) {
    throw new PictureError(
      allowedHosts.length === 0
        ? `is on ${host}: pictures are fetched only from hosts MEDIA_FETCH_HOSTS allows, and it allows none${via}`
        : `is on ${host}, which MEDIA_FETCH_HOSTS does not allow (${allowedHosts.join(', ')})${via}`,
    );
  }
  // A literal address is never looked up: it is checked here.
  if (isIP(host) && isBlocked(host))
    throw new PictureError(`is on a private or internal address (${host})${via}`);
  return parsed;
}

type Reply = { body: Buffer } | { location: string };

function get(
  url: URL,
  maxBytes: number,
  isBlocked: (address: string) => boolean,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Reply> {
  // The socket connects to the address this lookup answers, after it has been checked.
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const blocked = addresses.find((entry) => isBlocked(entry.address));
      if (blocked) {
        return callback(
          new PictureError(
            `is on ${hostname}, which resolves to a private or internal address (${blocked.address})`,
          ),
          '',
          0,
        );
      }
      if (options.all) return callback(null, addresses as unknown as string, 0);
      const first = addresses[0];
      if (!first) return callback(new PictureError(`is on ${hostname}, which has no address`), '', 0);
      callback(null, first.address, first.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Reply>((resolve, reject) => {
    const request = client.get(
      url,
      { lookup, signal, headers: { accept: 'image/*', 'user-agent': 'Quokka catalogue import' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
          response.resume();
          return resolve({ location: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new PictureError(`answered HTTP ${status}`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(
            new PictureError(`is ${declared} bytes; pictures may be at most ${maxBytes} (MEDIA_MAX_BYTES)`),
          );
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            response.destroy();
            reject(new PictureError(`is more than ${maxBytes} bytes; the limit is MEDIA_MAX_BYTES`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(describe(error, timeoutMs)));
      },
    );
    request.on('error', (error) => reject(describe(error, timeoutMs)));
  });
}

function describe(error: Error, timeoutMs: number): PictureError {
  if (error instanceof PictureError) return error;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') {
    return new PictureError(`did not arrive within ${timeoutMs} ms (MEDIA_FETCH_TIMEOUT_MS)`);
  }
  const code = 'code' in error ? ` ${String(error.code)}` : '';
  return new PictureError(`cannot be fetched:${code} ${error.message}`.trim());
}
