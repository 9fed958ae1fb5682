import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputValidationError, InvalidDataError, NotFoundError } from './domain/errors.ts';
import { registerApi } from './http/api-prefix.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('the app shell', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: '2048', MARKETING_URL: 'https://quokka.example/' });
  });
  afterAll(() => t.close());

  it('answers /healthz with {status:"ok"} once the database answers', async () => {
    const reply = await t.app.inject('/healthz');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('[ROUTE-02] redirects / to the marketing page and nowhere else', async () => {
    const reply = await t.app.inject('/');
    expect(reply.statusCode).toBe(302);
    expect(reply.headers.location).toBe('https://quokka.example/');
  });

  it('answers an unknown route under /rest with 404 and a Magento {message}', async () => {
    for (const store of ['default', 'au']) {
      const reply = await t.app.inject(`/rest/${store}/V1/storefront/nothing-here`);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: expect.stringContaining('No route'), code: 'NOT_FOUND' });
    }
  });

  it('answers malformed JSON with 400 {message}', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/rest/default/V1/storefront/anything',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile": ',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'INPUT_VALIDATION',
    });
  });

  it('answers an oversized body with 413 {message}', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/rest/default/V1/storefront/anything',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(4096) }),
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves the web app for client routes with the runtime settings in its meta tag', async () => {
    const reply = await t.app.inject({ url: '/product/12', headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    const content = /<meta name="quokka-config" content="([^"]*)">/.exec(reply.body)?.[1] ?? '';
    const settings = JSON.parse(
      content.replaceAll('&#34;', '"').replaceAll('&#39;', "'").replaceAll('&#38;', '&'),
    );
    expect(settings).toMatchObject({ storeName: 'Quokka', apiNamespace: 'storefront', sandbox: true });
    expect(settings.marketingUrl).toBe('https://quokka.example/');
  });

  it('sends security headers with a CSP that allows the card provider', async () => {
    // [I13-hotpath] The CSP belongs on pages (JSON replies get the small set: http/security-headers.ts).
    const reply = await t.app.inject({ url: '/browse', headers: { accept: 'text/html' } });
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.stripe.com');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing asset with 404, not the web app', async () => {
    const reply = await t.app.inject('/assets/missing-1234.js');
    expect(reply.statusCode).toBe(404);
  });
});

describe('the error handler', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // Routes that throw each kind of error, mounted the way every module mounts its routes.
    await t.app.close();
    const { buildApp } = await import('./app.ts');
    const app = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    await registerApi(app, (api) => {
      api.get('/test/not-found', async () => {
        throw new NotFoundError('No such order.');
      });
      api.get('/test/invalid', async () => {
        throw new InvalidDataError('Bad page.', { parameters: ['page'] });
      });
      api.get('/test/fields', async () => {
        throw new InputValidationError({ email: ['The email you entered already exists'] });
      });
      api.get('/test/crash', async () => {
        throw new Error('connection to 10.0.0.7 refused at /srv/app/secret.ts:42');
      });
    });
    await app.ready();
    t = { ...t, app };
  });
  afterAll(() => t.close());

  it('maps domain errors to their status and a {message} body', async () => {
    const notFound = await t.app.inject('/rest/default/V1/test/not-found');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ message: 'No such order.', code: 'NOT_FOUND' });
    const invalid = await t.app.inject('/rest/au/V1/test/invalid');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ message: 'Bad page.', code: 'INVALID_DATA', parameters: ['page'] });
  });

  it('[ERR-12] answers input_validation per field', async () => {
    const reply = await t.app.inject('/rest/default/V1/test/fields');
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      status: false,
      message: 'The email you entered already exists',
      code: 'INPUT_VALIDATION',
      input_validation: { email: ['The email you entered already exists'] },
    });
  });

  it('never shows internal detail in a 5xx', async () => {
    const reply = await t.app.inject('/rest/default/V1/test/crash');
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toContain('10.0.0.7');
    expect(reply.body).not.toContain('secret.ts');
    expect(reply.json()).toEqual({
      message: 'Internal server error. Please try again later.',
      code: 'INTERNAL',
    });
  });
});

describe('the global rate limit', () => {
  it('answers 429 with a clear message past the limit', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await t.app.inject('/healthz')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject('/healthz');
      expect(limited.json().message).toMatch(/Too many requests/);
      expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await t.close();
    }
  });
});

describe('client routes that look like files', () => {
  it('[ROUTE-15] serves the web app for a sign-in link whose token ends like a file extension', async () => {
    const t = await createTestApp();
    try {
      const reply = await t.app.inject({
        url: '/autologin/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIrNjE0In0.Ab3x9Zq',
        headers: { accept: 'text/html' },
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('text/html');
    } finally {
      await t.close();
    }
  });
});
