import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from './test/spawn-server.ts';

// A stop (deploy, scale-in) must not reset a request in flight: the web app reads no answer to "place my
// order" as unknown. The server stops accepting, finishes what it holds, turns away new requests on
// open connections with 503 and `Connection: close`, then exits.

let server: SpawnedServer | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

const SEND_CODE = '/rest/default/V1/storefront/sendmobilecode';

/** Raw HTTP/1.1 over one socket: the whole answer as text, or the error that ended the socket. */
function openSocket(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', (error) => resolve(`${received}ERROR ${error.message}`));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, ended, connected, received: () => received };
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

describe('[I12-12] graceful stop', () => {
  it('[I12-12] SIGTERM lets 6 requests in flight finish with 200, turns away new ones with 503, then exits 0', async () => {
    server = await spawnServer();
    const { port } = server;
    // Six requests whose bodies are still arriving when the stop begins: in flight, not yet answered.
    const inFlight = await Promise.all(
      Array.from({ length: 6 }, async (_, index) => {
        const connection = openSocket(port);
        await connection.connected;
        const body = JSON.stringify({ mobile: `0412 345 67${index}`, r_token: 'sandbox-token' });
        connection.socket.write(
          `POST ${SEND_CODE} HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
        );
        return { ...connection, rest: body.slice(5) };
      }),
    );
    // An idle keep-alive connection that has had an answer, and asks again once the stop has begun.
    const keepAlive = openSocket(port);
    await keepAlive.connected;
    keepAlive.socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n');
    await expect.poll(() => statusOf(keepAlive.received())).toBe(200);

    server.child.kill('SIGTERM');
    await expect.poll(() => server?.output.join('')).toMatch(/SIGTERM: stopping/);
    await new Promise((resolve) => setTimeout(resolve, 300));

    for (const request of inFlight) request.socket.write(request.rest);
    keepAlive.socket.write('GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n');

    const answers = await Promise.all(inFlight.map((request) => request.ended));
    expect(answers.map(statusOf)).toEqual([200, 200, 200, 200, 200, 200]);
    const [firstAnswer, secondAnswer = ''] = (await keepAlive.ended).split(/(?=HTTP\/1\.1 )/);
    expect(statusOf(firstAnswer ?? '')).toBe(200);
    expect(firstAnswer).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(statusOf(secondAnswer)).toBe(503);
    expect(secondAnswer).toMatch(/\r\nconnection: close\r\n/i);
    const refusal = JSON.parse(secondAnswer.slice(secondAnswer.indexOf('\r\n\r\n') + 4));
    expect(refusal).toEqual({ code: 'SHUTTING_DOWN', message: expect.stringMatching(/try again/i) });
    expect(await server.exited).toBe(0);
    expect(server.output.join('')).toMatch(/stopped cleanly/);
  });
});
