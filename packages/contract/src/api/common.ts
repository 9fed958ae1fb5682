// Pieces every call's schemas share (DECISIONS.md "Wire").

import { z } from 'zod';

const MAX_ID = 2_147_483_647;

/** A whole number, as JSON number or digit string (Magento clients send both). */
export const wholeNumber = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]);

/** A positive database id, as JSON number or digit string. */
export const idParam = wholeNumber.pipe(z.number().int().min(1).max(MAX_ID));

/** What a request's text refused for a control character says, beside the field's name. */
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

const NEW_LINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 controls, DEL and C1 controls: a NUL is refused by PostgreSQL (a 500), the others garble texts. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

function hasControl(value: string, allowNewLines: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (allowNewLines && (code === NEW_LINE || code === CARRIAGE_RETURN)) continue;
    if (isControl(code)) return true;
  }
  return false;
}

/** [I12-8] A one-line text field of a request: at most `max` characters, no control characters. */
export const text = (max = 255) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasControl(value, false), CONTROL_CHARACTER_MESSAGE);

/** [I12-8] A multi-line text field (a gift card message): new lines allowed, other controls refused. */
export const multilineText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasControl(value, true), CONTROL_CHARACTER_MESSAGE);

/** `true`, `1`, `'1'` or `'true'` mean yes; anything else (or nothing) no. */
export const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** The `{status: true}` of a custom endpoint that has nothing else to say. */
export const statusReplySchema = z.object({ status: z.literal(true) }).meta({ id: 'StatusReply' });
export type StatusReply = z.infer<typeof statusReplySchema>;

/** Magento's bare `true`. */
export const trueReplySchema = z.literal(true);
