// [I27-text] The one text builder of the contract's requests (api/common.ts): broken, direction-changing
// and invisible text is refused with a field message; any script, emoji and blank optional text are not.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  DIRECTION_CONTROL_MESSAGE,
  INVISIBLE_TEXT_MESSAGE,
  multilineText,
  text,
  textProblem,
} from './common.ts';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('[I27-text] text() and multilineText()', () => {
  it('[I27-text] refuses an unpaired surrogate, high or low, anywhere; a pair (an emoji) is a character', () => {
    for (const value of ['a\ud800b', '\ud800', 'a\udc00', 'ab\ud83d', '\ude00x', '🦘\ud800'])
      expect([value, messagesOf(text(200), value)]).toEqual([value, [BROKEN_CHARACTER_MESSAGE]]);
    expect(messagesOf(text(200), '\ud83e\udd98 Kangaroo mug')).toEqual([]); // 🦘 as its pair
  });

  it('[I27-text] refuses every text-direction control: overrides, embeddings, isolates and marks', () => {
    for (const code of [
      0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c,
    ]) {
      const value = `Mug ${String.fromCodePoint(code)}gpj.exe`;
      expect([code.toString(16), messagesOf(text(200), value)]).toEqual([
        code.toString(16),
        [DIRECTION_CONTROL_MESSAGE],
      ]);
    }
  });

  it('[I27-text] refuses a text of only invisible characters; blank text is left to the field', () => {
    for (const value of [
      '\u200b',
      '\u200b\u200c\u200d',
      '\u2060\ufeff',
      ' \u200b ',
      '\u00ad',
      '\u3164',
      '\u2800',
      '\ufe0f',
    ])
      expect([value, messagesOf(text(200), value)]).toEqual([value, [INVISIBLE_TEXT_MESSAGE]]);
    // Empty or spaces only: as before, the field decides (an optional note may be empty).
    expect(messagesOf(text(200), '')).toEqual([]);
    expect(messagesOf(text(200), '   ')).toEqual([]);
    expect(messagesOf(text(200).optional(), undefined)).toEqual([]);
  });

  it('[I27-text] takes any script, emoji with joiners and marks inside visible text', () => {
    for (const value of [
      'Harbour Mug',
      'Café crème',
      '東京のマグカップ',
      'مرحبا بالعالم',
      'שלום',
      'Кружка',
      'मग',
      'می‌خواهم', // a ZWNJ inside Persian
      '👩‍👩‍👧 family pack', // ZWJ emoji
      '🇦🇺 flag',
      'e\u0301', // a combining accent
    ])
      expect([value, messagesOf(text(200), value)]).toEqual([value, []]);
  });

  it('[I12-8] control characters: refused on one line; multi-line text takes new lines only', () => {
    expect(messagesOf(text(200), 'a\nb')).toEqual([CONTROL_CHARACTER_MESSAGE]);
    expect(messagesOf(text(200), 'a\u0000b')).toEqual([CONTROL_CHARACTER_MESSAGE]);
    expect(messagesOf(multilineText(200), 'Happy birthday!\r\nLove, Jo')).toEqual([]);
    expect(messagesOf(multilineText(200), 'a\u0007b')).toEqual([CONTROL_CHARACTER_MESSAGE]);
    expect(messagesOf(multilineText(200), 'Hi \ud800')).toEqual([BROKEN_CHARACTER_MESSAGE]);
    expect(messagesOf(multilineText(200), '\u200b\n\u200b')).toEqual([INVISIBLE_TEXT_MESSAGE]);
  });

  it('[I27-text] one message a value, named on its field; max and later rules still apply', () => {
    const body = z.object({ name: text(10).pipe(z.string().trim().min(1, 'must not be empty')) });
    const parsed = body.safeParse({ name: '\u202e' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], message: DIRECTION_CONTROL_MESSAGE }),
    ]);
    expect(messagesOf(text(3), 'abcd')).toHaveLength(1);
    expect(textProblem('fine')).toBeNull();
  });
});
