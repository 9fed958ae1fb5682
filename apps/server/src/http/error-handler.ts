import { ERROR_STATUS, type ErrorCode } from '@quokka/contract/api/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, InputValidationError, TooManyRequestsError } from '../domain/errors.ts';

// One place that turns anything thrown into a reply: a domain error's code picks the status (the
// contract's ERROR_STATUS) and the body carries its message and code, bad input is a 400 with a clear
// message, and every 5xx answers a generic text while the details go to the log with the request id.
// Every error body carries a `code` (DECISIONS.md "Wire").

const GENERIC_5XX = 'Internal server error. Please try again later.';

function describeValidation(error: FastifyError): { message: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const issue of error.validation) {
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
      const list = fields[field] ?? [];
      list.push(issue.message ?? 'is invalid');
      fields[field] = list;
    }
  }
  const [field, messages] = Object.entries(fields)[0] ?? [];
  const message = field
    ? `Invalid ${error.validationContext ?? 'request'}: ${field}: ${messages?.[0]}`
    : error.message;
  return { message, fields };
}

/** `{message, code}` with the code's status. */
function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  status: number = ERROR_STATUS[code],
) {
  return reply.status(status).send({ message, code });
}

/** The code of a status that no domain error named (Fastify's and plugins' own errors). */
function codeOfStatus(status: number): ErrorCode {
  if (status === 401) return 'SESSION_EXPIRED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 503) return 'UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'INVALID_DATA';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof InputValidationError) {
      return reply.status(ERROR_STATUS[error.code]).send({
        status: false,
        message: error.message,
        code: error.code,
        input_validation: error.fields,
      });
    }
    if (error instanceof DomainError) {
      if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply
        .status(ERROR_STATUS[error.code])
        .send(
          error.parameters
            ? { message: error.message, code: error.code, parameters: error.parameters }
            : { message: error.message, code: error.code },
        );
    }
    if (error.validation) {
      const { message, fields } = describeValidation(error);
      return reply
        .status(400)
        .send({ status: false, message, code: 'INPUT_VALIDATION', input_validation: fields });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 'INPUT_VALIDATION', 'The request body is not valid JSON.');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type: send application/json.');
    }
    if (error instanceof SyntaxError && 'body' in error) {
      return sendError(reply, 'INPUT_VALIDATION', 'The request body is not valid JSON.');
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, codeOfStatus(status), GENERIC_5XX, status);
    }
    // The global limit (http/rate-limits.ts) says how many seconds to wait; Retry-After says it too.
    if (status === 429)
      return sendError(
        reply,
        'TOO_MANY_REQUESTS',
        error.message || 'Too many requests. Please slow down and try again shortly.',
      );
    return sendError(reply, codeOfStatus(status), error.message, status);
  });
}
