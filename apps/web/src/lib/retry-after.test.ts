import { describe, expect, it, vi } from 'vitest';
import { AUTO_RETRY_ATTEMPTS, autoRetryDelayMs, fetchWithRetryAfter, retryAfterSeconds } from './retry-after';

const limited = (retryAfter: string | null, status = 429) =>
  new Response('{"message":"Too many requests."}', {
    status,
    headers: retryAfter === null ? {} : { 'retry-after': retryAfter },
  });

describe('[I12-5] waiting out a short Retry-After', () => {
  it('[I12-5] reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds(limited('7'))).toBe(7);
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryAfterSeconds(limited('Tue, 24 Nov 2026 10:00:30 GMT'), now)).toBe(30);
    expect(retryAfterSeconds(limited(null))).toBeNull();
    expect(retryAfterSeconds(limited('soon'))).toBeNull();
  });

  it('[I12-5] waits only on 429 and 503 that ask for at most 10 seconds', () => {
    expect(autoRetryDelayMs(limited('3'))).toBe(3000);
    expect(autoRetryDelayMs(limited('5', 503))).toBe(5000);
    expect(autoRetryDelayMs(limited('11'))).toBeNull();
    expect(autoRetryDelayMs(limited(null))).toBeNull();
    expect(autoRetryDelayMs(limited('3', 500))).toBeNull();
  });

  it('[I12-5] sends the request again after the wait, and returns the answer that came', async () => {
    const send = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(limited('2'))
      .mockResolvedValueOnce(new Response('"101"', { status: 200 }));
    const waits: number[] = [];
    const response = await fetchWithRetryAfter(send, async (ms) => {
      waits.push(ms);
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('"101"');
    expect(send).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([2000]);
  });

  it('[I12-5] gives up after two more tries, or at once when the wait is long', async () => {
    const always = vi.fn(async () => limited('1'));
    const last = await fetchWithRetryAfter(always, async () => undefined);
    expect(always).toHaveBeenCalledTimes(1 + AUTO_RETRY_ATTEMPTS);
    expect(last.status).toBe(429);
    expect(await last.json()).toEqual({ message: 'Too many requests.' });

    const long = vi.fn(async () => limited('60'));
    expect((await fetchWithRetryAfter(long, async () => undefined)).status).toBe(429);
    expect(long).toHaveBeenCalledTimes(1);
  });
});
