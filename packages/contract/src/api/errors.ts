// Every reply that is not a success carries a `code` beside Magento's `message` (DECISIONS.md "Wire").
// The server throws domain errors by code and one handler maps the code to a status from this table;
// clients switch on the code, never on the wording of a message.

import { z } from 'zod';

/** Each code and the HTTP status it is answered with. */
export const ERROR_STATUS = {
  /** The request is well formed but not acceptable (a generic 400). */
  INVALID_DATA: 400,
  /** Malformed input: bad JSON, a parameter of the wrong type, a §5 rule broken (`input_validation`). */
  INPUT_VALIDATION: 400,
  /** [ERR-06] Fewer units in stock than asked for. */
  QTY_NOT_AVAILABLE: 400,
  /** [ERR-05] The product (or the chosen option) cannot be bought now. */
  PRODUCT_NOT_AVAILABLE: 400,
  /** [VAL-51] The email belongs to another member (`input_validation.email`). */
  EMAIL_TAKEN: 400,
  /** The card was declined or could not be charged (`input_validation.card`). */
  PAYMENT_DECLINED: 400,
  /** [AUTH-23] No bearer token. */
  SIGN_IN_REQUIRED: 401,
  /** [AUTH-23] An unknown, revoked or expired bearer token: the client signs out. */
  SESSION_EXPIRED: 401,
  /** [I15-roles] Signed in, but this member of staff may not do this (role, stage or CSRF token). */
  FORBIDDEN: 403,
  /** [I15-step-up] A money action: the staff member's last passkey check is older than 5 minutes. */
  STEP_UP_REQUIRED: 403,
  /** Not there, or not the caller's: nothing reveals which. */
  NOT_FOUND: 404,
  /** [ERR-07] The member has no active cart. */
  CART_NOT_FOUND: 404,
  /** The state does not allow it now (e.g. the cart was just ordered). */
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many attempts; `Retry-After` says when to try again. */
  TOO_MANY_REQUESTS: 429,
  /** A real fault; the message is generic and the details are in the server's log. */
  INTERNAL: 500,
  /** A dependency is down (and any other 503 without a code of its own). */
  UNAVAILABLE: 503,
  /**
   * [I27-9] The server is stopping (a deploy, a scale-in): the request was not taken, nothing happened;
   * send it again (another process, or this one restarted, answers it). `Retry-After` says when.
   */
  SHUTTING_DOWN: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const errorCodeSchema = z.enum(ERROR_CODES);

/** Field → messages: the §5 messages a form shows beside each field. */
export const inputValidationFieldsSchema = z.record(z.string(), z.array(z.string()));

/**
 * Every non-2xx reply. `message` is Magento's (with `%1`/`%name` placeholders filled from `parameters`),
 * `code` is what a client switches on; 400s that concern form fields add `status: false` and
 * `input_validation`.
 */
export const errorReplySchema = z
  .object({
    message: z.string(),
    code: errorCodeSchema,
    parameters: z
      .union([
        z.array(z.union([z.string(), z.number()])),
        z.record(z.string(), z.union([z.string(), z.number()])),
      ])
      .optional(),
    status: z.literal(false).optional(),
    input_validation: inputValidationFieldsSchema.optional(),
  })
  .meta({ id: 'ErrorReply' });
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The code of a reply body, when it carries a known one. */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  const parsed = errorCodeSchema.safeParse(body.code);
  return parsed.success ? parsed.data : undefined;
}

/** The error replies a route declares: each status answers the one error shape. */
export function errorReplies<S extends number>(...statuses: S[]): Record<S, typeof errorReplySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorReplySchema])) as Record<
    S,
    typeof errorReplySchema
  >;
}
