// Typed domain errors: services throw these and know no HTTP; the error handler maps each to a status
// and a Magento-shaped body (DECISIONS.md "Wire"). Expected outcomes that the client shows as field
// messages use InputValidationError.

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  constructor(
    message: string,
    readonly parameters?: Record<string, unknown> | unknown[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is well formed but not acceptable. */
export class InvalidDataError extends DomainError {
  readonly statusCode = 400;
}

/** 401: no token, or an unknown, revoked or expired one. */
export class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
}

/** 404: not there, or not the caller's (nothing reveals that it exists). */
export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

/** 409: the state does not allow it now. */
export class ConflictError extends DomainError {
  readonly statusCode = 409;
}

/** 429: too many attempts; the message says when to try again. */
export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** 400 with per-field messages: `{status:false, message, input_validation:{field:[msg]}}`. */
export class InputValidationError extends DomainError {
  readonly statusCode = 400;
  constructor(
    readonly fields: Record<string, string[]>,
    message = Object.values(fields).flat()[0] ?? 'Invalid input',
  ) {
    super(message);
  }
}
