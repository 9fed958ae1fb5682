import { ApiError } from './api-client';

/** What to tell the member about a failed call: the field's message when the server gave one, else its message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'input_validation' in body) {
      const fields = body.input_validation;
      if (typeof fields === 'object' && fields !== null) {
        for (const messages of Object.values(fields)) {
          if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
        }
      }
    }
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
