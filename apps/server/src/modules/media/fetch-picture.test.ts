import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPicture, hostAllowed, isInternalAddress } from './fetch-picture.ts';
import { makePicture } from './test-pictures.ts';

// Picture URLs in an import are fetched with a timeout, a size cap and a host allow-list, and never from
// a private, loopback or link-local address: checked on the address connected to, and after every
// redirect. The server here is on 127.0.0.1, which is internal: tests that need it to answer treat that
// one address as public (isBlocked) and keep every other internal address blocked.

let server: Server;
let base: string;
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await makePicture('jpeg', { width: 200, height: 240 });
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/photo.jpg')
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (url.pathname === '/redirect' && to) return response.writeHead(302, { location: to }).end();
    if (url.pathname === '/big') return response.writeHead(200).end(Buffer.alloc(300_000));
    if (url.pathname === '/big-chunked') {
      response.writeHead(200);
      for (let i = 0; i < 30; i += 1) response.write(Buffer.alloc(10_000));
      return response.end();
    }
    if (url.pathname === '/slow') return; // never answers
    response.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const settings = { allowedHosts: ['*'], timeoutMs: 2000, maxBytes: 100_000 };
/** 127.0.0.1 counts as public here (the test server); every other internal address stays blocked. */
const testServerIsPublic = (address: string) => address !== '127.0.0.1' && isInternalAddress(address);

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe('fetching a picture URL', () => {
  it('fetches a picture from an allowed public address', async () => {
    const bytes = await fetchPicture(`${base}/photo.jpg`, { ...settings, isBlocked: testServerIsPublic });
    expect(Buffer.compare(bytes, jpeg)).toBe(0);
  });

  it('never fetches from a private, loopback or link-local address, by literal or by name', async () => {
    expect(await failure(fetchPicture(`${base}/photo.jpg`, settings))).toMatch(
      /private or internal address \(127\.0\.0\.1\)/,
    );
    const port = new URL(base).port;
    expect(await failure(fetchPicture(`http://localhost:${port}/photo.jpg`, settings))).toMatch(
      /localhost, which resolves to a private or internal address/,
    );
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/x.jpg',
      'http://192.168.0.10/x.jpg',
      'http://[::1]/x.jpg',
      'http://[fe80::1]/x.jpg',
      'http://[::ffff:127.0.0.1]/x.jpg',
      'http://0.0.0.0/x.jpg',
    ]) {
      expect(await failure(fetchPicture(url, settings)), url).toMatch(/private or internal address/);
    }
  });

  it('checks the address again after a redirect', async () => {
    const redirect = `${base}/redirect?to=${encodeURIComponent('http://127.0.0.2:9/photo.jpg')}`;
    expect(await failure(fetchPicture(redirect, { ...settings, isBlocked: testServerIsPublic }))).toMatch(
      /private or internal address \(127\.0\.0\.2\) \(redirected to http:\/\/127\.0\.0\.2:9\/photo\.jpg\)/,
    );
    const metadata = `${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/')}`;
    expect(await failure(fetchPicture(metadata, { ...settings, isBlocked: testServerIsPublic }))).toMatch(
      /169\.254\.169\.254/,
    );
    // A redirect to another allowed path on a public address is followed.
    const fine = `${base}/redirect?to=${encodeURIComponent('/photo.jpg')}`;
    expect((await fetchPicture(fine, { ...settings, isBlocked: testServerIsPublic })).length).toBe(
      jpeg.length,
    );
  });

  it('fetches only from hosts on the allow-list (MEDIA_FETCH_HOSTS), also after a redirect', async () => {
    expect(
      await failure(fetchPicture('https://cdn.example.org/a.jpg', { ...settings, allowedHosts: [] })),
    ).toMatch(/MEDIA_FETCH_HOSTS allows, and it allows none/);
    expect(
      await failure(
        fetchPicture('https://evil.example.net/a.jpg', { ...settings, allowedHosts: ['cdn.example.org'] }),
      ),
    ).toMatch(/is on evil\.example\.net, which MEDIA_FETCH_HOSTS does not allow \(cdn\.example\.org\)/);
    const away = `${base}/redirect?to=${encodeURIComponent('https://evil.example.net/a.jpg')}`;
    expect(
      await failure(
        fetchPicture(away, { ...settings, allowedHosts: ['127.0.0.1'], isBlocked: testServerIsPublic }),
      ),
    ).toMatch(/evil\.example\.net.*redirected to/);
    expect(hostAllowed('cdn.shopify.com', ['*.shopify.com'])).toBe(true);
    expect(hostAllowed('shopify.com.evil.net', ['*.shopify.com'])).toBe(false);
    expect(hostAllowed('CDN.Example.org', ['cdn.example.org'])).toBe(true);
  });

  it('stops at the size cap, declared or not, and after the timeout', async () => {
    const open = { ...settings, isBlocked: testServerIsPublic };
    expect(await failure(fetchPicture(`${base}/big`, open))).toMatch(/MEDIA_MAX_BYTES/);
    expect(await failure(fetchPicture(`${base}/big-chunked`, open))).toMatch(/MEDIA_MAX_BYTES/);
    expect(await failure(fetchPicture(`${base}/slow`, { ...open, timeoutMs: 300 }))).toMatch(
      /did not arrive within 300 ms \(MEDIA_FETCH_TIMEOUT_MS\)/,
    );
    expect(await failure(fetchPicture(`${base}/missing.jpg`, open))).toMatch(/answered HTTP 404/);
    expect(await failure(fetchPicture('ftp://example.org/a.jpg', settings))).toMatch(/not an http\(s\) URL/);
  });

  it('counts every non-public address as internal', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });
});
