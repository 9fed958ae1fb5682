// The one way the back office talks to /admin/api (docs/admin-app.md):
// - every change (POST/PUT/PATCH/DELETE) carries `X-CSRF-Token` from /me or the last sign-in step;
// - a 403 STEP_UP_REQUIRED runs the passkey step-up and retries the request once;
// - a 401 (no session, or it ended) sends the member back to sign-in;
// - every 2xx reply is parsed with the contract's schema, so a server and a client that disagree fail
//   loudly instead of showing wrong figures;
// - a failure carries the server's `message` (placeholders filled), shown to the member as it is.
import { STAFF_ERROR_CODES } from '@quokka/contract/api/admin';
import type { output, ZodType } from 'zod';

export const API_BASE = '/admin/api';

export type QueryValue = string | number | boolean | null | undefined;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = codeOf(body);
  }
}

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code : undefined;
}

/** Magento-style messages carry `%1` or `%name` placeholders filled from `parameters`. */
export function messageOf(body: unknown, fallback: string): string {
  if (typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') {
    return fallback;
  }
  const parameters = 'parameters' in body ? body.parameters : null;
  if (typeof parameters !== 'object' || parameters === null) return body.message;
  const values: Record<string, unknown> = Array.isArray(parameters)
    ? Object.fromEntries(parameters.map((value, index) => [String(index + 1), value]))
    : { ...parameters };
  return body.message.replace(/%(\w+)/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The query string of the non-empty values, in the order given ('' when none). */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface RequestOptions<S extends ZodType> {
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** The step-up call itself never starts another step-up. */
  noStepUp?: boolean;
}

export interface ApiClientHooks {
  /** The CSRF token of the current session, if any. */
  csrfToken(): string | null;
  /** The session is gone (401): show sign-in. */
  onSignedOut(): void;
  /** Check the passkey again (403 STEP_UP_REQUIRED); resolves when the server accepted it. */
  stepUp(): Promise<void>;
}

export type ApiClient = <S extends ZodType>(path: string, options: RequestOptions<S>) => Promise<output<S>>;

const UNEXPECTED = 'Something went wrong on our side. Please try again.';
const OFFLINE = 'The server could not be reached. Check the connection and try again.';

export function createApiClient(hooks: ApiClientHooks): ApiClient {
  async function send<S extends ZodType>(path: string, options: RequestOptions<S>, retried: boolean) {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    // [I16-products] A Blob (a photo) is sent as it is, with its own type; anything else as JSON.
    const raw = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : undefined;
    if (raw) headers['content-type'] = raw.type || 'application/octet-stream';
    else if (options.body !== undefined) headers['content-type'] = 'application/json';
    const csrf = hooks.csrfToken();
    if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}${queryString(options.query)}`, {
        method,
        headers,
        credentials: 'same-origin',
        body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
    } catch {
      throw new ApiError(0, OFFLINE, null);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (response.ok) {
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) {
        throw new ApiError(response.status, 'The server answered in a shape this page does not know.', body);
      }
      return parsed.data as output<S>;
    }
    const error = new ApiError(
      response.status,
      messageOf(body, response.status >= 500 ? UNEXPECTED : `The request failed (${response.status}).`),
      body,
    );
    if (response.status >= 500) throw new ApiError(response.status, UNEXPECTED, body);
    if (response.status === 401) {
      hooks.onSignedOut();
      throw error;
    }
    if (error.code === STAFF_ERROR_CODES.stepUpRequired && !retried && !options.noStepUp) {
      await hooks.stepUp();
      return send(path, options, true);
    }
    throw error;
  }
  return (path, options) => send(path, options, false);
}

/** A key for a request that must happen once however often it is sent: [A-Za-z0-9_-], 8–80 characters. */
export function requestKey(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '')}`;
}
