// Pieces every call's schemas share (DECISIONS.md "Wire").

import { z } from 'zod';

const MAX_ID = 2_147_483_647;

/** A whole number, as JSON number or digit string (Magento clients send both). */
export const wholeNumber = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]);

/** A positive database id, as JSON number or digit string. */
export const idParam = wholeNumber.pipe(z.number().int().min(1).max(MAX_ID));

/** A text field of a request, at most `max` characters. */
export const text = (max = 255) => z.string().max(max);

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
