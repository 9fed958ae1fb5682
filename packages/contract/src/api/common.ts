// Pieces every call's schemas share (DECISIONS.md "Wire").

import { z } from 'zod';

const MAX_ID = 2_147_483_647;

/** A whole number, as JSON number or digit string (Magento clients send both). */
export const wholeNumber = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]);

/** A positive database id, as JSON number or digit string. */
export const idParam = wholeNumber.pipe(z.number().int().min(1).max(MAX_ID));

/** What a request's text refused for a control character says, beside the field's name. */
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';
/** [I27-text] A UTF-16 surrogate without its pair: no character at all (PostgreSQL refuses it: a 500). */
export const BROKEN_CHARACTER_MESSAGE = 'must not contain a broken character (an unpaired surrogate)';
/** [I27-text] U+202E and its kind reorder what staff and shoppers see ('gpj.exe' shown as 'exe.jpg'). */
export const DIRECTION_CONTROL_MESSAGE = 'must not contain text-direction controls (such as U+202E)';
/** [I27-text] Only zero-width or other invisible characters: a name nobody can see or tell apart. */
export const INVISIBLE_TEXT_MESSAGE = 'must contain a visible character';

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

/** With the u flag a surrogate pair is one code point outside this range: only a lone half matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** ALM, LRM, RLM, the embeddings and overrides (U+202A–U+202E) and the isolates (U+2066–U+2069). */
const DIRECTION_CONTROL = /\p{Bidi_Control}/u;
const BLANK = /^\p{White_Space}*$/u;
/**
 * A character that shows: not white space, not a format or default-ignorable character (zero-width
 * space and joiners, word joiner, BOM, soft hyphen, Hangul fillers, variation selectors), not a
 * control, not the blank Braille pattern U+2800.
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Cs}\u2800]/u;

/**
 * [I12-8, I27-text] What is wrong with a request's text, or null: control characters (new lines allowed
 * in `multiline` text), an unpaired surrogate, a text-direction control, or nothing visible in a text
 * that is not blank. Blank (empty or spaces) is left to the field: an optional field may be empty as it
 * always could, and a required one says so itself. Any script, emoji (surrogate pairs) and joiners
 * inside visible text (ZWJ emoji, ZWNJ in Persian) are fine.
 */
export function textProblem(value: string, options: { multiline?: boolean } = {}): string | null {
  if (hasControl(value, options.multiline ?? false)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(value)) return BROKEN_CHARACTER_MESSAGE;
  if (DIRECTION_CONTROL.test(value)) return DIRECTION_CONTROL_MESSAGE;
  if (!BLANK.test(value) && !VISIBLE.test(value)) return INVISIBLE_TEXT_MESSAGE;
  return null;
}

/**
 * [I27-text] The one builder of every text field of a request (bodies, query strings, params): at most
 * `max` characters, and `textProblem` refused with its message. `contract/src/request-text.test.ts` walks
 * every request schema of the contract and fails on a string field that does not refuse a lone surrogate.
 */
function textField(max: number, multiline: boolean, params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .max(max)
    .superRefine((value, context) => {
      const problem = textProblem(value, { multiline });
      if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
    });
}

/** [I12-8, I27-text] A one-line text field of a request: at most `max` characters, checked by `textProblem`. */
export const text = (max = 255, params?: Parameters<typeof z.string>[0]) => textField(max, false, params);

/** [I12-8, I27-text] A multi-line text field (a gift card message): new lines allowed. */
export const multilineText = (max: number) => textField(max, true);

/** `true`, `1`, `'1'` or `'true'` mean yes; anything else (or nothing) no. */
export const flag = z
  .union([z.boolean(), z.number(), text(10)])
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** The `{status: true}` of a custom endpoint that has nothing else to say. */
export const statusReplySchema = z.object({ status: z.literal(true) }).meta({ id: 'StatusReply' });
export type StatusReply = z.infer<typeof statusReplySchema>;

/** Magento's bare `true`. */
export const trueReplySchema = z.literal(true);
