import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiFetch,
  hasErrorCode,
  NoResponseError,
  nsPath,
  ReplyShapeError,
  takeReplyShapeErrors,
} from './api-client';
import { getAppState, loaderText, showLoader, signIn } from './app-state';

// These tests are about the transport; the reply's shape is the contract's business.
const schema = z.unknown();

function reply(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(impl: (url: string, init: RequestInit) => Promise<Response>) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => impl(String(input), init ?? {}));
  vi.stubGlobal('fetch', mock);
  return mock;
}

function setConfigMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'quokka-config';
  meta.content = content;
  document.head.append(meta);
  return meta;
}

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="quokka-config"]')) meta.remove();
  vi.unstubAllEnvs();
});

describe('apiFetch', () => {
  it('[API-01] calls the same origin by default, and the configured base host when one is set', async () => {
    const fetchMock = stubFetch(async () => reply('{}'));
    await apiFetch(nsPath('categories'), {
      schema,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/rest/default/V1/storefront/categories');

    vi.stubEnv('VITE_API_BASE', 'https://api.staging.example/');
    await apiFetch('/rest/default/V1/carts/mine', {
      schema,
    });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('https://api.staging.example/rest/default/V1/carts/mine');

    const meta = setConfigMeta(JSON.stringify({ apiBase: 'https://api.example', apiNamespace: 'shopns' }));
    await apiFetch(nsPath('browseProducts'), {
      schema,
      query: { page: 2, missing: undefined },
    });
    expect(fetchMock.mock.calls[2]?.[0]).toBe(
      'https://api.example/rest/default/V1/shopns/browseProducts?page=2',
    );
    meta.remove();
  });

  it('[API-02] parses a reply that is JSON text holding JSON a second time', async () => {
    stubFetch(async () => reply(JSON.stringify(JSON.stringify({ status: true, data: [1, 2] }))));
    await expect(
      apiFetch(nsPath('savedcards'), {
        schema,
      }),
    ).resolves.toEqual({ status: true, data: [1, 2] });
  });

  it('[API-02] keeps a plain JSON reply and a string of digits as they are', async () => {
    stubFetch(async () => reply('{"status":true}'));
    await expect(
      apiFetch(nsPath('auth'), {
        schema,
      }),
    ).resolves.toEqual({ status: true });
    stubFetch(async () => reply('"000000123"'));
    await expect(
      apiFetch('/rest/default/V1/carts/mine/payment-information', {
        schema,
      }),
    ).resolves.toBe('000000123');
  });

  it('[API-03] sends the stored token as a bearer header on authenticated calls only', async () => {
    signIn('tok-xyz');
    const fetchMock = stubFetch(async () => reply('[]'));
    await apiFetch('/rest/default/V1/carts/mine', {
      schema,
      auth: true,
    });
    await apiFetch(nsPath('categories'), {
      schema,
    });
    const authed = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    const anonymous = new Headers(fetchMock.mock.calls[1]?.[1]?.headers);
    expect(authed.get('Authorization')).toBe('Bearer tok-xyz');
    expect(anonymous.get('Authorization')).toBeNull();
  });

  it('sends a JSON body', async () => {
    const fetchMock = stubFetch(async () => reply('{"status":true}'));
    await apiFetch(nsPath('sendmobilecode'), {
      schema,
      method: 'POST',
      body: { mobile: '0412345678', r_token: 'x' },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"mobile":"0412345678","r_token":"x"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('[CONN-01] [CONN-04] [ERR-01] a request with no response sets the offline state, clears the loader and throws', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    showLoader('Fetching Cart...');
    await expect(
      apiFetch('/rest/default/V1/carts/mine', {
        schema,
      }),
    ).rejects.toBeInstanceOf(NoResponseError);
    expect(getAppState().offline).toBe(true);
    expect(loaderText(getAppState())).toBeNull();
  });

  it('an aborted request is not reported as offline', async () => {
    const controller = new AbortController();
    stubFetch(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(
      apiFetch(nsPath('categories'), {
        schema,
        signal: controller.signal,
      }),
    ).rejects.toThrow('aborted');
    expect(getAppState().offline).toBe(false);
  });

  it('[CONN-03] [CONN-04] [ERR-02] a server error reply sets the unexpected-error state and clears the loader', async () => {
    stubFetch(async () => reply('{"message":"Internal Server Error"}', 500));
    showLoader('Fetching Cart...');
    const error = await apiFetch(nsPath('orders'), {
      schema,
      auth: true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect(getAppState().unexpectedError).toBe(true);
    expect(loaderText(getAppState())).toBeNull();
  });

  it('[AUTH-23] [ERR-03] a 401 on an authenticated call signs the user out', async () => {
    signIn('stale-token');
    stubFetch(async () =>
      reply(
        '{"message":"The consumer isn\'t authorized to access %resources.","parameters":{"resources":"self"}}',
        401,
      ),
    );
    const error = await apiFetch(nsPath('orders'), {
      schema,
      auth: true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("The consumer isn't authorized to access self.");
    expect(getAppState().auth.isSignedIn).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(getAppState().sessionExpired).toBe(true);
  });

  it('a 401 on an anonymous call does not touch the sign-in', async () => {
    signIn('fine-token');
    stubFetch(async () => reply('{"message":"nope"}', 401));
    await expect(
      apiFetch(nsPath('auth'), {
        schema,
        method: 'POST',
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getAppState().auth.isSignedIn).toBe(true);
  });

  it('[CONN-04] other failures throw a typed ApiError with the reply body and input_validation, and clear the loader', async () => {
    const body = {
      status: false,
      message: 'Invalid',
      input_validation: { email: ['Please enter a valid email'] },
    };
    stubFetch(async () => reply(JSON.stringify(body), 400));
    showLoader('Registering...');
    const error = await apiFetch(nsPath('createAccount'), {
      schema,
      method: 'POST',
      body: {},
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('Invalid');
    expect(apiError.body).toEqual(body);
    expect(apiError.inputValidation).toEqual({ email: ['Please enter a valid email'] });
    expect(getAppState().unexpectedError).toBe(false);
    expect(getAppState().offline).toBe(false);
    expect(loaderText(getAppState())).toBeNull();
  });

  it('a silent call leaves the shared state alone on failure', async () => {
    signIn('tok');
    stubFetch(async () => reply('{"message":"gone"}', 401));
    await expect(
      apiFetch(nsPath('signout'), {
        schema,
        method: 'POST',
        auth: true,
        silent: true,
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getAppState().auth.isSignedIn).toBe(true);
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(
      apiFetch(nsPath('categories'), {
        schema,
        silent: true,
      }),
    ).rejects.toBeInstanceOf(NoResponseError);
    expect(getAppState().offline).toBe(false);
  });
});

describe('replies and the contract', () => {
  const cartIdSchema = z.number().int();

  it('returns the reply as the call’s schema reads it', async () => {
    stubFetch(async () => reply('77'));
    await expect(apiFetch('/rest/default/V1/carts/mine', { schema: cartIdSchema })).resolves.toBe(77);
  });

  it('a reply that does not match the call’s schema fails loudly, naming the call and the issue', async () => {
    stubFetch(async () => reply('{"id":"77"}'));
    const error = await apiFetch('/rest/default/V1/carts/mine', {
      schema: z.object({ id: z.number() }),
      method: 'POST',
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReplyShapeError);
    expect((error as ReplyShapeError).message).toContain('POST /rest/default/V1/carts/mine');
    expect((error as ReplyShapeError).message).toContain('at id:');
    expect(getAppState().unexpectedError).toBe(true);
    // Kept for the test set-up, which fails a test that swallowed such an error; taken here on purpose.
    expect(takeReplyShapeErrors()).toHaveLength(1);
  });

  it('[ERR-06] [ERR-07] a failure carries the code of its reply; one without a known code has none', async () => {
    stubFetch(async () =>
      reply('{"message":"The requested qty is not available","code":"QTY_NOT_AVAILABLE"}', 400),
    );
    const qty = await apiFetch(nsPath('x'), { schema }).catch((caught: unknown) => caught);
    expect((qty as ApiError).code).toBe('QTY_NOT_AVAILABLE');
    expect(hasErrorCode(qty, 'PRODUCT_NOT_AVAILABLE', 'QTY_NOT_AVAILABLE')).toBe(true);
    expect(hasErrorCode(qty, 'CART_NOT_FOUND')).toBe(false);

    stubFetch(async () => reply('{"message":"Gone","code":"SOMETHING_NEW"}', 404));
    const unknown = await apiFetch(nsPath('x'), { schema }).catch((caught: unknown) => caught);
    expect((unknown as ApiError).code).toBeUndefined();
    expect(hasErrorCode(unknown, 'NOT_FOUND')).toBe(false);
  });
});

describe('[I12-5] apiFetch and a short Retry-After', () => {
  it('[I12-5] a 429 asking to wait 0–10 s is waited out and the call answers as if nothing happened', async () => {
    let calls = 0;
    const fetchMock = stubFetch(async () => {
      calls += 1;
      if (calls === 1) {
        return new Response('{"message":"Too many requests.","code":"TOO_MANY_REQUESTS"}', {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '0' },
        });
      }
      return reply('{"ok":true}');
    });
    await expect(apiFetch('/rest/default/V1/carts/mine', { schema, method: 'POST' })).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('[I12-5] a long Retry-After is not waited: the error says how long', async () => {
    stubFetch(
      async () =>
        new Response(
          '{"message":"Too many requests. Please wait 60 seconds and try again.","code":"TOO_MANY_REQUESTS"}',
          {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '60' },
          },
        ),
    );
    const error = await apiFetch('/x', { schema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toContain('60 seconds');
  });
});
