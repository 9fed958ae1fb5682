import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MESSAGES,
  centsToDollars,
  dollarsToCents,
  formatCents,
  formatFromPrice,
  formatPrice,
  formatTilePrice,
  htmlToText,
  lineTotal,
  orderTotal,
  readAmount,
  truncateShortDesc,
} from './money.ts';

describe('cents and dollars', () => {
  it.each([
    [12.5, 1250],
    [0.29, 29],
    [1.1, 110],
    [19.99, 1999],
    [0, 0],
    [1234.5, 123450],
  ])('%f dollars is %i cents and back', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it('refuses amounts that are not numbers', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });
});

describe('formatPrice', () => {
  it.each([
    [12.5, '$12.50'],
    [12, '$12.00'],
    [0, '$0.00'],
    [0.05, '$0.05'],
    [0.1 + 0.2, '$0.30'],
    [999.99, '$999.99'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [-5, '-$5.00'],
  ])('[CONST-06] %f dollars shows as %s', (dollars, shown) => {
    expect(formatPrice(dollars)).toBe(shown);
  });

  it('[CONST-06] formats integer cents the same way', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});

describe('tile price', () => {
  it('[TILE-02] a configurable product reads From $x', () => {
    expect(formatFromPrice(12.5)).toBe('From $12.50');
    expect(formatTilePrice(12.5, 'configurable')).toBe('From $12.50');
  });

  it.each(['simple', 'virtual', 'giftcard', undefined, null])('[TILE-03] a %s product reads $x', (typeId) => {
    expect(formatTilePrice(12.5, typeId)).toBe('$12.50');
  });
});

describe('truncateShortDesc', () => {
  it('[TILE-07] [CONST-07] cuts a longer text to its first 20 characters plus an ellipsis', () => {
    expect(truncateShortDesc('Soft organic cotton tee in five colours')).toBe('Soft organic cotton ...');
  });

  it.each([
    ['exactly 20 characters', '12345678901234567890', '12345678901234567890'],
    ['21 characters', '123456789012345678901', '12345678901234567890...'],
    ['a short text', 'Cotton tee', 'Cotton tee'],
    ['an empty text', '', ''],
  ])('[TILE-07] [CONST-07] %s', (_label, text, shown) => {
    expect(truncateShortDesc(text)).toBe(shown);
  });

  it('[TILE-07] strips HTML tags before counting', () => {
    expect(truncateShortDesc('<p>Cotton <strong>tee</strong></p>')).toBe('Cotton tee');
    expect(
      truncateShortDesc('<p><span style="color:red">Organic</span> cotton tee in five colours</p>'),
    ).toBe('Organic cotton tee i...');
  });

  it('[TILE-07] block tags separate words, inline tags do not', () => {
    expect(htmlToText('<p>One</p><p>Two</p>line<br/>break')).toBe('One Two line break');
    expect(htmlToText('Org<b>anic</b> <span>cotton</span>')).toBe('Organic cotton');
  });

  it('[TILE-07] decodes entities so they count as one character', () => {
    expect(truncateShortDesc('Salt &amp; pepper')).toBe('Salt & pepper');
    expect(htmlToText('a&nbsp;b &lt;c&gt; &#39;d&#x27; &unknown;')).toBe("a b <c> 'd' &unknown;");
  });

  it('[TILE-07] never splits an emoji (a surrogate pair) in half', () => {
    const text = `${'a'.repeat(19)}😀bcd`;
    expect(truncateShortDesc(text)).toBe(`${'a'.repeat(19)}😀...`);
    expect(truncateShortDesc(`${'a'.repeat(19)}😀`)).toBe(`${'a'.repeat(19)}😀`);
  });

  it('[TILE-07] tolerates a missing description', () => {
    expect(truncateShortDesc(undefined)).toBe('');
    expect(truncateShortDesc(null)).toBe('');
  });
});

describe('totals in integer cents', () => {
  it('[CONST-12] a line total is price times qty', () => {
    expect(lineTotal(1250, 3)).toBe(3750);
    expect(lineTotal(1999, 1)).toBe(1999);
    expect(lineTotal(1999, 0)).toBe(0);
    expect(() => lineTotal(12.5, 2)).toThrow(RangeError);
  });

  it('[CONST-13] the order total is the sum of the lines plus shipping', () => {
    const lines = [
      { priceCents: 1250, qty: 2 },
      { priceCents: 1999, qty: 1 },
    ];
    expect(orderTotal(lines, 995)).toBe(2500 + 1999 + 995);
    expect(orderTotal([], 995)).toBe(995);
    expect(orderTotal(lines, 0)).toBe(4499);
  });

  it('[CONST-13] cents avoid the float drift of adding dollars', () => {
    const lines = [
      { priceCents: dollarsToCents(0.1), qty: 1 },
      { priceCents: dollarsToCents(0.2), qty: 1 },
    ];
    expect(formatCents(orderTotal(lines, 0))).toBe('$0.30');
    expect(centsToDollars(orderTotal(lines, 0))).toBe(0.3);
  });
});

describe('[I27-amounts] readAmount: amounts typed by a person, exactly or not at all', () => {
  it.each([
    ['36.50', 3650],
    ['36.5', 3650],
    ['36', 3600],
    ['$36.50', 3650],
    ['$ 36.50', 3650],
    ['  36.50  ', 3650],
    ['0', 0],
    ['0.29', 29], // 0.29 * 100 is 28.999… in floating point
    ['0.05', 5],
    ['1234.50', 123450],
    ['999999999.99', 99999999999],
  ])('[I27-amounts] %s is %i cents', (typed, cents) => {
    expect(readAmount(typed)).toEqual({ cents });
  });

  it.each([
    ['36,50', AMOUNT_MESSAGES.comma], // the finding: read as 3650 dollars, saved live
    ['1,234', AMOUNT_MESSAGES.comma], // a thousand, or one and a bit?
    ['1,234.50', AMOUNT_MESSAGES.comma],
    ['$1,200.07', AMOUNT_MESSAGES.comma],
    ['1.234,50', AMOUNT_MESSAGES.comma],
    ['1.234.50', AMOUNT_MESSAGES.severalPoints],
    ['1.234', AMOUNT_MESSAGES.cents], // 1.234 dollars, or 1234 written the German way
    ['12.345', AMOUNT_MESSAGES.cents],
    ['-5', AMOUNT_MESSAGES.sign],
    ['+5', AMOUNT_MESSAGES.sign],
    ['36.50 AUD', AMOUNT_MESSAGES.notAnAmount],
    ['A$36', AMOUNT_MESSAGES.notAnAmount],
    ['abc', AMOUNT_MESSAGES.notAnAmount],
    ['1e3', AMOUNT_MESSAGES.notAnAmount],
    ['36 50', AMOUNT_MESSAGES.notAnAmount],
    ['1.', AMOUNT_MESSAGES.notAnAmount],
    ['.5', AMOUNT_MESSAGES.notAnAmount],
    ['Infinity', AMOUNT_MESSAGES.notAnAmount],
    ['١٢', AMOUNT_MESSAGES.notAnAmount], // Arabic-Indic digits are not read as digits
    ['', AMOUNT_MESSAGES.empty],
    ['  $ ', AMOUNT_MESSAGES.empty],
    ['1234567890', AMOUNT_MESSAGES.tooLarge],
  ])('[I27-amounts] %j is refused: %s', (typed, error) => {
    expect(readAmount(typed)).toEqual({ error });
  });
});
