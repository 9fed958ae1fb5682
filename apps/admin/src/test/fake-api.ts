// A fake /admin/api for the screens' tests: each expected call ("METHOD /path", without the query) has a
// handler giving a status and a body; every call made is recorded (method, path, query, headers, body) so
// a test can assert what the screen sent. A call with no handler fails the test loudly.
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown };
export type Handler = Reply | ((call: RecordedCall, index: number) => Reply);

export function fakeApi(handlers: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const counts = new Map<string, number>();
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/admin\/api/, '');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
      headers[name.toLowerCase()] = value;
    }
    const call: RecordedCall = {
      method,
      path,
      query: url.searchParams,
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${method} ${path}`;
    const entry = handlers[key];
    if (!entry) {
      unexpected.push(key);
      return new Response(JSON.stringify({ message: `No fake for ${key}`, code: 'NOT_FOUND' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    }
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    // A list of handlers answers the calls in turn; the last one answers every call after.
    const handler = Array.isArray(entry) ? (entry[Math.min(index, entry.length - 1)] as Handler) : entry;
    const reply = typeof handler === 'function' ? handler(call, index) : handler;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    unexpected,
    /** The calls to "METHOD /path". */
    to: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

export const signedOut: Reply = {
  status: 401,
  body: { message: 'Please sign in to the back office.', code: 'SIGN_IN_REQUIRED' },
};

export const stepUpRequired: Reply = {
  status: 403,
  body: { message: 'Check your passkey again to do this.', code: 'STEP_UP_REQUIRED' },
};
