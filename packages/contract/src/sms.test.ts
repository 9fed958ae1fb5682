import { describe, expect, it } from 'vitest';
import { countSms, fitsOneSms, singlePartLimit } from './sms.ts';

const gsm = (n: number): string => 'a'.repeat(n);
// 'ā' is outside the GSM alphabet, so any text holding it is UCS-2.
const uni = (n: number): string => 'ā'.repeat(n);
const EMOJI = '😀';

describe('countSms: GSM-7', () => {
  it('[VAL-46] an empty text is 0 characters in 0 parts', () => {
    expect(countSms('')).toEqual({
      characters: 0,
      parts: 0,
      encoding: 'GSM-7',
      perPart: 160,
      remaining: 160,
    });
  });

  it('[VAL-46] counts characters and parts of a short text', () => {
    expect(countSms('Happy birthday!')).toEqual({
      characters: 15,
      parts: 1,
      encoding: 'GSM-7',
      perPart: 160,
      remaining: 145,
    });
  });

  it('[VAL-47] [CONST-24] 160 GSM characters fit one part', () => {
    expect(countSms(gsm(160))).toEqual({
      characters: 160,
      parts: 1,
      encoding: 'GSM-7',
      perPart: 160,
      remaining: 0,
    });
  });

  it('[VAL-48] 161 GSM characters split into 2 parts of 153', () => {
    expect(countSms(gsm(161))).toEqual({
      characters: 161,
      parts: 2,
      encoding: 'GSM-7',
      perPart: 153,
      remaining: 153 * 2 - 161,
    });
  });

  it('[VAL-48] 153*2 fill 2 parts exactly; one more needs a third', () => {
    expect(countSms(gsm(306))).toMatchObject({ characters: 306, parts: 2, perPart: 153, remaining: 0 });
    expect(countSms(gsm(307))).toMatchObject({ characters: 307, parts: 3, perPart: 153, remaining: 152 });
  });

  it.each(['^', '{', '}', '\\', '[', '~', ']', '|', '€', '\f'])(
    '[VAL-46] the extension character %j counts two',
    (char) => {
      expect(countSms(`a${char}b`)).toMatchObject({ characters: 4, parts: 1, encoding: 'GSM-7' });
    },
  );

  it('[VAL-47] [CONST-24] 158 characters plus an extension character still fit one part of 160', () => {
    expect(countSms(`${gsm(158)}€`)).toMatchObject({ characters: 160, parts: 1, remaining: 0 });
    expect(countSms(`${gsm(159)}€`)).toMatchObject({ characters: 161, parts: 2 });
  });

  it('[VAL-48] an extension character at position 153 moves whole to the next part', () => {
    // Part 1 holds 152 septets (the escape and its character cannot be split), part 2 holds € + 10.
    expect(countSms(`${gsm(152)}€${gsm(10)}`)).toEqual({
      characters: 164,
      parts: 2,
      encoding: 'GSM-7',
      perPart: 153,
      remaining: 153 - 12,
    });
    // Counting septets alone would say 306 = 2 parts; the moved extension character makes it 3.
    expect(countSms(`${gsm(152)}€${gsm(152)}`)).toMatchObject({ characters: 306, parts: 3 });
  });

  it('[VAL-46] the whole GSM alphabet, accents and Greek capitals included, stays GSM-7', () => {
    const alphabet = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ÄÖÑÜ§¿äöñüà';
    expect(countSms(alphabet).encoding).toBe('GSM-7');
    expect(countSms(alphabet).characters).toBe(Array.from(alphabet).length);
  });
});

describe('countSms: UCS-2', () => {
  it('[VAL-49] [CONST-25] 70 Unicode characters fit one part', () => {
    expect(countSms(uni(70))).toEqual({
      characters: 70,
      parts: 1,
      encoding: 'UCS-2',
      perPart: 70,
      remaining: 0,
    });
  });

  it('[VAL-50] 71 Unicode characters split into 2 parts of 67', () => {
    expect(countSms(uni(71))).toEqual({
      characters: 71,
      parts: 2,
      encoding: 'UCS-2',
      perPart: 67,
      remaining: 67 * 2 - 71,
    });
  });

  it('[VAL-50] 67*2 fill 2 parts exactly; one more needs a third', () => {
    expect(countSms(uni(134))).toMatchObject({ characters: 134, parts: 2, perPart: 67, remaining: 0 });
    expect(countSms(uni(135))).toMatchObject({ characters: 135, parts: 3, perPart: 67, remaining: 66 });
  });

  it('[VAL-49] one non-GSM character makes the whole text Unicode', () => {
    expect(countSms(`${gsm(69)}ł`)).toMatchObject({
      characters: 70,
      parts: 1,
      encoding: 'UCS-2',
      perPart: 70,
    });
    expect(countSms(`${gsm(70)}ł`)).toMatchObject({
      characters: 71,
      parts: 2,
      encoding: 'UCS-2',
      perPart: 67,
    });
    // In Unicode an extension character is one unit like any other.
    expect(countSms(`€ł`)).toMatchObject({ characters: 2, encoding: 'UCS-2' });
    expect(countSms('`').encoding).toBe('UCS-2');
  });

  it('[VAL-49] an emoji counts two units', () => {
    expect(countSms(EMOJI)).toEqual({
      characters: 2,
      parts: 1,
      encoding: 'UCS-2',
      perPart: 70,
      remaining: 68,
    });
    expect(countSms(`${uni(68)}${EMOJI}`)).toMatchObject({ characters: 70, parts: 1, remaining: 0 });
    expect(countSms(`${uni(69)}${EMOJI}`)).toMatchObject({ characters: 71, parts: 2 });
  });

  it('[VAL-50] an emoji straddling the 67 boundary moves whole to the next part', () => {
    // Part 1 holds 66 units, part 2 the emoji (2) and 10 more.
    expect(countSms(`${uni(66)}${EMOJI}${uni(10)}`)).toEqual({
      characters: 78,
      parts: 2,
      encoding: 'UCS-2',
      perPart: 67,
      remaining: 67 - 12,
    });
    // Counting units alone would say 134 = 2 parts; the moved emoji makes it 3.
    expect(countSms(`${uni(66)}${EMOJI}${uni(66)}`)).toMatchObject({ characters: 134, parts: 3 });
  });

  it('[VAL-50] an emoji that ends exactly on the boundary stays in part 1', () => {
    expect(countSms(`${uni(65)}${EMOJI}${uni(10)}`)).toMatchObject({
      characters: 77,
      parts: 2,
      remaining: 57,
    });
  });
});

describe('single-part limit', () => {
  it('[CONST-24] [CONST-25] the counter limit is 160 for GSM and 70 for Unicode', () => {
    expect(singlePartLimit('GSM-7')).toBe(160);
    expect(singlePartLimit('UCS-2')).toBe(70);
  });

  it.each([
    ['160 GSM', gsm(160), true],
    ['161 GSM', gsm(161), false],
    ['70 Unicode', uni(70), true],
    ['71 Unicode', uni(71), false],
    ['empty', '', true],
  ])('[CONST-24] [CONST-25] %s fits one SMS: %s', (_label, text, fits) => {
    expect(fitsOneSms(text)).toBe(fits);
  });
});
