// [I27-price-confirm, I27-price-step-up] When the back office asks before saving a price, and when the
// server asks for the passkey.
import { describe, expect, it } from 'vitest';
import { priceChangeLooksMistyped, priceChangeNeedsPasskey } from './vendor-products.ts';

describe('[I27-price-confirm] a price more than 5 times the old one or below a tenth of it is asked about', () => {
  it.each([
    [3650, 365_000, true], // '36,50' read as 3650 dollars
    [3650, 36_500, true], // 10×
    [3650, 18_251, true], // just over 5×
    [3650, 18_250, false], // exactly 5×
    [3650, 365, false], // exactly a tenth
    [3650, 364, true],
    [3650, 0, true],
    [0, 3650, true], // from $0.00 every price is asked about
    [3650, 3900, false],
  ])('[I27-price-confirm] %i → %i: %s', (from, to, asked) => {
    expect(priceChangeLooksMistyped(from, to)).toBe(asked);
  });
});

describe('[I27-price-step-up] below $1.00 or by more than half needs a fresh passkey check', () => {
  it.each([
    [3650, 0, true],
    [3650, 99, true],
    [150, 100, false], // a third down, and not below $1.00
    [3650, 1825, false], // exactly half
    [3650, 1824, true],
    [3650, 5475, false], // exactly one and a half times
    [3650, 5476, true],
    [0, 100, true],
    [50, 60, true], // still below $1.00
    [0, 0, false],
    [3650, 3650, false],
  ])('[I27-price-step-up] %i → %i: %s', (from, to, needed) => {
    expect(priceChangeNeedsPasskey(from, to)).toBe(needed);
  });
});
