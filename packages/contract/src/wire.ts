// Field errors on the wire: what the §5 validators return, and the input_validation replies built from
// them (DECISIONS.md "Wire"). The error reply itself is declared once, in api/errors.ts.

import type { z } from 'zod';
import { type ErrorCode, errorReplySchema } from './api/errors.ts';

/** Field → message, as the validators of this package return them; empty means valid. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** Field → messages, as replies carry them. */
export type InputValidation = Record<string, string[]>;

/**
 * [ERR-12, VAL-19, VAL-51] A custom endpoint's 400 when its input breaks a §5 rule: the one error reply
 * (api/errors.ts) with `status: false` and the messages of each field.
 */
export const inputValidationReplySchema = errorReplySchema.required({ status: true, input_validation: true });
export type InputValidationReply = z.infer<typeof inputValidationReplySchema>;

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((message) => typeof message === 'string');
}

/** The reply form of a validator's result: each field's message in a list. */
export function toInputValidation(errors: FieldErrors): InputValidation {
  const result: InputValidation = {};
  for (const [field, message] of Object.entries(errors)) {
    if (typeof message === 'string') result[field] = [message];
  }
  return result;
}

/** The whole 400 body; its message is the first field's, so a client showing only that still helps. */
export function inputValidationReply(
  errors: FieldErrors,
  code: ErrorCode = 'INPUT_VALIDATION',
): InputValidationReply {
  const input_validation = toInputValidation(errors);
  const first = Object.values(input_validation)[0]?.[0];
  if (first === undefined) throw new RangeError('inputValidationReply needs at least one field error');
  return { status: false, message: first, code, input_validation };
}

/** [ERR-12, VAL-19, VAL-51] What a form shows beside each field: the first message the server sent. */
export function fromInputValidation(inputValidation: InputValidation | null | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(inputValidation ?? {})) {
    const first = messages.find((message) => message.length > 0);
    if (first !== undefined) result[field] = first;
  }
  return result;
}

/** Issues of a zod schema refined with `withFieldRules`, grouped by their first path segment. */
export function inputValidationFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): InputValidation {
  const result: InputValidation = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    const messages = result[field] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    result[field] = messages;
  }
  return result;
}

/**
 * A schema that also applies a validator of this package: each field error becomes a zod issue at that
 * field with the §5 message, so the rules stay written once (in the validator).
 */
export function withFieldRules<T extends z.ZodType>(
  schema: T,
  validate: (value: z.output<T>) => FieldErrors,
): T {
  return schema.superRefine((value, ctx) => {
    for (const [field, message] of Object.entries(validate(value))) {
      if (typeof message === 'string') ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}
