// Money as the storefront shows and adds it. Amounts are integer cents inside; the wire carries dollars
// with at most 2 decimals (DECISIONS.md "Wire").

import { SHORT_DESC_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';

/** Integer cents. */
export type Cents = number;

/** Dollars as the wire carries them (12.5 is $12.50). Rounds to the nearest cent. */
export function dollarsToCents(dollars: number): Cents {
  assertFinite(dollars);
  // Math.round absorbs binary noise such as 0.29 * 100 = 28.999999999999996.
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: Cents): number {
  assertInteger(cents);
  return cents / 100;
}

/**
 * [I27-amounts] What a typed amount was read as: exact cents, or why it is not one (a field message).
 * One reader for every amount a person types (a price, a refund's shipping, a gift card redemption):
 * docs/money.md "Amounts typed by a person" says what it accepts and why.
 */
export type AmountReading = { cents: Cents } | { error: string };

/** The field messages of `readAmount`, each with an example of what it takes. */
export const AMOUNT_MESSAGES = {
  empty: 'Enter an amount in dollars, e.g. 36.50.',
  comma: 'Use a point before the cents and no commas, e.g. 36.50 or 1234.50.',
  severalPoints: 'Use one point, before the cents, e.g. 1234.50.',
  cents: 'Give at most 2 digits after the point (the cents), e.g. 36.50.',
  sign: 'Enter the amount without a sign, e.g. 36.50.',
  notAnAmount: 'Enter the amount in digits, with a point before the cents, e.g. 36.50.',
  tooLarge: 'That amount is too large.',
} as const;

/** Whole dollars of at most 9 digits: $999,999,999.99 is far beyond any price or refund. */
const AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/**
 * [I27-amounts] Reads dollars typed by a person as exact integer cents, never through floating point:
 * digits, optionally a point and 1 or 2 digits of cents, optionally after a '$' ('36', '36.5', '36.50',
 * '$36.50'). Anything it could misread is refused with a message, never guessed: a comma (as a decimal
 * mark '36,50' or a thousands mark '1,234': the same text means either), several points, letters, a
 * sign, spaces inside, more than 2 digits of cents ('1.234').
 */
export function readAmount(input: string): AmountReading {
  const typed = input.trim().replace(/^\$\s*/, '');
  if (typed === '') return { error: AMOUNT_MESSAGES.empty };
  const match = AMOUNT.exec(typed);
  if (match) {
    const whole = Number(match[1]);
    const cents = Number((match[2] ?? '').padEnd(2, '0'));
    return { cents: whole * 100 + cents };
  }
  if (typed.includes(',')) return { error: AMOUNT_MESSAGES.comma };
  if (/^[+-]/.test(typed)) return { error: AMOUNT_MESSAGES.sign };
  if ((typed.match(/\./g) ?? []).length > 1) return { error: AMOUNT_MESSAGES.severalPoints };
  if (/^\d+\.\d{3,}$/.test(typed)) return { error: AMOUNT_MESSAGES.cents };
  if (/^\d{10,}(?:\.\d{1,2})?$/.test(typed)) return { error: AMOUNT_MESSAGES.tooLarge };
  return { error: AMOUNT_MESSAGES.notAnAmount };
}

/** [CONST-06] '$1,234.50': dollars, 2 decimals, thousands separators; '-$5.00' below zero. */
export function formatCents(cents: Cents): string {
  assertInteger(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${sign}$${whole}.${fraction}`;
}

/** [CONST-06] A wire price in dollars as the storefront shows it: 12.5 → '$12.50'. */
export function formatPrice(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** [TILE-02] 'From $12.50', the price of a configurable product (its cheapest variant). */
export function formatFromPrice(dollars: number): string {
  return `${MSG.priceFrom} ${formatPrice(dollars)}`;
}

/** [TILE-02, TILE-03] The tile price: 'From $x' for configurable products, '$x' otherwise. */
export function formatTilePrice(dollars: number, typeId: string | null | undefined): string {
  return typeId === 'configurable' ? formatFromPrice(dollars) : formatPrice(dollars);
}

/** [CONST-12] A cart line total: price times qty. */
export function lineTotal(priceCents: Cents, qty: number): Cents {
  assertInteger(priceCents);
  assertInteger(qty);
  return priceCents * qty;
}

export interface PricedLine {
  priceCents: Cents;
  qty: number;
}

/** [CONST-13] The order total: the sum of the line totals plus the shipping amount. */
export function orderTotal(lines: readonly PricedLine[], shippingCents: Cents): Cents {
  assertInteger(shippingCents);
  return lines.reduce((sum, line) => sum + lineTotal(line.priceCents, line.qty), shippingCents);
}

const ELLIPSIS = '...';

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

// Block tags separate words; inline tags (<b>, <span>) may sit inside one.
const BLOCK_TAG = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article)\b[^>]*>/gi;

/** Short descriptions come from the catalogue as HTML; the tile shows their text only. */
export function htmlToText(html: string): string {
  return html
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
      const lower = body.toLowerCase();
      if (lower.startsWith('#')) {
        const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return NAMED_ENTITIES[lower] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * [TILE-07, CONST-07] The tile's short description: its text, cut to the first 20 characters plus
 * '...' when longer. Characters are counted as code points so an emoji is never cut in half.
 */
export function truncateShortDesc(text: string | null | undefined): string {
  if (typeof text !== 'string') return '';
  const plain = htmlToText(text);
  const characters = Array.from(plain);
  if (characters.length <= SHORT_DESC_LENGTH) return plain;
  return characters.slice(0, SHORT_DESC_LENGTH).join('') + ELLIPSIS;
}

function assertFinite(value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
}

function assertInteger(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number: ${value}`);
}
