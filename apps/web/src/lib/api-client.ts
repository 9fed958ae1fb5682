// The single way the app talks to the server. It applies SPEC.md §4 and §8 once for every call:
// no response → offline popup, 5xx → 'Unexpected Error', 401 on an authenticated call → signed out,
// any failure → loader cleared. Every call names the contract's schema of its reply (DECISIONS.md "Wire"):
// development and tests check each reply against it, so a server and a client that disagree fail loudly.
import type { ErrorCode } from '@quokka/contract/api/errors';
import type { output, ZodType } from 'zod';
import { clearLoader, expireSession, getAppState, setOffline, setUnexpectedError } from './app-state';
import { fetchWithRetryAfter } from './retry-after';
import { getRuntimeConfig } from './runtime-config';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

/**
 * [I13-js] A reply schema, or a function loading it (`() => import('@quokka/contract/api/…').then(…)`):
 * calls made on the first screens load their schema (and zod) only when they are made, so neither is
 * part of the first download.
 */
export type SchemaSource<S extends ZodType> = S | (() => Promise<S>);

export interface ApiFetchOptions<S extends ZodType = ZodType> {
  /** The contract's schema of the 2xx reply (or its loader); its output is what the call returns. */
  schema: SchemaSource<S>;
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** [API-03] Send the stored bearer token; a 401 then signs the user out [AUTH-23]. */
  auth?: boolean;
  /** Appended as the query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Failures leave the shared offline/error/loader state alone (best-effort calls like sign-out). */
  silent?: boolean;
}

/** Server field errors: field name → messages (DECISIONS.md "Wire"). */
export type InputValidation = Record<string, string[]>;

/**
 * The contract's error codes (`@quokka/contract/api/errors`), listed here so that reading a reply's code
 * does not load zod with the contract's schemas; the type keeps the list complete and exact.
 */
const ERROR_CODES: Record<ErrorCode, true> = {
  INVALID_DATA: true,
  INPUT_VALIDATION: true,
  QTY_NOT_AVAILABLE: true,
  PRODUCT_NOT_AVAILABLE: true,
  EMAIL_TAKEN: true,
  PAYMENT_DECLINED: true,
  SIGN_IN_REQUIRED: true,
  SESSION_EXPIRED: true,
  FORBIDDEN: true,
  STEP_UP_REQUIRED: true,
  NOT_FOUND: true,
  CART_NOT_FOUND: true,
  CONFLICT: true,
  PAYLOAD_TOO_LARGE: true,
  UNSUPPORTED_MEDIA_TYPE: true,
  TOO_MANY_REQUESTS: true,
  INTERNAL: true,
  UNAVAILABLE: true,
  SHUTTING_DOWN: true,
};

/** A reply's `code` when it is one of the contract's (errorCodeOf, without zod). */
function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const code = body.code;
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code) ? (code as ErrorCode) : undefined;
}

/** A reply with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** What the failure means (`@quokka/contract/api/errors`); clients switch on it, never on the message. */
  readonly code: ErrorCode | undefined;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = errorCodeOf(body);
  }

  /** The reply's per-field messages, when it carries `input_validation`. */
  get inputValidation(): InputValidation | null {
    return readInputValidation(this.body);
  }
}

/** Whether `error` is a reply carrying one of these codes: the way to tell an expected outcome. */
export function hasErrorCode(
  error: unknown,
  ...codes: ErrorCode[]
): error is ApiError & { readonly code: ErrorCode } {
  return error instanceof ApiError && error.code !== undefined && codes.includes(error.code);
}

/** A 2xx reply that does not have the shape the contract declares for the call. */
export class ReplyShapeError extends Error {
  constructor(
    readonly call: string,
    readonly issues: string,
  ) {
    super(`${call} answered a reply that does not match the contract:\n${issues}`);
    this.name = 'ReplyShapeError';
  }
}

/** The request got no response at all (network down, server unreachable) [CONN-01]. */
export class NoResponseError extends Error {
  constructor(cause: unknown) {
    super('No response from the server', { cause });
    this.name = 'NoResponseError';
  }
}

export function readInputValidation(body: unknown): InputValidation | null {
  if (typeof body !== 'object' || body === null || !('input_validation' in body)) return null;
  const raw = body.input_validation;
  if (typeof raw !== 'object' || raw === null) return null;
  const result: InputValidation = {};
  for (const [field, messages] of Object.entries(raw)) {
    const list = Array.isArray(messages) ? messages : [messages];
    result[field] = list.filter((message): message is string => typeof message === 'string');
  }
  return result;
}

