import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from './test/spawn-server.ts';

// A client that sends its headers or body a byte at a time, or that opens thousands of connections,
// must not hold the server's sockets for ever: the real process, with small limits, and raw sockets.

let server: SpawnedServer;
beforeAll(async () => {
  server = await spawnServer({ REQUEST_TIMEOUT_S: '2', HEADERS_TIMEOUT_S: '1', MAX_CONNECTIONS: '4' });
});
afterAll(async () => {
  await server?.dispose();
});

/** Opens a socket; `closed` resolves with what it received and after how many milliseconds. */
function openSocket(): {
  socket: Socket;
  connected: Promise<void>;
  closed: Promise<{ text: string; ms: number }>;
} {
  const started = Date.now();
  const socket = connect(server.port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<{ text: string; ms: number }>((resolve) =>
    socket.on('close', () => resolve({ text, ms: Date.now() - started })),
  );
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, connected, closed };
}

/** Writes one byte every 200 ms until the socket closes (or 10 s pass). */
function trickle(socket: Socket) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('a');
  }, 200);
  setTimeout(() => clearInterval(timer), 10_000).unref();
  socket.once('close', () => clearInterval(timer));
}

describe('[I12-9] request timeouts and connection cap', () => {
  it('[I12-9] a body sent a byte at a time is cut off at REQUEST_TIMEOUT_S with a 408', async () => {
    const slow = openSocket();
    await slow.connected;
    slow.socket.write(
      'POST /rest/default/V1/storefront/sendmobilecode HTTP/1.1\r\nHost: shop\r\n' +
        'Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n',
    );
    trickle(slow.socket);
    const { text, ms } = await slow.closed;
    expect(ms).toBeLessThan(4_500);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('[I12-9] headers sent a byte at a time are cut off at HEADERS_TIMEOUT_S', async () => {
    const slow = openSocket();
    await slow.connected;
    slow.socket.write('GET /healthz HTTP/1.1\r\nX-Slow: ');
    trickle(slow.socket);
    const { ms } = await slow.closed;
    expect(ms).toBeLessThan(3_500);
  });

  it('[I12-9] connections beyond MAX_CONNECTIONS are closed at once; the server still answers after', async () => {
    const held = Array.from({ length: 4 }, () => openSocket());
    await Promise.all(held.map((connection) => connection.connected));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = openSocket();
    const { text, ms } = await extra.closed;
    expect(text).toBe('');
    expect(ms).toBeLessThan(1_000);
    for (const connection of held) connection.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });
});
