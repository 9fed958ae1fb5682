// [I12-5, I12-12] A 429 (a limit) or a 503 (the shop restarting) means the server did not act on the
// request, so sending the same request again is safe, whatever the method: a placement keeps its
// Idempotency-Key. When the reply says to come back within a few seconds the app waits and sends it again
// by itself; a longer wait is the shopper's to decide, with the reply's message saying how long.

/** The longest wait the app takes on the shopper's behalf, and how many times. */
export const AUTO_RETRY_MAX_WAIT_S = 10;
export const AUTO_RETRY_ATTEMPTS = 2;

/** Seconds the reply asks the client to wait: `Retry-After` as seconds or as an HTTP date. */
export function retryAfterSeconds(response: Response, now: number = Date.now()): number | null {
  const header = response.headers.get('retry-after');
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** How long to wait before sending `response`'s request again by itself, or null to give up now. */
export function autoRetryDelayMs(response: Response): number | null {
  if (response.status !== 429 && response.status !== 503) return null;
  const seconds = retryAfterSeconds(response);
  if (seconds === null || seconds > AUTO_RETRY_MAX_WAIT_S) return null;
  return seconds * 1000;
}

/**
 * Sends the request, and again after each short Retry-After (at most AUTO_RETRY_ATTEMPTS more times).
 * The last response is returned as it came; a request that gets no response throws as fetch does.
 */
export async function fetchWithRetryAfter(
  send: () => Promise<Response>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  signal?: AbortSignal,
): Promise<Response> {
  let response = await send();
  for (let attempt = 0; attempt < AUTO_RETRY_ATTEMPTS; attempt += 1) {
    const delay = autoRetryDelayMs(response);
    if (delay === null || signal?.aborted) return response;
    await response.body?.cancel().catch(() => undefined);
    await wait(delay);
    signal?.throwIfAborted();
    response = await send();
  }
  return response;
}