/** [API-01] The API origin: the runtime config, else the build's VITE_API_BASE, else this origin. */
export function apiBase(): string {
  const base = getRuntimeConfig().apiBase ?? import.meta.env.VITE_API_BASE ?? '';
  return base.replace(/\/+$/, '');
}

/** A custom endpoint's path: `/rest/default/V1/{ns}/{name}` (SPEC.md §7). */
export function nsPath(name: string): string {
  return `/rest/default/V1/${getRuntimeConfig().apiNamespace}/${name}`;
}

function buildUrl(path: string, query: ApiFetchOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${apiBase()}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

/**
 * [API-02] Replies are JSON; some backends send a JSON string that holds a JSON object or list, so
 * such a string is parsed once more. Other strings stay strings: `payment-information` answers an
 * order id as a string of digits, which must not turn into a number. A body that is not JSON at all
 * is kept as text.
 */
export function parseReplyText(text: string): unknown {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** Magento error messages carry `%1` or `%name` placeholders filled from `parameters`. */
function errorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (typeof body !== 'object' || body === null || !('message' in body)) return fallback;
  if (typeof body.message !== 'string') return fallback;
  const parameters = 'parameters' in body ? body.parameters : null;
  if (typeof parameters !== 'object' || parameters === null) return body.message;
  const values: Record<string, unknown> = Array.isArray(parameters)
    ? Object.fromEntries(parameters.map((value, index) => [String(index + 1), value]))
    : { ...parameters };
  return body.message.replace(/%(\w+)/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/** How requests leave the app: the browser's fetch, or (while the server renders a page) its own. */
type Transport = (input: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (input, init) => fetch(input, init);

/** The server's renderer answers the app's calls itself (render-page.ts); the browser never calls this. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * Development and tests fail on a reply that does not match its schema. A production build still reads
 * each reply with it (so defaults and transforms apply), but keeps going with a reply that does not
 * match rather than break the shopper's screen over a field it may not even show.
 */
const CHECK_REPLIES = import.meta.env.DEV || import.meta.env.MODE === 'test';

const mismatches: ReplyShapeError[] = [];

/**
 * The replies that did not match their schema since the last call. A caller may swallow the thrown
 * error (a best-effort call); the test set-up still fails the test with it.
 */
export function takeReplyShapeErrors(): ReplyShapeError[] {
  return mismatches.splice(0);
}

/** A 2xx reply read with its schema; for the one call that does not go through apiFetch (payment). */
export function checkedReply<S extends ZodType>(schema: S, value: unknown, call: string): output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .map((issue) => `  at ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('\n');
  const error = new ReplyShapeError(call, issues);
  if (!CHECK_REPLIES) return value as output<S>;
  mismatches.push(error);
  throw error;
}

/** Calls the API and returns the reply as its schema reads it, or throws ApiError / NoResponseError. */
export async function apiFetch<S extends ZodType>(
  path: string,
  options: ApiFetchOptions<S>,
): Promise<output<S>> {
  const { method = 'GET', body, auth = false, query, signal, silent = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getAppState().auth.token : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    // [I12-5] A short Retry-After (a limit, a restart) is waited out here, once or twice.
    response = await fetchWithRetryAfter(
      () =>
        transport(buildUrl(path, query), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        }),
      undefined,
      signal,
    );
  } catch (error) {
    // A cancelled request is not a connectivity problem.
    if (isAbort(error, signal)) throw error;
    if (!silent) {
      setOffline(true); // [CONN-01, CONN-02, ERR-01]
      clearLoader(); // [CONN-04]
    }
    throw new NoResponseError(error);
  }

  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    if (isAbort(error, signal)) throw error;
  }
  const parsed = parseReplyText(text);
  if (response.ok) {
    try {
      const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
      return checkedReply(schema, parsed, `${method} ${path}`);
    } catch (error) {
      if (!silent) {
        clearLoader(); // [CONN-04]
        setUnexpectedError(true); // [ERR-02] a reply the app cannot read is a fault
      }
      throw error;
    }
  }

  if (!silent) {
    clearLoader(); // [CONN-04]
    if (response.status >= 500) setUnexpectedError(true); // [CONN-03, ERR-02]
    if (response.status === 401 && auth) expireSession(); // [AUTH-23, ERR-03]
  }
  throw new ApiError(response.status, errorMessage(parsed, response.statusText || 'Request failed'), parsed);
}
