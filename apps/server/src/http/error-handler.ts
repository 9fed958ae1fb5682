import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, InputValidationError, TooManyRequestsError } from './errors.ts';

// One place that turns anything thrown into a reply: domain errors keep their status and message,
// bad input is a 400 with a clear message, and every 5xx answers a generic text while the details go to
// the log with the request id.

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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof InputValidationError) {
      return reply
        .status(400)
        .send({ status: false, message: error.message, input_validation: error.fields });
    }
    if (error instanceof DomainError) {
      if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send(
          error.parameters
            ? { message: error.message, parameters: error.parameters }
            : { message: error.message },
        );
    }
    if (error.validation) {
      const { message, fields } = describeValidation(error);
      return reply.status(400).send({ status: false, message, input_validation: fields });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: 'The request body is too large.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: 'Unsupported content type: send application/json.' });
    }
    if (error instanceof SyntaxError && 'body' in error) {
      return reply.status(400).send({ message: 'The request body is not valid JSON.' });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: GENERIC_5XX });
    }
    if (status === 429)
      return reply
        .status(429)
        .send({ message: 'Too many requests. Please slow down and try again shortly.' });
    return reply.status(status).send({ message: error.message });
  });
}
