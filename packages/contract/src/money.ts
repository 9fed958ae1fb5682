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
