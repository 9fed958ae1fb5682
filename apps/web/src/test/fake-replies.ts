// Replies as the fakes of `features/*/test` answer them: JSON, and failures in the contract's one error
// shape, with the code a client switches on and the status the server maps it to
// (`@quokka/contract/api/errors`).
import { ERROR_STATUS, type ErrorCode, type ErrorReply } from '@quokka/contract/api/errors';

export function jsonReply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The failure the server answers for `code`, with Magento's message (and any `input_validation`). */
export function errorBody(code: ErrorCode, message: string, extra: Partial<ErrorReply> = {}): ErrorReply {
  return { message, code, ...extra };
}

export function errorReply(code: ErrorCode, message: string, extra: Partial<ErrorReply> = {}): Response {
  return jsonReply(errorBody(code, message, extra), ERROR_STATUS[code]);
}
