import type { ErrorCode } from '@quokka/contract/api/errors';

// Typed domain errors: services throw these and know no HTTP. Each carries a `code` from the contract
// (`@quokka/contract/api/errors`), which clients switch on; the error handler (http/error-handler.ts) is
// the one place that maps a code to a status and writes the Magento-shaped body (DECISIONS.md "Wire").
// Expected outcomes that the client shows as field messages use InputValidationError.

type ErrorParameters = Record<string, unknown> | unknown[];

export interface DomainErrorOptions<C extends ErrorCode> {
  /** A code more specific than the class's own, when a client must tell this outcome apart. */
  code?: C;
  /** Magento's `parameters`: the values of the message's `%1`/`%name` placeholders. */
  parameters?: ErrorParameters;
}

export abstract class DomainError extends Error {
  abstract readonly code: ErrorCode;
  readonly parameters: ErrorParameters | undefined;
  constructor(message: string, parameters?: ErrorParameters) {
    super(message);
    this.name = new.target.name;
    this.parameters = parameters;
  }
}

/** The request is well formed but not acceptable (INVALID_DATA), or one of the §8 outcomes by name. */
export class InvalidDataError extends DomainError {
  readonly code: 'INVALID_DATA' | 'QTY_NOT_AVAILABLE' | 'PRODUCT_NOT_AVAILABLE' | 'PAYMENT_DECLINED';
  constructor(
    message: string,
    options: DomainErrorOptions<'QTY_NOT_AVAILABLE' | 'PRODUCT_NOT_AVAILABLE' | 'PAYMENT_DECLINED'> = {},
  ) {
    super(message, options.parameters);
    this.code = options.code ?? 'INVALID_DATA';
  }
}

/** [AUTH-23] No token (SIGN_IN_REQUIRED), or an unknown, revoked or expired one (SESSION_EXPIRED). */
export class UnauthorizedError extends DomainError {
  constructor(
    message: string,
    readonly code: 'SIGN_IN_REQUIRED' | 'SESSION_EXPIRED',
  ) {
    super(message);
  }
}

/** [I15-roles] Signed in but not allowed: a role, a session stage, a CSRF token, a stale passkey check. */
export class ForbiddenError extends DomainError {
  constructor(
    message: string,
    readonly code: 'FORBIDDEN' | 'STEP_UP_REQUIRED' = 'FORBIDDEN',
  ) {
    super(message);
  }
}

/** Not there, or not the caller's (nothing reveals that it exists). */
export class NotFoundError extends DomainError {
  readonly code: 'NOT_FOUND' | 'CART_NOT_FOUND';
  constructor(message: string, options: DomainErrorOptions<'CART_NOT_FOUND'> = {}) {
    super(message, options.parameters);
    this.code = options.code ?? 'NOT_FOUND';
  }
}

/** The state does not allow it now. */
export class ConflictError extends DomainError {
  readonly code = 'CONFLICT';
}

/** Too many attempts; the message says when to try again. */
export class TooManyRequestsError extends DomainError {
  readonly code = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Per-field messages: `{status:false, message, input_validation:{field:[msg]}}`. */
export class InputValidationError extends DomainError {
  readonly code: 'INPUT_VALIDATION' | 'EMAIL_TAKEN' | 'PAYMENT_DECLINED';
  constructor(
    readonly fields: Record<string, string[]>,
    options: { message?: string; code?: 'EMAIL_TAKEN' | 'PAYMENT_DECLINED' } = {},
  ) {
    super(options.message ?? Object.values(fields).flat()[0] ?? 'Invalid input');
    this.code = options.code ?? 'INPUT_VALIDATION';
  }
}
